// The VI player's menu (app/player_menu.h): moving through it, wrapping at the ends, submenus and
// Back, the confirmation that no slip or repeated key can give, the seal item offered only at an
// adjournment, nothing the Laws forbid (Art. 11.3), and its lines in the player's words.
#include "app/player_menu.h"

#include <gtest/gtest.h>

#include <functional>
#include <set>

#include "app/board_reading.h"
#include "core/position.h"
#include "speech/language.h"
#include "speech/vocabulary.h"

namespace annabella::app {
namespace player_menu_test {
namespace {

using speech::MenuItem;
using speech::MenuLine;
using speech::MenuValue;

MenuContext playing(bool to_move = false) {
  MenuContext c;
  c.player = core::WHITE;
  c.player_to_move = to_move;
  return c;
}

// Presses Next until the cursor is on `item` (the menu open at its top level).
MenuOutput go_to(PlayerMenu& menu, MenuItem item, const MenuContext& c) {
  for (int i = 0; i < 20; ++i) {
    auto out = menu.press(MenuKey::Repeat, c);
    if (out.line && out.line->item == item && !out.line->value) return out;
    out = menu.press(MenuKey::Next, c);
  }
  ADD_FAILURE() << "item not found in the menu";
  return {};
}

bool ends_game(const std::optional<Command>& c) {
  return c &&
         (std::holds_alternative<cmd::Resign>(*c) || std::holds_alternative<cmd::Flag>(*c) ||
          std::holds_alternative<cmd::DrawAccept>(*c) ||
          std::holds_alternative<cmd::DrawClaim>(*c) ||
          std::holds_alternative<cmd::DrawOffer>(*c) || std::holds_alternative<cmd::Adjourn>(*c) ||
          std::holds_alternative<cmd::UnsupervisedClaim>(*c) ||
          std::holds_alternative<cmd::VerifyClaim>(*c));
}

TEST(PlayerMenu, ClosedItAnswersOnlyTheOpenKey) {
  PlayerMenu menu;
  for (const MenuKey key : kMenuKeys) {
    if (key == MenuKey::Open) continue;
    const auto out = menu.press(key, playing());
    EXPECT_FALSE(out.line || out.command) << menu_key_name(key);
    EXPECT_FALSE(menu.is_open());
  }
  const auto opened = menu.press(MenuKey::Open, playing());
  ASSERT_TRUE(opened.line);
  EXPECT_EQ(opened.line->level, MenuItem::Title);
  EXPECT_EQ(opened.line->item, MenuItem::Time);
  EXPECT_EQ(opened.line->index, 1);
  EXPECT_EQ(opened.line->count, 10);
}

// An action carried out without a question (calling the arbiter, declining a draw) leaves the
// menu as a confirmed one does: the player's next opening key opens it (it once stayed open, and
// that key closed it); a reading (time) leaves it open where it was.
TEST(PlayerMenu, AnActionWithoutAQuestionClosesTheMenuAReadingDoesNot) {
  PlayerMenu menu;
  const MenuContext c = playing();
  ASSERT_TRUE(menu.press(MenuKey::Open, c).line);
  go_to(menu, MenuItem::Time, c);
  const auto time = menu.press(MenuKey::Select, c);
  ASSERT_TRUE(time.command && std::holds_alternative<cmd::Time>(*time.command));
  EXPECT_TRUE(menu.is_open());
  go_to(menu, MenuItem::CallArbiter, c);
  const auto called = menu.press(MenuKey::Select, c);
  ASSERT_TRUE(called.command && std::holds_alternative<cmd::CallArbiter>(*called.command));
  ASSERT_TRUE(called.line);
  EXPECT_EQ(called.line->kind, MenuLine::Kind::Confirmed);
  EXPECT_FALSE(menu.is_open());
  const auto opened = menu.press(MenuKey::Open, c);
  ASSERT_TRUE(opened.line);
  EXPECT_EQ(opened.line->kind, MenuLine::Kind::Item);
  EXPECT_TRUE(menu.is_open());
}

TEST(PlayerMenu, NextAndPreviousWrapRoundAtBothEnds) {
  PlayerMenu menu;
  const auto c = playing();
  ASSERT_TRUE(menu.press(MenuKey::Open, c).line);
  const auto last = menu.press(MenuKey::Previous, c);
  ASSERT_TRUE(last.line);
  EXPECT_EQ(last.line->item, MenuItem::Settings);
  EXPECT_EQ(last.line->index, last.line->count);
  const auto first = menu.press(MenuKey::Next, c);
  EXPECT_EQ(first.line->item, MenuItem::Time);
  EXPECT_EQ(first.line->index, 1);
  const auto second = menu.press(MenuKey::Next, c);
  EXPECT_EQ(second.line->item, MenuItem::LastMove);
  EXPECT_EQ(second.line->index, 2);
  // Repeat says the same line again and moves nothing.
  EXPECT_EQ(menu.press(MenuKey::Repeat, c).line, second.line);
}

TEST(PlayerMenu, ReadingsGiveCommandsAndKeepTheMenuWhereItIs) {
  PlayerMenu menu;
  const auto c = playing();
  ASSERT_TRUE(menu.press(MenuKey::Open, c).line);
  const auto time = menu.press(MenuKey::Select, c);
  ASSERT_TRUE(time.command);
  EXPECT_TRUE(std::holds_alternative<cmd::Time>(*time.command));  // D.2.10.4
  EXPECT_FALSE(time.line);                                        // the readout is the answer
  EXPECT_TRUE(menu.is_open());
  // Board > Rank > 4.
  go_to(menu, MenuItem::Board, c);
  const auto board = menu.press(MenuKey::Select, c);
  EXPECT_EQ(board.line->level, MenuItem::Board);
  EXPECT_EQ(board.line->item, MenuItem::Rank);
  const auto rank = menu.press(MenuKey::Select, c);
  EXPECT_EQ(rank.line->level, MenuItem::Rank);
  ASSERT_TRUE(rank.line->value);
  EXPECT_EQ(rank.line->value->number, 1);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(menu.press(MenuKey::Next, c).line);
  const auto r4 = menu.press(MenuKey::Select, c);
  ASSERT_TRUE(r4.command);
  ASSERT_TRUE(std::holds_alternative<cmd::Board>(*r4.command));
  EXPECT_EQ(std::get<cmd::Board>(*r4.command).query, "r4");
  // Back twice: to Rank in the board's menu, then to Board at the top; Back there closes.
  EXPECT_EQ(menu.press(MenuKey::Back, c).line->item, MenuItem::Rank);
  const auto top = menu.press(MenuKey::Back, c);
  EXPECT_EQ(top.line->level, MenuItem::Title);
  EXPECT_EQ(top.line->item, MenuItem::Board);
  EXPECT_EQ(menu.press(MenuKey::Back, c).line->kind, MenuLine::Kind::Closed);
  EXPECT_FALSE(menu.is_open());
}

TEST(PlayerMenu, ResignIsCarriedOutOnlyByTheConfirmingKey) {
  const auto c = playing();
  // Select asks; Select again, or any other key but Confirm, cancels and gives no command.
  for (const MenuKey second : kMenuKeys) {
    if (second == MenuKey::Confirm || second == MenuKey::Repeat) continue;
    PlayerMenu menu;
    ASSERT_TRUE(menu.press(MenuKey::Open, c).line);
    go_to(menu, MenuItem::Resign, c);
    const auto asked = menu.press(MenuKey::Select, c);
    ASSERT_TRUE(asked.line);
    EXPECT_EQ(asked.line->kind, MenuLine::Kind::Question);
    EXPECT_FALSE(asked.command);
    const auto out = menu.press(second, c);
    EXPECT_FALSE(out.command) << menu_key_name(second);
    EXPECT_FALSE(menu.asking()) << menu_key_name(second);
    // ... and Confirm after that has nothing to confirm.
    EXPECT_FALSE(menu.press(MenuKey::Confirm, c).command) << menu_key_name(second);
  }
  // Repeat says the question again and does not confirm either.
  PlayerMenu menu;
  ASSERT_TRUE(menu.press(MenuKey::Open, c).line);
  go_to(menu, MenuItem::Resign, c);
  ASSERT_TRUE(menu.press(MenuKey::Select, c).line);
  const auto again = menu.press(MenuKey::Repeat, c);
  EXPECT_EQ(again.line->kind, MenuLine::Kind::Question);
  EXPECT_FALSE(again.command);
  const auto done = menu.press(MenuKey::Confirm, c);
  ASSERT_TRUE(done.command);
  ASSERT_TRUE(std::holds_alternative<cmd::Resign>(*done.command));
  EXPECT_EQ(std::get<cmd::Resign>(*done.command).side, core::WHITE);  // Art. 5.1.2
  EXPECT_EQ(done.line->kind, MenuLine::Kind::Confirmed);
  EXPECT_FALSE(menu.is_open());
}

// Every sequence of up to four keys without Confirm, from anywhere on the top level, gives no
// command that ends the game or cannot be taken back.
TEST(PlayerMenu, NoSequenceWithoutConfirmEndsTheGame) {
  MenuContext c = playing(true);
  c.draw_offer_open = true;
  c.offer_by_opponent = true;
  c.sealable_move = "Nf3";
  c.arbiter_present = false;  // Guidelines III.6.1: the claim without an arbiter is offered
  std::vector<MenuKey> keys;
  for (const MenuKey k : kMenuKeys)
    if (k != MenuKey::Confirm) keys.push_back(k);
  const std::size_t n = keys.size();
  for (int start = 0; start < 15; ++start)
    for (std::size_t code = 0; code < n * n * n * n; ++code) {
      PlayerMenu menu;
      ASSERT_TRUE(menu.press(MenuKey::Open, c).line);
      for (int i = 0; i < start; ++i) ASSERT_TRUE(menu.press(MenuKey::Next, c).line);
      std::size_t rest = code;
      for (int i = 0; i < 4; ++i, rest /= n)
        ASSERT_FALSE(ends_game(menu.press(keys[rest % n], c).command)) << start << " " << code;
    }
}

TEST(PlayerMenu, SealIsOfferedOnlyAtAnAdjournment) {
  MenuContext c = playing(true);
  const auto items = [](const MenuContext& context) {
    std::set<MenuItem> s;
    for (const auto& e : PlayerMenu::entries({}, context)) s.insert(e.item);
    return s;
  };
  EXPECT_FALSE(items(c).contains(MenuItem::Seal));
  c.sealable_move = "Nf3";
  EXPECT_TRUE(items(c).contains(MenuItem::Seal));  // Guidelines I.1.1
  PlayerMenu menu;
  ASSERT_TRUE(menu.press(MenuKey::Open, c).line);
  go_to(menu, MenuItem::Seal, c);
  EXPECT_FALSE(menu.press(MenuKey::Select, c).command);
  const auto sealed = menu.press(MenuKey::Confirm, c);
  ASSERT_TRUE(sealed.command);
  ASSERT_TRUE(std::holds_alternative<cmd::Adjourn>(*sealed.command));
  EXPECT_EQ(std::get<cmd::Adjourn>(*sealed.command).sealed, "Nf3");
  // Once the game is over, nothing that changes it is offered.
  c.game_over = true;
  for (const MenuItem gone : {MenuItem::Seal, MenuItem::Resign, MenuItem::OfferDraw,
                              MenuItem::ClaimDraw, MenuItem::ClaimFlag})
    EXPECT_FALSE(items(c).contains(gone));
}

TEST(PlayerMenu, ThePromotionPieceIsOfferedFirstOnlyWhileItIsAwaited) {
  MenuContext c = playing(true);
  const auto first = [](const MenuContext& context) {
    return PlayerMenu::entries({}, context).front().item;
  };
  EXPECT_EQ(first(c), MenuItem::Time);
  c.promotion_pending = true;
  EXPECT_EQ(first(c), MenuItem::Promote);  // Art. 3.7.5.1: his clock runs meanwhile
  PlayerMenu menu;
  ASSERT_TRUE(menu.press(MenuKey::Open, c).line);
  const auto pieces = menu.press(MenuKey::Select, c);
  ASSERT_TRUE(pieces.line);
  ASSERT_TRUE(pieces.line->value);
  EXPECT_EQ(pieces.line->value->number, core::QUEEN);
  EXPECT_EQ(pieces.line->count, 4);  // Q, R, B, N: never a king or a pawn
  (void)menu.press(MenuKey::Next, c);
  const auto chosen = menu.press(MenuKey::Select, c);
  ASSERT_TRUE(chosen.command);
  ASSERT_TRUE(std::holds_alternative<cmd::Answer>(*chosen.command));
  EXPECT_EQ(std::get<cmd::Answer>(*chosen.command).text, "R");
  EXPECT_FALSE(menu.is_open());
  c.game_over = true;
  EXPECT_NE(first(c), MenuItem::Promote);
}

TEST(PlayerMenu, AnOfferThatWentAwayIsNotAcceptedByALateConfirm) {
  MenuContext c = playing();
  c.draw_offer_open = true;
  c.offer_by_opponent = true;
  PlayerMenu menu;
  ASSERT_TRUE(menu.press(MenuKey::Open, c).line);
  go_to(menu, MenuItem::AcceptDraw, c);
  ASSERT_FALSE(menu.press(MenuKey::Select, c).command);
  c.draw_offer_open = false;  // Art. 9.1.2.3: declined by playing on
  const auto late = menu.press(MenuKey::Confirm, c);
  EXPECT_FALSE(late.command);
  EXPECT_EQ(late.line->kind, MenuLine::Kind::Cancelled);
}

// docs/players-guide.md, Confirming: a question belongs to the position it was asked in. A move
// made since (by either player) leaves it unanswerable: a Confirm then resigns nothing, and the
// line names what was cancelled (tester N4).
TEST(PlayerMenu, AConfirmInAnotherPositionConfirmsNothing) {
  MenuContext c = playing(true);
  c.ply = 4;
  c.position_key = 0x1234;
  PlayerMenu menu;
  ASSERT_TRUE(menu.press(MenuKey::Open, c).line);
  go_to(menu, MenuItem::Resign, c);
  ASSERT_EQ(menu.press(MenuKey::Select, c).line->kind, MenuLine::Kind::Question);
  EXPECT_FALSE(menu.asked_elsewhere(c));
  c.ply = 5;  // a move was made
  c.position_key = 0x5678;
  EXPECT_TRUE(menu.asked_elsewhere(c));
  const auto late = menu.press(MenuKey::Confirm, c);
  EXPECT_FALSE(late.command);
  ASSERT_TRUE(late.line);
  EXPECT_EQ(late.line->kind, MenuLine::Kind::Withdrawn);
  EXPECT_EQ(late.line->item, MenuItem::Resign);
  EXPECT_FALSE(menu.asking());
  EXPECT_FALSE(menu.withdraw().line);  // nothing left to cancel
}

// Walks every level of the menu in every context and collects what it can ask the station:
// readings of what a sighted player sees, the player's rights, nothing else (Art. 11.3).
TEST(PlayerMenu, OffersNothingTheLawsForbid) {
  const core::Position start = *core::Position::from_fen(core::kStartFen);
  std::set<std::size_t> kinds;
  for (int bits = 0; bits < 32; ++bits) {
    MenuContext c;
    c.game_over = bits & 1;
    c.draw_offer_open = bits & 2;
    c.offer_by_opponent = bits & 4;
    c.player_to_move = bits & 8;
    c.sealable_move = bits & 16 ? "e4" : "";
    // Depth first through every submenu: each entry selected (and confirmed) once.
    std::function<void(const std::vector<MenuItem>&)> walk =
        [&](const std::vector<MenuItem>& path) {
          const auto level = PlayerMenu::entries(path, c);
          for (std::size_t i = 0; i < level.size(); ++i) {
            auto deeper = path;
            deeper.push_back(level[i].item);
            if (!level[i].value && !PlayerMenu::entries(deeper, c).empty()) {
              walk(deeper);
              continue;
            }
            PlayerMenu menu;
            ASSERT_TRUE(menu.press(MenuKey::Open, c).line);
            for (const MenuItem sub : path) {
              go_to(menu, sub, c);
              ASSERT_TRUE(menu.press(MenuKey::Select, c).line);
            }
            for (std::size_t k = 0; k < i; ++k) ASSERT_TRUE(menu.press(MenuKey::Next, c).line);
            auto done = menu.press(MenuKey::Select, c);
            if (menu.asking()) done = menu.press(MenuKey::Confirm, c);
            if (!done.command) continue;  // a setting
            kinds.insert(done.command->index());
            if (const auto* board = std::get_if<cmd::Board>(&*done.command)) {
              EXPECT_TRUE(read_board(start, board->query)) << board->query;  // a real reading
            }
          }
        };
    walk({});
  }
  const std::set<std::size_t> allowed = {
      Command(cmd::Time{}).index(),       Command(cmd::Repeat{}).index(),
      Command(cmd::Moves{}).index(),      Command(cmd::Board{}).index(),
      Command(cmd::Captured{}).index(),   Command(cmd::DrawOffer{}).index(),
      Command(cmd::DrawAccept{}).index(), Command(cmd::DrawDecline{}).index(),
      Command(cmd::DrawClaim{}).index(),  Command(cmd::Resign{}).index(),
      Command(cmd::Flag{}).index(),       Command(cmd::CallArbiter{}).index(),
      Command(cmd::Adjourn{}).index()};
  for (const auto kind : kinds) {
    EXPECT_TRUE(allowed.contains(kind)) << kind;
  }
  EXPECT_EQ(kinds, allowed);  // and every one of them is reachable
}

// Art. 9.2.1.1, 9.3.1: the claim with the intended move: Select asks for the move (the menu then
// waits, and any key but Repeat cancels); the move entered makes the menu ask, naming it; only
// Confirm claims, with that move. Offered only to the player to move.
TEST(PlayerMenu, AClaimWithTheIntendedMoveAsksForTheMoveThenForConfirmation) {
  const auto c = playing(true);
  PlayerMenu menu;
  ASSERT_TRUE(menu.press(MenuKey::Open, c).line);
  go_to(menu, MenuItem::ClaimDrawWithMove, c);
  auto out = menu.press(MenuKey::Select, c);
  ASSERT_TRUE(out.line);
  EXPECT_EQ(out.line->kind, MenuLine::Kind::EnterMove);
  EXPECT_FALSE(out.command);
  EXPECT_TRUE(menu.awaiting_move());
  EXPECT_EQ(menu.press(MenuKey::Repeat, c).line->kind, MenuLine::Kind::EnterMove);
  EXPECT_EQ(menu.press(MenuKey::Confirm, c).line->kind, MenuLine::Kind::EnterMove);  // no claim
  EXPECT_TRUE(menu.awaiting_move());
  // A slip cancels; no move is awaited any more, and a move entered then does nothing.
  EXPECT_EQ(menu.press(MenuKey::Next, c).line->kind, MenuLine::Kind::Cancelled);
  EXPECT_FALSE(menu.claiming_with_move());
  EXPECT_FALSE(menu.intended_move("g1f3", c).line);
  // Again: the move, the question naming it, Confirm.
  ASSERT_EQ(menu.press(MenuKey::Select, c).line->kind, MenuLine::Kind::EnterMove);
  out = menu.intended_move("g1f3", c);
  ASSERT_TRUE(out.line);
  EXPECT_EQ(out.line->kind, MenuLine::Kind::Question);
  EXPECT_EQ(out.line->item, MenuItem::ClaimDrawWithMove);
  EXPECT_FALSE(out.command);
  EXPECT_TRUE(menu.claiming_with_move());
  out = menu.press(MenuKey::Confirm, c);
  ASSERT_TRUE(out.command);
  const auto* claim = std::get_if<cmd::DrawClaim>(&*out.command);
  ASSERT_TRUE(claim);
  EXPECT_EQ(claim->intended, "g1f3");
  EXPECT_FALSE(menu.is_open());
  EXPECT_FALSE(menu.claiming_with_move());
  // Not the player's move: no claim at all (Art. 9.2.1.1: he claims before making his move).
  ASSERT_TRUE(menu.press(MenuKey::Open, playing(false)).line);
  for (const auto& e : PlayerMenu::entries({}, playing(false))) {
    EXPECT_NE(e.item, MenuItem::ClaimDrawWithMove);
    EXPECT_NE(e.item, MenuItem::ClaimDraw);
  }
}

TEST(PlayerMenu, SettingsChangeThePrivateVoice) {
  const auto c = playing();
  PlayerMenu menu;
  ASSERT_TRUE(menu.press(MenuKey::Open, c).line);
  go_to(menu, MenuItem::Settings, c);
  ASSERT_EQ(menu.press(MenuKey::Select, c).line->item, MenuItem::SpeechRate);
  ASSERT_TRUE(menu.press(MenuKey::Select, c).line->value);
  const auto set = menu.press(MenuKey::Select, c);  // the first rate
  ASSERT_TRUE(set.voice);
  EXPECT_EQ(set.voice->rate_wpm, 100);
  EXPECT_EQ(set.line->kind, MenuLine::Kind::Setting);
  EXPECT_EQ(menu.voice().rate_wpm, 100);
}

TEST(PlayerMenu, LinesInThePlayersWordsSayWhereHeIs) {
  auto de = speech::Language::load("de");
  auto en = speech::Language::load("en");
  auto fide = speech::Vocabulary::load("fide");
  ASSERT_TRUE(de && en && fide);
  MenuLine top;
  top.level = MenuItem::Title;
  top.item = MenuItem::Time;
  top.count = 10;
  EXPECT_EQ(speech::phrase_menu_line(*en, *fide, top).text, "Menu: Time, one of ten");
  EXPECT_EQ(speech::phrase_menu_line(*de, *fide, top).text, "Menue: Zeit, eins von zehn");
  MenuLine rank{.level = MenuItem::Rank,
                .item = MenuItem::Rank,
                .value = MenuValue{MenuValue::Kind::Rank, 4},
                .index = 4,
                .count = 8};
  EXPECT_EQ(speech::phrase_menu_line(*de, *fide, rank).text, "Reihe: vier, vier von acht");
  MenuLine asked;
  asked.kind = MenuLine::Kind::Question;
  asked.item = MenuItem::Resign;
  EXPECT_EQ(speech::phrase_menu_line(*en, *fide, asked).text,
            speech::phrase_confirm_question(*en, MenuItem::Resign).text);
}

}  // namespace
}  // namespace player_menu_test
}  // namespace annabella::app
