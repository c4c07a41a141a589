// Limits of the simulating commands (issue 13 items 5, 6, 7, 8, 10, 13): hangs stop with the
// warps named, only kernels launch, every option's range is checked.
#include "sim_cli_support.hpp"

namespace ventus::testing::sim_cli {
namespace {

constexpr std::string_view kHostileTag = "ventus_hostile_limits";

// With 16 threads of 8 per warp: warp 0 waits at the barrier, warp 1 loops forever.
constexpr std::string_view kSpin = R"(
    .text
    .globl spin
    .type spin, @function
spin:
    csrr    t0, wid
    beqz    t0, .Lwait
.Lloop:
    j       .Lloop
.Lwait:
    barrier x0, x0, 1
    ret
)";

// Item 5: a kernel that never ends stops with the warps still running and those at a barrier.
TEST(HostileLimits, AKernelThatNeverEndsStopsNamingItsWarps) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  box.write_text("spin.s", std::string(kSpin));
  const ToolRun r = box.run(
      "run spin.s --kernel spin --global 16 --local 16 --max-instructions "
      "5000");
  EXPECT_EQ(r.exit_status, 1) << r.out << r.err;
  EXPECT_TRUE(std::regex_search(
      r.err, std::regex("instruction limit reached: 5000 warp-instructions executed .*warps "
                        "still running: warp 1 at pc 0x[0-9a-f]{8}; waiting at a barrier: warp "
                        "0 at pc 0x[0-9a-f]{8}\\)\n$")))
      << r.err;
}

// The fault's own warp is the one whose instruction reached the limit, in both engines: warp
// 1 (the loop's jump), not warp 0, which waits at the barrier (the cycle model named the first
// warp of the first live group).
TEST(HostileLimits, TheLimitFaultNamesTheWarpThatReachedIt) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  box.write_text("spin.s", std::string(kSpin));
  for (const std::string_view mode : {"", " --timing"}) {
    const ToolRun r =
        box.run("run spin.s --kernel spin --global 16 --local 16 --max-instructions 5000" +
                std::string(mode));
    EXPECT_EQ(r.exit_status, 1) << mode << r.out << r.err;
    EXPECT_TRUE(std::regex_search(
        r.err, std::regex("work-group 0 \\(0, 0, 0\\), warp 1, thread mask 0x000000ff, pc "
                          "0x[0-9a-f]{8} \\(0x[0-9a-f]{8} j ")))
        << mode << r.err;
  }
}

// Item 5: every simulating command takes the flag (demo and bench had no limit at all).
TEST(HostileLimits, DemoAndBenchTakeMaxInstructions) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const ToolRun demo = box.run("demo --max-instructions 10");
  EXPECT_EQ(demo.exit_status, 1) << demo.out << demo.err;
  EXPECT_NE(demo.out.find("instruction limit reached"), std::string::npos) << demo.out;
  const ToolRun bench = box.run("bench --iterations 10 --max-instructions 10");
  EXPECT_EQ(bench.exit_status, 1) << bench.out << bench.err;
  EXPECT_NE(bench.err.find("instruction limit reached"), std::string::npos) << bench.err;
}

// A machine on which the I-cache's re-arm rule (mshr_icache.v, docs/timing.md) livelocks: a
// warp's replayed fetch keeps meeting another line's fill, whose entry the rule re-arms, so its
// miss is lost every time (found by scripts/timing_fuzz.py, seed nov27fin, trial 37: a
// direct-mapped I-cache on seed 003's machine). An 8-set I-cache of 5-cycle lookups did it too
// until fetch stopped running ahead of its buffer (issue 54).
std::string livelocking_machine() {
  return "demo -t 4 --timing --config " + quoted(source_path("configs/ventus-seed003.toml")) +
         " --set gpu.sm_count=1 --set sm.icache.ways=1 --set sm.icache.hit_latency_cycles=2"
         " --set sm.units.sfu_int_div_special_cycles=2 --set sm.units.sfu_int_div_small_cycles=4"
         " --set sm.units.sfu_int_div_base_cycles=2 --set sm.lsu.issue_to_request_cycles=8"
         " --set sm.lsu.response_to_writeback_cycles=4 --set sm.lsu.l1d_miss_request_cycles=2"
         " --set sm.lsu.store_reprobe_cycles=2 --set sm.l1d.sets=256 --set sm.l1d.line_bytes=128"
         " --set sm.l1d.mshr_subentries=2 --set sm.l1d.hit_latency_cycles=2"
         " --set memory.l2.sets=128 --set memory.l2.hit_latency_cycles=0"
         " --set memory.axi.response_cycles=1 --set memory.axi.read_gap_cycles=12"
         " --set memory.axi.write_gap_cycles=10 --set gpu.kernel.first_dispatch_cycles=1"
         " --set gpu.kernel.wg_done_cycles=26 --set gpu.kernel.flush_done_cycles=20"
         " --set gpu.kernel.last_warp_first=false";
}

// A livelock of the cycle model is not a barrier deadlock, nor a slow machine: requests go
// round without an issue for the configuration's window (docs/timing.md "No progress"). The
// run stops, naming each warp's state (some wait for a fetch; which states the others are in
// depends on the model's timing) and pointing at the rule.
TEST(HostileLimits, ACycleModelLivelockStopsNamingWhatEachWarpWaitsFor) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const std::string machine = livelocking_machine();
  const ToolRun r = box.run(machine);
  EXPECT_EQ(r.exit_status, 1) << r.out << r.err;
  EXPECT_TRUE(std::regex_search(
      r.out, std::regex("FAIL .*: no progress: the cycle model issued no instruction for "
                        "[0-9]+ cycles while its requests went round \\(a livelock\\), and "
                        "not every warp waits at a barrier; the resident warps: SM "
                        "[0-9] slot [0-9] \\(work-group [0-9]+, warp [0-9], next fetch "
                        "0x[0-9a-f]{8}\\): [a-z_]+.*: fetch_miss.* \\(every warp waits for a "
                        "fetch or at a barrier: the I-cache's re-arm rule of mshr_icache.v can "
                        "lose a miss every time it replays, docs/timing.md; --set "
                        "sm.fetch.icache_rearm_on_fill_miss=false turns the rule off\\)")))
      << r.out;
  EXPECT_EQ(r.out.find("barrier deadlock"), std::string::npos) << r.out;
  // Without the RTL's re-arm rule the same machine runs every kernel to the end.
  EXPECT_EQ(box.run(machine + " --set sm.fetch.icache_rearm_on_fill_miss=false").exit_status, 0);
}

// The same livelock with warps refetching after a branch (fetch_redirect) and others waiting
// at a barrier for them was reported without the hint.
TEST(HostileLimits, ALivelockOfRefetchingWarpsAlsoPointsAtTheReArmRule) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const ToolRun r = box.run(livelocking_machine());
  EXPECT_EQ(r.exit_status, 1) << r.out << r.err;
  EXPECT_TRUE(std::regex_search(
      r.out, std::regex("no progress: .*: fetch_redirect.* \\(every warp waits for a fetch or at "
                        "a barrier: .*turns the rule off\\)")))
      << r.out;
}

// Item 6: crt0's entry, its end label and local labels re-entered crt0 forever.
TEST(HostileLimits, OnlyKernelSymbolsCanBeLaunched) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  for (const char* symbol : {"_start", "spike_end", ".Lguard", "vt_printf_missing"}) {
    const ToolRun r = box.run("run " + quoted(source_path("tests/runtime_kernels/add_scaled.s")) +
                              " --kernel " + symbol + " --global 8");
    EXPECT_EQ(r.exit_status, 2) << symbol << "\n" << r.out << r.err;
    EXPECT_NE(r.err.find("kernels: add_scaled"), std::string::npos) << r.err;
  }
  const ToolRun start = box.run("run " + quoted(source_path("tests/runtime_kernels/add_scaled.s")) +
                                " --kernel _start --global 8");
  EXPECT_NE(start.err.find("'_start' in '"), std::string::npos) << start.err;
  EXPECT_NE(start.err.find("is not a kernel"), std::string::npos) << start.err;
}

// Item 7: 0 iterations wrapped to 2^32 trips, 2^32-1 warps aborted, 33 threads ran as 32,
// 0 threads reported an invented guest fault.
TEST(HostileLimits, BenchOptionsOutOfRangeAreUsageErrors) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--iterations 0", "--iterations 0 is not in 1..1000000000"},
      {"--warps 4294967295", "--warps 4294967295 is not in 1..32 (warps per work-group)"},
      {"--warps 0", "--warps 0 is not in 1..32 (warps per work-group)"},
      {"--threads 33", "--threads 33 is not 1, 2, 4, 8, 16 or 32"},
      {"--threads 0", "--threads 0 is not 1, 2, 4, 8, 16 or 32"},
      {"--threads 12", "--threads 12 is not 1, 2, 4, 8, 16 or 32"},
      {"--work-groups 0", "--work-groups 0 is not in 1..65536"},
      {"--kernels alu,fft", "--kernels: no kernel 'fft' (the kernels are alu, memory, divergent)"},
  };
  for (const auto& [args, message] : cases) {
    const ToolRun r = box.run("bench " + args);
    EXPECT_EQ(r.exit_status, 2) << args << "\n" << r.out << r.err;
    EXPECT_EQ(r.err, "ventus bench: " + message + "\n") << args;
    EXPECT_EQ(r.out, "") << args;
  }
}

// Item 8: the message names the setting that makes a large launch fit. Private memory is
// reserved per resident work-group: 17 SMs x 1 group of 64 threads (8 warps fill an SM's 8
// warp slots) x 1 MiB = 1088 MiB; 2^30 / 1088 threads = 986895 bytes per thread fit.
TEST(HostileLimits, APrivateMemoryOverflowNamesTheSettingToChange) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const ToolRun r =
      box.run(add_scaled_command("64", "64", quoted(source_path("tests/runtime_kernels/a.txt")),
                                 quoted(source_path("tests/runtime_kernels/b.txt")), 32) +
              " --set gpu.sm_count=17 --set driver.private_memory_bytes_per_thread=1048576");
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("private memory of the 17 resident work-groups (17 SMs x 1 per SM), "
                       "1048576 bytes per thread x 1088 threads = 1140850688 bytes, exceeds 1 "
                       "GiB: lower driver.private_memory_bytes_per_thread (at most 986895 for "
                       "this launch, e.g. --set driver.private_memory_bytes_per_thread=986892)"),
            std::string::npos)
      << r.err;
}

// Work-groups are numbered with 32 bits: three 32-bit sizes could wrap the 64-bit count.
TEST(HostileLimits, AnNdRangeOfMoreThanTwoToThe32WorkGroupsIsRefused) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const ToolRun r =
      box.run(add_scaled_command("4294967295,4294967295,4294967295", "1,1,1",
                                 quoted(source_path("tests/runtime_kernels/a.txt")),
                                 quoted(source_path("tests/runtime_kernels/b.txt")), 32));
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("the ND-range has more than 4294967295 work-groups"), std::string::npos)
      << r.err;
}

// Item 2's class in `run`: a __local size rounded up to 4 KiB in 32 bits wrapped to 0, so
// the launch started and failed later as if the kernel had faulted (exit 1).
TEST(HostileLimits, ALocalArgumentNearFourGiBIsAnInputError) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const ToolRun r = box.run(add_scaled_8() + " --arg local:4294967295");
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("local memory of 4294968320 bytes (warp stacks + __local arguments) "
                       "exceeds the device's 268435456 bytes"),
            std::string::npos)
      << r.err;
}

// Item 10: a print buffer too small for one record made the guest fault inside vt_printf.
TEST(HostileLimits, APrintBufferTooSmallForARecordIsAConfigurationError) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const ToolRun r = box.run(add_scaled_8() + " --set driver.print_buffer_bytes=4");
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("driver.print_buffer_bytes = 4 is too small: a printf record of 8 "
                       "arguments for each of sm.warp_slots = 8 warps of sm.threads_per_warp = "
                       "8 threads needs 2368 bytes (0 = no printf)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(box.run(add_scaled_8() + " --set driver.print_buffer_bytes=0").exit_status, 0);
  EXPECT_EQ(box.run(add_scaled_8() + " --set driver.print_buffer_bytes=2368").exit_status, 0);
}

// The cycle model moves whole lines: a unit larger than the line it is served from was
// accepted and timed as one line (docs/timing.md). The configuration is refused, timing or not.
TEST(HostileLimits, AUnitLargerThanItsLineIsAConfigurationError) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const ToolRun r = box.run(add_scaled_8() + " --set sm.lsu.block_bytes=16");
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("sm.lsu.block_bytes = 16 is larger than sm.l1d.line_bytes = 8: a "
                       "coalesced request is one L1 line"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(box.run(add_scaled_8() + " --set sm.lsu.block_bytes=16 --set sm.l1d.line_bytes=16 "
                                     "--set memory.l2.line_bytes=16")
                .exit_status,
            0);
}

// Item 13: "1 threads per warp".
TEST(HostileLimits, DemoCountsInTheSingular) {
  ToolSandbox box(VENTUS_TOOL, kHostileTag);
  const ToolRun r = box.run("demo -t 1 --set gpu.sm_count=1 --max-instructions 1");
  EXPECT_NE(r.out.find(": 1 SM, 1 thread per warp, 8 warp slots per SM"), std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace ventus::testing::sim_cli
