// Naive matmul on 4/8/16/32 threads per warp, 2-D ND-ranges with one and several
// work-groups, matrix sizes that are not multiples of the work-group size.
#include <gtest/gtest.h>

#include "kernels/common/test_matrix.hpp"
#include "kernels/matmul/matmul.hpp"

namespace ventus::kernels {
namespace {

const MatmulParams kShapes[] = {
    {4, 4, 4, 4, 4},    // exactly one work-group
    {9, 7, 5, 4, 4},    // 2 x 3 work-groups, guarded edges in both dimensions
    {6, 10, 3, 8, 2},   // non-square work-groups
    {5, 3, 6, 3, 3},    // 9 threads per work-group: partial last warp
    {1, 12, 7, 16, 1},  // a 1 x n row with a (16, 1) work-group
};

class Matmul : public ::testing::TestWithParam<MatrixCase<MatmulParams>> {};

TEST_P(Matmul, MatchesReference) {
  const auto& [tpw, p] = GetParam();
  auto device = make_device(tpw);
  ASSERT_TRUE(device) << device.error().message;
  auto report = run_matmul(**device, p);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_TRUE(report->pass) << report->detail;
  EXPECT_EQ(report->stats.work_groups,
            (round_up(p.n, p.local_x) / p.local_x) * (round_up(p.m, p.local_y) / p.local_y));
}

INSTANTIATE_TEST_SUITE_P(
    Configs, Matmul,
    ::testing::ValuesIn(matrix(kShapes, [](const auto& p) { return p.local_x * p.local_y; })),
    [](const auto& test) {
      const MatmulParams& p = test.param.params;
      return case_name(test.param.threads_per_warp, p.m, p.n, p.k, p.local_x, p.local_y);
    });

}  // namespace
}  // namespace ventus::kernels
