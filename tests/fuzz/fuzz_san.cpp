// libFuzzer target for the move reader and writers. The first bytes walk a random game from the
// initial position (each byte picks a legal move); there, every legal move written in SAN and in
// long algebraic, in every built-in language, must read back (SAN strictly, LAN leniently) as the
// same move. The rest of the input is read as a move in every language, strictly and leniently:
// it may be refused (with a message), but a move read must be legal, and a strict read must be
// canonical SAN. Read under several letter sets at once (D.2.1), every reading is a distinct
// legal move that its own set reads, and read_move_in gives a move exactly when there is one
// reading, else Ambiguous with the same readings.
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "app/move_text.h"
#include "core/movegen.h"
#include "core/notation.h"

#include "tests/fuzz/fuzz_check.h"

using namespace annabella::core;

using annabella::fuzz::check;

namespace {

const PieceLetters& letters_of(std::string_view code) {
  for (const PieceLetters& l : builtin_piece_letters())
    if (l.code == code) return l;
  check(false);
  return english_letters();
}

bool same_moves(const std::vector<MoveReading>& a, const std::vector<MoveReading>& b) {
  if (a.size() != b.size()) return false;
  for (const MoveReading& r : a) {
    bool found = false;
    for (const MoveReading& q : b) found = found || q.move == r.move;
    if (!found) return false;
  }
  return true;
}

void check_readings(const Position& pos, std::string_view text) {
  const MoveList moves = legal_moves(pos);
  const std::vector<PieceLetters> en_de = {letters_of("en"), letters_of("de")};
  for (const std::vector<PieceLetters>& sets : {en_de, builtin_piece_letters()}) {
    const auto readings = move_readings(pos, text, sets);
    for (std::size_t i = 0; i < readings.size(); ++i) {
      check(moves.contains(readings[i].move));
      for (std::size_t j = 0; j < i; ++j) check(readings[j].move != readings[i].move);
      auto own = read_move(pos, text, letters_of(readings[i].letters));
      check(own ? *own == readings[i].move
                : own.error().kind == MoveReadError::Kind::Ambiguous &&
                      !own.error().candidates.empty());
    }
    auto read = read_move_in(pos, text, sets);
    if (read) {
      check(readings.size() == 1 && readings.front().move == *read);
    } else if (read.error().kind == MoveReadError::Kind::Ambiguous) {
      check(readings.size() >= 2 && same_moves(read.error().readings, readings));
    } else {
      check(readings.empty() && !annabella::app::text::move_read_error(read.error()).empty());
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t walk = std::min<std::size_t>(data[0] % 64, size - 1);
  Position pos;
  for (std::size_t i = 1; i <= walk; ++i) {
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) break;
    pos.play(moves[data[i] % moves.size()]);
  }
  const MoveList moves = legal_moves(pos);
  for (const PieceLetters& letters : builtin_piece_letters()) {
    for (Move m : moves) {
      auto san = read_move(pos, to_san(pos, m, letters), letters, Strictness::Strict);
      check(san.has_value() && *san == m);
      auto lan = read_move(pos, to_lan(pos, m, letters), letters, Strictness::Lenient);
      check(lan.has_value() && *lan == m);
    }
  }
  const std::string_view text(reinterpret_cast<const char*>(data) + walk + 1, size - walk - 1);
  for (const PieceLetters& letters : builtin_piece_letters()) {
    for (Strictness s : {Strictness::Strict, Strictness::Lenient}) {
      auto m = read_move(pos, text, letters, s);
      if (!m) {
        // A refusal is typed in core/ and worded in app/: the words are never empty.
        check(!annabella::app::text::move_read_error(m.error()).empty());
        if (m.error().kind == MoveReadError::Kind::Ambiguous)
          check(m.error().candidates.size() >= 2);
        continue;
      }
      check(moves.contains(*m));
      if (s == Strictness::Strict) {
        const std::string san = to_san(pos, *m, letters);
        auto back = read_move(pos, san, letters, Strictness::Strict);
        check(back.has_value() && *back == *m);
        // Canonical: the text is the SAN (its check sign may be left out) and annotation signs.
        std::string_view written = text;
        while (!written.empty() && (written.front() == ' ' || written.front() == '\t' ||
                                    written.front() == '\n' || written.front() == '\r'))
          written.remove_prefix(1);
        std::string_view core = san;
        if (!core.empty() && (core.back() == '+' || core.back() == '#')) core.remove_suffix(1);
        check(written.starts_with(core));
        for (char c : written.substr(core.size()))
          check(!std::isalnum(static_cast<unsigned char>(c)) && c != '=' && c != '-');
      }
    }
  }
  check_readings(pos, text);
  return 0;
}
