// --set on every simulating sub-command (run, case, demo, bench): the override takes effect
// and a bad one is a usage error.
#include "sim_cli_support.hpp"

namespace ventus::testing::sim_cli {
namespace {

// --- --set on the simulating sub-commands -----------------------------------------------

TEST(SimCliRunSet, ThreadsPerWarpChangesTheWarpsOfAWorkGroup) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  for (uint64_t threads : {8u, 4u, 2u}) {
    SCOPED_TRACE(threads);
    const ToolRun r =
        box.run(add_scaled_8() + " --set sm.threads_per_warp=" + std::to_string(threads));
    ASSERT_EQ(r.exit_status, 0) << r.err;
    Summary s;
    ASSERT_TRUE(parse_summary(r.out, s)) << r.out;
    EXPECT_EQ(s.work_groups, 1u);
    EXPECT_EQ(s.warps, 8 / threads);  // a work-group of 8 work-items
    const std::string warps = std::to_string(8 / threads) + (threads == 8 ? " warp," : " warps,");
    EXPECT_NE(r.out.find("1 work-group, " + warps), std::string::npos) << r.out;
  }
}

TEST(SimCliRunSet, AnInstructionLimitStopsTheKernelWithAFault) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r =
      box.run(add_scaled_8() + " --set run.max_warp_instructions=5 --stats-json stats.json");
  EXPECT_EQ(r.exit_status, 1) << r.out << r.err;
  EXPECT_NE(r.err.find("instruction limit"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(box.dir() / "c.bin"));  // outputs are not written after a fault
  // The statistics of the stopped launch count what ran: exactly the 5 allowed.
  const json doc = read_stats_document(box.dir() / "stats.json");
  ASSERT_EQ(doc.at("launches").size(), 1u);
  EXPECT_EQ(doc.at("launches")[0].at("stats").at("functional.warp_instructions"), 5);
}

TEST(SimCliRunSet, ABadSetIsAUsageError) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run(add_scaled_8() + " --set sm.threads_per_warp=3");
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("--set sm.threads_per_warp=3"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("power of two"), std::string::npos) << r.err;
  const ToolRun file = box.run(add_scaled_8() + " --config nowhere.toml");
  EXPECT_EQ(file.exit_status, 2) << file.out << file.err;
  EXPECT_NE(file.err.find("nowhere.toml"), std::string::npos) << file.err;
}

TEST(SimCliCaseSet, AnInstructionLimitStopsAReferenceCase) {
  const fs::path dir = cases_dir() / "vecadd-4w8t";
  if (!fs::exists(dir))
    GTEST_SKIP() << "reference case not found at " << dir
                 << " (set VENTUS_REFERENCE_DIR at configure time)";
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run("case " + quoted(dir) + " --set run.max_warp_instructions=10");
  EXPECT_EQ(r.exit_status, 1) << r.out << r.err;
  EXPECT_NE(r.err.find("instruction limit"), std::string::npos) << r.err;
  Summary s;
  ASSERT_TRUE(parse_summary(r.out, s)) << r.out;
  EXPECT_LE(s.warp_instructions, 10u);
}

// The --ref-compat and --memcheck shortcuts are configuration overrides: the statistics'
// "config" shows what ran.
TEST(SimCliCaseSet, ShortcutFlagsShowInTheConfiguration) {
  const fs::path dir = cases_dir() / "vecadd-4w8t";
  if (!fs::exists(dir))
    GTEST_SKIP() << "reference case not found at " << dir
                 << " (set VENTUS_REFERENCE_DIR at configure time)";
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r =
      box.run("case " + quoted(dir) + " --ref-compat --memcheck off --stats-json case.json");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  const json doc = read_stats_document(box.dir() / "case.json");
  ASSERT_FALSE(doc.at("launches").empty());
  const json& config = doc.at("launches")[0].at("config");
  EXPECT_EQ(config.at("run.ref_compat"), true);
  EXPECT_EQ(config.at("run.memcheck"), "off");
}

TEST(SimCliCaseSet, ABadSetIsAUsageErrorBeforeTheCaseIsRead) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run("case no-such-case --set gpu.sm_count=0");
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("--set gpu.sm_count=0"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("1..256"), std::string::npos) << r.err;
}

TEST(SimCliDemoSet, SetChangesTheMachineOfEveryKernel) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run(
      "demo --set sm.threads_per_warp=4 --set gpu.sm_count=3 --stats --stats-json demo.json");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find(": 3 SMs, 4 threads per warp, 8 warp slots per SM"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("all results match"), std::string::npos) << r.out;
  const json doc = read_stats_document(box.dir() / "demo.json");
  ASSERT_GE(doc.at("launches").size(), 6u);  // one row per kernel, some kernels launch more
  for (const json& launch : doc.at("launches")) {
    check_launch_object(launch, 3, 4);
    ASSERT_TRUE(launch.contains("config"));
    EXPECT_EQ(launch.at("config").at("sm.threads_per_warp"), 4);
    EXPECT_EQ(launch.at("config").at("gpu.sm_count"), 3);
  }
  // --stats: one table per launch, with the launch's figures.
  size_t tables = 0;
  for (size_t at = r.out.find("\nstatistics of "); at != std::string::npos;
       at = r.out.find("\nstatistics of ", at + 1)) {
    ++tables;
  }
  EXPECT_EQ(tables, doc.at("launches").size()) << r.out;
  const json& first = doc.at("launches")[0];
  EXPECT_NE(r.out.find("statistics of " + first.at("kernel").get<std::string>() + ":"),
            std::string::npos)
      << r.out;
}

TEST(SimCliDemoSet, ABadSetIsAUsageError) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run("demo --set run.schedule=fifo");
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("--set run.schedule=fifo"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("burst|random"), std::string::npos) << r.err;
}

TEST(SimCliBenchSet, SmCountSizesThePerSmStatistics) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r =
      box.run("bench --iterations 10 --work-groups 6 --set gpu.sm_count=3 --stats-json bench.json");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  const json doc = read_stats_document(box.dir() / "bench.json");
  // One printed row per benchmark kernel after the header, in the document's order.
  std::vector<std::string> rows = lines_of(r.out);
  ASSERT_FALSE(rows.empty());
  rows.erase(rows.begin());
  ASSERT_EQ(doc.at("launches").size(), rows.size()) << r.out;
  for (size_t i = 0; i < rows.size(); ++i) {
    const json& launch = doc.at("launches")[i];
    check_launch_object(launch, 3, 32);  // bench's default --threads
    const auto words = words_of(rows[i]);
    ASSERT_GE(words.size(), 2u);
    EXPECT_EQ(launch.at("kernel"), words[0]);
    EXPECT_EQ(std::to_string(launch.at("stats").at("functional.warp_instructions").get<uint64_t>()),
              words[1]);
    EXPECT_EQ(launch.at("stats").at("functional.work_groups"), 6);
    EXPECT_EQ(launch.at("stats").at("functional.warps"), 6 * 4);  // bench's default --warps
  }
}

TEST(SimCliBenchSet, ABadSetIsAUsageError) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run("bench --iterations 10 --set gpu.sm_cout=3");
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("did you mean 'gpu.sm_count'?"), std::string::npos) << r.err;
}

// --kernels picks benchmark kernels; they run in the benchmark's own order (alu, memory,
// divergent), one row and one launch each.
TEST(SimCliBenchSet, KernelsRunsOnlyTheNamedKernels) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r =
      box.run("bench --iterations 10 --kernels divergent,alu --stats-json bench.json");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  const json doc = read_stats_document(box.dir() / "bench.json");
  ASSERT_EQ(doc.at("launches").size(), 2u);
  EXPECT_EQ(doc.at("launches")[0].at("kernel"), "alu");
  EXPECT_EQ(doc.at("launches")[1].at("kernel"), "divergent");
  const std::vector<std::string> rows = lines_of(r.out);
  ASSERT_EQ(rows.size(), 3u) << r.out;  // the header and two rows
  EXPECT_EQ(words_of(rows[1])[0], "alu");
  EXPECT_EQ(words_of(rows[2])[0], "divergent");
}

}  // namespace
}  // namespace ventus::testing::sim_cli
