// Issue 47 round trip: every kernel of the suite, run by its host driver on a device that
// saves its launches (run.save_case), is a test case that `ventus case --check` passes against
// its own expected memory, in the default mode and with --ref-compat.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "cli_harness.hpp"
#include "kernels/bfs/bfs.hpp"
#include "kernels/common/harness.hpp"
#include "kernels/conv2d/conv2d.hpp"
#include "kernels/divergence/divergence.hpp"
#include "kernels/gaussian/gaussian.hpp"
#include "kernels/matmul/matmul.hpp"
#include "kernels/matmul_tiled/matmul_tiled.hpp"
#include "kernels/nn/nn.hpp"
#include "kernels/private_spill/private_spill.hpp"
#include "kernels/reduction/reduction.hpp"
#include "kernels/saxpy/saxpy.hpp"
#include "kernels/scan/scan.hpp"
#include "kernels/softmax/softmax.hpp"
#include "kernels/transpose/transpose.hpp"
#include "kernels/vecadd/vecadd.hpp"
#include "loader/test_case.hpp"

namespace ventus {
namespace {

using namespace kernels;
using testing::ToolRun;
using testing::ToolSandbox;

template <typename T>
Status status_of(const Result<T>& r) {
  return r ? ok_status() : Status(r.error());
}

struct SuiteProgram {
  const char* name;
  std::function<Status(Device&)> run;
};

// Small configurations of every host driver; bfs and gaussian launch several times.
const SuiteProgram kPrograms[] = {
    {"vecadd", [](Device& d) { return status_of(run_vecadd(d, {.n = 100, .local = 32})); }},
    {"saxpy",
     [](Device& d) { return status_of(run_saxpy(d, {.n = 100, .local = 32, .a = 2.0f})); }},
    {"matmul", [](Device& d) { return status_of(run_matmul(d, {.m = 8, .n = 8, .k = 8})); }},
    {"matmul_tiled",
     [](Device& d) { return status_of(run_matmul_tiled(d, {.m = 8, .n = 8, .k = 8})); }},
    {"reduction", [](Device& d) { return status_of(run_reduction(d, {.n = 200, .local = 64})); }},
    {"scan", [](Device& d) { return status_of(run_scan(d, {.n = 200, .local = 64})); }},
    {"transpose",
     [](Device& d) { return status_of(run_transpose(d, {.rows = 8, .cols = 12, .tile = 4})); }},
    {"conv2d",
     [](Device& d) {
       const Image in{12, 8, random_floats(96, 1)};
       return status_of(conv2d_run(d, in, random_floats(9, 2), 3, {4, 4}));
     }},
    {"divergence",
     [](Device& d) { return status_of(divergence_run(d, random_words(100, 3), 32)); }},
    {"private_spill",
     [](Device& d) { return status_of(private_spill_run(d, random_words(100, 4), 32)); }},
    {"softmax",
     [](Device& d) { return status_of(softmax_run(d, random_floats(64, 5), 32, 2, 16)); }},
    {"nn",
     [](Device& d) {
       std::vector<LatLong> records(50);
       const auto v = random_floats(100, 6, -90.0f, 90.0f);
       for (size_t i = 0; i < records.size(); ++i) records[i] = {v[2 * i], v[2 * i + 1]};
       return status_of(nn_run(d, records, 30.0f, 90.0f, 32));
     }},
    {"bfs", [](Device& d) { return status_of(bfs_run(d, random_graph(40, 60, 7), 0, 16)); }},
    {"gaussian",
     [](Device& d) {
       std::vector<float> a = random_floats(36, 8);
       for (uint32_t i = 0; i < 6; ++i) a[7 * i] += 8.0f;  // diagonally dominant
       return status_of(gaussian_run(d, 6, a, random_floats(6, 9), 8, {4, 4}));
     }},
};

class SaveCaseRoundTrip : public ::testing::TestWithParam<SuiteProgram> {};

TEST_P(SaveCaseRoundTrip, TheSavedCasePassesCaseCheckInBothModes) {
  const SuiteProgram& program = GetParam();
  ToolSandbox box(VENTUS_TOOL, std::string("save_case_") + program.name);
  const std::filesystem::path dir = box.dir() / program.name;
  Config config;
  config.simulation.save_case = dir.string();
  auto device = Device::create(config);
  ASSERT_TRUE(device) << device.error().message;
  const Status ran = program.run(**device);
  ASSERT_TRUE(ran) << ran.error().message;
  // The existing loader reads what was written, one launch per runtime launch.
  auto loaded = loader::load_test_case(dir);
  ASSERT_TRUE(loaded) << loaded.error().message;
  EXPECT_EQ(loaded->launches.size(), (*device)->launch_history().size());
  for (const loader::Launch& launch : loaded->launches) {
    EXPECT_TRUE(launch.expected_path.has_value()) << launch.name;
  }
  for (const char* mode : {"", " --ref-compat"}) {
    const ToolRun r = box.run("case '" + dir.string() + "' --check" + mode);
    EXPECT_EQ(r.exit_status, 0) << mode << "\n" << r.out << r.err;
    EXPECT_EQ(r.out.find("FAIL"), std::string::npos) << mode << "\n" << r.out;
    EXPECT_NE(r.out.find("PASS " + loaded->launches.back().name + " (memory)"), std::string::npos)
        << mode << "\n"
        << r.out;
  }
}

INSTANTIATE_TEST_SUITE_P(Suite, SaveCaseRoundTrip, ::testing::ValuesIn(kPrograms),
                         [](const auto& param_info) { return std::string(param_info.param.name); });

}  // namespace
}  // namespace ventus
