// The clock on a braille display, through a real BRLTTY 6.5 with its Virtual driver: the test
// starts brltty with a private configuration, socket and BrlAPI port, plays the display itself
// on the driver's unix socket, and reads back every line BRLTTY shows ("Visual \"...\"").
#include "tactile/braille_display.h"
#include "tactile/braille_view.h"

#include <gtest/gtest.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>

#include "support/virtual_brltty.h"

namespace annabella::tactile {
namespace braille_display_test {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

// BRLTTY for the tests, with the clock's connection settings.
class VirtualBrltty : public annabella::testing::VirtualBrltty {
 public:
  using annabella::testing::VirtualBrltty::VirtualBrltty;
  BrailleSettings settings() const { return BrailleSettings{host(), "none", seconds(10)}; }
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
  auto view = std::make_shared<BrailleView>(std::shared_ptr<BrailleDisplay>(std::move(*display)),
                                            core::BLACK);
  std::vector<std::unique_ptr<ClockDisplay>> displays;
  displays.push_back(BrailleView::clock_feed(view));
  ClockOutputWorker worker(std::move(displays));
  // Black (the VI player) first; White's clock runs: 90 min + 30 s - 10 s - 5 s.
  const auto now = std::chrono::steady_clock::now();
  worker.post(reading_at(now));
  EXPECT_EQ(brltty.wait_for_visual("move 2"), "B 1:30:20 W 1:30:15* move 2             ");
  // The worker refreshes the display as White's time runs (a second later: 1:30:14).
  EXPECT_EQ(brltty.wait_for_visual("W 1:30:14*"), "B 1:30:20 W 1:30:14* move 2             ");
  worker.stop();
  EXPECT_EQ(view->last_error(), "");
  EXPECT_NE(view->window().find("move 2"), std::string::npos);
}

TEST(BrailleDisplay, NoBrlttyIsAnErrorNotACrash) {
  // Nothing listens on this port.
  auto display = BrailleDisplay::connect(BrailleSettings{"127.0.0.1:999", "none", milliseconds(0)});
  ASSERT_FALSE(display);
  EXPECT_NE(display.error().message.find("cannot connect to 127.0.0.1:999"), std::string::npos)
      << display.error().message;
}

}  // namespace
}  // namespace braille_display_test
}  // namespace annabella::tactile
