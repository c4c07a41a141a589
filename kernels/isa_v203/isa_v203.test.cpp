// The v2.03 demonstration kernels and their v2.02 twins give the CPU reference's results,
// and the v2.03 versions retire the warp-instructions the extensions save, counted by hand
// from the two listings (a prefix is a warp-instruction of its own in these counts).
#include <gtest/gtest.h>

#include <cstdio>

#include "kernels/isa_v203/isa_v203.hpp"

namespace ventus::kernels {
namespace {

using isa::Profile;

constexpr unsigned kThreadsPerWarp = 8;

// Both profiles' runs of one demo: each checked, and their warp-instruction counts.
struct Pair {
  uint64_t v202 = 0, v203 = 0;
};

template <typename Run>
Pair run_both(Run run) {
  Pair counts;
  for (Profile profile : {Profile::V202, Profile::V203}) {
    auto device = make_device(kThreadsPerWarp);
    EXPECT_TRUE(device) << device.error().message;
    if (!device) return counts;
    auto report = run(**device, profile);
    EXPECT_TRUE(report) << report.error().message;
    if (!report) return counts;
    EXPECT_TRUE(report->pass) << report->configuration << ": " << report->detail;
    // The figures of docs/isa-profiles.md (cycles with VENTUS_TEST_TIMING=1, else 0).
    std::printf("%s %s: %llu warp-instructions, %llu cycles\n", report->kernel.c_str(),
                report->configuration.c_str(),
                static_cast<unsigned long long>(report->stats.warp_instructions),
                static_cast<unsigned long long>(report->stats.cycles));
    (profile == Profile::V203 ? counts.v203 : counts.v202) = report->stats.warp_instructions;
  }
  return counts;
}

// 3 groups of 16 items = 6 warps, all active. Per warp v2.03 turns each of the 4 block
// accesses from 4 instructions into prefix + 1 (8 fewer) and adds csrr lds + sub (2 more).
TEST(IsaV203Demos, ReverseBlocksThrough128BitAccesses) {
  const Pair counts =
      run_both([](Device& d, Profile p) { return run_reverse_blocks(d, p, 3, 16); });
  EXPECT_EQ(counts.v202 - counts.v203, 6u * (8 - 2));
}

// 100 items in groups of 32 = 16 warps, of which 13 hold an item below 100 (warp 12 holds
// 96..103). Each of those replaces vfsgnjx + vfsgnjn by one prefix.
TEST(IsaV203Demos, L1ScoreWithAbsNegPrefix) {
  const Pair counts = run_both([](Device& d, Profile p) { return run_l1_score(d, p, 100, 32); });
  EXPECT_EQ(counts.v202 - counts.v203, 13u * 1);
}

// 50 items in groups of 16 = 8 warps, 7 of them with an item below 50; 9 rows. Each trip
// of the loop is vmul, vmulhu, vadd, vmsltu, vadd, vadd in v2.02 and vwmulu, prefix, vadd
// in v2.03 (3 fewer); the 64-bit store is two instructions in both.
TEST(IsaV203Demos, SumOfSquaresOnRegisterPairs) {
  const Pair counts = run_both([](Device& d, Profile p) { return run_sumsq64(d, p, 50, 9, 16); });
  EXPECT_EQ(counts.v202 - counts.v203, 7u * 9 * 3);
}

// The references themselves, on values worked out by hand.
TEST(IsaV203Demos, ReferencesOnSmallInputs) {
  const std::vector<uint32_t> blocks{1, 2, 3, 4, 5, 6, 7, 8};  // two 16-byte blocks
  EXPECT_EQ(reverse_blocks_reference(blocks, 2), (std::vector<uint32_t>{5, 6, 7, 8, 1, 2, 3, 4}));
  const std::vector<float> a{1.0f}, b{3.0f}, c{10.0f};
  EXPECT_EQ(l1_score_reference(a, b, c, 2.0f), std::vector<float>{6.0f});  // 10 - 2 * |1 - 3|
  const std::vector<uint32_t> x{0xFFFFFFFFu, 3, 0xFFFFFFFFu, 4};           // 2 rows x 2 items
  // 2 * (2^32 - 1)^2 = 2^65 - 2^34 + 2 = (mod 2^64) 2^64 - 2^34 + 2; 9 + 16 = 25.
  EXPECT_EQ(sumsq64_reference(x, 2, 2), (std::vector<uint64_t>{0xFFFFFFFC00000002ull, 25}));
}

}  // namespace
}  // namespace ventus::kernels
