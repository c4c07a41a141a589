// `ventus as IN.s [IN2.s ...] -o OUT.elf`: assembles and links Ventus assembly (thin wrapper
// around ventus_asm; '-' reads standard input).
#include <fmt/format.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "asm/assembler.hpp"
#include "commands.hpp"
#include "common/input_file.hpp"
#include "common/output_file.hpp"

namespace ventus::tools {
namespace {

struct AsOptions {
  std::vector<std::string> inputs;
  std::string output = "a.out";
  bool no_crt0 = false;
  bool line_info = false;
  std::string isa = "v2.02";  // ISA profile (ISA.md §5.12)
};

// The ELF to `path`, or to standard output for "-" (as the other tools' outputs).
bool write_elf_bytes(const std::string& path, const std::vector<uint8_t>& bytes) {
  if (path == "-") {
    return std::fwrite(bytes.data(), 1, bytes.size(), stdout) == bytes.size() &&
           std::fflush(stdout) == 0;
  }
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file.write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(file);
}

// Exit status: 0 assembled, 2 an input could not be read, the source has errors or the
// output could not be written (README "Exit status").
int run_as(const AsOptions& options) {
  if (auto writable = check_output_file(options.output, "output file"); !writable) {
    fmt::print(stderr, "ventus as: error: {}\n", writable.error().message);
    return 2;
  }
  const auto profile = isa::parse_profile(options.isa);
  if (!profile) {
    fmt::print(stderr, "ventus as: error: --isa: unknown ISA profile '{}' (known: {})\n",
               options.isa, isa::profile_names());
    return 2;
  }
  std::vector<as::SourceFile> sources;
  for (const std::string& path : options.inputs) {
    auto text = read_input_file(path, {.what = "source file"});
    if (!text) {
      fmt::print(stderr, "ventus as: error: {}\n", text.error().message);
      return 2;
    }
    sources.push_back({input_display_name(path), std::move(text.value())});
  }
  as::AssembleOptions asm_options;
  asm_options.crt0 = !options.no_crt0;
  asm_options.line_info = options.line_info;
  asm_options.profile = *profile;
  const as::AssembleOutput out = as::assemble(sources, asm_options);
  if (!out.ok()) {
    fmt::print(stderr, "{}", as::format_diagnostics(out.diagnostics, as::kErrorLimit));
    fmt::print(stderr, "ventus as: {} error(s)\n", out.diagnostics.size());
    return 2;
  }
  const std::vector<uint8_t> bytes = elf::write_elf(out.image);
  if (!write_elf_bytes(options.output, bytes)) {
    fmt::print(stderr, "ventus as: error: cannot write '{}'\n", options.output);
    return 2;
  }
  return 0;
}

}  // namespace

void register_as(CLI::App& app, int& exit_status) {
  auto options = std::make_shared<AsOptions>();
  CLI::App* cmd = app.add_subcommand("as", "Assemble and link Ventus assembly into an ELF file");
  cmd->add_option("inputs", options->inputs, "Assembly files ('-' = standard input)")->required();
  cmd->add_option("-o,--output", options->output, "Output ELF file ('-' = standard output)")
      ->required();
  cmd->add_flag("--no-crt0", options->no_crt0, "Do not link the built-in crt0 (ISA.md §7.3)");
  cmd->add_flag("-g", options->line_info,
                "Write a DWARF line table so debuggers break at file.s:LINE (docs/debugging.md)");
  cmd->add_option("--isa", options->isa,
                  "ISA profile: v2.02 (default) or v2.03 (docs/isa-profiles.md); recorded in "
                  "the ELF's .riscv.attributes");
  cmd->callback([options, &exit_status] { exit_status = run_as(*options); });
}

}  // namespace ventus::tools
