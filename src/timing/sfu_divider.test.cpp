// The SFU integer divider's cycles, derived by hand from int_div.v's state machine (IDLE ->
// PRE -> COMPUTE once per quotient bit -> RECOVERY -> FINISH, the next division accepted
// the cycle after FINISH) and sfu_exe.v's lane groups; TIMING.md §7 measured 14-26 cycles
// for vdivu/vremu at 4 threads, which are 4 groups of 3 and of 6 plus the 2 of the wrapper.
#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "isa/encoder.hpp"
#include "isa/insn_table.hpp"
#include "timing/sfu_divider.hpp"

namespace ventus::timing {
namespace {

using functional::RegFile;
using functional::RegRef;
using functional::TimingRecord;
using functional::WarpState;

TEST(SfuIntDivider, SpecialCasesFinishAtOnce) {
  const UnitParams p;
  EXPECT_EQ(int_div_lane_cycles(123, 0, false, p), 2u);                   // IDLE -> FINISH
  EXPECT_EQ(int_div_lane_cycles(0x80000000u, 0xffffffffu, true, p), 2u);  // INT_MIN / -1
}

TEST(SfuIntDivider, ASmallerDividendStopsAfterTheCompare) {
  const UnitParams p;
  EXPECT_EQ(int_div_lane_cycles(3, 4, false, p), 3u);  // IDLE -> PRE -> FINISH
  EXPECT_EQ(int_div_lane_cycles(0, 7, false, p), 3u);
  // Signed: magnitudes compare, so -3 / 4 is quotient 0 too; unsigned it is huge.
  EXPECT_EQ(int_div_lane_cycles(static_cast<uint32_t>(-3), 4, true, p), 3u);
  EXPECT_EQ(int_div_lane_cycles(static_cast<uint32_t>(-3), 4, false, p), 4u + 30u);
}

TEST(SfuIntDivider, OneCyclePerQuotientBit) {
  const UnitParams p;
  // clz(4) - clz(4..7) + 1 = 1 quotient bit, clz(4) - clz(8..15) + 1 = 2.
  EXPECT_EQ(int_div_lane_cycles(4, 4, false, p), 5u);
  EXPECT_EQ(int_div_lane_cycles(7, 4, false, p), 5u);
  EXPECT_EQ(int_div_lane_cycles(12, 4, false, p), 6u);
  EXPECT_EQ(int_div_lane_cycles(0xffffffffu, 1, false, p), 4u + 32u);
  EXPECT_EQ(int_div_lane_cycles(static_cast<uint32_t>(-7), 2, true, p), 4u + 2u);
}

// A record of `mnemonic` with operand values in the row's order (isa::encode) and the source
// registers the functional core lists for it.
TimingRecord record_of(std::string_view mnemonic, std::initializer_list<int64_t> values) {
  TimingRecord r;
  r.row = isa::find_row_by_mnemonic(mnemonic);
  const std::vector<int64_t> operands(values);
  const auto word = isa::encode(*r.row, operands);
  EXPECT_TRUE(word.ok()) << mnemonic;
  r.word = word.ok() ? word.value() : 0;
  return r;
}

// vremu.vx v1, v2, x5 on a 4-thread warp (one lane per group): dividend vs2 = v2, divisor
// rs1 = x5, as crt0's work-item id modulo the local size does.
TimingRecord vremu_vx_record() {
  TimingRecord r = record_of("vremu.vx", {1, 2, 5, 1});  // vm = 1: unmasked
  r.sources[0] = RegRef{RegFile::Vector, 2};
  r.sources[1] = RegRef{RegFile::Scalar, 5};
  r.source_count = 2;
  return r;
}

TEST(SfuIntDivider, EachActiveGroupTakesItsSlowestLane) {
  const UnitParams p;
  const TimingRecord r = vremu_vx_record();
  const auto form = isa::int_division_form(*r.row);
  ASSERT_TRUE(form.has_value());
  WarpState warp;
  warp.x[5] = 4;
  for (unsigned lane = 0; lane < 4; ++lane) warp.v[2].lane[lane] = 12 + lane;  // warp 3's ids
  const LaneDivCycles lanes = int_div_cycles_by_lane(*form, r, warp, p);
  EXPECT_EQ(lanes[0], 6u);
  // Four groups of one lane: 2 + 4 x 6 = 26, the measured maximum.
  EXPECT_EQ(int_division_latency(*form, lanes, 0xf, 1, p), 26u);
  EXPECT_EQ(int_division_latency(*form, lanes, 0x1, 1, p), 8u);  // one active group
  // Warp 0's ids 0..3 are all below 4: 2 + 4 x 3 = 14, the measured minimum.
  for (unsigned lane = 0; lane < 4; ++lane) warp.v[2].lane[lane] = lane;
  EXPECT_EQ(int_division_latency(*form, int_div_cycles_by_lane(*form, r, warp, p), 0xf, 1, p), 14u);
  // Groups of 4 lanes (16 threads): an inactive lane's divider still runs and may be slowest.
  warp.v[2].lane[3] = 0xffffffffu;
  EXPECT_EQ(int_division_latency(*form, int_div_cycles_by_lane(*form, r, warp, p), 0x1, 4, p),
            2u + 4u + 30u);
}

TEST(SfuIntDivider, ScalarRowsDivideRs1ByRs2) {
  const UnitParams p;
  TimingRecord r = record_of("divu", {5, 6, 7});
  r.sources[0] = RegRef{RegFile::Scalar, 6};
  r.sources[1] = RegRef{RegFile::Scalar, 7};
  r.source_count = 2;
  const auto form = isa::int_division_form(*r.row);
  ASSERT_TRUE(form.has_value());
  WarpState warp;
  warp.x[6] = 8;  // clz(8) = 28
  warp.x[7] = 1;  // clz(1) = 31: 4 quotient bits
  EXPECT_EQ(int_division_latency(*form, int_div_cycles_by_lane(*form, r, warp, p), 1, 1, p),
            2u + 4u + 4u);
  EXPECT_FALSE(isa::int_division_form(*isa::find_row_by_mnemonic("vfdiv.vv")).has_value());
}

}  // namespace
}  // namespace ventus::timing
