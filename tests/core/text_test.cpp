// The small text helpers (core/text.h): reading a decimal number strictly.
#include "core/text.h"

#include <gtest/gtest.h>

namespace annabella::core {
namespace text_test {
namespace {

TEST(ReadDecimal, TheWholeTextAsDigitsUpToTheLimit) {
  EXPECT_EQ(read_decimal("0", 255), 0);
  EXPECT_EQ(read_decimal("255", 255), 255);
  EXPECT_EQ(read_decimal("007", 255), 7);
  // Above the limit, too large for any integer, not digits only, empty, signed, spaced.
  EXPECT_EQ(read_decimal("256", 255), std::nullopt);
  EXPECT_EQ(read_decimal("99999999999999999999999", 255), std::nullopt);
  EXPECT_EQ(read_decimal("5x", 255), std::nullopt);
  EXPECT_EQ(read_decimal("", 255), std::nullopt);
  EXPECT_EQ(read_decimal("-1", 255), std::nullopt);
  EXPECT_EQ(read_decimal("+1", 255), std::nullopt);
  EXPECT_EQ(read_decimal(" 1", 255), std::nullopt);
}

// Nothing from outside can forge or hide a line of the log, the console or the record: ASCII
// controls, C1 controls (NEL), the line and paragraph separators, bidirectional overrides and
// bytes that are not UTF-8 are shown as escapes; letters of every script pass as they are.
TEST(EscapeControls, EveryLineBreakingOrTurningCharacterIsShownAsAnEscape) {
  EXPECT_EQ(escape_controls("Anna\nmade 1. e4"), "Anna\\nmade 1. e4");
  EXPECT_EQ(escape_controls("a\tb\rc\x1b[2J\x7f"), "a\\tb\\rc\\x1B[2J\\x7F");
  EXPECT_EQ(escape_controls("Anna\u2028made"), "Anna\\u2028made");
  EXPECT_EQ(escape_controls("Anna\u2029\u0085x"), "Anna\\u2029\\u0085x");
  EXPECT_EQ(escape_controls("\u202Eevil\u2066"), "\\u202Eevil\\u2066");
  EXPECT_EQ(escape_controls("e5\xff\xfe"), "e5\\xFF\\xFE");
  EXPECT_EQ(escape_controls("\xe2\x80"), "\\xE2\\x80");  // a cut sequence, byte by byte
  EXPECT_EQ(escape_controls("\xc0\xaf"), "\\xC0\\xAF");  // overlong
  EXPECT_EQ(escape_controls("Иванов, Żółć, 李, Nguyễn ♞"), "Иванов, Żółć, 李, Nguyễn ♞");
  const auto unsafe = find_unsafe("ok\u2028");
  ASSERT_TRUE(unsafe);
  EXPECT_EQ(unsafe->at, 2u);
  EXPECT_EQ(unsafe->length, 3u);
  EXPECT_EQ(unsafe->code, U'\u2028');
  EXPECT_FALSE(find_unsafe("Müller"));
}

}  // namespace
}  // namespace text_test
}  // namespace annabella::core
