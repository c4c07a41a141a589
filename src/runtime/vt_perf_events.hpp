// PerfEventWriter: the simulator's performance-attribution events, one line per launch in
// <pass dir>/events.sim.jsonl, in the trace-event schema of the Ventus perf-attribution design
// (ventus-env docs/superpowers/specs/2026-03-17-ventus-perf-attribution-design.md §6.3;
// docs/pocl.md "Performance events").
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "common/result.hpp"
#include "ventus.h"

namespace ventus::vt {

// What one launch contributes to its event (times are CLOCK_MONOTONIC nanoseconds).
struct LaunchEvent {
  std::string kernel_name;
  uint64_t kernel_id = 0;
  uint64_t task_id = 0;
  uint64_t launch_seq = 0;         // 1 for the device's first launch (or the perf context's)
  uint64_t kernel_occurrence = 0;  // 1 for the first launch of this kernel name
  uint64_t signature_hash = 0;     // of name, grid, block, local memory and ELF
  const vt_perf_context_t* context = nullptr;  // overrides the four fields above when set
  uint64_t start_ns = 0, end_ns = 0;
  bool ok = true;
  uint64_t work_groups = 0, warps = 0, warp_instructions = 0, thread_instructions = 0;
  uint64_t cycles = 0;     // 0: not run on the cycle model
  std::string stats_json;  // the launch's statistics document (docs/stats.md); "" = none
};

class PerfEventWriter {
 public:
  // The writer the environment asks for: VENTUS_PERF_OUT_DIR (the design's pass directory),
  // else VENTUS_PERF_DIR; nullopt when neither is set. An Error when the directory cannot be
  // created (the design forbids silently dropping requested events).
  static Result<std::optional<PerfEventWriter>> from_environment(std::string backend);
  // Appends the launch's event; an Error names the file that could not be written.
  Status append(const LaunchEvent& launch);
  const std::string& path() const { return path_; }

 private:
  PerfEventWriter(std::string path, std::string backend, std::string producer)
      : path_(std::move(path)), backend_(std::move(backend)), producer_(std::move(producer)) {}
  std::string path_;
  std::string backend_;   // VENTUS_BACKEND, else the model ("functional" or "cycle")
  std::string producer_;  // "<pid>-<instance>": makes event ids unique across devices
  uint64_t events_ = 0;
};

// The monotonic clock the design requires (CLOCK_MONOTONIC), in nanoseconds.
uint64_t monotonic_ns();

// FNV-1a of `text` continued from `hash` (the launch signature hash).
uint64_t fnv1a(std::string_view text, uint64_t hash = 0xcbf29ce484222325ull);

}  // namespace ventus::vt
