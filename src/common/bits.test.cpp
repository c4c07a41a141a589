// Tests for the bit helpers: field extraction and sign extension at the edges.
#include "common/bits.hpp"

#include <gtest/gtest.h>

namespace ventus {
namespace {

TEST(Bits, ExtractsFields) {
  EXPECT_EQ(bits(0xFE102E2Bu, 6, 0), 0x2Bu);
  EXPECT_EQ(bits(0xFE102E2Bu, 31, 25), 0x7Fu);
  EXPECT_EQ(bits(0xFFFFFFFFu, 31, 0), 0xFFFFFFFFu);
}

TEST(Bits, SignExtends) {
  EXPECT_EQ(sign_extend(0x800, 12), -2048);
  EXPECT_EQ(sign_extend(0x7FF, 12), 2047);
  EXPECT_EQ(sign_extend(0x1F, 5), -1);
  EXPECT_EQ(sign_extend(0x80000000u, 32), INT32_MIN);
}

TEST(Bits, RangeChecks) {
  EXPECT_TRUE(fits_signed(-2048, 12));
  EXPECT_FALSE(fits_signed(2048, 12));
  EXPECT_TRUE(fits_unsigned(31, 5));
  EXPECT_FALSE(fits_unsigned(32, 5));
  EXPECT_FALSE(fits_unsigned(-1, 5));
}

}  // namespace
}  // namespace ventus
