// The small text helpers (core/text.h): reading a decimal number strictly.
#include "core/text.h"

#include <gtest/gtest.h>

namespace annabella::core {
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

}  // namespace
}  // namespace annabella::core
