// A clock timeline's faults (core/clock_timeline.h: kinds, file, line, word) worded by the app
// (app/clock_text.h): in English as before they left the core, and in German and Macedonian.
#include <gtest/gtest.h>

#include "app/clock_text.h"
#include "app/reconcile_inputs.h"
#include "support/messages_language.h"

namespace annabella::app {
namespace clock_text_test {
namespace {

using K = core::ClockTimelineError::Kind;

TEST(ClockTimelineText, EachFaultIsWordedWithItsFileAndLine) {
  const struct {
    core::ClockTimelineError error;
    const char* english;
  } cases[] = {
      {{K::NotTwoWords, "ev.txt", 1, "1."},
       "ev.txt:1: expected \"SECONDS white\" or \"SECONDS black\" (or pause, resume)"},
      {{K::NotSeconds, "ev.txt", 3, "soon"}, "ev.txt:3: \"soon\" is not a number of seconds"},
      {{K::NotAnEvent, "ev.txt", 1, "red"},
       "ev.txt:1: \"red\" is not white, black, pause or resume"},
      {{K::Earlier, "ev.txt", 2, "0.5"}, "ev.txt:2: the time 0.5 is earlier than the line before"},
  };
  for (const auto& c : cases) {
    testing::use_language("en");
    EXPECT_EQ(text::clock_timeline_error(c.error), c.english);
    for (const char* language : {"de", "mk"}) {
      testing::use_language(language);
      const std::string words = text::clock_timeline_error(c.error);
      EXPECT_NE(words, c.english) << language;
      EXPECT_EQ(words.rfind("ev.txt:", 0), 0u) << words;
      EXPECT_EQ(words.find('{'), std::string::npos) << words;
    }
  }
  testing::use_language("en");
}

// The clock's refusals (core::ClockError: kinds and facts) worded by the app, as the core used to
// word them in English, and in German and Macedonian (issues 13, 17).
TEST(ClockErrorText, EachRefusalIsWordedFromItsKindAndFacts) {
  using CK = core::ClockError::Kind;
  const struct {
    core::ClockError error;
    const char* english;
  } cases[] = {
      {{.kind = CK::NotToMove, .side = core::BLACK},
       "clock: Black's clock runs; White has no clock to stop (D.2.4)"},
      {{.kind = CK::NoSuchPly, .ply = 7, .plies = 2}, "clock: no ply 7 (plies 0 to 2)"},
      {{.kind = CK::EarlierInstant, .operation = core::ClockError::Operation::Adjustment},
       "clock: an adjustment at an instant before the last clock event"},
      {{.kind = CK::NotStarted}, "clock: not started yet; the arbiter starts it (Art. 6.6)"},
  };
  for (const auto& c : cases) {
    testing::use_language("en");
    EXPECT_EQ(text::clock_error(c.error), c.english);
    for (const char* language : {"de", "mk"}) {
      testing::use_language(language);
      const std::string words = text::clock_error(c.error);
      EXPECT_NE(words, c.english) << language;
      EXPECT_EQ(words.find('{'), std::string::npos) << words;
    }
  }
  testing::use_language("mk");
  EXPECT_EQ(text::clock_error({.kind = CK::NotStarted}),
            "часовник: сè уште не е стартуван; судијата го стартува (Art. 6.6)");
  testing::use_language("en");
}

// A clock log's faults (core::ClockLogError: kind, line, plies) worded by the app with the file's
// name, in English as before and in German and Macedonian.
TEST(ClockLogText, AFaultIsWordedWithTheFilesNameAndLine) {
  testing::use_language("en");
  auto log = clock_log_of("3 1 1\n2 1 1\n", "times.txt");
  ASSERT_FALSE(log);
  EXPECT_EQ(log.error().message, "times.txt: clock log line 2: ply 2 does not follow ply 3");
  testing::use_language("de");
  log = clock_log_of("3 1 1\n2 1 1\n", "times.txt");
  ASSERT_FALSE(log);
  EXPECT_EQ(log.error().message,
            "times.txt: Uhrenprotokoll Zeile 2: Halbzug 2 folgt nicht auf Halbzug 3");
  testing::use_language("mk");
  log = clock_log_of("0 1 1\n1 2\n", "times.txt");
  ASSERT_FALSE(log);
  EXPECT_EQ(log.error().message.rfind("times.txt: дневник на часовникот, ред 2:", 0), 0U)
      << log.error().message;
  testing::use_language("en");
}

}  // namespace
}  // namespace clock_text_test
}  // namespace annabella::app
