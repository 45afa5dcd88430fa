// Voice input at the station (docs/voice.md, "Entering a heard move"): what the game thread does
// with each utterance the listener heard (ev::Heard). One microphone hears both players:
//
//   - a move, while the sighted player is to move, is his D.2.1 announcement. The station
//     repeats it aloud on the public route and enters it by the configured rule
//     (voice.confirm): at once (the announcement is the repetition), after the speaker's "ja"
//     or the assistant's `yes`, or after the assistant's `yes` only. "nein" drops it and the
//     station asks again. A "ja" confirms only when it was heard surely (Heard::sure): any
//     other "ja" reads the move back again and waits (D.2.1);
//   - a correction ("nein, Springer Gustav drei", D.2.8) replaces the move waiting for its
//     confirmation, which is not yet on the clock; after the clock it is only logged;
//   - `unsure` is never entered: the station asks again, naming the two readings when there are
//     two; one reading is asked as a question ("Eva vier?") and waits for a "ja" as a read-back
//     move does; `nothing` is logged only;
//   - a request of the player's menu ("Zeit", "Wiederholen", "Partie", "Brett Reihe vier",
//     "Geschlagen") is the VI player's and goes through the same requests as his menu; "Remis"
//     and "Aufgabe" open his menu's question (asked privately), which only his CONFIRM key
//     carries out (Art. 5.1.2: the microphone cannot tell who says "ja");
//   - what waits has one owner each: the sighted player's heard move waits here, the VI
//     player's question in his menu. A spoken "ja" or "nein" while both wait is his or the
//     opponent's, nobody can tell: it answers neither, and both are told. His resignation and
//     draw answers, and any question of his on the sighted player's turn, take his CONFIRM key
//     only; his claims on his own turn keep their spoken "ja". Nothing that waited
//     is dropped without a word: a move made meanwhile, a new move heard, the game's end are
//     said to the sighted player publicly and printed (his menu tells the VI player privately
//     when a move withdraws his question);
//   - everything heard is printed (console and station.log), journaled (rec::Heard) and handed
//     to the recording's cue list as a "heard" line, with its confidence. A heard move's entry
//     that says it was entered is written after the move's own entry (a stop between the two
//     leaves no claim of a move the game does not have).
//
// Deterministic and single-threaded, like the rest of the station: fed typed events with their
// times, it says, prints and queues requests on StationState; tick(now) drops a confirmation that
// did not come in time.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "app/station_state.h"
#include "speech/heard.h"
#include "speech/menu_phrases.h"

namespace annabella::app {

class VoiceStation {
 public:
  // What the station's voice input is wired to (app/voice_input.h): the listener follows the
  // game's position, and the recording's cue list gets a "heard" line for each utterance.
  struct Hooks {
    std::function<void(const core::Position&)> position;
    std::function<void(const std::string& line, TimePoint time)> heard;
    // Push-to-talk (voice.push_to_talk): the button held (true) or released.
    std::function<void(bool held, TimePoint time)> talk;
  };

  explicit VoiceStation(StationState& state) : s_(state) {}

  void set_hooks(Hooks hooks);
  // An utterance whose speech ended at `time` (the capture path's measure; the event's time),
  // decoded at `decoded` (default: `time`).
  void on_heard(const speech::Heard& heard, TimePoint time,
                std::optional<TimePoint> decoded = std::nullopt);
  // The push-to-talk button (cmd::Talk): held or released at `time`; false when push-to-talk is
  // off (voice.push_to_talk) or there is no voice input.
  bool on_talk(bool held, TimePoint time);
  // The assistant's `yes` / `no`: they answer the heard move waiting for confirmation (never
  // the VI player's question); with nothing waiting and voice input on (set_hooks) the
  // assistant is told so. False for any other line, and when another question is open.
  bool console_answer(const std::string& line, TimePoint time);
  // After every event: a move made (by voice or otherwise) ends what waited and the listener
  // hears the new position; a confirmation that did not come in time is dropped.
  void tick(TimePoint now);
  [[nodiscard]] std::optional<TimePoint> next_deadline() const;

  // What waits for a confirmation (for the tests and the status line).
  [[nodiscard]] std::optional<core::Move> waiting_move() const;
  // The VI player's question (his spoken "Remis"/"Aufgabe", or his menu's) waits for his
  // CONFIRM key.
  [[nodiscard]] bool waiting_request() const;

 private:
  // The sighted player's heard move, read back and waiting for its confirmation (D.2.1).
  struct Waiting {
    core::Move move;
    TimePoint until{};
    std::size_t ply = 0;  // the game's moves when it was heard
  };
  // A heard move handed to the station to be entered: its heard entry is written once the move
  // entry is (or with why it was not), so the journal never claims a move it does not hold.
  struct Entering {
    std::string reading;
    int percent = 0;
    std::string margin;  // speech::margin_text
    std::string action;
    TimePoint time{}, began{}, decoded{};
    core::Move move;
    std::size_t ply = 0;
  };

  void on_move(const speech::Heard& heard, TimePoint time);
  // D.2.3 (3): the VI player's announcement of the move he just made on the pegboard, checked
  // against it; true when the utterance was one.
  bool own_announcement(const speech::Heard& heard, TimePoint time);
  void on_command(const speech::Heard& heard, TimePoint time);
  void on_yes(const speech::Heard& heard, TimePoint time);
  void on_no(const speech::Heard& heard, TimePoint time);
  // "Remis Reklamation" [move] (Art. 9.2, 9.3): the menu's claim with the intended move.
  void on_claim(const speech::Heard& heard, TimePoint time);
  // A "ja" not surely heard (D.2.1): nothing is confirmed; what waits is asked again.
  void confirm_not_sure(const speech::Heard& heard, TimePoint time);
  void ask_again(const speech::Heard& heard, TimePoint time);
  // Enters `move` (the same request as a typed move) and journals `heard` with `action` after
  // the move's entry (write_entering).
  void enter(const speech::Heard& heard, const std::string& action, core::Move move,
             TimePoint time);
  void write_entering();
  void repeat_and_wait(core::Move move, TimePoint time);
  // The sighted player's `move`, said to him, waits for its confirmation (voice.confirm_seconds).
  void wait_for(core::Move move, TimePoint time);
  // The one reading of an unsure utterance asked as a question ("Eva vier?"): it waits for the
  // speaker's "ja" as a read-back move does (D.2.1).
  void ask_one_reading(const speech::Heard& heard, core::Move move, TimePoint time);
  // The heard move that waited is dropped (`why`): printed (console, station.log) and said
  // publicly, as it was read back (D.2.11: never only in the log; the recording keeps the
  // phrase). No journal entry: a `heard` entry is one utterance.
  void drop_waiting(const std::string& why, TimePoint time);
  // A "ja" or "nein" heard while the sighted player's move and the VI player's question both
  // wait: it answers neither (the microphone cannot tell who said it); both are told.
  void ambiguous(const speech::Heard& heard, TimePoint time);
  // The VI player's question in his menu that only his CONFIRM key answers.
  [[nodiscard]] bool player_asked() const;
  [[nodiscard]] bool sighted_to_move() const;
  [[nodiscard]] bool running() const;
  // Printed, journaled and handed to the cue list.
  void log(const speech::Heard& heard, const std::string& action, TimePoint time);
  void log_reading(const std::string& reading, int percent, const std::string& margin,
                   const std::string& action, TimePoint time, TimePoint began, TimePoint decoded);
  void follow_position();

  StationState& s_;
  Hooks hooks_;
  // The utterance being handled: when its speech began and when it was decoded (for log).
  TimePoint speech_began_{}, decoded_{};
  std::optional<Waiting> waiting_;
  bool talk_held_ = false;  // push-to-talk: the button (or `talk`) is held
  std::optional<Entering> entering_;
  // The game's moves when the station last asked "A oder B?" (two readings): a "ja" to that
  // question answers nothing, and the speaker hears that he must say the move again.
  std::optional<std::size_t> asked_two_at_;
  // The game's moves when the VI player's own announcement of his last move was heard: the
  // same words heard again are the sighted player's (own_announcement).
  std::optional<std::size_t> own_heard_at_;
  std::string position_fen_;  // the position the listener was last given
};

}  // namespace annabella::app
