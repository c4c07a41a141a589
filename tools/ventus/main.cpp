// Entry point of the `ventus` command: parses the sub-command and returns its exit status.
#include <CLI/CLI.hpp>

#include "commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"ventus: tools for the Ventus RISC-V GPGPU"};
  app.require_subcommand(1);
  int exit_status = 0;
  ventus::tools::register_objdump(app, exit_status);
  ventus::tools::register_as(app, exit_status);
  ventus::tools::register_logdiff(app, exit_status);
  ventus::tools::register_case(app, exit_status);
  ventus::tools::register_bench(app, exit_status);
  ventus::tools::register_isa_table(app, exit_status);
  ventus::tools::register_run(app, exit_status);
  ventus::tools::register_demo(app, exit_status);
  ventus::tools::register_config(app, exit_status);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  return exit_status;
}
