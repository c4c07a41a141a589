// Tests of the kernel suite's comparison helpers (ULP distance, exact and ULP checks).
#include "kernels/common/harness.hpp"

#include <bit>
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

namespace ventus::kernels {
namespace {

TEST(Harness, UlpDistanceCountsRepresentableFloatsBetween) {
  EXPECT_EQ(ulp_distance(1.0f, 1.0f), 0u);
  EXPECT_EQ(ulp_distance(1.0f, std::nextafter(1.0f, 2.0f)), 1u);
  EXPECT_EQ(ulp_distance(std::nextafter(1.0f, 2.0f), 1.0f), 1u);
  EXPECT_EQ(ulp_distance(0.0f, -0.0f), 0u);
  // Across zero: the smallest positive and negative subnormals are 2 apart.
  const float tiny = std::numeric_limits<float>::denorm_min();
  EXPECT_EQ(ulp_distance(tiny, -tiny), 2u);
  // 1.0f = 0x3f800000, 2.0f = 0x40000000: 2^23 floats in between.
  EXPECT_EQ(ulp_distance(1.0f, 2.0f), 1u << 23);
  EXPECT_EQ(ulp_distance(std::nanf(""), 1.0f), std::numeric_limits<uint32_t>::max());
}

TEST(Harness, CompareExactIsBitwise) {
  const std::vector<float> a{1.0f, 0.0f, 3.5f};
  const std::vector<float> b{1.0f, -0.0f, 3.5f};
  EXPECT_EQ(compare_exact(std::span<const float>(a), std::span<const float>(a)), "");
  const std::string message = compare_exact(std::span<const float>(a), std::span<const float>(b));
  EXPECT_NE(message.find("element 1"), std::string::npos) << message;
  EXPECT_NE(message.find("1 of 3"), std::string::npos) << message;
}

TEST(Harness, CompareUlpAcceptsWithinBoundOnly) {
  const std::vector<float> want{1.0f, 100.0f};
  std::vector<float> got{std::nextafter(1.0f, 2.0f), 100.0f};
  EXPECT_EQ(compare_ulp(std::span<const float>(got), std::span<const float>(want), 1), "");
  EXPECT_NE(compare_ulp(std::span<const float>(got), std::span<const float>(want), 0), "");
  got[1] = std::nextafter(std::nextafter(100.0f, 0.0f), 0.0f);
  EXPECT_NE(compare_ulp(std::span<const float>(got), std::span<const float>(want), 1), "");
}

TEST(Harness, CompareWordsReportsSizeMismatch) {
  const std::vector<uint32_t> a{1, 2};
  const std::vector<uint32_t> b{1, 2, 3};
  EXPECT_NE(compare_exact(std::span<const uint32_t>(a), std::span<const uint32_t>(b)), "");
  EXPECT_EQ(compare_exact(std::span<const uint32_t>(a), std::span<const uint32_t>(a)), "");
}

TEST(Harness, InputsAreDeterministicAndInRange) {
  EXPECT_EQ(random_words(50, 7, 10), random_words(50, 7, 10));
  EXPECT_NE(random_words(50, 7), random_words(50, 8));
  for (float v : random_floats(1000, 3, -2.0f, 2.0f)) {
    EXPECT_GE(v, -2.0f);
    EXPECT_LT(v, 2.0f);
  }
  for (uint32_t v : random_words(1000, 3, 10)) EXPECT_LT(v, 10u);
}

TEST(Harness, RoundUpAndRanges) {
  EXPECT_EQ(round_up(13, 4), 16u);
  EXPECT_EQ(round_up(16, 4), 16u);
  const NDRange r = range_2d(12, 8, 4, 2);
  EXPECT_EQ(r.work_dim, 2u);
  EXPECT_EQ(r.global[1], 8u);
  EXPECT_EQ(r.local[0], 4u);
}

}  // namespace
}  // namespace ventus::kernels
