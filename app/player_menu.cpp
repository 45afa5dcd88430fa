#include "app/player_menu.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace annabella::app {
namespace {

using speech::MenuItem;
using speech::MenuLine;
using speech::MenuValue;
using Entry = PlayerMenu::Entry;

// The private route's steps (Settings): words a minute and per cent.
constexpr std::array kRates = {100, 130, 160, 190, 220, 250};
constexpr std::array kVolumes = {25, 50, 75, 100};
// "The last N moves": the counts offered.
constexpr std::array kMoveCounts = {1, 2, 3, 5, 10};
constexpr std::array kPieceOrder = {core::KING,   core::QUEEN,  core::ROOK,
                                    core::BISHOP, core::KNIGHT, core::PAWN};

// A line of `kind` about `i` (no value, no place), and an output that only says a line.
MenuLine line_of(MenuLine::Kind kind, MenuItem i) {
  MenuLine line;
  line.kind = kind;
  line.item = i;
  return line;
}
MenuOutput saying(const MenuLine& line) {
  MenuOutput out;
  out.line = line;
  return out;
}

Entry item(MenuItem i) {
  return Entry{i, std::nullopt};
}
Entry value(MenuItem level, MenuValue::Kind kind, int number) {
  return Entry{level, MenuValue{kind, number}};
}

constexpr std::array kPromotionPieces = {core::QUEEN, core::ROOK, core::BISHOP, core::KNIGHT};

std::vector<Entry> top_level(const MenuContext& c) {
  std::vector<Entry> e;
  // Art. 3.7.5.1: his clock runs until the piece is named, so it comes first, and only while
  // the station waits for it.
  if (!c.game_over && c.promotion_pending) e.push_back(item(MenuItem::Promote));
  for (const MenuItem i :
       {MenuItem::Time, MenuItem::LastMove, MenuItem::Moves, MenuItem::Game, MenuItem::Board})
    e.push_back(item(i));
  if (!c.game_over) {
    // Art. 9.1.2: one offer at a time; an open offer of the opponent is answered instead.
    if (!c.draw_offer_open) e.push_back(item(MenuItem::OfferDraw));
    if (c.draw_offer_open && c.offer_by_opponent) {
      e.push_back(item(MenuItem::AcceptDraw));
      e.push_back(item(MenuItem::DeclineDraw));
    }
    // Art. 9.2, 9.3: the player to move claims, on the position now or (Art. 9.2.1.1, 9.3.1)
    // with the move he intends, entered first.
    if (c.player_to_move) {
      e.push_back(item(MenuItem::ClaimDraw));
      e.push_back(item(MenuItem::ClaimDrawWithMove));
    }
    // Guidelines III.6.1: with no arbiter present, the player to move claims himself.
    if (c.player_to_move && !c.arbiter_present) e.push_back(item(MenuItem::ClaimNoArbiter));
    e.push_back(item(MenuItem::ClaimFlag));  // D.2.10.5, Art. 6.9
    e.push_back(item(MenuItem::Resign));     // Art. 5.1.2
  }
  // Guidelines III.6.1: the opponent's claim ended the game; the player verifies the final
  // position or disputes it.
  if (c.game_over && c.claim_to_verify) {
    e.push_back(item(MenuItem::VerifyClaim));
    e.push_back(item(MenuItem::DisputeClaim));
  }
  e.push_back(item(MenuItem::CallArbiter));
  // Guidelines I.1.1: only at an adjournment, with the move to seal.
  if (!c.game_over && !c.sealable_move.empty()) e.push_back(item(MenuItem::Seal));
  e.push_back(item(MenuItem::Settings));
  return e;
}

std::vector<Entry> values_of(MenuItem level, MenuValue::Kind kind, const auto& numbers) {
  std::vector<Entry> e;
  for (const int n : numbers) e.push_back(value(level, kind, n));
  return e;
}

std::vector<Entry> numbered(MenuItem level, MenuValue::Kind kind, int first, int last) {
  std::vector<Entry> e;
  for (int n = first; n <= last; ++n) e.push_back(value(level, kind, n));
  return e;
}

std::vector<Entry> submenu(MenuItem level) {
  switch (level) {
    case MenuItem::Moves:
      return values_of(level, MenuValue::Kind::Count, kMoveCounts);
    case MenuItem::Board:
      // Only what a sighted player sees on the board (Art. 11.3).
      return {item(MenuItem::Rank), item(MenuItem::File), item(MenuItem::Pieces),
              item(MenuItem::Side), item(MenuItem::Captured)};
    case MenuItem::Rank:
      return numbered(level, MenuValue::Kind::Rank, 1, 8);
    case MenuItem::File:
      return numbered(level, MenuValue::Kind::File, 0, 7);
    case MenuItem::Pieces:
      return values_of(level, MenuValue::Kind::Piece, kPieceOrder);
    case MenuItem::Side:
      return numbered(level, MenuValue::Kind::Side, core::WHITE, core::BLACK);
    case MenuItem::Settings:
      return {item(MenuItem::SpeechRate), item(MenuItem::Volume)};
    case MenuItem::SpeechRate:
      return values_of(level, MenuValue::Kind::Rate, kRates);
    case MenuItem::Volume:
      return values_of(level, MenuValue::Kind::Volume, kVolumes);
    case MenuItem::Promote:  // Art. 3.7.5: a queen, rook, bishop or knight
      return values_of(level, MenuValue::Kind::Piece, kPromotionPieces);
    case MenuItem::ClaimNoArbiter:  // Guidelines III.6.1.1, III.6.1.2
      return {item(MenuItem::GroundsCannotWin), item(MenuItem::GroundsNoEffort),
              item(MenuItem::GroundsBoth)};
    default:
      return {};
  }
}

bool is_submenu(MenuItem i) {
  return !submenu(i).empty();
}

// Items that end the game or cannot be taken back: carried out only after Confirm.
bool needs_confirmation(MenuItem i) {
  switch (i) {
    case MenuItem::OfferDraw:   // Art. 9.1.2: an offer stands until answered
    case MenuItem::AcceptDraw:  // Art. 9.1.2: the game is drawn
    case MenuItem::ClaimDraw:   // Art. 9.2, 9.5: a claim cannot be withdrawn
    case MenuItem::ClaimDrawWithMove:
    case MenuItem::ClaimFlag:         // Art. 6.9
    case MenuItem::Resign:            // Art. 5.1.2
    case MenuItem::Seal:              // Guidelines I.1.1: the sealed move is final
    case MenuItem::GroundsCannotWin:  // Guidelines III.6.1: the claim ends the game
    case MenuItem::GroundsNoEffort:
    case MenuItem::GroundsBoth:
    case MenuItem::VerifyClaim:  // Guidelines III.6.1: given once, for the arbiter (III.6.2)
    case MenuItem::DisputeClaim:
      return true;
    default:
      return false;
  }
}

constexpr char kPieceLetters[] = " pnbrqk";  // by core::PieceType

// A board reading (app/board_reading.h's queries) for a chosen value.
Command reading(const MenuValue& v) {
  switch (v.kind) {
    case MenuValue::Kind::Rank:
      return cmd::Board{"r" + std::to_string(v.number)};
    case MenuValue::Kind::File:
      return cmd::Board{std::string("f") + static_cast<char>('a' + v.number)};
    case MenuValue::Kind::Piece:
      return cmd::Board{std::string(1, kPieceLetters[v.number])};
    case MenuValue::Kind::Side:
      return cmd::Board{v.number == core::WHITE ? "white" : "black"};
    default:
      return cmd::Moves{v.number};  // Count: the last N moves
  }
}

}  // namespace

std::string_view menu_key_name(MenuKey key) {
  switch (key) {
    case MenuKey::Open:
      return "open";
    case MenuKey::Next:
      return "next";
    case MenuKey::Previous:
      return "previous";
    case MenuKey::Select:
      return "select";
    case MenuKey::Confirm:
      return "confirm";
    case MenuKey::Back:
      return "back";
    case MenuKey::Close:
      return "close";
    case MenuKey::Repeat:
      return "repeat";
  }
  return "open";
}

std::vector<Entry> PlayerMenu::entries(const std::vector<MenuItem>& path,
                                       const MenuContext& context) {
  return path.empty() ? top_level(context) : submenu(path.back());
}

MenuOutput PlayerMenu::press(MenuKey key, const MenuContext& context) {
  if (!open_) return key == MenuKey::Open ? open_menu(context) : MenuOutput{};
  if (awaiting_move_) {
    // Waiting for the intended move (Art. 9.2.1.1): Repeat (or Open, or Confirm) says what is
    // awaited again; any other key cancels, Close leaves the menu.
    if (key == MenuKey::Repeat || key == MenuKey::Open || key == MenuKey::Confirm)
      return saying(line_of(MenuLine::Kind::EnterMove, MenuItem::ClaimDrawWithMove));
    if (key == MenuKey::Close) return close();
    return cancel();
  }
  if (asking_) {
    // Only the confirming key carries the item out; Repeat says the question again; any other
    // key (a second Select included) cancels it, so no slip or repeated press can confirm.
    if (key == MenuKey::Confirm) return confirm(context);
    if (key == MenuKey::Repeat) return saying(line_of(MenuLine::Kind::Question, *asking_));
    if (key == MenuKey::Close) return close();
    return cancel();
  }
  switch (key) {
    case MenuKey::Open:
    case MenuKey::Repeat:
    case MenuKey::Confirm:  // nothing to confirm: where the player is, again
      return current(context);
    case MenuKey::Next:
      return move(1, context);
    case MenuKey::Previous:
      return move(-1, context);
    case MenuKey::Select:
      return select(context);
    case MenuKey::Back:
      return back(context);
    case MenuKey::Close:
      return close();
  }
  return {};
}

MenuOutput PlayerMenu::open_menu(const MenuContext& context) {
  open_ = true;
  path_.clear();
  asking_.reset();
  awaiting_move_ = false;
  index_ = 0;
  cursor_ = entries(path_, context).front();
  return current(context);
}

std::vector<Entry> PlayerMenu::place_cursor(const MenuContext& context) {
  auto level = entries(path_, context);
  if (const auto found = std::find(level.begin(), level.end(), cursor_); found != level.end()) {
    index_ = static_cast<std::size_t>(found - level.begin());
  } else {
    index_ = std::min(index_, level.size() - 1);
    cursor_ = level[index_];
  }
  return level;
}

MenuOutput PlayerMenu::current(const MenuContext& context) {
  const auto level = place_cursor(context);
  MenuLine line;
  line.kind = MenuLine::Kind::Item;
  line.level = path_.empty() ? MenuItem::Title : path_.back();
  line.item = cursor_.item;
  line.value = cursor_.value;
  line.index = static_cast<int>(index_) + 1;
  line.count = static_cast<int>(level.size());
  return saying(line);
}

MenuOutput PlayerMenu::move(int step, const MenuContext& context) {
  const auto level = place_cursor(context);
  const auto size = static_cast<int>(level.size());
  // Wraps round at both ends: the count in every line says where the level begins.
  index_ = static_cast<std::size_t>(((static_cast<int>(index_) + step) % size + size) % size);
  cursor_ = level[index_];
  return current(context);
}

MenuOutput PlayerMenu::select(const MenuContext& context) {
  place_cursor(context);
  if (cursor_.value) return choose_value(*cursor_.value);
  if (is_submenu(cursor_.item)) {
    path_.push_back(cursor_.item);
    index_ = 0;
    cursor_ = entries(path_, context).front();
    return current(context);
  }
  if (cursor_.item == MenuItem::ClaimDrawWithMove) {
    awaiting_move_ = true;  // Art. 9.2.1.1: the move first, then the question naming it
    intended_.clear();
    return saying(line_of(MenuLine::Kind::EnterMove, cursor_.item));
  }
  if (needs_confirmation(cursor_.item)) return ask(cursor_.item, context);
  MenuOutput out = act(cursor_.item, context);
  // An action that needs no confirmation (call the arbiter, decline a draw) is carried out and
  // the menu is left, as after a confirmed one ("Confirmed", then closed: the player's next
  // opening key opens it again instead of closing it). A reading leaves the menu where it is.
  if (out.line && out.line->kind == MenuLine::Kind::Confirmed) {
    open_ = false;
    path_.clear();
    intended_.clear();
  }
  return out;
}

MenuOutput PlayerMenu::choose_value(const MenuValue& v) {
  if (v.kind == MenuValue::Kind::Rate || v.kind == MenuValue::Kind::Volume) {
    (v.kind == MenuValue::Kind::Rate ? voice_.rate_wpm : voice_.volume_percent) = v.number;
    MenuOutput out;
    out.line = line_of(MenuLine::Kind::Setting, path_.back());
    out.line->value = v;
    out.voice = voice_;
    return out;
  }
  MenuOutput out;
  if (!path_.empty() && path_.back() == MenuItem::Promote) {
    // D.2.1, Art. 3.7.5.1: the piece named answers the station's question as the letter typed
    // on his display does; the menu is left, as after a confirmed item, so that the move can be
    // announced (the pause waits while the menu is open).
    out.command = cmd::Answer{std::string(
        1, static_cast<char>(std::toupper(static_cast<unsigned char>(kPieceLetters[v.number]))))};
    out.line = line_of(MenuLine::Kind::Confirmed, MenuItem::Promote);
    open_ = false;
    path_.clear();
    intended_.clear();
    return out;
  }
  out.command = reading(v);  // the reading is the answer; the menu stays where it is
  return out;
}

// The item under the cursor carried out (confirmed first where it must be).
MenuOutput PlayerMenu::act(MenuItem i, const MenuContext& context) {
  MenuOutput out;
  switch (i) {
    case MenuItem::Time:
      out.command = cmd::Time{};  // D.2.6, D.2.10.4
      return out;
    case MenuItem::LastMove:
      out.command = cmd::Repeat{};  // D.2.1
      return out;
    case MenuItem::Game:
      out.command = cmd::Moves{0};
      return out;
    case MenuItem::Captured:
      out.command = cmd::Captured{};
      return out;
    case MenuItem::OfferDraw:
      out.command = cmd::DrawOffer{context.player};
      break;
    case MenuItem::AcceptDraw:
      out.command = cmd::DrawAccept{};
      break;
    case MenuItem::DeclineDraw:
      out.command = cmd::DrawDecline{};
      break;
    case MenuItem::ClaimDraw:
      out.command = cmd::DrawClaim{};
      break;
    case MenuItem::ClaimDrawWithMove:
      out.command = cmd::DrawClaim{intended_};  // Art. 9.2.1.1, 9.3.1
      break;
    case MenuItem::ClaimFlag:
      out.command = cmd::Flag{};
      break;
    case MenuItem::Resign:
      out.command = cmd::Resign{context.player};
      break;
    case MenuItem::CallArbiter:
      out.command = cmd::CallArbiter{};
      break;
    case MenuItem::Seal:
      out.command = cmd::Adjourn{context.sealable_move};
      break;
    case MenuItem::GroundsCannotWin:  // Guidelines III.6.1.1
      out.command = cmd::UnsupervisedClaim{true, false};
      break;
    case MenuItem::GroundsNoEffort:  // Guidelines III.6.1.2
      out.command = cmd::UnsupervisedClaim{false, true};
      break;
    case MenuItem::GroundsBoth:
      out.command = cmd::UnsupervisedClaim{true, true};
      break;
    case MenuItem::VerifyClaim:
      out.command = cmd::VerifyClaim{true};
      break;
    case MenuItem::DisputeClaim:
      out.command = cmd::VerifyClaim{false};
      break;
    default:
      return current(context);
  }
  out.line = line_of(MenuLine::Kind::Confirmed, i);
  return out;
}

MenuOutput PlayerMenu::ask(MenuItem i, const MenuContext& context) {
  asking_ = i;
  asked_ply_ = context.ply;
  asked_key_ = context.position_key;
  return saying(line_of(MenuLine::Kind::Question, i));
}

MenuOutput PlayerMenu::confirm(const MenuContext& context) {
  // A question of an earlier position (a move was made since it was asked) is answered by
  // nothing: it is cancelled, named (the station withdraws it as the move is made).
  if (asked_elsewhere(context)) return withdraw();
  const MenuItem i = *asking_;
  asking_.reset();
  // The context may have changed while the question waited (the opponent's offer withdrawn by
  // his move, the adjournment over): an item no longer offered is not carried out.
  const auto level = entries(path_, context);
  if (std::find(level.begin(), level.end(), item(i)) == level.end()) return cancel();
  // ... nor an item of a submenu the top level no longer offers (the claim without an arbiter
  // once the game is over or the opponent is to move, Guidelines III.6.1).
  if (!path_.empty()) {
    const auto top = entries({}, context);
    if (std::find(top.begin(), top.end(), item(path_.front())) == top.end()) return cancel();
  }
  MenuOutput out = act(i, context);
  open_ = false;  // the game may be over: the menu is left
  path_.clear();
  intended_.clear();
  return out;
}

MenuOutput PlayerMenu::intended_move(const std::string& uci, const MenuContext& context) {
  if (!awaiting_move()) return {};
  // The context may have changed while the move was awaited (the game ended): no claim then.
  const auto level = entries(path_, context);
  if (std::find(level.begin(), level.end(), item(MenuItem::ClaimDrawWithMove)) == level.end())
    return cancel();
  awaiting_move_ = false;
  intended_ = uci;
  return ask(MenuItem::ClaimDrawWithMove, context);
}

MenuOutput PlayerMenu::claim_with_move(const MenuContext& context) {
  const auto level = entries({}, context);
  const auto found = std::find(level.begin(), level.end(), item(MenuItem::ClaimDrawWithMove));
  if (found == level.end()) return {};
  open_ = true;
  path_.clear();
  asking_.reset();
  cursor_ = *found;
  index_ = static_cast<std::size_t>(found - level.begin());
  awaiting_move_ = true;  // Art. 9.2.1.1: the move first, then the question naming it
  intended_.clear();
  return saying(line_of(MenuLine::Kind::EnterMove, MenuItem::ClaimDrawWithMove));
}

MenuOutput PlayerMenu::ask_item(MenuItem i, const MenuContext& context) {
  const auto level = entries({}, context);
  const auto found = std::find(level.begin(), level.end(), item(i));
  if (found == level.end()) return {};
  open_ = true;
  path_.clear();
  awaiting_move_ = false;
  intended_.clear();
  cursor_ = *found;
  index_ = static_cast<std::size_t>(found - level.begin());
  return ask(i, context);
}

MenuOutput PlayerMenu::cancel() {
  asking_.reset();
  awaiting_move_ = false;
  intended_.clear();
  return saying(line_of(MenuLine::Kind::Cancelled, cursor_.item));
}

MenuOutput PlayerMenu::withdraw() {
  if (!asking_) return {};
  const MenuItem i = *asking_;
  asking_.reset();
  awaiting_move_ = false;
  intended_.clear();
  return saying(line_of(MenuLine::Kind::Withdrawn, i));
}

MenuOutput PlayerMenu::back(const MenuContext& context) {
  if (path_.empty()) return close();
  cursor_ = item(path_.back());
  path_.pop_back();
  index_ = 0;
  return current(context);
}

MenuOutput PlayerMenu::close() {
  open_ = false;
  asking_.reset();
  awaiting_move_ = false;
  intended_.clear();
  path_.clear();
  return saying(line_of(MenuLine::Kind::Closed, speech::MenuItem::Close));
}

}  // namespace annabella::app
