// `ventus as -g`: a DWARF 3 line table (.debug_line) and the one compile unit that points at
// it (.debug_info, .debug_abbrev), so debuggers map pcs to source lines (docs/debugging.md).
#include <algorithm>
#include <tuple>

#include "asm/assembler.hpp"
#include "asm/program.hpp"

namespace ventus::as {
namespace {

void put_u8(std::vector<uint8_t>& out, unsigned v) {
  out.push_back(static_cast<uint8_t>(v));
}
void put_u16(std::vector<uint8_t>& out, unsigned v) {
  put_u8(out, v & 0xff);
  put_u8(out, v >> 8 & 0xff);
}
void put_u32(std::vector<uint8_t>& out, uint32_t v) {
  put_u16(out, v & 0xffff);
  put_u16(out, v >> 16);
}
void put_uleb(std::vector<uint8_t>& out, uint64_t v) {
  do {
    const unsigned byte = v & 0x7f;
    v >>= 7;
    put_u8(out, byte | (v != 0 ? 0x80 : 0));
  } while (v != 0);
}
void put_sleb(std::vector<uint8_t>& out, int64_t v) {
  for (;;) {
    const unsigned byte = static_cast<unsigned>(v & 0x7f);
    v >>= 7;
    const bool done = (v == 0 && (byte & 0x40) == 0) || (v == -1 && (byte & 0x40) != 0);
    put_u8(out, byte | (done ? 0 : 0x80));
    if (done) return;
  }
}
void put_string(std::vector<uint8_t>& out, std::string_view s) {
  out.insert(out.end(), s.begin(), s.end());
  out.push_back(0);
}
void patch_u32(std::vector<uint8_t>& out, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) out[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

struct Row {
  uint32_t addr, file, line;
  bool operator<(const Row& o) const {
    return std::tie(addr, file, line) < std::tie(o.addr, o.file, o.line);
  }
};

// DWARF 3 §6.2: header (standard opcodes 1..12), file table, then one sequence of rows.
std::vector<uint8_t> line_program(const Program& p, const std::vector<Row>& rows, uint32_t end) {
  std::vector<uint8_t> out;
  put_u32(out, 0);  // unit_length, patched below
  put_u16(out, 3);
  put_u32(out, 0);  // header_length, patched below
  const size_t header_start = out.size();
  for (unsigned v : {1, 1, 0xfb /* line_base -5 */, 14, 13}) put_u8(out, v);
  for (unsigned n : {0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1}) put_u8(out, n);
  put_u8(out, 0);  // no include directories
  for (const FileState& f : p.files) {
    put_string(out, f.name);
    for (int i = 0; i < 3; ++i) put_uleb(out, 0);  // directory, mtime, length
  }
  put_u8(out, 0);
  patch_u32(out, 6, static_cast<uint32_t>(out.size() - header_start));
  put_u8(out, 0), put_uleb(out, 5), put_u8(out, 2), put_u32(out, rows.front().addr);
  Row at{rows.front().addr, 1, 1};
  for (const Row& r : rows) {
    if (r.addr != at.addr) put_u8(out, 2), put_uleb(out, r.addr - at.addr);  // advance_pc
    if (r.file + 1 != at.file) put_u8(out, 4), put_uleb(out, r.file + 1);    // set_file
    if (r.line != at.line) put_u8(out, 3), put_sleb(out, int64_t{r.line} - at.line);
    put_u8(out, 1);  // copy
    at = Row{r.addr, r.file + 1, r.line};
  }
  put_u8(out, 2), put_uleb(out, end - at.addr);
  put_u8(out, 0), put_uleb(out, 1), put_u8(out, 1);  // end_sequence
  patch_u32(out, 0, static_cast<uint32_t>(out.size() - 4));
  return out;
}

elf::ImageSection debug_section(std::string name, std::vector<uint8_t> bytes) {
  elf::ImageSection s;
  s.name = std::move(name);
  s.flags = 0;  // not allocated: no PT_LOAD
  s.align = 1;
  s.bytes = std::move(bytes);
  return s;
}

}  // namespace

void add_line_info(const Program& p, elf::ElfImage& image) {
  std::vector<Row> rows;
  uint32_t end = 0;
  for (const InsnItem& item : p.insns) {
    const SectionData& s = p.sections[item.section];
    // Executable sections (SHF_EXECINSTR) of real files (the built-in crt0 has none).
    if ((s.flags & 4u) == 0 || item.loc.line == 0 || p.files[item.loc.file].name == kCrt0Name) {
      continue;
    }
    rows.push_back({s.addr + item.offset, item.loc.file, item.loc.line});
    end = std::max(end, s.addr + item.offset + 4);
  }
  if (rows.empty()) return;
  std::sort(rows.begin(), rows.end());
  std::vector<uint8_t> abbrev;
  put_uleb(abbrev, 1), put_uleb(abbrev, 0x11), put_u8(abbrev, 0);  // compile_unit, no children
  for (unsigned v : {0x03u, 0x08u, 0x10u, 0x06u, 0x11u, 0x01u, 0x12u, 0x01u, 0x13u, 0x05u}) {
    put_uleb(abbrev, v);  // name string, stmt_list data4, low_pc addr, high_pc addr, language
  }
  put_u8(abbrev, 0), put_u8(abbrev, 0), put_u8(abbrev, 0);
  std::vector<uint8_t> info;
  put_u32(info, 0), put_u16(info, 3), put_u32(info, 0), put_u8(info, 4);
  put_uleb(info, 1);
  put_string(info, p.files.back().name);
  put_u32(info, 0), put_u32(info, rows.front().addr), put_u32(info, end);
  put_u16(info, 0x8001);  // DW_LANG_Mips_Assembler, what GNU as writes for assembly
  patch_u32(info, 0, static_cast<uint32_t>(info.size() - 4));
  image.sections.push_back(debug_section(".debug_line", line_program(p, rows, end)));
  image.sections.push_back(debug_section(".debug_info", std::move(info)));
  image.sections.push_back(debug_section(".debug_abbrev", std::move(abbrev)));
}

}  // namespace ventus::as
