// The cycle model on valid machines of extreme parameters (issue 54 items 1-5 and the hang):
// every machine the ranges accept runs to its end or is refused up front, never "no progress".

#include "sim_cli_support.hpp"

namespace ventus::testing::sim_cli {
namespace {

constexpr std::string_view kTag54 = "ventus_hostile_cycle_model";

#define VENTUS_NEED_CASE(name)           \
  if (!fs::exists(cases_dir() / (name))) \
  GTEST_SKIP() << "reference case " << (name) << " not found under " << cases_dir()

// `case vecadd-4w8t --check` on the test bench's machine with `sets` (--set ...).
std::string vecadd_on_rtl_tb(const std::string& sets) {
  return "case " + quoted(cases_dir() / "vecadd-4w8t") + " --check --timing --config " +
         quoted(source_path("configs/ventus-rtl-tb.toml")) + " " + sets;
}

// Item 1: a 0-cycle I-cache answered a fetch before its lookup, so every fetch missed and the
// run stopped with "no progress" after 0 instructions. The least latency is 1 (stage 1).
TEST(HostileCycleModel, AnICacheFasterThanItsLookupIsRefusedUpFront) {
  VENTUS_NEED_CASE("vecadd-4w8t");
  ToolSandbox box(VENTUS_TOOL, kTag54);
  const ToolRun zero = box.run(vecadd_on_rtl_tb("--set sm.icache.hit_latency_cycles=0"));
  EXPECT_EQ(zero.exit_status, 2) << zero.out << zero.err;
  EXPECT_NE(zero.err.find("sm.icache.hit_latency_cycles"), std::string::npos) << zero.err;
  EXPECT_EQ(zero.out.find("no progress"), std::string::npos) << zero.out;
  const ToolRun one = box.run(vecadd_on_rtl_tb("--set sm.icache.hit_latency_cycles=1"));
  EXPECT_EQ(one.exit_status, 0) << one.out << one.err;
  EXPECT_NE(one.out.find("PASS vecadd_0"), std::string::npos) << one.out;
}

// Item 2 and the hang: with a slow I-cache the speculative fetch ran thousands of packets past
// the end of the code and thrashed the line it needed ("no progress" at 200 and 2000, minutes
// at 10000). Fetch now never runs ahead of its buffer, and idle skipping covers the wait (a
// run that hangs again meets the test's CTest timeout; CI asserts no wall time).
TEST(HostileCycleModel, ASlowICacheRunsToTheEnd) {
  VENTUS_NEED_CASE("vecadd-4w8t");
  ToolSandbox box(VENTUS_TOOL, kTag54);
  for (const char* latency : {"200", "2000", "10000"}) {
    for (const char* rearm : {"true", "false"}) {
      const ToolRun r =
          box.run(vecadd_on_rtl_tb(std::string("--set sm.icache.hit_latency_cycles=") + latency +
                                   " --set sm.fetch.icache_rearm_on_fill_miss=" + rearm));
      EXPECT_EQ(r.exit_status, 0) << latency << " " << rearm << "\n" << r.out << r.err;
      EXPECT_NE(r.out.find("PASS vecadd_0"), std::string::npos) << r.out;
    }
  }
}

// Item 3: a fixed window of 10^6 cycles without an issue stopped a machine that was slow, not
// stuck: every warp waiting on a load behind reads 100000 cycles apart.
TEST(HostileCycleModel, SlowMachinesRunToTheirEnd) {
  VENTUS_NEED_CASE("vecadd-4w8t");
  ToolSandbox box(VENTUS_TOOL, kTag54);
  const ToolRun gap = box.run(vecadd_on_rtl_tb("--set memory.axi.read_gap_cycles=100000"));
  EXPECT_EQ(gap.exit_status, 0) << gap.out << gap.err;
  EXPECT_NE(gap.out.find("PASS vecadd_0"), std::string::npos) << gap.out;
  // Every *_cycles parameter at its maximum.
  const ToolRun config =
      box.run("config --json --config " + quoted(source_path("configs/ventus-rtl-tb.toml")));
  ASSERT_EQ(config.exit_status, 0) << config.err;
  std::string sets;
  const json declared = json::parse(config.out);
  for (const json& p : declared["parameters"]) {
    if (p.value("unit", "") == "cycles" && p.contains("max")) {
      sets +=
          " --set " + p["name"].get<std::string>() + "=" + std::to_string(p["max"].get<uint64_t>());
    }
  }
  ASSERT_FALSE(sets.empty());
  const ToolRun slowest = box.run(vecadd_on_rtl_tb(sets));
  EXPECT_EQ(slowest.exit_status, 0) << slowest.out << slowest.err;
  EXPECT_NE(slowest.out.find("PASS vecadd_0"), std::string::npos) << slowest.out;
}

// Item 4: a jump to a misaligned pc was an internal error of the cycle model ("the timing model
// issued pc ...b0, the warp is at ...b2"); it is the guest fault the functional mode reports.
TEST(HostileCycleModel, AMisalignedFetchIsTheGuestFaultInBothModes) {
  ToolSandbox box(VENTUS_TOOL, kTag54);
  box.write_text("odd.s", R"(
    .text
    .globl odd
    .type odd, @function
odd:
    auipc   t0, 0
    addi    t0, t0, 10
    jr      t0
    nop
    nop
    ret
)");
  for (const char* mode : {"", " --timing"}) {
    const ToolRun r = box.run(std::string("run odd.s --kernel odd --global 1") + mode);
    EXPECT_EQ(r.exit_status, 1) << mode << "\n" << r.out << r.err;
    EXPECT_NE(r.err.find("instruction fetch from misaligned pc"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
  }
}

// Item 5: caches of in-range sizes on 256 SMs asked the host for about 24 GiB of tags and the
// run ended in "internal error: std::bad_alloc"; such a machine is refused before the run, the
// keys that size it named.
TEST(HostileCycleModel, AMachineBeyondTheMemoryBudgetIsRefusedUpFront) {
  ToolSandbox box(VENTUS_TOOL, kTag54);
  const std::string big = " --set gpu.sm_count=256 --set sm.l1d.sets=65536 --set sm.l1d.ways=64";
  const ToolRun r = box.run("demo --timing" + big);
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  for (const char* key : {"gpu.sm_count", "sm.l1d.sets x sm.l1d.ways", "budget of 1024 MiB"}) {
    EXPECT_NE(r.err.find(key), std::string::npos) << key << "\n" << r.err;
  }
  EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
  // The functional mode has no cache tags: the same machine is refused only with the model.
  EXPECT_EQ(box.run("config" + big).exit_status, 0);
  EXPECT_EQ(box.run("config --set run.timing=true" + big).exit_status, 2);
}

// A one-line I-cache on seed 003's machine (timing_fuzz.py --extremes, trials 7 and 10 of seed
// ci) never fetched vecadd's first packet: a warp's fetch has ibuffer_packets + 1 = 3 packets
// of 8 bytes in flight (the lookups take longer), 3 lines, and a missed line is only replayed, so
// each fill replaced the line another fetch was about to replay. A machine whose I-cache cannot
// hold 8 warp slots x 3 lines (24) at once, or 3 consecutive lines in one set's ways, is refused
// before the run.
TEST(HostileCycleModel, AnICacheSmallerThanTheFetchesReachIsRefusedUpFront) {
  VENTUS_NEED_CASE("vecadd-4w8t");
  ToolSandbox box(VENTUS_TOOL, kTag54);
  const auto on = [](const char* config, const std::string& sets) {
    return "case " + quoted(cases_dir() / "vecadd-4w8t") + " --check --timing --config " +
           quoted(source_path(config)) + " " + sets;
  };
  for (const char* config : {"configs/ventus-seed003.toml", "configs/ventus-rtl-tb.toml"}) {
    for (const char* cache : {"sets=1 --set sm.icache.ways=1", "sets=8 --set sm.icache.ways=2",
                              "sets=1 --set sm.icache.ways=2"}) {
      const ToolRun r = box.run(on(config, std::string("--set sm.icache.") + cache +
                                               " --set sm.icache.hit_latency_cycles=100000"));
      EXPECT_EQ(r.exit_status, 2) << config << " " << cache << "\n" << r.out << r.err;
      for (const char* key : {"sm.icache.sets", "sm.icache.ways", "sm.warp_slots = 8",
                              "sm.icache.hit_latency_cycles) = 3", "3 lines"}) {
        EXPECT_NE(r.err.find(key), std::string::npos) << key << "\n" << r.err;
      }
    }
    // 8 sets x 3 ways hold the 24 lines, whatever the latency; 4 warp slots need only 12.
    for (const char* fits :
         {"--set sm.icache.sets=8 --set sm.icache.ways=3",
          "--set sm.icache.sets=4 --set sm.icache.ways=3 --set sm.warp_slots=4"}) {
      const ToolRun r =
          box.run(on(config, std::string(fits) + " --set sm.icache.hit_latency_cycles=100000"));
      EXPECT_EQ(r.exit_status, 0) << config << " " << fits << "\n" << r.out << r.err;
      EXPECT_NE(r.out.find("PASS vecadd_0"), std::string::npos) << r.out;
    }
  }
  // The functional mode has no I-cache: the same machine is refused only with the model.
  EXPECT_EQ(box.run("config --set sm.icache.sets=1 --set sm.icache.ways=1").exit_status, 0);
}

}  // namespace
}  // namespace ventus::testing::sim_cli
