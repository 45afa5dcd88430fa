// A real BRLTTY with its Virtual ("vr") braille driver for tests: the test plays the braille
// display itself on the driver's unix socket and reads back every line BRLTTY shows
// ("Visual \"...\""). BrlAPI clients connect to host() without authentication.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "support/child_process.h"
#include "support/temp_dir.h"

namespace annabella::testing {

class VirtualBrltty {
 public:
  explicit VirtualBrltty(int cells = 40);
  ~VirtualBrltty();
  VirtualBrltty(const VirtualBrltty&) = delete;
  VirtualBrltty& operator=(const VirtualBrltty&) = delete;

  // Stops this BRLTTY and starts another (a new port: host() changes), for a test whose station
  // met BRLTTY's start race (ViAlone::ready): what it showed is forgotten.
  void restart();

  // "" when brltty could not be started (the reason is in error()).
  const std::string& host() const { return host_; }
  const std::string& error() const { return error_; }
  // Waits (at most `limit`) for BRLTTY to show a line containing `text`; returns that line.
  std::string wait_for_visual(const std::string& text,
                              std::chrono::milliseconds limit = std::chrono::seconds(10));
  const std::vector<std::string>& visuals() const { return visuals_; }
  // The cells BRLTTY showed with the last line containing `text` (waiting for it as
  // wait_for_visual does), as the Virtual driver reports them: "46|134|15| |...", a cell's dots
  // as digits, "|" between cells, " " for a blank cell.
  std::string wait_for_braille_of(const std::string& text,
                                  std::chrono::milliseconds limit = std::chrono::seconds(10));
  // Presses a key on the display: one line of the Virtual driver's protocol, a BRLTTY command
  // by name ("LNDN", "FWINRT", "ROUTE 5", "PASSDOTS 27", "KEY_ENTER"), then waits 60 ms, as a
  // hand does between keys (BRLTTY takes keys sent at once one by one, late). False if it cannot
  // write.
  bool press(const std::string& command);

 private:
  void start();
  void stop();
  // Reads what the display's socket has into buffer_, waiting until `deadline`; false on none.
  bool read_some(std::chrono::steady_clock::time_point deadline);
  // The next whole line from the display's socket (a Visual line also kept in visuals_).
  std::optional<std::string> next_line(std::chrono::steady_clock::time_point deadline);

  int cells_;
  TempDir dir_;
  int listener_ = -1;
  int display_ = -1;
  std::unique_ptr<ChildProcess> brltty_;
  std::string host_;
  std::string error_;
  std::string buffer_;
  std::vector<std::string> visuals_;
};

}  // namespace annabella::testing
