// Options every simulating sub-command shares (run, case, demo, bench): the machine
// (--config, --set) and statistics output (--stats, --stats-json).
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/output_file.hpp"
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
  std::string sanitize;                // --sanitize LIST: run.sanitize (docs/sanitizers.md)
  std::string sanitize_report;         // --sanitize-report FILE.json
};

// One launch's sanitize report as the tools collect it (LaunchStats::sanitize*).
struct SanitizedLaunch {
  std::string kernel;
  std::string findings_json;  // a JSON array (functional/sanitize/report.hpp)
  uint64_t errors = 0;
};

// `trace_outputs` false: --timeline* and --events are parsed (so that the sub-command can
// refuse them with a reason) but not listed in its help (bench).
void add_sim_options(CLI::App& cmd, SimCliOptions& options, bool trace_outputs = true);

// --max-instructions N (0 = no limit; default run.max_warp_instructions, else
// default_instruction_limit).
void add_instruction_limit_option(CLI::App& cmd, std::optional<uint64_t>& limit);

// --gdb [HOST:]PORT and --gdb-allow-remote (docs/debugging.md).
void add_gdb_options(CLI::App& cmd, std::string& gdb, bool& allow_remote);

// Every --set, then the assignments the shortcut options stand for (--timing, --timeline...).
Result<std::vector<std::string>> sim_overrides(const SimCliOptions& options);
// The output files the options name (--stats-json, --timeline, --events) can be written and
// are distinct from each other and from the sub-command's own outputs `more` (run's --log and
// buffers): checked before a run, so a wrong path does not cost the whole simulation and no
// output overwrites another.
Status check_sim_outputs(const SimCliOptions& options, const std::vector<NamedOutput>& more = {});
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

// Prints a launch's sanitize lines to standard error and keeps the launch for the report.
void note_sanitized(const std::string& kernel, const std::vector<std::string>& lines,
                    const std::string& findings_json, uint64_t errors,
                    std::vector<SanitizedLaunch>& launches);
// Writes --sanitize-report (docs/sanitizers.md): {"format": "ventus-sanitize", "version": 1,
// "launches": [{"kernel", "errors", "findings"}]}. Does nothing without the option.
Status write_sanitize_report(const SimCliOptions& options,
                             const std::vector<SanitizedLaunch>& launches);
// True when a launch's sanitizers reported an error (the run's exit status is then 1).
bool any_sanitize_error(const std::vector<SanitizedLaunch>& launches);

}  // namespace ventus::tools
