// `ventus run`: runs one kernel of an ELF or assembly file with arguments from the command line.
#include <unistd.h>

#include <fmt/format.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include "commands.hpp"
#include "debug/gdb_server.hpp"
#include "debug/line_editor.hpp"
#include "debug/repl.hpp"
#include "progress_line.hpp"
#include "runtime/device_state.hpp"
#include "runtime/run_args.hpp"
#include "runtime/run_command.hpp"
#include "sim_options.hpp"

namespace ventus::tools {
namespace {

// Exit status: 0 the kernel ran to its end, 1 a guest fault stopped it, 2 a usage or input
// error (nothing was run or no output written).
struct RunArgs {
  RunOptions run;
  SimCliOptions sim;
  std::string memcheck;   // overrides run.memcheck
  std::string save_case;  // --save-case DIR: run.save_case
  std::string gdb;        // --gdb [HOST:]PORT (docs/debugging.md)
  bool gdb_allow_remote = false;
  bool prompt = false;   // `ventus debug`: the built-in prompt drives the launch
  std::string commands;  // `ventus debug --commands FILE` (default: standard input)
  const char* tool() const { return prompt ? "ventus debug" : "ventus run"; }
};

// The files the run writes besides the simulation options': --log and the output buffers
// (an argument that does not parse is reported when the run builds it).
std::vector<NamedOutput> run_outputs(const RunOptions& run) {
  std::vector<NamedOutput> outputs{{"--log", run.log_path}};
  for (size_t i = 0; i < run.args.size(); ++i) {
    auto spec = run_args::parse_arg(run.args[i]);
    if (spec && (spec->kind == run_args::ArgSpec::Kind::BufferOut ||
                 spec->kind == run_args::ArgSpec::Kind::BufferInOut)) {
      outputs.push_back({fmt::format("--arg {}", i + 1), spec->path});
    }
  }
  return outputs;
}

// `ventus debug`: the prompt reads --commands FILE (echoed) or standard input; symbols come
// from the kernel file.
struct DebugPrompt {
  std::ifstream file;
  std::optional<Program> program;
  std::optional<debug::Repl> repl;

  static Result<std::unique_ptr<DebugPrompt>> open(const std::string& kernel,
                                                   const std::string& commands) {
    auto prompt = std::make_unique<DebugPrompt>();
    if (auto loaded = Program::from_file(kernel)) prompt->program = std::move(loaded.value());
    const elf::ElfFile* elf = prompt->program ? &prompt->program->image().elf : nullptr;
    if (!commands.empty()) {
      prompt->file.open(commands);
      if (!prompt->file) return Error{fmt::format("--commands: cannot read '{}'", commands)};
    }
    if (commands.empty() && isatty(STDIN_FILENO) != 0) {
      prompt->repl.emplace(debug::edit_line, std::cout, elf);  // a terminal: line editing
    } else {
      std::istream& in = commands.empty() ? std::cin : prompt->file;
      prompt->repl.emplace(debug::Repl::stream_lines(in, std::cout, !commands.empty()), std::cout,
                           elf);
    }
    return prompt;
  }
};

// `ventus debug`'s prompt or `--gdb`'s stub, driving the launch (none without either).
struct Debuggers {
  std::unique_ptr<DebugPrompt> prompt;
  std::unique_ptr<debug::GdbServer> gdb;
};

Status attach_debuggers(RunArgs& args, Debuggers& out) {
  if (args.prompt) {
    auto made = DebugPrompt::open(args.run.kernel_file, args.commands);
    if (!made) return made.error();
    out.prompt = std::move(made.value());
    args.run.launch_driver = out.prompt->repl->driver();
  }
  if (!args.gdb.empty()) {
    auto server = debug::start_gdb_server(args.gdb, args.gdb_allow_remote);
    if (!server) return server.error();
    out.gdb = std::move(server.value());
    args.run.launch_driver = out.gdb->driver();
  }
  return ok_status();
}

// "total: N cycles, IPC x", or with --timing-work-groups the window's measured count and the
// launch's extrapolated one, each named.
void print_run_total(const LaunchStats& stats) {
  if (const auto& w = stats.timed_work_groups) {
    fmt::print(
        "total: {} cycles measured on work-groups {}:{} ({} of {}); {} cycles "
        "extrapolated to the launch\n",
        stats.cycles, w->first, w->end, w->end - w->first, stats.work_groups,
        stats.extrapolated_cycles);
    return;
  }
  print_total_cycles(stats.cycles, stats.warp_instructions);
}

// What `ventus run` prints and writes after the launch; its exit status (1: a guest fault or
// a sanitizer error).
int report_run(const RunArgs& args, const RunReport& report) {
  for (const std::string& line : report.stats.memcheck) fmt::print(stderr, "{}\n", line);
  std::vector<SanitizedLaunch> sanitized;
  note_sanitized(report.kernel, report.stats.sanitize, report.stats.sanitize_json,
                 report.stats.sanitize_errors, sanitized);
  for (const std::string& note : report.stats.notes)
    fmt::print(stderr, "{}: note: {}\n", args.tool(), note);
  const bool faulted = !report.fault.empty();
  if (faulted) {
    fmt::print(stderr, "{}: {}\n", args.tool(), report.fault);
  } else {
    fmt::print("{}\n", report.summary());
  }
  std::optional<uint64_t> total_cycles;
  if (report.timing && !faulted) {
    total_cycles = report.stats.cycles;
    print_run_total(report.stats);
  }
  if (args.sim.stats) print_launch_stats(report.kernel, report.stats.stats_text());
  // Only a launch that ran has statistics (run_kernel_command reports the others as errors).
  std::vector<std::string> launches;
  if (report.stats.document) launches.push_back(report.stats.stats_json());
  if (auto written = write_stats_json(args.sim, launches, total_cycles); !written) {
    fmt::print(stderr, "{}: {}\n", args.tool(), written.error().message);
    return 2;
  }
  if (auto written = write_sanitize_report(args.sim, sanitized); !written) {
    fmt::print(stderr, "{}: {}\n", args.tool(), written.error().message);
    return 2;
  }
  return faulted || any_sanitize_error(sanitized) ? 1 : 0;
}

int run_run_command(RunArgs& args) {
  args.run.config_path = args.sim.config_path;
  if (auto outputs = check_sim_outputs(args.sim, run_outputs(args.run)); !outputs) {
    fmt::print(stderr, "{}: {}\n", args.tool(), outputs.error().message);
    return 2;
  }
  auto overrides = sim_overrides(args.sim);
  if (!overrides) {
    fmt::print(stderr, "{}: {}\n", args.tool(), overrides.error().message);
    return 2;
  }
  args.run.overrides = std::move(overrides.value());
  if (!args.memcheck.empty()) args.run.overrides.push_back("run.memcheck=" + args.memcheck);
  if (!args.save_case.empty()) args.run.overrides.push_back("run.save_case=" + args.save_case);
  Debuggers debuggers;
  if (auto attached = attach_debuggers(args, debuggers); !attached) {
    fmt::print(stderr, "{}: {}\n", args.tool(), attached.error().message);
    return 2;
  }
  // Not under a debugger: its prompt or gdb session owns the terminal. Kernel printf lines
  // erase the progress line first (both may go to the same terminal).
  ProgressLine progress = ProgressLine::for_stderr();
  if (!args.run.launch_driver) args.run.progress = progress.observer();
  auto report = run_kernel_command(args.run, [&progress](std::string_view line) {
    progress.erase();
    fmt::print("{}\n", line);
  });
  progress.erase();
  if (!report) {
    fmt::print(stderr, "{}: {}\n", args.tool(), report.error().message);
    return 2;
  }
  return report_run(args, *report);
}

}  // namespace

namespace {

// The options `ventus run` and `ventus debug` share; `debug` adds --commands instead of
// --log, --save-case, --gdb and --ref-compat.
CLI::App* add_run_subcommand(CLI::App& app, const std::string& name, const std::string& about,
                             std::shared_ptr<RunArgs> args, int& exit_status) {
  RunOptions* o = &args->run;
  CLI::App* cmd = app.add_subcommand(name, about);
  cmd->add_option("FILE", o->kernel_file, "kernel ELF or Ventus assembly (.s)")->required();
  cmd->add_option("--kernel", o->kernel, "kernel name (symbol)")->required();
  cmd->add_option("--global", o->global, "global size X[,Y[,Z]]")->required();
  cmd->add_option("--local", o->local, "local size X[,Y[,Z]] (default: fits the device)");
  cmd->add_option("--arg", o->args,
                  "argument, in order: buf:in:FILE[:T] buf:inout:FILE[:T] buf:out:FILE:SIZE[:T] "
                  "u32:N i32:N u64:N i64:N f32:X local:BYTES (.txt files are text, one number "
                  "per line, T = u32|i32|f32|hex; other files raw bytes)");
  add_sim_options(*cmd, args->sim);
  cmd->add_option("--memcheck", args->memcheck,
                  "accesses outside every buffer: off, report (default) or strict "
                  "(docs/memcheck.md)")
      ->check(CLI::IsMember({"off", "report", "strict"}));
  cmd->add_option("--max-instructions", o->max_instructions,
                  "stop the launch after this many warp-instructions (0 = no limit; default: "
                  "run.max_warp_instructions, else 100000000, 10000000 with --timing)");
  cmd->callback([args, &exit_status] { exit_status = run_run_command(*args); });
  return cmd;
}

}  // namespace

void register_run(CLI::App& app, int& exit_status) {
  auto args = std::make_shared<RunArgs>();
  RunOptions* o = &args->run;
  CLI::App* cmd =
      add_run_subcommand(app, "run", "Run a kernel of an ELF or assembly file", args, exit_status);
  cmd->add_option("--log", o->log_path,
                  "write the commit log (ISA.md §10) to this file ('-' = standard output)");
  cmd->add_option("--save-case", args->save_case,
                  "also write the launch to DIR as a reference test case that `ventus case "
                  "DIR --check` runs (docs/runtime.md)");
  add_gdb_options(*cmd, args->gdb, args->gdb_allow_remote);
  cmd->add_option("--timing-work-groups", o->timing_work_groups,
                  "with --timing: time only the work-groups FIRST to END-1 (FIRST:END, linear "
                  "ids), the others run functionally; prints the window's cycles and the "
                  "launch's extrapolated from them (docs/timing.md)");
  cmd->add_flag("--ref-compat", o->ref_compat,
                "reproduce the reference simulator's observable behaviour (DESIGN.md §3)");
}

void register_debug(CLI::App& app, int& exit_status) {
  auto args = std::make_shared<RunArgs>();
  args->prompt = true;
  CLI::App* cmd = add_run_subcommand(
      app, "debug", "Run a kernel under the built-in debugger prompt (docs/debugging.md)", args,
      exit_status);
  cmd->add_option("--commands", args->commands,
                  "read the prompt's commands from this file, echoed (default: standard input)");
}

}  // namespace ventus::tools
