#include "app/station_state.h"

#include "app/i18n.h"
#include "app/recording_check.h"
#include "app/recording_seal.h"
#include "app/station_text.h"
#include "core/text.h"
#include "core/time_control.h"
#include "speech/cue_list.h"

namespace annabella::app {
namespace {

// How often a full disk is tried again while entries wait.
constexpr std::chrono::seconds kJournalRetry{2};

core::WarningThresholds warning_thresholds(const config::StationConfig& cfg, core::Color vi) {
  core::WarningThresholds t;
  for (int minutes : cfg.warnings.minutes_left)
    t.time_left.push_back(std::chrono::minutes(minutes));
  if (cfg.warnings.moves_before_control > 0)
    t.moves_to_time_control.push_back(cfg.warnings.moves_before_control);
  t.sides = {vi == core::WHITE, vi == core::BLACK};  // only the VI player's, privately
  return t;
}

// The VI player's language for everything private. `config check` and `play` refuse an unknown
// one before a game starts, so the vocabulary's own language is only a last resort.
// D.2.11: the sighted player's own language too, for what is said for him alone.
speech::Language private_language(const config::StationConfig& cfg, core::Color side,
                                  const speech::Vocabulary& words) {
  auto loaded = speech::Language::load((side == core::BLACK ? cfg.black : cfg.white).language);
  if (!loaded) return words.own_language();
  return std::move(*loaded);
}

// D.2.1: a move entered at the station (typed, spoken, from the sighted player's e-board, a
// claim's intended move, a sealed move) is announced and then executed by the VI player on his
// pegboard; until he has, the pegboard is judged against the position before it and only that
// move may complete there (AppendixDFlow::expect_on_pegboard). The journal does not say whether
// he executed it before the station stopped, so a resumed game starts in that same state: a
// board that shows the move completes it, one that does not still has to execute it (a move
// made from the pegboard is on it already).
std::optional<core::Move> entered_not_executed(const GameRecord& record) {
  const core::Game& game = record.game();
  if (game.is_over() || game.ply_count() == 0 || record.moves().size() != game.ply_count() ||
      record.moves().back().by == MoveSource::Pegboard)
    return std::nullopt;
  return game.moves().back();
}

const core::Position& pegboard_start(const GameRecord& record) {
  const core::Game& game = record.game();
  return entered_not_executed(record) ? game.position_at(game.ply_count() - 1) : game.position();
}

}  // namespace

StationState::StationState(const StationOptions& station_options, StationOutput& output,
                           speech::Vocabulary words, GameRecord game_record,
                           core::ChessClock chess_clock, Journal game_journal, TimePoint now)
    : options(station_options),
      out(output),
      vocabulary(std::move(words)),
      language(private_language(station_options.config, game_record.header().visually_impaired,
                                vocabulary)),
      opponent_language(private_language(station_options.config,
                                         ~game_record.header().visually_impaired, vocabulary)),
      opponent_messages(i18n::Catalog::load((game_record.header().visually_impaired == core::BLACK
                                                 ? station_options.config.white
                                                 : station_options.config.black)
                                                .language)),
      parser(vocabulary,
             speech::MoveParser::letters_setting(station_options.config.console.letters)),
      record(std::move(game_record)),
      clock(std::move(chess_clock)),
      journal(std::move(game_journal)),
      pegboard(pegboard_start(record),
               tactile::PegboardSettings{
                   .settle = Millis(station_options.config.pegboard.settle_ms),
                   .auto_announce = false,
                   .announce_button = false,  // the station announces (AppendixDFlow::on_button)
                   .owner = record.header().visually_impaired,
               }),
      vi_color(record.header().visually_impaired),
      origin(now),
      last_time(now),
      warnings(warning_thresholds(station_options.config, record.header().visually_impaired)) {
  interim_plies = record.game().ply_count();  // the moves before this run are sealed already
  const auto& cfg = station_options.config;
  if (const auto unexecuted = entered_not_executed(record)) {  // D.2.1, on resumption
    to_execute = unexecuted;
    pegboard.expect_move(*unexecuted);
  }
  wording.form = cfg.speech.form == config::AnnouncementForm::Long ? speech::MoveForm::Long
                                                                   : speech::MoveForm::Short;
  wording.name_captured_piece = cfg.speech.name_captured_piece;
  if (cfg.sighted_board.input == config::SightedInput::Dgt) {
    // D.2.1 on resumption: the VI player's last move is expected on the e-board still (its first
    // scan completes it when it was executed before the stop), as the opponent's last move is
    // on the pegboard; the e-board never takes it for a move of its own.
    const core::Game& game = record.game();
    const bool vi_moved_last =
        game.ply_count() > 0 && !game.is_over() && game.position().side_to_move() != vi_color;
    sighted_board.emplace(vi_moved_last ? game.position_at(game.ply_count() - 1) : game.position(),
                          tactile::PegboardSettings{
                              .settle = Millis(cfg.pegboard.settle_ms),
                              .auto_announce = true,
                          });
    if (vi_moved_last) {
      sighted_to_execute = game.moves().back();
      sighted_board->expect_move(*sighted_to_execute);
    }
  }
}

Millis StationState::timeline(TimePoint time) const {
  return std::chrono::duration_cast<Millis>(time - origin);
}

std::chrono::system_clock::time_point StationState::wall_now() const {
  return options.wall_clock ? options.wall_clock() : std::chrono::system_clock::now();
}

Status StationState::commit(const JournalRecord& entry, TimePoint time) {
  if (auto applied = record.apply(entry); !applied) return applied;
  if (auto written = journal.append(encode(entry)); !written) {
    // The game goes on and the entry waits in memory; the arbiter must know, once.
    if (!journal_failing) print(time, text::record_error(written.error().message));
    journal_failing = true;
    next_journal_retry = time + kJournalRetry;
  }
  return {};
}

void StationState::retry_journal(TimePoint time) {
  if (!journal_failing || time < next_journal_retry) return;
  if (auto written = journal.flush_waiting(); !written) {
    next_journal_retry = time + kJournalRetry;
    return;
  }
  journal_failing = false;
  print(time, text::record_caught_up(journal.entries_written()));
  for (const std::string& seal : std::exchange(seals_unwritten, {}))
    print(time, text::seal_written(seal));
}

void StationState::close(TimePoint time) {
  if (journal.waiting() == 0) return;
  if (auto written = journal.flush_waiting(); written) {
    next_journal_retry = time;  // written now: said as caught up, with the seals' codes
    retry_journal(time);
    return;
  }
  const std::vector<std::string> lines = journal.waiting_lines();
  print(time, text::record_unwritten(lines.size(), journal.path().string()));
  // Each line as the journal would hold it, its fields' tabs kept (so that it can be appended
  // to the journal as it is) and anything else below a space escaped, as every printed line is.
  for (const std::string& line : lines) {
    const std::string_view body(line.data(), line.size() - 1);
    std::string shown;
    std::size_t start = 0;
    for (std::size_t tab = body.find('\t'); tab != std::string_view::npos;
         start = tab + 1, tab = body.find('\t', start))
      shown += core::escape_controls(body.substr(start, tab - start)) + '\t';
    shown += core::escape_controls(body.substr(start));
    out.print(time, shown);
  }
}

void StationState::request_seal(const std::string& occasion, TimePoint time) {
  if (!sealing.key || !sealing.request) return;
  interim_plies = record.game().ply_count();
  interim_asked = time;
  if (occasion != kInterimSeal) {  // the station waits for these before it finishes
    ++seals_pending;
    seal_wait_until = time + kSealWait;
  }
  sealing.request(occasion);
}

std::optional<TimePoint> StationState::interim_seal_due() const {
  const int every = options.config.record.seal_every_seconds;
  if (!sealing.key || !sealing.request || every <= 0 || finished) return std::nullopt;
  if (record.game().ply_count() == interim_plies || record.game().is_over()) return std::nullopt;
  // A full disk: the journal's entries wait; an interim seal would only wait with them (the
  // stop's or the end's seal is still made, and its code given once the journal holds it).
  if (journal_failing) return std::nullopt;
  if (!interim_asked) return last_time;
  return *interim_asked + std::chrono::seconds(every);
}

void StationState::seal_interim(TimePoint now) {
  if (const auto due = interim_seal_due(); due && now >= *due)
    request_seal(std::string(kInterimSeal), now);
}

namespace {

// The journal's seal of the recording `name` that covers the most cue lines, if any.
std::optional<RecordingSeal> widest_seal(const GameRecord& record, const std::string& name) {
  std::optional<RecordingSeal> widest;
  for (const auto& entry : record.seals())
    if (auto seal = seal_from_record(entry);
        seal && seal->recording == name && (!widest || seal->cue_lines > widest->cue_lines))
      widest = std::move(*seal);
  return widest;
}

}  // namespace

std::optional<std::string> StationState::seal_anchor(const speech::RecordingAnchor& anchor,
                                                     const std::string& occasion, TimePoint time) {
  // Guidelines I.2: an adjournment's seal signs the time of day the envelope gives.
  const std::string adjourned_at =
      occasion == "adjourn" && record.adjourned() ? record.adjourned()->utc : std::string();
  // D.2.7: the seal signs the game as the record gives it and the journal up to the seal's own
  // entry (version 3, docs/record.md), so that a changed move or journal no longer verifies.
  auto text = journal.text_so_far();
  if (!text) {
    print(time, i18n::format(i18n::tr("recording: not sealed (D.2.7): {why}"),
                             {{"why", text.error().message}}));
    return std::nullopt;
  }
  // The recording's headers (its format and rate, the cue list's header) are signed too.
  auto headers = speech::recording_headers(anchor.file);
  auto play = sealed_play(record, static_cast<int>(journal.entries_written() + journal.waiting()),
                          *text, headers ? *headers : std::string());
  auto seal = sign_seal(anchor, sealed_game(record.header()), occasion, wall_now(), *sealing.key,
                        adjourned_at, std::move(play));
  if (!seal) {
    print(time, i18n::format(i18n::tr("recording: not sealed (D.2.7): {why}"),
                             {{"why", seal.error().message}}));
    return std::nullopt;
  }
  if (auto recorded = commit(rec::Seal{timeline(time), seal_fields(*seal)}, time); !recorded) {
    print(time, i18n::format(i18n::tr("recording: the seal is not in the journal: {why}"),
                             {{"why", recorded.error().message}}));
    return std::nullopt;
  }
  if (journal.waiting() > 0 && occasion == kInterimSeal) return seal_code(*seal);  // said later
  if (journal.waiting() > 0) {
    // A full disk keeps the seal waiting: its code is given once the journal holds it.
    print(time, text::seal_waiting());
    seals_unwritten.push_back(seal_summary(*seal));
    return seal_code(*seal);
  }
  // An interim seal is shown, not given for the scoresheet: the code to write down is the end's.
  print(time,
        occasion == kInterimSeal ? seal_summary(*seal) : text::seal_written(seal_summary(*seal)));
  return seal_code(*seal);
}

void StationState::seal_as_found(const std::filesystem::path& recording, TimePoint time) {
  if (!sealing.key) return;
  const std::string name = recording.filename().string();
  auto found = speech::verify_recording(recording);
  if (!found) {
    print(time,
          i18n::format(i18n::tr("recording {name}: not sealed on resumption, it does not "
                                "verify: {why} (D.2.7; `annabella recording verify` tells "
                                "more)"),
                       {{"name", name}, {"why", finding_text(cue_list_finding(found.error()))}}));
    return;
  }
  // D.2.7: the station signs nothing it has not checked: the recording's chain must hold at its
  // last seal. A recording no seal covers (a crash before any seal, or a seal taken out) is
  // reported as unsealed, not adopted; nothing may follow the seal of the game's end.
  const auto widest = widest_seal(record, name);
  if (!widest) {
    print(time, i18n::format(i18n::tr("recording {name}: no seal covers it; it is not sealed on "
                                      "resumption, since the station cannot check it "
                                      "(`annabella recording verify` calls it not sealed, D.2.7)"),
                             {{"name", name}}));
    return;
  }
  if (found->lines < widest->cue_lines || found->digest_at(widest->cue_lines) != widest->digest ||
      !check_seal_signature(*widest) ||
      (widest->occasion == "end" && found->lines > widest->cue_lines)) {
    print(time, i18n::format(i18n::tr("recording {name} does not match its seal ({occasion}): it "
                                      "is not sealed again (D.2.7; `annabella recording verify` "
                                      "tells more)"),
                             {{"name", name}, {"occasion", widest->occasion}}));
    return;
  }
  if (found->lines <= widest->cue_lines) return;  // sealed to its end already
  seal_anchor({recording, found->lines, found->last_digest, found->interrupted.has_value()},
              "resume", time);
}

void StationState::seal_recording(const ev::Sealed& sealed, TimePoint time) {
  const bool interim = sealed.occasion == kInterimSeal;
  if (seals_pending > 0 && !interim) --seals_pending;
  if (seals_pending == 0) seal_wait_until.reset();
  if (!sealing.key) return;
  // No recording in this part (it could not be created, said at the start): an interim seal
  // has nothing to prove; the end's, an adjournment's and a stop's say that they are not made.
  if (interim && sealed.anchor.file.empty()) return;
  // D.2.7: nothing recorded since this recording's last seal (a stop right after the end or an
  // adjournment): that seal and the code written down then stand. A second seal would give the
  // arbiter a second code for the same recording, and put it in the PGN in place of his.
  const auto widest = widest_seal(record, sealed.anchor.file.filename().string());
  // An interim seal stands for nothing but itself: the end, an adjournment or a stop is sealed
  // after it even with nothing said since (it signs the occasion, the result, the envelope).
  const bool unchanged = widest && sealed.anchor.cue_lines == widest->cue_lines &&
                         sealed.anchor.digest == widest->digest;
  if (unchanged && interim) return;  // nothing new to prove
  if (unchanged && widest->occasion != kInterimSeal) {
    print(time, i18n::format(i18n::tr("recording unchanged since its seal ({occasion}): the code "
                                      "{code} stands (D.2.7)"),
                             {{"occasion", widest->occasion}, {"code", seal_code(*widest)}}));
    return;
  }
  // D.2.7: the arbiter writes the code on the paper scoresheet; `recording verify --code`
  // checks it. Printed, not said: a phrase said now would be recorded after the seal and leave
  // the recording's end unsealed. The console line reaches a braille display as text.
  seal_anchor(sealed.anchor, sealed.occasion, time);
}

void StationState::check_seal_wait(TimePoint now) {
  if (!seal_wait_until || now < *seal_wait_until) return;
  print(now, i18n::format(i18n::tr("recording: no seal came from the announcer within {seconds} s; "
                                   "`annabella recording verify` will call this part of the "
                                   "recording not sealed (D.2.7)"),
                          {{"seconds", std::to_string(kSealWait.count())}}));
  seals_pending = 0;
  seal_wait_until.reset();
}

std::optional<TimePoint> StationState::journal_retry_due() const {
  if (!journal_failing) return std::nullopt;
  return next_journal_retry;
}

void StationState::clocks_changed(ClockReason reason, TimePoint time,
                                  std::optional<core::Color> by) {
  rec::Clock entry;
  entry.reason = reason;
  entry.by = by;
  clocks_changed(std::move(entry), time);
}

void StationState::clocks_changed(rec::Clock entry, TimePoint time) {
  entry.white_left = std::chrono::duration_cast<Millis>(clock.remaining(core::WHITE, time));
  entry.black_left = std::chrono::duration_cast<Millis>(clock.remaining(core::BLACK, time));
  entry.at = timeline(time);
  if (auto recorded = commit(entry, time); !recorded)
    print(time, "record: " + recorded.error().message);
  show_clock(time);
}

void StationState::say(const speech::Phrase& phrase, Route route, TimePoint time) {
  ++phrases_said_;
  // A private phrase in the very words just said publicly (the game's end, a flag fall, when the
  // player's language is the profile's) on the one device that plays both routes: he hears it
  // once; his braille display still shows it (D.2.11).
  const auto& audio = options.config.audio;
  const bool one_device =
      audio.private_device == "none" || audio.private_device == audio.public_device;
  if (route == Route::Public) {
    last_public_text_ = phrase.text;
    last_public_at_ = time;
  } else if (one_device && phrase.text == last_public_text_ && time == last_public_at_) {
    speech::Phrase shown = phrase;
    shown.display_only = true;
    out.say(shown, route, time);
    return;
  }
  out.say(phrase, route, time);
}

void StationState::print(TimePoint time, std::string_view text) {
  // A message may hold several lines (help); each is its own line, and nothing inside a line
  // can start another one.
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    if (end > start || text.empty())
      out.print(time, core::escape_controls(text.substr(start, end - start)));
    if (end == text.size()) break;
    start = end + 1;
  }
}

void StationState::refuse(TimePoint time, std::string_view text, speech::Refusal reason) {
  refuse(
      time, [line = std::string(text)] { return line; }, reason);
}

void StationState::refuse(TimePoint time, std::function<std::string()> words,
                          speech::Refusal reason) {
  refused_line = words();
  print(time, refused_line);
  refused = reason;
  refused_words = std::move(words);
}

void StationState::to_opponent(const std::function<std::string()>& words,
                               const speech::Phrase& spoken, TimePoint time) {
  std::string line;
  {
    const i18n::InLanguage his(opponent_messages);  // D.2.11: his language, not the console's
    line = words();
  }
  if (!out.to_opponent(core::escape_controls(line))) say(spoken, Route::Public, time);
}

void StationState::show_clock(TimePoint time, bool query) {
  out.clock_changed(clock.reading(time), query);
}

}  // namespace annabella::app
