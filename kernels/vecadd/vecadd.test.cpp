// vecadd on 4/8/16/32 threads per warp, one and several work-groups, sizes that are not
// multiples of the work-group size, against the CPU reference.
#include <gtest/gtest.h>

#include "kernels/common/test_matrix.hpp"
#include "kernels/vecadd/vecadd.hpp"

namespace ventus::kernels {
namespace {

const VecaddParams kShapes[] = {
    {1, 1},     // a single thread
    {16, 32},   // one work-group, partly guarded
    {100, 32},  // several work-groups, the last one partly guarded
    {96, 24},   // local size not a multiple of 16/32 threads per warp: partial last warp
    {257, 64},  // several warps per work-group, 1 guarded element
};

class Vecadd : public ::testing::TestWithParam<MatrixCase<VecaddParams>> {};

TEST_P(Vecadd, MatchesReference) {
  const auto& [tpw, params] = GetParam();
  auto device = make_device(tpw);
  ASSERT_TRUE(device) << device.error().message;
  auto report = run_vecadd(**device, params);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_TRUE(report->pass) << report->detail;
  EXPECT_EQ(report->stats.work_groups, round_up(params.n, params.local) / params.local);
}

INSTANTIATE_TEST_SUITE_P(
    Configs, Vecadd, ::testing::ValuesIn(matrix(kShapes, [](const auto& p) { return p.local; })),
    [](const auto& test) {
      return case_name(test.param.threads_per_warp, test.param.params.n, test.param.params.local);
    });

}  // namespace
}  // namespace ventus::kernels
