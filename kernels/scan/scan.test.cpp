// scan on 4/8/16/32 threads per warp: one and several work-groups (two launches), local
// sizes that are not powers of two or multiples of the warp, guarded tails.
#include <gtest/gtest.h>

#include "kernels/common/test_matrix.hpp"
#include "kernels/scan/scan.hpp"

namespace ventus::kernels {
namespace {

const ScanParams kShapes[] = {
    {5, 8},     // one work-group, guarded tail
    {64, 16},   // several work-groups, exact fit
    {100, 12},  // 12 threads per work-group: partial warps, several groups
    {200, 48},  // several warps per work-group
};

class Scan : public ::testing::TestWithParam<MatrixCase<ScanParams>> {};

TEST_P(Scan, MatchesReference) {
  const auto& [tpw, p] = GetParam();
  auto device = make_device(tpw);
  ASSERT_TRUE(device) << device.error().message;
  auto report = run_scan(**device, p);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_TRUE(report->pass) << report->detail;
  EXPECT_EQ(report->launches, 2u);
  EXPECT_EQ(report->stats.work_groups, 2 * (round_up(p.n, p.local) / p.local));
}

INSTANTIATE_TEST_SUITE_P(
    Configs, Scan, ::testing::ValuesIn(matrix(kShapes, [](const auto& p) { return p.local; })),
    [](const auto& test) {
      return case_name(test.param.threads_per_warp, test.param.params.n, test.param.params.local);
    });

TEST(ScanReference, WrapsAround) {
  const std::vector<uint32_t> in{0xffffffffu, 2u, 3u};
  EXPECT_EQ(scan_reference(in), (std::vector<uint32_t>{0xffffffffu, 1u, 4u}));
}

}  // namespace
}  // namespace ventus::kernels
