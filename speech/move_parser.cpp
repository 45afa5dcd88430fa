#include "speech/move_parser.h"

#include <algorithm>
#include <array>
#include <optional>
#include <sstream>

#include "core/movegen.h"
#include "speech/phrases.h"

namespace annabella::speech {
namespace {

using Sense = MoveParser::Sense;
using Meaning = MoveParser::Meaning;
using Kind = HeardMoveError::Kind;
using Detail = HeardMoveError::Detail;

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += char(c);
  } else if (c < 0x800) {
    out += char(0xC0 | (c >> 6));
    out += char(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += char(0xE0 | (c >> 12));
    out += char(0x80 | ((c >> 6) & 0x3F));
    out += char(0x80 | (c & 0x3F));
  } else {
    out += char(0xF0 | (c >> 18));
    out += char(0x80 | ((c >> 12) & 0x3F));
    out += char(0x80 | ((c >> 6) & 0x3F));
    out += char(0x80 | (c & 0x3F));
  }
}

// Splits text into words at blanks and punctuation (keeping the signs of written moves: - x = + #).
std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  std::string current;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ';' || c == '.' ||
        c == '!' || c == '?' || c == '(' || c == ')' || c == '"' || c == ':') {
      if (!current.empty()) words.push_back(std::move(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) words.push_back(std::move(current));
  return words;
}

// The piece a capital letter stands for in `letters`, or 0.
int piece_letter(char c, const core::PieceLetters& letters) {
  for (int pt = core::PAWN; pt <= core::KING; ++pt)
    if (letters.letters[pt].size() == 1 && letters.letters[pt][0] == c) return pt;
  return 0;
}

// A word written the way moves are written ("f3", "Sf3", "exd5", "e8=Q", "O-O", "g1-f3"), read in
// one letter set. A capital A-H is a file only when no accepted set has it as a piece letter
// (German "D" is a queen, never the d file); *by_letter tells whether a piece letter was read.
std::optional<std::vector<Meaning>> read_written(std::string_view token,
                                                 const core::PieceLetters& letters,
                                                 const std::vector<core::PieceLetters>& accepted,
                                                 bool* by_letter) {
  std::string castle;
  for (char c : token)
    if (c != '-') castle += c;
  if (castle == "OO" || castle == "00" || castle == "oo")
    return std::vector{Meaning{Sense::CastleShort}};
  if (castle == "OOO" || castle == "000" || castle == "ooo")
    return std::vector{Meaning{Sense::CastleLong}};
  auto letter_elsewhere = [&](char c) {
    return std::any_of(accepted.begin(), accepted.end(),
                       [&](const core::PieceLetters& l) { return piece_letter(c, l) != 0; });
  };
  static constexpr std::string_view kSigns = "xX:+#=";
  static constexpr std::array<Sense, 6> kSignSenses = {
      Sense::Capture, Sense::Capture, Sense::Capture, Sense::Check, Sense::Mate, Sense::Promotes};
  std::vector<Meaning> out;
  for (char c : token) {
    if (c >= 'a' && c <= 'h') {
      out.push_back({Sense::File, c - 'a'});
    } else if (c >= '1' && c <= '8') {
      out.push_back({Sense::Rank, c - '1'});
    } else if (const auto sign = kSigns.find(c); sign != std::string_view::npos) {
      out.push_back({kSignSenses[sign]});
    } else if (c == '-') {
      continue;
    } else if (c >= 'A' && c <= 'Z' && piece_letter(c, letters)) {
      out.push_back({Sense::Piece, piece_letter(c, letters)});
      *by_letter = true;
    } else if (c >= 'A' && c <= 'H' && !letter_elsewhere(c)) {
      out.push_back({Sense::File, c - 'A'});
    } else {
      return std::nullopt;
    }
  }
  if (out.empty()) return std::nullopt;
  return out;
}

// A square as far as the words give it: a file, a rank, or both.
struct PartialSquare {
  int file = -1, rank = -1;
  bool full() const { return file >= 0 && rank >= 0; }
  bool fits(core::Square s) const {
    return (file < 0 || core::file_of(s) == file) && (rank < 0 || core::rank_of(s) == rank);
  }
};

// A move as the words describe it.
struct Description {
  bool castle_short = false, castle_long = false;
  int piece = 0, captured = 0, promotion = 0;  // PieceType or 0
  bool capture = false, en_passant = false, promotes = false;
  std::vector<PartialSquare> squares;
};

// Where a piece word goes in a description, from the words before it.
enum class PieceSlot { Moving, Captured, Promotion, OutOfPlace };
PieceSlot piece_slot(const Description& d, bool after_promotes, bool after_capture,
                     bool last_was_square) {
  if (after_promotes) return PieceSlot::Promotion;  // "wird Dame"
  if (after_capture && !d.captured && !last_was_square)
    return PieceSlot::Captured;  // "schlaegt Springer Cesar sechs"
  if (!d.piece && d.squares.empty() && !after_capture) return PieceSlot::Moving;
  if (last_was_square && d.squares.back().full() && !d.promotion)
    return PieceSlot::Promotion;  // a piece right after the destination: "Eva acht Dame"
  return PieceSlot::OutOfPlace;
}

// A file, a rank, or a file and the rank that follows it, from meanings[*i] on.
PartialSquare read_square(const std::vector<Meaning>& meanings, std::size_t* i) {
  PartialSquare s;
  const Meaning m = meanings[*i];
  if (m.sense == Sense::Rank) {
    s.rank = m.value;
    return s;
  }
  s.file = m.value;
  if (*i + 1 < meanings.size() && meanings[*i + 1].sense == Sense::Rank)
    s.rank = meanings[++*i].value;
  return s;
}

// What a description cannot be: "" when it describes a move.
Detail description_problem(const Description& d) {
  if (d.castle_short && d.castle_long) return Detail::BothCastlings;
  if (d.squares.size() > 2) return Detail::TooManySquares;
  if (d.castle_short || d.castle_long) return Detail::None;
  if (d.squares.empty()) return Detail::NoSquare;
  if (!d.squares.back().full()) return Detail::DestinationIncomplete;
  return Detail::None;
}

// The signs that set a flag of the description.
void apply_sign(Sense sense, Description& d) {
  switch (sense) {
    case Sense::CastleShort:
      d.castle_short = true;
      break;
    case Sense::CastleLong:
      d.castle_long = true;
      break;
    case Sense::Capture:
      d.capture = true;
      break;
    case Sense::EnPassant:
      d.en_passant = d.capture = true;
      break;
    case Sense::Promotes:
      d.promotes = true;
      break;
    default:
      break;
  }
}

Result<Description, Detail> describe(const std::vector<Meaning>& meanings) {
  Description d;
  bool last_was_square = false, after_capture = false, after_promotes = false;
  for (std::size_t i = 0; i < meanings.size(); ++i) {
    const Meaning m = meanings[i];
    if (m.sense == Sense::Ignore) continue;
    const bool square = m.sense == Sense::File || m.sense == Sense::Rank;
    if (square) {
      d.squares.push_back(read_square(meanings, &i));
    } else if (m.sense == Sense::Piece) {
      switch (piece_slot(d, after_promotes, after_capture, last_was_square)) {
        case PieceSlot::Moving:
          d.piece = m.value;
          break;
        case PieceSlot::Captured:
          d.captured = m.value;
          break;
        case PieceSlot::Promotion:
          d.promotion = m.value;
          break;
        case PieceSlot::OutOfPlace:
          return fail_with(Detail::PieceOutOfPlace);
      }
    } else {
      apply_sign(m.sense, d);
      after_capture = after_capture || m.sense == Sense::Capture;
      after_promotes = after_promotes || m.sense == Sense::Promotes;
    }
    last_was_square = square;
  }
  if (const Detail problem = description_problem(d); problem != Detail::None)
    return fail_with(problem);
  return d;
}

bool fits(const core::Position& pos, core::Move m, const Description& d, bool strict) {
  if (d.castle_short || d.castle_long) {
    if (m.kind() != core::MoveKind::Castling) return false;
    const bool king_side = core::file_of(m.to()) > core::file_of(m.from());
    return king_side == d.castle_short;
  }
  const auto pt = core::type_of(pos.piece_on(m.from()));
  const PartialSquare& to = d.squares.back();
  if (!to.fits(m.to())) return false;
  if (d.squares.size() == 2 && !d.squares.front().fits(m.from())) return false;
  if (d.piece) {
    if (pt != d.piece) return false;
  } else if (strict && d.squares.size() == 1 && pt != core::PAWN) {
    return false;  // "Eva vier" is a pawn move, as in SAN
  }
  const bool capture = pos.is_capture(m);
  if (d.capture && !capture) return false;
  if (strict && !d.capture && capture) return false;
  if (d.captured && core::type_of(pos.captured_piece(m)) != d.captured) return false;
  if (d.en_passant && m.kind() != core::MoveKind::EnPassant) return false;
  if (d.promotion && (m.kind() != core::MoveKind::Promotion || m.promotion() != d.promotion))
    return false;
  if (d.promotes && m.kind() != core::MoveKind::Promotion) return false;
  return true;
}

}  // namespace

namespace {
// One code point folded: lower case (Latin, Latin-1, Cyrillic), ё as е, umlauts without their
// dots; ß is handled by the caller.
char32_t fold_code_point(char32_t c) {
  if (c >= 'A' && c <= 'Z') return c + 32;
  if (c >= 0xC0 && c <= 0xDE && c != 0xD7) c += 32;  // Latin-1 capitals
  if (c >= 0x410 && c <= 0x42F) return c + 32;       // Cyrillic capitals
  if (c == 0x401 || c == 0x451) return 0x435;        // ё -> е
  if (c == 0xE4) return 'a';                         // ä
  if (c == 0xF6) return 'o';                         // ö
  if (c == 0xFC) return 'u';                         // ü
  return c;
}

// The code point at word[*i] (lenient: a cut sequence gives what is there), *i moved past it.
char32_t next_code_point(std::string_view word, std::size_t* i) {
  const auto b0 = static_cast<unsigned char>(word[*i]);
  char32_t c = b0;
  int extra = 0;
  if (b0 >= 0xF0) {
    c = b0 & 0x07, extra = 3;
  } else if (b0 >= 0xE0) {
    c = b0 & 0x0F, extra = 2;
  } else if (b0 >= 0xC0) {
    c = b0 & 0x1F, extra = 1;
  }
  ++*i;
  for (int k = 0; k < extra && *i < word.size(); ++k, ++*i)
    c = (c << 6) | (static_cast<unsigned char>(word[*i]) & 0x3F);
  return c;
}
}  // namespace

std::string MoveParser::fold(std::string_view word) {
  std::string out;
  for (std::size_t i = 0; i < word.size();) {
    const char32_t c = fold_code_point(next_code_point(word, &i));
    if (c == 0xDF)  // ß
      out += "ss";
    else
      append_utf8(out, c);
  }
  // The rulebook's ASCII spellings: Laeufer = Läufer, Koenig = König, fuenf = fünf.
  for (const char* digraph : {"ae", "oe", "ue"}) {
    for (auto at = out.find(digraph); at != std::string::npos; at = out.find(digraph, at))
      out.erase(at + 1, 1);
  }
  return out;
}

MoveParser::MoveParser(Vocabulary primary, std::vector<core::PieceLetters> letters)
    : primary_(std::move(primary)), sets_(std::move(letters)) {
  if (sets_.empty()) {
    // D.2.1: English and the profile's language; a text they read differently is asked about.
    sets_.push_back(core::english_letters());
    if (auto own = core::piece_letters_for(primary_.language()); own && own->code != "en")
      sets_.push_back(*own);
  }
  add_words(primary_);
  for (const auto& name : Vocabulary::profile_names()) {
    if (name == primary_.name()) continue;
    if (auto v = Vocabulary::load(name)) add_words(*v);
  }
  lexicon_.push_back({{"ep"}, {Sense::EnPassant}});
  lexicon_.push_back({{"x"}, {Sense::Capture}});
  std::stable_sort(lexicon_.begin(), lexicon_.end(),
                   [](const Entry& a, const Entry& b) { return a.words.size() > b.words.size(); });
}

void MoveParser::add_words(const Vocabulary& v) {
  auto add = [&](const Word& word, Meaning meaning) {
    for (const std::string* spelling : {&word.display, &word.spoken}) {
      Entry e;
      for (const auto& w : split_words(*spelling)) e.words.push_back(fold(w));
      if (e.words.empty()) continue;
      const bool known = std::any_of(lexicon_.begin(), lexicon_.end(),
                                     [&](const Entry& x) { return x.words == e.words; });
      if (!known) lexicon_.push_back({std::move(e.words), meaning});
    }
  };
  for (int f = 0; f < 8; ++f) add(v.word(std::string("file.") + char('a' + f)), {Sense::File, f});
  for (int r = 0; r < 8; ++r) add(v.word(std::string("rank.") + char('1' + r)), {Sense::Rank, r});
  const std::pair<const char*, core::PieceType> pieces[] = {
      {"king", core::KING},     {"queen", core::QUEEN},   {"rook", core::ROOK},
      {"bishop", core::BISHOP}, {"knight", core::KNIGHT}, {"pawn", core::PAWN}};
  for (const auto& [name, pt] : pieces) {
    const std::string key = std::string("piece.") + name;
    add(v.word(key), {Sense::Piece, pt});
    if (const auto* object = v.find(key + ".object")) add(*object, {Sense::Piece, pt});
  }
  add(v.word("castle.short"), {Sense::CastleShort});
  add(v.word("castle.long"), {Sense::CastleLong});
  add(v.word("move.capture"), {Sense::Capture});
  add(v.word("move.check"), {Sense::Check});
  add(v.word("move.mate"), {Sense::Mate});
  add(v.word("move.en_passant"), {Sense::EnPassant});
  add(v.word("move.promotes_to"), {Sense::Promotes});
  if (const auto* ignore = v.find("parse.ignore"))
    for (const auto& w : split_words(ignore->spoken)) add({w, w}, {Sense::Ignore});
}

// What one letter set makes of a text: the legal moves it fits, or why none.
struct MoveParser::SetOutcome {
  std::vector<core::Move> moves;
  bool by_letters = false;  // a piece letter of the set, or written notation, decided it
  std::optional<HeardMoveError> error;
};

// Every set's readings merged, and the most telling error for when there is none.
struct MoveParser::Collected {
  std::vector<core::MoveReading> readings;
  std::optional<HeardMoveError> error;
};

namespace {

HeardMoveError heard_error(Kind kind, Detail detail = Detail::None, std::string word = {}) {
  HeardMoveError error;
  error.kind = kind;
  error.detail = detail;
  error.word = std::move(word);
  return error;
}

// The legal moves a description fits: first as SAN means it ("Eva vier" is a pawn move, a
// capture is said), then loosely.
std::vector<core::Move> fitting_moves(const core::Position& pos, const Description& d) {
  std::vector<core::Move> candidates;
  const auto legal = core::legal_moves(pos);
  for (bool strict : {true, false}) {
    for (core::Move m : legal)
      if (fits(pos, m, d, strict)) candidates.push_back(m);
    if (!candidates.empty()) break;
  }
  return candidates;
}

}  // namespace

const MoveParser::Entry* MoveParser::longest_entry(const std::vector<std::string>& folded,
                                                   std::size_t at) const {
  for (const auto& e : lexicon_)  // longest first
    if (e.words.size() <= folded.size() - at &&
        std::equal(e.words.begin(), e.words.end(), folded.begin() + long(at)))
      return &e;
  return nullptr;
}

MoveParser::SetOutcome MoveParser::read_in(const core::Position& pos, std::string_view text,
                                           const core::PieceLetters& letters) const {
  SetOutcome outcome;
  const auto raw = split_words(text);
  std::vector<std::string> folded;
  for (const auto& w : raw) folded.push_back(fold(w));
  std::vector<Meaning> meanings;
  std::string unknown;
  for (std::size_t i = 0; i < folded.size();) {
    if (const Entry* best = longest_entry(folded, i)) {
      meanings.push_back(best->meaning);
      i += best->words.size();
    } else if (auto written = read_written(raw[i], letters, sets_, &outcome.by_letters)) {
      meanings.insert(meanings.end(), written->begin(), written->end());
      ++i;
    } else {
      unknown = raw[i];
      break;
    }
  }
  auto description = unknown.empty() ? describe(meanings) : fail_with(Detail::UnknownWord);
  if (description) outcome.moves = fitting_moves(pos, *description);
  if (!outcome.moves.empty()) return outcome;
  // Whatever the words do not explain may still be written notation the core reads (C.3).
  outcome.by_letters = true;
  auto written = core::read_move(pos, text, letters);
  if (written) {
    outcome.moves.push_back(*written);
  } else if (written.error().kind == core::MoveReadError::Kind::Ambiguous) {
    outcome.moves = written.error().candidates;
  } else if (written.error().kind == core::MoveReadError::Kind::Illegal) {
    // Written notation the position does not allow: why, as the core works it out (Art. 3).
    outcome.error = heard_error(Kind::Illegal);
    outcome.error->illegal = written.error().illegal;
  } else if (!unknown.empty()) {
    outcome.error = heard_error(Kind::NotAMove, Detail::UnknownWord, unknown);
  } else if (!description) {
    outcome.error = heard_error(Kind::NotAMove, description.error());
  } else {
    outcome.error = heard_error(Kind::Illegal, Detail::NoLegalFit);
  }
  return outcome;
}

MoveParser::Collected MoveParser::collect(const core::Position& pos, std::string_view text) const {
  Collected c;
  for (const core::PieceLetters& letters : sets_) {
    SetOutcome outcome = read_in(pos, text, letters);
    const std::string label = outcome.by_letters ? letters.code : "profile " + primary_.name();
    for (core::Move m : outcome.moves)
      if (std::none_of(c.readings.begin(), c.readings.end(),
                       [&](const core::MoveReading& r) { return r.move == m; }))
        c.readings.push_back({m, label});
    // An illegal move's reason says more than "not a move"; among equals, the first set's.
    if (outcome.error &&
        (!c.error || (c.error->kind == Kind::NotAMove && outcome.error->kind == Kind::Illegal)))
      c.error = std::move(outcome.error);
  }
  return c;
}

std::vector<core::PieceLetters> MoveParser::letters_setting(std::string_view code) {
  if (code.empty()) return {};
  auto letters = core::piece_letters_for(code);
  if (!letters) return {};
  return {*letters};
}

std::vector<core::MoveReading> MoveParser::readings(const core::Position& pos,
                                                    std::string_view text) const {
  return collect(pos, text).readings;
}

Result<core::Move, HeardMoveError> MoveParser::parse(const core::Position& pos,
                                                     std::string_view text) const {
  Collected c = collect(pos, text);
  if (c.readings.size() == 1) return c.readings.front().move;
  if (c.readings.empty()) {
    if (c.error) return fail_with(std::move(*c.error));
    return fail_with(heard_error(Kind::NotAMove));
  }
  // D.2.1: a text that fits several moves is never decided silently; the caller asks which
  // (every fitting move, its phrase, and the letters each reading came from).
  HeardMoveError ambiguous = heard_error(Kind::Ambiguous);
  for (const core::MoveReading& r : c.readings) {
    ambiguous.candidates.push_back(r.move);
    ambiguous.candidate_phrases.push_back(phrase_for_move(primary_, pos, r.move).text);
  }
  ambiguous.readings = std::move(c.readings);
  return fail_with(std::move(ambiguous));
}

}  // namespace annabella::speech
