// Tiled matmul on 4/8/16/32 threads per warp: 2-D ND-ranges, one and several work-groups,
// sizes that are not multiples of the tile, tiles smaller than a warp (partial warps).
#include <gtest/gtest.h>

#include "kernels/common/test_matrix.hpp"
#include "kernels/matmul/matmul.hpp"
#include "kernels/matmul_tiled/matmul_tiled.hpp"

namespace ventus::kernels {
namespace {

const MatmulTiledParams kShapes[] = {
    {4, 4, 4, 4},   // one work-group, one tile
    {8, 8, 12, 4},  // 2 x 2 work-groups, 3 tiles along k
    {10, 7, 9, 4},  // guarded edges and a zero-padded last tile
    {9, 9, 9, 3},   // 9 threads per work-group: partial last warp
    {16, 8, 8, 8},  // 64 threads per work-group: several warps meet at the barriers
};

class MatmulTiled : public ::testing::TestWithParam<MatrixCase<MatmulTiledParams>> {};

TEST_P(MatmulTiled, MatchesReference) {
  const auto& [tpw, p] = GetParam();
  auto device = make_device(tpw);
  ASSERT_TRUE(device) << device.error().message;
  auto report = run_matmul_tiled(**device, p);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_TRUE(report->pass) << report->detail;
  EXPECT_EQ(report->stats.work_groups,
            (round_up(p.n, p.tile) / p.tile) * (round_up(p.m, p.tile) / p.tile));
}

INSTANTIATE_TEST_SUITE_P(Configs, MatmulTiled,
                         ::testing::ValuesIn(matrix(kShapes,
                                                    [](const auto& p) { return p.tile * p.tile; })),
                         [](const auto& test) {
                           const MatmulTiledParams& p = test.param.params;
                           return case_name(test.param.threads_per_warp, p.m, p.n, p.k, p.tile);
                         });

// With k a multiple of the tile there is no padding: the tiled and the naive kernel do the
// same fma sequence, so both references must agree exactly (guards the padded reference).
TEST(MatmulTiledReference, EqualsNaiveWithoutPadding) {
  const auto a = random_floats(6 * 8, 11);
  const auto b = random_floats(8 * 5, 12);
  EXPECT_EQ(matmul_tiled_reference(a, b, 6, 5, 8, 4), matmul_reference(a, b, 6, 5, 8));
}

}  // namespace
}  // namespace ventus::kernels
