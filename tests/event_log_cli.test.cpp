// `--events` (docs/timing.md "Event log"): the cycle model's event lines agree with the
// launch's statistics, start where TIMING.md §2 says the test bench dispatches, and are the
// same whether or not the model skips idle cycles.
#include <gtest/gtest.h>

#include <map>
#include <optional>

#include "sim_cli_support.hpp"

namespace ventus::testing::sim_cli {
namespace {

// One launch's lines of an event log: the count of each event, and the lines themselves.
struct LaunchEvents {
  std::string name;
  std::map<std::string, uint64_t> count;
  std::vector<std::vector<std::string>> lines;  // words: cycle, event, fields
};

std::vector<LaunchEvents> parse_events(const std::string& text) {
  std::vector<LaunchEvents> launches;
  for (const std::string& line : lines_of(text)) {
    if (line.rfind("# launch ", 0) == 0) {
      launches.push_back({line.substr(9), {}, {}});
      continue;
    }
    if (line.empty() || line[0] == '#') continue;
    EXPECT_FALSE(launches.empty()) << "an event before the first launch: " << line;
    if (launches.empty()) continue;
    std::vector<std::string> words = words_of(line);
    EXPECT_GE(words.size(), 2u) << line;
    if (words.size() < 2) continue;
    ++launches.back().count[words[1]];
    launches.back().lines.push_back(std::move(words));
  }
  return launches;
}

// The named field ("warp=3" -> "3") of an event line's words, or "".
std::string field(const std::vector<std::string>& words, const std::string& key) {
  for (const std::string& w : words) {
    if (w.rfind(key + "=", 0) == 0) return w.substr(key.size() + 1);
  }
  return {};
}

uint64_t sum_over_sms(const json& stats, const std::string& suffix) {
  uint64_t sum = 0;
  for (const auto& [name, value] : stats.items()) {
    if (name.rfind("timing.sm", 0) == 0 && name.size() > suffix.size() &&
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
      sum += value.get<uint64_t>();
    }
  }
  return sum;
}

struct Logged {
  std::string events;
  json stats;
};

std::optional<Logged> run_with_events(ToolSandbox& box, const std::string& name,
                                      const std::string& extra) {
  const fs::path dir = cases_dir() / name;
  if (!fs::exists(dir)) return std::nullopt;
  const ToolRun r = box.run("case " + quoted(dir) + " --timing --config " +
                            quoted(source_path("configs/ventus-rtl-tb.toml")) +
                            " --events ev.txt --stats-json s.json " + extra);
  EXPECT_EQ(r.exit_status, 0) << r.out << r.err;
  return Logged{ToolSandbox::slurp(box.dir() / "ev.txt"),
                json::parse(ToolSandbox::slurp(box.dir() / "s.json"))};
}

// The counts of one launch's events against its statistics, and the order TIMING.md §2 gives:
// the first warp dispatched 24 cycles after the count starts, the launch's count last.
void expect_agrees(const LaunchEvents& l, const json& s, uint64_t warps, uint64_t groups) {
  auto count = [&l](const std::string& e) { return l.count.count(e) ? l.count.at(e) : 0u; };
  EXPECT_EQ(count("ISSUE"), s.at("timing.issued").get<uint64_t>());
  EXPECT_EQ(count("OC_IN"), count("ISSUE"));
  EXPECT_EQ(count("DISPATCH"), warps);
  EXPECT_EQ(count("WARP_END"), warps);
  EXPECT_EQ(count("WG_DONE"), groups);
  EXPECT_EQ(count("L2_FLUSH_DONE"), 1u);
  EXPECT_EQ(count("SM_MEM_REQ"), s.at("timing.memory.l2.requests").get<uint64_t>());
  EXPECT_EQ(count("SM_MEM_RSP"), count("SM_MEM_REQ"));
  EXPECT_EQ(count("AXI_AR"), s.at("timing.memory.port.reads").get<uint64_t>());
  EXPECT_EQ(count("AXI_AW"), s.at("timing.memory.port.writes").get<uint64_t>());
  EXPECT_EQ(count("L1D_REQ"), sum_over_sms(s, ".lsu.requests"));
  uint64_t hits = 0, misses = 0, full = 0;
  for (const auto& words : l.lines) {
    if (words[1] != "IFETCH") continue;
    hits += words.back() == "hit";
    misses += words.back() == "miss";
    full += words.back() == "hit_ibuf_full";
  }
  EXPECT_EQ(hits, sum_over_sms(s, ".fetch.hit_responses"));
  EXPECT_EQ(misses, sum_over_sms(s, ".fetch.miss_responses"));
  EXPECT_EQ(full, sum_over_sms(s, ".fetch.full_responses"));
  ASSERT_FALSE(l.lines.empty());
  EXPECT_EQ(l.lines.front()[0], "24");
  EXPECT_EQ(l.lines.front()[1], "DISPATCH");
  EXPECT_EQ(l.lines.back()[1], "KERNEL_END");
  EXPECT_EQ(std::stoull(l.lines.back()[0]), s.at("timing.cycles").get<uint64_t>());
  // Cycles never go back; each warp slot issues what it put into the collector, in order
  // (a slot's warps follow each other: the pcs of all of them).
  uint64_t last = 0;
  std::map<std::string, std::vector<std::string>> entered, issued;
  for (const auto& words : l.lines) {
    const uint64_t cycle = std::stoull(words[0]);
    EXPECT_GE(cycle, last);
    last = cycle;
    const std::string slot = field(words, "sm") + "/" + field(words, "warp");
    if (words[1] == "OC_IN") entered[slot].push_back(field(words, "pc"));
    if (words[1] == "ISSUE") issued[slot].push_back(field(words, "pc"));
  }
  EXPECT_EQ(entered, issued);
}

TEST(EventLog, EveryLaunchsEventsAgreeWithItsStatistics) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const auto logged = run_with_events(box, "gaussian-4w4t", "--launches Fan1_0,Fan2_0");
  if (!logged) GTEST_SKIP() << "reference case gaussian-4w4t not found";
  const std::vector<LaunchEvents> launches = parse_events(logged->events);
  const json& docs = logged->stats.at("launches");
  ASSERT_EQ(launches.size(), 2u);
  ASSERT_EQ(docs.size(), 2u);
  const uint64_t warps[] = {1, 4};  // Fan1 runs one warp, Fan2 four (TIMING.md §2's table)
  for (size_t i = 0; i < launches.size(); ++i) {
    SCOPED_TRACE(launches[i].name);
    EXPECT_EQ(launches[i].name, docs[i].at("launch").get<std::string>());
    expect_agrees(launches[i], docs[i].at("stats"), warps[i], 1);
  }
}

// `run` (no reference data needed): 16 work-groups over both SMs, on the
// built-in machine and on seed 003's, give the same log with and without idle skipping.
TEST(EventLog, RunLogsAMultiWorkGroupLaunchTheSameWithAndWithoutSkipping) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  write_inputs(box, 256);
  for (const std::string& machine :
       {std::string(), " --config " + quoted(source_path("configs/ventus-seed003.toml"))}) {
    SCOPED_TRACE(machine);
    const std::string command = add_scaled_command("256", "16", "a16.txt", "b16.txt", 1024) +
                                machine + " --timing --stats-json s.json";
    ASSERT_EQ(box.run(command + " --events skip.txt").exit_status, 0);
    const std::vector<LaunchEvents> launches =
        parse_events(ToolSandbox::slurp(box.dir() / "skip.txt"));
    ASSERT_EQ(launches.size(), 1u);
    EXPECT_EQ(launches[0].name, "add_scaled");
    const json doc = read_stats_document(box.dir() / "s.json").at("launches")[0];
    const json& stats = doc.at("stats");
    EXPECT_EQ(stats.at("functional.work_groups").get<uint64_t>(), 16u);
    expect_agrees(launches[0], stats, stats.at("functional.warps").get<uint64_t>(), 16);
    ASSERT_EQ(box.run(command + " --events tick.txt --set gpu.skip_idle_cycles=false").exit_status,
              0);
    EXPECT_TRUE(ToolSandbox::slurp(box.dir() / "skip.txt") ==
                ToolSandbox::slurp(box.dir() / "tick.txt"));
  }
}

// A much stronger check of idle skipping than equal counters: every event at the same cycle.
// A launch a fault stops has no count (TIMING.md §2): its log ends with KERNEL_FAULT at the
// cycle it stopped, after its last event, not with a KERNEL_END of 0 cycles.
TEST(EventLog, AFaultingLaunchEndsWithKernelFault) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  write_inputs(box, 16);
  const ToolRun r = box.run(add_scaled_command("32", "8", "a16.txt", "b16.txt", 128) +
                            " --timing --memcheck strict --events e.txt");
  ASSERT_EQ(r.exit_status, 1) << r.out << r.err;
  const std::vector<LaunchEvents> launches = parse_events(ToolSandbox::slurp(box.dir() / "e.txt"));
  ASSERT_EQ(launches.size(), 1u);
  const auto& lines = launches[0].lines;
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines.back()[1], "KERNEL_FAULT");
  EXPECT_EQ(launches[0].count.count("KERNEL_END"), 0u);
  EXPECT_GE(std::stoull(lines.back()[0]), std::stoull(lines[lines.size() - 2][0]));
  EXPECT_GT(launches[0].count.at("ISSUE"), 0u);
}

TEST(EventLog, IsTheSameWhetherOrNotTheModelSkipsIdleCycles) {
  for (const char* name : {"vecadd-8w4t", "matadd-4w4t"}) {
    ToolSandbox box(VENTUS_TOOL, kTag);
    const auto skipping = run_with_events(box, name, "");
    if (!skipping) GTEST_SKIP() << "reference case " << name << " not found";
    const auto ticking = run_with_events(box, name, "--set gpu.skip_idle_cycles=false");
    ASSERT_TRUE(ticking);
    EXPECT_GT(skipping->events.size(), 1000u);
    EXPECT_TRUE(skipping->events == ticking->events) << name;
  }
}

// demo derives a file per kernel from the path (ev.txt -> ev-vecadd.txt): all of them are
// checked before any kernel runs, so a bad path is one input error and nothing is printed.
TEST(EventLog, DemoChecksEveryKernelsFileBeforeRunning) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun missing = box.run("demo --timing --events no-dir/ev.txt");
  EXPECT_EQ(missing.exit_status, 2) << missing.out << missing.err;
  EXPECT_NE(missing.err.find("--events: cannot write event log 'no-dir/ev-vecadd.txt' (No such"),
            std::string::npos)
      << missing.err;
  EXPECT_EQ(missing.out, "");
  const ToolRun dash = box.run("demo --timing --timeline -");
  EXPECT_EQ(dash.exit_status, 2) << dash.out << dash.err;
  EXPECT_NE(dash.err.find("--timeline -: the timeline cannot go to standard output"),
            std::string::npos)
      << dash.err;
  EXPECT_EQ(dash.out, "");
  EXPECT_FALSE(fs::exists(box.dir() / "--vecadd")) << "a file named after - was written";
}

TEST(EventLog, NeedsTheCycleModelAndAFile) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const fs::path dir = cases_dir() / "vecadd-4w8t";
  if (!fs::exists(dir)) GTEST_SKIP() << "reference case not found at " << dir;
  const ToolRun functional = box.run("case " + quoted(dir) + " --events ev.txt");
  EXPECT_EQ(functional.exit_status, 2);
  EXPECT_NE(functional.err.find("run.events needs run.timing"), std::string::npos)
      << functional.err;
  const ToolRun dash = box.run("case " + quoted(dir) + " --timing --events -");
  EXPECT_EQ(dash.exit_status, 2);
  EXPECT_NE(dash.err.find("--events -: the event log cannot go to standard output"),
            std::string::npos)
      << dash.err;
  const ToolRun missing = box.run("case " + quoted(dir) + " --timing --events no-dir/ev.txt");
  EXPECT_EQ(missing.exit_status, 2);
  EXPECT_NE(missing.err.find("cannot create event log 'no-dir/ev.txt' (No such file"),
            std::string::npos)
      << missing.err;
}

}  // namespace
}  // namespace ventus::testing::sim_cli
