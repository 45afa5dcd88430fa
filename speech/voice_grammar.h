// What the recogniser may hear in one position: every legal move in the profile's words (short
// and long forms, with or without the check word), the command words of the player's menu, and a
// slip corrected in the same breath ("Springer Felix drei, nein, Springer Gustav drei", D.2.8).
// The grammar is plain data (token sequences and what each means); the recogniser adapter turns
// it into its own form (a word graph, pocketsphinx's FSG), and `read` turns what was recognised
// back into a meaning.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "core/result.h"
#include "speech/pronunciation.h"
#include "speech/vocabulary.h"
#include "speech/voice_graph.h"

namespace annabella::speech {

// A request of the player's menu said aloud (app/console.h has the same requests as keys).
enum class VoiceCommandKind {
  Time,       // D.2.10.4: the times and the number of moves ("Zeit")
  Repeat,     // the last move again ("Wiederholen")
  Moves,      // the game so far ("Partie")
  BoardRank,  // what stands on a rank ("Brett Reihe vier"); `value` is the rank 0..7
  BoardFile,  // what stands on a file ("Brett Linie Eva"); `value` is the file 0..7
  Captured,   // the pieces taken so far ("Geschlagen")
  DrawOffer,  // Art. 9.1.2 ("Remis")
  Resign,     // Art. 5.1.2 ("Aufgabe")
  // Art. 9.2, 9.3: a draw claim by the player to move ("Remis Reklamation"), with the move he
  // intends said after it in the same breath (Reading::move, Art. 9.2.1.1, 9.3.1) or next.
  DrawClaim,
  Yes,  // confirms what the station repeated ("ja")
  No,   // rejects it ("nein"); before a move it corrects a slip (D.2.8)
};

struct VoiceCommand {
  VoiceCommandKind kind = VoiceCommandKind::Time;
  int value = -1;  // the rank or file of BoardRank / BoardFile
  friend bool operator==(const VoiceCommand&, const VoiceCommand&) = default;
};

// The command words: German for profiles in German, English otherwise; a profile may set its own
// with the optional keys listen.time, listen.repeat, listen.moves, listen.board_rank,
// listen.board_file, listen.captured, listen.draw, listen.resign, listen.claim, listen.yes,
// listen.no.
struct CommandWords {
  Word time, repeat, moves, board_rank, board_file, captured, draw, resign, claim, yes, no;
  static CommandWords for_profile(const Vocabulary& v);
};

// One way of saying something, and what it means.
struct GrammarPhrase {
  std::vector<std::string> tokens;  // dictionary tokens ("springer", "felix", "drei")
  std::optional<core::Move> move;
  std::optional<VoiceCommand> command;
};

// What a recognised token sequence means. A draw claim with its intended move has both.
struct Reading {
  std::optional<core::Move> move;
  std::optional<VoiceCommand> command;
  // The speaker corrected a slip: "nein, <move>" (D.2.8); `move` is the correction.
  bool correction = false;
};

class VoiceGrammar {
 public:
  // The grammar of `pos` in `v`'s words. Fails when a word has no letters a-z (a profile in
  // another script: the en-us acoustic model cannot hear it).
  // `illegal_moves` false leaves the other moves the words describe out of both decodes (the
  // legal moves, commands and garbage only): bench_voice --legal-only measures what that costs
  // and gains (docs/benchmarks.md); the station keeps them.
  static Result<VoiceGrammar> build(const Vocabulary& v, const core::Position& pos,
                                    const CommandWords& commands, bool illegal_moves = true);

  // A grammar of `phrases` (dictionary tokens) alone and the garbage loop, none of them a move or
  // a command: read() knows none, so a recogniser gives the first reading only. Speaker
  // adaptation checks with it that each reading is heard as its own prompt (an easy choice among
  // the prompts, docs/voice.md).
  static VoiceGrammar of_phrases(const std::vector<std::vector<std::string>>& phrases);

  const std::vector<GrammarPhrase>& phrases() const { return phrases_; }
  // Every token of the grammar and the spelling eSpeak NG reads for it ("funf" -> "fünf").
  const std::map<std::string, std::string>& spoken() const { return spoken_; }
  // The correction word's token ("nein").
  const std::string& no_token() const { return no_token_; }
  // The key (core::Position::key) of the position the grammar was built for.
  std::uint64_t position_key() const { return position_key_; }

  // The grammar as a word graph: the legal moves, every other move the words can describe
  // (piece, optional departure file, rank or square, capture, destination, en passant,
  // promotion, check: illegal here, so that a wrong or misheard move is not forced onto the
  // nearest legal one), a slip corrected with the no-word ("[<move>] nein <move>", D.2.8),
  // the commands, and a garbage loop (garbage_tokens) that speech outside the grammar falls
  // into. Every phrase has the same prior, illegal ones kIllegalLogWeight less: the acoustics
  // choose among them.
  WordGraph graph() const;
  // The grammar without every phrase that means what `reading` means (all forms of that move, or
  // that command): decoding it gives the runner-up reading, whose score margin says how close
  // the second-best meaning came (an n-best margin that pocketsphinx's lattice cannot give).
  WordGraph graph_without(const Reading& reading) const;

  // The meaning of a recognised token sequence; nullopt when it is no phrase of the grammar.
  std::optional<Reading> read(const std::vector<std::string>& tokens) const;

 private:
  Status add(const Word& words, std::optional<core::Move> move,
             std::optional<VoiceCommand> command);
  // The tokens of a word, each one's spoken spelling remembered for the dictionary.
  Result<std::string> tokens_of(const Word& words);
  Status build_syntax(const Vocabulary& v);
  // Every command said otherwise than every other one and than every move (tester s15, finding
  // 9: `listen.draw = ja` made every "ja" a draw offer, silently).
  Status check_commands(const Vocabulary& v, const CommandWords& commands);
  std::vector<std::vector<std::string>> command_phrases() const;
  WordGraph build_graph(const Reading* without) const;

  std::vector<GrammarPhrase> phrases_;
  std::map<std::string, std::size_t> by_text_;  // tokens joined by blanks -> phrase
  std::map<std::string, std::string> spoken_;
  std::string no_token_;
  std::vector<std::string> claim_tokens_;  // the draw claim's words, which a move may follow
  std::uint64_t position_key_ = 0;
  bool illegal_moves_ = true;
  WordGraph illegal_;  // every move the words can describe that is no legal phrase here
  WordGraph syntax_;   // every move the words can describe, legal or not
};

// The garbage loop's words: the acoustic model's own units for speech and noise that no word
// accounts for (+SPN+, +NSN+), and their pronunciations. Entering the loop costs
// kGarbageLogWeight (a grammar weight: the natural log of a probability, against 0 for a phrase;
// pocketsphinx scales grammar weights and acoustic scores alike, so that -100 here is about 0.1 in
// margin_of's units), each further unit kGarbageLoopLogWeight.
inline constexpr double kGarbageLogWeight = -40;
inline constexpr double kGarbageLoopLogWeight = -4.5;
// What a move the words describe but illegal here costs against a legal one (a grammar weight):
// players mostly say legal moves, yet an illegal one said clearly must win (docs/voice.md).
inline constexpr double kIllegalLogWeight = -100;
const std::vector<std::string>& garbage_tokens();
// The phone loop's words: one per phone of the model ("gbgaa" is AA), in the runner-up decode
// only, each phone weighted kPhoneLoopLogWeight (chosen on bench_voice --calibrate among -2, -3,
// -5, -8, -20, -50: the widest gap between wrong and right readings' margins).
const std::vector<std::string>& phone_loop_tokens();
inline constexpr double kPhoneLoopLogWeight = -3;
void add_garbage_words(PronunciationDictionary& dictionary);
bool is_garbage_token(std::string_view token);

// The tokens without the garbage units before and after the words (pocketsphinx puts them there
// like fillers, for a breath or room noise).
std::vector<std::string> without_edge_garbage(const std::vector<std::string>& tokens);

// Tokens joined by single blanks.
std::string join_tokens(const std::vector<std::string>& tokens);

}  // namespace annabella::speech
