// Appendix C algebraic notation: writing SAN / long algebraic / UCI, and reading moves as real,
// handwritten scoresheets contain them, in the piece letters of the player's country (C.3).
// An umbrella header; each concept has its own pair:
//   notation_letters  the piece letters of each language (built in, custom);
//   notation_writer   SAN and long algebraic;
//   notation_reader   reading one move (strict or lenient);
//   notation_readings reading one move under several letter sets (every legal reading);
//   notation_detect   which language a set of written moves is in.
// Internal to them: notation_tokens (the tokenizer and grammar), notation_explain (why a move is
// illegal).
#pragma once

#include "core/notation_detect.h"
#include "core/notation_letters.h"
#include "core/notation_reader.h"
#include "core/notation_readings.h"
#include "core/notation_writer.h"
