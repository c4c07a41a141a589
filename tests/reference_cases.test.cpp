// Reference conformance: `ventus case` logs equal REF's (ventus logdiff) in --ref-compat and
// dumps equal expected/*.out in both modes, for every case of the reference corpus.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "runner/case_runner.hpp"
#include "trace/log_diff.hpp"

namespace {

namespace fs = std::filesystem;
using ventus::functional::Mode;

fs::path cases_dir() {
  return fs::path(VENTUS_REFERENCE_DIR) / "cases";
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// REF itself trapped in this launch (gaussian-4w4t Fan2): a stop there is the expected result.
bool reference_trapped(const fs::path& case_dir, const std::string& launch) {
  const fs::path log = case_dir / "ref-logs" / (launch + ".log");
  return fs::exists(log) && read_file(log).find(": exception ") != std::string::npos;
}

// Default mode with warps stepped in a seeded random order over up to 16 live work-groups
// (functional::Schedule::Random): the memory must be what the burst schedule gives.
struct Schedule {
  ventus::functional::Schedule kind = ventus::functional::Schedule::Burst;
  uint64_t seed = 1;
  bool timing = false;        // on the cycle model (co-simulation): the same memory
  uint32_t host_threads = 1;  // work-groups on several host threads (docs/host-threads.md)
};

void check_case(const std::string& name, Mode mode, Schedule schedule = {}) {
  const fs::path dir = cases_dir() / name;
  const bool random = schedule.kind == ventus::functional::Schedule::Random;
  const fs::path out =
      fs::path(VENTUS_BINARY_DIR) / "reference_cases" / name /
      (mode == Mode::RefCompat     ? "ref-compat"
       : random                    ? "random-" + std::to_string(schedule.seed)
       : schedule.timing           ? "timing"
       : schedule.host_threads > 1 ? "threads" + std::to_string(schedule.host_threads)
                                   : "default");
  fs::remove_all(out);
  ventus::runner::CaseOptions options;
  options.mode = mode;
  options.schedule = schedule.kind;
  options.random_seed = schedule.seed;
  options.host_threads = schedule.host_threads;
  options.dump_dir = out / "dump";
  if (schedule.timing) options.timing = ventus::timing::TimingParams{};
  if (mode == Mode::RefCompat) options.log_dir = out / "log";
  options.max_instructions = 100'000'000;
  const auto report = ventus::runner::run_case(dir, options);
  ASSERT_TRUE(report.ok()) << report.error().message;
  size_t compared = 0;
  for (const auto& launch : report->launches) {
    const bool ref_trapped = reference_trapped(dir, launch.name);
    if (launch.fault) {
      EXPECT_TRUE(ref_trapped) << launch.fault->message();
    }
    EXPECT_EQ(launch.stats.ref_traps != 0, mode == Mode::RefCompat && ref_trapped) << launch.name;
    const fs::path expected = dir / "expected" / (launch.name + ".out");
    if (fs::exists(expected)) {
      EXPECT_EQ(read_file(out / "dump" / (launch.name + ".out")), read_file(expected))
          << name << ": dump of " << launch.name << " differs from " << expected;
      ++compared;
    }
    const fs::path ref_log = dir / "ref-logs" / (launch.name + ".log");
    if (mode == Mode::RefCompat && fs::exists(ref_log)) {
      const auto diff = ventus::trace::diff_log_files(
          (out / "log" / (launch.name + ".log")).string(), ref_log.string());
      ASSERT_TRUE(diff.ok()) << diff.error().message;
      EXPECT_TRUE(diff->equal) << ventus::trace::format_diff_report(*diff, "ours",
                                                                    ref_log.string());
    }
  }
  EXPECT_GT(compared, 0u) << name << ": no expected dump was compared";
}

std::vector<std::string> all_cases() {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(cases_dir())) {
    if (fs::exists(entry.path() / "cases.ini")) names.push_back(entry.path().filename().string());
  }
  return names;
}

// CTest passes the case and mode through the environment (reference_cases.cmake); run by
// hand without them, the binary checks every case in both modes.
TEST(ReferenceCases, LogsAndDumpsMatchReference) {
  if (!fs::exists(cases_dir())) {
    GTEST_SKIP() << "reference corpus not found at " << cases_dir()
                 << " (set VENTUS_REFERENCE_DIR at configure time)";
  }
  const char* name = std::getenv("VENTUS_CASE");
  const char* mode = std::getenv("VENTUS_CASE_MODE");
  if (name != nullptr) {
    if (!fs::exists(cases_dir() / name)) GTEST_SKIP() << "case " << name << " is absent";
    const std::string m = mode != nullptr ? mode : "ref-compat";
    if (m == "random") {
      for (uint64_t seed : {1, 2, 3}) {
        SCOPED_TRACE(seed);
        check_case(name, Mode::Default, {ventus::functional::Schedule::Random, seed});
      }
      return;
    }
    if (m == "timing") {
      Schedule timed;
      timed.timing = true;
      check_case(name, Mode::Default, timed);
      return;
    }
    if (m == "threads2") {
      Schedule two_threads;
      two_threads.host_threads = 2;
      check_case(name, Mode::Default, two_threads);
      return;
    }
    check_case(name, m == "default" ? Mode::Default : Mode::RefCompat);
    return;
  }
  for (const std::string& each : all_cases()) {
    SCOPED_TRACE(each);
    check_case(each, Mode::RefCompat);
    check_case(each, Mode::Default);
  }
}

}  // namespace
