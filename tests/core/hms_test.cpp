// Clock times typed by an arbiter: H:MM:SS, MM:SS, SS, and the faults.
#include <gtest/gtest.h>

#include "core/time_control.h"

namespace annabella::core {
namespace hms_test {
namespace {

using std::chrono::milliseconds;

TEST(Hms, ReadsTheThreeForms) {
  EXPECT_EQ(*parse_hms("1:30:00"), milliseconds(5400000));
  EXPECT_EQ(*parse_hms("0:05:07"), milliseconds(307000));
  EXPECT_EQ(*parse_hms("12:34"), milliseconds(754000));
  EXPECT_EQ(*parse_hms("45"), milliseconds(45000));
  EXPECT_EQ(format_hms(*parse_hms("2:03:04")), "2:03:04");
}

TEST(Hms, RejectsWhatIsNoTime) {
  for (const char* text : {"", ":", "1::2", "1:2:3:4", "1:60", "a:00", "1:30:", "-1:00"}) {
    auto t = parse_hms(text);
    ASSERT_FALSE(t) << text;
    EXPECT_EQ(t.error().text, text);
    EXPECT_EQ(t.error().kind,
              std::string_view(text) == "1:60" ? HmsError::Kind::Over59 : HmsError::Kind::NotATime)
        << text;
  }
}

}  // namespace
}  // namespace hms_test
}  // namespace annabella::core
