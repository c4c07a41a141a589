// llvm-objdump 14's -h, -t and -s listings (tools/llvm-objdump/llvm-objdump.cpp:
// printSectionHeaders, printSymbol, printSectionContents) for ELF32 RISC-V files.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "objdump/objdump.hpp"

namespace ventus::objdump {
namespace {

// ELFObjectFile's section predicates.
bool is_text(const elf::Section& s) {
  return (s.flags & elf::kShfExecinstr) != 0;
}
bool is_data(const elf::Section& s) {
  return s.type == elf::kShtProgbits && s.is_alloc() && !is_text(s);
}
bool is_bss(const elf::Section& s) {
  return (s.flags & (elf::kShfAlloc | elf::kShfWrite)) != 0 && s.type == elf::kShtNobits;
}
bool is_debug(const elf::Section& s) {
  return s.name.starts_with(".debug") || s.name.starts_with(".zdebug") || s.name == ".gdb_index";
}

std::string section_type(const elf::Section& s) {
  std::string type = is_text(s) ? "TEXT" : "";
  const auto add = [&type](const char* what) {
    type += type.empty() ? what : std::string(", ") + what;
  };
  if (is_data(s)) add("DATA");
  if (is_bss(s)) add("BSS");
  if (is_debug(s)) add("DEBUG");
  return type;
}

// The section's load address: through the PT_LOAD segment whose memory holds its address.
uint64_t section_lma(const elf::ElfFile& file, const elf::Section& s) {
  for (const elf::Segment& p : file.segments) {
    if (p.type == elf::kPtLoad && p.vaddr <= s.addr && uint64_t{p.vaddr} + p.memsz > s.addr) {
      return uint64_t{s.addr} - p.vaddr + p.paddr;
    }
  }
  return s.addr;
}

std::string symbol_section(const elf::ElfFile& file, const elf::Symbol& sym) {
  if (sym.section_index == elf::kShnAbs) return "*ABS*";
  if (sym.section_index == elf::kShnCommon) return "*COM*";
  if (sym.section_index == elf::kShnUndef || sym.section_index >= elf::kShnLoreserve ||
      sym.section_index >= file.sections.size()) {
    return "*UND*";
  }
  return std::string(file.sections[sym.section_index].name);
}

std::string symbol_line(const elf::ElfFile& file, const elf::Symbol& sym) {
  const bool in_section = sym.section_index != elf::kShnUndef &&
                          sym.section_index < elf::kShnLoreserve &&
                          sym.section_index < file.sections.size();
  const bool absolute = sym.section_index == elf::kShnAbs;
  const bool weak = sym.bind == elf::kStbWeak;
  char scope = ' ';
  if ((in_section || absolute) && !weak) scope = sym.bind != elf::kStbLocal ? 'g' : 'l';
  if (sym.bind == 10) scope = 'u';                // STB_GNU_UNIQUE
  const char ifunc = sym.type == 10 ? 'i' : ' ';  // STT_GNU_IFUNC
  const char debug = sym.type == elf::kSttSection || sym.type == elf::kSttFile ? 'd' : ' ';
  char kind = ' ';
  if (sym.type == elf::kSttFile) kind = 'f';
  if (sym.type == elf::kSttFunc) kind = 'F';
  if (sym.type == elf::kSttObject || sym.type == 5 /* STT_COMMON */) kind = 'O';
  // A section symbol is listed under its section's name.
  const std::string name = sym.type == elf::kSttSection && in_section
                               ? std::string(file.sections[sym.section_index].name)
                               : std::string(sym.name);
  std::string line =
      fmt::format("{:08x} {}{}  {}{}{} {}\t{:08x}", sym.value, scope, weak ? 'w' : ' ', ifunc,
                  debug, kind, symbol_section(file, sym), sym.size);
  static constexpr const char* kVisibility[] = {"", " .internal", " .hidden", " .protected"};
  line += kVisibility[sym.visibility & 3u];
  return line + " " + name + "\n";
}

}  // namespace

std::string section_headers(const elf::ElfFile& file) {
  size_t name_width = 13;
  bool lma_column = false;
  for (const elf::Section& s : file.sections) {
    name_width = std::max(name_width, s.name.size());
    lma_column |= section_lma(file, s) != s.addr;
  }
  std::string out = fmt::format("\nSections:\nIdx {:<{}} Size     VMA      {}Type\n", "Name",
                                name_width, lma_column ? "LMA      " : "");
  for (const elf::Section& s : file.sections) {
    out += fmt::format("{:3} {:<{}} {:08x} {:08x} ", s.index, s.name, name_width, s.size, s.addr);
    if (lma_column) out += fmt::format("{:08x} ", section_lma(file, s));
    out += section_type(s) + "\n";
  }
  return out;
}

std::string symbol_table(const elf::ElfFile& file, const AddressRange& range) {
  std::string out = "\nSYMBOL TABLE:\n";
  for (const elf::Symbol& sym : file.symbols) {
    if (sym.value < range.start || sym.value > range.stop) continue;
    out += symbol_line(file, sym);
  }
  return out;
}

std::string section_contents(const elf::ElfFile& file) {
  std::string out;
  for (const elf::Section& s : file.sections) {
    if (s.size == 0) continue;
    out += fmt::format("Contents of section {}:\n", s.name);
    if (is_bss(s)) {
      out += fmt::format("<skipping contents of bss section at [{:04x}, {:04x})>\n", s.addr,
                         uint64_t{s.addr} + s.size);
      continue;
    }
    for (size_t at = 0; at < s.bytes.size(); at += 16) {
      out += fmt::format(" {:04x} ", uint64_t{s.addr} + at);
      std::string ascii;
      for (size_t i = 0; i < 16; ++i) {
        if (i != 0 && i % 4 == 0) out += ' ';
        if (at + i >= s.bytes.size()) {
          out += "  ";
          continue;
        }
        const uint8_t byte = s.bytes[at + i];
        out += fmt::format("{:02x}", byte);
        ascii += std::isprint(byte) != 0 ? static_cast<char>(byte) : '.';
      }
      out += "  " + ascii + "\n";
    }
  }
  return out;
}

}  // namespace ventus::objdump
