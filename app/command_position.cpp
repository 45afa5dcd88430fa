// annabella position: what the Laws say about a position, for an arbiter: legal or not, check,
// mate, stalemate, a dead position (Art. 5.2.2), and for each side whether it can still checkmate
// by any series of legal moves (Art. 6.9), with a mating line or the reason it cannot.
#include <ostream>
#include <sstream>

#include "app/commands.h"
#include "app/fen_text.h"
#include "app/i18n.h"
#include "app/json_text.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/reachability.h"
#include "core/unwinnability.h"

namespace annabella::app {
namespace {

using core::Winnability;
using core::WinnabilityReason;
using i18n::format;
using i18n::tr;
using i18n::tr_n;

const char* side_word(core::Color c) {
  return c == core::WHITE ? "White" : "Black";
}

// The line in SAN with move numbers: "1. Qd5+ Kf6 2. Qf5#" or "1... Kf6 2. Qf5#".
std::string san_line(core::Position pos, const std::vector<core::Move>& line) {
  std::string out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const bool white = pos.side_to_move() == core::WHITE;
    if (white || i == 0) {
      if (!out.empty()) out += ' ';
      out += std::to_string(pos.fullmove_number()) + (white ? ". " : "... ");
    } else {
      out += ' ';
    }
    out += core::to_san(pos, line[i]);
    pos.play(line[i]);
  }
  return out;
}

std::string square_list(core::Bitboard squares) {
  std::string out;
  while (squares) {
    if (!out.empty()) out += ", ";
    out += core::square_name(core::pop_lsb(squares));
  }
  return out;
}

// Why the side can or cannot mate, in words, with the article.
std::string explanation(const core::Position& pos, const core::MateAnalysis& a) {
  const std::string side = side_word(a.side), other = side_word(~a.side);
  switch (a.reason) {
    case WinnabilityReason::MateOnBoard:
      return other + " is checkmated (Art. 5.1.1)";
    case WinnabilityReason::MatingLine:
      return "for example " + san_line(pos, a.line);
    case WinnabilityReason::GameOver:
      return pos.in_check() ? side + " is checkmated (Art. 5.1.1)"
                            : "stalemate: the game is over (Art. 5.2.1)";
    case WinnabilityReason::InsufficientMaterial:
      return side + " has too little material to checkmate, whatever either side plays";
    case WinnabilityReason::LockedPawns:
      return "the pawns on " + square_list(a.locked_pawns) +
             " are locked for good, and behind them " + side + "'s men can never checkmate " +
             other + "'s king";
    case WinnabilityReason::EveryLineTried:
      return "every series of legal moves was followed (" + std::to_string(a.nodes) +
             " positions): none ends with " + side + " checkmating";
    case WinnabilityReason::SearchLimit:
      break;
  }
  return "not decided: the analysis gave up after " + std::to_string(a.nodes) +
         " positions; the arbiter decides";
}

const char* verdict_word(Winnability w) {
  switch (w) {
    case Winnability::Winnable:
      return "yes";
    case Winnability::Unwinnable:
      return "no";
    case Winnability::Unknown:
      break;
  }
  return "unknown";
}

const char* json_verdict(Winnability w) {
  switch (w) {
    case Winnability::Winnable:
      return "true";
    case Winnability::Unwinnable:
      return "false";
    case Winnability::Unknown:
      break;
  }
  return "null";
}

const char* reason_key(WinnabilityReason r) {
  switch (r) {
    case WinnabilityReason::MateOnBoard:
      return "mate_on_board";
    case WinnabilityReason::MatingLine:
      return "mating_line";
    case WinnabilityReason::GameOver:
      return "game_over";
    case WinnabilityReason::InsufficientMaterial:
      return "insufficient_material";
    case WinnabilityReason::LockedPawns:
      return "locked_pawns";
    case WinnabilityReason::EveryLineTried:
      return "every_line_tried";
    case WinnabilityReason::SearchLimit:
      break;
  }
  return "search_limit";
}

// Art. 3.10.3: why a position the FEN reader took cannot arise in a game.
std::string unreachable_text(const core::Unreachable& u) {
  std::string squares;
  for (core::Bitboard b = u.checkers; b;)
    squares += (squares.empty() ? "" : ", ") + core::square_name(core::pop_lsb(b));
  switch (u.kind) {
    case core::Unreachable::Kind::ImpossibleCheck:
      return format(
          tr("the king is checked by the pieces on {squares}, which no single move can do: a "
             "double check needs a bishop, rook or queen uncovered by the move (Art. 3.10.3)"),
          {{"squares", squares}});
    case core::Unreachable::Kind::NoLastMove:
      return format(tr("the king is checked by the pieces on {squares}, but no last move of the "
                       "other side could have given both checks: each one leaves the king in "
                       "check before it (Art. 3.10.3)"),
                    {{"squares", squares}});
    case core::Unreachable::Kind::HalfmoveClockTooLarge:
      return format(
          tr_n("the halfmove clock is {clock}, but the game has played only {plies} ply "
               "since move 1 (Art. 3.10.3, Art. 9.3)",
               "the halfmove clock is {clock}, but the game has played only {plies} "
               "plies since move 1 (Art. 3.10.3, Art. 9.3)",
               static_cast<unsigned long>(u.plies_played)),
          {{"clock", std::to_string(u.halfmove_clock)}, {"plies", std::to_string(u.plies_played)}});
  }
  return {};
}

// Art. 9.6.2: 75 moves by each player without a pawn move or a capture end the game in a draw,
// unless the last move mated.
std::string seventy_five_move_note(const core::Position& pos, bool checkmate) {
  if (pos.halfmove_clock() < 150 || checkmate) return {};
  return format(tr("the last {moves} moves by each player were made without a pawn move or a "
                   "capture: the game is drawn (Art. 9.6.2)"),
                {{"moves", std::to_string(pos.halfmove_clock() / 2)}});
}

struct Facts {
  bool check = false;
  bool checkmate = false;
  bool stalemate = false;
  core::DeadPositionAnalysis dead;
  std::string seventy_five;  // the Art. 9.6.2 note, "" when it does not apply
};

void write_text(const core::Position& pos, const Facts& f, std::ostream& out) {
  const auto yes_no = [](bool b) { return b ? "yes" : "no"; };
  out << "position: " << pos.fen() << '\n';
  out << "legal: yes\n";
  out << "to move: " << side_word(pos.side_to_move()) << '\n';
  out << "check: " << yes_no(f.check) << '\n';
  out << "checkmate (Art. 5.1.1): " << yes_no(f.checkmate) << '\n';
  out << "stalemate (Art. 5.2.1): " << yes_no(f.stalemate) << '\n';
  const auto dead = f.dead.dead();
  out << "dead position (Art. 5.2.2): " << (!dead ? "unknown" : *dead ? "yes" : "no") << '\n';
  for (const core::MateAnalysis* a : {&f.dead.white, &f.dead.black})
    out << side_word(a->side) << " can checkmate (Art. 6.9): " << verdict_word(a->verdict) << ": "
        << explanation(pos, *a) << '\n';
  if (!f.seventy_five.empty()) out << "75-move rule: " << f.seventy_five << '\n';
}

void write_side_json(const core::Position& pos, const core::MateAnalysis& a, std::ostream& out) {
  out << "{\"can_checkmate\": " << json_verdict(a.verdict) << ", \"reason\": \""
      << reason_key(a.reason) << "\", \"explanation\": " << json_string(explanation(pos, a))
      << ", \"line_uci\": [";
  for (std::size_t i = 0; i < a.line.size(); ++i)
    out << (i ? ", " : "") << json_string(core::to_uci(a.line[i]));
  out << "], \"line_san\": " << json_string(a.line.empty() ? "" : san_line(pos, a.line))
      << ", \"locked_pawns\": [";
  core::Bitboard locked = a.locked_pawns;
  for (bool first = true; locked; first = false)
    out << (first ? "" : ", ") << json_string(core::square_name(core::pop_lsb(locked)));
  out << "], \"positions_examined\": " << a.nodes << "}";
}

void write_json(const core::Position& pos, const Facts& f, std::ostream& out) {
  const auto b = [](bool v) { return v ? "true" : "false"; };
  const auto dead = f.dead.dead();
  out << "{\"fen\": " << json_string(pos.fen()) << ", \"legal\": true"
      << ", \"to_move\": " << json_string(pos.side_to_move() == core::WHITE ? "white" : "black")
      << ", \"check\": " << b(f.check) << ", \"checkmate\": " << b(f.checkmate)
      << ", \"stalemate\": " << b(f.stalemate) << ", \"dead_position\": "
      << (!dead   ? "null"
          : *dead ? "true"
                  : "false")
      << ", \"white_can_checkmate\": " << json_verdict(f.dead.white.verdict)
      << ", \"black_can_checkmate\": " << json_verdict(f.dead.black.verdict)
      << ", \"seventy_five_move_rule\": " << b(!f.seventy_five.empty()) << ", \"white\": ";
  write_side_json(pos, f.dead.white, out);
  out << ", \"black\": ";
  write_side_json(pos, f.dead.black, out);
  out << "}\n";
}

void write_illegal(const std::string& fen, const std::string& why, bool json, std::ostream& out) {
  if (json) {
    out << "{\"fen\": " << json_string(fen)
        << ", \"legal\": false, \"reason\": " << json_string(why)
        << ", \"dead_position\": null, \"white_can_checkmate\": null"
        << ", \"black_can_checkmate\": null}\n";
    return;
  }
  out << "position: " << fen << '\n' << "legal: no: " << why << '\n';
}

}  // namespace

int run_position(const PositionOptions& options, std::ostream& out, std::ostream& err) {
  const auto variant = options.chess960 ? core::Variant::Chess960 : core::Variant::Standard;
  auto pos = core::Position::from_fen(options.fen, variant);
  if (!pos && pos.error().kind == core::Position::FenError::Kind::Syntax) {
    err << "annabella position: --fen cannot be read: " << text::fen_error(pos.error()) << '\n';
    return 2;
  }
  // Exit 1: a problem found (cli.cpp's exit codes): the position cannot arise in a game.
  if (!pos) {
    write_illegal(options.fen, text::fen_error(pos.error()), options.json, out);
    return 1;
  }
  if (const auto impossible = core::unreachable(*pos)) {
    write_illegal(options.fen, unreachable_text(*impossible), options.json, out);
    return 1;
  }
  core::WinnabilityEffort effort = core::WinnabilityEffort::thorough();
  if (options.nodes > 0) effort = {options.nodes, options.nodes, effort.exhaustive_max_moves};
  Facts f;
  f.check = pos->in_check();
  const bool mobile = core::has_legal_move(*pos);
  f.checkmate = f.check && !mobile;
  f.stalemate = !f.check && !mobile;
  f.dead = core::analyse_dead_position(*pos, effort);
  f.seventy_five = seventy_five_move_note(*pos, f.checkmate);
  if (options.json)
    write_json(*pos, f, out);
  else
    write_text(*pos, f, out);
  return 0;
}

}  // namespace annabella::app
