// `--timeline` (issue 11, docs/timeline.md): the Trace Event file of a reference case on the
// cycle model: its structure, its instruction slices against the issued counter, slices of one
// warp slot that never overlap, stall slices named by state, and the options that bound it.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <tuple>

#include "sim_cli_support.hpp"

namespace ventus::testing::sim_cli {
namespace {

const char* const kStates[] = {"barrier",       "control",  "scoreboard", "collector",
                               "unit_busy",     "lsu_full", "fetch_miss", "fetch_redirect",
                               "fetch_blocked", "pipeline"};

struct TimedCase {
  json timeline;
  json stats;
};

// gaussian-4w4t's Fan1_0 (one warp) then Fan2_0 (four warps) with a timeline and statistics.
std::optional<TimedCase> run_case(ToolSandbox& box, const std::string& extra = "") {
  const fs::path dir = cases_dir() / "gaussian-4w4t";
  if (!fs::exists(dir)) return std::nullopt;
  const ToolRun r =
      box.run("case " + quoted(dir) + " --timing --config " +
              quoted(source_path("configs/ventus-rtl-tb.toml")) +
              " --launches Fan1_0,Fan2_0 --timeline tl.json --stats-json s.json " + extra);
  EXPECT_EQ(r.exit_status, 0) << r.out << r.err;
  return TimedCase{json::parse(ToolSandbox::slurp(box.dir() / "tl.json")),
                   json::parse(ToolSandbox::slurp(box.dir() / "s.json"))};
}

uint64_t stat_sum(const json& stats_doc, const std::string& name) {
  uint64_t sum = 0;
  for (const json& launch : stats_doc.at("launches"))
    sum += launch.at("stats").at(name).get<uint64_t>();
  return sum;
}

TEST(Timeline, IsTraceEventJsonWithSmProcessesSlotThreadsAndCounterTracks) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const auto t = run_case(box);
  if (!t) GTEST_SKIP() << "reference case gaussian-4w4t not found";
  const json& events = t->timeline.at("traceEvents");
  ASSERT_TRUE(events.is_array());
  EXPECT_EQ(t->timeline.at("otherData").at("format"), "ventus-timeline");
  std::set<std::string> names, counters, phases;
  for (const json& e : events) {
    phases.insert(e.at("ph").get<std::string>());
    if (e.at("ph") == "M") names.insert(e.at("args").at("name").get<std::string>());
    if (e.at("ph") == "C") counters.insert(e.at("name").get<std::string>());
    if (e.at("ph") == "X") {
      EXPECT_GE(e.at("dur").get<uint64_t>(), 1u);
      EXPECT_TRUE(e.contains("pid") && e.contains("tid") && e.contains("ts"));
    }
  }
  EXPECT_EQ(phases, (std::set<std::string>{"C", "M", "X", "i"}));
  for (const char* n : {"SM 0", "SM 1", "memory", "warp slot 0", "warp slot 7"}) {
    EXPECT_TRUE(names.count(n)) << n;
  }
  EXPECT_EQ(counters, (std::set<std::string>{"IPC", "L1D misses in flight", "memory port busy"}));
}

// Every issued instruction is one slice (mnemonic, pc); stall slices carry a state's name;
// the work-groups' dispatch and end are markers.
TEST(Timeline, HasOneSlicePerIssuedInstructionAndNamedStallSlices) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const auto t = run_case(box);
  if (!t) GTEST_SKIP() << "reference case gaussian-4w4t not found";
  uint64_t issue_slices = 0;
  std::set<std::string> stall_names, markers;
  for (const json& e : t->timeline.at("traceEvents")) {
    if (e.at("ph") == "i") markers.insert(e.at("name").get<std::string>());
    if (e.at("ph") != "X") continue;
    if (e.at("cat") == "issue") {
      ++issue_slices;
      EXPECT_EQ(e.at("dur"), 1);
      EXPECT_EQ(e.at("args").at("pc").get<std::string>().rfind("0x8", 0), 0u) << e.dump();
    } else {
      EXPECT_EQ(e.at("cat"), "stall");
      stall_names.insert(e.at("name").get<std::string>());
    }
  }
  EXPECT_EQ(issue_slices, stat_sum(t->stats, "timing.issued"));
  for (const std::string& n : stall_names) {
    EXPECT_NE(std::find(std::begin(kStates), std::end(kStates), n), std::end(kStates)) << n;
  }
  EXPECT_TRUE(stall_names.count("collector") && stall_names.count("fetch_miss"));
  EXPECT_TRUE(markers.count("launch Fan1_0") && markers.count("launch Fan2_0"));
  EXPECT_TRUE(markers.count("dispatch wg 0") && markers.count("end wg 0"));
}

TEST(Timeline, SlicesOfOneWarpSlotNeverOverlap) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const auto t = run_case(box);
  if (!t) GTEST_SKIP() << "reference case gaussian-4w4t not found";
  std::map<std::pair<int, int>, std::vector<std::pair<uint64_t, uint64_t>>> slices;
  for (const json& e : t->timeline.at("traceEvents")) {
    if (e.at("ph") != "X") continue;
    slices[{e.at("pid").get<int>(), e.at("tid").get<int>()}].emplace_back(
        e.at("ts").get<uint64_t>(), e.at("dur").get<uint64_t>());
  }
  ASSERT_FALSE(slices.empty());
  for (auto& [thread, list] : slices) {
    std::sort(list.begin(), list.end());
    for (size_t i = 1; i < list.size(); ++i) {
      EXPECT_LE(list[i - 1].first + list[i - 1].second, list[i].first)
          << "SM " << thread.first << " slot " << thread.second << " at " << list[i].first;
    }
  }
}

// --timeline-cycles and --timeline-slots bound the file: nothing outside them is written.
TEST(Timeline, TheCycleWindowAndSlotFilterBoundTheFile) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const auto t = run_case(box, "--timeline-cycles 1500:2000 --timeline-slots 1");
  if (!t) GTEST_SKIP() << "reference case gaussian-4w4t not found";
  uint64_t slices = 0;
  for (const json& e : t->timeline.at("traceEvents")) {
    if (e.at("ph") == "M") continue;
    const uint64_t ts = e.at("ts").get<uint64_t>();
    const uint64_t end = ts + (e.contains("dur") ? e.at("dur").get<uint64_t>() : 1) - 1;
    EXPECT_TRUE(end >= 1500 && ts <= 2000) << e.dump();
    if (e.at("ph") == "X") {
      EXPECT_EQ(e.at("tid"), 1) << e.dump();
      ++slices;
    }
  }
  EXPECT_GT(slices, 0u);
}

// `ventus run` and `ventus demo` write timelines too (demo: one file per kernel, each kernel
// running on a fresh device); demo names each kernel's two largest stall states.
TEST(Timeline, RunWritesOneSlicePerIssuedInstruction) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run(add_scaled_8() + " --timing --timeline tl.json --stats-json s.json");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  const json timeline = json::parse(ToolSandbox::slurp(box.dir() / "tl.json"));
  uint64_t slices = 0;
  for (const json& e : timeline.at("traceEvents")) slices += e.value("cat", "") == "issue" ? 1 : 0;
  EXPECT_EQ(slices,
            stat_sum(json::parse(ToolSandbox::slurp(box.dir() / "s.json")), "timing.issued"));
}

TEST(Timeline, DemoWritesAFilePerKernelAndNamesTheTopStalls) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run("demo --timing --timeline demo.json");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  for (const char* kernel : {"vecadd", "saxpy", "matmul_tiled", "reduction", "scan", "nn"}) {
    const fs::path file = box.dir() / ("demo-" + std::string(kernel) + ".json");
    ASSERT_TRUE(fs::exists(file)) << file;
    EXPECT_FALSE(json::parse(ToolSandbox::slurp(file)).at("traceEvents").empty());
  }
  const std::regex top(
      R"(  top stalls: (\w+) (\d+) %, (\w+) (\d+) % of the warp-slot cycles with a warp)");
  unsigned rows = 0;
  for (const std::string& line : lines_of(r.out)) {
    std::smatch m;
    if (!std::regex_match(line, m, top)) continue;
    ++rows;
    for (int k : {1, 3}) {
      EXPECT_NE(std::find(std::begin(kStates), std::end(kStates), m[k].str()), std::end(kStates))
          << line;
    }
    EXPECT_GE(std::stoi(m[2].str()), std::stoi(m[4].str())) << line;  // largest first
  }
  EXPECT_EQ(rows, 6u) << r.out;
}

TEST(Timeline, NeedsTimingAndAValidSlotList) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const fs::path dir = cases_dir() / "vecadd-4w8t";
  if (!fs::exists(dir)) GTEST_SKIP() << "reference case not found at " << dir;
  const ToolRun no_timing = box.run("case " + quoted(dir) + " --timeline tl.json");
  EXPECT_EQ(no_timing.exit_status, 2);
  EXPECT_NE(no_timing.err.find("run.timeline needs run.timing"), std::string::npos)
      << no_timing.err;
  const ToolRun bad_slots =
      box.run("case " + quoted(dir) + " --timing --timeline tl.json --timeline-slots 1,x");
  EXPECT_EQ(bad_slots.exit_status, 2);
  EXPECT_NE(bad_slots.err.find("run.timeline_slots: 'x'"), std::string::npos) << bad_slots.err;
  const ToolRun bench = box.run("bench --timing --timeline tl.json --iterations 1");
  EXPECT_EQ(bench.exit_status, 2);
  EXPECT_NE(bench.err.find("not for the speed benchmark"), std::string::npos) << bench.err;
  const ToolRun bad_file =
      box.run("case " + quoted(dir) + " --timing --timeline /nonexistent/dir/tl.json");
  EXPECT_EQ(bad_file.exit_status, 2);
  EXPECT_NE(bad_file.err.find("cannot create timeline file"), std::string::npos) << bad_file.err;
}

}  // namespace
}  // namespace ventus::testing::sim_cli
