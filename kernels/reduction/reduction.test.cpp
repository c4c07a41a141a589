// Tree reduction on 4/8/16/32 threads per warp: one and several work-groups, work-groups
// smaller than, equal to and larger than a warp, n not a multiple of the work-group size.
#include <cmath>

#include <gtest/gtest.h>

#include "kernels/common/test_matrix.hpp"
#include "kernels/reduction/reduction.hpp"

namespace ventus::kernels {
namespace {

const ReductionParams kShapes[] = {
    {1, 1},     // a single thread, no tree step
    {8, 8},     // one work-group
    {100, 16},  // several work-groups, guarded tail
    {37, 4},    // work-group smaller than most warps: idle lanes in every warp
    {300, 64},  // several warps per work-group meet at every barrier
};

class Reduction : public ::testing::TestWithParam<MatrixCase<ReductionParams>> {};

TEST_P(Reduction, MatchesReference) {
  const auto& [tpw, p] = GetParam();
  auto device = make_device(tpw);
  ASSERT_TRUE(device) << device.error().message;
  auto report = run_reduction(**device, p);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_TRUE(report->pass) << report->detail;
  EXPECT_EQ(report->stats.work_groups, round_up(p.n, p.local) / p.local);
}

INSTANTIATE_TEST_SUITE_P(
    Configs, Reduction, ::testing::ValuesIn(matrix(kShapes, [](const auto& p) { return p.local; })),
    [](const auto& test) {
      return case_name(test.param.threads_per_warp, test.param.params.n, test.param.params.local);
    });

// The tree reference is a sum: its total is within rounding of a double-precision sum
// (n <= 300 values in [-1, 1): error <= log2(64) roundings of partial sums < 300 -> < 1e-4).
TEST(ReductionReference, TotalIsCloseToExactSum) {
  const auto x = random_floats(300, 9, -1.0f, 1.0f);
  double exact = 0;
  for (float v : x) exact += v;
  double total = 0;
  for (float v : reduction_reference(x, 64)) total += v;
  EXPECT_NEAR(total, exact, 1e-4);
}

}  // namespace
}  // namespace ventus::kernels
