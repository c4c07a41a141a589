// llvm-objdump-compatible listing: symbol selection, block layout and instruction line format.
#include "objdump/objdump.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

namespace ventus::objdump {
namespace {

// llvm-objdump's SymbolInfoTy ordering for ELF: address, then name, then type.
bool label_less(const Label& a, const Label& b) {
  return std::tie(a.address, a.name, a.type) < std::tie(b.address, b.name, b.type);
}

// The last label whose address is <= `address` in a sorted list, or nullptr.
const Label* last_at_or_below(const std::vector<Label>& labels, uint32_t address) {
  const auto it = std::partition_point(labels.begin(), labels.end(),
                                       [&](const Label& l) { return l.address <= address; });
  return it == labels.begin() ? nullptr : &*(it - 1);
}

bool is_real_section(const elf::ElfFile& file, uint16_t index) {
  return index != elf::kShnUndef && index < elf::kShnLoreserve && index < file.sections.size();
}

bool is_disassembled(const elf::Section& section) {
  return (section.flags & elf::kShfExecinstr) != 0 && section.type != elf::kShtNobits &&
         section.type != elf::kShtNull;
}

// One instruction line: "%8x:", the raw bytes, padding so the tab lands after column 24 (as
// llvm-objdump's PrettyPrinter does for non-x86 targets), then "\t" and the text.
std::string instruction_line(uint32_t address, std::span<const uint8_t> bytes,
                             const std::string& text) {
  std::string line = fmt::format("{:8x}: ", address);
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (i != 0) line += ' ';
    line += fmt::format("{:02x}", bytes[i]);
  }
  const size_t column = line.size();
  constexpr size_t kTabStop = 24;
  const size_t pad = column < kTabStop - 1 ? kTabStop - 1 - column : 7 - column % 8;
  line.append(pad, ' ');
  return line + "\t" + text + "\n";
}

// Disassembles [begin, end) of `section` in `profile`. Like LLVM's RISC-V decoder, a word
// whose bits 1:0 are 11 is 32 bits wide; anything else is a 16-bit parcel, which this ISA (no
// C extension) does not define -- except in v2.03, whose prefixes use bits 1:0 = 10 (ISA.md
// §5.12): there every parcel is 32 bits. A trailing fragment too short for its width is
// printed one byte at a time.
void disassemble_range(const elf::Section& section, uint32_t begin, uint32_t end,
                       const ElfSymbols& symbols, isa::Profile profile, std::string& out) {
  uint32_t offset = begin;
  while (offset < end) {
    const uint32_t address = section.addr + offset;
    const uint32_t remaining = end - offset;
    const bool wide = (section.bytes[offset] & 0x3u) == 0x3u || profile == isa::Profile::V203;
    uint32_t size = wide ? 4u : 2u;
    if (size > remaining) size = 1;
    const auto bytes = section.bytes.subspan(offset, size);
    std::string text = "<unknown>";
    if (size == 4) {
      const uint32_t word =
          static_cast<uint32_t>(bytes[0]) | (static_cast<uint32_t>(bytes[1]) << 8) |
          (static_cast<uint32_t>(bytes[2]) << 16) | (static_cast<uint32_t>(bytes[3]) << 24);
      text = isa::disassemble(word, address, isa::DisasmStyle::Llvm, &symbols, profile);
    }
    out += instruction_line(address, bytes, text);
    offset += size;
  }
}

// As llvm-objdump 14 with --start-address/--stop-address: a label's block is printed when
// it overlaps [start, stop); its header names the label, its lines begin at `start`. The
// section header appears only above the first block printed.
void disassemble_section(const elf::Section& section, const ElfSymbols& symbols,
                         const AddressRange& range, isa::Profile profile, std::string& out) {
  bool printed_header = false;
  const auto labels = symbols.section_labels(section.index);
  const uint64_t section_end = uint64_t{section.addr} + section.bytes.size();
  for (size_t i = 0; i < labels.size(); ++i) {
    const uint64_t start = labels[i].address;
    if (start < section.addr || start >= section_end || start >= range.stop) continue;
    // An instruction that begins before the stop address is printed whole, as llvm-objdump
    // prints it (issue 54: a misaligned --stop-address cut it into <unknown> bytes).
    const uint64_t stop =
        range.stop >= section_end ? section_end : range.stop + (4 - (range.stop - start) % 4) % 4;
    uint64_t end = std::min<uint64_t>(section_end, stop);
    if (i + 1 < labels.size()) end = std::min<uint64_t>(end, labels[i + 1].address);
    if (start >= end || end <= range.start) continue;  // an equal-address later label wins
    if (!printed_header) out += fmt::format("\nDisassembly of section {}:\n", section.name);
    printed_header = true;
    out += fmt::format("\n{:08x} <{}>:\n", start, labels[i].name);
    const uint64_t first = std::max(start, range.start);
    disassemble_range(section, static_cast<uint32_t>(first - section.addr),
                      static_cast<uint32_t>(end - section.addr), symbols, profile, out);
  }
}

}  // namespace

ElfSymbols::ElfSymbols(const elf::ElfFile& file) : by_section_(file.sections.size()) {
  for (const elf::Symbol& symbol : file.symbols) {
    if (symbol.type == elf::kSttSection) continue;  // llvm-objdump ignores section symbols
    Label label{symbol.value, std::string(symbol.name), symbol.type};
    if (is_real_section(file, symbol.section_index)) {
      by_section_[symbol.section_index].push_back(std::move(label));
    } else {
      absolute_.push_back(std::move(label));
    }
  }
  for (const elf::Section& section : file.sections) {
    auto& labels = by_section_[section.index];
    std::stable_sort(labels.begin(), labels.end(), label_less);
    if (is_disassembled(section) && (labels.empty() || labels.front().address != section.addr)) {
      labels.insert(labels.begin(), Label{section.addr, std::string(section.name), elf::kSttFunc});
    }
    sections_by_address_.push_back({section.addr, section.index});
  }
  std::stable_sort(absolute_.begin(), absolute_.end(), label_less);
  std::stable_sort(
      sections_by_address_.begin(), sections_by_address_.end(),
      [](const SectionEntry& a, const SectionEntry& b) { return a.address < b.address; });
}

std::span<const Label> ElfSymbols::section_labels(uint32_t section_index) const {
  if (section_index >= by_section_.size()) return {};
  return by_section_[section_index];
}

std::optional<std::string> ElfSymbols::symbolize(uint32_t address) const {
  // Candidate sections: every section starting at the highest start address <= address,
  // nearest last in address order first (llvm-objdump does not check the section's size).
  const auto first_above =
      std::partition_point(sections_by_address_.begin(), sections_by_address_.end(),
                           [&](const SectionEntry& s) { return s.address <= address; });
  const Label* found = nullptr;
  for (auto it = first_above; it != sections_by_address_.begin() && found == nullptr;) {
    --it;
    if (it->address != (first_above - 1)->address) break;
    found = last_at_or_below(by_section_[it->index], address);
  }
  if (found == nullptr) found = last_at_or_below(absolute_, address);
  if (found == nullptr) return std::nullopt;
  if (found->address == address) return found->name;
  return fmt::format("{}+0x{:x}", found->name, address - found->address);
}

std::string disassemble_file(const elf::ElfFile& file, std::string_view display_name,
                             isa::Profile profile) {
  return file_header(display_name) + disassembly(file, {}, profile);
}

std::string file_header(std::string_view display_name) {
  return fmt::format("\n{}:\tfile format elf32-littleriscv\n", display_name);
}

std::string disassembly(const elf::ElfFile& file, const AddressRange& range, isa::Profile profile) {
  const ElfSymbols symbols(file);
  std::string out;
  for (const elf::Section& section : file.sections) {
    if (is_disassembled(section)) disassemble_section(section, symbols, range, profile, out);
  }
  return out;
}

}  // namespace ventus::objdump
