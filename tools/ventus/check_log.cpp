// `ventus check-log LOG --case DIR --launch NAME [--ref-compat]`: the golden model applied to a
// commit log of one launch of a test case (docs/golden.md).
#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <string>

#include "commands.hpp"
#include "runtime/golden.hpp"

namespace ventus::tools {

namespace {

struct CheckLogArgs {
  std::string log;
  std::string case_dir;
  std::string launch;
  std::string config;
  bool ref_compat = false;
};

// Exit status: 0 every record matches, 1 a mismatch, 2 unreadable or malformed input.
int run_check_log(const CheckLogArgs& args) {
  auto log = trace::read_commit_log(args.log);
  if (!log) {
    fmt::print(stderr, "ventus check-log: {}\n", log.error().message);
    return 2;
  }
  golden::CaseLaunch launch{
      args.case_dir, args.launch,
      args.ref_compat ? functional::Mode::RefCompat : functional::Mode::Default, args.config};
  auto model = golden::GoldenModel::open_case(launch);
  if (!model) {
    fmt::print(stderr, "ventus check-log: {}\n", model.error().message);
    return 2;
  }
  const auto mismatch = golden::check_log(**model, *log);
  if (!mismatch) {
    fmt::print("PASS: {} records of {} match launch {}\n", (*model)->fed(), args.log, args.launch);
    return 0;
  }
  const std::string where =
      mismatch->line != 0 ? fmt::format("{}:{}", args.log, mismatch->line) : args.log + ": end";
  fmt::print("FAIL: {}: record {} (work-group {}, warp {}, pc 0x{:08x}): {}\n", where,
             mismatch->position, mismatch->group, mismatch->warp, mismatch->pc,
             mismatch->description);
  return 1;
}

}  // namespace

void register_check_log(CLI::App& app, int& exit_status) {
  auto args = std::make_shared<CheckLogArgs>();
  CLI::App* cmd = app.add_subcommand(
      "check-log", "Check a commit log of one launch against the golden model, record by record");
  cmd->add_option("LOG", args->log, "commit log of the launch (ISA.md §10; '-' = standard input)")
      ->required();
  cmd->add_option("--case", args->case_dir, "test-case directory (cases.ini, .metadata, .data)")
      ->required();
  cmd->add_option("--launch", args->launch, "the launch of cases.ini the log is of")->required();
  cmd->add_option("--config", args->config, "TOML machine description (configs/*.toml)");
  cmd->add_flag("--ref-compat", args->ref_compat,
                "the log is the reference simulator's (REF's boot ROM, traps and end of run)");
  cmd->callback([args, &exit_status] { exit_status = run_check_log(*args); });
}

}  // namespace ventus::tools
