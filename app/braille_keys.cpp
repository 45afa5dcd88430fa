#include "app/braille_keys.h"

#include <algorithm>
#include <cctype>

#include "app/board_reading.h"

namespace annabella::app {

namespace {

using tactile::BrailleKeyKind;

bool is_square(const std::string& text) {
  return text.size() == 2 && text[0] >= 'a' && text[0] <= 'h' && text[1] >= '1' && text[1] <= '8';
}

// The readings app/board_reading.h knows: a rank or file ("r4", "fe"), a side, a piece type in
// words ("knights"), everything ("all").
bool is_reading(const std::string& text) {
  if (text == "all" || text == "white" || text == "black") return true;
  if (text.size() > 2 && piece_type_of_word(text)) return true;
  return text.size() == 2 && (text[0] == 'r' || text[0] == 'f') &&
         ((text[1] >= '1' && text[1] <= '8') || (text[1] >= 'a' && text[1] <= 'h'));
}

BrailleKeyAction menu_key(MenuKey key, std::string note) {
  BrailleKeyAction action;
  action.menu = key;
  action.note = std::move(note);
  return action;
}

BrailleKeyAction view_change(BrailleViewChange change, std::string note) {
  BrailleKeyAction action;
  action.view = change;
  action.note = std::move(note);
  return action;
}

}  // namespace

Command typed_command(const std::string& text) {
  const bool digits = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
  });
  if (digits || (text.size() == 1 && std::isalpha(static_cast<unsigned char>(text[0])) != 0))
    return cmd::Answer{text};
  if (text == "captured") return cmd::Captured{};
  if (is_square(text) || is_reading(text)) return cmd::Board{text};
  return cmd::EnterMove{text};
}

std::optional<std::string> typed_text(const Command& command) {
  if (const auto* move = std::get_if<cmd::EnterMove>(&command)) return move->text;
  if (const auto* reading = std::get_if<cmd::Board>(&command)) return reading->query;
  if (const auto* answer = std::get_if<cmd::Answer>(&command)) return answer->text;
  return std::nullopt;
}

BrailleKeyAction BrailleKeyMap::navigation(const tactile::BrailleKey& key, bool menu_open) const {
  const std::string name = "braille key " + tactile::describe(key);
  switch (key.kind) {
    case BrailleKeyKind::Menu:
      return menu_key(menu_open ? MenuKey::Close : MenuKey::Open, name);
    case BrailleKeyKind::LineDown:
      return menu_key(menu_open ? MenuKey::Next : MenuKey::Open, name);
    case BrailleKeyKind::LineUp:
      return menu_key(menu_open ? MenuKey::Previous : MenuKey::Open, name);
    case BrailleKeyKind::Routing:
      if (menu_open) return menu_key(MenuKey::Select, name);
      break;
    case BrailleKeyKind::Enter:
      if (menu_open) return menu_key(MenuKey::Confirm, name);
      break;
    case BrailleKeyKind::Escape:
    case BrailleKeyKind::Backspace:
      if (menu_open) return menu_key(MenuKey::Back, name);
      break;
    case BrailleKeyKind::Top:
      if (menu_open) return menu_key(MenuKey::Repeat, name);
      break;
    case BrailleKeyKind::Home: {
      BrailleKeyAction action = view_change(BrailleViewChange::Clock, name);
      if (menu_open) action.menu = MenuKey::Close;
      return action;
    }
    case BrailleKeyKind::Bottom:
      return view_change(BrailleViewChange::Moves, name);
    case BrailleKeyKind::PanLeft:
      return view_change(BrailleViewChange::PanLeft, name);
    case BrailleKeyKind::PanRight:
      return view_change(BrailleViewChange::PanRight, name);
    case BrailleKeyKind::PreviousLine:
      return view_change(BrailleViewChange::HistoryBack, name);
    case BrailleKeyKind::NextLine:
      return view_change(BrailleViewChange::HistoryForward, name);
    default:
      break;
  }
  BrailleKeyAction unused;
  unused.note = name + ": not used" + (menu_open ? "" : " (the menu is closed)");
  return unused;
}

BrailleKeyAction BrailleKeyMap::press(const tactile::BrailleKey& key, bool menu_open) {
  const std::string name = "braille key " + tactile::describe(key);
  switch (entry_.feed(key)) {
    case tactile::DotEntry::Step::Typed:
    case tactile::DotEntry::Step::Erased: {
      BrailleKeyAction action;
      action.typing = "> " + entry_.text();
      action.note = name + ": typed \"" + entry_.text() + "\"";
      return action;
    }
    case tactile::DotEntry::Step::Done: {
      BrailleKeyAction action;
      action.command = typed_command(entry_.text());
      action.note = name + ": entered \"" + entry_.text() + "\"";
      return action;
    }
    case tactile::DotEntry::Step::Refused: {
      BrailleKeyAction action;
      action.note = name + ": cannot be typed here (a square, a move or a number)";
      return action;
    }
    case tactile::DotEntry::Step::NotEntry:
      break;
  }
  return navigation(key, menu_open);
}

}  // namespace annabella::app
