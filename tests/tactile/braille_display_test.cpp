// The clock on a braille display, through a real BRLTTY 6.5 with its Virtual driver: the test
// starts brltty with a private configuration, socket and BrlAPI port, plays the display itself
// on the driver's unix socket, and reads back every line BRLTTY shows ("Visual \"...\"").
#include "tactile/braille_display.h"

#include <gtest/gtest.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>

#include "support/child_process.h"
#include "support/temp_dir.h"

namespace annabella::tactile {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

// Where brltty is installed (Debian: /usr/sbin, often not on a user's PATH).
std::string brltty_path() {
  std::string dirs = "/usr/sbin:/usr/bin:/sbin:/bin";
  if (const char* path = std::getenv("PATH")) dirs = std::string(path) + ":" + dirs;
  std::size_t start = 0;
  while (start <= dirs.size()) {
    const std::size_t colon = std::min(dirs.find(':', start), dirs.size());
    const std::string candidate = dirs.substr(start, colon - start) + "/brltty";
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    start = colon + 1;
  }
  return "/usr/sbin/brltty";
}

// A brltty process with the Virtual ("vr") braille driver connected to this test's socket.
class VirtualBrltty {
 public:
  explicit VirtualBrltty(int cells = 40) {
    const std::string socket_path = (dir_ / "vr.sock").string();
    listener_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, socket_path.c_str(), sizeof(address.sun_path) - 1);
    if (::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        ::listen(listener_, 1) != 0) {
      ADD_FAILURE() << "cannot listen on " << socket_path << ": " << std::strerror(errno);
      return;
    }
    // A BrlAPI port of our own (4101 + N), so that parallel tests do not meet.
    port_ = 50 + static_cast<int>(::getpid() % 900);
    host_ = "127.0.0.1:" + std::to_string(port_);
    const std::string w = dir_.path().string();
    std::vector<std::string> args = {brltty_path(), "-n",
                                     "-e",          "-q",
                                     "-f",          "/dev/null",
                                     "-F",          w + "/prefs",
                                     "-W",          w,
                                     "-U",          w,
                                     "-P",          w + "/brltty.pid",
                                     "-b",          "vr",
                                     "-d",          "client:" + socket_path,
                                     "-x",          "no",
                                     "-s",          "no",
                                     "-A",          "host=" + host_ + ",auth=none"};
    brltty_ = std::make_unique<annabella::testing::ChildProcess>(args);
    if (!brltty_->started()) {
      ADD_FAILURE() << "cannot start brltty";
      return;
    }
    pollfd p{listener_, POLLIN, 0};
    if (::poll(&p, 1, 10000) != 1) {
      ADD_FAILURE() << "brltty did not connect to the virtual display socket";
      return;
    }
    display_ = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
    const std::string hello = "cells " + std::to_string(cells) + "\n";
    if (::write(display_, hello.data(), hello.size()) != static_cast<ssize_t>(hello.size()))
      ADD_FAILURE() << "cannot write to brltty";
  }

  ~VirtualBrltty() {
    brltty_.reset();  // kills the brltty this test started
    if (display_ >= 0) ::close(display_);
    if (listener_ >= 0) ::close(listener_);
  }

  BrailleSettings settings() const { return BrailleSettings{host_, "none", seconds(10)}; }

  // Waits (at most `limit`) for BRLTTY to show a line containing `text`; returns that line.
  std::string wait_for_visual(const std::string& text, milliseconds limit = seconds(10)) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (true) {
      std::size_t end;
      while ((end = buffer_.find('\n')) != std::string::npos) {
        std::string line = buffer_.substr(0, end);
        buffer_.erase(0, end + 1);
        if (line.rfind("Visual \"", 0) == 0) {
          visuals_.push_back(line.substr(8, line.size() - 9));
          if (visuals_.back().find(text) != std::string::npos) return visuals_.back();
        }
      }
      const auto left =
          std::chrono::duration_cast<milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return {};
      pollfd p{display_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left.count())) != 1) return {};
      char chunk[4096];
      const ssize_t n = ::read(display_, chunk, sizeof chunk);
      if (n <= 0) return {};
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }
  const std::vector<std::string>& visuals() const { return visuals_; }

 private:
  annabella::testing::TempDir dir_;
  int listener_ = -1;
  int display_ = -1;
  std::unique_ptr<annabella::testing::ChildProcess> brltty_;
  int port_ = 0;
  std::string host_;
  std::string buffer_;
  std::vector<std::string> visuals_;
};

core::ClockReading reading_at(core::ClockInstant now) {
  auto control = core::read_time_control("90+30");
  core::ChessClock clock(*control);
  const auto start = now - seconds(25);
  EXPECT_TRUE(clock.start(start));
  EXPECT_TRUE(clock.press(core::WHITE, start + seconds(10)));
  EXPECT_TRUE(clock.press(core::BLACK, start + seconds(20)));
  return clock.reading(now);
}

TEST(BrailleDisplay, WritesALineThatBrlttyShows) {
  VirtualBrltty brltty;
  auto display = BrailleDisplay::connect(brltty.settings());
  ASSERT_TRUE(display) << display.error().message;
  EXPECT_EQ((*display)->cells(), 40);
  EXPECT_TRUE((*display)->connected());
  ASSERT_TRUE((*display)->write_text("W 1:29:45* B 1:30:00 move 12"));
  EXPECT_EQ(brltty.wait_for_visual("move 12"), "W 1:29:45* B 1:30:00 move 12            ");
  // Longer than the display: cut to 40 cells, never refused.
  ASSERT_TRUE((*display)->write_text(std::string(50, 'x')));
  EXPECT_EQ(brltty.wait_for_visual("xxxx"), std::string(40, 'x'));
}

TEST(BrailleDisplay, TheClockOwnSideFirstUpdatedAsTimePasses) {
  VirtualBrltty brltty;
  auto display = BrailleDisplay::connect(brltty.settings());
  ASSERT_TRUE(display) << display.error().message;
  auto braille = std::make_unique<BrailleClockDisplay>(std::move(*display), core::BLACK);
  BrailleClockDisplay* braille_view = braille.get();
  std::vector<std::unique_ptr<ClockDisplay>> displays;
  displays.push_back(std::move(braille));
  ClockOutputWorker worker(std::move(displays));
  // Black (the VI player) first; White's clock runs: 90 min + 30 s - 10 s - 5 s.
  const auto now = std::chrono::steady_clock::now();
  worker.post(reading_at(now));
  EXPECT_EQ(brltty.wait_for_visual("move 2"), "B 1:30:20 W 1:30:15* move 2             ");
  // The worker refreshes the display as White's time runs (a second later: 1:30:14).
  EXPECT_EQ(brltty.wait_for_visual("W 1:30:14*"), "B 1:30:20 W 1:30:14* move 2             ");
  worker.stop();
  EXPECT_EQ(braille_view->last_error(), "");
  EXPECT_NE(braille_view->last_line().find("move 2"), std::string::npos);
}

TEST(BrailleDisplay, NoBrlttyIsAnErrorNotACrash) {
  // Nothing listens on this port.
  auto display = BrailleDisplay::connect(BrailleSettings{"127.0.0.1:999", "none", milliseconds(0)});
  ASSERT_FALSE(display);
  EXPECT_NE(display.error().message.find("cannot connect to 127.0.0.1:999"), std::string::npos)
      << display.error().message;
}

}  // namespace
}  // namespace annabella::tactile
