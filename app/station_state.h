// The game thread's state and the few operations every part of the station uses: record an
// event (journal it and apply it to the game's record, the one path by which the record
// changes), change the clocks and record it (one function for every arbiter's or rule's change),
// speak, print. Owned by app::Station; the Appendix D flow (app/appendix_d.h), the arbiter's
// desk (app/arbiter_desk.h), the player's requests (app/player_requests.h) and the exports
// (app/exports.h) each work on it. Single-threaded: only the game thread touches it.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/game_record.h"
#include "app/i18n.h"
#include "app/journal.h"
#include "app/journal_records.h"
#include "app/player_menu.h"
#include "app/station_events.h"
#include "app/station_key.h"
#include "config/config.h"
#include "core/clock.h"
#include "core/clock_warnings.h"
#include "speech/announcer.h"
#include "speech/language.h"
#include "speech/move_parser.h"
#include "speech/phrases.h"
#include "speech/vocabulary.h"
#include "tactile/pegboard.h"

namespace annabella::app {

// Where a phrase is heard: public (both players hear moves) or private (the VI player's
// earpiece: time readouts, warnings, correction steps).
using Route = speech::Route;

// What the station says and prints. Implementations must not block the game thread for long:
// the speech adapter queues phrases for the speech thread.
class StationOutput {
 public:
  virtual ~StationOutput() = default;
  virtual void say(const speech::Phrase& phrase, Route route, TimePoint time) = 0;
  // One line of console text (also the log), already complete.
  virtual void print(TimePoint time, std::string_view text) = 0;
  // The clock changed (a press, a pause, an adjustment) or, with `query`, the player asked for
  // the time: for the clock displays (braille, tactile clock), which run off the game thread.
  virtual void clock_changed(const core::ClockReading& reading, bool query) {
    (void)reading;
    (void)query;
  }
  // The game's timeline starts at `origin` (a resumed game's started before this run): time
  // stamps of what follows are measured from it, as the journal's are, so that they continue
  // the earlier runs' and never run backwards. Said before anything else about the game.
  virtual void game_timeline(TimePoint origin) { (void)origin; }
  // A line of the VI player's menu (app/player_menu.h), already said privately: for the braille
  // display, which shows it as `text` (the phrase's display spelling). `open`: whether the menu
  // is still open after it (a confirmed item leaves the menu without a "closed" line).
  virtual void menu_line(const speech::MenuLine& line, std::string_view text, bool open) {
    (void)line;
    (void)text;
    (void)open;
  }
  // The player set his private route's speaking rate or volume in the menu.
  virtual void private_voice(const PrivateVoice& voice) { (void)voice; }
  // D.2.7 (tester 14j): the record's lines that wait for a full disk are tried again at
  // `record_retry_due` (the game thread's loop wakes for it), so that they reach the disk as
  // soon as there is room, and do not wait for the next line or the stop.
  [[nodiscard]] virtual std::optional<TimePoint> record_retry_due() const { return std::nullopt; }
  virtual void retry_record(TimePoint now) { (void)now; }
  // D.2.11: a line for the sighted player's own keypad (`play --opponent-input`), shown on its
  // terminal (a refused entry, a question about it). False when nothing shows it (no keypad, or
  // one that is no terminal): the caller then says it publicly.
  virtual bool to_opponent(std::string_view line) {
    (void)line;
    return false;
  }
};

struct StationOptions {
  config::StationConfig config;
  std::filesystem::path record_folder;  // journal and exports
  bool resume = false;                  // continue the journal in record_folder
  std::string date;  // the game's day (YYYY.MM.DD) when event.date is not set; "" = today
  // D.2.7: this run's station key and recording, named in its begin or resume entry (empty
  // without a key).
  rec::PartSeal part;
  // The time of day (the seal's time, the adjournment's on the envelope); empty = the system's.
  std::function<std::chrono::system_clock::time_point()> wall_clock;
};

// D.2.7: sealing the recording (app/recording_seal.h). The rig sets it when there is a
// recording and a station key; without them nothing is sealed.
struct SealSettings {
  const StationKey* key = nullptr;
  // Asks the announcer for the recording's anchor once everything said so far is recorded;
  // the answer comes back as ev::Sealed.
  std::function<void(std::string occasion)> request;
};

// A question the station asked and waits for (the console's next answer settles it).
struct PendingQuestion {
  // BoardMove: the moves the pegboard's occupied squares may show (tactile MoveNeeded, D.2.3).
  enum class Kind { None, Promotion, Reading, BoardMove } kind = Kind::None;
  std::vector<core::MoveReading> readings;  // Reading, BoardMove: the moves it could be, in order
  std::string text;                         // Reading: the move as typed
  MoveSource by = MoveSource::Console;      // Reading: where it was typed (D.2.11)
  core::Square square = core::SQ_NONE;      // Promotion: where the pawn stands (Art. 3.7.5)
};

struct StationState {
  StationState(const StationOptions& options, StationOutput& output, speech::Vocabulary vocabulary,
               GameRecord record, core::ChessClock clock, Journal journal, TimePoint now);

  [[nodiscard]] const core::Game& game() const { return record.game(); }
  [[nodiscard]] const config::StationConfig& config() const { return options.config; }
  [[nodiscard]] const std::filesystem::path& folder() const { return options.record_folder; }
  [[nodiscard]] config::Verbosity verbosity() const { return options.config.speech.verbosity; }
  // The game's timeline: milliseconds since the game started (continued across resumptions).
  [[nodiscard]] Millis timeline(TimePoint time) const;
  // The time of day now (options.wall_clock, else the system's).
  [[nodiscard]] std::chrono::system_clock::time_point wall_now() const;

  // Applies `entry` to the game's record and journals it (a full disk keeps it waiting, in
  // order, and says so once): on disk before anyone acts on it. Fails, journaling nothing,
  // when the entry cannot apply (the message says why).
  Status commit(const JournalRecord& entry, TimePoint time);
  // Tries again to write what a full disk kept waiting; says when the record has caught up, and
  // then gives the codes of the seals that were waiting.
  void retry_journal(TimePoint time);
  // The station stops: what a full disk still keeps waiting is tried once more, and if it
  // cannot be written it is shown, line by line as the journal would hold it, so that it is not
  // lost with the process (D.2.7; said as a RECORD ERROR).
  void close(TimePoint time);
  // D.2.7: asks for the recording's seal ("end", "adjourn", "stop"); the station does not
  // finish before it is journaled or kSealWait has passed.
  void request_seal(const std::string& occasion, TimePoint time);
  // Signs the recording's anchor, journals the seal and says it (its code for the paper
  // scoresheet).
  void seal_recording(const ev::Sealed& sealed, TimePoint time);
  // On resumption: a recording of an earlier part of the game that no seal covers to its end
  // (a crash) is checked and sealed as found, occasion "resume" (docs/record.md).
  void seal_as_found(const std::filesystem::path& recording, TimePoint time);
  // D.2.7 (tester 14k): seals the recording during the game, occasion "interim", once a move
  // was made since the last one and record.seal_every_seconds have passed since it was asked
  // for; so a station killed leaves its recording proven up to the last seal. Not waited for
  // at a stop (the stop's own seal covers everything).
  void seal_interim(TimePoint now);
  // When seal_interim has a seal to ask for; nullopt when none is due.
  [[nodiscard]] std::optional<TimePoint> interim_seal_due() const;
  // Gives up waiting for a seal that does not come (said once).
  void check_seal_wait(TimePoint now);
  [[nodiscard]] bool waiting_for_seal() const { return seals_pending > 0; }
  static constexpr std::chrono::seconds kSealWait{20};
  // Signs an anchor, journals the seal and prints it; its code, or nullopt (said).
  std::optional<std::string> seal_anchor(const speech::RecordingAnchor& anchor,
                                         const std::string& occasion, TimePoint time);
  [[nodiscard]] std::optional<TimePoint> journal_retry_due() const;

  // The clocks were set, paused or restarted by the arbiter or a rule: the times are journaled
  // and shown on the clock displays.
  // `by`: who asked or claimed (Guidelines III.4, III.5), kept with the times.
  void clocks_changed(ClockReason reason, TimePoint time, std::optional<core::Color> by = {});
  // The same for an entry with more to say (the increment, a claim's intended move): its times
  // are filled in here.
  void clocks_changed(rec::Clock entry, TimePoint time);

  void say(const speech::Phrase& phrase, Route route, TimePoint time);
  // How many phrases have been said so far (a command that said nothing is seen by it).
  [[nodiscard]] std::size_t phrases_said() const { return phrases_said_; }
  // Prints a line; control characters in it are shown escaped (no text can forge a log line).
  void print(TimePoint time, std::string_view text);
  // A request refused: the line printed for the arbiter (console and log) and `refused` set to
  // why; the desk (app/arbiter_desk.h) says the reason privately when the request was the VI
  // player's own (D.2.11: he reads no console).
  void refuse(TimePoint time, std::string_view text, speech::Refusal reason);
  // The same with the line worded by `words` (through tr()), so that it can be worded again in
  // the sighted player's language for his keypad (to_opponent, D.2.11).
  void refuse(TimePoint time, std::function<std::string()> words, speech::Refusal reason);
  // D.2.11: a line for the sighted player where he is, in his own language (`white.language` or
  // `black.language`): `words` (worded through tr()) on his keypad's terminal in his console
  // language; with no terminal, `spoken` (in his speech language, opponent_language) is said
  // publicly, which the public page shows too. A refused entry and a question about his entry.
  void to_opponent(const std::function<std::string()>& words, const speech::Phrase& spoken,
                   TimePoint time);
  void show_clock(TimePoint time, bool query = false);

  StationOptions options;
  StationOutput& out;
  speech::Vocabulary vocabulary;  // the move words (D.2.1) and everything said publicly
  // The VI player's own language (white.language or black.language, docs/languages.md):
  // everything said to him privately, in its own voice; the moves in it stay the vocabulary's.
  speech::Language language;
  // The sighted player's own language (the other side's `language`): what is said publicly for
  // him alone (to_opponent) in speech, and the catalog his keypad's terminal lines are worded in
  // (English where annabella has no catalog of his language, docs/languages.md).
  speech::Language opponent_language;
  i18n::Catalog opponent_messages;
  speech::MoveParser parser;
  speech::MoveWording wording;
  GameRecord record;
  core::ChessClock clock;
  Journal journal;
  tactile::Pegboard pegboard;
  // The sighted player's e-board (sighted_board.input = "dgt"): his moves are made on it
  // (Art. 4.7: settled, no announcement needed) and the VI player's moves are executed on it.
  std::optional<tactile::Pegboard> sighted_board;
  std::optional<core::Move> sighted_to_execute;  // the VI player's move, on the e-board
  core::Color vi_color = core::WHITE;
  TimePoint origin{};                    // game timeline 0 (shifted when resuming)
  TimePoint last_time{};                 // the latest event or tick seen
  core::ClockWarnings warnings;          // D.2.6: the VI player's chosen thresholds
  PendingQuestion question;              // what the console's next answer settles
  std::optional<core::Move> to_execute;  // the sighted move the VI player must execute
  // D.2.3 on resumption: the pegboard's first link after `play --resume` is still to come; a
  // move it shows completed then was made while the station was stopped and is held, not
  // announced (AppendixDFlow::on_link, on_completed).
  bool resumed_unlinked = false;
  bool hold_completed = false;  // while the first link's events are handled (Station::on)
  std::optional<core::Move> held_on_resume;  // held so; said publicly when it is made (D.2.1)
  // D.2.3 (3), pegboard.announce = "pause": when the station announces the VI player's move
  // completed on the pegboard (reset by every change of the board until then).
  std::optional<TimePoint> announce_due;
  // ... the completed move the VI player was told waits for his menu to close (said once).
  std::optional<core::Move> menu_wait_told;
  // Art. 6.11.1, D.2.3 (3) (tester 14r): the completed move the VI player announced with his
  // ANNOUNCE while the arbiter had stopped the clocks: made when they run again (in
  // pegboard.announce = "button" only this one; any other waits for his ANNOUNCE).
  std::optional<core::Move> announced_while_paused;
  // The VI player's move said publicly and about to be made: a move made without it (his
  // ANNOUNCE button) is said when it is made (D.2.1: both players hear every move).
  std::optional<core::Move> said_move;
  // After `play --resume` the VI player is told privately what was restored (the move, who is
  // to move, the clocks, a move to execute or held on his board): once the pegboard's first
  // link has shown what stands on it, or at `resume_tell_by` without one
  // (AppendixDFlow::tell_resumed).
  bool resume_untold = false;
  TimePoint resume_tell_by{};
  // Private notices of the start (Station::notify_after_link), said after the pegboard's first
  // link (`linked_once`) or at `notices_by`.
  std::vector<speech::Phrase> notices;
  TimePoint notices_by{};
  bool linked_once = false;
  // Anything came from the pegboard since the station started (a link, a touch, a move): a
  // Disconnected after it is a connection lost; before it, the board was never connected.
  bool pegboard_heard = false;
  // D.2.2: the VI player's touches whose outcome is not known yet (AppendixDFlow::settle_touches
  // gives each its outcome from what his board and the game show, not from the event that
  // happened to come): the square the peg was lifted from; `origin`, where that piece stands in
  // the position his board is to show (a peg lifted from a hole it only passed through, as in a
  // corrected move, is the piece last lifted before it); the half-moves on his board then.
  struct OpenTouch {
    int number = 0;
    core::Square square = core::SQ_NONE;
    core::Square origin = core::SQ_NONE;
    std::size_t board_ply = 0;
  };
  std::vector<OpenTouch> open_touches;
  // The sighted player's, from his e-board or reported at the console (D.2.5, Art. 4.3).
  std::map<core::Square, int> sighted_open_touches;
  // The VI player's own menu (app/player_menu_keys.h gives it his keys).
  PlayerMenu menu;
  // Requests made by the boards' buttons and the player's menu while their events were
  // handled, carried out next.
  struct ButtonRequest {
    Command command;
    TimePoint time;
    InputSource source = InputSource::BoardButton;
  };
  std::vector<ButtonRequest> requests;
  // Why the request being handled was refused (StationState::refuse), and the line printed for
  // it; reset for each request.
  std::optional<speech::Refusal> refused;
  std::string refused_line;
  std::function<std::string()> refused_words;  // words the line again (refuse)
  // Art. 6.8: how many of the flags down (ChessClock::flags, in the order they fell) have been
  // said; each is said once, the second too (Guidelines III.3.1 needs both instants).
  std::size_t flags_reported = 0;
  // D.2.3: the position the pegboard is to return to (AppendixDFlow::restore_after_claim).
  std::optional<core::Position> restore_to;
  bool finished = false;
  bool journal_failing = false;
  // What last kept the game's files (PGN, braille scoresheet, public page) or the touch log from
  // being written ("" while they are written): said when it starts or changes, not at every
  // move (a full disk once printed it a hundred times), and said again when they are written.
  std::string exports_problem;
  std::string touch_log_problem;
  // The names the braille scoresheet writes with another table or as code points
  // (scoresheet_name_notes) are said once, when the scoresheet is first written (D.2.7).
  bool scoresheet_names_said = false;
  // The summaries (with their codes) of seals journaled while the disk was full: given only once
  // they are in the journal, since a code the journal does not hold verifies nothing.
  std::vector<std::string> seals_unwritten;
  TimePoint next_journal_retry{};
  SealSettings sealing;
  int seals_pending = 0;
  std::optional<TimePoint> seal_wait_until;
  // seal_interim: the half-moves the last seal asked for covers, and when it was asked for.
  std::size_t interim_plies = 0;
  std::optional<TimePoint> interim_asked;

 private:
  std::size_t phrases_said_ = 0;
  std::string last_public_text_;  // the latest public phrase and when it was said (say)
  TimePoint last_public_at_{};
};

}  // namespace annabella::app
