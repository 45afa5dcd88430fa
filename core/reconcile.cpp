// D.2.9 reconciliation (see reconcile.h for the rule text).
//
// The sheets are compared as moves, never as text: each written move is read leniently at its
// point of the game, so "Sf3" (German) and "Nf3", or "Qh5" and "Qh5+", are the same move. Where the
// moves part, the kind of difference is recognised by re-reading one sheet's written moves at the
// other sheet's positions: a sheet that resumes one or two plies later has left moves out (or the
// other has extra ones), a sheet whose moves fit three plies later in the other order has swapped
// two moves. Board logs, the boards themselves and which sheet reads through decide between
// "left out of one" and "extra on the other".
#include "core/reconcile.h"

#include <algorithm>
#include <cctype>

#include "core/bitboard.h"
#include "core/movegen.h"

namespace annabella::core {
namespace {

constexpr Piece kAllPieces[] = {W_PAWN, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
                                B_PAWN, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING};

// The squares where two placements differ.
Bitboard differing_squares(const Position& a, const Position& b) {
  Bitboard diff = 0;
  for (const Piece pc : kAllPieces)
    diff |= a.pieces(color_of(pc), type_of(pc)) ^ b.pieces(color_of(pc), type_of(pc));
  return diff;
}

// The squares a move changes: from, to, the castling rook's squares, the e.p. victim's square.
Bitboard touched_squares(Move m) {
  Bitboard b = square_bb(m.from()) | square_bb(m.to());
  if (m.kind() == MoveKind::Castling) {
    const bool king_side = file_of(m.to()) > file_of(m.from());
    b |= square_bb(make_square(king_side ? 7 : 0, rank_of(m.from())));
    b |= square_bb(make_square(king_side ? 5 : 3, rank_of(m.from())));
  } else if (m.kind() == MoveKind::EnPassant) {
    b |= square_bb(make_square(file_of(m.to()), rank_of(m.from())));
  }
  return b;
}

bool is_legal(const Position& pos, Move m) {
  return legal_moves(pos).contains(m);
}

// Whether `written` (in `letters`) means `move` at `pos`.
bool means(const std::string& written, const PieceLetters& letters, const Position& pos,
           Move move) {
  const auto r = read_move(pos, written, letters, Strictness::Lenient);
  return r && *r == move;
}

SheetReading read_in(const Position& start, const Scoresheet& sheet, const PieceLetters& letters) {
  using Status = ScoresheetPly::Status;
  const ScoresheetReplay replay = replay_scoresheet(sheet, start, letters);
  SheetReading s;
  s.letters = letters;
  s.plies.reserve(sheet.entries.size());
  s.positions.reserve(std::size_t(replay.moves_read) + 1);
  s.positions.push_back(start);
  for (std::size_t i = 0; i < sheet.entries.size(); ++i) {
    const ScoresheetPly& p = replay.plies[i];
    ReadPly ply;
    ply.written = sheet.entries[i].text;
    if (p.status == Status::Read) {
      ply.move = p.move;
      ply.san = p.san;
      ply.note = p.note;
      s.positions.push_back(s.positions.back().after(p.move));
      ++s.read_plies;
    } else {
      ply.problem = ply.written.empty() ? "the cell is blank" : p.message;
      ply.problem_kind = p.status == Status::Illegal     ? MoveReadError::Kind::Illegal
                         : p.status == Status::Ambiguous ? MoveReadError::Kind::Ambiguous
                                                         : MoveReadError::Kind::NotAMove;
    }
    s.plies.push_back(std::move(ply));
  }
  return s;
}

// Where `board` stands relative to the positions of a sheet.
BoardStanding stand(int board_index, int sheet_index, const Position& board,
                    const SheetReading& sheet) {
  BoardStanding st;
  st.board = board_index;
  st.sheet = sheet_index;
  st.squares_off = 65;
  for (std::size_t k = sheet.positions.size(); k-- > 0;) {
    const int off = popcount(differing_squares(board, sheet.positions[k]));
    if (off == 0) {
      st.matches_after = k;
      st.nearest_after = k;
      st.squares_off = 0;
      return st;
    }
    if (off < st.squares_off) {
      st.squares_off = off;
      st.nearest_after = k;
    }
  }
  return st;
}

// Plays moves[from..] on the placement of `start` (pieces only, no rules) and says whether it ends
// as `board` shows. Each move must move the same piece as in the recorded game and must not land
// on a piece of its own side; otherwise it is not the same move and the answer is no.
bool replays_to(const Position& start, const std::vector<Position>& positions,
                const std::vector<Move>& moves, std::size_t from, const Position& board) {
  Piece sq[SQUARE_NB];
  for (int s = 0; s < 64; ++s) sq[s] = start.piece_on(Square(s));
  for (std::size_t j = from; j < moves.size(); ++j) {
    const Move m = moves[j];
    const Piece pc = sq[m.from()];
    if (pc != positions[j].piece_on(m.from())) return false;
    if (sq[m.to()] != NO_PIECE && color_of(sq[m.to()]) == color_of(pc)) return false;
    sq[m.from()] = NO_PIECE;
    switch (m.kind()) {
      case MoveKind::Castling: {
        const bool king_side = file_of(m.to()) > file_of(m.from());
        const Square rook_from = make_square(king_side ? 7 : 0, rank_of(m.from()));
        const Square rook_to = make_square(king_side ? 5 : 3, rank_of(m.from()));
        sq[rook_to] = sq[rook_from];
        sq[rook_from] = NO_PIECE;
        sq[m.to()] = pc;
        break;
      }
      case MoveKind::EnPassant:
        sq[make_square(file_of(m.to()), rank_of(m.from()))] = NO_PIECE;
        sq[m.to()] = pc;
        break;
      case MoveKind::Promotion:
        sq[m.to()] = make_piece(color_of(pc), m.promotion());
        break;
      case MoveKind::Normal:
        sq[m.to()] = pc;
        break;
    }
  }
  for (int s = 0; s < 64; ++s)
    if (sq[s] != board.piece_on(Square(s))) return false;
  return true;
}

// The board shows `positions` with the move at some ply k (at most `search_plies` back) replaced
// by another legal move and the later moves played on: that ply and move, if any.
std::optional<WrongMove> infer_wrong_move(const std::vector<Position>& positions,
                                          const std::vector<Move>& moves, const Position& board,
                                          std::size_t search_plies) {
  const std::size_t n = moves.size();
  const Bitboard diff = differing_squares(board, positions[n]);
  if (diff == 0) return std::nullopt;
  Bitboard touched_later = 0;  // squares the moves after ply k change
  for (std::size_t back = 0; back < std::min(search_plies, n); ++back) {
    const std::size_t k = n - 1 - back;
    const Position& before = positions[k];
    const Move expected = moves[k];
    for (const Move m : legal_moves(before)) {
      if (m == expected) continue;
      // Squares only this ply changes (nothing later touches them) must already show the wrong
      // move; every differing square must be one a move could have changed.
      const Bitboard here = touched_squares(m) | touched_squares(expected);
      if (diff & ~(here | touched_later)) continue;
      const Position wrong = before.after(m);
      if (differing_squares(board, wrong) & here & ~touched_later) continue;
      // The later moves on the pieces alone first (cheap), the full legality check only for a
      // placement that ends as the board shows.
      if (!replays_to(wrong, positions, moves, k + 1, board)) continue;
      Position p = wrong;
      bool legal = true;
      for (std::size_t j = k + 1; j < n && legal; ++j) {
        legal = is_legal(p, moves[j]);
        if (legal) p.play(moves[j]);
      }
      if (!legal || !p.same_placement(board)) continue;
      return WrongMove{k, expected, m, to_san(before, expected), to_san(before, m), false};
    }
    touched_later |= touched_squares(expected);
  }
  return std::nullopt;
}

struct Classifier {
  const std::array<SheetReading, 2>& sheets;
  const ReconcileInput& input;
  std::size_t p;

  std::size_t len(int s) const { return sheets[s].plies.size(); }
  std::size_t read(int s) const { return sheets[s].read_plies; }

  // Sheet y has k plies at p that sheet x lacks; then the sheets run on together. Confirmed by
  // x's written moves read at y's later positions, or y's later written moves read at x's.
  bool shifted(int x, int y, std::size_t k) const {
    const SheetReading& X = sheets[x];
    const SheetReading& Y = sheets[y];
    if (read(y) >= p + k + 1 && len(x) >= p + 1) {
      const std::size_t n = std::min({len(x) - p, read(y) - (p + k), std::size_t(4)});
      bool all = true;
      for (std::size_t j = 0; j < n && all; ++j)
        all = means(X.plies[p + j].written, X.letters, Y.positions[p + k + j], Y.move(p + k + j));
      if (all) return true;
    }
    if (read(x) >= p + 1 && len(y) >= p + k + 1) {
      const std::size_t n = std::min({read(x) - p, len(y) - (p + k), std::size_t(4)});
      bool all = true;
      for (std::size_t j = 0; j < n && all; ++j)
        all = means(Y.plies[p + k + j].written, Y.letters, X.positions[p + j], X.move(p + j));
      if (all) return true;
    }
    return false;
  }

  // Sheet x has one side's moves at p and p + 2 in the opposite order to sheet y.
  bool swapped(int x, int y) const {
    const SheetReading& X = sheets[x];
    const SheetReading& Y = sheets[y];
    if (read(y) < p + 3 || len(x) < p + 3 || Y.move(p) == Y.move(p + 2)) return false;
    return means(X.plies[p].written, X.letters, Y.positions[p + 2], Y.move(p + 2)) &&
           means(X.plies[p + 1].written, X.letters, Y.positions[p + 1], Y.move(p + 1)) &&
           means(X.plies[p + 2].written, X.letters, Y.positions[p], Y.move(p));
  }

  // Which sheet (0, 1; -1 for neither) something outside the sheets sides with, and why.
  struct Evidence {
    int sheet = -1;
    std::string why;
  };

  // The sheet whose move at `ply` a board log shows was played.
  Evidence log_evidence(std::size_t ply) const {
    for (int b = 0; b < 2; ++b) {
      const auto& log = input.boards[b].log;
      if (!log || log->size() <= ply) continue;
      for (int s = 0; s < 2; ++s)
        if (read(s) > ply && sheets[s].move(ply) == (*log)[ply])
          return {s, std::string("board ") + side_letter(b) + "'s log shows " +
                         sheets[s].plies[ply].san + " was played"};
    }
    return {};
  }

  // The fully read sheet whose final position a board shows (and the other's it does not).
  Evidence board_evidence() const {
    for (int b = 0; b < 2; ++b)
      for (int s = 0; s < 2; ++s) {
        const SheetReading& S = sheets[s];
        const SheetReading& O = sheets[1 - s];
        const Position& placement = input.boards[b].placement;
        if (S.fully_read() && S.positions.back().same_placement(placement) &&
            !(O.fully_read() && O.positions.back().same_placement(placement)))
          return {s, std::string("board ") + side_letter(b) + " shows the position sheet " +
                         side_letter(s) + "'s moves lead to"};
      }
    return {};
  }

  std::string written_list(int s, std::size_t from, std::size_t count) const {
    std::string out;
    for (std::size_t i = from; i < from + count && i < len(s); ++i) {
      if (!out.empty()) out += ", ";
      out += ply_name(input.start, i) + " " +
             (sheets[s].plies[i].san.empty() ? sheets[s].plies[i].written : sheets[s].plies[i].san);
    }
    return out;
  }

  Divergence classify() const {
    Divergence d;
    d.ply = p;
    const std::string at = ply_name(input.start, p);
    // One sheet simply ends here; everything it has agrees with the other.
    for (int x = 0; x < 2; ++x) {
      const int y = 1 - x;
      if (p == len(x) && len(y) > p) {
        d.kind = DifferenceKind::SheetBehind;
        d.sheet = x;
        d.count = len(y) - p;
        d.explanation = std::string("Sheet ") + side_letter(x) + " is " + std::to_string(d.count) +
                        (d.count == 1 ? " ply" : " plies") + " behind sheet " + side_letter(y) +
                        ": it ends before " + at + "; sheet " + side_letter(y) + " goes on with " +
                        written_list(y, p, d.count) + ".";
        return d;
      }
    }
    // A cell left blank (core/scoresheet.h keeps it as an empty entry).
    for (int x = 0; x < 2; ++x) {
      const int y = 1 - x;
      if (p != read(x) || p >= len(x) || !sheets[x].plies[p].written.empty()) continue;
      d.kind = DifferenceKind::MoveLeftOut;
      d.sheet = x;
      d.count = 1;
      d.explanation = std::string("Sheet ") + side_letter(x) + " left the cell for " + at +
                      " blank; sheet " + side_letter(y) + " has " +
                      (p < len(y) ? written_list(y, p, 1) : std::string("nothing there either")) +
                      ".";
      return d;
    }
    for (int x = 0; x < 2; ++x) {
      const int y = 1 - x;
      if (!swapped(x, y)) continue;
      d.kind = DifferenceKind::MovesSwapped;
      // The sheet whose order does not read is the one written wrongly.
      d.sheet = read(x) < p + 3 ? x : read(y) < p + 3 ? y : -1;
      if (read(x) >= p + 3 && read(y) >= p + 3 &&
          sheets[x].positions[p + 3].same_placement(sheets[y].positions[p + 3]))
        d.rejoin_after = p + 3;
      d.explanation = std::string("The sheets have ") + at + " and " +
                      ply_name(input.start, p + 2) + " in opposite orders: sheet " +
                      side_letter(y) + " has " + written_list(y, p, 3) + "; sheet " +
                      side_letter(x) + " has " + written_list(x, p, 3) + ".";
      if (d.rejoin_after)
        d.explanation +=
            " Both orders lead to the same position after " + ply_name(input.start, p + 2) + ".";
      if (d.sheet >= 0)
        d.explanation +=
            std::string(" Sheet ") + side_letter(d.sheet) +
            "'s order cannot have been played: " + sheets[d.sheet].plies[read(d.sheet)].problem +
            ".";
      return d;
    }
    for (std::size_t k = 1; k <= 2; ++k)
      for (int y = 0; y < 2; ++y) {
        const int x = 1 - y;
        if (!shifted(x, y, k)) continue;
        // Sheet y has k plies sheet x lacks: left out of x, or extra on y?
        Evidence ev = log_evidence(p);
        if (ev.sheet < 0) ev = board_evidence();
        if (ev.sheet < 0 && sheets[y].fully_read() != sheets[x].fully_read()) {
          ev.sheet = sheets[y].fully_read() ? y : x;
          ev.why = std::string("only sheet ") + side_letter(ev.sheet) + " reads through to its end";
        }
        const int truth = ev.sheet;
        const std::string evidence = ev.why;
        const std::string plies = k == 1 ? "one ply" : "a move pair";
        const std::string what = written_list(y, p, k);
        d.count = k;
        if (truth == x) {
          d.kind = DifferenceKind::ExtraMove;
          d.sheet = y;
          d.explanation = std::string("Sheet ") + side_letter(y) + " has " + plies +
                          " that was not played: " + what + "; after it sheet " + side_letter(y) +
                          " runs on with sheet " + side_letter(x) + " (" + evidence + ").";
        } else {
          d.kind = DifferenceKind::MoveLeftOut;
          d.sheet = x;
          d.explanation = std::string("Sheet ") + side_letter(x) + " has left out " + plies +
                          " that sheet " + side_letter(y) + " has: " + what +
                          "; after it the sheets" + " run on together" +
                          (truth == y ? " (" + evidence + ")."
                                      : ". Nothing here decides whether it was left out of sheet " +
                                            std::string(1, side_letter(x)) +
                                            " or is extra on sheet " + side_letter(y) + ".");
        }
        return d;
      }
    const bool bad[2] = {p == read(0) && p < len(0), p == read(1) && p < len(1)};
    if (bad[0] || bad[1]) {
      const int x = bad[0] ? 0 : 1;
      d.sheet = bad[0] && bad[1] ? -1 : x;
      const bool illegal =
          (bad[0] && sheets[0].plies[p].problem_kind != MoveReadError::Kind::NotAMove) ||
          (bad[1] && sheets[1].plies[p].problem_kind != MoveReadError::Kind::NotAMove);
      d.kind = illegal ? DifferenceKind::IllegalMove : DifferenceKind::UnreadableMove;
      for (int s = 0; s < 2; ++s) {
        if (!bad[s]) continue;
        if (!d.explanation.empty()) d.explanation += " ";
        d.explanation += std::string("Sheet ") + side_letter(s) + " has \"" +
                         sheets[s].plies[p].written + "\" for " + at + ": " +
                         sheets[s].plies[p].problem + ".";
      }
      if (d.sheet >= 0)
        d.explanation +=
            std::string(" Sheet ") + side_letter(1 - x) + " has " + written_list(1 - x, p, 1) + ".";
      return d;
    }
    d.kind = DifferenceKind::DifferentMove;
    d.sheet = -1;
    d.explanation = std::string("For ") + at + " sheet A has " + sheets[0].plies[p].san +
                    " and sheet B has " + sheets[1].plies[p].san + ".";
    const Evidence ev = log_evidence(p);
    if (ev.sheet >= 0)
      d.explanation += " B" + ev.why.substr(1) + " (as on sheet " + side_letter(ev.sheet) + ").";
    return d;
  }
};

std::string steps_count(std::size_t n) {
  return std::to_string(n) + (n == 1 ? " step" : " steps");
}

std::string clock_text(ClockDuration t) {
  const long long total_s = std::chrono::duration_cast<std::chrono::seconds>(t).count();
  const long long h = total_s / 3600, m = total_s / 60 % 60, s = total_s % 60;
  std::string out;
  if (h > 0) out += std::to_string(h) + " h ";
  out += std::to_string(m) + " min " + std::to_string(s) + " s";
  return out;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Inputs

std::vector<ClockPly> clock_plies(const ChessClock& clock) {
  std::vector<ClockPly> plies;
  for (int ply = 0; ply <= clock.ply(); ++ply)
    if (auto p = clock.times_at_ply(ply)) plies.push_back(*p);
  return plies;
}

ClockPly clock_ply(int ply, std::chrono::milliseconds white, std::chrono::milliseconds black) {
  ClockPly p;
  p.ply = ply;
  p.remaining[WHITE] = white;
  p.remaining[BLACK] = black;
  return p;
}

Result<std::vector<ClockPly>> parse_clock_log(std::string_view text) {
  std::vector<ClockPly> log;
  std::size_t line_no = 0;
  while (!text.empty()) {
    ++line_no;
    const std::size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front())))
      line.remove_prefix(1);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back())))
      line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    long long values[3];
    int count = 0;
    bool ok = true;
    while (!line.empty() && ok) {
      std::size_t k = 0;
      while (k < line.size() && !std::isspace(static_cast<unsigned char>(line[k]))) ++k;
      const std::string_view field = line.substr(0, k);
      line.remove_prefix(k);
      while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front())))
        line.remove_prefix(1);
      ok = count < 3 && !field.empty() && field.size() <= 12 &&
           std::all_of(field.begin(), field.end(),
                       [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); });
      if (ok) values[count++] = std::stoll(std::string(field));
    }
    if (!ok || count != 3)
      return fail("clock log line " + std::to_string(line_no) +
                  ": expected \"ply white_ms black_ms\" (three whole numbers)");
    if (values[0] > 100000)
      return fail("clock log line " + std::to_string(line_no) + ": ply " +
                  std::to_string(values[0]) + " is too large");
    if (!log.empty() && values[0] <= log.back().ply)
      return fail("clock log line " + std::to_string(line_no) + ": ply " +
                  std::to_string(values[0]) + " does not follow ply " +
                  std::to_string(log.back().ply));
    log.push_back(clock_ply(int(values[0]), std::chrono::milliseconds(values[1]),
                            std::chrono::milliseconds(values[2])));
  }
  return log;
}

namespace {

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
}

std::string lower_ascii(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The side a piece list group is for: "white:", "Weiß:", "noirs:", "b:" ...
std::optional<Color> side_word(std::string_view word) {
  const std::string w = lower_ascii(trimmed(word));
  for (const char* white : {"white", "w", "weiss", "weiß", "blanc", "blancs", "blancas", "bianco",
                            "wit", "белые", "Белые", "бели", "Бели"})
    if (w == white) return WHITE;
  for (const char* black :
       {"black", "b", "schwarz", "noir", "noirs", "negras", "nero", "zwart", "черные", "Черные",
        "чёрные", "Чёрные", "црни", "Црни", "черни", "Черни"})
    if (w == black) return BLACK;
  return std::nullopt;
}

// "White: Kg1 Qd1 Ra1 a2 b2; Black: Kg8 ..." in the letters of a scoresheet language.
Result<std::array<Piece, 64>> squares_from_piece_list(std::string_view text,
                                                      const PieceLetters& letters) {
  std::array<Piece, 64> board{};
  while (!text.empty()) {
    std::size_t end = text.find_first_of(";\n");
    if (end == std::string_view::npos) end = text.size();
    std::string_view group = trimmed(text.substr(0, end));
    text.remove_prefix(std::min(text.size(), end + 1));
    if (group.empty()) continue;
    const std::size_t colon = group.find(':');
    const auto side =
        colon == std::string_view::npos ? std::nullopt : side_word(group.substr(0, colon));
    if (!side)
      return fail("piece list: \"" + std::string(group) +
                  "\" does not start with a side (\"White:\" or \"Black:\")");
    group.remove_prefix(colon + 1);
    while (!group.empty()) {
      std::size_t k = 0;
      while (k < group.size() &&
             (std::isspace(static_cast<unsigned char>(group[k])) || group[k] == ','))
        ++k;
      group.remove_prefix(k);
      k = 0;
      while (k < group.size() && !std::isspace(static_cast<unsigned char>(group[k])) &&
             group[k] != ',')
        ++k;
      const std::string_view item = group.substr(0, k);
      group.remove_prefix(k);
      if (item.empty()) continue;
      const auto square =
          item.size() >= 2 ? parse_square(item.substr(item.size() - 2)) : std::nullopt;
      if (!square)
        return fail("piece list: \"" + std::string(item) + "\" has no square at its end");
      const std::string_view letter = item.substr(0, item.size() - 2);
      PieceType pt = letter.empty() ? PAWN : NO_PIECE_TYPE;
      for (int t = PAWN; t <= KING && pt == NO_PIECE_TYPE; ++t)
        if (!letters.letters[t].empty() && (letter == letters.letters[t] ||
                                            lower_ascii(letter) == lower_ascii(letters.letters[t])))
          pt = PieceType(t);
      if (pt == NO_PIECE_TYPE)
        return fail("piece list: \"" + std::string(item) + "\": \"" + std::string(letter) +
                    "\" is no piece letter in " + letters.name);
      board[*square] = make_piece(*side, pt);
    }
  }
  return board;
}

// A FEN placement field ("rnbqkbnr/pppppppp/8/...") of 64 squares, a1 = index 0.
std::string placement_field(const std::array<Piece, 64>& squares) {
  static constexpr char kLetters[PIECE_NB + 1] = " PNBRQK  pnbrqk ";
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece pc = squares[std::size_t(rank * 8 + file)];
      if (pc == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += kLetters[pc];
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  return out;
}

Result<Position> position_of_placement(const std::string& placement) {
  auto white = Position::from_fen(placement + " w - - 0 1");
  if (white) return white;
  auto black = Position::from_fen(placement + " b - - 0 1");
  if (black) return black;
  return fail("board \"" + placement + "\": " + white.error().message);
}

}  // namespace

Result<Position> read_placement(const std::array<Piece, 64>& squares) {
  return position_of_placement(placement_field(squares));
}

Result<Position> read_placement(std::string_view text, const PieceLetters& letters) {
  text = trimmed(text);
  if (text.find(':') != std::string_view::npos) {
    auto squares = squares_from_piece_list(text, letters);
    if (!squares) return fail(squares.error());
    return read_placement(*squares);
  }
  if (text.find(' ') != std::string_view::npos) return Position::from_fen(text);
  return position_of_placement(std::string(text));
}

SheetReading read_sheet(const Position& start, const WrittenSheet& sheet) {
  if (sheet.letters) {
    SheetReading s = read_in(start, sheet.sheet, *sheet.letters);
    s.language_note = "given: " + sheet.letters->name + " (" + sheet.letters->code + ")";
    return s;
  }
  std::vector<PieceLetters> order;
  std::string why;
  if (auto detected = detect_language(sheet.sheet.texts(), &why)) order.push_back(*detected);
  order.push_back(english_letters());
  for (const PieceLetters& l : builtin_piece_letters()) order.push_back(l);
  std::optional<SheetReading> best;
  std::vector<std::string> tried;
  for (const PieceLetters& l : order) {
    if (std::find(tried.begin(), tried.end(), l.code) != tried.end()) continue;
    tried.push_back(l.code);
    SheetReading s = read_in(start, sheet.sheet, l);
    if (s.fully_read()) {
      s.language_note = tried.size() == 1 && why.rfind("only", 0) == 0
                            ? "found: " + why
                            : "found: " + l.name + " (" + l.code + ") reads every written move";
      return s;
    }
    if (!best || s.read_plies > best->read_plies) best = std::move(s);
  }
  best->language_note = "no language reads every written move; " + best->letters.name + " (" +
                        best->letters.code + ") reads furthest";
  return std::move(*best);
}

std::string_view difference_name(DifferenceKind kind) {
  switch (kind) {
    case DifferenceKind::None:
      return "none";
    case DifferenceKind::SheetBehind:
      return "one sheet behind";
    case DifferenceKind::MoveLeftOut:
      return "move left out";
    case DifferenceKind::ExtraMove:
      return "extra move";
    case DifferenceKind::MovesSwapped:
      return "two moves swapped";
    case DifferenceKind::IllegalMove:
      return "illegal move written";
    case DifferenceKind::UnreadableMove:
      return "unreadable move written";
    case DifferenceKind::DifferentMove:
      return "different moves";
  }
  return "";
}

std::string ply_name(const Position& start, std::size_t ply) {
  const std::size_t g = std::size_t(start.game_ply()) + ply;
  return std::string(g % 2 ? "Black's" : "White's") + " move " + std::to_string(g / 2 + 1);
}

std::string point_name(const Reconciliation& r, int sheet, std::size_t plies) {
  if (plies == 0) return "at the start of the game";
  const ReadPly& last = r.sheets[std::size_t(sheet)].plies[plies - 1];
  return "after " + ply_name(r.start, plies - 1) + ", " +
         (last.san.empty() ? last.written : last.san);
}

// ---------------------------------------------------------------------------------------------
// The procedure

Reconciliation reconcile(const ReconcileInput& input) {
  Reconciliation r;
  r.start = input.start;
  r.color_a = input.color_a;
  for (int b = 0; b < 2; ++b) r.boards[b] = input.boards[b].placement;
  for (int s = 0; s < 2; ++s) r.sheets[s] = read_sheet(input.start, input.sheets[s]);
  const SheetReading& A = r.sheets[0];
  const SheetReading& B = r.sheets[1];

  // D.2.9: compare the sheets move by move (as moves, not as text).
  std::size_t p = 0;
  const std::size_t both_read = std::min(A.read_plies, B.read_plies);
  while (p < both_read && A.move(p) == B.move(p)) ++p;
  r.agreed_plies = p;
  r.agreed_position = A.positions[p];
  r.sheets_agree = p == A.plies.size() && p == B.plies.size();
  r.target_plies = p;
  r.target = r.agreed_position;
  int reference_sheet = 0;  // the sheet whose moves lead to the target
  if (!r.sheets_agree) {
    r.divergence = Classifier{r.sheets, input, p}.classify();
    // A sheet simply behind, with both boards at the longer sheet's end: nothing to retrace, the
    // shorter sheet is completed (Art. 8.1).
    if (r.divergence.kind == DifferenceKind::SheetBehind) {
      const int y = 1 - r.divergence.sheet;
      const SheetReading& Y = r.sheets[y];
      if (Y.fully_read() &&
          std::all_of(input.boards.begin(), input.boards.end(), [&](const BoardInput& b) {
            return b.placement.same_placement(Y.positions.back());
          })) {
        r.target_plies = Y.read_plies;
        r.target = Y.positions.back();
        reference_sheet = y;
        r.divergence.explanation += std::string(" Both boards show the position sheet ") +
                                    side_letter(y) + " leads to: sheet " +
                                    side_letter(r.divergence.sheet) +
                                    " is completed and nothing is retraced.";
      } else {
        r.divergence.explanation += std::string(" If player ") + side_letter(r.divergence.sheet) +
                                    " confirms the moves only sheet " + side_letter(y) +
                                    " has, his sheet can be completed instead of retracing them.";
      }
    }
    if (r.target_plies == p)
      for (int s = 0; s < 2; ++s)
        for (std::size_t i = p; i < r.sheets[s].plies.size(); ++i) r.retraced[s].push_back(i);
  }

  // Each board against the position it must show.
  const SheetReading& ref = r.sheets[reference_sheet];
  std::vector<Move> ref_moves;
  for (std::size_t i = 0; i < r.target_plies; ++i) ref_moves.push_back(ref.move(i));
  const std::vector<Position> ref_positions(ref.positions.begin(),
                                            ref.positions.begin() + long(r.target_plies) + 1);
  for (int b = 0; b < 2; ++b) {
    const BoardInput& board = input.boards[b];
    BoardCorrection& c = r.corrections[b];
    c.board = b;
    c.steps = correction_steps(board.placement, r.target);
    if (board.log) {
      const std::vector<Move>& log = *board.log;
      // Where the log leaves the moves the board should have had.
      for (std::size_t i = 0; i < std::min(log.size(), ref_moves.size()); ++i) {
        if (log[i] == ref_moves[i]) continue;
        const Position& before = ref_positions[i];
        const bool legal = is_legal(before, log[i]);
        c.went_wrong = WrongMove{i,
                                 ref_moves[i],
                                 log[i],
                                 to_san(before, ref_moves[i]),
                                 legal ? to_san(before, log[i]) : to_uci(log[i]),
                                 true};
        break;
      }
      // The log's own end, to compare with what stands on the board.
      Position end = input.start;
      bool ok = true;
      for (std::size_t i = 0; i < log.size() && ok; ++i) {
        ok = is_legal(end, log[i]);
        if (ok) end.play(log[i]);
      }
      if (!ok)
        c.note = std::string("The log of board ") + side_letter(b) + " has an illegal move.";
      else if (!end.same_placement(board.placement))
        c.note = std::string("Board ") + side_letter(b) +
                 " does not show the position its own log leads to: pieces were displaced after "
                 "the last logged move.";
    } else if (c.needed() && r.target_plies == ref.read_plies && r.target_plies > 0 &&
               (r.sheets_agree || r.divergence.kind == DifferenceKind::SheetBehind)) {
      c.went_wrong = infer_wrong_move(ref_positions, ref_moves, board.placement, 8);
    }
  }
  for (int b = 0; b < 2; ++b)
    for (int s = 0; s < 2; ++s)
      r.standings.push_back(stand(b, s, input.boards[b].placement, r.sheets[s]));

  // D.2.9: the arbiter readjusts the clocks when moves are retraced.
  const bool retracing = !r.retraced[0].empty() || !r.retraced[1].empty();
  r.clock.ply = r.target_plies;
  r.clock.readjust = retracing;
  if (!retracing) {
    r.clock.note = "No moves are retraced: the clocks are not readjusted.";
  } else if (!input.clock_log) {
    r.clock.note = "No clock log: the arbiter decides the times (D.2.9).";
  } else {
    const ClockPly* found = nullptr;
    for (const ClockPly& c : *input.clock_log)
      if (c.ply >= 0 && std::size_t(c.ply) <= r.target_plies) found = &c;
    if (!found) {
      r.clock.note = "The clock log has no reading at or before ply " +
                     std::to_string(r.target_plies) + ": the arbiter decides the times (D.2.9).";
    } else {
      r.clock.reading = *found;
      r.clock.note = "Set the clocks to White " + clock_text(found->remaining[WHITE]) + ", Black " +
                     clock_text(found->remaining[BLACK]) + " (clock log, " +
                     (std::size_t(found->ply) == r.target_plies
                          ? "at that point"
                          : "nearest earlier reading, ply " + std::to_string(found->ply)) +
                     "; D.2.9).";
    }
  }
  return r;
}

// ---------------------------------------------------------------------------------------------
// Text for the arbiter

std::string arbiter_text(const Reconciliation& r) {
  std::string t = "D.2.9 reconciliation: the two boards show different positions.\n";
  int n = 0;
  auto item = [&](const std::string& heading) {
    t += "\n" + std::to_string(++n) + ". " + heading + "\n";
  };
  auto player = [&](int i) {
    const Color c = i == 0 ? r.color_a : ~r.color_a;
    return std::string("player ") + side_letter(i) + ", " + (c == WHITE ? "White" : "Black");
  };

  item("Scoresheets");
  for (int s = 0; s < 2; ++s) {
    const SheetReading& sh = r.sheets[s];
    t += std::string("Sheet ") + side_letter(s) + ": " + std::to_string(sh.plies.size()) +
         " written moves, read as " + sh.letters.name + " (" + sh.language_note + ").\n";
    if (!sh.fully_read())
      t += "  Reading stops at " + ply_name(r.start, sh.read_plies) + ", written \"" +
           sh.plies[sh.read_plies].written + "\": " + sh.plies[sh.read_plies].problem + ".\n";
  }
  if (r.sheets_agree) {
    t += "The two scoresheets agree (" + std::to_string(r.agreed_plies) + " plies, " +
         point_name(r, 0, r.agreed_plies) +
         "). Under D.2.9 the position they lead to is the right one.\n";
  } else {
    t += "The two scoresheets agree up to " + point_name(r, 0, r.agreed_plies) + " (" +
         std::to_string(r.agreed_plies) + " plies).\n";
    t += "Then: " + std::string(difference_name(r.divergence.kind)) + ". " +
         r.divergence.explanation + "\n";
  }

  item("Where the boards stand");
  for (const BoardStanding& st : r.standings) {
    t += std::string("Board ") + side_letter(st.board) + " ";
    if (st.matches_after)
      t += "matches sheet " + std::string(1, side_letter(st.sheet)) + " " +
           point_name(r, st.sheet, *st.matches_after) + ".\n";
    else
      t += "matches no point of sheet " + std::string(1, side_letter(st.sheet)) + "; nearest " +
           point_name(r, st.sheet, st.nearest_after) + ", " + std::to_string(st.squares_off) +
           " squares differ.\n";
  }

  item("Position to set up on both boards");
  const bool retracing = !r.retraced[0].empty() || !r.retraced[1].empty();
  if (retracing) {
    t += "Under D.2.9 the moves are retraced to where both sheets agree: the position " +
         point_name(r, 0, r.target_plies) + ".\n";
    for (int s = 0; s < 2; ++s) {
      t += std::string("Retraced from sheet ") + side_letter(s) + ": ";
      if (r.retraced[s].empty()) t += "nothing";
      for (std::size_t k = 0; k < r.retraced[s].size(); ++k) {
        const ReadPly& ply = r.sheets[s].plies[r.retraced[s][k]];
        t += (k ? ", " : "") + ply_name(r.start, r.retraced[s][k]) + " " +
             (ply.written.empty() ? "(blank)" : ply.written);
      }
      t += ".\n";
    }
  } else {
    t += "The position " +
         point_name(r, r.sheets_agree ? 0 : 1 - r.divergence.sheet, r.target_plies) + ".\n";
  }
  t += "FEN: " + r.target.fen() + "\n";

  item("Corrections");
  for (int b = 0; b < 2; ++b) {
    const BoardCorrection& c = r.corrections[b];
    t += std::string("Board ") + side_letter(b) + " (" + player(b) + "): ";
    if (!c.needed()) {
      t += "already right, nothing to change.\n";
    } else {
      t += steps_count(c.steps.size()) + ".\n";
      for (std::size_t i = 0; i < c.steps.size(); ++i)
        t += "  Step " + std::to_string(i + 1) + ": " + describe(c.steps[i]) + ".\n";
    }
    if (c.went_wrong) {
      const WrongMove& w = *c.went_wrong;
      const bool white_moved = (std::size_t(r.start.game_ply()) + w.ply) % 2 == 0;
      const Color owner = b == 0 ? r.color_a : ~r.color_a;
      const Color moved = white_moved ? WHITE : BLACK;
      t += std::string("  Board ") + side_letter(b) + " went wrong at " + ply_name(r.start, w.ply) +
           ": " + w.played_san + " was made where the sheets have " + w.expected_san +
           (w.from_log ? " (board log)" : " (inferred from the board)") + ".\n";
      if (moved == owner)
        t += std::string("  Player ") + side_letter(b) +
             " wrote the correct move but made a different one on his board: under D.2.9 he "
             "must adjust his position to match the scoresheets.\n";
      else
        t += std::string("  It was the opponent's move, executed wrongly on board ") +
             side_letter(b) + " (D.2.1): board " + side_letter(b) +
             " is adjusted to match the scoresheets.\n";
    }
    if (!c.note.empty()) t += "  " + c.note + "\n";
  }

  item("Clocks");
  t += r.clock.note + "\n";
  return t;
}

// ---------------------------------------------------------------------------------------------
// Live

BoardCheck check_board(const Position& start, const std::vector<Move>& moves, const Position& board,
                       std::size_t search_plies) {
  BoardCheck check;
  std::vector<Position> positions;
  positions.reserve(moves.size() + 1);
  positions.push_back(start);
  for (const Move m : moves) positions.push_back(positions.back().after(m));
  for (std::size_t k = positions.size(); k-- > 0;)
    if (positions[k].same_placement(board)) {
      check.matches_after = k;
      break;
    }
  check.matches = check.matches_after == moves.size();
  if (check.matches) return check;
  check.steps = correction_steps(board, positions.back());
  if (!check.matches_after)
    check.went_wrong = infer_wrong_move(positions, moves, board, search_plies);
  return check;
}

}  // namespace annabella::core
