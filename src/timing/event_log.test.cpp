// EventLog: a launch's events come out in cycle order (then by name and fields, whatever order
// they were added in), under a launch header and followed by the launch's count.
#include "timing/event_log.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

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

TEST(EventLogFile, AnUnwritablePathNamesTheFileAndTheReason) {
  auto log = EventLog::create("/nonexistent-dir-of-ventus/ev.txt");
  ASSERT_FALSE(log);
  EXPECT_EQ(log.error().message,
            "cannot create event log '/nonexistent-dir-of-ventus/ev.txt' (No such file or "
            "directory)");
}

}  // namespace
}  // namespace ventus::timing
