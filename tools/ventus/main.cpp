// Entry point of the `ventus` command: parses the sub-command and returns its exit status
// (README "Exit status": 0 success, 1 guest fault or failed check, 2 usage or input error).
#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "sim/nearest_name.hpp"

namespace {

constexpr int kUsageError = 2;

// `ventus foo`: CLI11 would say "The following arguments were not expected"; name the
// sub-command instead and suggest the nearest one.
bool reject_unknown_subcommand(const CLI::App& app, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return false;
  const std::string_view word = argv[1];
  std::vector<std::string_view> names;
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->get_name() == word) return false;
    names.push_back(sub->get_name());
  }
  const auto guess = ventus::sim::nearest_name(word, names);
  fmt::print(stderr, "ventus: unknown sub-command '{}'{}; run 'ventus help' for the list\n", word,
             guess ? fmt::format(" (did you mean '{}'?)", *guess) : "");
  return true;
}

// CLI11's own exit codes (105, 106, 109, ...) become the documented usage-error status;
// --help and --version stay 0.
int parse_and_run(CLI::App& app, int argc, char** argv, const int& exit_status) {
  if (reject_unknown_subcommand(app, argc, argv)) return kUsageError;
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : kUsageError;
  }
  return exit_status;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ventus: tools for the Ventus RISC-V GPGPU"};
  app.set_version_flag("--version", std::string("ventus ") + VENTUS_VERSION);
  app.require_subcommand(1);
  int exit_status = 0;
  ventus::tools::register_objdump(app, exit_status);
  ventus::tools::register_as(app, exit_status);
  ventus::tools::register_cc(app, exit_status);
  ventus::tools::register_logdiff(app, exit_status);
  ventus::tools::register_check_log(app, exit_status);
  ventus::tools::register_case(app, exit_status);
  ventus::tools::register_bench(app, exit_status);
  ventus::tools::register_isa_table(app, exit_status);
  ventus::tools::register_run(app, exit_status);
  ventus::tools::register_debug(app, exit_status);
  ventus::tools::register_demo(app, exit_status);
  ventus::tools::register_config(app, exit_status);
  ventus::tools::register_sweep(app, exit_status);
  ventus::tools::register_help(app, exit_status);
  // Whatever escapes a sub-command is a bug of the tool, never an abort (issue 13).
  try {
    return parse_and_run(app, argc, argv, exit_status);
  } catch (const std::bad_alloc&) {
    // Not a bug: the host ran out of memory, which any input may make it do under a limit.
    fmt::print(stderr, "ventus: out of host memory (std::bad_alloc)\n");
  } catch (const std::exception& e) {
    fmt::print(stderr, "ventus: internal error: {}\n", e.what());
  } catch (...) {
    fmt::print(stderr, "ventus: internal error: unknown exception\n");
  }
  return kUsageError;
}
