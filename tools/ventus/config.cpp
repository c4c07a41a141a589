// `ventus config`: prints the effective machine (every parameter, value, unit, description).
#include <fmt/format.h>

#include <cstdio>
#include <memory>

#include "commands.hpp"
#include "sim_options.hpp"

namespace ventus::tools {
namespace {

struct ConfigArgs {
  SimCliOptions sim;
  bool json = false;
};

// Exit status: 0 printed, 2 the configuration is invalid (the message names file/key).
int run_config(const ConfigArgs& args) {
  auto config = load_config(args.sim);
  if (!config) {
    fmt::print(stderr, "ventus config: {}\n", config.error().message);
    return 2;
  }
  fmt::print("{}", args.json ? config->to_json() + "\n" : config->format_table());
  return 0;
}

}  // namespace

void register_config(CLI::App& app, int& exit_status) {
  auto args = std::make_shared<ConfigArgs>();
  CLI::App* cmd = app.add_subcommand("config", "Print the effective machine configuration");
  cmd->add_option("--config", args->sim.config_path, "TOML machine description (configs/*.toml)");
  cmd->add_option("--set", args->sim.overrides, "override a parameter, e.g. gpu.sm_count=4");
  cmd->add_flag("--json", args->json, "print JSON (parameters with units, ranges, values)");
  cmd->callback([args, &exit_status] { exit_status = run_config(*args); });
}

}  // namespace ventus::tools
