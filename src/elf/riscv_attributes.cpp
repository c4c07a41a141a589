// .riscv.attributes writer and reader (RISC-V ELF psABI, "Attributes" section format).
#include "elf/riscv_attributes.hpp"

namespace ventus::elf {
namespace {

constexpr uint8_t kFormatVersion = 'A';
constexpr uint8_t kTagFile = 1;
constexpr uint8_t kTagStackAlign = 4;  // ULEB128 value
constexpr uint8_t kTagArch = 5;        // NTBS value
constexpr std::string_view kVendor = "riscv";

void put_uleb(std::vector<uint8_t>& out, uint64_t value) {
  do {
    uint8_t byte = value & 0x7F;
    value >>= 7;
    out.push_back(static_cast<uint8_t>(byte | (value != 0 ? 0x80 : 0)));
  } while (value != 0);
}

void put_u32(std::vector<uint8_t>& out, size_t at, uint32_t value) {
  for (int i = 0; i < 4; ++i) out[at + i] = static_cast<uint8_t>(value >> (8 * i));
}

uint32_t get_u32(std::span<const uint8_t> b, size_t at) {
  return b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (uint32_t{b[at + 3]} << 24);
}

// A ULEB128 at `pos` (advanced); nullopt when it runs past the end or over 64 bits.
std::optional<uint64_t> get_uleb(std::span<const uint8_t> b, size_t& pos) {
  uint64_t value = 0;
  for (unsigned shift = 0; pos < b.size() && shift < 64; shift += 7) {
    const uint8_t byte = b[pos++];
    value |= uint64_t{byte & 0x7Fu} << shift;
    if ((byte & 0x80) == 0) return value;
  }
  return std::nullopt;
}

// Tag_RISCV_arch in one Tag_File attribute list [pos, end). Tags follow the psABI rule:
// even tags carry a ULEB128, odd tags a string.
Result<std::optional<std::string>> arch_in_list(std::span<const uint8_t> b, size_t pos,
                                                size_t end) {
  while (pos < end) {
    const auto tag = get_uleb(b.first(end), pos);
    if (!tag) return Error{".riscv.attributes: truncated attribute tag"};
    if (*tag % 2 == 0) {
      if (!get_uleb(b.first(end), pos)) return Error{".riscv.attributes: truncated number"};
      continue;
    }
    size_t stop = pos;
    while (stop < end && b[stop] != 0) ++stop;
    if (stop == end) return Error{".riscv.attributes: unterminated string attribute"};
    if (*tag == kTagArch) {
      return std::optional<std::string>(std::string(b.begin() + pos, b.begin() + stop));
    }
    pos = stop + 1;
  }
  return std::optional<std::string>();
}

// A NUL-terminated string (the vendor name, a string attribute).
void put_string(std::vector<uint8_t>& out, std::string_view text) {
  for (char c : text) out.push_back(static_cast<uint8_t>(c));
  out.push_back(0);
}

// A tag byte and a 32-bit length to patch later (put_u32).
void put_header(std::vector<uint8_t>& out, uint8_t tag) {
  out.push_back(tag);
  for (int i = 0; i < 4; ++i) out.push_back(0);
}

}  // namespace

std::vector<uint8_t> riscv_attributes(std::string_view arch, uint32_t stack_align) {
  std::vector<uint8_t> out;
  out.reserve(32 + arch.size());
  put_header(out, kFormatVersion);
  put_string(out, kVendor);
  const size_t file_at = out.size();
  put_header(out, kTagFile);
  put_uleb(out, kTagStackAlign);
  put_uleb(out, stack_align);
  put_uleb(out, kTagArch);
  put_string(out, arch);
  put_u32(out, 1, static_cast<uint32_t>(out.size() - 1));
  put_u32(out, file_at + 1, static_cast<uint32_t>(out.size() - file_at));
  return out;
}

Result<std::optional<std::string>> arch_from_attributes(std::span<const uint8_t> b) {
  if (b.empty() || b[0] != kFormatVersion) {
    return Error{".riscv.attributes: unknown format version (expected 'A')"};
  }
  size_t pos = 1;
  while (pos + 4 <= b.size()) {
    const uint32_t length = get_u32(b, pos);
    if (length < 4 || length > b.size() - pos) return Error{".riscv.attributes: bad length"};
    const size_t end = pos + length;
    size_t at = pos + 4;
    size_t name_end = at;
    while (name_end < end && b[name_end] != 0) ++name_end;
    const bool riscv =
        std::string_view(reinterpret_cast<const char*>(b.data() + at), name_end - at) == kVendor;
    at = name_end + 1;
    while (riscv && at + 5 <= end) {
      const uint8_t tag = b[at];
      const uint32_t size = get_u32(b, at + 1);
      if (size < 5 || size > end - at) return Error{".riscv.attributes: bad sub-section size"};
      if (tag == kTagFile) return arch_in_list(b, at + 5, at + size);
      at += size;
    }
    pos = end;
  }
  return std::optional<std::string>();
}

Result<std::optional<std::string>> arch_attribute(const ElfFile& file) {
  for (const Section& s : file.sections) {
    if (s.type == kShtRiscvAttributes) return arch_from_attributes(s.bytes);
  }
  return std::optional<std::string>();
}

}  // namespace ventus::elf
