// EventLog: a launch's events come out in cycle order (then by name and fields, whatever order
// they were added in), under a launch header and followed by the launch's count, also when
// they outgrow the memory budget and are merged from sorted runs.
#include "timing/event_log.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace ventus::timing {
namespace {

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(EventLogFile, WritesEachLaunchInCycleOrderThenItsCount) {
  const auto path =
      std::filesystem::temp_directory_path() / ("ventus_events_" + std::to_string(::getpid()));
  auto log = EventLog::create(path.string());
  ASSERT_TRUE(log) << log.error().message;
  (*log)->begin_launch("first");
  const EventSink sm1{log->get(), 1};
  const EventSink memory{log->get(), -1};
  sm1.add(30, "WG_DONE", "wg={}", 0);  // known before the cycles below it
  sm1.add(12, "ISSUE", "warp={} pc=0x{:08x}", 2, 0x80000004u);
  memory.add(12, "AXI_AR", "addr=0x{:08x}", 0x80000000u);
  sm1.add(12, "ISSUE", "warp={} pc=0x{:08x}", 1, 0x80000000u);
  (*log)->end_launch(41);
  (*log)->begin_launch("second");
  memory.add(5, "L2_FLUSH_DONE", "");
  (*log)->end_launch(9);
  ASSERT_TRUE((*log)->finish());
  const std::string text = slurp(path);
  std::filesystem::remove(path);
  EXPECT_EQ(text.substr(text.find('\n') + 1),
            "# launch first\n"
            "12 AXI_AR addr=0x80000000\n"
            "12 ISSUE sm=1 warp=1 pc=0x80000000\n"
            "12 ISSUE sm=1 warp=2 pc=0x80000004\n"
            "30 WG_DONE sm=1 wg=0\n"
            "41 KERNEL_END cycles=41\n"
            "# launch second\n"
            "5 L2_FLUSH_DONE\n"
            "9 KERNEL_END cycles=9\n");
  EXPECT_EQ(text.rfind("# ventus cycle-model events", 0), 0u) << text;
}

// Writes two launches of pseudo-random events (cycles out of order, repeated cycles and names,
// empty fields) to `path` with the given memory budget.
void write_random_launches(const std::filesystem::path& path, size_t memory_bytes) {
  auto log = EventLog::create(path.string(), memory_bytes);
  ASSERT_TRUE(log) << log.error().message;
  static constexpr std::string_view kNames[] = {"ISSUE", "AXI_AR", "L1D_RSP", "WG_DONE"};
  uint64_t state = 12345;
  const auto next = [&state] {
    state = state * 6364136223846793005u + 1442695040888963407u;
    return state >> 33;
  };
  for (const char* launch : {"one", "two"}) {
    (*log)->begin_launch(launch);
    for (int i = 0; i < 3000; ++i) {
      const uint64_t cycle = next() % 500;
      const std::string_view name = kNames[next() % 4];
      const uint64_t field = next() % 8;
      (*log)->add(cycle, name, field == 0 ? std::string() : fmt::format("sm=0 warp={}", field));
    }
    (*log)->end_launch(600);
  }
  ASSERT_TRUE((*log)->finish());
}

TEST(EventLogFile, ALaunchBeyondTheMemoryBudgetIsMergedFromRunsIntoTheSameFile) {
  const auto base =
      std::filesystem::temp_directory_path() / ("ventus_events_runs_" + std::to_string(::getpid()));
  write_random_launches(base.string() + ".memory", EventLog::kDefaultMemoryBytes);
  write_random_launches(base.string() + ".runs", 2000);  // dozens of runs per launch
  const std::string in_memory = slurp(base.string() + ".memory");
  const std::string merged = slurp(base.string() + ".runs");
  std::filesystem::remove(base.string() + ".memory");
  std::filesystem::remove(base.string() + ".runs");
  EXPECT_EQ(std::count(merged.begin(), merged.end(), '\n'), 1 + 2 * (1 + 3000 + 1));
  EXPECT_EQ(merged, in_memory);
  // In order: each launch's cycles never decrease.
  std::istringstream lines(in_memory);
  uint64_t last = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("# launch", 0) == 0) last = 0;
    if (line.empty() || line[0] == '#') continue;
    const uint64_t cycle = std::stoull(line);
    EXPECT_GE(cycle, last) << line;
    last = cycle;
  }
}

TEST(EventLogFile, AnUnwritablePathNamesTheFileAndTheReason) {
  auto log = EventLog::create("/nonexistent-dir-of-ventus/ev.txt");
  ASSERT_FALSE(log);
  EXPECT_EQ(log.error().message,
            "cannot create event log '/nonexistent-dir-of-ventus/ev.txt' (No such file or "
            "directory)");
}

}  // namespace
}  // namespace ventus::timing
