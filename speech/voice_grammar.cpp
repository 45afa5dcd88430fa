#include "speech/voice_grammar.h"

#include <algorithm>
#include <functional>

#include "core/movegen.h"
#include "speech/phrases.h"
#include "speech/pronunciation.h"

namespace annabella::speech {
namespace {

std::vector<std::string> split_blanks(std::string_view text) {
  std::vector<std::string> out;
  std::string current;
  for (char c : text) {
    if (c == ' ' || c == ',' || c == '.' || c == ';' || c == ':' || c == '!' || c == '?') {
      if (!current.empty()) out.push_back(std::move(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) out.push_back(std::move(current));
  return out;
}

Word word_or(const Vocabulary& v, std::string_view key, const char* fallback) {
  if (const auto* w = v.find(key)) return *w;
  return {fallback, fallback};
}

Word joined(const Word& a, const Word& b) {
  return {a.display + " " + b.display, a.spoken + " " + b.spoken};
}

Word file_word(const Vocabulary& v, int file) {
  return v.word(std::string("file.") + char('a' + file));
}
Word rank_word(const Vocabulary& v, int rank) {
  return v.word(std::string("rank.") + char('1' + rank));
}

// The ways of saying one move: the short and long forms of D.2.1, each with and without the
// check or mate word (speakers leave it out).
std::vector<Word> move_forms(const Vocabulary& v, const core::Position& pos, core::Move m) {
  std::vector<Word> forms;
  const bool check = pos.gives_check(m);
  for (MoveForm form : {MoveForm::Short, MoveForm::Long}) {
    const Phrase p = phrase_for_move(v, pos, m, {form, false});
    const Word w{p.text, p.spoken};
    if (std::find(forms.begin(), forms.end(), w) != forms.end()) continue;
    forms.push_back(w);
    if (check) {  // the same without its last word ("Schach" / "Matt")
      const auto cut = w.spoken.find_last_of(' ');
      const auto cut_display = w.display.find_last_of(' ');
      if (cut != std::string::npos && cut_display != std::string::npos)
        forms.push_back({w.display.substr(0, cut_display), w.spoken.substr(0, cut)});
    }
  }
  return forms;
}

// The top of every grammar: a move, a slip corrected ("[<move>] nein <move>", D.2.8), a command,
// or garbage (weighted down, so that it wins only where no phrase fits). `moves` adds the move
// paths between two states (nothing when there are no moves). With `phone_loop`, also any
// sequence of the model's phones, each weighted kPhoneLoopLogWeight: the runner-up's stand-in
// for speech outside the grammar.
using MovePaths = std::function<void(WordGraph&, Between)>;

// `claim` (not empty): the draw claim's words followed by one of `claimed_moves`, the intended
// one (Art. 9.2.1.1): the legal moves only, so that the claim adds one copy of the legal phrases
// and not another of the illegal syntax (what is heard is asked back before it counts).
WordGraph top_level(const MovePaths& moves, const std::vector<std::vector<std::string>>& commands,
                    const std::string& no_token, const std::vector<std::string>& claim,
                    const std::vector<std::vector<std::string>>& claimed_moves, bool phone_loop) {
  WordGraph g;
  if (moves) {
    const int move_end = g.add_state(), correction = g.add_state();
    moves(g, {g.start, move_end});
    g.add_null(move_end, g.final);
    g.add_arc(move_end, correction, no_token);
    g.add_arc(g.start, correction, no_token);
    moves(g, {correction, g.final});
    if (!claim.empty() && !claimed_moves.empty()) {
      const int claimed = g.add_state();
      g.add_sequence({g.start, claimed}, claim);
      g.add_phrases({claimed, g.final}, claimed_moves);
    }
  }
  g.add_phrases({g.start, g.final}, commands);
  const int garbage = g.add_state();
  for (const auto& token : garbage_tokens()) {
    g.add_arc(g.start, garbage, token, kGarbageLogWeight);
    g.add_arc(garbage, garbage, token, kGarbageLoopLogWeight);
  }
  g.add_null(garbage, g.final);
  if (phone_loop) {
    const int phones = g.add_state();
    g.add_null(g.start, phones);
    for (const auto& token : phone_loop_tokens())
      g.add_arc(phones, phones, token, kPhoneLoopLogWeight);
    g.add_null(phones, g.final);
  }
  return g;
}

// Where the word for `key` was given, for messages: the profile's line, the configuration key,
// or "its default".
std::string given_at(const Vocabulary& v, const std::string& key) {
  const std::string origin = v.origin(key);
  return origin.empty() ? std::string("its default") : origin;
}

// One command as said: its key (its `listen.*` word, with the rank or file word it is said
// with), its words, where they were given and its tokens.
struct SaidCommand {
  std::string key;  // "listen.draw", "listen.board_rank + rank.4"
  std::string shown;
  std::string where;
  std::vector<std::string> tokens;
  [[nodiscard]] std::string named() const { return key + " \"" + shown + "\" (" + where + ")"; }
};

std::vector<SaidCommand> said_commands(const Vocabulary& v, const CommandWords& c) {
  std::vector<SaidCommand> said;
  const std::pair<const char*, const Word*> plain[] = {
      {"time", &c.time},         {"repeat", &c.repeat}, {"moves", &c.moves},
      {"captured", &c.captured}, {"draw", &c.draw},     {"resign", &c.resign},
      {"claim", &c.claim},       {"yes", &c.yes},       {"no", &c.no}};
  for (const auto& [name, word] : plain) {
    const std::string key = std::string("listen.") + name;
    said.push_back({key, word->display, given_at(v, key), voice_tokens(word->spoken)});
  }
  for (int i = 0; i < 8; ++i) {
    const std::string rank = std::string("rank.") + char('1' + i);
    const std::string file = std::string("file.") + char('a' + i);
    const Word by_rank = joined(c.board_rank, rank_word(v, i));
    const Word by_file = joined(c.board_file, file_word(v, i));
    said.push_back({"listen.board_rank + " + rank, by_rank.display,
                    given_at(v, "listen.board_rank") + ", " + given_at(v, rank),
                    voice_tokens(by_rank.spoken)});
    said.push_back({"listen.board_file + " + file, by_file.display,
                    given_at(v, "listen.board_file") + ", " + given_at(v, file),
                    voice_tokens(by_file.spoken)});
  }
  return said;
}

}  // namespace

const std::vector<std::string>& garbage_tokens() {
  static const std::vector<std::string> tokens = {"gbgspeech", "gbgnoise"};
  return tokens;
}

const std::vector<std::string>& phone_loop_tokens() {
  static const std::vector<std::string> tokens = [] {
    std::vector<std::string> out;
    for (const auto& phone : cmu_phone_set()) {
      std::string token = "gbg";
      for (char c : phone) token += char(c - 'A' + 'a');
      out.push_back(token);
    }
    return out;
  }();
  return tokens;
}

void add_garbage_words(PronunciationDictionary& dictionary) {
  // The acoustic model's own garbage units: trained on speech and noise no word accounts for.
  dictionary.add_phones("gbgspeech", {"+SPN+"});
  dictionary.add_phones("gbgnoise", {"+NSN+"});
  const auto& tokens = phone_loop_tokens();
  for (std::size_t i = 0; i < tokens.size(); ++i)
    dictionary.add_phones(tokens[i], {cmu_phone_set()[i]});
}

bool is_garbage_token(std::string_view token) {
  return token.starts_with("gbg");
}

std::vector<std::vector<std::string>> VoiceGrammar::command_phrases() const {
  std::vector<std::vector<std::string>> out;
  for (const auto& p : phrases_)
    if (p.command) out.push_back(p.tokens);
  return out;
}

CommandWords CommandWords::for_profile(const Vocabulary& v) {
  const bool german = v.language() == "de";
  auto pick = [&](const char* key, const char* de, const char* en) {
    return word_or(v, std::string("listen.") + key, german ? de : en);
  };
  CommandWords c;
  c.time = pick("time", "Zeit", "time");
  c.repeat = pick("repeat", "Wiederholen", "repeat");
  c.moves = pick("moves", "Partie", "moves");
  c.board_rank = pick("board_rank", "Brett Reihe", "board rank");
  c.board_file = pick("board_file", "Brett Linie", "board file");
  c.captured = pick("captured", "Geschlagen", "captured");
  c.draw = pick("draw", "Remis", "draw");
  c.resign = pick("resign", "Aufgabe", "resign");
  c.claim = pick("claim", "Remis Reklamation", "claim draw");  // Art. 9.2, 9.3
  c.yes = pick("yes", "ja", "yes");
  c.no = pick("no", "nein", "no");
  return c;
}

std::string join_tokens(const std::vector<std::string>& tokens) {
  std::string out;
  for (const auto& t : tokens) out += (out.empty() ? "" : " ") + t;
  return out;
}

Result<std::string> VoiceGrammar::tokens_of(const Word& words) {
  std::string out;
  for (const auto& w : split_blanks(words.spoken)) {
    const std::string token = voice_token(w);
    if (token.empty())
      return fail("the word \"" + w + "\" of \"" + words.display +
                  "\" has no letters a-z: the en-us acoustic model cannot hear it");
    spoken_.emplace(token, w);
    out += (out.empty() ? "" : " ") + token;
  }
  if (out.empty()) return fail("an empty phrase in the grammar");
  return out;
}

Status VoiceGrammar::add(const Word& words, std::optional<core::Move> move,
                         std::optional<VoiceCommand> command) {
  auto text = tokens_of(words);
  if (!text) return fail(text.error());
  GrammarPhrase phrase{split_blanks(*text), move, command};
  if (by_text_.count(*text)) return {};  // said the same way as an earlier phrase: keep that one
  by_text_[*text] = phrases_.size();
  phrases_.push_back(std::move(phrase));
  return {};
}

Result<VoiceGrammar> VoiceGrammar::build(const Vocabulary& v, const core::Position& pos,
                                         const CommandWords& commands, bool illegal_moves) {
  VoiceGrammar g;
  g.position_key_ = pos.key();
  g.illegal_moves_ = illegal_moves;
  for (core::Move m : core::legal_moves(pos))
    for (const Word& form : move_forms(v, pos, m))
      if (auto ok = g.add(form, m, std::nullopt); !ok) return fail(ok.error());
  using K = VoiceCommandKind;
  const std::pair<const Word*, K> plain[] = {{&commands.time, K::Time},
                                             {&commands.repeat, K::Repeat},
                                             {&commands.moves, K::Moves},
                                             {&commands.captured, K::Captured},
                                             {&commands.draw, K::DrawOffer},
                                             {&commands.resign, K::Resign},
                                             {&commands.claim, K::DrawClaim},
                                             {&commands.yes, K::Yes},
                                             {&commands.no, K::No}};
  for (const auto& [words, kind] : plain)
    if (auto ok = g.add(*words, std::nullopt, VoiceCommand{kind, -1}); !ok) return fail(ok.error());
  for (int i = 0; i < 8; ++i) {
    if (auto ok = g.add(joined(commands.board_rank, rank_word(v, i)), std::nullopt,
                        VoiceCommand{K::BoardRank, i});
        !ok)
      return fail(ok.error());
    if (auto ok = g.add(joined(commands.board_file, file_word(v, i)), std::nullopt,
                        VoiceCommand{K::BoardFile, i});
        !ok)
      return fail(ok.error());
  }
  g.no_token_ = voice_token(commands.no.spoken);
  auto claim = g.tokens_of(commands.claim);
  if (!claim) return fail(claim.error());
  g.claim_tokens_ = split_blanks(*claim);
  if (auto ok = g.build_syntax(v); !ok) return fail(ok.error());
  if (auto ok = g.check_commands(v, commands); !ok) return fail(ok.error());
  return g;
}

VoiceGrammar VoiceGrammar::of_phrases(const std::vector<std::vector<std::string>>& phrases) {
  VoiceGrammar g;
  g.illegal_moves_ = false;
  for (const auto& tokens : phrases) {
    for (const auto& token : tokens) g.spoken_.emplace(token, token);
    g.phrases_.push_back({tokens, std::nullopt, std::nullopt});
  }
  return g;
}

Status VoiceGrammar::check_commands(const Vocabulary& v, const CommandWords& commands) {
  const auto said = said_commands(v, commands);
  const std::string profile = "vocabulary profile " + v.name() + ": ";
  for (std::size_t i = 0; i < said.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j)
      if (said[i].tokens == said[j].tokens)
        return fail(profile + said[i].named() + " is said as " + said[j].named() +
                    ": voice input could not tell them apart; give one of them another word");
    // A command said as a move, or as a slip corrected ("nein" and a move, D.2.8).
    const auto& t = said[i].tokens;
    const bool correction = t.size() > 1 && t.front() == no_token_ &&
                            syntax_.accepts(std::vector<std::string>(t.begin() + 1, t.end()));
    if (syntax_.accepts(t) || correction)
      return fail(profile + said[i].named() + " is said as a move" +
                  (correction ? " corrected (D.2.8)" : "") +
                  ": voice input could not tell them apart; give it another word");
  }
  // The no-word corrects a move said after it ("nein, Springer Cesar drei"): a move's word as
  // the no-word would make "<word> <move>" two moves.
  const auto no = std::find_if(said.begin(), said.end(),
                               [](const SaidCommand& c) { return c.key == "listen.no"; });
  for (const auto& key : Vocabulary::move_keys()) {
    const auto words = voice_tokens(v.word(key).spoken);
    if (no != said.end() && std::find(words.begin(), words.end(), no_token_) != words.end())
      return fail(profile + no->named() + " is a word of " + key + " \"" + v.word(key).display +
                  "\" (" + given_at(v, key) +
                  "): a move corrected with it could not be told from a move; give one of them "
                  "another word");
  }
  return {};
}

Status VoiceGrammar::build_syntax(const Vocabulary& v) {
  using Tokens = std::vector<std::string>;
  auto said = [&](const Word& w) -> Result<Tokens> {
    auto t = tokens_of(w);
    if (!t) return fail(t.error());
    return split_blanks(*t);
  };
  std::vector<Tokens> files, ranks, pieces;
  for (int i = 0; i < 8; ++i) {
    auto file = said(file_word(v, i));
    auto rank = said(rank_word(v, i));
    if (!file || !rank) return fail(!file ? file.error() : rank.error());
    files.push_back(*file);
    ranks.push_back(*rank);
  }
  for (const char* p : {"king", "queen", "rook", "bishop", "knight", "pawn"}) {
    auto piece = said(v.word(std::string("piece.") + p));
    if (!piece) return fail(piece.error());
    pieces.push_back(*piece);
  }
  std::map<std::string, Tokens> word;
  for (const char* key : {"move.capture", "move.check", "move.mate", "move.en_passant",
                          "move.promotes_to", "castle.short", "castle.long"}) {
    auto t = said(v.word(key));
    if (!t) return fail(t.error());
    word[key] = *t;
  }
  // [piece] [file | rank | square] [capture] square [en passant] [promotes to piece] [check | mate]
  // and the castlings, each with an optional check or mate word.
  const MovePaths moves = [=](WordGraph& g, Between between) mutable {
    const int from = between.from, to = between.to;
    auto any_of = [&](Between hop, const std::vector<Tokens>& options) {
      for (const auto& o : options) g.add_sequence(hop, o);
    };
    const int piece = g.add_state(), destination = g.add_state(), after_file = g.add_state();
    const int capture = g.add_state(), file = g.add_state(), square = g.add_state();
    const int en_passant = g.add_state(), promotion = g.add_state(), ending = g.add_state();
    any_of({from, piece}, pieces);
    g.add_null(from, piece);
    any_of({piece, after_file}, files);  // a departure file, or the file of a departure square
    any_of({after_file, capture}, ranks);
    g.add_null(after_file, capture);
    any_of({piece, capture}, ranks);
    g.add_null(piece, capture);
    g.add_sequence({capture, destination}, word["move.capture"]);
    g.add_null(capture, destination);
    any_of({destination, file}, files);
    any_of({file, square}, ranks);
    g.add_sequence({square, en_passant}, word["move.en_passant"]);
    g.add_null(square, en_passant);
    const int promoted = g.add_state();
    g.add_sequence({en_passant, promoted}, word["move.promotes_to"]);
    any_of({promoted, promotion}, pieces);
    g.add_null(en_passant, promotion);
    g.add_null(promotion, ending);
    const int castled = g.add_state();
    g.add_sequence({from, castled}, word["castle.short"]);
    g.add_sequence({from, castled}, word["castle.long"]);
    g.add_null(castled, ending);
    g.add_sequence({ending, to}, word["move.check"]);
    g.add_sequence({ending, to}, word["move.mate"]);
    g.add_null(ending, to);
  };
  WordGraph& syntax = syntax_;
  syntax = WordGraph{};
  moves(syntax, {syntax.start, syntax.final});
  std::vector<std::vector<std::string>> legal;
  for (const auto& p : phrases_)
    if (p.move) legal.push_back(p.tokens);
  illegal_ = WordGraph{};
  illegal_.add_except({illegal_.start, illegal_.final}, syntax, legal);
  return {};
}

WordGraph VoiceGrammar::graph() const {
  return build_graph(nullptr);
}

WordGraph VoiceGrammar::graph_without(const Reading& reading) const {
  return build_graph(&reading);
}

WordGraph VoiceGrammar::build_graph(const Reading* without) const {
  const Reading reading = without ? *without : Reading{};
  // The first decode prefers a legal move when an illegal one is about as close; the runner-up
  // weighs every competitor by its sounds alone, and adds the phone loop.
  const double illegal_weight = without ? 0.0 : kIllegalLogWeight;
  // A draw claim's runner-up is anything but a claim (with or without a move).
  const bool claim = reading.command && reading.command->kind == VoiceCommandKind::DrawClaim;
  std::vector<std::vector<std::string>> moves, commands, claimed;
  for (const auto& p : phrases_) {
    if (p.move) claimed.push_back(p.tokens);
    if (without && (claim ? p.command == reading.command
                          : (p.move ? p.move == reading.move : p.command == reading.command)))
      continue;
    (p.move ? moves : commands).push_back(p.tokens);
  }
  // The legal moves, and every other move the words can describe (illegal here: a wrong or
  // misheard announcement must be able to win against the legal moves).
  const MovePaths move_paths = [&](WordGraph& g, Between between) {
    if (!moves.empty()) g.add_phrases(between, moves);
    if (!illegal_moves_) return;
    const int illegal = g.add_state();
    g.add_null(between.from, illegal, illegal_weight);
    g.add_graph({illegal, between.to}, illegal_);
  };
  // A grammar without moves (of_phrases) has no move paths, and no slip to correct.
  return top_level(moves.empty() && !illegal_moves_ ? MovePaths{} : move_paths, commands, no_token_,
                   claim ? std::vector<std::string>{} : claim_tokens_, claimed, without != nullptr);
}

std::vector<std::string> without_edge_garbage(const std::vector<std::string>& tokens) {
  auto first = std::find_if_not(tokens.begin(), tokens.end(), is_garbage_token);
  auto last = std::find_if_not(tokens.rbegin(), tokens.rend(), is_garbage_token).base();
  return first < last ? std::vector<std::string>(first, last) : std::vector<std::string>{};
}

std::optional<Reading> VoiceGrammar::read(const std::vector<std::string>& tokens) const {
  Reading reading;
  // "<claim words> <move>": a draw claim with the move intended (Art. 9.2.1.1, 9.3.1); a move
  // that is no legal phrase here is no reading.
  if (!claim_tokens_.empty() && tokens.size() > claim_tokens_.size() &&
      std::equal(claim_tokens_.begin(), claim_tokens_.end(), tokens.begin())) {
    const auto found = by_text_.find(join_tokens(
        {tokens.begin() + static_cast<std::ptrdiff_t>(claim_tokens_.size()), tokens.end()}));
    if (found == by_text_.end() || !phrases_[found->second].move) return std::nullopt;
    reading.move = phrases_[found->second].move;
    reading.command = VoiceCommand{VoiceCommandKind::DrawClaim, -1};
    return reading;
  }
  auto from = tokens.begin();
  // "[<move>] nein <move>": the last no-word followed by a move is a correction (D.2.8).
  for (auto it = tokens.end(); it != tokens.begin();) {
    --it;
    if (*it == no_token_ && it + 1 != tokens.end()) {
      from = it + 1;
      reading.correction = true;
      break;
    }
  }
  const auto found = by_text_.find(join_tokens({from, tokens.end()}));
  if (found == by_text_.end()) return std::nullopt;
  const GrammarPhrase& phrase = phrases_[found->second];
  if (reading.correction && !phrase.move) return std::nullopt;
  reading.move = phrase.move;
  reading.command = phrase.command;
  return reading;
}

}  // namespace annabella::speech
