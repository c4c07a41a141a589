// Registration hooks of the `ventus` sub-commands: each file adds one sub-command to the app.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace ventus::tools {

// Each function adds its sub-command to `app`; the sub-command's callback runs it and
// stores the process exit status in `exit_status`.
void register_objdump(CLI::App& app, int& exit_status);
void register_as(CLI::App& app, int& exit_status);
void register_logdiff(CLI::App& app, int& exit_status);
void register_check_log(CLI::App& app, int& exit_status);
void register_case(CLI::App& app, int& exit_status);
void register_bench(CLI::App& app, int& exit_status);
void register_isa_table(CLI::App& app, int& exit_status);
void register_run(CLI::App& app, int& exit_status);
void register_debug(CLI::App& app, int& exit_status);
void register_demo(CLI::App& app, int& exit_status);
// The kernels `ventus demo` runs, by name (its --kernels; sweep files' `kernel =` workloads).
std::vector<std::string> demo_kernel_names();
void register_config(CLI::App& app, int& exit_status);
void register_help(CLI::App& app, int& exit_status);
void register_cc(CLI::App& app, int& exit_status);
void register_sweep(CLI::App& app, int& exit_status);

}  // namespace ventus::tools
