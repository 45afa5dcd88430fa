// The move reader: see notation_reader.h and, for the grammar, notation_tokens.cpp.
//
// Matching the description against the legal moves: exactly one fits = the move; none fits =
// Illegal, with the reason worked out from the board (notation_explain.cpp); several fit =
// Ambiguous (candidates). Strict mode accepts canonical SAN only: the move found must write back
// to the same text.
#include "core/notation_reader.h"

#include <optional>

#include "core/bitboard.h"
#include "core/notation_explain.h"
#include "core/notation_tokens.h"
#include "core/notation_writer.h"

namespace annabella::core {

using namespace notation_detail;

namespace {

bool is_castling_king_move(Move m) {
  return m.kind() == MoveKind::Castling;
}

bool squares_fit(Move m, const Description& d) {
  if (d.to_file >= 0 && file_of(m.to()) != d.to_file) return false;
  if (d.to_rank >= 0 && rank_of(m.to()) != d.to_rank) return false;
  if (d.from_file >= 0 && file_of(m.from()) != d.from_file) return false;
  return d.from_rank < 0 || rank_of(m.from()) == d.from_rank;
}

// The piece written (or, without a letter, a pawn; lenient: the piece on a named departure
// square) is the piece that moves.
bool piece_fits(const Position& pos, Move m, const Description& d, bool lenient) {
  const PieceType pt = type_of(pos.piece_on(m.from()));
  if (d.piece != NO_PIECE_TYPE) {
    // Lenient: the king's two-square move ("Kg1", "Ke1-g1") is how castling begins (Art. 4.4.2).
    return pt == d.piece && (lenient || !is_castling_king_move(m));
  }
  // Long algebraic / UCI without a letter: the piece on the departure square.
  if (d.from_file >= 0 && d.from_rank >= 0) return lenient || pt == PAWN;
  return pt == PAWN;
}

bool fits(const Position& pos, Move m, const Description& d, bool lenient) {
  if (d.castling) {
    return m.kind() == MoveKind::Castling &&
           (d.castling == 1 ? file_of(m.to()) > file_of(m.from())
                            : file_of(m.to()) < file_of(m.from()));
  }
  // The destination first: it rules out most moves at once.
  if (!squares_fit(m, d)) return false;
  if (!piece_fits(pos, m, d, lenient)) return false;
  if (d.to_rank < 0 && !pos.is_capture(m)) return false;  // "ed": captures only
  if (d.promotion != NO_PIECE_TYPE)
    return m.kind() == MoveKind::Promotion && m.promotion() == d.promotion;
  return true;
}

MoveReadError make_error(MoveReadError::Kind kind, std::string_view text) {
  MoveReadError e;
  e.kind = kind;
  e.token = std::string(text);
  return e;
}
// What a canonical SAN text (without castling and check sign) says.
struct SanParts {
  PieceType piece = PAWN;
  Square to = SQ_NONE;
  PieceType promotion = NO_PIECE_TYPE;
  bool capture = false;
  int from_file = -1, from_rank = -1;
};

PieceType single_letter_piece(char c, const PieceLetters& letters) {
  for (int pt = KNIGHT; pt <= KING; ++pt)
    if (letters.letters[pt].size() == 1 && letters.letters[pt][0] == c) return PieceType(pt);
  return NO_PIECE_TYPE;
}

// [piece letter] [file] [rank] [x] square [=piece], in single ASCII letters; nothing else.
std::optional<SanParts> split_canonical_san(std::string_view s, const PieceLetters& letters) {
  SanParts p;
  if (s.size() >= 4 && s[s.size() - 2] == '=') {
    p.promotion = single_letter_piece(s.back(), letters);
    if (p.promotion == NO_PIECE_TYPE || p.promotion == KING) return std::nullopt;
    s.remove_suffix(2);
  }
  const int to_file = s[s.size() - 2] - 'a';
  const int to_rank = s[s.size() - 1] - '1';
  if (to_file < 0 || to_file > 7 || to_rank < 0 || to_rank > 7) return std::nullopt;
  p.to = make_square(to_file, to_rank);
  std::size_t i = 0;
  if (const PieceType lp = single_letter_piece(s[0], letters); lp != NO_PIECE_TYPE) {
    p.piece = lp;
    i = 1;
  }
  std::string_view middle = s.substr(i, s.size() - 2 - i);  // disambiguation and 'x'
  if (!middle.empty() && middle.back() == 'x') {
    p.capture = true;
    middle.remove_suffix(1);
  }
  for (char c : middle) {
    if (c >= 'a' && c <= 'h' && p.from_file < 0 && p.from_rank < 0)
      p.from_file = c - 'a';
    else if (c >= '1' && c <= '8' && p.from_rank < 0)
      p.from_rank = c - '1';
    else
      return std::nullopt;
  }
  return p;
}

// The one legal move the parts fit, with the departure squares of every move the piece letter
// and destination fit (the rivals a disambiguation tells apart); none when none or several fit.
Move find_san_move(const Position& pos, const MoveList& moves, const SanParts& p,
                   Bitboard* rivals) {
  Move found = Move::none();
  for (Move m : moves) {
    if (m.to() != p.to || m.kind() == MoveKind::Castling) continue;
    if (type_of(pos.piece_on(m.from())) != p.piece) continue;
    if (m.kind() == MoveKind::Promotion && m.promotion() != p.promotion) continue;
    *rivals |= square_bb(m.from());
    if (p.from_file >= 0 && file_of(m.from()) != p.from_file) continue;
    if (p.from_rank >= 0 && rank_of(m.from()) != p.from_rank) continue;
    if (!found.is_none()) return Move::none();  // ambiguous
    found = m;
  }
  return found;
}

// The fast path of strict reading for a move other than castling: the move only when the text is
// exactly what to_san writes (without the check sign).
Move read_canonical_piece_move(const Position& pos, const MoveList& moves, std::string_view s,
                               const PieceLetters& letters) {
  const auto p = split_canonical_san(s, letters);
  if (!p) return Move::none();
  if ((p->promotion != NO_PIECE_TYPE) !=
      (p->piece == PAWN && relative_rank(pos.side_to_move(), rank_of(p->to)) == 7))
    return Move::none();
  Bitboard rivals = 0;
  const Move found = find_san_move(pos, moves, *p, &rivals);
  if (found.is_none() || p->capture != pos.is_capture(found)) return Move::none();
  // The disambiguation to_san writes: a pawn capture always names its file, and nothing else.
  const Square from = found.from();
  const SanDisambiguation want = p->piece == PAWN
                                     ? SanDisambiguation{p->capture ? file_of(from) : -1, -1}
                                     : san_disambiguation(from, rivals & ~square_bb(from));
  if (p->from_file != want.file || p->from_rank != want.rank) return Move::none();
  return found;
}

// The fast path of strict reading: canonical SAN in single ASCII letters ("Nf3", "exd5", "Rad1+",
// "e8=Q#", "O-O"), the bulk of every PGN file. Returns the move only when the text is exactly
// what to_san writes (the check sign may be left out); anything else, including every error,
// goes through the general reader, which explains it.
std::optional<Move> read_canonical_san(const Position& pos, std::string_view s,
                                       const PieceLetters& letters) {
  char sign = 0;
  if (!s.empty() && (s.back() == '+' || s.back() == '#')) {
    sign = s.back();
    s.remove_suffix(1);
  }
  if (s.size() < 2) return std::nullopt;
  const MoveList moves = legal_moves(pos);
  Move found = Move::none();
  if (s == "O-O" || s == "O-O-O") {
    for (Move m : moves)
      if (m.kind() == MoveKind::Castling &&
          (file_of(m.to()) > file_of(m.from())) == (s.size() == 3))
        found = m;
  } else {
    found = read_canonical_piece_move(pos, moves, s, letters);
  }
  if (found.is_none()) return std::nullopt;
  if (sign) {
    if (!pos.gives_check(found)) return std::nullopt;
    if ((sign == '#') == has_legal_move(pos.after(found))) return std::nullopt;
  }
  return found;
}

}  // namespace

namespace {

using Kind = MoveReadError::Kind;

std::string_view trim_blanks(std::string_view text) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

// Step 1, the clean-up: decodes the token and strips what is not the move. Returns nothing when
// done, else why the token is not a move; the check or mate sign written goes to *check_sign.
std::optional<NotAMove> clean_up(std::string_view token, bool lenient, CodePoints& t,
                                 char* check_sign) {
  if (token.empty()) return NotAMove{NotAMove::Kind::Empty, 0, -1, {}};
  std::size_t bad = 0;
  if (!decode_utf8(token, t, &bad)) {
    if (bad >= token.size()) return NotAMove{NotAMove::Kind::TooLong, 0, -1, {}};
    return NotAMove{NotAMove::Kind::InvalidUtf8, 0, int(bad), {}};
  }
  if (lenient) {
    int w = 0;
    for (int i = 0; i < t.n; ++i)
      if (!is_blank(t.cp[std::size_t(i)])) t.cp[std::size_t(w++)] = t.cp[std::size_t(i)];
    t.n = w;
  }
  *check_sign = strip_glyphs(t);
  if (lenient) {
    strip_en_passant(t);
    if (const char c = strip_glyphs(t)) *check_sign = c;
  }
  if (t.n == 0) return NotAMove{NotAMove::Kind::OnlyAnnotation, 0, -1, {}};
  return std::nullopt;
}

// Steps 2 and 3: what the text says (d), and every legal move it fits (fitting). False, with
// the grammar's reason in err, when the text does not parse.
bool describe_and_match(const Position& pos, const CodePoints& t, const PieceLetters& letters,
                        bool lenient, Description& d, MoveList& fitting, ParseError& err) {
  int side = 0;
  bool parsed = false;
  if (is_castling_text(t, lenient, &side)) {
    d.castling = side;
    parsed = true;
  }
  const CompiledLetters table = compile(letters);
  const MoveList moves = legal_moves(pos);
  auto collect = [&](const Description& desc) {
    for (Move m : moves)
      if (fits(pos, m, desc, lenient) && !fitting.contains(m)) fitting.push_back(m);
  };
  if (!parsed) parsed = parse(t, table, lenient, false, d, err);
  if (parsed) collect(d);
  // A first letter that is both a piece letter and (lenient) a Cyrillic look-alike of a file.
  if (lenient && file_char(t.cp[0], true, letters.files) >= 0 &&
      !(t.cp[0] >= U'a' && t.cp[0] <= U'h') && !d.castling) {
    Description alt;
    ParseError alt_err;
    if (parse(t, table, lenient, true, alt, alt_err)) {
      if (!parsed) {
        d = alt;
        parsed = true;
      }
      collect(alt);
    }
  }
  return parsed;
}

MoveReadError ambiguous_error(const Position& pos, std::string_view token, const MoveList& fitting,
                              const Description& d, const PieceLetters& letters) {
  std::vector<Move> candidates(fitting.begin(), fitting.end());
  MoveReadError err = make_error(Kind::Ambiguous, token);
  err.promotion_piece_missing = d.to_rank >= 0 && d.promotion == NO_PIECE_TYPE &&
                                candidates.front().kind() == MoveKind::Promotion;
  for (Move m : candidates) {
    err.readings.push_back({m, letters.code});
    err.written.push_back(to_san(pos, m, letters));
  }
  err.candidates = std::move(candidates);
  return err;
}

// Strict mode: the text must be what to_san writes (the check sign may be left out). Returns ""
// when it is, else the canonical SAN.
std::string non_canonical(const Position& pos, Move found, const CodePoints& t, char check_sign,
                          const PieceLetters& letters) {
  const std::string san = to_san(pos, found, letters);
  std::string written;
  for (int i = 0; i < t.n; ++i) append_utf8(written, t.cp[std::size_t(i)]);
  std::string san_core = san;
  char san_sign = 0;
  if (!san_core.empty() && (san_core.back() == '+' || san_core.back() == '#')) {
    san_sign = san_core.back();
    san_core.pop_back();
  }
  if (written != san_core || (check_sign != 0 && check_sign != san_sign)) return san;
  return "";
}

}  // namespace

Result<Move, MoveReadError> read_move(const Position& pos, std::string_view text,
                                      const PieceLetters& letters, Strictness strictness) {
  const bool lenient = strictness == Strictness::Lenient;
  const std::string_view token = trim_blanks(text);
  if (!lenient)
    if (auto m = read_canonical_san(pos, token, letters)) return *m;
  auto not_a_move = [&](NotAMove why) {
    MoveReadError error = make_error(Kind::NotAMove, token);
    error.not_a_move = std::move(why);
    return fail_with(std::move(error));
  };
  CodePoints t;
  char check_sign = 0;
  if (auto why = clean_up(token, lenient, t, &check_sign)) return not_a_move(std::move(*why));

  Description d;
  MoveList fitting;  // no allocation unless the move turns out ambiguous
  ParseError perr;
  if (!describe_and_match(pos, t, letters, lenient, d, fitting, perr))
    return not_a_move(std::move(perr));
  if (fitting.empty()) {
    MoveReadError illegal = make_error(Kind::Illegal, token);
    illegal.illegal = explain_illegal(pos, d);
    return fail_with(std::move(illegal));
  }
  if (fitting.size() > 1) return fail_with(ambiguous_error(pos, token, fitting, d, letters));
  const Move found = fitting[0];
  if (!lenient) {
    if (const std::string san = non_canonical(pos, found, t, check_sign, letters); !san.empty())
      return not_a_move(NotAMove{NotAMove::Kind::NotCanonical, 0, -1, san});
  }
  return found;
}

}  // namespace annabella::core
