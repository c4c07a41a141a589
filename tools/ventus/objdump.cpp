// `ventus objdump [-d] [-h] [-t] [-s] [--start-address A] [--stop-address A] FILE...`: the
// llvm-objdump-style listings of ELF32 RISC-V files.
#include <fmt/format.h>

#include <charconv>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "commands.hpp"
#include "common/input_file.hpp"
#include "elf/elf_reader.hpp"
#include "elf/riscv_attributes.hpp"
#include "isa/profile.hpp"
#include "objdump/objdump.hpp"

namespace ventus::tools {
namespace {

struct ObjdumpOptions {
  bool disassemble = false;
  bool headers = false;
  bool symbols = false;
  bool contents = false;
  std::string start_address;
  std::string stop_address;
  std::vector<std::string> files;
  std::string isa;  // ISA profile; empty: the file's .riscv.attributes, else v2.02
};

// A number as llvm-objdump reads addresses: decimal, 0x hex or 0 octal.
std::optional<uint64_t> parse_address(std::string text) {
  int base = 10;
  std::string_view digits = text;
  if (digits.starts_with("0x") || digits.starts_with("0X")) {
    base = 16;
    digits.remove_prefix(2);
  } else if (digits.size() > 1 && digits.front() == '0') {
    base = 8;
    digits.remove_prefix(1);
  }
  uint64_t value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value, base);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) {
    return std::nullopt;
  }
  return value;
}

Result<elf::ElfFile> read_stdin_elf() {
  auto bytes = read_input_file("-", {.what = "ELF file"});
  if (!bytes) return bytes.error();
  const auto* data = reinterpret_cast<const uint8_t*>(bytes->data());
  return elf::read_elf(std::span<const uint8_t>(data, bytes->size()), "<stdin>");
}

// llvm-objdump's warning when no allocated section overlaps the addresses asked for (issue
// 54: a start address beyond every section listed nothing, silently).
void warn_outside_sections(const ObjdumpOptions& o, const elf::ElfFile& file,
                           const std::string& path, const objdump::AddressRange& range) {
  if (o.start_address.empty() && o.stop_address.empty()) return;
  for (const elf::Section& section : file.sections) {
    const uint64_t base = section.addr;
    if (section.is_alloc() && range.start < base + section.size && range.stop > base) return;
  }
  std::string what;
  if (o.start_address.empty()) {
    what = fmt::format("no section has address less than 0x{:x} specified by --stop-address",
                       range.stop);
  } else if (o.stop_address.empty()) {
    what = fmt::format(
        "no section has address greater than or equal to 0x{:x} specified by --start-address",
        range.start);
  } else {
    what = fmt::format(
        "no section overlaps the range [0x{:x},0x{:x}) specified by --start-address/"
        "--stop-address",
        range.start, range.stop);
  }
  std::fflush(stdout);
  fmt::print(stderr, "ventus objdump: warning: '{}': {}\n", input_display_name(path), what);
}

// The profile to decode `file` in: --isa, else its Tag_RISCV_arch, else v2.02 (ISA.md §5.12);
// nullopt (and the error printed) when --isa contradicts the file.
std::optional<isa::Profile> profile_of(const ObjdumpOptions& o, const elf::ElfFile& file,
                                       const std::string& path) {
  auto arch = elf::arch_attribute(file);
  const auto requested = o.isa.empty() ? std::nullopt : isa::parse_profile(o.isa);
  const isa::ProfileChoice choice =
      isa::choose_profile(arch ? arch.value() : std::nullopt, requested, input_display_name(path));
  if (!arch || !choice.error.empty()) {
    std::fflush(stdout);
    fmt::print(stderr, "ventus objdump: error: {}\n",
               arch ? choice.error : input_display_name(path) + ": " + arch.error().message);
    return std::nullopt;
  }
  return choice.profile;
}

// The listings of one file in llvm-objdump's order; false when it cannot be read.
bool dump_file(const ObjdumpOptions& o, const std::string& path,
               const objdump::AddressRange& range) {
  // '-' is standard input, named "<stdin>" as llvm-objdump names it.
  auto file = path == "-" ? read_stdin_elf() : elf::read_elf_file(path);
  if (!file) {
    // The reader's messages already name the file (elf_reader.hpp).
    std::fflush(stdout);
    fmt::print(stderr, "ventus objdump: error: {}\n", file.error().message);
    return false;
  }
  const auto profile = profile_of(o, *file, path);
  if (!profile) return false;
  warn_outside_sections(o, *file, path, range);
  std::string out = objdump::file_header(input_display_name(path));
  if (o.headers) out += objdump::section_headers(*file);
  if (o.symbols) out += objdump::symbol_table(*file, range);
  if (o.contents) out += objdump::section_contents(*file);
  if (o.disassemble) out += objdump::disassembly(*file, range, *profile);
  std::fwrite(out.data(), 1, out.size(), stdout);
  return true;
}

// Exit status: 0 listed, 2 usage error or an unreadable or malformed file (the other files
// are still listed, as llvm-objdump does).
int run_objdump(const ObjdumpOptions& o) {
  if (!o.disassemble && !o.headers && !o.symbols && !o.contents) {
    fmt::print(stderr, "ventus objdump: error: no action given (use -d, -h, -t or -s)\n");
    return 2;
  }
  objdump::AddressRange range;
  for (const auto& [text, field, flag] :
       {std::tuple{&o.start_address, &range.start, "--start-address"},
        std::tuple{&o.stop_address, &range.stop, "--stop-address"}}) {
    if (text->empty()) continue;
    const auto value = parse_address(*text);
    if (!value) {
      fmt::print(stderr, "ventus objdump: error: {}: '{}' is not an address\n", flag, *text);
      return 2;
    }
    *field = *value;
  }
  if (range.stop <= range.start) {
    fmt::print(stderr, "ventus objdump: error: --start-address must be less than --stop-address\n");
    return 2;
  }
  if (!o.isa.empty() && !isa::parse_profile(o.isa)) {
    fmt::print(stderr, "ventus objdump: error: --isa: unknown ISA profile '{}' (known: {})\n",
               o.isa, isa::profile_names());
    return 2;
  }
  bool ok = true;
  for (const std::string& path : o.files) ok = dump_file(o, path, range) && ok;
  if (std::fflush(stdout) != 0) return 2;
  return ok ? 0 : 2;
}

}  // namespace

void register_objdump(CLI::App& app, int& exit_status) {
  auto options = std::make_shared<ObjdumpOptions>();
  CLI::App* cmd = app.add_subcommand("objdump", "List ELF32 RISC-V files (llvm-objdump style)");
  cmd->set_help_flag("--help", "Print this help message and exit");  // -h is --headers
  cmd->add_flag("-d,--disassemble", options->disassemble, "Disassemble the executable sections");
  cmd->add_flag("-h,--section-headers,--headers", options->headers, "Print the section headers");
  cmd->add_flag("-t,--syms", options->symbols, "Print the symbol table");
  cmd->add_flag("-s,--full-contents", options->contents, "Print the contents of every section");
  cmd->add_option("--start-address", options->start_address,
                  "Disassemble and list symbols from this address on");
  cmd->add_option("--stop-address", options->stop_address,
                  "Stop disassembling at this address (symbols up to it)");
  cmd->add_option("--isa", options->isa,
                  "ISA profile to decode in: v2.02 or v2.03 (default: the file's "
                  ".riscv.attributes, else v2.02; a contradiction is an error)");
  cmd->add_option("files", options->files, "ELF files to read ('-' = standard input)")->required();
  cmd->callback([options, &exit_status] { exit_status = run_objdump(*options); });
}

}  // namespace ventus::tools
