// Reading under several letter sets: see notation_readings.h.
#include "core/notation_readings.h"

#include <algorithm>
#include <optional>

#include "core/notation_writer.h"

namespace annabella::core {
namespace {

// The sets' errors ranked: an illegal move's reason says more than "not a move".
int rank_of_error(MoveReadError::Kind kind) {
  switch (kind) {
    case MoveReadError::Kind::Illegal:
      return 2;
    case MoveReadError::Kind::Ambiguous:
      return 1;
    case MoveReadError::Kind::NotAMove:
      return 0;
  }
  return 0;
}

void add_reading(std::vector<MoveReading>& readings, Move move, const std::string& letters) {
  const bool known = std::any_of(readings.begin(), readings.end(),
                                 [&](const MoveReading& r) { return r.move == move; });
  if (!known) readings.push_back({move, letters});
}

}  // namespace

std::vector<MoveReading> move_readings(const Position& pos, std::string_view text,
                                       std::span<const PieceLetters> sets, Strictness strictness) {
  std::vector<MoveReading> readings;
  for (const PieceLetters& letters : sets) {
    auto move = read_move(pos, text, letters, strictness);
    if (move) {
      add_reading(readings, *move, letters.code);
    } else if (move.error().kind == MoveReadError::Kind::Ambiguous) {
      for (Move m : move.error().candidates) add_reading(readings, m, letters.code);
    }
  }
  return readings;
}

Result<Move, MoveReadError> read_move_in(const Position& pos, std::string_view text,
                                         std::span<const PieceLetters> sets,
                                         Strictness strictness) {
  std::vector<MoveReading> readings;
  std::optional<MoveReadError> best;  // the most telling error, for when no set reads a move
  for (const PieceLetters& letters : sets) {
    auto move = read_move(pos, text, letters, strictness);
    if (move) {
      add_reading(readings, *move, letters.code);
      continue;
    }
    const MoveReadError& error = move.error();
    if (error.kind == MoveReadError::Kind::Ambiguous)
      for (Move m : error.candidates) add_reading(readings, m, letters.code);
    if (!best || rank_of_error(error.kind) > rank_of_error(best->kind)) best = error;
  }
  if (readings.size() == 1) return readings.front().move;
  if (readings.empty()) {
    if (best) return fail_with(std::move(*best));
    MoveReadError none;
    none.token = std::string(text);
    none.not_a_move.kind = NotAMove::Kind::NoLetters;
    return fail_with(std::move(none));
  }
  if (best && best->kind == MoveReadError::Kind::Ambiguous && !readings_differ_in_letters(readings))
    return fail_with(std::move(*best));  // one set, several pieces: that set's own message
  MoveReadError error;
  error.kind = MoveReadError::Kind::Ambiguous;
  error.token = std::string(text);
  for (const MoveReading& reading : readings) {
    error.candidates.push_back(reading.move);
    error.written.push_back(to_lan(pos, reading.move));
  }
  error.readings = std::move(readings);
  return fail_with(std::move(error));
}

bool readings_differ_in_letters(const std::vector<MoveReading>& readings) {
  return std::any_of(readings.begin(), readings.end(),
                     [&](const MoveReading& r) { return r.letters != readings.front().letters; });
}

}  // namespace annabella::core
