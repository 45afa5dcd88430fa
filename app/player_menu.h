// The VI player's own menu (issue 14): everything the console offers that is the player's by
// right, reached with a few keys on his pegboard, his tactile clock or his braille display, and
// answered privately (earpiece and braille line, never the public speaker).
//
// A small state machine that owns no device and no game: each key comes with a MenuContext (what
// the station's state allows now) and gives back what to say (a speech::MenuLine, worded in
// speech/menu_phrases.h in the player's language) and/or a typed command for the station
// (app/station_commands.h), carried out on the same path as the console's.
//
//   Menue                        Time (D.2.6, D.2.10.4), Last move (D.2.1), Last moves > 1 2 3 5
//                                10, The whole game, Read the board > (Rank > 1..8, File > a..h,
//                                Pieces > K Q R B N P, Side > White Black, Captured), Offer a
//                                draw, Accept / Decline the draw (an open offer, Art. 9.1.2),
//                                Claim a draw (Art. 9.2, 9.3), Claim a fallen flag (D.2.10.5,
//                                Art. 6.9), Resign (Art. 5.1.2), Call the arbiter, Seal the move
//                                (an adjournment only, Guidelines I), Claim a draw without an
//                                arbiter > (The opponent cannot win, ... is not trying to win,
//                                Both reasons) (no arbiter present, Guidelines III.6.1), Verify /
//                                Dispute the draw claim (the opponent's, III.6.1), Settings >
//                                (Speech rate, Volume) of the private route; Promotion piece >
//                                (Queen, Rook, Bishop, Knight), first, only while the station
//                                waits for the piece of his promotion (Art. 3.7.5.1).
//
// Keys: Open, Next / Previous (wrapping round at the ends), Select (enter a submenu, carry out an
// item, choose a value), Back (up one level; at the top, close), Close, Repeat (the line again).
// Anything that ends the game or cannot be taken back (offer, accept or claim a draw, resign,
// claim a flag, seal, claim without an arbiter, verify or dispute that claim) first asks, and is
// carried out only by Confirm, a key used for nothing else: a second Select, or any other key,
// cancels, so a slip or a repeated press never confirms.
//
// Claim a draw with my next move (Art. 9.2.1.1, 9.3.1): Select asks for the move, which the
// player makes on his board without announcing it, types on the display or says (the station
// hands it in with intended_move()); the menu then asks, naming the move, and Confirm claims with
// it. Any other key cancels, as for every question.
//
// No help the Laws forbid (Art. 11.3): the menu reads only what a sighted player sees (the
// board, the moves, the clocks); it has no legal-move lists, no attacked squares, no hints.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/station_commands.h"
#include "core/types.h"
#include "speech/audio.h"
#include "speech/menu_phrases.h"

namespace annabella::app {

enum class MenuKey : std::uint8_t { Open, Next, Previous, Select, Confirm, Back, Close, Repeat };
inline constexpr MenuKey kMenuKeys[] = {MenuKey::Open,   MenuKey::Next,    MenuKey::Previous,
                                        MenuKey::Select, MenuKey::Confirm, MenuKey::Back,
                                        MenuKey::Close,  MenuKey::Repeat};
[[nodiscard]] std::string_view menu_key_name(MenuKey key);  // "open", "next" ...

// What the station's state allows when a key comes (app/player_menu_keys.h reads it).
struct MenuContext {
  core::Color player = core::WHITE;  // the VI player, whose menu it is
  bool game_over = false;
  bool draw_offer_open = false;    // a draw offer stands (Art. 9.1.2)
  bool offer_by_opponent = false;  // ... made by the opponent: the player may answer it
  bool player_to_move = false;
  // At an adjournment (Guidelines I.1.1: the arbiter has stopped the clocks and the player
  // seals his next move): the move completed on his board and not announced, as SAN. Empty
  // otherwise; the Seal item is offered only then.
  std::string sealable_move;
  // Guidelines III.6: no arbiter supervises the game (game.arbiter_present = false): the player
  // to move claims a draw himself (the ClaimNoArbiter item, with its grounds).
  bool arbiter_present = true;
  // Guidelines III.6.1: the opponent's draw claim made without an arbiter ended the game and
  // waits for the player to verify or dispute the final position.
  bool claim_to_verify = false;
  // Art. 3.7.5.1, D.2.1: his pawn stands on the last rank and the station waits for the piece
  // it becomes (an occupancy-only pegboard cannot tell): the Promote item is offered only then.
  bool promotion_pending = false;
  // The game's position (its half-moves and its key): a question belongs to the position it
  // was asked in, and a Confirm in another confirms nothing (docs/players-guide.md, Confirming).
  std::size_t ply = 0;
  std::uint64_t position_key = 0;
};

// The private route's voice, as the player sets it in the menu.
using PrivateVoice = speech::PrivateVoice;

// What one key gives.
struct MenuOutput {
  std::optional<speech::MenuLine> line;  // to say privately and show on the braille display
  std::optional<Command> command;        // to carry out (the key's InputSource goes with it)
  std::optional<PrivateVoice> voice;     // the private route's voice changed
};

class PlayerMenu {
 public:
  explicit PlayerMenu(PrivateVoice voice = {}) : voice_(voice) {}

  [[nodiscard]] MenuOutput press(MenuKey key, const MenuContext& context);
  // Art. 9.2.1.1, 9.3.1: the move the player intends (UCI, legal in the position: the station
  // read it), while the menu waits for it (awaiting_move()); the menu asks to confirm the claim
  // with it. Nothing when the menu does not wait for a move.
  [[nodiscard]] MenuOutput intended_move(const std::string& uci, const MenuContext& context);
  // Art. 9.2.1.1, 9.3.1: the claim with the intended move started at once (his voice command,
  // "Remis Reklamation"): the menu opens on it and waits for the move, as after selecting it.
  // Nothing when the claim is not offered now (not his move, the game over).
  [[nodiscard]] MenuOutput claim_with_move(const MenuContext& context);
  // A question asked without the menu's keys (his voice command "Remis", "Aufgabe"): the menu
  // opens on `item` and asks it, as after selecting it; only Confirm then carries it out.
  // Nothing when the item is not offered now.
  [[nodiscard]] MenuOutput ask_item(speech::MenuItem item, const MenuContext& context);
  // The item asked, if any.
  [[nodiscard]] std::optional<speech::MenuItem> asked() const { return asking_; }
  // The menu waits for the intended move of a draw claim.
  [[nodiscard]] bool awaiting_move() const { return open_ && awaiting_move_; }
  // The claim with an intended move is under way: the move is awaited or the claim is asked.
  [[nodiscard]] bool claiming_with_move() const {
    return awaiting_move() || asking_ == speech::MenuItem::ClaimDrawWithMove;
  }
  [[nodiscard]] bool is_open() const { return open_; }
  [[nodiscard]] bool asking() const { return asking_.has_value(); }
  // Art. 9.2: a draw claim asked to be confirmed (not made before it is): its intended move
  // (UCI; empty for a claim without one). Nothing when no claim is asked.
  [[nodiscard]] std::optional<std::string> draw_claim_asked() const {
    if (asking_ == speech::MenuItem::ClaimDraw) return std::string();
    if (asking_ == speech::MenuItem::ClaimDrawWithMove) return intended_;
    return std::nullopt;
  }
  [[nodiscard]] const PrivateVoice& voice() const { return voice_; }
  // The question asked was asked in another position than `context`'s (a move was made since,
  // by either player): it no longer applies.
  [[nodiscard]] bool asked_elsewhere(const MenuContext& context) const {
    return asking_ && (asked_ply_ != context.ply || asked_key_ != context.position_key);
  }
  // The open question cancelled by something that is no key of the menu (his ANNOUNCE button, a
  // piece lifted on his board, a move made): a Withdrawn line naming the item; the menu stays
  // where it is. Nothing when no question is asked.
  [[nodiscard]] MenuOutput withdraw();

  // One entry of a level: an item, or a value of the level's item.
  struct Entry {
    speech::MenuItem item = speech::MenuItem::Time;
    std::optional<speech::MenuValue> value;
    friend bool operator==(const Entry&, const Entry&) = default;
  };
  // The entries of the level reached through `path` (empty: the top), as `context` allows.
  [[nodiscard]] static std::vector<Entry> entries(const std::vector<speech::MenuItem>& path,
                                                  const MenuContext& context);

 private:
  MenuOutput open_menu(const MenuContext& context);
  MenuOutput move(int step, const MenuContext& context);
  MenuOutput select(const MenuContext& context);
  MenuOutput confirm(const MenuContext& context);
  MenuOutput back(const MenuContext& context);
  MenuOutput close();
  MenuOutput cancel();
  // The line for the entry under the cursor (the cursor kept on its entry when the level's
  // entries changed with the context, else put on the nearest place).
  MenuOutput current(const MenuContext& context);
  // Puts the cursor on its entry in the level as `context` allows it now; the level's entries.
  std::vector<Entry> place_cursor(const MenuContext& context);
  MenuOutput choose_value(const speech::MenuValue& value);
  MenuOutput act(speech::MenuItem item, const MenuContext& context);
  MenuOutput ask(speech::MenuItem item, const MenuContext& context);

  bool open_ = false;
  std::vector<speech::MenuItem> path_;      // the submenus entered, from the top
  Entry cursor_;                            // the entry under the cursor in the current level
  std::size_t index_ = 0;                   // its place (kept when the entry disappears)
  std::optional<speech::MenuItem> asking_;  // waiting for Confirm for this item
  std::size_t asked_ply_ = 0;               // ... asked in this position (MenuContext)
  std::uint64_t asked_key_ = 0;
  bool awaiting_move_ = false;  // ClaimDrawWithMove waits for the move
  std::string intended_;        // ... the move entered (UCI)
  PrivateVoice voice_;
};

}  // namespace annabella::app
