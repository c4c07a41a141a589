// Issue 47: cases from the kernel suite whose work-groups need more warps than the default
// machine's 8 slots (16 and 32 warps of 8 threads) run in the default functional mode with a
// one-line note, are refused on the cycle model naming the --set, and run with that --set.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>

#include "cli_harness.hpp"
#include "kernels/vecadd/vecadd.hpp"

namespace ventus {
namespace {

using testing::ToolRun;
using testing::ToolSandbox;

// vecadd with `warps` warps of 8 threads per work-group, saved as a case in `dir`: the
// runtime widens its machine too (run.widen_machine).
void save_wide_vecadd(const std::filesystem::path& dir, uint32_t warps) {
  Config config;
  config.simulation.save_case = dir.string();
  auto device = Device::create(config);
  ASSERT_TRUE(device) << device.error().message;
  auto run = kernels::run_vecadd(**device, {.n = 2 * 8 * warps, .local = 8 * warps});
  ASSERT_TRUE(run) << run.error().message;
  EXPECT_TRUE(run->pass) << run->detail;
}

TEST(WideCase, RunsWidenedRefusedOnTheCycleModelAndRunsWithTheSet) {
  ToolSandbox box(VENTUS_TOOL, "wide_case");
  const std::string tb = "--timing --config '" VENTUS_SOURCE_DIR "/configs/ventus-rtl-tb.toml'";
  for (uint32_t warps : {16u, 32u}) {
    const std::filesystem::path dir = box.dir() / ("vecadd_w" + std::to_string(warps));
    save_wide_vecadd(dir, warps);
    const std::string quoted = "'" + dir.string() + "'";
    // Default functional mode, no options: it runs, saying so in one line.
    const ToolRun run = box.run("case " + quoted + " --check");
    EXPECT_EQ(run.exit_status, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("PASS vecadd_0"), std::string::npos) << run.out;
    EXPECT_NE(run.err.find("ventus case: note: machine widened: sm.warp_slots 8 → " +
                           std::to_string(warps) + " for launch vecadd_0\n"),
              std::string::npos)
        << run.err;
    // The cycle model times the configured machine: refused, naming what makes it fit.
    const ToolRun refused = box.run("case " + quoted + " " + tb);
    EXPECT_EQ(refused.exit_status, 2) << refused.out << refused.err;
    const std::string want = "--set sm.warp_slots=" + std::to_string(warps);
    ASSERT_NE(refused.err.find(want), std::string::npos) << refused.err;
    std::smatch sets;
    ASSERT_TRUE(std::regex_search(refused.err, sets, std::regex("\\((--set .*) makes it fit\\)")))
        << refused.err;
    const ToolRun timed = box.run("case " + quoted + " --check " + tb + " " + sets[1].str());
    EXPECT_EQ(timed.exit_status, 0) << sets[1].str() << "\n" << timed.out << timed.err;
    EXPECT_NE(timed.out.find("PASS vecadd_0"), std::string::npos) << timed.out;
    EXPECT_NE(timed.out.find("cycles"), std::string::npos) << timed.out;
    EXPECT_EQ(timed.err.find("machine widened"), std::string::npos) << timed.err;
  }
}

// --stats-json's "config" holds the machine the launch ran on.
TEST(WideCase, TheStatisticsConfigShowsTheWidenedMachine) {
  ToolSandbox box(VENTUS_TOOL, "wide_case_stats");
  const std::filesystem::path dir = box.dir() / "vecadd_w16";
  save_wide_vecadd(dir, 16);
  const ToolRun r = box.run("case '" + dir.string() + "' --stats-json stats.json");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::string json = ToolSandbox::slurp(box.dir() / "stats.json");
  EXPECT_NE(json.find("\"sm.warp_slots\": 16,"), std::string::npos) << json;
}

}  // namespace
}  // namespace ventus
