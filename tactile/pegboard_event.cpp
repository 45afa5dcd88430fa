// The recogniser's events in English (logs, `annabella board watch`, tests).
#include "tactile/pegboard_event.h"

namespace annabella::tactile {

namespace {

std::string step_words(const core::CorrectionStep& step) {
  if (step.piece != core::NO_PIECE) return core::describe(step);
  // An occupancy-only board cannot say which piece stands on a square it did not expect.
  return "remove the piece on " + core::square_name(step.from);
}

std::string hint_words(const PegboardEvent& e) {
  std::string text;
  for (const auto& step : e.hints) text += (text.empty() ? "" : "; ") + step_words(step);
  return text;
}

std::string with_piece(const char* verb, const PegboardEvent& e) {
  std::string text = std::string(verb) + " " + core::square_name(e.square);
  if (e.piece != core::NO_PIECE) text += " " + piece_words(e.piece);
  return text;
}

std::string completed_words(const PegboardEvent& e) {
  std::string text = "completed " + core::to_uci(e.move);
  if (!e.replaces.is_none()) text += " (replaces " + core::to_uci(e.replaces) + ")";
  return text + castling_note(e);
}

std::string link_words(const PegboardEvent& e) {
  std::string text = e.kind == PegboardEvent::Kind::Connected ? "connected" : "reconnected";
  switch (e.agreement) {
    case PegboardEvent::Agreement::Agrees:
      return text + ": the board agrees with the game";
    case PegboardEvent::Agreement::MovedOn:
      return text + ": the board shows a move completed meanwhile";
    case PegboardEvent::Agreement::UnderWay:
      return text + ": a move is under way on the board";
    case PegboardEvent::Agreement::Differs:
      break;
  }
  return text + ": the board differs from the game: " + hint_words(e);
}

}  // namespace

std::string piece_words(core::Piece piece) {
  static constexpr const char* kNames[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};
  if (piece == core::NO_PIECE) return "";
  return std::string(core::color_of(piece) == core::WHITE ? "white " : "black ") +
         kNames[core::type_of(piece)];
}

std::string castling_note(const PegboardEvent& e) {
  // Art. 4.4.2: castling begun by touching the rook is noted; the arbiter rules on it.
  if (e.kind != PegboardEvent::Kind::MoveCompleted || e.move.kind() != core::MoveKind::Castling ||
      e.first_piece == core::NO_PIECE || core::type_of(e.first_piece) != core::ROOK)
    return "";
  return " (begun with the rook " + core::square_name(e.first_square) + ", Art. 4.4.2)";
}

std::string describe(const PegboardEvent& e) {
  using Kind = PegboardEvent::Kind;
  switch (e.kind) {
    case Kind::Touched:
      // D.2.2: whose piece, only when it is known whose hand lifted it.
      return with_piece("touched", e) +
             (e.own_piece || e.toucher_unsure ? "" : " (opponent's piece)");
    case Kind::Placed:
      return with_piece("placed", e);
    case Kind::PutBack:
      return with_piece("put back", e);
    case Kind::Removed:
      return with_piece("removed", e);
    case Kind::MoveCompleted:
      return completed_words(e);
    case Kind::MoveRetracted:
      return "retracted " + core::to_uci(e.move);
    case Kind::MoveMade:
      return "made " + core::to_uci(e.move);
    case Kind::PromotionNeeded:
      return "promotion on " + core::square_name(e.square) +
             ": which piece? (D.2.1: the announcement names it)";
    case Kind::MoveNeeded: {
      std::string moves;
      for (const core::Move m : e.candidates)
        moves += (moves.empty() ? "" : " or ") + core::to_uci(m);
      return "which move: " + moves + "? (the same occupied squares, D.2.3)";
    }
    case Kind::Illegal:
      return "illegal: " + e.detail;
    case Kind::OutOfSync:
      return "out of sync: " + hint_words(e);
    case Kind::InSync:
      return "in sync";
    case Kind::Disconnected:
      return "disconnected: " + e.detail;
    case Kind::Connected:
    case Kind::Reconnected:
      return link_words(e);
    case Kind::Button:
      return "button " + std::string(button_name(e.button));
    case Kind::Info:
      return e.detail;
  }
  return e.detail;
}

}  // namespace annabella::tactile
