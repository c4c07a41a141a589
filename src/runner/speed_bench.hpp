// Simulation-speed benchmark kernels (issue #4): ALU-heavy, memory-heavy, divergent; 32 threads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "functional/engine.hpp"
#include "functional/functional_stats.hpp"
#include "functional/machine_shape.hpp"
#include "timing/params.hpp"

namespace ventus::runner {

// Loop trips per warp when none is asked for. The cycle model runs about 50 times slower than
// the functional engine, so it takes fewer: its three kernels then finish in seconds, still
// long enough for a stable rate (docs/timing.md "Simulation speed").
inline constexpr uint32_t kDefaultFunctionalIterations = 100000;
inline constexpr uint32_t kDefaultTimingIterations = 20000;

struct SpeedBenchOptions {
  uint32_t iterations = kDefaultFunctionalIterations;  // loop trips per warp
  uint32_t work_groups = 4;
  uint32_t warps = 4;  // per work-group
  uint32_t threads = 32;
  std::vector<std::string> kernels;    // names to run (speed_bench_kernel_names()); empty: all
  uint64_t max_warp_instructions = 0;  // per kernel; 0 = no limit
  uint32_t host_threads = 1;           // run.host_threads (docs/host-threads.md)
  functional::MachineShape machine;    // SMs and slots (warp slots widened to fit `warps`)
  std::string config_json = "{}";      // the effective configuration, copied into stats_json
  // Set: every kernel runs on the cycle model with these parameters (`ventus bench --timing`).
  std::optional<timing::TimingParams> timing;
};

struct SpeedBenchResult {
  std::string name;
  functional::LaunchStats stats;
  std::string stats_text;  // every registered statistic (docs/stats.md)
  std::string stats_json;  // {"kernel", "config", ["cycles",] "stats", "stat_info"}
  double seconds = 0;
  std::optional<uint64_t> cycles;  // on the cycle model: the launch's count (TIMING.md §2)
  // The guest fault that stopped the kernel (the instruction limit, or a bug): its statistics
  // are those up to the fault, and it has no cycle count (the test bench counts a kernel at its
  // end). No kernel runs after it.
  std::optional<std::string> fault;
  double warp_instructions_per_second() const;
  double thread_instructions_per_second() const;
  double cycles_per_second() const;  // simulated cycles (0 off the cycle model)
};

// Checks the ranges the tool documents (issue 13: 0 iterations wrapped to 2^32 trips, 33
// threads ran as 32, 2^32-1 warps aborted): iterations 1..10^9, work-groups 1..65536, warps
// 1..32, threads a power of two in 1..32.
// The benchmark kernels, in the order they run: alu, memory, divergent.
std::vector<std::string> speed_bench_kernel_names();

Status check_speed_bench_options(const SpeedBenchOptions& options);

// Runs the three kernels in the default mode without logging, in order, up to and including
// the first that faults (SpeedBenchResult::fault). An Error only when a kernel could not be
// built.
Result<std::vector<SpeedBenchResult>> run_speed_benchmarks(const SpeedBenchOptions& options);

}  // namespace ventus::runner
