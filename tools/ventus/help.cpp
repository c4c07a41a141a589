// `ventus help [SUB-COMMAND]`: the list of sub-commands, or one sub-command's options.
#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <string>

#include "commands.hpp"

namespace ventus::tools {

void register_help(CLI::App& app, int& exit_status) {
  auto topic = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("help", "Print the sub-commands, or one sub-command's help");
  cmd->add_option("SUB-COMMAND", *topic, "sub-command to describe");
  cmd->callback([&app, topic, &exit_status] {
    if (topic->empty()) {
      // app.help() would describe the sub-command being run (this one): format the app.
      fmt::print("{}", app.get_formatter()->make_help(&app, "ventus", CLI::AppFormatMode::Normal));
      exit_status = 0;
      return;
    }
    for (const CLI::App* sub : app.get_subcommands({})) {
      if (sub->get_name() == *topic) {
        fmt::print("{}", sub->help());
        exit_status = 0;
        return;
      }
    }
    fmt::print(stderr, "ventus help: unknown sub-command '{}'\n", *topic);
    exit_status = 2;
  });
}

}  // namespace ventus::tools
