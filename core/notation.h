// Appendix C algebraic notation: writing SAN / long algebraic / UCI, and reading moves as real,
// handwritten scoresheets contain them, in the piece letters of the player's country (C.3).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/movegen.h"
#include "core/position.h"
#include "core/result.h"

namespace annabella::core {

// The letters a language uses for the pieces, UTF-8 (Cyrillic included). Index by PieceType:
// letters[KING] etc.; letters[PAWN] is usually empty (pawn moves have no letter) but some
// languages' scoresheets use one (German "B"), which the reader accepts.
struct PieceLetters {
  std::string code;                         // ISO 639-1 code: "en", "de", "sr-Cyrl", or "custom"
  std::string name;                         // "English", "Deutsch", ...
  std::string letters[PIECE_TYPE_NB] = {};  // [NO_PIECE_TYPE] unused
};

// The built-in tables: en, de, fr, es, it, nl, ru, mk, sr (Latin), sr-Cyrl, bg.
const std::vector<PieceLetters>& builtin_piece_letters();
// The table for an ISO 639-1 code (case-insensitive; "sr-Latn" = "sr"); error lists the codes.
Result<PieceLetters> piece_letters_for(std::string_view code);
const PieceLetters& english_letters();
// A configurable table: the letters for king, queen, rook, bishop, knight and optionally pawn,
// separated by blanks ("K D T L S B"); each 1-4 characters, none a file, rank or sign.
// piece_letters_for("custom:K D T L S") is the same.
Result<PieceLetters> custom_piece_letters(std::string_view spec);

// Canonical SAN (Appendix C / PGN export): "Nf3", "exd5", "O-O", "e8=Q+", "Qh4#", with minimal
// disambiguation, in the given letters (English by default).
std::string to_san(const Position& pos, Move m);
std::string to_san(const Position& pos, Move m, const PieceLetters& letters);
// Long algebraic with the departure square: "Ng1-f3", "e2-e4", "Bb5xc6", "e7-e8=Q", "O-O".
std::string to_lan(const Position& pos, Move m);
std::string to_lan(const Position& pos, Move m, const PieceLetters& letters);

enum class Strictness {
  Strict,   // canonical SAN only (PGN import format)
  Lenient,  // what handwritten scoresheets contain (see notation.cpp)
};

// Why a text is not a move in this position.
struct MoveReadError {
  enum class Kind { NotAMove, Illegal, Ambiguous };
  Kind kind = Kind::NotAMove;
  std::string message;           // precise, names the token and the reason
  std::string token;             // the offending text
  std::vector<Move> candidates;  // for Ambiguous: every legal move the text fits
};

// Reads one move (SAN, long algebraic, UCI, castling as O-O / 0-0, figurines, annotation
// glyphs...) in the given letters.
Result<Move, MoveReadError> read_move(const Position& pos, std::string_view text,
                                      const PieceLetters& letters = english_letters(),
                                      Strictness strictness = Strictness::Lenient);

// Which built-in language a set of written moves is in, when only one fits; otherwise nullopt
// (the caller must ask). `why` says what decided it or why it could not be decided.
std::optional<PieceLetters> detect_language(const std::vector<std::string>& tokens,
                                            std::string* why = nullptr);

}  // namespace annabella::core
