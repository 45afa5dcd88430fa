// The VI player on his own at `annabella play` (issue 14, D.2.11): his braille display through a
// real BRLTTY (Virtual driver, the test pressing its keys from the display side) and his pegboard
// (the built-in simulator, peg protocol version 2, its hand and its buttons as "sim ..."). His
// menu is reached from both, never from the console; the console carries only the sighted
// player's side and the arbiter's. The scenario driver the whole-game tests share.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "support/menu_game.h"
#include "support/temp_dir.h"
#include "support/virtual_brltty.h"
#include "tactile/braille_keys.h"
#include "tactile/serial_link.h"
#include "tactile/tactile_clock.h"

namespace annabella::app {

class ViAlone {
 public:
  // Which of his devices the VI player uses for a menu action.
  enum class Keys : std::uint8_t { Display, Board };

  // `config`: more configuration (TOML), e.g. a time control or a start position.
  // `tactile_clock`: his tactile clock too (D.2.6, protocol version 2), on the device side of a
  // pty (docs/tactile-clock-protocol.md).
  explicit ViAlone(const std::string& config = "", bool tactile_clock = false)
      : clock_(tactile_clock ? open_clock(dir_.path() / "tactile-clock") : nullptr),
        config_(config),
        game_(std::make_unique<MenuGame>(folder_, config_ + display_config() + clock_config())) {}

  [[nodiscard]] MenuGame& game() { return *game_; }
  [[nodiscard]] annabella::testing::ChildProcess& station() { return game_->station(); }
  [[nodiscard]] annabella::testing::VirtualBrltty& display() { return *brltty_; }
  [[nodiscard]] const std::filesystem::path& folder() const { return folder_; }
  // Everything the station printed so far: the failure message of every step.
  [[nodiscard]] const std::string& output() { return game_->station().output(); }

  // The board agrees with the game and the display shows the clock line (D.2.6).
  // A BRLTTY that has just started sometimes never gives a connected client the display (seen
  // with a plain BrlAPI client too: a BRLTTY race, docs/clock.md); when the station's first
  // line does not come, BRLTTY and the station are started afresh, at most twice, before any
  // step of the test. Everything after this is asserted on the one station that showed it.
  [[nodiscard]] bool ready(const std::string& clock) {
    for (int start = 0; start < 3; ++start) {
      if (brltty_->host().empty() || !game_->ready()) return false;
      if (!brltty_->wait_for_visual(clock, kWait).empty()) return true;
      std::cerr << "BRLTTY never showed the station's first line: both started again\n";
      game_.reset();
      std::filesystem::remove_all(folder_);
      brltty_ = std::make_unique<annabella::testing::VirtualBrltty>();
      game_ = std::make_unique<MenuGame>(folder_, config_ + display_config() + clock_config());
    }
    return false;
  }

  // A key on the display; waits for what it makes the station print or say.
  [[nodiscard]] bool display_key(const std::string& key, const std::string& expect) {
    const auto from = output().size();
    return brltty_->press(key) && station().wait_for(expect, kWait, from);
  }
  // Types `text` on the display's braille keyboard, cell by cell, and RETURN.
  [[nodiscard]] bool type(std::string_view text, const std::string& expect) {
    for (const char c : text)
      if (!brltty_->press("PASSDOTS " + std::to_string(tactile::computer_braille_dots(c))))
        return false;
    return display_key("KEY_ENTER", expect);
  }
  // A key of the menu: a board button, or the display key of the same meaning
  // (docs/players-guide.md): NEXT LNDN, SELECT a routing key, CONFIRM RETURN, BACK ESCAPE.
  [[nodiscard]] bool key(Keys keys, const std::string& board, const std::string& expect) {
    if (keys == Keys::Board) return game_->press(board, expect);
    return display_key(display_name(board), expect);
  }

  // Opens the menu from `keys` (it must be closed) and goes on until its line names `item`;
  // on the display, the display shows that line then.
  [[nodiscard]] bool open_at(Keys keys, const std::string& item) {
    if (!key(keys, "menu", std::string(kMenuLine))) return false;
    for (int i = 0; i < 16; ++i) {
      if (at_item(item))
        return keys == Keys::Board || !brltty_->wait_for_visual(item, kWait).empty();
      if (!key(keys, "next", " von ")) return false;
    }
    return false;
  }
  // Picks the item the menu is on; `expect` is what it makes the station do or ask.
  [[nodiscard]] bool pick(Keys keys, const std::string& expect) {
    return key(keys, "select", expect);
  }
  // The second, different key that carries out what the menu asked.
  [[nodiscard]] bool confirm(Keys keys, const std::string& expect) {
    return key(keys, "confirm", expect);
  }
  // Closes the menu: BACK on the board (from its top level), HOME on the display.
  [[nodiscard]] bool close(Keys keys) {
    const std::string closed = "say private: Menue geschlossen";
    if (keys == Keys::Display) return display_key("HOME", closed);
    return game_->press("back", closed);
  }

  // A key of his tactile clock (the device's hello goes before the first); waits for what it
  // makes the station print or say.
  [[nodiscard]] bool clock_key(tactile::tclk::Button button, const std::string& expect) {
    if (!clock_) return false;
    const auto from = output().size();
    const std::string hello =
        clock_seq_ == 0 ? tactile::tclk::encode_device_hello("band", "QUERY,PRESS", 2) : "";
    const std::string bytes = hello + tactile::tclk::encode_button(clock_seq_++, button);
    if (!clock_->write(
            std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size())))
      return false;
    return station().wait_for(expect, kWait, from);
  }
  // The next vibration of `cue` the station sends the tactile clock (lines before it are read
  // and dropped); nothing when none comes in time.
  [[nodiscard]] std::optional<tactile::tclk::HostCommand> clock_vibration(tactile::tclk::Cue cue) {
    const auto end = std::chrono::steady_clock::now() + kWait;
    std::array<std::uint8_t, 256> buffer{};
    while (clock_ && std::chrono::steady_clock::now() < end) {
      for (auto at = clock_bytes_.find('\n'); at != std::string::npos;
           at = clock_bytes_.find('\n')) {
        const auto line = tactile::tclk::parse_host_line(clock_bytes_.substr(0, at));
        clock_bytes_.erase(0, at + 1);
        if (line && line->kind == tactile::tclk::HostCommand::Kind::Vibrate && line->cue == cue)
          return line;
      }
      auto n = clock_->read(buffer, std::chrono::milliseconds(200));
      if (!n) return std::nullopt;
      clock_bytes_.append(reinterpret_cast<const char*>(buffer.data()), *n);
    }
    return std::nullopt;
  }

  // The record's files after the game (docs/record.md).
  [[nodiscard]] std::string file(const std::string& name) const {
    return annabella::testing::read_file(folder_ / name);
  }

 private:
  static std::string display_name(const std::string& board) {
    if (board == "menu") return "PREFMENU";
    if (board == "next") return "LNDN";
    if (board == "prev") return "LNUP";
    if (board == "select") return "ROUTE 3";
    if (board == "confirm") return "KEY_ENTER";
    if (board == "back") return "KEY_ESCAPE";
    return board;
  }
  static std::unique_ptr<tactile::PseudoTerminal> open_clock(const std::filesystem::path& link) {
    auto created = tactile::PseudoTerminal::create(link);
    EXPECT_TRUE(created) << created.error().message;
    return created ? std::move(*created) : nullptr;
  }
  std::string clock_config() const {
    if (!clock_) return "";
    return "[tactile_clock]\nport = \"" + clock_->link_path().string() + "\"\n";
  }
  std::string display_config() const {
    return "[braille_display]\nenabled = true\nhost = \"" + brltty_->host() + "\"\n";
  }
  // The last menu line said names `item`.
  bool at_item(const std::string& item) {
    const std::string& out = output();
    const auto at = out.rfind(kMenuLine);
    return at != std::string::npos && out.compare(at + kMenuLine.size(), item.size(), item) == 0;
  }

  annabella::testing::TempDir dir_;
  std::filesystem::path folder_ = dir_.path() / "record";
  std::unique_ptr<annabella::testing::VirtualBrltty> brltty_ =
      std::make_unique<annabella::testing::VirtualBrltty>();
  std::unique_ptr<tactile::PseudoTerminal> clock_;
  std::uint8_t clock_seq_ = 0;
  std::string clock_bytes_;  // read from the station, not yet a whole line
  std::string config_;       // the test's own configuration
  std::unique_ptr<MenuGame> game_;
};

}  // namespace annabella::app
