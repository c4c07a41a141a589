// Parsing of commit-line items (ISA.md §10.2): registers, CSRs, vector header and
// registers in both formats, the in-line SIMT dump and memory accesses.
#include "trace/commit_line_items.hpp"

#include <array>
#include <cstddef>

namespace ventus::trace::detail {

namespace {

// The longest vector REF can print: VLEN = 32·numt with numt <= 32 (§2.2).
constexpr std::size_t kMaxElements = 32;

const char* parse_scalar(TextCursor& c, CommitRecord& r, RegItemKind kind, std::size_t digits) {
  uint32_t reg = 0;
  uint64_t value = 0;
  if (!c.decimal(reg) || !c.spaces() || !c.consume("0x") || !c.hex(value, digits)) {
    return kind == RegItemKind::kX ? "malformed x-register item" : "malformed f-register item";
  }
  r.reg_items.push_back({kind, reg, value, 0, {}});
  return nullptr;
}

const char* parse_csr(TextCursor& c, CommitRecord& r) {
  uint32_t number = 0;
  std::string_view name;
  uint32_t value = 0;
  if (!c.consume("c") || !c.decimal(number) || !c.consume("_") || !c.identifier(name) ||
      !c.consume(" 0x") || !c.hex32(value, 8)) {
    return "malformed CSR item";
  }
  r.add_csr(number, name, value);
  return nullptr;
}

const char* parse_header(TextCursor& c, CommitRecord& r) {
  uint32_t sew = 0;
  uint32_t lmul = 0;
  uint32_t vl = 0;
  if (!c.consume("e") || !c.decimal(sew) || !c.consume(" m")) return "malformed vector header";
  const bool fractional = c.consume("f");
  if (!c.decimal(lmul) || !c.consume(" l") || !c.decimal(vl)) return "malformed vector header";
  r.add_vector_header(sew, lmul, vl, fractional);
  return nullptr;
}

// Old format: `0x` + concatenated %08x elements, high to low, no mask.
const char* parse_old_elements(TextCursor& c, std::array<uint32_t, kMaxElements>& elements,
                               std::size_t& count) {
  uint32_t value = 0;
  while (c.hex32(value, 8)) {
    if (count == kMaxElements) return "vector item with more than 32 elements";
    elements[count++] = value;
  }
  if (count == 0 || !(c.at_end() || c.starts_with(" "))) return "malformed old-format vector item";
  return nullptr;
}

// Current format: `%08x 0x` (mask) + `%08x ` per element, high to low.
const char* parse_new_elements(TextCursor& c, std::array<uint32_t, kMaxElements>& elements,
                               std::size_t& count, uint32_t& mask) {
  if (!c.hex32(mask, 8) || !c.consume(" 0x")) return "malformed vector item";
  uint32_t value = 0;
  while (c.hex32(value, 8)) {
    if (count == kMaxElements) return "vector item with more than 32 elements";
    if (!c.consume(" ")) return "vector element not followed by a space";
    elements[count++] = value;
  }
  return count == 0 ? "vector item without elements" : nullptr;
}

const char* parse_vector(TextCursor& c, LogEntry& e) {
  CommitRecord& r = e.record;
  uint32_t reg = 0;
  if (!c.consume("v") || !c.decimal(reg) || !c.spaces()) return "malformed vector item";
  std::array<uint32_t, kMaxElements> elements{};
  std::size_t count = 0;
  uint32_t mask = 0;
  const bool old_format = c.consume("0x");
  const char* error = old_format ? parse_old_elements(c, elements, count)
                                 : parse_new_elements(c, elements, count, mask);
  if (error != nullptr) return error;
  if (old_format) e.legacy_format = true;
  if (r.numt == 0) r.numt = static_cast<uint32_t>(count);
  if (r.numt != count) return "vector items of one line differ in element count";
  auto out = r.add_vector(reg, mask);
  for (std::size_t i = 0; i < count; ++i) out[i] = elements[count - 1 - i];
  return nullptr;
}

// ` current mask:\t%08x current npc:\t%08x stack size: %x`; the entries follow on lines
// of their own.
const char* parse_simt_header(TextCursor& c, LogEntry& e) {
  uint32_t mask = 0;
  uint32_t npc = 0;
  uint64_t size = 0;
  if (!c.consume("current mask:\t") || !c.hex32(mask, 8) || !c.consume(" current npc:\t") ||
      !c.hex32(npc, 8) || !c.consume(" stack size: ") || !c.hex(size, 0)) {
    return "malformed SIMT dump";
  }
  e.record.set_simt(mask, npc);
  e.stack_size = static_cast<uint32_t>(size);
  return nullptr;
}

// ` mem 0x%08x` (read) or ` mem 0x%08x 0x%0Nx` (write; the digit count gives the size).
const char* parse_mem(TextCursor& c, CommitRecord& r) {
  uint32_t address = 0;
  if (!c.consume("mem 0x") || !c.hex32(address, 8)) return "malformed mem item";
  if (!c.consume(" 0x")) {
    r.add_mem_read(address);
    return nullptr;
  }
  uint64_t value = 0;
  std::size_t digits = 0;
  if (!c.hex(value, 0, &digits)) return "malformed mem write value";
  uint32_t size = 0;
  switch (digits) {
    case 1:
    case 2:
      size = 1;
      break;
    case 4:
      size = 2;
      break;
    case 8:
      size = 4;
      break;
    case 16:
      size = 8;
      break;
    default:
      return "mem write value of unexpected width";
  }
  r.add_mem_write(address, value, size);
  return nullptr;
}

const char* parse_item(TextCursor& c, LogEntry& e) {
  if (c.starts_with("mem ")) return parse_mem(c, e.record);
  if (c.starts_with("current mask:")) return parse_simt_header(c, e);
  if (c.consume("x")) return parse_scalar(c, e.record, RegItemKind::kX, 8);
  if (c.consume("f")) return parse_scalar(c, e.record, RegItemKind::kF, 16);
  if (c.starts_with("c")) return parse_csr(c, e.record);
  if (c.starts_with("e")) return parse_header(c, e.record);
  if (c.starts_with("v")) return parse_vector(c, e);
  return "unknown commit item";
}

}  // namespace

const char* parse_commit_items(TextCursor& cursor, LogEntry& entry) {
  while (!cursor.at_end()) {
    if (!cursor.consume(" ")) return "expected a space before the next item";
    if (cursor.at_end()) break;
    if (const char* error = parse_item(cursor, entry)) return error;
  }
  return nullptr;
}

const char* parse_simt_entry_line(TextCursor& cursor, CommitRecord& record) {
  SimtEntry e;
  if (!cursor.consume("[r_pc] ") || !cursor.hex32(e.r_pc, 8) || !cursor.consume(" [else_pc] ") ||
      !cursor.hex32(e.else_pc, 8) || !cursor.consume(" [else_mask] ") ||
      !cursor.hex32(e.else_mask, 8)) {
    return "malformed SIMT stack entry";
  }
  cursor.consume(" ");
  if (!cursor.at_end()) return "unexpected text after a SIMT stack entry";
  record.add_simt_entry(e.r_pc, e.else_pc, e.else_mask);
  return nullptr;
}

}  // namespace ventus::trace::detail
