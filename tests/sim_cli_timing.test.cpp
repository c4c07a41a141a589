// --timing of ventus run, case and demo (issue 10, docs/timing.md): every launch's cycles and
// IPC in the text output agree with --stats-json, the run's total is their sum, the same
// command gives the same cycles twice, a launch a fault stops has no count, and --ref-compat
// is refused (bench: sim_cli_bench_timing.test.cpp).
#include <algorithm>
#include <filesystem>
#include <optional>
#include <utility>

#include "sim_cli_timing_support.hpp"

namespace ventus::testing::sim_cli {
namespace {

// --- ventus run ---------------------------------------------------------------------------

TEST(SimCliRunTiming, TheLaunchLineTheTotalAndTheJsonHaveTheSameCycles) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run(add_scaled_8() + " --timing --stats-json stats.json");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_FALSE(lines.empty());
  Summary s;
  ASSERT_TRUE(parse_summary(lines[0], s)) << r.out;
  const auto launch = parse_cycles(lines[0]);
  ASSERT_TRUE(launch.has_value()) << r.out;
  expect_ipc(*launch, s.warp_instructions);
  const Cycles total = total_line(r.out);
  EXPECT_EQ(total.cycles, launch->cycles);
  expect_ipc(total, s.warp_instructions);
  const json doc = read_stats_document(box.dir() / "stats.json");
  ASSERT_EQ(doc.at("launches").size(), 1u);
  expect_timed_launch(doc.at("launches")[0], launch->cycles);
  EXPECT_EQ(doc.at("total_cycles").get<uint64_t>(), launch->cycles);
  EXPECT_EQ(doc.at("launches")[0].at("config").at("run.timing"), true);
}

TEST(SimCliRunTiming, TheSameCommandGivesTheSameCyclesAndCounters) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const std::string command = add_scaled_8() + " --timing --stats-json stats.json";
  ASSERT_EQ(box.run(command).exit_status, 0);
  const json first = read_stats_document(box.dir() / "stats.json");
  ASSERT_EQ(box.run(command).exit_status, 0);
  const json second = read_stats_document(box.dir() / "stats.json");
  EXPECT_EQ(first.at("total_cycles"), second.at("total_cycles"));
  EXPECT_EQ(first.at("launches")[0].at("stats"), second.at("launches")[0].at("stats"));
}

TEST(SimCliRunTiming, FunctionalRunsPrintNoCycles) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run(add_scaled_8() + " --stats-json stats.json");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.out.find("cycles"), std::string::npos) << r.out;
  const json doc = read_stats_document(box.dir() / "stats.json");
  EXPECT_FALSE(doc.contains("total_cycles"));
  EXPECT_FALSE(doc.at("launches")[0].contains("cycles"));
}

TEST(SimCliRunTiming, RefCompatIsRefused) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run(add_scaled_8() + " --timing --ref-compat");
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("run.timing and run.ref_compat exclude each other"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.out.find("cycles"), std::string::npos) << r.out;
}

TEST(SimCliRunTiming, ACommitLogIsRefused) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run(add_scaled_8() + " --timing --log run.log");
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("--log and run.timing exclude each other"), std::string::npos) << r.err;
}

// Issue 10: a multi-work-group launch keeps every SM busy (per-SM counters) and takes fewer
// cycles than the same launch on one SM, on the built-in machine and on seed 003's.
TEST(SimCliRunTiming, AMultiWorkGroupLaunchUsesEverySmAndBeatsOneSm) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  write_inputs(box, 256);
  for (const std::string& machine :
       {std::string(), " --config " + quoted(source_path("configs/ventus-seed003.toml"))}) {
    const std::string command =
        add_scaled_command("256", "16", "a16.txt", "b16.txt", 1024) + machine + " --timing";
    ASSERT_EQ(box.run(command + " --stats-json two.json").exit_status, 0) << machine;
    ASSERT_EQ(box.run(command + " --set gpu.sm_count=1 --stats-json one.json").exit_status, 0);
    const json two = read_stats_document(box.dir() / "two.json").at("launches")[0];
    const json one = read_stats_document(box.dir() / "one.json").at("launches")[0];
    const json& stats = two.at("stats");
    EXPECT_GT(stats.at("timing.sm0.issued").get<double>(), 0) << machine;
    EXPECT_GT(stats.at("timing.sm1.issued").get<double>(), 0) << machine;
    EXPECT_EQ(
        stats.at("timing.sm0.issued").get<double>() + stats.at("timing.sm1.issued").get<double>(),
        one.at("stats").at("timing.sm0.issued").get<double>());
    EXPECT_LT(two.at("cycles").get<uint64_t>(), one.at("cycles").get<uint64_t>()) << machine;
  }
}

// --- ventus case --------------------------------------------------------------------------

TEST(SimCliCaseTiming, EveryLaunchAndTheTotalAgreeWithTheJsonAndRepeat) {
  const fs::path dir = cases_dir() / "gaussian-4w4t";
  if (!fs::exists(dir)) GTEST_SKIP() << "reference case not found at " << dir;
  ToolSandbox box(VENTUS_TOOL, kTag);
  const std::string command =
      "case " + quoted(dir) + " --timing --launches Fan1_0,Fan2_0,Fan1_1 --stats-json case.json";
  const ToolRun r = box.run(command);
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  const json doc = read_stats_document(box.dir() / "case.json");
  std::vector<Cycles> launches;
  std::vector<uint64_t> instructions;
  for (const std::string& line : lines_of(r.out)) {
    Summary s;
    if (!parse_summary(line, s)) continue;
    const auto c = parse_cycles(line);
    ASSERT_TRUE(c.has_value()) << line;
    expect_ipc(*c, s.warp_instructions);
    launches.push_back(*c);
    instructions.push_back(s.warp_instructions);
  }
  ASSERT_EQ(launches.size(), 3u) << r.out;
  ASSERT_EQ(doc.at("launches").size(), 3u);
  uint64_t cycles = 0, total_instructions = 0;
  for (size_t i = 0; i < launches.size(); ++i) {
    expect_timed_launch(doc.at("launches")[i], launches[i].cycles);
    cycles += launches[i].cycles;
    total_instructions += instructions[i];
  }
  const Cycles total = total_line(r.out);
  EXPECT_EQ(total.cycles, cycles);
  expect_ipc(total, total_instructions);
  EXPECT_EQ(doc.at("total_cycles").get<uint64_t>(), cycles);
  ASSERT_EQ(box.run(command).exit_status, 0);
  EXPECT_EQ(read_stats_document(box.dir() / "case.json"), doc);
}

// The test bench counts a kernel at its end (TIMING.md §2): a launch that a fault (here the
// instruction limit) stops has no cycles in its line or its launch object, and the total is
// that of the launches before it, with their instructions only.
TEST(SimCliCaseTiming, ALaunchThatFaultsHasNoCycleCount) {
  const fs::path dir = cases_dir() / "gaussian-4w4t";
  if (!fs::exists(dir)) GTEST_SKIP() << "reference case not found at " << dir;
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run("case " + quoted(dir) +
                            " --timing --launches Fan1_0,Fan2_0 --max-instructions 500"
                            " --stats-json case.json");
  ASSERT_EQ(r.exit_status, 1) << r.out << r.err;
  // The same message as the functional engine's, with how to raise the limit.
  EXPECT_NE(r.err.find("warp-instructions executed (raise it with --max-instructions or "
                       "run.max_warp_instructions)"),
            std::string::npos)
      << r.err;
  std::vector<std::optional<Cycles>> launches;
  std::vector<uint64_t> instructions;
  for (const std::string& line : lines_of(r.out)) {
    Summary s;
    if (!parse_summary(line, s)) continue;
    launches.push_back(parse_cycles(line));
    instructions.push_back(s.warp_instructions);
  }
  ASSERT_EQ(launches.size(), 2u) << r.out;
  // The message counts what the launch line counts (regext prefixes too), from the limit on.
  EXPECT_GE(instructions[1], 500u);
  EXPECT_NE(r.err.find("limit reached: " + std::to_string(instructions[1]) + " warp-instructions"),
            std::string::npos)
      << r.err << r.out;
  ASSERT_TRUE(launches[0].has_value()) << r.out;
  EXPECT_FALSE(launches[1].has_value()) << r.out;
  const json doc = read_stats_document(box.dir() / "case.json");
  ASSERT_EQ(doc.at("launches").size(), 2u);
  expect_timed_launch(doc.at("launches")[0], launches[0]->cycles);
  EXPECT_FALSE(doc.at("launches")[1].contains("cycles")) << doc.at("launches")[1].dump();
  // Its counters count what ran up to the fault, the GPU's as its SMs'.
  const json& faulted = doc.at("launches")[1].at("stats");
  EXPECT_GT(faulted.at("timing.issued").get<uint64_t>(), 0u);
  EXPECT_EQ(faulted.at("timing.issued"), faulted.at("timing.sm0.issued"));
  // timing.cycles holds the cycles that ran (it said 0): each slot's states add up to them.
  const uint64_t ran = faulted.at("timing.cycles").get<uint64_t>();
  EXPECT_GT(ran, 0u);
  EXPECT_EQ(faulted.at("timing.sm0.slot0.stall").at("total").get<uint64_t>(), ran);
  EXPECT_EQ(faulted.at("timing.sm1.slot7.stall").at("total").get<uint64_t>(), ran);
  EXPECT_DOUBLE_EQ(faulted.at("timing.ipc").get<double>(),
                   faulted.at("timing.issued").get<double>() / static_cast<double>(ran));
  const Cycles total = total_line(r.out);
  EXPECT_EQ(total.cycles, launches[0]->cycles);
  expect_ipc(total, instructions[0]);
  EXPECT_EQ(doc.at("total_cycles").get<uint64_t>(), launches[0]->cycles);
  // With no launch counted there is no total.
  const ToolRun none = box.run("case " + quoted(dir) +
                               " --timing --launches Fan2_0 --max-instructions 100"
                               " --stats-json none.json");
  ASSERT_EQ(none.exit_status, 1) << none.out << none.err;
  EXPECT_EQ(none.out.find("total:"), std::string::npos) << none.out;
  EXPECT_FALSE(read_stats_document(box.dir() / "none.json").contains("total_cycles"));
}

TEST(SimCliCaseTiming, RefCompatIsRefused) {
  const fs::path dir = cases_dir() / "vecadd-4w8t";
  if (!fs::exists(dir)) GTEST_SKIP() << "reference case not found at " << dir;
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run("case " + quoted(dir) + " --timing --ref-compat");
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("run.timing and run.ref_compat exclude each other"), std::string::npos)
      << r.err;
}

// matadd's crt0 asks vsetvli for 32 lanes: with the metadata's 16 threads per warp it gets 16,
// on an RTL built with NUM_THREAD = 32 (the CSV's matadd-1w32t) it gets 32, so every warp
// instruction runs twice the threads and the same instructions take more cycles.
TEST(SimCliCaseTiming, ThreadsPerWarpRunsEveryWarpWithThatManyLanes) {
  const fs::path dir = cases_dir() / "matadd-1w16t";
  if (!fs::exists(dir)) GTEST_SKIP() << "reference case not found at " << dir;
  ToolSandbox box(VENTUS_TOOL, kTag);
  Summary lanes16, lanes32;
  const ToolRun r16 = box.run("case " + quoted(dir) + " --timing");
  const ToolRun r32 = box.run("case " + quoted(dir) + " --timing --threads-per-warp 32");
  ASSERT_EQ(r16.exit_status, 0) << r16.out << r16.err;
  ASSERT_EQ(r32.exit_status, 0) << r32.out << r32.err;
  ASSERT_TRUE(parse_summary(lines_of(r16.out).at(0), lanes16)) << r16.out;
  ASSERT_TRUE(parse_summary(lines_of(r32.out).at(0), lanes32)) << r32.out;
  EXPECT_EQ(lanes32.warp_instructions, lanes16.warp_instructions);
  EXPECT_EQ(lanes32.thread_instructions, 2 * lanes16.thread_instructions);
  EXPECT_GT(total_line(r32.out).cycles, total_line(r16.out).cycles);
  const ToolRun bad = box.run("case " + quoted(dir) + " --threads-per-warp 12");
  EXPECT_EQ(bad.exit_status, 2) << bad.out << bad.err;
  EXPECT_NE(bad.err.find("--threads-per-warp"), std::string::npos) << bad.err;
}

// --- ventus demo --------------------------------------------------------------------------

// The demo's text in timing mode: per kernel a row ending with its cycles, then one line per
// launch; the total line.
struct DemoTiming {
  std::vector<Cycles> kernels;
  std::vector<uint64_t> kernel_instructions;  // the row's "warp instr" column
  std::vector<std::vector<Cycles>> launches;  // per kernel
};

DemoTiming parse_demo(const std::string& out) {
  DemoTiming d;
  for (const std::string& line : lines_of(out)) {
    const auto c = parse_cycles(line);
    if (!c) continue;
    const auto words = words_of(line);
    if (line.rfind("  launch ", 0) == 0) {
      if (d.launches.empty()) ADD_FAILURE() << "launch line before a kernel row: " << line;
      if (!d.launches.empty()) d.launches.back().push_back(*c);
      continue;
    }
    // kernel, configuration (several words), check, warp instr, speed, cycles, IPC.
    const auto check = std::find(words.begin(), words.end(), "pass");
    if (line.rfind("total: ", 0) == 0 || check == words.end() || check + 1 == words.end()) continue;
    d.kernels.push_back(*c);
    d.kernel_instructions.push_back(std::stoull(*(check + 1)));
    d.launches.emplace_back();
  }
  return d;
}

TEST(SimCliDemoTiming, KernelsLaunchesTotalAndJsonAgree) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const std::string command = "demo --timing --stats-json demo.json";
  const ToolRun r = box.run(command);
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("all results match"), std::string::npos) << r.out;
  const DemoTiming d = parse_demo(r.out);
  ASSERT_EQ(d.kernels.size(), 6u) << r.out;
  const json doc = read_stats_document(box.dir() / "demo.json");
  size_t next = 0;
  uint64_t cycles = 0, instructions = 0;
  for (size_t k = 0; k < d.kernels.size(); ++k) {
    expect_ipc(d.kernels[k], d.kernel_instructions[k]);
    uint64_t kernel_cycles = 0;
    for (const Cycles& launch : d.launches[k]) {
      ASSERT_LT(next, doc.at("launches").size());
      const json& object = doc.at("launches")[next++];
      expect_timed_launch(object, launch.cycles);
      expect_ipc(launch, object.at("stats").at("functional.warp_instructions").get<uint64_t>());
      kernel_cycles += launch.cycles;
    }
    EXPECT_EQ(kernel_cycles, d.kernels[k].cycles) << "kernel " << k;
    cycles += kernel_cycles;
    instructions += d.kernel_instructions[k];
  }
  EXPECT_EQ(next, doc.at("launches").size());
  const Cycles total = total_line(r.out);
  EXPECT_EQ(total.cycles, cycles);
  expect_ipc(total, instructions);
  EXPECT_EQ(doc.at("total_cycles").get<uint64_t>(), cycles);
  ASSERT_EQ(box.run(command).exit_status, 0);
  EXPECT_EQ(read_stats_document(box.dir() / "demo.json").at("total_cycles"), cycles);
}

// run.launch_history bounds what a long-lived device keeps; the demo's figures come from
// every launch of each kernel whatever it says (with 0 it printed 0 cycles for every kernel).
TEST(SimCliDemoTiming, TheFiguresDoNotDependOnTheLaunchHistory) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun kept = box.run("demo --timing --stats-json kept.json");
  const ToolRun none = box.run("demo --timing --set run.launch_history=0 --stats-json none.json");
  ASSERT_EQ(kept.exit_status, 0) << kept.out << kept.err;
  ASSERT_EQ(none.exit_status, 0) << none.out << none.err;
  EXPECT_EQ(total_line(none.out).cycles, total_line(kept.out).cycles);
  const json a = read_stats_document(box.dir() / "kept.json");
  const json b = read_stats_document(box.dir() / "none.json");
  EXPECT_EQ(b.at("launches").size(), a.at("launches").size());
  EXPECT_EQ(b.at("total_cycles"), a.at("total_cycles"));
}

TEST(SimCliDemoTiming, RefCompatIsRefused) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run("demo --timing --set run.ref_compat=true");
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("run.timing and run.ref_compat exclude each other"), std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace ventus::testing::sim_cli
