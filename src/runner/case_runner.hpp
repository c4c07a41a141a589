// run_case: runs a reference test-case directory launch by launch (`ventus case`).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "functional/engine.hpp"
#include "functional/functional_stats.hpp"
#include "functional/launch.hpp"
#include "functional/machine_shape.hpp"
#include "functional/sanitize/report.hpp"
#include "loader/test_case.hpp"
#include "memory/device_memory.hpp"
#include "runner/case_check.hpp"
#include "timing/event_log.hpp"
#include "timing/gpu_model.hpp"
#include "timing/params.hpp"
#include "timing/timeline.hpp"

namespace ventus::runner {

struct CaseOptions {
  functional::Mode mode = functional::Mode::Default;
  std::optional<std::filesystem::path> log_dir;   // one `<launch>.log` per launch
  std::optional<std::filesystem::path> dump_dir;  // one `<launch>.out` per launch
  uint64_t max_instructions = 0;                  // per launch, warp-instructions; 0 = none
  functional::MachineShape machine;               // where work-groups run (per-SM stats)
  // A launch whose work-group the machine does not hold runs on the machine widened to it
  // (LaunchReport::widened); false: it is refused naming the --set (run.widen_machine,
  // always false on the cycle model).
  bool widen_machine = true;
  functional::Schedule schedule = functional::Schedule::Burst;  // default mode only
  uint64_t random_seed = 1;                                     // Schedule::Random
  uint32_t host_threads = 1;  // run.host_threads (docs/host-threads.md)
  functional::Memcheck memcheck = functional::Memcheck::Report;  // docs/memcheck.md
  functional::SanitizeOptions sanitize;                          // docs/sanitizers.md
  // Set: every launch runs on the cycle model with these parameters (`--timing`).
  std::optional<timing::TimingParams> timing;
  // Non-empty (with timing, `--timing-launches`): only these launches run on the cycle model,
  // the others functionally on the same memory; each a name or a 0-based index into the
  // launches the case runs (case_setup.hpp timed_launches). The cycle model's state that
  // outlives a launch (the I-cache's replacement state, docs/timing.md) passes from one timed
  // launch to the next; the functional ones leave it as it was.
  std::vector<std::string> timing_launches;
  // With timing_launches (`--warm-caches`): the launches run functionally feed their
  // instruction fetches into the cycle model's I-cache replacement state, as they would have
  // on the model (docs/timing.md "Timing some launches", an approximation).
  bool warm_caches = false;
  // Set (with timing): the launches write this timeline, one after the other (--timeline).
  std::optional<timing::TimelineOptions> timeline;
  // Non-empty (with timing): the launches write their events to this file, one after the
  // other (--events, docs/timing.md "Event log").
  std::string events;
  // `--check`: compare every launch's memory with expected/<launch>.out and, in
  // --ref-compat, its commit log with ref-logs/<launch>.log (LaunchReport::check).
  bool check = false;
  // Non-empty: run only these launches of cases.ini, in this order (`--launches`).
  std::vector<std::string> launches;
  // Non-zero (`--threads-per-warp`): every launch's warps have this many threads instead of
  // the metadata's wf_size, as on an RTL built with NUM_THREAD = N, where vsetvli gives
  // min(AVL, NUM_THREAD) and thread ids step by NUM_THREAD (ISA.md §3, §5.3) whatever the
  // host wrote. A power of two in 1..32.
  uint32_t threads_per_warp = 0;
  // The effective configuration as a JSON object text, copied into each launch's stats
  // JSON ("config"); "{}" when empty.
  std::string config_json;
  // Called after every launch that ran without an input error (also after a faulting one),
  // with the case's memory as it stands then: lets tests read back any buffer by its case
  // address, which `.out` dumps of later launches do not list.
  std::function<void(const loader::Launch&, const memory::DeviceMemory&)> after_launch;
  // Set: drives every launch in place of the functional schedulers (the debugger, --gdb).
  functional::LaunchDriver launch_driver;
  // Set: told each launch's progress with its number, the run's launch count and its name.
  functional::ProgressObserver progress;
};

struct LaunchReport {
  std::string name;    // launch name from cases.ini
  std::string kernel;  // kernel symbol when the ELF names it, else the launch name
  functional::LaunchStats stats;
  std::string stats_text;               // every registered statistic (docs/stats.md)
  std::string stats_json;               // {"launch", "kernel", "config", "stats", "stat_info"}
  std::vector<std::string> memcheck;    // Memcheck::Report lines (docs/memcheck.md)
  functional::SanitizeResult sanitize;  // run.sanitize's report (docs/sanitizers.md)
  double seconds = 0;
  std::optional<functional::Fault> fault;
  std::optional<functional::Fault> ref_trap;  // --ref-compat trap that entered mtvec
  std::optional<std::string> tohost_end;      // --ref-compat: a tohost store ended a group
  std::optional<std::string> widened;  // "machine widened: sm.warp_slots 8 → 16 for launch …"
  std::optional<CheckOutcome> check;   // with CaseOptions::check
  std::optional<timing::TimingResult> timing;  // cycles, with CaseOptions::timing
  // "Fan1_0: 1 work-group, 4 warps, 1234 warp-instructions, ... , 12.3 M warp-instr/s"
  std::string summary() const;
};

struct CaseReport {
  std::string name;
  std::vector<LaunchReport> launches;  // stops after the first launch with a fault
  bool ok() const;
  uint64_t total_cycles() const;  // sum over the launches (timing mode)
};

// Loads the case (input errors are an Error) and runs every launch of cases.ini in order
// on one memory that persists across launches. Guest faults stop the case and are reported
// in the LaunchReport, not as an Error.
Result<CaseReport> run_case(const std::filesystem::path& dir, const CaseOptions& options);

}  // namespace ventus::runner
