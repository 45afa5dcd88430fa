// Games, scoresheets and boards for the D.2.9 reconciliation tests (core and app): Morphy's Opera
// game, move lists cut, thinned, doubled or translated, long generated games, boards as move lists
// or edited FENs.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "core/reconcile.h"

namespace annabella::testing {

// Morphy v Duke of Brunswick and Count Isouard, Paris 1858 (33 plies).
extern const char* const kOpera;

// The first `plies` written moves of a list, one per line.
std::string first(const std::string& list, std::size_t plies);
// The position of a FEN ("" = the initial position).
core::Position start_of(const std::string& fen);
// The position an English move list leads to (the list must read).
core::Position after(const core::Position& start, const std::string& list);
std::vector<core::Move> moves_of(const core::Position& start, const std::string& list);
// A FEN with some squares changed: {"h1", '.'} empties h1, {"a1", 'R'} puts a white rook there.
std::string edit(const std::string& fen, std::initializer_list<std::pair<const char*, char>> ops);
// A deterministic legal game of `plies` plies (a simple LCG picks among the legal moves).
std::vector<core::Move> long_game(std::size_t plies, std::uint32_t seed);
std::vector<std::string> san_list(const std::vector<core::Move>& moves,
                                  const core::PieceLetters& letters);
// A move list with the written moves at the given indices left out (or, with `twice`, written
// twice).
std::string without(const std::string& list, std::initializer_list<std::size_t> plies);
std::string twice(const std::string& list, std::size_t ply);
// The written moves in another language (the list must read in English).
std::string translated(const std::string& list, const std::string& code);
// A scoresheet with one written move a line.
core::Scoresheet sheet_of(const std::vector<std::string>& written);

// The inputs of a reconciliation: sheets as move lists, languages ("" = found by reading), boards
// as English move lists played from the start or "fen:" and a placement.
core::ReconcileInput reconcile_input(const std::string& start_fen,
                                     const std::array<std::string, 2>& sheets,
                                     const std::array<std::string, 2>& langs,
                                     const std::array<std::string, 2>& boards);

}  // namespace annabella::testing
