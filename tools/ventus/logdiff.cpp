// `ventus logdiff A B`: compares two REF-format commit logs per hart (ISA.md §10).
#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <string>

#include "commands.hpp"
#include "trace/log_diff.hpp"

namespace ventus::tools {

namespace {

struct LogDiffArgs {
  std::string path_a;
  std::string path_b;
  trace::DiffOptions options;
};

// Exit status: 0 equivalent, 1 different, 2 unreadable or malformed input.
int run_logdiff(const LogDiffArgs& args) {
  if (args.path_a == "-" && args.path_b == "-") {
    fmt::print(stderr, "ventus logdiff: only one of A and B can be standard input ('-')\n");
    return 2;
  }
  const auto result = trace::diff_log_files(args.path_a, args.path_b, args.options);
  if (!result) {
    fmt::print(stderr, "ventus logdiff: {}\n", result.error().message);
    return 2;
  }
  fmt::print("{}", trace::format_diff_report(*result, args.path_a, args.path_b));
  return result->equal ? 0 : 1;
}

}  // namespace

void register_logdiff(CLI::App& app, int& exit_status) {
  auto args = std::make_shared<LogDiffArgs>();
  CLI::App* cmd = app.add_subcommand(
      "logdiff", "Compare two commit logs hart by hart (register items as sets, any interleaving)");
  cmd->add_option("A", args->path_a, "first commit log ('-' = standard input)")->required();
  cmd->add_option("B", args->path_b, "second commit log ('-' = standard input)")->required();
  cmd->add_option("--max-diffs", args->options.max_diffs, "differences to report (1..1000000)")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{1}, std::size_t{1000000}));
  cmd->add_option("--context", args->options.context_lines,
                  "earlier lines of the same hart shown per difference (0..1000)")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{0}, std::size_t{1000}));
  cmd->callback([args, &exit_status] { exit_status = run_logdiff(*args); });
}

}  // namespace ventus::tools
