// The golden model against the reference simulator's logs (every case, --ref-compat), our
// own default-mode logs, and logs with one planted change each (the first one is reported,
// at its line). VENTUS_GOLDEN_PLANTINGS sets the plantings per kind and case (default 1;
// bench/golden_plantings.sh runs 50 random ones per case).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "functional/launch.hpp"
#include "functional/work_group_step.hpp"
#include "runner/case_runner.hpp"
#include "runner/commit_conversion.hpp"
#include "runtime/golden.hpp"
#include "runtime/golden_setup.hpp"
#include "runtime/golden_test_support.hpp"
#include "ventus/runtime.hpp"

namespace {

using ventus::functional::Mode;
using ventus::golden::CaseLaunch;
using ventus::golden::GoldenModel;
using namespace ventus::golden::testing;

std::string read_text(const std::filesystem::path& path) {
  std::stringstream text;
  text << std::ifstream(path).rdbuf();
  return text.str();
}

std::unique_ptr<GoldenModel> open(const RefCase& c, const std::string& launch, Mode mode) {
  auto model = GoldenModel::open_case(CaseLaunch{c.dir, launch, mode, ""});
  EXPECT_TRUE(model.ok()) << (model.ok() ? "" : model.error().message);
  return model.ok() ? std::move(model.value()) : nullptr;
}

std::optional<ventus::golden::Mismatch> check_text(const RefCase& c, const std::string& launch,
                                                   const std::string& text, Mode mode) {
  auto log = ventus::trace::CommitLogParser{}.parse(text, launch);
  EXPECT_TRUE(log.ok());
  auto model = open(c, launch, mode);
  if (!log.ok() || !model) return ventus::golden::Mismatch{0, 0, 0, 0, 0, "setup failed"};
  return ventus::golden::check_log(*model, *log);
}

TEST(Golden, AcceptsEveryReferenceLog) {
  const auto cases = reference_cases();
  if (cases.empty()) GTEST_SKIP() << "reference cases with ref-logs not found";
  size_t checked = 0;
  for (const RefCase& c : cases) {
    for (const std::string& launch : c.launches) {
      const auto text = read_text(c.dir / "ref-logs" / (launch + ".log"));
      const auto m = check_text(c, launch, text, Mode::RefCompat);
      EXPECT_FALSE(m) << c.dir.filename() << " " << launch << " line " << m->line << ": "
                      << m->description;
      ++checked;
    }
  }
  EXPECT_GE(checked, 30u);  // the corpus has 37 launch logs
}

// Our functional model's default mode runs warps in bursts (each until a barrier or its end),
// an interleaving unlike REF's round robin: its logs check in the default mode.
TEST(Golden, AcceptsOurDefaultModeOrder) {
  const auto cases = reference_cases();
  if (cases.empty()) GTEST_SKIP() << "reference cases not found";
  const auto dir = std::filesystem::temp_directory_path() / fmt::format("golden_logs_{}", getpid());
  for (const char* name : {"vecadd-8w4t", "gaussian-4w4t", "nn-8w8t", "matadd-2w8t"}) {
    auto it = std::find_if(cases.begin(), cases.end(),
                           [&](const RefCase& c) { return c.dir.filename() == name; });
    if (it == cases.end()) continue;
    ventus::runner::CaseOptions options;
    options.log_dir = dir / name;
    auto report = ventus::runner::run_case(it->dir, options);
    ASSERT_TRUE(report.ok()) << report.error().message;
    for (const auto& launch : report->launches) {
      const auto text = read_text(dir / name / (launch.name + ".log"));
      const auto m = check_text(*it, launch.name, text, Mode::Default);
      EXPECT_FALSE(m) << name << " " << launch.name << " line " << m->line << ": "
                      << m->description;
    }
  }
  std::filesystem::remove_all(dir);
}

// The cycle model's issue order of one launch, from its event log (docs/timing.md "Event
// log"): DISPATCH maps an SM's warp slot to (work-group, warp index), ISSUE steps it.
struct Issue {
  uint32_t group = 0, warp = 0, pc = 0;
};

std::map<std::string, uint32_t> fields_of(const std::string& line) {
  std::map<std::string, uint32_t> fields;
  std::stringstream words(line);
  for (std::string word; words >> word;) {
    const size_t eq = word.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = word.substr(0, eq);
    if (key == "sm" || key == "warp" || key == "wg" || key == "index" || key == "pc") {
      fields[key] = static_cast<uint32_t>(std::stoul(word.substr(eq + 1), nullptr, 0));
    }
  }
  return fields;
}

// The issue order of launch `launch` (0-based) of the log: the lines after its "# launch" line.
std::vector<Issue> issue_order(const std::filesystem::path& events, size_t launch = 0) {
  std::map<std::pair<uint32_t, uint32_t>, std::pair<uint32_t, uint32_t>> slots;
  std::vector<Issue> order;
  std::ifstream in(events);
  size_t launches_seen = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("# launch ")) ++launches_seen;
    if (launches_seen != launch + 1) continue;
    const bool dispatch = line.find(" DISPATCH ") != std::string::npos;
    if (!dispatch && line.find(" ISSUE ") == std::string::npos) continue;
    auto f = fields_of(line);
    if (dispatch) {
      slots[{f["sm"], f["warp"]}] = {f["wg"], f["index"]};
    } else {
      const auto [group, warp] = slots.at({f["sm"], f["warp"]});
      order.push_back({group, warp, f["pc"]});
    }
  }
  return order;
}

// The launch replayed in `order` on a second functional machine (the "implementation"),
// every step's commit record fed to the golden model with its work-group.
void replay_and_check(const RefCase& c, const std::string& launch,
                      const std::vector<Issue>& order) {
  const CaseLaunch which{c.dir, launch, Mode::Default, ""};
  auto prepared = ventus::golden::prepare_case_launch(which);
  ASSERT_TRUE(prepared.ok());
  auto& p = **prepared;
  ventus::functional::FunctionalStats stats(p.shape.sm_count);
  ventus::functional::Launch machine(p.config, p.shape, p.engine, p.memory,
                                     p.local ? &*p.local : nullptr, stats);
  ASSERT_TRUE(machine.prepare().ok());
  auto model = open(c, launch, Mode::Default);
  ASSERT_TRUE(model);
  std::map<uint32_t, std::unique_ptr<ventus::functional::WorkGroup>> groups;
  std::map<uint32_t, ventus::runner::SimtNpcTracker> npc;
  ventus::functional::ExecutedInstr executed;
  ventus::trace::LogEntry entry;
  auto step_and_feed = [&](ventus::functional::WorkGroup& group, const Issue& issue) {
    executed.clear();
    (void)group.step<ventus::functional::CommitPolicy>(issue.warp, &executed);
    ventus::runner::to_commit_record(executed, p.config.numt, npc[issue.group].update(executed),
                                     entry.record);
    entry.stack_size = static_cast<uint32_t>(entry.record.simt_entries.size());
    return model->feed(entry, issue.group);
  };
  for (const Issue& issue : order) {
    auto& group = groups[issue.group];
    if (!group) group = machine.make_group(issue.group, machine.burst_slot(issue.group));
    // The cycle model steps a regext prefix with the instruction it extends, unissued.
    if (group->warps()[issue.warp].pc + 4 == issue.pc) {
      const auto m = step_and_feed(*group, issue);
      ASSERT_FALSE(m) << c.dir.filename() << " " << launch << ": " << m->description;
    }
    ASSERT_EQ(group->warps()[issue.warp].pc, issue.pc);
    const auto m = step_and_feed(*group, issue);
    ASSERT_FALSE(m) << c.dir.filename() << " " << launch << ": " << m->description;
  }
  const auto m = model->finish();
  EXPECT_FALSE(m) << m->description;
}

// Runs the case on the default cycle model, writing its event log; the launches in the order
// they ran (and appear in the log).
std::vector<std::string> run_timed_case(const RefCase& c, const std::filesystem::path& events) {
  ventus::runner::CaseOptions options;
  options.machine = ventus::Config{}.machine;
  options.timing = ventus::Config{}.machine.timing;
  options.widen_machine = false;
  options.events = events.string();
  auto report = ventus::runner::run_case(c.dir, options);
  EXPECT_TRUE(report.ok()) << c.dir << ": " << report.error().message;
  std::vector<std::string> names;
  if (report.ok()) {
    for (const auto& launch : report->launches) names.push_back(launch.name);
  }
  return names;
}

// The cycle model runs several work-groups at once and interleaves their warps by its own
// timing: the golden model accepts that order (fed through a functional replay of it), launch
// by launch (each launch's events follow its "# launch" line).
TEST(Golden, AcceptsTheCycleModelsOrder) {
  const auto cases = reference_cases();
  if (cases.empty()) GTEST_SKIP() << "reference cases not found";
  const auto dir = std::filesystem::temp_directory_path() / fmt::format("golden_ev_{}", getpid());
  std::filesystem::create_directories(dir);
  size_t checked = 0;
  for (const RefCase& c : cases) {
    const auto events = dir / "events.txt";
    const auto ran = run_timed_case(c, events);
    for (const std::string& launch : c.launches) {
      const auto at = std::find(ran.begin(), ran.end(), launch);
      ASSERT_NE(at, ran.end()) << c.dir.filename() << " " << launch;
      const auto order = issue_order(events, static_cast<size_t>(at - ran.begin()));
      ASSERT_FALSE(order.empty()) << c.dir.filename() << " " << launch;
      replay_and_check(c, launch, order);
      ++checked;
    }
  }
  EXPECT_GE(checked, 30u);  // every launch of the corpus, multi-launch cases too
  std::filesystem::remove_all(dir);
}

// Our kernel suite's launches saved as test cases (run.save_case): several work-groups at once
// on both SMs of the cycle model, with barriers and local memory (reduction).
RefCase save_suite_launch(const std::filesystem::path& dir, const char* source, const char* name,
                          uint32_t items, uint32_t local) {
  ventus::Config config;
  config.simulation.save_case = dir.string();
  auto device = std::move(ventus::Device::create(config).value());
  auto program =
      ventus::Program::from_file(fmt::format("{}/kernels/{}", VENTUS_SOURCE_DIR, source));
  EXPECT_TRUE(program.ok());
  auto kernel = program->kernel(name).value();
  std::vector<float> x(items);
  for (uint32_t i = 0; i < items; ++i) x[i] = static_cast<float>(i % 7) - 2.5f;
  auto dx = device->allocate(4 * items).value(), dy = device->allocate(4 * items).value();
  EXPECT_TRUE(dx.write(std::span<const float>(x)));
  if (std::string_view(name) == "reduction") {
    kernel.arg(dx).arg(dy).arg(items).arg_local(4 * local);
  } else {
    auto dz = device->allocate(4 * items).value();
    EXPECT_TRUE(dy.write(std::span<const float>(x)));
    kernel.arg(dx).arg(dy).arg(dz).arg(items);
  }
  EXPECT_TRUE(
      device->launch(kernel, ventus::NDRange{1, {items, 1, 1}, {local, 1, 1}}).value().wait());
  return RefCase{dir, {fmt::format("{}_0", name)}};
}

TEST(Golden, AcceptsTheCycleModelsOrderOfConcurrentWorkGroups) {
  const auto root =
      std::filesystem::temp_directory_path() / fmt::format("golden_suite_{}", getpid());
  std::filesystem::remove_all(root);
  const RefCase cases[] = {
      save_suite_launch(root / "reduction", "reduction/reduction.s", "reduction", 512, 64),
      save_suite_launch(root / "vecadd", "vecadd/vecadd.s", "vecadd", 256, 16)};
  for (const RefCase& c : cases) {
    ventus::runner::CaseOptions options;
    options.machine = ventus::Config{}.machine;
    options.timing = ventus::Config{}.machine.timing;
    options.widen_machine = false;
    options.events = (root / "events.txt").string();
    auto report = ventus::runner::run_case(c.dir, options);
    ASSERT_TRUE(report.ok()) << report.error().message;
    const auto order = issue_order(root / "events.txt");
    std::set<uint32_t> groups;
    for (const Issue& issue : order) groups.insert(issue.group);
    EXPECT_GE(groups.size(), 8u);
    // Work-groups overlap: some record of a group comes after one of a later group.
    uint32_t highest = 0;
    bool overlapped = false;
    for (const Issue& issue : order) {
      overlapped = overlapped || issue.group < highest;
      highest = std::max(highest, issue.group);
    }
    EXPECT_TRUE(overlapped) << c.dir.filename();
    replay_and_check(c, c.launches.front(), order);
  }
  std::filesystem::remove_all(root);
}

// The tests of a kernel test binary (--gtest_list_tests), as "Suite.Name".
std::vector<std::string> list_tests(const std::filesystem::path& binary) {
  std::vector<std::string> tests;
  std::FILE* out = popen(fmt::format("'{}' --gtest_list_tests", binary.string()).c_str(), "r");
  if (out == nullptr) return tests;
  std::string suite;
  for (char line[512]; std::fgets(line, sizeof line, out) != nullptr;) {
    std::string text(line);
    text = text.substr(0, text.find_first_of("#\n"));
    while (!text.empty() && text.back() == ' ') text.pop_back();
    if (text.empty()) continue;
    if (text[0] != ' ') {
      suite = text;
    } else {
      tests.push_back(suite + text.substr(text.find_first_not_of(' ')));
    }
  }
  pclose(out);
  return tests;
}

// The first test of the kernel's binary that launches, run with run.save_case (VENTUS_TEST_SET,
// kernels/common/harness.cpp): its launches as a case in `dir` (empty launches: none ran).
RefCase save_first_launching_test(const std::filesystem::path& binary,
                                  const std::filesystem::path& dir) {
  for (const std::string& test : list_tests(binary)) {
    std::filesystem::remove_all(dir);
    const std::string command =
        fmt::format("VENTUS_TEST_SET='run.save_case={}' '{}' --gtest_filter='{}' >/dev/null",
                    dir.string(), binary.string(), test);
    if (std::system(command.c_str()) == 0 && std::filesystem::exists(dir / "cases.ini")) {
      return RefCase{dir, case_launches(dir)};
    }
  }
  return RefCase{dir, {}};
}

// Every kernel of the suite (kernels/*/), each launch of one of its tests (bfs and gaussian run
// several): the cycle model's order of it checks.
TEST(Golden, AcceptsTheCycleModelsOrderOnEverySuiteKernel) {
  const std::filesystem::path source = std::filesystem::path(VENTUS_SOURCE_DIR) / "kernels";
  const auto root =
      std::filesystem::temp_directory_path() / fmt::format("golden_kernels_{}", getpid());
  size_t kernels = 0;
  for (const auto& entry : std::filesystem::directory_iterator(source)) {
    const std::string name = entry.path().filename().string();
    if (name == "common" || !std::filesystem::exists(entry.path() / "CMakeLists.txt")) continue;
    const auto binary = std::filesystem::path(VENTUS_BINARY_DIR) / "kernels" / name /
                        fmt::format("kernel_{}_test", name);
    if (!std::filesystem::exists(binary)) GTEST_SKIP() << binary << " is not built";
    const RefCase c = save_first_launching_test(binary, root / name);
    ASSERT_FALSE(c.launches.empty()) << name << ": no test of " << binary << " saved a launch";
    const auto events = root / "events.txt";
    const auto ran = run_timed_case(c, events);
    ASSERT_EQ(ran, c.launches) << name;
    for (size_t i = 0; i < ran.size(); ++i) {
      SCOPED_TRACE(name + " " + ran[i]);
      replay_and_check(c, ran[i], issue_order(events, i));
    }
    ++kernels;
  }
  EXPECT_GE(kernels, 14u);
  std::filesystem::remove_all(root);
}

int plantings_per_kind() {
  const char* n = std::getenv("VENTUS_GOLDEN_PLANTINGS");
  return n != nullptr && std::atoi(n) > 0 ? std::atoi(n) : 1;
}

// Every kind of planted change in the first launch of every case: the first mismatch is the
// planted record (a skipped one: its warp's next record, or earlier where another warp
// already saw its effect).
TEST(Golden, ReportsThePlantedMismatchAtItsLine) {
  const auto cases = reference_cases();
  if (cases.empty()) GTEST_SKIP() << "reference cases with ref-logs not found";
  const int per_kind = plantings_per_kind();
  size_t planted = 0;
  for (const RefCase& c : cases) {
    const std::string& launch = c.launches.front();
    const auto text = read_text(c.dir / "ref-logs" / (launch + ".log"));
    auto log = ventus::trace::CommitLogParser{}.parse(text, launch);
    ASSERT_TRUE(log.ok());
    std::mt19937 rng(static_cast<uint32_t>(std::hash<std::string>{}(c.dir.filename().string())));
    for (PlantKind kind : kAllPlantKinds) {
      for (int k = 0; k < per_kind; ++k) {
        const auto p = plant(text, *log, kind, rng);
        if (!p) continue;
        const auto m = check_text(c, launch, p->text, Mode::RefCompat);
        ASSERT_TRUE(m) << c.dir.filename() << ": " << plant_name(kind) << " at line "
                       << p->first_line << " not reported";
        EXPECT_GE(m->line, p->first_line) << plant_name(kind) << ": " << m->description;
        EXPECT_LE(m->line, p->last_line) << c.dir.filename() << " " << plant_name(kind) << " at "
                                         << p->first_line << ": " << m->description;
        ++planted;
      }
    }
  }
  EXPECT_GE(planted, 60u);
  std::printf("%zu plantings, each reported at its line\n", planted);
}

}  // namespace
