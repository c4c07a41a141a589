// `ventus demo`: runs a handful of the kernel suite on the default machine and
// prints a table (kernel, configuration, result check, warp instructions,
// simulation speed).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <deque>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "common/output_file.hpp"
#include "kernels/matmul_tiled/matmul_tiled.hpp"
#include "kernels/nn/nn.hpp"
#include "kernels/reduction/reduction.hpp"
#include "kernels/saxpy/saxpy.hpp"
#include "kernels/scan/scan.hpp"
#include "kernels/vecadd/vecadd.hpp"
#include "progress_line.hpp"
#include "runtime/run_command.hpp"
#include "sim_options.hpp"

namespace ventus::tools {
namespace {

using kernels::RunReport;

struct DemoOptions {
  std::optional<unsigned> threads_per_warp;  // overrides sm.threads_per_warp
  std::optional<uint64_t> max_instructions;  // per launch (effective_instruction_limit)
  SimCliOptions sim;
  std::vector<std::string> kernels;  // --kernels: only these (demo_kernel_names)
};

struct DemoCase {
  std::string kernel;
  std::function<Result<RunReport>(Device&)> run;
};

// The kernels are embedded in the binary (kernels/CMakeLists.txt), so the demo works from
// any directory without the source tree. Work-groups use up to 64 threads but never more
// warps than the machine's warp slots.
// nn (kernels-b's Rodinia NearestNeighbor) reports its own run; check it here the same way.
Result<RunReport> run_nn_demo(Device& device, uint32_t local) {
  using namespace kernels;
  const uint32_t count = 3000;
  const auto lat = random_floats(count, 21, -90.0f, 90.0f);
  const auto lng = random_floats(count, 22, -180.0f, 180.0f);
  std::vector<LatLong> records(count);
  for (uint32_t i = 0; i < count; ++i) records[i] = {lat[i], lng[i]};
  auto run = nn_run(device, records, 30.0f, 90.0f, local);
  if (!run) return run.error();
  RunReport report = make_report("nn", fmt::format("records={} local={}", count, local));
  report.stats = run->stats;
  report.launches = 1;
  const auto want = nn_reference(records, 30.0f, 90.0f);
  record_check(report,
               compare_exact(std::span<const float>(run->distances), std::span<const float>(want)));
  return report;
}

std::vector<DemoCase> demo_cases(const MachineConfig& machine) {
  using namespace kernels;
  const uint32_t group = std::min(64u, machine.warp_slots_per_sm * machine.threads_per_warp);
  const uint32_t tile = group >= 64 ? 8 : group >= 16 ? 4 : 2;
  return {
      {"vecadd", [=](Device& d) { return run_vecadd(d, {.n = 4000, .local = group}); }},
      {"saxpy", [=](Device& d) { return run_saxpy(d, {.n = 4000, .local = group, .a = 2.5f}); }},
      {"matmul_tiled",
       [=](Device& d) { return run_matmul_tiled(d, {.m = 30, .n = 30, .k = 30, .tile = tile}); }},
      {"reduction", [=](Device& d) { return run_reduction(d, {.n = 4000, .local = group}); }},
      {"scan", [=](Device& d) { return run_scan(d, {.n = 2000, .local = group}); }},
      {"nn", [=](Device& d) { return run_nn_demo(d, group); }},
  };
}

// The demo cases that --kernels names, in the demo's order; an unknown name is an input error
// that lists the kernels there are.
Result<std::vector<DemoCase>> selected_cases(const MachineConfig& machine,
                                             const std::vector<std::string>& names) {
  std::vector<DemoCase> all = demo_cases(machine);
  if (names.empty()) return all;
  for (const std::string& name : names) {
    const auto named = [&](const DemoCase& c) { return c.kernel == name; };
    if (std::none_of(all.begin(), all.end(), named)) {
      return Error{fmt::format("--kernels: no demo kernel '{}' (the kernels: {})", name,
                               fmt::join(demo_kernel_names(), ", "))};
    }
  }
  std::erase_if(all, [&](const DemoCase& c) {
    return std::find(names.begin(), names.end(), c.kernel) == names.end();
  });
  return all;
}

std::string speed(const LaunchStats& stats) {
  if (stats.wall_seconds <= 0) return "-";
  return fmt::format("{:.2f} M warp-instr/s",
                     static_cast<double>(stats.warp_instructions) / stats.wall_seconds / 1e6);
}

// Every launch's statistics of the demo: JSON objects and (kernel, --stats table); in timing
// mode the run's cycles and warp-instructions.
struct DemoStats {
  std::vector<std::string> json;
  std::vector<std::pair<std::string, std::string>> tables;
  uint64_t cycles = 0, warp_instructions = 0;
  std::vector<SanitizedLaunch> sanitized;  // --sanitize
};

// "collector 41 %, fetch_miss 22 %": the two states, other than issuing and idle, in which
// the kernel's warp slots spent most cycles, as shares of the slot cycles with a warp
// (timing.sm<N>.stall, docs/stats.md).
std::string top_stalls(const std::deque<LaunchStats>& launches) {
  std::map<std::string, uint64_t> cycles;
  uint64_t busy = 0;
  for (const LaunchStats& launch : launches) {
    const auto doc = nlohmann::json::parse(launch.stats_json(), nullptr, false);
    if (doc.is_discarded() || !doc.contains("stats")) continue;
    for (const auto& [name, value] : doc.at("stats").items()) {
      if (name.rfind("timing.sm", 0) != 0 || !name.ends_with(".stall") ||
          name.find(".slot") != std::string::npos || !value.is_object()) {
        continue;
      }
      for (const auto& [state, count] : value.items()) {
        if (state == "total" || state == "idle") continue;
        busy += count.get<uint64_t>();
        if (state != "issued") cycles[state] += count.get<uint64_t>();
      }
    }
  }
  std::vector<std::pair<std::string, uint64_t>> ranked(cycles.begin(), cycles.end());
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string out;
  for (size_t i = 0; i < std::min<size_t>(2, ranked.size()) && busy != 0; ++i) {
    out += fmt::format("{}{} {:.0f} %", i == 0 ? "" : ", ", ranked[i].first,
                       100.0 * static_cast<double>(ranked[i].second) / static_cast<double>(busy));
  }
  return out.empty() ? "-" : out;
}

// The launches of a kernel that ran to their end (its device's history: a launch a fault
// stopped has no statistics), also those before a fault stopped the kernel.
void record_launches(const std::string& kernel, const std::deque<LaunchStats>& launches,
                     DemoStats& stats) {
  for (const LaunchStats& launch : launches) {
    stats.tables.emplace_back(kernel, launch.stats_text());
    stats.json.push_back(launch.stats_json());
    stats.cycles += launch.cycles;
    stats.warp_instructions += launch.warp_instructions;
    note_sanitized(kernel, launch.sanitize, launch.sanitize_json, launch.sanitize_errors,
                   stats.sanitized);
  }
}

// Timing mode: the kernel's cycles and IPC after its row, then one line per launch.
void print_launch_cycles(const std::deque<LaunchStats>& launches) {
  uint64_t cycles = 0, instructions = 0;
  for (const LaunchStats& launch : launches) {
    cycles += launch.cycles;
    instructions += launch.warp_instructions;
  }
  fmt::print("  {}\n", cycles_text(cycles, instructions));
  for (size_t i = 0; i < launches.size(); ++i) {
    fmt::print("  launch {}: {}\n", i + 1,
               cycles_text(launches[i].cycles, launches[i].warp_instructions));
  }
  fmt::print("  top stalls: {} of the warp-slot cycles with a warp\n", top_stalls(launches));
}

// run.timeline and run.events of the demo: one file per kernel, its name before the
// extension (demo.json -> demo-vecadd.json; `default_extension` when it has none), since every
// kernel runs on a fresh device. A path that is not a regular file (/dev/null, a pipe) is no
// name to derive others from: every kernel writes to it (issue 54: --timeline /dev/null made
// /dev/null-vecadd files in /dev).
std::string kernel_file(const std::string& path, const std::string& kernel,
                        std::string_view default_extension) {
  std::error_code error;
  if (path.empty() ||
      (std::filesystem::exists(path, error) && !std::filesystem::is_regular_file(path, error))) {
    return path;
  }
  const std::filesystem::path p(path);
  const std::string extension =
      p.has_extension() ? p.extension().string() : std::string(default_extension);
  return (p.parent_path() / (p.stem().string() + "-" + kernel + extension)).string();
}
constexpr std::string_view kTimelineExtension = ".json";  // docs/timeline.md
constexpr std::string_view kEventsExtension = ".log";

// A kernel's device: its own timeline and event files, and the statistics of every launch it
// makes (its rows, cycles and --stats-json come from the device's history; run.launch_history
// bounds long-lived devices, and a demo kernel launches a handful of times).
Config kernel_config(const Config& config, const std::string& kernel) {
  Config c = config;
  c.simulation.timeline = kernel_file(c.simulation.timeline, kernel, kTimelineExtension);
  c.simulation.events = kernel_file(c.simulation.events, kernel, kEventsExtension);
  c.simulation.launch_history = SimulationOptions::kMaxLaunchHistory;
  return c;
}

// The timeline and event files of every kernel are checked before the first kernel runs, as
// --stats-json is: "-" (the demo's rows go to standard output) or a path that cannot be
// written is an input error naming the option and the path, not six failed kernels.
Status check_kernel_files(const Config& config, const std::vector<DemoCase>& cases) {
  const struct {
    const char* option;
    const char* what;
    const std::string& path;
    std::string_view extension;
  } outputs[] = {{"--timeline", "timeline", config.simulation.timeline, kTimelineExtension},
                 {"--events", "event log", config.simulation.events, kEventsExtension}};
  for (const auto& out : outputs) {
    if (out.path.empty()) continue;
    if (auto usable = check_file_beside_report(out.path, out.option, out.what); !usable) {
      return usable;
    }
    for (const DemoCase& demo : cases) {
      auto writable =
          check_output_file(kernel_file(out.path, demo.kernel, out.extension), out.what);
      if (!writable) return Error{fmt::format("{}: {}", out.option, writable.error().message)};
    }
  }
  return ok_status();
}

// Runs one demo kernel on a fresh device (every program is loaded at the ELF's link
// address) and prints its row; false when it failed.
bool run_demo_case(const DemoCase& demo, const Config& config, DemoStats& stats,
                   ProgressLine& progress) {
  auto device = Device::create(kernel_config(config, demo.kernel));
  if (device) (*device)->set_progress(progress.observer(demo.kernel));
  auto report = device ? demo.run(**device) : Result<RunReport>(device.error());
  progress.erase();
  if (report) {  // the timeline and event log written as it ran: a failed write is lost output
    if (auto closed = (*device)->close_outputs(); !closed) report = closed.error();
  }
  if (!report) {
    fmt::print("{:<13} {:<26} {:<6} {:>12}  {}\n", demo.kernel, "-", "FAIL", "-",
               report.error().message);
    if (device) record_launches(demo.kernel, (*device)->launch_history(), stats);
    return false;
  }
  record_launches(report->kernel, (*device)->launch_history(), stats);
  fmt::print("{:<13} {:<26} {:<6} {:>12}  {}", report->kernel, report->configuration,
             report->pass ? "pass" : "FAIL", report->stats.warp_instructions, speed(report->stats));
  if (config.simulation.timing) {
    print_launch_cycles((*device)->launch_history());
  } else {
    fmt::print("\n");
  }
  if (!report->pass) fmt::print("  {}\n", report->detail);
  return report->pass;
}

// The machine the demo runs on, and the heading of its table.
void print_header(const Config& config) {
  const MachineConfig& machine = config.machine;
  const auto plural = [](uint32_t n, std::string_view what) {
    return fmt::format("{} {}{}", n, what, n == 1 ? "" : "s");
  };
  fmt::print("Ventus {}: {}, {} per warp, {} per SM\n\n",
             config.simulation.timing ? "cycle model" : "functional simulator",
             plural(machine.sm_count, "SM"), plural(machine.threads_per_warp, "thread"),
             plural(machine.warp_slots_per_sm, "warp slot"));
  fmt::print("{:<13} {:<26} {:<6} {:>12}  {}\n", "kernel", "configuration", "check", "warp instr",
             "speed");
}

int run_demo(const DemoOptions& options) {
  auto config = load_config(options.sim);
  if (!config) {
    fmt::print(stderr, "ventus demo: {}\n", config.error().message);
    return 2;
  }
  if (options.threads_per_warp) config->machine.threads_per_warp = *options.threads_per_warp;
  config->simulation.max_warp_instructions = effective_instruction_limit(
      options.max_instructions, config->simulation.max_warp_instructions,
      config->simulation.timing);
  const auto selected = selected_cases(config->machine, options.kernels);
  if (!selected) {
    fmt::print(stderr, "ventus demo: {}\n", selected.error().message);
    return 2;
  }
  const std::vector<DemoCase>& cases = *selected;
  if (auto files = check_kernel_files(*config, cases); !files) {
    fmt::print(stderr, "ventus demo: {}\n", files.error().message);
    return 2;
  }
  print_header(*config);
  int failures = 0;
  DemoStats stats;
  ProgressLine progress = ProgressLine::for_stderr();
  for (const DemoCase& demo : cases) {
    if (!run_demo_case(demo, *config, stats, progress)) ++failures;
  }
  fmt::print("\n{}\n", failures == 0 ? "all results match the CPU reference"
                                     : fmt::format("{} kernel(s) FAILED", failures));
  // The launches that ran to their end, each counted (a fault stopped the others: no total
  // when none was counted, TIMING.md §2).
  std::optional<uint64_t> total_cycles;
  if (config->simulation.timing && !stats.json.empty()) {
    total_cycles = stats.cycles;
    print_total_cycles(stats.cycles, stats.warp_instructions);
  }
  if (options.sim.stats) {
    for (const auto& [kernel, table] : stats.tables) print_launch_stats(kernel, table);
  }
  if (auto written = write_stats_json(options.sim, stats.json, total_cycles); !written) {
    fmt::print(stderr, "ventus demo: {}\n", written.error().message);
    return 2;
  }
  if (auto written = write_sanitize_report(options.sim, stats.sanitized); !written) {
    fmt::print(stderr, "ventus demo: {}\n", written.error().message);
    return 2;
  }
  return failures == 0 && !any_sanitize_error(stats.sanitized) ? 0 : 1;
}

}  // namespace

void register_demo(CLI::App& app, int& exit_status) {
  auto options = std::make_shared<DemoOptions>();
  CLI::App* cmd = app.add_subcommand("demo",
                                     "Run a few kernels of the suite on the "
                                     "default machine and check the results");
  cmd->add_option("-t,--threads-per-warp", options->threads_per_warp,
                  "threads per warp (1, 2, 4, 8, 16 or 32; default: sm.threads_per_warp)")
      ->check(CLI::IsMember({1u, 2u, 4u, 8u, 16u, 32u}));
  cmd->add_option("--kernels", options->kernels,
                  "only these kernels of the demo, e.g. vecadd,reduction (default: all of them)")
      ->delimiter(',');
  add_sim_options(*cmd, options->sim);
  add_instruction_limit_option(*cmd, options->max_instructions);
  cmd->callback([options, &exit_status] { exit_status = run_demo(*options); });
}

std::vector<std::string> demo_kernel_names() {
  std::vector<std::string> names;
  for (const DemoCase& c : demo_cases(MachineConfig{})) names.push_back(c.kernel);
  return names;
}

}  // namespace ventus::tools
