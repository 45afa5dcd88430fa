#include "app/voice_text.h"

#include <cstdio>

#include "app/i18n.h"
#include "core/movegen.h"
#include "core/notation.h"

namespace annabella::app::voice_text {
namespace {

using i18n::format;
using i18n::tr;

bool legal(const core::Position& pos, core::Move move) {
  return core::legal_moves(pos).contains(move);
}

std::string move_text(const core::Position& pos, core::Move move) {
  return legal(pos, move) ? core::to_san(pos, move) + " " + core::to_uci(move) : core::to_uci(move);
}

// The few words the station says itself when it asks again, by the profile's language; other
// languages get the English ones (the profiles written in Latin letters are German or English).
struct AskWords {
  const char* language;
  const char* again;  // nothing can be named
  const char* or_word;
  const char* announced;    // D.2.3 (3): what the VI player said ...
  const char* board_shows;  // ... and what his pegboard shows
  const char* dropped;      // a read-back move not entered
  const char* assistant;    // a "ja" that answered nothing: the assistant confirms
};
constexpr AskWords kAskWords[] = {
    {"de", "Bitte wiederholen", "oder", "Angesagt", "Das Brett zeigt", "verworfen",
     "Der Assistent bestaetigt den Zug"},
    {"en", "Please say it again", "or", "You announced", "The board shows", "dropped",
     "The assistant confirms the move"}};

const AskWords& ask_words(const speech::Vocabulary& v) {
  for (const auto& words : kAskWords)
    if (v.language() == words.language) return words;
  return kAskWords[1];
}

}  // namespace

std::string reading(const speech::Heard& heard, const core::Position& pos) {
  bool all_legal = !heard.move || legal(pos, *heard.move);
  for (core::Move m : heard.alternatives) all_legal = all_legal && legal(pos, m);
  if (all_legal) return speech::describe(heard, pos);
  // Heard in an earlier position: SAN cannot be written here, UCI can.
  std::string words;
  for (const auto& w : heard.words) words += (words.empty() ? "" : " ") + w;
  const std::string tail = " \"" + words + "\" " + speech::confidence_text(heard);
  std::string readings;
  for (core::Move m : heard.alternatives)
    readings += (readings.empty() ? "" : " or ") + move_text(pos, m);
  switch (heard.kind) {
    case speech::HeardKind::Move:
      return std::string(heard.correction ? "correction " : "move ") + move_text(pos, *heard.move) +
             tail;
    case speech::HeardKind::Unsure:
      return "unsure" + tail + (readings.empty() ? "" : ": " + readings) + " (" + heard.why + ")";
    default:
      return speech::describe(heard, pos);
  }
}

speech::Phrase ask_again(const speech::Vocabulary& v, const core::Position& pos,
                         const std::vector<core::Move>& readings) {
  const AskWords& words = ask_words(v);
  speech::Phrase phrase;
  phrase.kind = speech::PhraseKind::Message;
  phrase.voice = v.voice();
  for (core::Move m : readings) {
    if (!legal(pos, m)) continue;
    const auto said = speech::phrase_for_move(v, pos, m);
    const std::string join = phrase.text.empty() ? "" : std::string(" ") + words.or_word + " ";
    phrase.text += join + said.text;
    phrase.spoken += join + (said.spoken.empty() ? said.text : said.spoken);
  }
  if (phrase.text.empty()) {
    phrase.text = phrase.spoken = words.again;
    return phrase;
  }
  phrase.text += "?";
  phrase.spoken += "?";
  return phrase;
}

speech::Phrase dropped(const speech::Vocabulary& v, const core::Position& pos, core::Move move) {
  const AskWords& words = ask_words(v);
  const auto said = speech::phrase_for_move(v, pos, move);
  speech::Phrase phrase;
  phrase.kind = speech::PhraseKind::Message;
  phrase.voice = v.voice();
  phrase.text = said.text + ": " + words.dropped;
  phrase.spoken = (said.spoken.empty() ? said.text : said.spoken) + ": " + words.dropped;
  return phrase;
}

speech::Phrase assistant_confirms(const speech::Vocabulary& v) {
  speech::Phrase phrase;
  phrase.kind = speech::PhraseKind::Message;
  phrase.voice = v.voice();
  phrase.text = phrase.spoken = ask_words(v).assistant;
  return phrase;
}

speech::Phrase announcement_differs(const speech::Vocabulary& v, const core::Position& before,
                                    Mismatch moves) {
  const AskWords& words = ask_words(v);
  const auto said = speech::phrase_for_move(v, before, moves.announced);
  const auto board = speech::phrase_for_move(v, before, moves.shown);
  speech::Phrase phrase;
  phrase.kind = speech::PhraseKind::Message;
  phrase.voice = v.voice();
  const auto spoken = [](const speech::Phrase& p) { return p.spoken.empty() ? p.text : p.spoken; };
  phrase.text = std::string(words.announced) + ": " + said.text + ". " + words.board_shows + ": " +
                board.text + ".";
  phrase.spoken = std::string(words.announced) + ": " + spoken(said) + ". " + words.board_shows +
                  ": " + spoken(board) + ".";
  return phrase;
}

std::string speech_times(std::chrono::nanoseconds spoken, std::chrono::nanoseconds decode_delay) {
  const auto seconds = [](std::chrono::nanoseconds d) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(d).count();
    char text[32];
    std::snprintf(text, sizeof text, "%.2f s", static_cast<double>(ms) / 1000.0);
    return std::string(text);
  };
  return "speech " + seconds(spoken) + ", decoded " + seconds(decode_delay) + " after its end";
}

std::string own_announcement_differs(const std::string& said, const std::string& shown) {
  return format(tr("voice: the VI player announced {said}, but his pegboard shows {shown}; told "
                   "privately (D.2.3)"),
                {{"said", said}, {"shown", shown}});
}

std::string talk_line(bool held) {
  return held ? tr("voice: push-to-talk held: listening")
              : tr("voice: push-to-talk released: what was said is heard now");
}

std::string again_words(const speech::Vocabulary& v) {
  return ask_words(v).again;
}

std::string talk_unchanged(bool held) {
  return held ? tr("voice: push-to-talk is already held: still listening")
              : tr("voice: push-to-talk was not held: nothing to release");
}

std::string_view confirm_rule_name(config::VoiceConfirm rule) {
  switch (rule) {
    case config::VoiceConfirm::AtOnce:
      return "at once";
    case config::VoiceConfirm::Word:
      return "word";
    case config::VoiceConfirm::Assistant:
      return "assistant";
  }
  return "word";
}

std::string heard_line(const std::string& reading, const std::string& action) {
  // TRANSLATORS: {reading} is what the recogniser read (kept in English, as the log keeps it),
  // {action} what the station did with it.
  return format(tr("voice: heard {reading}: {action}"), {{"reading", reading}, {"action", action}});
}

std::string waiting_for_word(const std::string& san) {
  return format(
      tr("voice: {move} repeated aloud; it is entered when the speaker says \"ja\" or the "
         "assistant types yes; \"nein\" or no drops it (D.2.1)"),
      {{"move", san}});
}

std::string waiting_for_assistant(const std::string& san) {
  return format(tr("voice: {move} repeated aloud; type yes to enter it, no to drop it (D.2.1)"),
                {{"move", san}});
}

std::string claim_refused_game_over() {
  return tr("voice: draw claim not possible: the game is over; told privately");
}

std::string claim_refused_not_to_move() {
  return tr(
      "voice: draw claim not possible: only the player to move claims (Art. 9.2, 9.3); "
      "told privately");
}

std::string assistant_answered(const std::string& uci, bool yes) {
  return format(yes ? tr("voice: {move} confirmed by the assistant (yes)")
                    : tr("voice: {move} dropped by the assistant (no); the speaker is asked again"),
                {{"move", uci}});
}

std::string not_confirmed(int seconds) {
  return format(tr("voice: no confirmation within {seconds} s (voice.confirm_seconds); nothing "
                   "was entered"),
                {{"seconds", std::to_string(seconds)}});
}

std::string dropped_line(const std::string& san, const std::string& why) {
  return format(tr("voice: the read-back {move} is dropped, not entered: {why}; said aloud"),
                {{"move", san}, {"why", why}});
}

std::string because_move_made(const std::string& made) {
  return format(tr("{move} was made meanwhile"), {{"move", made}});
}

std::string because_new_move(const std::string& heard) {
  return format(tr("{move} was heard and read back instead"), {{"move", heard}});
}

std::string because_not_running() {
  return tr("the game ended or was adjourned");
}

std::string ambiguous_line(const std::string& san, const std::string& question) {
  return format(tr("voice: the sighted player's {move} waits, and so does the VI player's "
                   "question \"{question}\": the microphone cannot tell who answered, so it "
                   "answers neither; the assistant types yes or no for the move, the VI player "
                   "answers with his CONFIRM key (Art. 5.1.2); both are told"),
                {{"move", san}, {"question", question}});
}

std::string key_only_line(const std::string& question) {
  return format(tr("voice: a spoken word does not carry out the VI player's \"{question}\": the "
                   "microphone cannot tell him from his opponent (Art. 5.1.2); only his CONFIRM "
                   "key does; told privately"),
                {{"question", question}});
}

std::string nothing_waits(bool yes) {
  return yes ? tr("voice: yes: no heard move waits for confirmation; nothing was entered")
             : tr("voice: no: no heard move waits for confirmation; nothing was dropped");
}

std::string ja_to_two_readings() {
  return tr(
      "voice: a \"ja\" does not answer the question of two readings: the speaker is asked "
      "to say his move again (D.2.1)");
}

std::string not_entered(const std::string& san) {
  return format(tr("voice: {move} was heard but not recorded (the line before says why)"),
                {{"move", san}});
}

std::string no_voice_input(const std::string& why) {
  return format(tr("{why}; the game goes on without voice input (the assistant enters the moves)"),
                {{"why", why}});
}

std::string voice_source(const std::string& input, config::VoiceConfirm rule) {
  return format(tr("his spoken announcement (voice.input \"{input}\", voice.confirm \"{rule}\")"),
                {{"input", input}, {"rule", std::string(confirm_rule_name(rule))}});
}

}  // namespace annabella::app::voice_text
