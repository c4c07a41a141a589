// transpose on 4/8/16/32 threads per warp: 2-D ND-ranges, one and several work-groups,
// non-square matrices whose sides are not multiples of the tile.
#include <gtest/gtest.h>

#include "kernels/common/test_matrix.hpp"
#include "kernels/transpose/transpose.hpp"

namespace ventus::kernels {
namespace {

const TransposeParams kShapes[] = {
    {4, 4, 4},    // one work-group
    {10, 5, 4},   // 2 x 3 work-groups, guarded edges
    {7, 13, 3},   // 9 threads per work-group: partial last warp
    {16, 24, 8},  // 64 threads: several warps meet at the barrier
    {1, 9, 4},    // a single row
};

class Transpose : public ::testing::TestWithParam<MatrixCase<TransposeParams>> {};

TEST_P(Transpose, MatchesReference) {
  const auto& [tpw, p] = GetParam();
  auto device = make_device(tpw);
  ASSERT_TRUE(device) << device.error().message;
  auto report = run_transpose(**device, p);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_TRUE(report->pass) << report->detail;
  EXPECT_EQ(report->stats.work_groups,
            (round_up(p.cols, p.tile) / p.tile) * (round_up(p.rows, p.tile) / p.tile));
}

INSTANTIATE_TEST_SUITE_P(Configs, Transpose,
                         ::testing::ValuesIn(matrix(kShapes,
                                                    [](const auto& p) { return p.tile * p.tile; })),
                         [](const auto& test) {
                           const TransposeParams& p = test.param.params;
                           return case_name(test.param.threads_per_warp, p.rows, p.cols, p.tile);
                         });

TEST(TransposeReference, SmallExample) {
  const std::vector<uint32_t> in{1, 2, 3, 4, 5, 6};  // 2 x 3
  EXPECT_EQ(transpose_reference(in, 2, 3), (std::vector<uint32_t>{1, 4, 2, 5, 3, 6}));
}

}  // namespace
}  // namespace ventus::kernels
