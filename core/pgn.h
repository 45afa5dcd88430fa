// PGN (Portable Game Notation, the 1994 standard). An umbrella header; each concept has its pair:
//   pgn_comment  comments and their [%clk] / [%emt] clock commands;
//   pgn_reader   the streaming reader (a PgnVisitor receives what it reads);
//   pgn_game     games as trees, a game builder and a game stream;
//   pgn_writer   the export format.
#pragma once

#include "core/pgn_comment.h"
#include "core/pgn_game.h"
#include "core/pgn_reader.h"
#include "core/pgn_writer.h"
