// Options every simulating sub-command shares (run, case, demo, bench): the machine
// (--config, --set) and statistics output (--stats, --stats-json).
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "ventus/runtime.hpp"

namespace ventus::tools {

struct SimCliOptions {
  std::string config_path;             // TOML machine description
  std::vector<std::string> overrides;  // key=value, applied in order after the file
  bool timing = false;                 // --timing: same as --set run.timing=true
  std::string timeline;                // --timeline FILE: --set run.timeline=FILE
  std::string timeline_cycles;         // --timeline-cycles FROM:TO: run.timeline_from/_to
  std::string timeline_slots;          // --timeline-slots LIST: run.timeline_slots
  std::string events;                  // --events FILE: --set run.events=FILE
  std::string host_threads;            // --host-threads N: run.host_threads=N
  bool stats = false;                  // print every launch's statistics table
  std::string stats_json_path;         // write {"format", "version", "launches": [...]}
};

void add_sim_options(CLI::App& cmd, SimCliOptions& options);

// --max-instructions N (0 = no limit; default run.max_warp_instructions, else 10^9).
void add_instruction_limit_option(CLI::App& cmd, std::optional<uint64_t>& limit);

// Every --set, then the assignments the shortcut options stand for (--timing, --timeline...).
Result<std::vector<std::string>> sim_overrides(const SimCliOptions& options);
// The output files the options name (--stats-json) can be written: checked before a run, so
// a wrong path does not cost the whole simulation.
Status check_sim_outputs(const SimCliOptions& options);
// The outputs checked, the file (if any), then every --set; errors name the option at fault.
Result<Config> load_config(const SimCliOptions& options);

// One launch's statistics as printed by --stats.
void print_launch_stats(std::string_view title, std::string_view table);

// Timing mode: "N cycles, IPC x.xxx", IPC being warp-instructions per cycle (docs/timing.md).
std::string cycles_text(uint64_t cycles, uint64_t warp_instructions);

// Timing mode: "total: N cycles, IPC x.xxx" for the whole run.
void print_total_cycles(uint64_t cycles, uint64_t warp_instructions);

// Writes the statistics document of docs/stats.md: `launches` are the JSON objects of each
// launch in order. Does nothing without --stats-json.
// With `total_cycles` (timing mode) the document also has "total_cycles".
Status write_stats_json(const SimCliOptions& options, const std::vector<std::string>& launches,
                        std::optional<uint64_t> total_cycles = std::nullopt);

}  // namespace ventus::tools
