#include "app/station.h"

#include "app/clock_text.h"
#include "app/play_start.h"

#include <ctime>

#include "app/braille_keys.h"
#include "app/console.h"
#include "app/exports.h"
#include "app/file_error.h"
#include "app/i18n.h"
#include "app/play_start.h"
#include "app/player_menu_keys.h"
#include "app/record.h"
#include "app/recording_seal.h"
#include "app/station_text.h"
#include "app/time_control_text.h"
#include "core/chess960.h"
#include "core/text.h"
#include "core/time_control.h"

namespace annabella::app {
namespace {

// The game's day as PGN writes it (YYYY.MM.DD), from the system's calendar.
std::string today_pgn_date() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  char text[16];
  std::strftime(text, sizeof text, "%Y.%m.%d", &tm);
  return text;
}

RecordHeader header_of(const StationOptions& options) {
  const auto& cfg = options.config;
  RecordHeader h;
  h.fen = configured_start_fen(cfg.game);
  h.chess960 = cfg.game.chess960 >= 0;
  h.control = cfg.game.time_control;
  h.game_type = cfg.game.type;
  h.supervision = cfg.game.supervision;
  h.quickplay_guidelines = cfg.game.quickplay_guidelines;
  h.arbiter_present = cfg.game.arbiter_present;
  h.white = cfg.white.name;
  h.black = cfg.black.name;
  h.visually_impaired =
      cfg.black.visually_impaired && !cfg.white.visually_impaired ? core::BLACK : core::WHITE;
  h.event = cfg.event.name;
  h.site = cfg.event.site;
  h.round = cfg.event.round;
  // The PGN's Date is the game's day when the configuration names none.
  h.date = !cfg.event.date.empty() ? cfg.event.date
           : !options.date.empty() ? options.date
                                   : today_pgn_date();
  h.board = cfg.event.board;
  return h;
}

// What a resumption found in the journal.
struct Resumed {
  GameRecord record;
  std::optional<Journal> journal;
  std::vector<std::string> header_warnings;
  std::string torn_tail;
};

Result<Resumed> resume_journal(const std::filesystem::path& path, StationOptions& effective) {
  auto contents = read_journal(path);
  if (!contents) return fail(contents.error().message);
  auto recorded = replay_journal(*contents);
  if (!recorded) return fail(recorded.error().message);
  // D.2.7: a record that is not whole is not resumed, and nothing is written to it.
  if (auto whole = check_record_for_resume(path.parent_path(), *contents); !whole)
    return fail(whole.error().message);
  // On resume the journal's header defines the game (control, colours, names), not the
  // configuration given now; each difference is said.
  auto warnings = adopt_recorded_header(recorded->header(), effective.config);
  auto journal = Journal::resume(path, *contents);
  if (!journal) return fail(journal.error().message);
  return Resumed{std::move(*recorded), std::move(*journal), std::move(warnings),
                 contents->torn_tail};
}

// D.2.7: a resumption on a station with another key (another machine, a key made anew). The
// seals of the earlier parts stay valid; `recording verify` checks the game's seals against the
// stations' fingerprints, so the arbiter needs both, and the journal's resume entry names this one.
void say_key_change(StationState& s, const rec::PartSeal& before, const rec::PartSeal& now_part,
                    TimePoint now) {
  if (before.station_key.empty() || now_part.station_key.empty() ||
      before.station_key == now_part.station_key)
    return;
  const std::string earlier = key_hex_fingerprint(before.station_key);
  const std::string current = key_hex_fingerprint(now_part.station_key);
  s.print(now, i18n::format(
                   i18n::tr("station key changed: {earlier} sealed the game until now "
                            "({recording}), this station's key {current} seals from here "
                            "on; `annabella recording verify` needs both fingerprints "
                            "from the tournament's list of stations (--key {earlier} "
                            "--key {current}) (D.2.7)"),
                   {{"earlier", earlier}, {"recording", before.recording}, {"current", current}}));
}

}  // namespace

Result<std::unique_ptr<Station>> Station::open(const StationOptions& options, StationOutput& output,
                                               TimePoint now) {
  const auto& cfg = options.config;
  auto vocabulary = speech::Vocabulary::load(cfg.speech.profile);
  if (!vocabulary) return fail("speech.profile: " + vocabulary.error().message);
  if (auto overridden = vocabulary->apply_overrides(cfg.speech.words); !overridden)
    return fail("speech.words: " + overridden.error().message);
  if (auto control = core::read_time_control(cfg.game.time_control); !control)
    return fail("game.time_control: " + text::time_control_error(control.error()));
  if (options.resume) return resume(options, output, std::move(*vocabulary), now);
  return start(options, output, std::move(*vocabulary), now);
}

Result<std::unique_ptr<Station>> Station::resume(const StationOptions& options,
                                                 StationOutput& output,
                                                 speech::Vocabulary vocabulary, TimePoint now) {
  const auto journal_path = options.record_folder / "game.journal";
  StationOptions effective = options;
  auto resumed = resume_journal(journal_path, effective);
  if (!resumed) return fail(resumed.error().message);
  // The clocks continue from where the journal left them (origin + last_event_at is now); the
  // time the station was down is charged to nobody (the arbiter may adjust it, Art. 6.10.2).
  const Millis resumed_at = resumed->record.last_event_at();
  const TimePoint origin = now - resumed_at;
  output.game_timeline(origin);  // the log continues the game's time line, as the journal does
  auto clock = restore_clock(resumed->record, origin);
  if (!clock) return fail(journal_path.string() + ": " + clock.error().message);
  auto restored = restored_clocks(resumed->record);
  std::unique_ptr<Station> station(new Station(effective, output, std::move(vocabulary),
                                               std::move(resumed->record), std::move(*clock),
                                               std::move(*resumed->journal), now));
  StationState& s = station->state_;
  s.origin = origin;
  s.resumed_unlinked = true;  // D.2.3: see AppendixDFlow::on_link
  s.resume_untold = true;     // D.2.11: see AppendixDFlow::tell_resumed
  s.resume_tell_by = now + std::chrono::seconds(5);
  if (s.record.adjourned() && !s.clock.paused())
    if (auto paused = s.clock.pause(now, "adjourned"); !paused)
      s.print(now, "resume: " + text::clock_error(paused.error()));
  for (const auto& warning : resumed->header_warnings) s.print(now, warning);
  const std::string said =
      text::restored(s.record, restored ? &*restored : nullptr, resumed->torn_tail);
  const rec::PartSeal before = s.record.last_part();
  if (auto recorded = s.commit(rec::Resume{resumed_at, said, options.part}, now); !recorded)
    s.print(now, "record: " + recorded.error().message);
  s.print(now, said);
  // D.2.2: a touch open at the interruption is still open: the move it becomes completes it.
  for (const auto& touch : s.record.touches()) {
    if (!touch.interrupted_at || touch.outcome) continue;
    if (touch.touch.by == Toucher::ViPlayer)
      s.open_touches.push_back({touch.touch.number, touch.touch.square, touch.touch.square,
                                static_cast<std::size_t>(touch.touch.ply)});
    else
      s.sighted_open_touches[touch.touch.square] = touch.touch.number;
  }
  say_key_change(s, before, options.part, now);
  station->flow_.claim_interrupted(now);  // Art. 9.2: not made by a restart
  station->started(now);
  return station;
}

Result<std::unique_ptr<Station>> Station::start(const StationOptions& options,
                                                StationOutput& output,
                                                speech::Vocabulary vocabulary, TimePoint now) {
  const auto& cfg = options.config;
  const auto journal_path = options.record_folder / "game.journal";
  std::error_code ec;
  std::filesystem::create_directories(options.record_folder, ec);
  if (ec)
    return fail(i18n::format(
        i18n::tr("record.folder: cannot create {folder}: {why}"),
        {{"folder", options.record_folder.string()}, {"why", system_reason(ec.value())}}));
  if (std::filesystem::exists(journal_path))
    return fail(i18n::format(i18n::tr("record.folder: {journal} already holds a game; use "
                                      "`annabella play --resume` to continue it, or choose "
                                      "another folder"),
                             {{"journal", journal_path.string()}}));
  const rec::Begin begin{header_of(options), kJournalFormat, options.part};
  auto record = GameRecord::start(begin);
  if (!record)
    return fail((begin.header.fen.empty() ? "game: " : "game.start_fen: ") +
                record.error().message);
  // The journal appears with its begin entry, or not at all: a kill now leaves no empty journal
  // that neither `play` nor `play --resume` could take.
  auto journal = Journal::create(journal_path, encode(begin));
  if (!journal) return fail(journal.error().message);
  const auto control = core::read_time_control(cfg.game.time_control);
  std::unique_ptr<Station> station(new Station(options, output, std::move(vocabulary),
                                               std::move(*record), core::ChessClock(*control),
                                               std::move(*journal), now));
  StationState& s = station->state_;
  s.print(now, i18n::format(i18n::tr("Game started: {white} (White) - {black} (Black), {control}. "
                                     "Record in {folder}."),
                            {{"white", core::escape_controls(cfg.white.name)},
                             {"black", core::escape_controls(cfg.black.name)},
                             {"control", text::time_control(*control)},
                             {"folder", options.record_folder.string()}}));
  s.print(now,
          text::game_type_line(game_rules(s.record.header()), *control, cfg.game.type != "auto"));
  if (s.record.header().chess960) tell_chess960_start(s, now);
  if (!s.game().is_over())
    if (auto clock_started = s.clock.start(now, s.game().position().side_to_move()); !clock_started)
      s.print(now, "clock: " + text::clock_error(clock_started.error()));
  station->started(now);
  return station;
}

void Station::tell_chess960_start(StationState& s, TimePoint now) {
  // Guidelines II.2 (tester #12): the start position is named, on the console and privately to
  // the VI player in his words (D.2.10: he gets by hearing what a sighted player sees). Every
  // Chess960 start has the standard one's occupied squares: his pegboard cannot tell whether he
  // set it up right.
  const core::Position& start = s.game().start_position();
  const auto number = core::chess960_number(start);
  const std::string placement = start.fen().substr(0, start.fen().find(' '));
  const std::string first_rank = placement.substr(placement.rfind('/') + 1);
  s.print(now, number ? i18n::format(i18n::tr("Chess960, start position {number} (Guidelines "
                                              "II.2): {arrangement}; the VI player hears it"),
                                     {{"number", std::to_string(*number)},
                                      {"arrangement", core::chess960_first_rank(*number)}})
                      : i18n::format(i18n::tr("Chess960 from a set-up position: White's first "
                                              "rank {arrangement}; the VI player hears it"),
                                     {{"arrangement", first_rank}}));
  s.say(speech::phrase_chess960_start(s.language, s.vocabulary, start, number), Route::Private,
        now);
}

void Station::started(TimePoint now) {
  state_.show_clock(now);
  flow_.write_exports(now);
  flow_.write_touch_log(now);
}

Station::Station(const StationOptions& options, StationOutput& output,
                 speech::Vocabulary vocabulary, GameRecord record, core::ChessClock clock,
                 Journal journal, TimePoint now)
    : state_(options, output, std::move(vocabulary), std::move(record), std::move(clock),
             std::move(journal), now),
      flow_(state_),
      desk_(state_, flow_),
      voice_(state_) {}

void Station::handle(const StationEvent& event) {
  if (state_.finished) {
    // Stopped (quit, a stop, an adjournment): the loop runs on only until the stop's seal
    // arrives (D.2.7). Nothing else is done or said now: a phrase said after the seal was
    // asked for would be recorded after it, outside the seal; a move made on the board now is
    // found by the board's first scan when the game is resumed.
    if (const auto* sealed = std::get_if<ev::Sealed>(&event.body)) on(*sealed, event.time);
    tick(event.time);
    return;
  }
  // What was due before this event happens first (a settled move before a console line typed
  // after it, a flag before a later press), so the order of rulings follows the time stamps.
  tick(event.time);
  std::visit([&](const auto& e) { on(e, event.time); }, event.body);
  carry_out_button_requests();
  tick(event.time);  // also journals a claim under way (Art. 9.2)
}

void Station::on(const ev::Pegboard& e, TimePoint time) {
  if (flow_.withdraws_question(e.input, time)) return;  // players-guide.md, Confirming
  if (flow_.refused_announce(e.input, time)) return;    // D.2.3, D.2.4: not his move to announce
  std::vector<tactile::PegboardEvent> happened;
  state_.pegboard.feed(e.input, happened);
  flow_.on_pegboard(happened);
  flow_.board_changed(happened);
  // D.2.3: only what the board showed at its first link after a resumption is held.
  state_.hold_completed = false;
  // D.2.11: after its first link, the VI player hears what was restored and what his board shows.
  if (state_.resume_untold && !state_.resumed_unlinked) flow_.tell_resumed(time);
  if (state_.linked_once) say_notices(time);
}

void Station::on(const ev::SightedBoard& e, TimePoint) {
  if (!state_.sighted_board) return;
  std::vector<tactile::PegboardEvent> happened;
  state_.sighted_board->feed(e.input, happened);
  flow_.on_sighted_board(happened);
}

void Station::on(const ev::ConsoleLine& e, TimePoint time) {
  // The answer to a question the station asked comes first: "Q" answers "which piece?" and
  // does not quit; "2" answers "which reading?"; "yes" confirms a heard move.
  if (voice_.console_answer(e.line, time)) return;
  if (state_.question.kind != PendingQuestion::Kind::None && flow_.answer(e.line, time)) return;
  auto command = parse_console_line(e.line);
  if (!command) {
    // Neither a piece nor a command: the open question says what answers it (D.2.1).
    if (flow_.asks_promotion()) {
      flow_.refuse_answer(e.line, time);
      return;
    }
    state_.print(time, command.error().message);
    return;
  }
  handle(*command, e.source, time);
}

void Station::on(const ev::Request& e, TimePoint time) {
  handle(e.command, e.source, time);
}

void Station::handle(const Command& command, InputSource source, TimePoint time) {
  // Push-to-talk goes to the voice input when it is on; every other command to the desk.
  if (const auto* talk = std::get_if<cmd::Talk>(&command); talk && voice_.on_talk(talk->held, time))
    return;
  // Art. 9.2.1.1: what he types on his braille display while his menu waits for the move he
  // intends for a draw claim is that move, whatever it would be otherwise ("e4" is no reading).
  if (source == InputSource::BrailleKeys && state_.menu.awaiting_move())
    if (const auto text = typed_text(command);
        text && enter_intended_move(state_, *text, source, time))
      return;
  desk_.handle(command, source, time);
}

void Station::on(const ev::MenuKeyPress& e, TimePoint time) {
  flow_.menu_key(e.key, e.source, time);
}

void Station::on(const ev::TactileClockKey& e, TimePoint time) {
  const auto meaning = clock_key_meaning(e.button, state_.menu.is_open());
  if (meaning.key) {
    flow_.menu_key(*meaning.key, InputSource::TactileClock, time);
  } else if (meaning.command) {
    desk_.handle(*meaning.command, InputSource::TactileClock, time);
  } else if (e.button == tactile::tclk::Button::Press) {
    state_.print(time, i18n::tr("tactile clock: PRESS (the clock switches when the move is made "
                                "and announced, D.2.3, D.2.4)"));
  }
}

void Station::on(const ev::Notice& e, TimePoint time) {
  state_.print(time, e.line);
}

void Station::on(const ev::SoundLink& e, TimePoint time) {
  // D.2.11, D.2.1: the sound failed (or came back) while playing. The VI player, who plays
  // alone, learns it privately in his language: by speech while his private route still plays
  // (a separate earpiece), else on his braille display only (the phrase shown, not spoken);
  // the arbiter reads it on the console, after the announcer's own "sound:" line.
  const auto& link = e.link;
  speech::Phrase told = speech::phrase_board_link(
      state_.language, speech::DeviceKind::Sound,
      link.lost ? speech::BoardLink::Lost : speech::BoardLink::Reconnected);
  told.display_only = !link.private_speech;
  if (link.lost)
    state_.print(time, link.private_speech
                           ? i18n::tr("sound lost: the announcements are not heard; the VI player "
                                      "is told on his earpiece and his braille display (D.2.1, "
                                      "D.2.11); tell both players and the arbiter")
                           : i18n::tr("sound lost: the announcements are not heard, nor his "
                                      "earpiece; the VI player is told on his braille display "
                                      "only (D.2.1, D.2.11); tell both players and the arbiter"));
  else
    state_.print(time, i18n::tr("sound back: the VI player is told privately (D.2.11)"));
  state_.say(told, Route::Private, time);
}

void Station::on(const ev::Stop&, TimePoint time) {
  if (!state_.finished) state_.request_seal("stop", time);  // D.2.7
  state_.finished = true;
}

void Station::on(const ev::Sealed& e, TimePoint time) {
  state_.seal_recording(e, time);
  flow_.write_exports(time);  // the PGN carries the latest seal's tags
}

void Station::on(const ev::Heard& e, TimePoint time) {
  const bool claiming = state_.menu.claiming_with_move();
  const std::size_t requests = state_.requests.size();
  voice_.on_heard(e.heard, time, e.decoded);
  // "nein" to the claim with the intended move: a move held on the pegboard for it is announced.
  if (claiming && !state_.menu.claiming_with_move() && state_.requests.size() == requests)
    flow_.announce_held(time);
}

void Station::say_notices(TimePoint time) {
  for (const auto& notice : state_.notices) state_.say(notice, Route::Private, time);
  state_.notices.clear();
}

void Station::carry_out_button_requests() {
  while (!state_.requests.empty()) {
    auto requests = std::move(state_.requests);
    state_.requests.clear();
    for (const auto& request : requests) handle(request.command, request.source, request.time);
  }
}

void Station::tick(TimePoint now) {
  state_.last_time = std::max(state_.last_time, now);
  state_.out.retry_record(now);  // D.2.7: the log's waiting lines, as soon as there is room
  if (state_.finished) {         // stopped: only the record's writing and the seal are waited for
    state_.retry_journal(now);
    state_.check_seal_wait(now);
    return;
  }
  std::vector<tactile::PegboardEvent> happened;
  state_.pegboard.tick(now, happened);
  flow_.on_pegboard(happened);
  flow_.board_changed(happened);
  flow_.announce_due(now);  // D.2.3 (3), pegboard.announce = "pause"
  if (state_.resume_untold && now >= state_.resume_tell_by) flow_.tell_resumed(now);
  if (now >= state_.notices_by) say_notices(now);
  if (state_.sighted_board) {
    happened.clear();
    state_.sighted_board->tick(now, happened);
    flow_.on_sighted_board(happened);
  }
  carry_out_button_requests();
  state_.retry_journal(now);
  state_.check_seal_wait(now);
  state_.seal_interim(now);  // D.2.7: a crash leaves the recording proven up to here
  flow_.clock_due(now);
  voice_.tick(now);
  flow_.withdraw_outdated_question(now);  // a question of an earlier position, cancelled
  flow_.track_claim(
      now);  // Art. 9.2: a claim under way is journaled (also one a board event began)
}

std::optional<TimePoint> Station::next_deadline() const {
  std::optional<TimePoint> deadline;
  const auto consider = [&](std::optional<TimePoint> t) {
    if (t && (!deadline || *t < *deadline)) deadline = t;
  };
  consider(state_.pegboard.next_deadline());
  consider(state_.announce_due);
  if (state_.sighted_board) consider(state_.sighted_board->next_deadline());
  consider(state_.journal_retry_due());
  consider(state_.out.record_retry_due());
  consider(state_.seal_wait_until);
  consider(state_.interim_seal_due());
  if (state_.resume_untold) consider(state_.resume_tell_by);
  if (!state_.notices.empty()) consider(state_.notices_by);
  consider(voice_.next_deadline());
  if (!state_.game().is_over() && !state_.clock.paused()) {
    if (auto expiry = state_.clock.expiry()) {
      // The running side's flag, unless it is down and said already.
      if (state_.flags_reported < state_.clock.flags(*expiry).size()) consider(*expiry);
      consider(state_.warnings.next_due(state_.clock.reading(state_.last_time)));
    }
  }
  return deadline;
}

std::vector<std::filesystem::path> Station::exports() const {
  return export_files(state_.folder());
}

}  // namespace annabella::app
