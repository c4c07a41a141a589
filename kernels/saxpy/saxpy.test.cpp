// saxpy on 4/8/16/32 threads per warp, one and several work-groups, guarded sizes.
#include <gtest/gtest.h>

#include "kernels/common/test_matrix.hpp"
#include "kernels/saxpy/saxpy.hpp"

namespace ventus::kernels {
namespace {

const SaxpyParams kShapes[] = {
    {7, 8, -2.0f},     // one work-group, guarded tail
    {100, 16, 0.75f},  // several work-groups
    {130, 40, 3.25f},  // local size not a multiple of the warp: partial last warp
};

class Saxpy : public ::testing::TestWithParam<MatrixCase<SaxpyParams>> {};

TEST_P(Saxpy, MatchesReference) {
  const auto& [tpw, params] = GetParam();
  auto device = make_device(tpw);
  ASSERT_TRUE(device) << device.error().message;
  auto report = run_saxpy(**device, params);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_TRUE(report->pass) << report->detail;
  EXPECT_EQ(report->stats.work_groups, round_up(params.n, params.local) / params.local);
}

INSTANTIATE_TEST_SUITE_P(
    Configs, Saxpy, ::testing::ValuesIn(matrix(kShapes, [](const auto& p) { return p.local; })),
    [](const auto& test) {
      return case_name(test.param.threads_per_warp, test.param.params.n, test.param.params.local);
    });

}  // namespace
}  // namespace ventus::kernels
