// The words of voice input at the station (app/voice_station.h), for people: the console and log
// lines (English, translated through app/i18n.h) and the few phrases said aloud in the profile's
// language ("Bitte wiederholen", "Anna drei oder Bella drei?"). Nothing here decides anything.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "config/config.h"
#include "core/position.h"
#include "speech/heard.h"
#include "speech/phrases.h"
#include "speech/vocabulary.h"

namespace annabella::app::voice_text {

// What was heard, for the log, the journal and the cue list: "move Nf3 g1f3 \"springer felix
// drei\" 90%". Moves not legal in `pos` (heard in an earlier position) are named in UCI.
[[nodiscard]] std::string reading(const speech::Heard& heard, const core::Position& pos);

// The speech's times for the cue list's "heard" line (in English, as the journal): "speech 1.42 s,
// decoded 0.31 s after its end". The line's own time is the end of the speech.
[[nodiscard]] std::string speech_times(std::chrono::nanoseconds spoken,
                                       std::chrono::nanoseconds decode_delay);

// D.2.1: the station asks the speaker again, publicly, in the profile's language: the two
// readings as a question ("Anna drei oder Bella drei?"), the one reading ("Anna drei?"), or
// "Bitte wiederholen" when none can be named.
[[nodiscard]] speech::Phrase ask_again(const speech::Vocabulary& v, const core::Position& pos,
                                       const std::vector<core::Move>& readings);

// D.2.3 (3): the VI player announced `announced` but his pegboard shows `shown` (both moves of
// `before`), said privately in the profile's language: "Angesagt: Bauer David vier. Das Brett
// zeigt: Bauer Eva vier."
struct Mismatch {
  core::Move announced;  // what the VI player said
  core::Move shown;      // what his pegboard completed
};
[[nodiscard]] speech::Phrase announcement_differs(const speech::Vocabulary& v,
                                                  const core::Position& before, Mismatch moves);

// The read-back move dropped, said publicly so that the speaker who heard it read back knows it
// was not entered: "Springer Felix drei: verworfen".
[[nodiscard]] speech::Phrase dropped(const speech::Vocabulary& v, const core::Position& pos,
                                     core::Move move);
// A "ja" or "nein" that answered nothing because the VI player's question waits too (it may be
// his): said publicly, "Der Assistent bestaetigt den Zug".
[[nodiscard]] speech::Phrase assistant_confirms(const speech::Vocabulary& v);

// The confirmation rule as the configuration writes it ("at once", "word", "assistant").
[[nodiscard]] std::string_view confirm_rule_name(config::VoiceConfirm rule);

// Console lines (the assistant and the arbiter read them).
[[nodiscard]] std::string heard_line(const std::string& reading, const std::string& action);
[[nodiscard]] std::string waiting_for_word(const std::string& san);
[[nodiscard]] std::string waiting_for_assistant(const std::string& san);
// The VI player's spoken draw claim refused: the game is over, or he is not to move (Art. 9.2,
// 9.3: only the player to move claims).
[[nodiscard]] std::string claim_refused_game_over();
[[nodiscard]] std::string claim_refused_not_to_move();
[[nodiscard]] std::string assistant_answered(const std::string& uci, bool yes);
[[nodiscard]] std::string not_confirmed(int seconds);
// The read-back `san` dropped, not entered, because of `why` (a move made, a new move heard).
[[nodiscard]] std::string dropped_line(const std::string& san, const std::string& why);
[[nodiscard]] std::string because_move_made(const std::string& made);
[[nodiscard]] std::string because_new_move(const std::string& heard);
[[nodiscard]] std::string because_not_running();
// A spoken "ja"/"nein" while the sighted player's `san` and the VI player's `question` wait.
[[nodiscard]] std::string ambiguous_line(const std::string& san, const std::string& question);
// A spoken "ja" to the VI player's `question`, which only his CONFIRM key answers.
[[nodiscard]] std::string key_only_line(const std::string& question);
// The assistant's `yes` / `no` with no heard move waiting.
[[nodiscard]] std::string nothing_waits(bool yes);
// A "ja" after the station asked "A oder B?": the move is to be said again.
[[nodiscard]] std::string ja_to_two_readings();
// A heard move handed to the station that was not recorded (its reason printed before).
[[nodiscard]] std::string not_entered(const std::string& san);
// D.2.3 (3): the VI player's announcement `said` differs from his pegboard's `shown` (SAN).
[[nodiscard]] std::string own_announcement_differs(const std::string& said,
                                                   const std::string& shown);
// Push-to-talk held (listening) or released (what was said is decoded).
[[nodiscard]] std::string talk_line(bool held);
// The words the station says when it heard nothing it can name ("Bitte wiederholen").
[[nodiscard]] std::string again_words(const speech::Vocabulary& v);
// A press while held, or a release while not held: nothing changed.
[[nodiscard]] std::string talk_unchanged(bool held);
// The microphone could not start (`why`): the game goes on without it.
[[nodiscard]] std::string no_voice_input(const std::string& why);
// D.2.11: voice among the sighted player's move sources.
[[nodiscard]] std::string voice_source(const std::string& input, config::VoiceConfirm rule);

// The actions written into the journal and the cue list (kept in English, as the journal is).
namespace action {
inline constexpr const char* kEntered = "entered";
inline constexpr const char* kNotEntered = "to be entered, but not recorded (see the line before)";
inline constexpr const char* kAskedOne =
    "one reading, asked as a question: waiting for confirmation (D.2.1)";
inline constexpr const char* kAmbiguous =
    "the sighted player's move and the VI player's question both wait: answers neither (the "
    "microphone cannot tell who said it)";
inline constexpr const char* kKeyOnly =
    "the VI player's question waits for his CONFIRM key: not carried out by a spoken word "
    "(Art. 5.1.2)";
inline constexpr const char* kJaToTwoReadings =
    "a \"ja\" to a question of two readings: answers nothing, the move is asked again";
inline constexpr const char* kRepeated = "repeated, waiting for confirmation";
inline constexpr const char* kReplaced =
    "correction replaces the move not yet on the clock (D.2.8)";
inline constexpr const char* kConfirmed = "confirmed, entered";
// D.2.1: a confirmation word not surely heard (its margin over every other reading, "nein" and
// speech outside the grammar included, under JudgeSettings::confirm_margin) confirms nothing.
// The reading beside it has the margin: a confidence of 100 % can be a margin under it.
inline constexpr const char* kConfirmNotSure =
    "a confirmation not sure enough (its margin under the confirmation's sure margin, 0.3): not "
    "confirmed, asked again (D.2.1)";
inline constexpr const char* kDropped = "rejected, asked again";
inline constexpr const char* kAskedAgain = "not sure enough, asked again";
inline constexpr const char* kLogged = "logged only";
inline constexpr const char* kNotTurn =
    "not the sighted player's turn: logged only (the VI player's moves are made on the pegboard, "
    "D.2.3)";
inline constexpr const char* kNotLegal = "not legal now, asked again";
inline constexpr const char* kOtherPosition =
    "heard in another position (a move was made while it was decoded): asked again";
inline constexpr const char* kRepeatedNotSure =
    "repeated, waiting for confirmation (not sure enough to enter at once)";
inline constexpr const char* kTooLate =
    "a correction after the move is on the clock: not replaced, logged for the arbiter (D.2.8)";
inline constexpr const char* kNothingToConfirm = "nothing waits for confirmation: logged only";
inline constexpr const char* kAssistantConfirms =
    "the assistant confirms (voice.confirm = assistant): logged only";
inline constexpr const char* kRequest = "the VI player's request, carried out";
inline constexpr const char* kAsking =
    "the VI player's request, asked privately: waiting for his CONFIRM key (Art. 5.1.2)";
inline constexpr const char* kCancelled = "the VI player's request cancelled";
inline constexpr const char* kGameOver = "the game is not running: logged only";
inline constexpr const char* kIntended =
    "the VI player's intended move for his draw claim (Art. 9.2.1.1), waiting for his \"ja\"";
inline constexpr const char* kClaim =
    "the VI player's draw claim (Art. 9.2, 9.3): his menu waits for the intended move or his "
    "\"ja\" (Art. 9.2.1.1)";
inline constexpr const char* kRefused = "the VI player's request, not possible now: told privately";
inline constexpr const char* kOwnMatches =
    "the VI player's own announcement, as his pegboard shows it (D.2.3): logged only";
inline constexpr const char* kOwnDiffers =
    "the VI player's own announcement differs from his pegboard (D.2.3): told privately";
}  // namespace action

}  // namespace annabella::app::voice_text
