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

std::vector<Issue> issue_order(const std::filesystem::path& events) {
  std::map<std::pair<uint32_t, uint32_t>, std::pair<uint32_t, uint32_t>> slots;
  std::vector<Issue> order;
  std::ifstream in(events);
  for (std::string line; std::getline(in, line);) {
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

// The cycle model runs several work-groups at once and interleaves their warps by its own
// timing: the golden model accepts that order (fed through a functional replay of it).
TEST(Golden, AcceptsTheCycleModelsOrder) {
  const auto cases = reference_cases();
  if (cases.empty()) GTEST_SKIP() << "reference cases not found";
  const auto dir = std::filesystem::temp_directory_path() / fmt::format("golden_ev_{}", getpid());
  std::filesystem::create_directories(dir);
  size_t checked = 0;
  for (const RefCase& c : cases) {
    if (c.launches.size() != 1) continue;  // one launch: its events are the whole log
    ventus::runner::CaseOptions options;
    options.machine = ventus::Config{}.machine;
    options.timing = ventus::Config{}.machine.timing;
    options.widen_machine = false;
    options.events = (dir / "events.txt").string();
    auto report = ventus::runner::run_case(c.dir, options);
    ASSERT_TRUE(report.ok()) << report.error().message;
    const auto order = issue_order(dir / "events.txt");
    ASSERT_FALSE(order.empty());
    replay_and_check(c, c.launches.front(), order);
    ++checked;
  }
  EXPECT_GE(checked, 5u);
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
