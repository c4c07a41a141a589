// The fast lane paths of 32-thread warps: chunked register writes (lane_loops.hpp) and
// warp-wide memory accesses (lane_memory.hpp) against hand-derived values and against the
// logged copy, which goes lane by lane and is checked against REF's commit logs.
#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <ios>
#include <vector>

#include "functional/semantics/lane_test_harness.hpp"

namespace ventus::functional::testing {
namespace {

constexpr unsigned kLanes = 32;
constexpr uint32_t kAll = 0xFFFFFFFFu;

// Full warp, one run from lane 0, one run in the middle, gaps, the two end lanes.
constexpr std::initializer_list<LaneMask> kMasks = {kAll, 0x0000FFFFu, 0x00FFFF00u, 0x0F0F0F0Fu,
                                                    0x80000001u};

void fill_lanes(Harness& h, unsigned reg, uint32_t first, uint32_t step) {
  for (unsigned i = 0; i < kLanes; ++i) h.v(reg).lane[i] = first + i * step;
}

// Registers v1..v12 and the buffer's first 1 KiB hold distinct values and addresses: v1 unit
// stride words, v3 one word for every lane, v4 a stride of two words (scattered), v9 unit
// stride halves, v10 unit stride bytes, v2/v5/v6 data.
void prepare(Harness& h, LaneMask mask) {
  h.warp.mask = mask;
  for (uint32_t a = 0; a < 0x400; a += 4) h.write32(kBuf + a, 0x80F1E2D3u ^ (a * 0x01010101u));
  fill_lanes(h, 1, kBuf, 4);
  fill_lanes(h, 2, 0x11111111u, 0x01020304u);
  fill_lanes(h, 3, kBuf + 0x100, 0);
  fill_lanes(h, 4, kBuf + 0x200, 8);
  fill_lanes(h, 5, 0xFFFF8000u, 0x1357u);
  fill_lanes(h, 6, 7, 3);
  fill_lanes(h, 9, kBuf + 0x300, 2);
  fill_lanes(h, 10, kBuf + 0x380, 1);
}

// Every vector register of the two harnesses and the buffer's first 1 KiB are equal.
void expect_same_state(Harness& logged, Harness& fast, const char* what) {
  for (unsigned r = 0; r < 16; ++r) {
    for (unsigned i = 0; i < kLanes; ++i) {
      ASSERT_EQ(logged.v(r).lane[i], fast.v(r).lane[i]) << what << ": v" << r << " lane " << i;
    }
  }
  for (uint32_t a = 0; a < 0x400; a += 4) {
    ASSERT_EQ(logged.read32(kBuf + a), fast.read32(kBuf + a)) << what << ": +0x" << std::hex << a;
  }
}

struct Step {
  const char* what;
  uint32_t word;
};

// Sources that are also the destination, every load and store width over unit-stride,
// uniform and scattered lanes (warp-wide where the lanes allow it), vl below the warp width.
std::vector<Step> steps() {
  return {
      {"vadd.vv v2, v2, v2", enc("vadd.vv", {2, 2, 2, 1})},
      {"vmacc.vv v5, v5, v6", enc("vmacc.vv", {5, 5, 6, 1})},
      {"vxor.vi v6, v6, 5", enc("vxor.vi", {6, 6, 5, 1})},
      {"vid.v v7", enc("vid.v", {7, 1})},
      {"vsw12.v v2, 0(v1)", enc("vsw12.v", {2, 0, 1})},
      {"vlw12.v v8, 0(v1)", enc("vlw12.v", {8, 0, 1})},
      {"vlw12.v v11, 4(v3)", enc("vlw12.v", {11, 4, 3})},
      {"vlw12.v v12, 0(v4)", enc("vlw12.v", {12, 0, 4})},
      {"vsh12.v v5, 0(v9)", enc("vsh12.v", {5, 0, 9})},
      {"vlh12.v v13, 0(v9)", enc("vlh12.v", {13, 0, 9})},
      {"vlhu12.v v14, 0(v9)", enc("vlhu12.v", {14, 0, 9})},
      {"vsb12.v v6, 0(v10)", enc("vsb12.v", {6, 0, 10})},
      {"vlb12.v v15, 0(v10)", enc("vlb12.v", {15, 0, 10})},
      {"vlbu12.v v13, 1(v10)", enc("vlbu12.v", {13, 1, 10})},
      {"vsw12.v v6, 0(v3)", enc("vsw12.v", {6, 0, 3})},
      {"vsw12.v v5, 0(v4)", enc("vsw12.v", {5, 0, 4})},
      {"vlw12.v v1, 0(v1)", enc("vlw12.v", {1, 0, 1})},
  };
}

// Runs every step on both copies, comparing their state after each.
void run_steps_on_both(Harness& logged, Harness& fast) {
  for (const Step& step : steps()) {
    ASSERT_TRUE(logged.run(step.word)) << step.what;
    ASSERT_TRUE(fast.run_unrecorded(step.word)) << step.what;
    expect_same_state(logged, fast, step.what);
  }
}

TEST(LanePaths, TheUnrecordedCopyMatchesTheLoggedCopyForEveryMask) {
  for (const LaneMask mask : kMasks) {
    SCOPED_TRACE(::testing::Message() << "mask 0x" << std::hex << mask);
    Harness logged(kLanes), fast(kLanes);
    prepare(logged, mask);
    prepare(fast, mask);
    run_steps_on_both(logged, fast);
  }
}

TEST(LanePaths, AVectorLengthBelowTheWarpLimitsTheLanes) {
  Harness logged(kLanes), fast(kLanes);
  for (Harness* h : {&logged, &fast}) {
    prepare(*h, kAll);
    h->warp.vl = 20;
  }
  run_steps_on_both(logged, fast);
  EXPECT_EQ(fast.v(7).lane[19], 19u);  // vid.v wrote lanes below vl only
  EXPECT_EQ(fast.v(7).lane[20], 0u);
}

// Hand-derived: a full warp whose destination is its source reads each lane before writing it.
TEST(LanePaths, AFullWarpDestinationThatIsASourceReadsEveryLaneFirst) {
  Harness h(kLanes);
  fill_lanes(h, 2, 1, 1);  // lane i: i + 1
  fill_lanes(h, 3, 10, 0);
  ASSERT_TRUE(h.run_unrecorded(enc("vmacc.vv", {2, 2, 3, 1})));  // v2 += v2 * v3
  for (unsigned i = 0; i < kLanes; ++i) EXPECT_EQ(h.v(2).lane[i], 11 * (i + 1)) << i;
  ASSERT_TRUE(h.run_unrecorded(enc("vsub.vv", {2, 3, 2, 1})));  // v2 = v3 - v2
  for (unsigned i = 0; i < kLanes; ++i) EXPECT_EQ(h.v(2).lane[i], 10 - 11 * (i + 1)) << i;
}

// Hand-derived: a full warp's unit-stride word load and store and a uniform load, each one
// access per lane in the statistics.
TEST(LanePaths, AFullWarpLoadsAndStoresItsWordsWarpWide) {
  Harness h(kLanes);
  for (unsigned i = 0; i < kLanes; ++i) h.write32(kBuf + 4 * i, 0xA0000000u + i);
  fill_lanes(h, 1, kBuf, 4);
  ASSERT_TRUE(h.run_unrecorded(enc("vlw12.v", {2, 0, 1})));
  for (unsigned i = 0; i < kLanes; ++i) EXPECT_EQ(h.v(2).lane[i], 0xA0000000u + i) << i;
  ASSERT_TRUE(h.run_unrecorded(enc("vsw12.v", {1, 0x80, 1})));  // word i + 32 = its address
  for (unsigned i = 0; i < kLanes; ++i) EXPECT_EQ(h.read32(kBuf + 0x80 + 4 * i), kBuf + 4 * i);
  fill_lanes(h, 3, kBuf + 0x84, 0);
  ASSERT_TRUE(h.run_unrecorded(enc("vlh12.v", {4, 2, 3})));  // the high half of kBuf + 4
  for (unsigned i = 0; i < kLanes; ++i) EXPECT_EQ(h.v(4).lane[i], 0xFFFF9000u) << i;
  EXPECT_EQ(h.counts.accesses(static_cast<size_t>(MemSpace::Global)), 3 * kLanes);
}

}  // namespace
}  // namespace ventus::functional::testing
