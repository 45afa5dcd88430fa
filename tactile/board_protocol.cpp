// Protocol names and the protocol factory.
#include "tactile/board_protocol.h"

#include "tactile/dgt_protocol.h"
#include "tactile/peg_protocol.h"

namespace annabella::tactile {

std::string_view protocol_name(ProtocolKind kind) {
  return kind == ProtocolKind::Dgt ? "dgt" : "peg";
}

std::optional<ProtocolKind> parse_protocol(std::string_view name) {
  if (name == "dgt") return ProtocolKind::Dgt;
  if (name == "peg") return ProtocolKind::Peg;
  return std::nullopt;
}

std::unique_ptr<BoardProtocol> make_protocol(ProtocolKind kind) {
  if (kind == ProtocolKind::Dgt) return std::make_unique<DgtProtocol>();
  return std::make_unique<PegProtocol>();
}

std::string_view button_name(BoardButton button) {
  switch (button) {
    case BoardButton::Announce:
      return "announce";
    case BoardButton::Time:
      return "time";
    case BoardButton::Repeat:
      return "repeat";
    case BoardButton::PromoteQueen:
      return "promote queen";
    case BoardButton::PromoteRook:
      return "promote rook";
    case BoardButton::PromoteBishop:
      return "promote bishop";
    case BoardButton::PromoteKnight:
      return "promote knight";
    case BoardButton::Menu:
      return "menu";
    case BoardButton::Next:
      return "next";
    case BoardButton::Previous:
      return "previous";
    case BoardButton::Select:
      return "select";
    case BoardButton::Back:
      return "back";
    case BoardButton::Confirm:
      return "confirm";
    case BoardButton::Talk:
      return "talk";
    case BoardButton::TalkEnd:
      return "talk end";
  }
  return "announce";
}

int button_version(BoardButton button) {
  if (button >= BoardButton::Talk) return 3;
  return button >= BoardButton::Menu ? 2 : 1;
}

}  // namespace annabella::tactile
