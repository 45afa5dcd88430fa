// `annabella play` as a child process with the built-in board simulator: the VI player's hand is
// `sim play MOVE` and `sim button ...` on the console, the sighted player's moves are typed by
// his assistant (the set-up the play tests share).
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "app/game_record.h"
#include "app/journal.h"
#include "support/child_process.h"
#include "support/temp_dir.h"

namespace annabella::app {

using namespace std::chrono_literals;

inline constexpr auto kWait = 20s;  // generous: CI runs these under ASan on two busy cores
// The player's language is the profile's (fide: German): his menu speaks German.
inline constexpr std::string_view kMenuLine = "say private: Menue: ";

class MenuGame {
 public:
  // `config`: more configuration (TOML), e.g. a time control or a tactile clock's port.
  explicit MenuGame(const std::filesystem::path& record, const std::string& config = "")
      : record_(record), station_(args(record, config)) {}

  annabella::testing::ChildProcess& station() { return station_; }

  [[nodiscard]] bool ready() { return station_.wait_for("connected: the board agrees", kWait); }

  // The VI player's move, by his hand on the pegboard (D.2.3).
  [[nodiscard]] bool vi_move(const std::string& san, const std::string& made) {
    station_.send("sim play " + san);
    return station_.wait_for("made " + made, kWait, mark());
  }
  // The sighted player's move, typed by his assistant, then executed on the pegboard (D.2.1).
  [[nodiscard]] bool sighted_move(const std::string& san, const std::string& made) {
    const auto from = mark();
    station_.send(san);
    if (!station_.wait_for("made " + made, kWait, from)) return false;
    station_.send("sim play " + san);
    return station_.wait_for("executed", kWait, from);
  }

  // A board button of the VI player; waits for what it makes the station say or print.
  [[nodiscard]] bool press(const std::string& button, const std::string& expect) {
    const auto from = mark();
    station_.send("sim button " + button);
    return station_.wait_for(expect, kWait, from);
  }
  // Opens the menu and presses NEXT until the item's line is said, then SELECT.
  [[nodiscard]] bool choose(const std::string& item, const std::string& expect) {
    if (!press("menu", std::string(kMenuLine))) return false;
    for (int i = 0; i < 16; ++i) {
      const std::string& out = station_.output();
      const auto at = out.rfind(kMenuLine);
      if (at != std::string::npos && out.compare(at + kMenuLine.size(), item.size(), item) == 0)
        return press("select", expect);
      if (!press("next", " von ")) return false;
    }
    return false;
  }

  [[nodiscard]] bool quit() {
    station_.send("quit");
    return station_.wait(kWait) == 0;
  }
  [[nodiscard]] std::string pgn() const {
    return annabella::testing::read_file(record_ / "game.pgn");
  }
  [[nodiscard]] Result<GameRecord> journal() const {
    auto contents = read_journal(record_ / "game.journal");
    if (!contents) return fail(contents.error().message);
    return replay_journal(*contents);
  }

 private:
  static std::vector<std::string> args(const std::filesystem::path& record,
                                       const std::string& config) {
    std::vector<std::string> a = {ANNABELLA_BINARY, "play", "--silent", "--record",
                                  record.string()};
    if (!config.empty()) {
      const auto file = record.parent_path() / (record.filename().string() + ".toml");
      std::ofstream(file) << config;
      a.insert(a.end(), {"--config", file.string()});
    }
    return a;
  }
  std::size_t mark() const { return station_.output().size(); }

  std::filesystem::path record_;
  annabella::testing::ChildProcess station_;
};

}  // namespace annabella::app
