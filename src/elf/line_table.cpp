// read_line_table: a DWARF line-number program (DWARF 3 §6.2) run as its state machine.
#include "elf/line_table.hpp"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

namespace ventus::elf {
namespace {

// Bounds-checked reads of the section; `failed` is set by the first read past its end.
class Reader {
 public:
  explicit Reader(std::span<const uint8_t> bytes) : bytes_(bytes) {}
  size_t at() const { return at_; }
  bool failed() const { return failed_; }
  bool done() const { return at_ >= bytes_.size(); }
  void seek(size_t to) { at_ = to <= bytes_.size() ? to : (failed_ = true, bytes_.size()); }
  uint32_t u8() { return at_ < bytes_.size() ? bytes_[at_++] : (failed_ = true, 0u); }
  uint32_t u16() { return u8() | u8() << 8; }
  uint32_t u32() { return u16() | u16() << 16; }
  uint64_t uleb() {
    uint64_t v = 0;
    for (unsigned shift = 0;; shift += 7) {
      const uint32_t byte = u8();
      if (shift < 64) v |= uint64_t{byte & 0x7f} << shift;
      if ((byte & 0x80) == 0 || failed_) return v;
    }
  }
  int64_t sleb() {
    uint64_t v = 0;
    unsigned shift = 0;
    uint32_t byte = 0;
    do {
      byte = u8();
      if (shift < 64) v |= uint64_t{byte & 0x7f} << shift;
      shift += 7;
    } while ((byte & 0x80) != 0 && !failed_);
    if (shift < 64 && (byte & 0x40) != 0) v |= ~uint64_t{0} << shift;
    return static_cast<int64_t>(v);
  }
  std::string string() {
    std::string s;
    for (uint32_t c = u8(); c != 0 && !failed_; c = u8()) s.push_back(static_cast<char>(c));
    return s;
  }

 private:
  std::span<const uint8_t> bytes_;
  size_t at_ = 0;
  bool failed_ = false;
};

struct Header {
  size_t end = 0;         // of this unit
  size_t program = 0;     // its first opcode
  uint32_t min_insn = 1;  // minimum_instruction_length
  int32_t line_base = 0;
  uint32_t line_range = 1;
  uint32_t opcode_base = 1;
  std::vector<uint32_t> standard_lengths;  // operands of opcodes 1..opcode_base-1
  std::vector<std::string> files;          // 1-based in the program
};

std::optional<Header> read_header(Reader& r) {
  Header h;
  const uint32_t length = r.u32();
  if (length >= 0xfffffff0u) return std::nullopt;  // the 64-bit format: not written here
  h.end = r.at() + length;
  const uint32_t version = r.u16();
  if (version < 2 || version > 4) return std::nullopt;
  const uint32_t header_length = r.u32();
  h.program = r.at() + header_length;
  h.min_insn = r.u8();
  if (version >= 4) r.u8();  // maximum_operations_per_instruction
  r.u8();                    // default_is_stmt
  h.line_base = static_cast<int8_t>(r.u8());
  h.line_range = r.u8();
  h.opcode_base = r.u8();
  if (h.line_range == 0 || h.opcode_base == 0) return std::nullopt;
  for (uint32_t i = 1; i < h.opcode_base; ++i) h.standard_lengths.push_back(r.u8());
  while (!r.string().empty() && !r.failed()) {
  }  // include directories
  for (std::string name = r.string(); !name.empty() && !r.failed(); name = r.string()) {
    r.uleb(), r.uleb(), r.uleb();  // directory, mtime, length
    h.files.push_back(std::move(name));
  }
  if (r.failed() || h.end > std::numeric_limits<size_t>::max() / 2) return std::nullopt;
  return h;
}

struct State {
  uint64_t address = 0;
  uint32_t file = 1;
  int64_t line = 1;
};

void emit(const Header& h, const State& s, std::vector<LineRow>& rows) {
  const std::string file = s.file >= 1 && s.file <= h.files.size() ? h.files[s.file - 1] : "";
  if (s.line > 0 && s.line <= UINT32_MAX && s.address <= UINT32_MAX) {
    rows.push_back({static_cast<uint32_t>(s.address), file, static_cast<uint32_t>(s.line)});
  }
}

// One extended opcode (0, length, opcode, operands).
void run_extended(Reader& r, State& s) {
  const uint64_t length = r.uleb();
  const size_t next = r.at() + static_cast<size_t>(std::min<uint64_t>(length, SIZE_MAX / 2));
  const uint32_t opcode = length == 0 ? 0 : r.u8();
  if (opcode == 1) s = State{};          // end_sequence (its row is not code)
  if (opcode == 2) s.address = r.u32();  // set_address (32-bit ELF)
  r.seek(next);
}

// One standard opcode with its operands.
void run_standard(Reader& r, const Header& h, uint32_t opcode, State& s,
                  std::vector<LineRow>& rows) {
  switch (opcode) {
    case 1:
      emit(h, s, rows);
      return;  // copy
    case 2:
      s.address += r.uleb() * h.min_insn;
      return;  // advance_pc
    case 3:
      s.line += r.sleb();
      return;  // advance_line
    case 4:
      s.file = static_cast<uint32_t>(r.uleb());
      return;  // set_file
    case 8:
      s.address += (255 - h.opcode_base) / h.line_range * h.min_insn;
      return;
    case 9:
      s.address += r.u16();
      return;  // fixed_advance_pc
    default:
      for (uint32_t i = 0; i < h.standard_lengths[opcode - 1]; ++i) r.uleb();
  }
}

void run_program(Reader& r, const Header& h, std::vector<LineRow>& rows) {
  State s;
  r.seek(h.program);
  while (r.at() < h.end && !r.failed()) {
    const uint32_t opcode = r.u8();
    if (opcode == 0) {
      run_extended(r, s);
    } else if (opcode < h.opcode_base) {
      run_standard(r, h, opcode, s, rows);
    } else {  // special opcode: advance address and line, then a row
      const uint32_t adjusted = opcode - h.opcode_base;
      s.address += adjusted / h.line_range * h.min_insn;
      s.line += h.line_base + static_cast<int32_t>(adjusted % h.line_range);
      emit(h, s, rows);
    }
  }
}

}  // namespace

Result<std::vector<LineRow>> read_line_table(const ElfFile& elf) {
  std::vector<LineRow> rows;
  const Section* section = elf.find_section(".debug_line");
  if (section == nullptr) return rows;
  Reader r(section->bytes);
  while (!r.done()) {
    const size_t unit = r.at();
    auto header = read_header(r);
    if (!header || header->end > section->bytes.size()) {
      return Error{fmt::format(".debug_line: malformed line table at offset 0x{:x}", unit)};
    }
    run_program(r, *header, rows);
    if (r.failed()) {
      return Error{
          fmt::format(".debug_line: line program at offset 0x{:x} runs past its end", unit)};
    }
    r.seek(header->end);
  }
  return rows;
}

std::optional<uint32_t> line_address(const std::vector<LineRow>& rows, std::string_view file,
                                     uint32_t line) {
  const auto same_file = [&](const std::string& name) {
    const size_t slash = name.rfind('/');
    return name == file || (slash != std::string::npos && name.substr(slash + 1) == file);
  };
  std::optional<LineRow> best;
  for (const LineRow& row : rows) {
    if (!same_file(row.file) || row.line < line) continue;
    if (!best || row.line < best->line || (row.line == best->line && row.address < best->address)) {
      best = row;
    }
  }
  return best ? std::optional<uint32_t>(best->address) : std::nullopt;
}

}  // namespace ventus::elf
