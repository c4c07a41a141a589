// The SIMT stack's timing (simt_stack.v, issue.v, branch_back.v; TIMING.md §5, §7): a vbranch
// waits for its mask in a one-entry control buffer and, when it continues in order, releases
// its warp there; a join, and a vbranch that jumps, answer through a one-entry fetch-control
// buffer. Each test moves one parameter by one cycle and checks which loops it slows.
#include <gtest/gtest.h>

#include <string>

#include "timing/sm_test_support.hpp"

namespace ventus::timing {
namespace {

using namespace sm_test;

// v1 = v1 in every lane: vbne never jumps, vbeq always does (no divergence, no push).
const std::string kVbranchContinues = "        vbne    v1, v1, 1f\n        addi    x8, x8, 1\n1:";
const std::string kVbranchJumps = "        vbeq    v1, v1, 1f\n        addi    x8, x8, 1\n1:";
// With an empty stack a join changes nothing but still answers through the fetch control.
const std::string kJoin = "        join    zero, zero, 0\n        addi    x8, x8, 1";

// The extra trips' cycles with `field` of the front-end parameters one cycle longer, less the
// extra trips' cycles without.
int64_t slowdown(uint32_t FrontEndParams::*field, const std::string& body) {
  TimingParams p = test_params();
  const int64_t base = extra_trips(p, body);
  p.front.*field += 1;
  return extra_trips(p, body) - base;
}

TEST(SmSimt, AVbranchThatContinuesReleasesItsWarpWithItsMask) {
  EXPECT_EQ(slowdown(&FrontEndParams::simt_mask_cycles, kVbranchContinues), kExtraTrips);
  EXPECT_EQ(slowdown(&FrontEndParams::simt_fetch_control_cycles, kVbranchContinues), 0);
}

TEST(SmSimt, AVbranchThatJumpsAnswersThroughTheFetchControl) {
  EXPECT_EQ(slowdown(&FrontEndParams::simt_mask_cycles, kVbranchJumps), kExtraTrips);
  EXPECT_EQ(slowdown(&FrontEndParams::simt_fetch_control_cycles, kVbranchJumps), kExtraTrips);
}

TEST(SmSimt, AJoinIsTakenAtOnceAndAnswersThroughTheFetchControl) {
  EXPECT_EQ(slowdown(&FrontEndParams::simt_join_cycles, kJoin), kExtraTrips);
  EXPECT_EQ(slowdown(&FrontEndParams::simt_fetch_control_cycles, kJoin), kExtraTrips);
  EXPECT_EQ(slowdown(&FrontEndParams::simt_mask_cycles, kJoin), 0);
}

// issue.v: a vbranch issues only into an empty control buffer, which it holds until its mask
// arrives (and empties a cycle later for the next one). With a mask delay longer than the rest
// of a trip (about 30 cycles here) two warps' vbranches take turns: every trip of the pair
// costs at least two delays, where one warp alone costs one delay and the rest.
TEST(SmSimt, TheControlBufferHoldsOneVbranchAtATime) {
  TimingParams p = test_params();
  constexpr uint32_t kMask = 60;
  p.front.simt_mask_cycles = kMask;
  const auto extra = [&](uint32_t warps) {
    const Timed few = run(p, loop_kernel(kVbranchContinues, 4), 4, warps);
    const Timed more = run(p, loop_kernel(kVbranchContinues, 4 + kExtraTrips), 4, warps);
    return static_cast<int64_t>(more.cycles) - static_cast<int64_t>(few.cycles);
  };
  const int64_t turns = int64_t{kExtraTrips} * 2 * (kMask + 1);
  EXPECT_LT(extra(1), turns);
  EXPECT_GE(extra(2), turns);
}

}  // namespace
}  // namespace ventus::timing
