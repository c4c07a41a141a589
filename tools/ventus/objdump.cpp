// `ventus objdump -d FILE`: prints the llvm-objdump-style listing of an ELF32 RISC-V file.
#include <fmt/format.h>

#include <cstdio>
#include <string>

#include "commands.hpp"
#include "elf/elf_reader.hpp"
#include "objdump/objdump.hpp"

namespace ventus::tools {
namespace {

struct ObjdumpOptions {
  bool disassemble = false;
  std::string file;
};

int run_objdump(const ObjdumpOptions& options) {
  if (!options.disassemble) {
    fmt::print(stderr, "ventus objdump: error: no action given (use -d)\n");
    return 2;
  }
  auto file = elf::read_elf_file(options.file);
  if (!file) {
    // The reader's messages already start with the file name (elf_reader.hpp).
    fmt::print(stderr, "ventus objdump: error: {}\n", file.error().message);
    return 1;
  }
  const std::string listing = objdump::disassemble_file(*file, options.file);
  std::fwrite(listing.data(), 1, listing.size(), stdout);
  return std::fflush(stdout) == 0 ? 0 : 1;
}

}  // namespace

void register_objdump(CLI::App& app, int& exit_status) {
  auto options = std::make_shared<ObjdumpOptions>();
  CLI::App* cmd =
      app.add_subcommand("objdump", "Disassemble an ELF32 RISC-V file (llvm-objdump style)");
  cmd->add_flag("-d,--disassemble", options->disassemble, "Disassemble the executable sections");
  cmd->add_option("file", options->file, "ELF file to read")->required();
  cmd->callback([options, &exit_status] { exit_status = run_objdump(*options); });
}

}  // namespace ventus::tools
