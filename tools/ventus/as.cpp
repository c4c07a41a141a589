// `ventus as IN.s [IN2.s ...] -o OUT.elf`: assembles and links Ventus assembly (thin wrapper
// around ventus_asm; '-' reads standard input).
#include <fmt/format.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "asm/assembler.hpp"
#include "commands.hpp"

namespace ventus::tools {
namespace {

struct AsOptions {
  std::vector<std::string> inputs;
  std::string output = "a.out";
  bool no_crt0 = false;
};

bool read_input(const std::string& path, as::SourceFile& out) {
  if (path == "-") {
    out.name = "<stdin>";
    out.text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return true;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream text;
  text << in.rdbuf();
  out.name = path;
  out.text = text.str();
  return !in.bad();
}

int run_as(const AsOptions& options) {
  std::vector<as::SourceFile> sources;
  for (const std::string& path : options.inputs) {
    as::SourceFile file;
    if (!read_input(path, file)) {
      fmt::print(stderr, "ventus as: error: cannot read '{}'\n", path);
      return 1;
    }
    sources.push_back(std::move(file));
  }
  as::AssembleOptions asm_options;
  asm_options.crt0 = !options.no_crt0;
  const as::AssembleOutput out = as::assemble(sources, asm_options);
  if (!out.ok()) {
    fmt::print(stderr, "{}", as::format_diagnostics(out.diagnostics, as::kErrorLimit));
    fmt::print(stderr, "ventus as: {} error(s)\n", out.diagnostics.size());
    return 1;
  }
  const std::vector<uint8_t> bytes = elf::write_elf(out.image);
  std::ofstream file(options.output, std::ios::binary | std::ios::trunc);
  file.write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  if (!file) {
    fmt::print(stderr, "ventus as: error: cannot write '{}'\n", options.output);
    return 1;
  }
  return 0;
}

}  // namespace

void register_as(CLI::App& app, int& exit_status) {
  auto options = std::make_shared<AsOptions>();
  CLI::App* cmd = app.add_subcommand("as", "Assemble and link Ventus assembly into an ELF file");
  cmd->add_option("inputs", options->inputs, "Assembly files ('-' = standard input)")->required();
  cmd->add_option("-o,--output", options->output, "Output ELF file")->required();
  cmd->add_flag("--no-crt0", options->no_crt0, "Do not link the built-in crt0 (ISA.md §7.3)");
  cmd->callback([options, &exit_status] { exit_status = run_as(*options); });
}

}  // namespace ventus::tools
