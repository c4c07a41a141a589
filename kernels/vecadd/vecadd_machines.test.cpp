// vecadd on the two machines of configs/ (issue 10): the seed-003 default machine spreads a
// multi-work-group launch over every SM and finishes sooner than on one SM; the Verilog
// test-bench build runs it too. Each run is checked against the CPU reference.
#include <gtest/gtest.h>

#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "kernels/vecadd/vecadd.hpp"

namespace ventus::kernels {
namespace {

struct MachineRun {
  RunReport report;
  nlohmann::json stats;  // the launch's "stats" object (docs/stats.md)
};

MachineRun run_on(const std::string& machine_file, unsigned sm_count, bool skip_idle = true) {
  auto config = Config::from_toml_file(std::string(VENTUS_SOURCE_DIR) + "/configs/" + machine_file);
  EXPECT_TRUE(config) << config.error().message;
  EXPECT_TRUE(config->set("run.timing=true"));
  EXPECT_TRUE(config->set(fmt::format("gpu.sm_count={}", sm_count)));
  EXPECT_TRUE(config->set(fmt::format("gpu.skip_idle_cycles={}", skip_idle)));
  auto device = Device::create(*config);
  EXPECT_TRUE(device) << device.error().message;
  auto report = run_vecadd(**device, VecaddParams{4096, 64});  // 64 work-groups
  EXPECT_TRUE(report) << report.error().message;
  MachineRun run{*report, nlohmann::json::parse(report->stats.stats_json()).at("stats")};
  EXPECT_TRUE(run.report.pass) << run.report.detail;
  return run;
}

TEST(VecaddMachines, TheSeedMachineUsesEverySmAndBeatsOneSm) {
  const MachineRun two = run_on("ventus-seed003.toml", 2);
  const MachineRun one = run_on("ventus-seed003.toml", 1);
  ASSERT_EQ(two.report.stats.work_groups, 64u);
  const uint64_t sm0 = two.stats.at("timing.sm0.issued");
  const uint64_t sm1 = two.stats.at("timing.sm1.issued");
  EXPECT_GT(sm0, 0u);
  EXPECT_GT(sm1, 0u);
  EXPECT_EQ(sm0 + sm1, two.report.stats.warp_instructions);
  EXPECT_GT(two.stats.at("timing.sm0.warps_dispatched").get<uint64_t>(), 0u);
  EXPECT_GT(two.stats.at("timing.sm1.warps_dispatched").get<uint64_t>(), 0u);
  // Same work, half the SMs: more cycles (both runs count from the same start).
  EXPECT_EQ(one.report.stats.warp_instructions, two.report.stats.warp_instructions);
  EXPECT_LT(two.report.stats.cycles, one.report.stats.cycles);
}

// Skipping idle cycles is a simulator shortcut: the cycles and every counter are the same.
TEST(VecaddMachines, SkippingIdleCyclesChangesNothing) {
  for (const char* machine : {"ventus-seed003.toml", "ventus-rtl-tb.toml"}) {
    SCOPED_TRACE(machine);
    const MachineRun skipped = run_on(machine, 2, true);
    const MachineRun stepped = run_on(machine, 2, false);
    EXPECT_EQ(skipped.report.stats.cycles, stepped.report.stats.cycles);
    EXPECT_EQ(skipped.stats, stepped.stats);
  }
}

TEST(VecaddMachines, TheTestBenchBuildRunsEveryWorkGroup) {
  const MachineRun run = run_on("ventus-rtl-tb.toml", 2);
  EXPECT_EQ(run.report.stats.work_groups, 64u);
  EXPECT_GT(run.report.stats.cycles, 0u);
}

}  // namespace
}  // namespace ventus::kernels
