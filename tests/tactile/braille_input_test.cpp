// The braille display's keys and its lines, through a real BRLTTY 6.5 with its Virtual driver:
// the test plays the display on the driver's socket, presses keys there (BRLTTY commands by
// name) and reads back what BRLTTY shows.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>

#include "support/virtual_brltty.h"
#include "tactile/braille_display.h"
#include "tactile/braille_key_reader.h"
#include "tactile/braille_view.h"

namespace annabella::tactile {
namespace braille_input_test {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

using annabella::testing::VirtualBrltty;

// The keys the reader thread delivered, in order.
class KeyLog {
 public:
  void add(const BrailleKey& key) {
    const std::lock_guard lock(mutex_);
    keys_.push_back(key);
    arrived_.notify_all();
  }
  std::optional<BrailleKey> next(milliseconds limit = milliseconds(5000)) {
    std::unique_lock lock(mutex_);
    if (!arrived_.wait_for(lock, limit, [this] { return !keys_.empty(); })) return std::nullopt;
    BrailleKey key = keys_.front();
    keys_.pop_front();
    return key;
  }

 private:
  std::mutex mutex_;
  std::condition_variable arrived_;
  std::deque<BrailleKey> keys_;
};

std::shared_ptr<BrailleDisplay> connect(const VirtualBrltty& brltty) {
  auto display = BrailleDisplay::connect(BrailleSettings{brltty.host(), "none", seconds(10)});
  EXPECT_TRUE(display) << display.error().message;
  if (!display) return nullptr;
  return std::shared_ptr<BrailleDisplay>(std::move(*display));
}

TEST(BrailleInput, NavigationRoutingAndDotsArriveAsTypedKeys) {
  VirtualBrltty brltty;
  auto display = connect(brltty);
  ASSERT_TRUE(display);
  KeyLog log;
  std::string lost;
  BrailleKeyReader reader(
      display, [&log](const BrailleKey& key) { log.add(key); },
      [&lost](const std::string& reason) { lost = reason; });
  const auto before = std::chrono::steady_clock::now();
  struct Pressed {
    const char* command;
    BrailleKeyKind kind;
  };
  for (const Pressed p :
       {Pressed{"LNDN", BrailleKeyKind::LineDown}, Pressed{"LNUP", BrailleKeyKind::LineUp},
        Pressed{"FWINRT", BrailleKeyKind::PanRight}, Pressed{"FWINLT", BrailleKeyKind::PanLeft},
        Pressed{"TOP", BrailleKeyKind::Top}, Pressed{"BOT", BrailleKeyKind::Bottom},
        Pressed{"HOME", BrailleKeyKind::Home}, Pressed{"PREFMENU", BrailleKeyKind::Menu},
        Pressed{"KEY_ENTER", BrailleKeyKind::Enter},
        Pressed{"KEY_BACKSPACE", BrailleKeyKind::Backspace},
        Pressed{"KEY_ESCAPE", BrailleKeyKind::Escape},
        Pressed{"KEY_CURSOR_DOWN", BrailleKeyKind::LineDown},
        Pressed{"KEY_CURSOR_UP", BrailleKeyKind::LineUp}}) {
    ASSERT_TRUE(brltty.press(p.command));
    const auto key = log.next();
    ASSERT_TRUE(key) << p.command << " did not arrive";
    EXPECT_EQ(key->kind, p.kind) << p.command << " came as " << describe(*key);
    EXPECT_GE(key->time, before);
  }
  // A routing key: the Virtual driver's "ROUTE n" gives BrlAPI's argument n, which BrlAPI counts
  // from 0 (the leftmost cell is 0).
  ASSERT_TRUE(brltty.press("ROUTE 5"));
  auto route = log.next();
  ASSERT_TRUE(route);
  EXPECT_EQ(route->kind, BrailleKeyKind::Routing);
  EXPECT_EQ(route->cell, 5);
  // An unbound command is reported with BRLTTY's name for it, not dropped.
  ASSERT_TRUE(brltty.press("FREEZE"));
  auto unknown = log.next();
  ASSERT_TRUE(unknown);
  EXPECT_EQ(unknown->kind, BrailleKeyKind::Unknown);
  EXPECT_NE(describe(*unknown).find("FREEZE"), std::string::npos) << describe(*unknown);
  reader.stop();
  EXPECT_EQ(lost, "");
}

// Dot entry: BRLTTY 6.5 hands cells typed on the display to a client in tty mode as the
// characters its text table reads (here its default, North American computer braille); they
// agree with annabella's own cells for a move (tactile/braille_keys.h), and typing "Sf3" and
// Enter gives the text "Sf3".
TEST(BrailleInput, DotEntryTypesAMove) {
  VirtualBrltty brltty;
  auto display = connect(brltty);
  ASSERT_TRUE(display);
  KeyLog log;
  BrailleKeyReader reader(
      display, [&log](const BrailleKey& key) { log.add(key); }, nullptr);
  for (const char c : std::string_view("abcdefghSKQRNDTL0123456789-=x")) {
    const std::uint8_t cell = computer_braille_dots(c);
    ASSERT_TRUE(brltty.press("PASSDOTS " + std::to_string(cell)));
    const auto key = log.next();
    ASSERT_TRUE(key) << c;
    const bool as_character = key->kind == BrailleKeyKind::Character && key->character == U'\0' + c;
    const bool as_cell = key->kind == BrailleKeyKind::Dots && key->dots == cell;
    EXPECT_TRUE(as_character || as_cell) << c << " came as " << describe(*key);
  }
  DotEntry entry;
  for (const char* press :
       {"PASSDOTS 78", "PASSDOTS 11", "PASSDOTS 18", "KEY_BACKSPACE", "PASSDOTS 18", "KEY_ENTER"}) {
    ASSERT_TRUE(brltty.press(press));
    const auto key = log.next();
    ASSERT_TRUE(key) << press;
    (void)entry.feed(*key);
  }
  EXPECT_EQ(entry.text(), "Sf3");
}

TEST(BrailleView, LongTextPansBetweenWordsAndTheClockKeepsRefreshing) {
  VirtualBrltty brltty(20);
  auto display = connect(brltty);
  ASSERT_TRUE(display);
  auto view = std::make_shared<BrailleView>(display, core::WHITE);
  std::vector<std::unique_ptr<ClockDisplay>> feeds;
  feeds.push_back(BrailleView::clock_feed(view));
  ClockOutputWorker worker(std::move(feeds));
  auto control = core::read_time_control("90+30");
  core::ChessClock clock(*control);
  const auto start = std::chrono::steady_clock::now();
  ASSERT_TRUE(clock.start(start));
  worker.post(clock.reading(start));
  // D.2.6: White's clock runs and the display shows it (20 cells: the short form).
  ASSERT_NE(brltty.wait_for_visual("W1:30:00*"), "");
  // The last moves, longer than 20 cells: three parts, split between words.
  view->show_text(BrailleLine::Moves, "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7");
  EXPECT_EQ(brltty.wait_for_visual("1. e4"), "1. e4 e5 2. Sf3 Sc6 ");
  EXPECT_TRUE(view->pan_right());
  EXPECT_EQ(brltty.wait_for_visual("3. Lb5"), "3. Lb5 a6 4. La4 Sf6");
  EXPECT_TRUE(view->pan_right());
  EXPECT_EQ(brltty.wait_for_visual("5. O-O"), "5. O-O Le7          ");
  EXPECT_FALSE(view->pan_right());
  EXPECT_TRUE(view->pan_left());
  EXPECT_EQ(brltty.wait_for_visual("3. Lb5"), "3. Lb5 a6 4. La4 Sf6");
  // The clock runs on but does not overwrite the moves while they are shown.
  std::this_thread::sleep_for(milliseconds(1200));
  EXPECT_EQ(view->window(), "3. Lb5 a6 4. La4 Sf6");
  // Back to the clock: it shows the time as it is now, and keeps refreshing.
  view->show(BrailleLine::Clock);
  ASSERT_NE(brltty.wait_for_visual("W1:29:5"), "");
  ASSERT_NE(brltty.wait_for_visual("W1:29:57*"), "");
  // A menu line in German, with its umlaut, and a time query (D.2.10.4) brings the clock back.
  view->show_text(BrailleLine::Menu, "Menü: Zeit, 1 von 9");
  EXPECT_EQ(brltty.wait_for_visual("Zeit"), "Menü: Zeit, 1 von 9 ");
  worker.post(clock.reading(std::chrono::steady_clock::now()), ClockShowReason::Query);
  ASSERT_NE(brltty.wait_for_visual("W1:29:5"), "");
  EXPECT_EQ(view->shown(), BrailleLine::Clock);
  worker.stop();
  EXPECT_EQ(view->last_error(), "");
}

// D.2.11: the private lines he was told are kept (the last 20): he steps back through them and
// forward again with PRDIFLN / NXDIFLN, each shown with its place and panned as any line, and
// past the newest the clock line comes back (D.2.6). BRLTTY hands those keys over by name.
TEST(BrailleView, PrivateLinesAreKeptToStepBackThroughAndPan) {
  VirtualBrltty brltty(20);
  auto display = connect(brltty);
  ASSERT_TRUE(display);
  KeyLog log;
  BrailleKeyReader reader(
      display, [&log](const BrailleKey& key) { log.add(key); }, nullptr);
  for (const char* press : {"PRDIFLN", "NXDIFLN"}) {
    ASSERT_TRUE(brltty.press(press));
    const auto key = log.next();
    ASSERT_TRUE(key) << press;
    EXPECT_EQ(key->kind, std::string_view(press) == "PRDIFLN" ? BrailleKeyKind::PreviousLine
                                                              : BrailleKeyKind::NextLine)
        << describe(*key);
  }
  auto view = std::make_shared<BrailleView>(display, core::WHITE);
  EXPECT_FALSE(view->history_back());  // nothing told yet
  for (int i = 1; i <= 21; ++i) view->add_private("line " + std::to_string(i));
  view->add_private("line 22 is long: more than twenty cells");
  EXPECT_EQ(view->shown(), BrailleLine::Reading);
  EXPECT_EQ(view->window(), "line 22 is long:");
  ASSERT_TRUE(view->history_back());  // the newest, with its place
  EXPECT_EQ(view->window(), "20/20 line 22 is");
  EXPECT_TRUE(view->pan_right());
  EXPECT_EQ(view->window(), "long: more than");
  ASSERT_TRUE(view->history_back());
  EXPECT_EQ(view->window(), "19/20 line 21");
  for (int i = 0; i < 18; ++i) ASSERT_TRUE(view->history_back());
  EXPECT_EQ(view->window(), "1/20 line 3");  // lines 1 and 2 are gone
  EXPECT_FALSE(view->history_back());
  EXPECT_EQ(view->window(), "1/20 line 3");
  ASSERT_TRUE(view->history_forward());
  EXPECT_EQ(view->window(), "2/20 line 4");
  for (int i = 0; i < 18; ++i) ASSERT_TRUE(view->history_forward());
  EXPECT_EQ(view->window(), "20/20 line 22 is");
  ASSERT_TRUE(view->history_forward());  // past the newest: the live clock line
  EXPECT_EQ(view->shown(), BrailleLine::Clock);
  EXPECT_FALSE(view->history_forward());
  // A new line ends the stepping; stepping back starts again from the newest.
  view->add_private("line 23");
  ASSERT_TRUE(view->history_back());
  EXPECT_EQ(view->window(), "20/20 line 23");
  EXPECT_EQ(view->last_error(), "");
}

}  // namespace
}  // namespace braille_input_test
}  // namespace annabella::tactile
