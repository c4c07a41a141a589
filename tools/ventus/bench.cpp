// `ventus bench`: simulation speed on the ALU-heavy, memory-heavy and divergent kernels.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdio>
#include <memory>
#include <optional>

#include <string>
#include <vector>

#include "commands.hpp"
#include "runner/speed_bench.hpp"
#include "runtime/run_command.hpp"
#include "sim_options.hpp"

namespace ventus::tools {
namespace {

struct BenchArgs {
  runner::SpeedBenchOptions bench;
  std::optional<uint32_t> iterations;  // --iterations; the default depends on the mode
  SimCliOptions sim;
  std::optional<uint64_t> max_instructions;
};

// One row per kernel that ran to its end (on the cycle model with the simulated cycles per
// second, the rate cycle simulators are compared by, then its cycles and IPC); on the cycle
// model the total line of those kernels, whose cycles are returned, when there is one.
std::optional<uint64_t> print_results(const runner::SpeedBenchOptions& options,
                                      const std::vector<runner::SpeedBenchResult>& results) {
  fmt::print("{} work-groups x {} warps x {} threads, {} loop trips per warp{}\n",
             options.work_groups, options.warps, options.threads, options.iterations,
             options.timing ? ", cycle model" : "");
  uint64_t cycles = 0, instructions = 0, counted = 0;
  for (const runner::SpeedBenchResult& r : results) {
    if (r.fault) continue;  // reported on stderr; its speed would be of a part of the kernel
    ++counted;
    fmt::print(
        "{:<10} {:>12} warp-instr {:>14} thread-instr {:8.3f} s {:8.2f} M warp-instr/s "
        "{:9.2f} M thread-instr/s{}\n",
        r.name, r.stats.warp_instructions, r.stats.thread_instructions, r.seconds,
        r.warp_instructions_per_second() / 1e6, r.thread_instructions_per_second() / 1e6,
        r.cycles ? fmt::format(" {:8.2f} M cycles/s  {}", r.cycles_per_second() / 1e6,
                               cycles_text(*r.cycles, r.stats.warp_instructions))
                 : "");
    cycles += r.cycles.value_or(0);
    instructions += r.stats.warp_instructions;
  }
  if (!options.timing || counted == 0) return std::nullopt;
  print_total_cycles(cycles, instructions);
  return cycles;
}

// What the configuration decides for the benchmark: the loop trips when none were asked for,
// the instruction limit, host threads, the machine and, with --timing, its cycle model.
void take_config(BenchArgs& args, const Config& config) {
  args.bench.iterations =
      args.iterations.value_or(config.simulation.timing ? runner::kDefaultTimingIterations
                                                        : runner::kDefaultFunctionalIterations);
  args.bench.max_warp_instructions =
      effective_instruction_limit(args.max_instructions, config.simulation.max_warp_instructions);
  args.bench.host_threads = config.simulation.host_threads;
  args.bench.machine = config.machine;  // lanes and warps come from --threads/--warps
  args.bench.config_json = config.values_json();
  if (config.simulation.timing) args.bench.timing = config.machine.timing;
}

// --stats and --stats-json of every kernel that ran, a faulted one's up to its fault (as case
// and run write them); false, with the message printed, when the file cannot be written.
bool write_statistics(const SimCliOptions& sim,
                      const std::vector<runner::SpeedBenchResult>& results,
                      std::optional<uint64_t> total_cycles) {
  std::vector<std::string> stats;
  for (const runner::SpeedBenchResult& r : results) {
    if (sim.stats) print_launch_stats(r.name, r.stats_text);
    stats.push_back(r.stats_json);
  }
  if (auto written = write_stats_json(sim, stats, total_cycles); !written) {
    fmt::print(stderr, "ventus bench: {}\n", written.error().message);
    return false;
  }
  return true;
}

int run_bench(BenchArgs& args) {
  auto config = load_config(args.sim);
  if (!config) {
    fmt::print(stderr, "ventus bench: {}\n", config.error().message);
    return 2;
  }
  if (!config->simulation.timeline.empty() || !config->simulation.events.empty()) {
    // A timeline or event log of millions of benchmark instructions would be gigabytes:
    // refused rather than ignored.
    fmt::print(stderr,
               "ventus bench: --timeline and --events (run.timeline, run.events) are for case, "
               "run and demo, not for the speed benchmark\n");
    return 2;
  }
  take_config(args, *config);
  if (auto valid = runner::check_speed_bench_options(args.bench); !valid) {
    fmt::print(stderr, "ventus bench: {}\n", valid.error().message);
    return 2;
  }
  const runner::SpeedBenchOptions& options = args.bench;
  const auto results = runner::run_speed_benchmarks(options);
  if (!results) {
    fmt::print(stderr, "ventus bench: {}\n", results.error().message);
    return 1;
  }
  const std::optional<uint64_t> total_cycles = print_results(options, *results);
  if (!write_statistics(args.sim, *results, total_cycles)) return 2;
  // Only the last kernel can have faulted: the run stops there.
  if (!results->empty() && results->back().fault) {
    fmt::print(stderr, "ventus bench: {}\n", *results->back().fault);
    return 1;
  }
  return 0;
}

}  // namespace

void register_bench(CLI::App& app, int& exit_status) {
  auto args = std::make_shared<BenchArgs>();
  runner::SpeedBenchOptions* options = &args->bench;
  CLI::App* cmd = app.add_subcommand(
      "bench", "Measure simulation speed (functional, or the cycle model with --timing)");
  cmd->add_option(
      "--iterations", args->iterations,
      fmt::format("loop trips per warp (default: {}, on the cycle model {})",
                  runner::kDefaultFunctionalIterations, runner::kDefaultTimingIterations));
  cmd->add_option("--work-groups", options->work_groups, "work-groups")->capture_default_str();
  cmd->add_option("--warps", options->warps, "warps per work-group")->capture_default_str();
  cmd->add_option("--threads", options->threads, "threads per warp (1, 2, 4, 8, 16 or 32)")
      ->capture_default_str();
  cmd->add_option("--kernels", options->kernels,
                  fmt::format("run only these kernels ({}; default: all)",
                              fmt::join(runner::speed_bench_kernel_names(), ", ")))
      ->delimiter(',');
  add_sim_options(*cmd, args->sim, false);  // run_bench refuses a timeline and an event log
  add_instruction_limit_option(*cmd, args->max_instructions);
  cmd->callback([args, &exit_status] { exit_status = run_bench(*args); });
}

}  // namespace ventus::tools
