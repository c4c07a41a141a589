// Shared simulation options of the sub-commands: configuration loading, statistics output.
#include "sim_options.hpp"

#include <fmt/format.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "common/output_file.hpp"

namespace ventus::tools {

namespace {

// An option given an empty value ('') is refused like any other bad value, rather than
// silently taken as not given (issue 54: some options accepted '', others refused it).
const CLI::Validator kNonEmpty(
    [](const std::string& value) { return value.empty() ? std::string("empty value") : ""; }, "",
    "NONEMPTY");

}  // namespace

void add_sim_options(CLI::App& cmd, SimCliOptions& o, bool trace_outputs) {
  cmd.add_option("--config", o.config_path, "TOML machine description (configs/*.toml)");
  cmd.add_option("--set", o.overrides,
                 "override a parameter, e.g. --set sm.threads_per_warp=16 (see `ventus config`)");
  cmd.add_flag("--timing", o.timing,
               "run on the cycle-level model: cycles and IPC of every launch (run.timing)");
  cmd.add_option("--timeline", o.timeline,
                 "with --timing: write the cycle model's timeline (Trace Event JSON for Perfetto, "
                 "docs/timeline.md) to this file (run.timeline)");
  cmd.add_option("--timeline-cycles", o.timeline_cycles,
                 "FROM:TO: only these cycles in the timeline (TO empty = to the end)");
  cmd.add_option("--timeline-slots", o.timeline_slots,
                 "LIST: only these warp slots' slices in the timeline, e.g. 0,1");
  cmd.add_option("--events", o.events,
                 "with --timing: write the cycle model's events, one line each, named as the RTL "
                 "test bench's monitor names them (docs/timing.md \"Event log\") (run.events)");
  if (!trace_outputs) {
    for (const char* name : {"--timeline", "--timeline-cycles", "--timeline-slots", "--events"}) {
      cmd.get_option(name)->group("");  // an empty group hides an option from the help
    }
  }
  cmd.add_option("--host-threads", o.host_threads,
                 "host threads that simulate work-groups at once, 0 = every core; results equal "
                 "one thread's (run.host_threads, docs/host-threads.md)");
  cmd.add_flag("--stats", o.stats, "print every launch's statistics (docs/stats.md)");
  cmd.add_option("--stats-json", o.stats_json_path,
                 "write every launch's statistics as JSON to this file ('-' = standard output, "
                 "after the run's lines) (docs/stats.md)");
  cmd.add_option("--sanitize", o.sanitize,
                 "LIST: find data races, uninitialised reads and barrier misuse: race, init, "
                 "sync, memcheck or all (run.sanitize, docs/sanitizers.md); exit status 1 when "
                 "they report an error");
  cmd.add_option("--sanitize-report", o.sanitize_report,
                 "write the sanitizers' findings as JSON to this file (docs/sanitizers.md)");
  for (const char* name :
       {"--config", "--set", "--timeline", "--timeline-cycles", "--timeline-slots", "--events",
        "--host-threads", "--stats-json", "--sanitize", "--sanitize-report"}) {
    cmd.get_option(name)->check(kNonEmpty);
  }
}

void add_instruction_limit_option(CLI::App& cmd, std::optional<uint64_t>& limit) {
  cmd.add_option("--max-instructions", limit,
                 "stop a launch after this many warp-instructions (0 = no limit; default: "
                 "run.max_warp_instructions, else 100000000, 10000000 with --timing)");
}

void add_gdb_options(CLI::App& cmd, std::string& gdb, bool& allow_remote) {
  cmd.add_option("--gdb", gdb,
                 "wait for gdb-multiarch on [HOST:]PORT (loopback; port 0 picks a free one) "
                 "with the kernel stopped before its first instruction (docs/debugging.md)");
  cmd.add_flag("--gdb-allow-remote", allow_remote,
               "let --gdb listen on an address other than loopback");
}

// A shortcut option's value checked on its own, so that an error names the option the user
// typed rather than the --set it stands for (issue 54: "--set run.host_threads=-1").
Status shortcut(std::vector<std::string>& overrides, std::string_view option, std::string_view key,
                const std::string& value) {
  const std::string assignment = fmt::format("{}={}", key, value);
  if (auto valid = Config{}.set(assignment); !valid) {
    return Error{fmt::format("{} {}: {}", option, value, valid.error().message)};
  }
  overrides.push_back(assignment);
  return ok_status();
}

Result<std::vector<std::string>> sim_overrides(const SimCliOptions& o) {
  std::vector<std::string> overrides = o.overrides;
  if (o.timing) overrides.emplace_back("run.timing=true");
  if (!o.timeline.empty()) overrides.push_back("run.timeline=" + o.timeline);
  if (!o.timeline_slots.empty()) {
    auto s = shortcut(overrides, "--timeline-slots", "run.timeline_slots", o.timeline_slots);
    if (!s) return s.error();
  }
  if (!o.events.empty()) overrides.push_back("run.events=" + o.events);
  if (!o.sanitize.empty()) {  // the list is checked here to name the option
    if (auto checks = functional::parse_sanitize_checks(o.sanitize); !checks) {
      return Error{fmt::format("--sanitize {}: {}", o.sanitize, checks.error().message)};
    }
    overrides.push_back("run.sanitize=" + o.sanitize);
  }
  if (!o.host_threads.empty()) {
    auto s = shortcut(overrides, "--host-threads", "run.host_threads", o.host_threads);
    if (!s) return s.error();
  }
  if (!o.timeline_cycles.empty()) {
    const size_t colon = o.timeline_cycles.find(':');
    if (colon == std::string::npos) {
      return Error{fmt::format("--timeline-cycles {}: expected FROM:TO (TO may be empty)",
                               o.timeline_cycles)};
    }
    overrides.push_back("run.timeline_from=" + o.timeline_cycles.substr(0, colon));
    const std::string to = o.timeline_cycles.substr(colon + 1);
    overrides.push_back("run.timeline_to=" + (to.empty() ? std::string("0") : to));
  }
  return overrides;
}

Status check_sim_outputs(const SimCliOptions& o, const std::vector<NamedOutput>& more) {
  if (!o.stats_json_path.empty()) {
    auto checked = check_output_file(o.stats_json_path, "statistics file");
    if (!checked) return Error{"--stats-json: " + checked.error().message};
  }
  if (!o.sanitize_report.empty()) {
    auto checked = check_output_file(o.sanitize_report, "sanitize report");
    if (!checked) return Error{"--sanitize-report: " + checked.error().message};
  }
  // The timeline and event log are opened (and so checked) before the first launch runs;
  // here they must only not be another output of the run.
  std::vector<NamedOutput> outputs = more;
  outputs.push_back({"--stats-json", o.stats_json_path});
  outputs.push_back({"--timeline", o.timeline});
  outputs.push_back({"--events", o.events});
  outputs.push_back({"--sanitize-report", o.sanitize_report});
  return check_distinct_outputs(outputs);
}

Result<Config> load_config(const SimCliOptions& o) {
  if (auto outputs = check_sim_outputs(o); !outputs) return outputs.error();
  auto overrides = sim_overrides(o);
  if (!overrides) return overrides.error();
  return Config::from_command_line(o.config_path, *overrides);
}

void print_launch_stats(std::string_view title, std::string_view table) {
  fmt::print("\nstatistics of {}:\n{}", title, table);
}

std::string cycles_text(uint64_t cycles, uint64_t warp_instructions) {
  const double ipc =
      cycles == 0 ? 0.0 : static_cast<double>(warp_instructions) / static_cast<double>(cycles);
  return fmt::format("{} cycles, IPC {:.3f}", cycles, ipc);
}

void print_total_cycles(uint64_t cycles, uint64_t warp_instructions) {
  fmt::print("total: {}\n", cycles_text(cycles, warp_instructions));
}

Status write_stats_json(const SimCliOptions& o, const std::vector<std::string>& launches,
                        std::optional<uint64_t> total_cycles) {
  if (o.stats_json_path.empty()) return ok_status();
  nlohmann::json doc;
  doc["format"] = "ventus-stats";
  doc["version"] = 1;
  doc["launches"] = nlohmann::json::array();
  for (const std::string& launch : launches)
    doc["launches"].push_back(nlohmann::json::parse(launch));
  if (total_cycles) doc["total_cycles"] = *total_cycles;
  if (o.stats_json_path == "-") {  // standard output, after the run's lines (as --log -)
    fmt::print("{}\n", doc.dump(1));
    return ok_status();
  }
  std::ofstream out(o.stats_json_path, std::ios::binary);
  out << doc.dump(1) << '\n';
  out.close();  // a full device fails only when the buffered bytes go out
  if (!out) return Error{fmt::format("--stats-json: cannot write '{}'", o.stats_json_path)};
  return ok_status();
}

void note_sanitized(const std::string& kernel, const std::vector<std::string>& lines,
                    const std::string& findings_json, uint64_t errors,
                    std::vector<SanitizedLaunch>& launches) {
  if (lines.empty()) return;  // run.sanitize = none
  for (const std::string& line : lines) fmt::print(stderr, "{}\n", line);
  launches.push_back({kernel, findings_json, errors});
}

Status write_sanitize_report(const SimCliOptions& o, const std::vector<SanitizedLaunch>& launches) {
  if (o.sanitize_report.empty()) return ok_status();
  nlohmann::json doc;
  doc["format"] = "ventus-sanitize";
  doc["version"] = 1;
  doc["launches"] = nlohmann::json::array();
  for (const SanitizedLaunch& launch : launches) {
    doc["launches"].push_back({{"kernel", launch.kernel},
                               {"errors", launch.errors},
                               {"findings", nlohmann::json::parse(launch.findings_json)}});
  }
  std::ofstream out(o.sanitize_report, std::ios::binary);
  out << doc.dump(1) << '\n';
  out.close();
  if (!out) return Error{fmt::format("--sanitize-report: cannot write '{}'", o.sanitize_report)};
  return ok_status();
}

bool any_sanitize_error(const std::vector<SanitizedLaunch>& launches) {
  for (const SanitizedLaunch& launch : launches) {
    if (launch.errors != 0) return true;
  }
  return false;
}

}  // namespace ventus::tools
