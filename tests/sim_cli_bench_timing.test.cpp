// ventus bench --timing (issue 10, docs/timing.md): each kernel's speed, cycles and IPC agree
// with --stats-json, the loop trips default to fewer on the cycle model, skipping idle cycles
// changes nothing, every bundled machine runs the kernels, and --ref-compat is refused.
#include <algorithm>
#include <filesystem>
#include <optional>
#include <utility>

#include "sim_cli_timing_support.hpp"

namespace ventus::testing::sim_cli {
namespace {

// --- ventus bench -------------------------------------------------------------------------

TEST(SimCliBenchTiming, EachKernelReportsSpeedCyclesAndIpcLikeTheJson) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const std::string command = "bench --timing --iterations 20 --stats-json bench.json";
  const ToolRun r = box.run(command);
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  const json doc = read_stats_document(box.dir() / "bench.json");
  ASSERT_EQ(doc.at("launches").size(), 3u);
  const std::vector<std::string> names = {"alu", "memory", "divergent"};
  uint64_t cycles = 0, instructions = 0;
  const auto lines = lines_of(r.out);
  ASSERT_GE(lines.size(), 5u) << r.out;
  EXPECT_NE(lines[0].find("cycle model"), std::string::npos) << lines[0];
  for (size_t i = 0; i < names.size(); ++i) {
    SCOPED_TRACE(names[i]);
    const std::string& row = lines[i + 1];
    const auto words = words_of(row);
    ASSERT_GE(words.size(), 12u) << row;
    EXPECT_EQ(words[0], names[i]);
    // The timing-mode speed in warp-instructions per second: "S s R M warp-instr/s".
    EXPECT_EQ(words[9], "warp-instr/s") << row;
    EXPECT_GT(std::stod(words[7]), 0.0) << row;
    // And the simulated cycles per second: cycles / seconds, "C M cycles/s".
    ASSERT_GE(words.size(), 19u) << row;
    EXPECT_EQ(words[15], "cycles/s") << row;
    EXPECT_GT(std::stod(words[13]), 0.0) << row;
    const double seconds = std::stod(words[5]);
    const json& launch = doc.at("launches")[i];
    EXPECT_EQ(launch.at("kernel"), names[i]);
    const uint64_t warp_instructions = std::stoull(words[1]);
    EXPECT_EQ(launch.at("stats").at("functional.warp_instructions"), warp_instructions);
    const auto c = parse_cycles(row);
    ASSERT_TRUE(c.has_value()) << row;
    expect_ipc(*c, warp_instructions);
    if (seconds >= 0.01) {  // printed with three decimals: the rate is close enough then
      EXPECT_NEAR(std::stod(words[13]), static_cast<double>(c->cycles) / seconds / 1e6,
                  0.1 * static_cast<double>(c->cycles) / seconds / 1e6)
          << row;
    }
    expect_timed_launch(launch, c->cycles);
    cycles += c->cycles;
    instructions += warp_instructions;
  }
  const Cycles total = total_line(r.out);
  EXPECT_EQ(total.cycles, cycles);
  expect_ipc(total, instructions);
  EXPECT_EQ(doc.at("total_cycles").get<uint64_t>(), cycles);
  ASSERT_EQ(box.run(command).exit_status, 0);
  const json again = read_stats_document(box.dir() / "bench.json");
  EXPECT_EQ(again.at("total_cycles"), doc.at("total_cycles"));
  for (size_t i = 0; i < names.size(); ++i)
    EXPECT_EQ(again.at("launches")[i].at("stats"), doc.at("launches")[i].at("stats"));
}

// Without --iterations the cycle model loops 20,000 times per warp, the functional engine
// 100,000: the header line says how many, and the instruction count follows it (8 a trip).
TEST(SimCliBenchTiming, TheDefaultLoopTripsDependOnTheMode) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const std::string shape = " --kernels alu --work-groups 1 --warps 1 --threads 1";
  for (const auto& [mode, trips] : {std::pair<std::string, uint64_t>{"--timing", 20000},
                                    std::pair<std::string, uint64_t>{"", 100000}}) {
    SCOPED_TRACE(mode);
    const ToolRun r = box.run("bench " + mode + shape);
    ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
    const auto lines = lines_of(r.out);
    ASSERT_GE(lines.size(), 2u) << r.out;
    EXPECT_NE(lines[0].find(", " + std::to_string(trips) + " loop trips per warp"),
              std::string::npos)
        << lines[0];
    const uint64_t instructions = std::stoull(words_of(lines[1]).at(1));
    EXPECT_GE(instructions, 8 * trips) << lines[1];
    EXPECT_LT(instructions, 8 * trips + 16) << lines[1];
  }
}

// A kernel that faults (here the instruction limit, set between the ALU kernel's count and the
// memory kernel's) stops the run there, as in case and run: the ALU kernel's row, total and
// statistics stay, the memory kernel has no row and no cycles but its statistics up to the
// fault, the divergent kernel does not run, and the exit status is 1 (there was no
// --stats-json on a fault at all).
TEST(SimCliBenchTiming, AKernelThatFaultsStopsTheRunKeepingTheStatistics) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const std::string bench = "bench --iterations 50 --stats-json bench.json";
  ASSERT_EQ(box.run(bench).exit_status, 0);
  const json full = read_stats_document(box.dir() / "bench.json");
  const auto count = [](const json& launch) {
    return launch.at("stats").at("functional.warp_instructions").get<uint64_t>();
  };
  const uint64_t alu = count(full.at("launches")[0]);
  ASSERT_LT(alu + 1, count(full.at("launches")[1]));
  for (const std::string mode : {"", " --timing"}) {
    SCOPED_TRACE(mode);
    const ToolRun r = box.run(bench + mode + " --max-instructions " + std::to_string(alu + 1));
    EXPECT_EQ(r.exit_status, 1) << r.out << r.err;
    EXPECT_NE(r.err.find("kernel 'memory'"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("instruction limit reached"), std::string::npos) << r.err;
    const auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), mode.empty() ? 2u : 3u) << r.out;  // header, alu [, total]
    EXPECT_EQ(words_of(lines[1]).at(0), "alu");
    const json doc = read_stats_document(box.dir() / "bench.json");
    ASSERT_EQ(doc.at("launches").size(), 2u);
    const json& faulted = doc.at("launches")[1];
    EXPECT_EQ(faulted.at("kernel"), "memory");
    EXPECT_FALSE(faulted.contains("cycles"));
    EXPECT_EQ(count(doc.at("launches")[0]), alu);
    if (mode.empty()) {
      EXPECT_EQ(count(faulted), alu + 1);
      EXPECT_EQ(doc.at("launches")[0].at("stats"), full.at("launches")[0].at("stats"));
      EXPECT_FALSE(doc.contains("total_cycles"));
      continue;
    }
    // The cycle model checks the limit once a cycle, after every SM's issue.
    EXPECT_GE(count(faulted), alu + 1);
    const Cycles total = total_line(r.out);
    EXPECT_EQ(total.cycles, doc.at("launches")[0].at("cycles").get<uint64_t>());
    EXPECT_EQ(doc.at("total_cycles").get<uint64_t>(), total.cycles);
    EXPECT_GT(faulted.at("stats").at("timing.cycles").get<uint64_t>(), 0u);
  }
}

// Skipping idle cycles is a simulator shortcut: the bench kernels (the memory kernel keeps
// the LSU, the L1 and the L2 port refusing and retrying) give the same cycles and counters
// without it. 3000 trips reach states that shorter runs did not (a retried hit in the L2,
// a collector behind the issue port).
TEST(SimCliBenchTiming, SkippingIdleCyclesChangesNothing) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const std::string command = "bench --timing --iterations 3000 --stats-json bench.json";
  ASSERT_EQ(box.run(command).exit_status, 0);
  const json skipped = read_stats_document(box.dir() / "bench.json");
  ASSERT_EQ(box.run(command + " --set gpu.skip_idle_cycles=false").exit_status, 0);
  const json stepped = read_stats_document(box.dir() / "bench.json");
  EXPECT_EQ(skipped.at("total_cycles"), stepped.at("total_cycles"));
  for (size_t i = 0; i < 3; ++i)
    EXPECT_EQ(skipped.at("launches")[i].at("stats"), stepped.at("launches")[i].at("stats"));
}

// Every bundled machine runs the bench kernels to the end: the memory kernel's stores hit the
// L2 of machines whose L2 reports hits (seed 003), whose queued line writes once never took
// the port, so the kernel-end drain looped for ever. A hang fails on the test's timeout.
TEST(SimCliBenchTiming, EveryBundledMachineRunsTheBenchKernelsToTheEnd) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  size_t machines = 0;
  for (const auto& entry : std::filesystem::directory_iterator(source_path("configs"))) {
    if (entry.path().extension() != ".toml") continue;
    ++machines;
    const ToolRun r = box.run("bench --timing --iterations 20 --config " + quoted(entry.path()) +
                              " --stats-json bench.json");
    ASSERT_EQ(r.exit_status, 0) << entry.path() << r.out << r.err;
    EXPECT_GT(read_stats_document(box.dir() / "bench.json").at("total_cycles").get<uint64_t>(), 0u)
        << entry.path();
  }
  EXPECT_GE(machines, 2u);  // at least the two of issue 10: ventus-rtl-tb and ventus-seed003
}

TEST(SimCliBenchTiming, RefCompatIsRefused) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run("bench --timing --iterations 2 --set run.ref_compat=true");
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("run.timing and run.ref_compat exclude each other"), std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace ventus::testing::sim_cli
