// `ventus case DIR`: runs a reference test-case directory on the functional simulator.
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "progress_line.hpp"
#include "debug/gdb_server.hpp"
#include "runner/case_runner.hpp"
#include "runtime/case_options.hpp"
#include "runtime/run_command.hpp"
#include "runtime/timeline_config.hpp"
#include "sim_options.hpp"

namespace ventus::tools {
namespace {

struct CaseArgs {
  std::string dir;
  bool ref_compat = false;
  std::string log_dir;
  std::string dump_dir;
  std::optional<uint64_t> max_instructions;
  SimCliOptions sim;
  std::string memcheck;  // overrides run.memcheck
  bool check = false;    // --check: PASS/FAIL per launch against expected/ and ref-logs/
  std::vector<std::string> launches;  // --launches A,B,C
  std::vector<std::string> timing_launches;  // --timing-launches A,1 (names or indices)
  bool warm_caches = false;                  // --warm-caches
  uint32_t threads_per_warp = 0;      // --threads-per-warp N (0: the metadata's wf_size)
  std::string gdb;                    // --gdb [HOST:]PORT (docs/debugging.md)
  bool gdb_allow_remote = false;
};

// Exit status: 0 every launch ran to its end, 1 a guest fault (or a REF-style trap) happened
// or, with --check, a launch FAILed; 2 the case could not be loaded or an output could not be
// written.
// The effective configuration: --config, --set, then the --ref-compat and --memcheck
// shortcuts (so the statistics' "config" shows what ran).
Result<Config> case_config(const CaseArgs& args) {
  SimCliOptions sim = args.sim;
  if (args.ref_compat) sim.overrides.emplace_back("run.ref_compat=true");
  if (!args.memcheck.empty()) sim.overrides.push_back("run.memcheck=" + args.memcheck);
  return load_config(sim);
}

runner::CaseOptions case_options(const CaseArgs& args, const Config& config) {
  runner::CaseOptions options = case_options_for(config, args.max_instructions);
  if (!args.log_dir.empty()) options.log_dir = args.log_dir;
  if (!args.dump_dir.empty()) options.dump_dir = args.dump_dir;
  options.launches = args.launches;
  options.timing_launches = args.timing_launches;
  options.warm_caches = args.warm_caches;
  options.check = args.check;
  options.threads_per_warp = args.threads_per_warp;
  return options;
}

// "PASS vecadd_0 (memory, log)" or "FAIL vecadd_0: <first difference>"; false on FAIL.
bool print_check(const runner::LaunchReport& launch) {
  const runner::CheckOutcome& c = *launch.check;
  if (!c.passed()) {
    fmt::print("FAIL {}: {}\n", launch.name, *c.difference);
    return false;
  }
  if (!c.compared_memory && !c.compared_log) {
    fmt::print("PASS {} (nothing to compare: no expected/{}.out)\n", launch.name, launch.name);
    return true;
  }
  fmt::print("PASS {} ({})\n", launch.name,
             c.compared_memory && c.compared_log ? "memory, log"
             : c.compared_memory                 ? "memory"
                                                 : "log");
  return true;
}

// The total of the launches that were counted, printed: one a fault stopped has no cycles
// (TIMING.md §2), and with none counted (or on the functional model) there is no total.
std::optional<uint64_t> print_counted_total(const runner::CaseReport& report) {
  uint64_t counted = 0, instructions = 0;
  for (const runner::LaunchReport& launch : report.launches) {
    if (!launch.timing) continue;
    ++counted;
    instructions += launch.stats.warp_instructions;
  }
  if (counted == 0) return std::nullopt;
  print_total_cycles(report.total_cycles(), instructions);
  return report.total_cycles();
}

// --check compares memory with expected/<launch>.out and, with --ref-compat, the commit log
// with ref-logs/<launch>.log: of a case with neither there is nothing to check, and a PASS
// would say it was checked (issue 54).
Status something_to_check(const CaseArgs& args, const Config& config) {
  const std::filesystem::path dir(args.dir);
  std::error_code error;
  if (!args.check || !std::filesystem::is_directory(dir, error) ||
      std::filesystem::is_directory(dir / "expected", error)) {
    return ok_status();  // a directory that is no case is reported when it is loaded
  }
  const bool logs = std::filesystem::is_directory(dir / "ref-logs", error);
  if (logs && config.simulation.ref_compat) return ok_status();
  return Error{fmt::format("--check: nothing to check: {} has no expected/ directory{}", args.dir,
                           logs ? " (its ref-logs/ are compared with --ref-compat only)"
                                : " and no ref-logs/ directory")};
}

int run_case_command(const CaseArgs& args) {
  auto config = case_config(args);
  if (!config) {
    fmt::print(stderr, "ventus case: {}\n", config.error().message);
    return 2;
  }
  if (auto checkable = something_to_check(args, *config); !checkable) {
    fmt::print(stderr, "ventus case: {}\n", checkable.error().message);
    return 2;
  }
  runner::CaseOptions options = case_options(args, *config);
  std::unique_ptr<debug::GdbServer> gdb;
  if (!args.gdb.empty()) {
    auto server = debug::start_gdb_server(args.gdb, args.gdb_allow_remote);
    if (!server) {
      fmt::print(stderr, "ventus case: {}\n", server.error().message);
      return 2;
    }
    gdb = std::move(server.value());
    options.launch_driver = gdb->driver();
  }
  // Not under gdb: the debugger's session owns the terminal.
  ProgressLine progress = ProgressLine::for_stderr();
  if (!gdb) options.progress = progress.observer();
  const auto report = runner::run_case(args.dir, options);
  progress.erase();
  if (!report) {
    fmt::print(stderr, "ventus case: {}\n", report.error().message);
    return 2;
  }
  std::vector<std::string> stats;
  std::vector<SanitizedLaunch> sanitized;
  bool all_passed = true;
  for (const runner::LaunchReport& launch : report->launches) {
    if (launch.widened) fmt::print(stderr, "ventus case: note: {}\n", *launch.widened);
    fmt::print("{}\n", launch.summary());
    if (launch.check && !print_check(launch)) all_passed = false;
    for (const std::string& line : launch.memcheck) fmt::print(stderr, "{}\n", line);
    note_sanitized(launch.name, launch.sanitize.lines, launch.sanitize.json, launch.sanitize.errors,
                   sanitized);
    if (args.sim.stats) print_launch_stats(launch.name, launch.stats_text);
    stats.push_back(launch.stats_json);
    if (launch.fault) fmt::print(stderr, "ventus case: {}\n", launch.fault->message());
    if (launch.tohost_end) fmt::print(stderr, "ventus case: note: {}\n", *launch.tohost_end);
    if (launch.ref_trap) {
      fmt::print(stderr, "ventus case: trap entered mtvec as in REF: {}\n",
                 launch.ref_trap->message());
    }
  }
  const std::optional<uint64_t> total_cycles = print_counted_total(*report);
  if (auto written = write_stats_json(args.sim, stats, total_cycles); !written) {
    fmt::print(stderr, "ventus case: {}\n", written.error().message);
    return 2;
  }
  if (auto written = write_sanitize_report(args.sim, sanitized); !written) {
    fmt::print(stderr, "ventus case: {}\n", written.error().message);
    return 2;
  }
  if (any_sanitize_error(sanitized)) return 1;
  if (args.check) {
    // A REF-style trap that REF took too is a PASS; a fault or a difference is not.
    bool faulted = false;
    for (const runner::LaunchReport& launch : report->launches) faulted |= launch.fault.has_value();
    return all_passed && !faulted ? 0 : 1;
  }
  return report->ok() ? 0 : 1;
}

}  // namespace

void register_case(CLI::App& app, int& exit_status) {
  auto args = std::make_shared<CaseArgs>();
  CLI::App* cmd = app.add_subcommand("case", "Run a reference test-case directory (cases.ini)");
  cmd->add_option("DIR", args->dir, "test-case directory")->required();
  cmd->add_flag("--ref-compat", args->ref_compat,
                "reproduce the reference simulator's observable behaviour (DESIGN.md §3)");
  cmd->add_option("--log-dir", args->log_dir, "write one commit log per launch (<launch>.log)");
  cmd->add_option("--dump-dir", args->dump_dir,
                  "after each launch write its buffers in the .data format (<launch>.out)");
  cmd->add_option("--max-instructions", args->max_instructions,
                  "stop a launch after this many warp-instructions (0 = no limit; default: "
                  "run.max_warp_instructions, else 1000000000)");
  cmd->add_option("--launches", args->launches,
                  "run only these launches of cases.ini, in this order (e.g. Fan1_0,Fan2_0)")
      ->delimiter(',');
  cmd->add_option("--timing-launches", args->timing_launches,
                  "with --timing: time only these launches (names, or 0-based indices in the "
                  "order the case runs them); the others run functionally on the same memory "
                  "(docs/timing.md \"Timing some launches\")")
      ->delimiter(',');
  cmd->add_flag("--warm-caches", args->warm_caches,
                "with --timing-launches: the launches run functionally warm the I-cache's "
                "replacement state of the timed ones, an approximation (docs/timing.md)");
  cmd->add_option("--threads-per-warp", args->threads_per_warp,
                  "run every warp with N threads instead of the metadata's wf_size, as an RTL "
                  "built with NUM_THREAD = N does (vl and thread ids follow N)")
      ->check(CLI::IsMember({1, 2, 4, 8, 16, 32}));
  cmd->add_flag("--check", args->check,
                "compare every launch's memory with expected/<launch>.out and, with "
                "--ref-compat, its commit log with ref-logs/<launch>.log; PASS or FAIL per launch");
  add_sim_options(*cmd, args->sim);
  cmd->add_option("--memcheck", args->memcheck,
                  "accesses outside every buffer: off, report (default) or strict "
                  "(docs/memcheck.md)")
      ->check(CLI::IsMember({"off", "report", "strict"}));
  add_gdb_options(*cmd, args->gdb, args->gdb_allow_remote);
  cmd->callback([args, &exit_status] { exit_status = run_case_command(*args); });
}

}  // namespace ventus::tools
