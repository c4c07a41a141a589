// ELF32 LE RISC-V reader: identification, header tables, section names, .symtab, segments.
#include "elf/elf_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>

#include "common/input_file.hpp"
#include "elf/byte_order.hpp"

namespace ventus::elf {
namespace {

using detail::fits;
using detail::load16;
using detail::load32;

constexpr uint64_t kAddressSpace = uint64_t{1} << 32;
constexpr uint16_t kPnXnum = 0xffff;  // gABI: real e_phnum is in section 0's sh_info

// Header-table locations and counts, after resolving the gABI extended numbering.
struct Header {
  uint32_t phoff = 0;
  uint32_t shoff = 0;
  uint16_t phentsize = 0;
  uint16_t shentsize = 0;
  uint32_t phnum = 0;
  uint32_t shnum = 0;
  uint32_t shstrndx = 0;
};

// Per-parse state: the bytes (owned by the ElfFile image) and the name used in messages.
struct Parser {
  std::span<const uint8_t> file;
  std::string_view name;

  template <typename... Args>
  Error fail(fmt::format_string<Args...> format, Args&&... args) const {
    return Error{fmt::format("{}: {}", name, fmt::format(format, std::forward<Args>(args)...))};
  }
};

Status check_ident(const Parser& p) {
  static constexpr uint8_t kMagic[4] = {0x7f, 'E', 'L', 'F'};
  const auto f = p.file;
  if (f.empty()) return p.fail("empty file");
  if (!std::equal(f.begin(), f.begin() + std::min<ptrdiff_t>(std::ssize(f), 4), kMagic)) {
    return p.fail("not an ELF file (bad magic)");
  }
  if (f.size() < 16) {
    return p.fail("truncated: ELF identification needs 16 bytes, file has {}", f.size());
  }
  if (f[4] == 2) return p.fail("64-bit ELF (ELFCLASS64) is not supported; expected ELF32");
  if (f[4] != 1) return p.fail("invalid ELF class {} (expected 1, ELFCLASS32)", f[4]);
  if (f[5] == 2) return p.fail("big-endian ELF is not supported");
  if (f[5] != 1) return p.fail("invalid ELF data encoding {} (expected 1, LSB)", f[5]);
  if (f[6] != 1) return p.fail("unsupported ELF version {} (expected 1)", f[6]);
  if (f.size() < kEhdrSize) {
    return p.fail("truncated: ELF header needs {} bytes, file has {}", kEhdrSize, f.size());
  }
  return ok_status();
}

Result<Header> read_header(const Parser& p, ElfFile& out) {
  const auto f = p.file;
  out.type = load16(f, 16);
  out.machine = load16(f, 18);
  if (out.machine != kEmRiscv) return p.fail("not a RISC-V ELF (e_machine {})", out.machine);
  out.entry = load32(f, 24);
  out.flags = load32(f, 36);
  Header h;
  h.phoff = load32(f, 28);
  h.shoff = load32(f, 32);
  h.phentsize = load16(f, 42);
  h.phnum = load16(f, 44);
  h.shentsize = load16(f, 46);
  h.shnum = load16(f, 48);
  h.shstrndx = load16(f, 50);
  return h;
}

// Section 0 carries the real counts when they do not fit in 16 bits (gABI "extended
// section numbering"); resolve them so the rest of the reader sees plain numbers.
Status resolve_counts(const Parser& p, Header& h) {
  if (h.shoff == 0) {
    if (h.shnum != 0) return p.fail("e_shnum is {} but e_shoff is 0", h.shnum);
    if (h.phnum == kPnXnum) return p.fail("e_phnum is PN_XNUM but there is no section 0");
    h.shstrndx = kShnUndef;
    return ok_status();
  }
  if (h.shentsize != kShdrSize) {
    return p.fail("unexpected e_shentsize {} (expected {})", h.shentsize, kShdrSize);
  }
  if (h.shnum == 0 || h.shstrndx == kShnXindex || h.phnum == kPnXnum) {
    if (!fits(h.shoff, kShdrSize, p.file.size())) {
      return p.fail(
          "truncated: section header table (offset {:#x}, 1 entries) extends past end of "
          "file (size {})",
          h.shoff, p.file.size());
    }
    if (h.shnum == 0) h.shnum = load32(p.file, size_t{h.shoff} + 20);
    if (h.shstrndx == kShnXindex) h.shstrndx = load32(p.file, size_t{h.shoff} + 24);
    if (h.phnum == kPnXnum) h.phnum = load32(p.file, size_t{h.shoff} + 28);
  }
  return ok_status();
}

Result<Section> parse_section(const Parser& p, size_t at, uint32_t index) {
  const auto f = p.file;
  Section s;
  s.index = index;
  s.type = load32(f, at + 4);
  s.flags = load32(f, at + 8);
  s.addr = load32(f, at + 12);
  s.offset = load32(f, at + 16);
  s.size = load32(f, at + 20);
  s.link = load32(f, at + 24);
  s.info = load32(f, at + 28);
  s.addralign = load32(f, at + 32);
  s.entsize = load32(f, at + 36);
  if (s.type != kShtNobits && s.type != kShtNull) {
    if (!fits(s.offset, s.size, f.size())) {
      return p.fail(
          "truncated: section [{}] (offset {:#x}, size {:#x}) extends past end of file "
          "(size {})",
          index, s.offset, s.size, f.size());
    }
    s.bytes = f.subspan(s.offset, s.size);
  }
  if (s.is_alloc() && !fits(s.addr, s.size, kAddressSpace)) {
    return p.fail("section [{}] (address {:#x}, size {:#x}) wraps past the 32-bit address space",
                  index, s.addr, s.size);
  }
  return s;
}

// Reads every section header; returns each section's sh_name for name_sections().
Result<std::vector<uint32_t>> read_sections(const Parser& p, const Header& h, ElfFile& out) {
  if (!fits(h.shoff, uint64_t{h.shnum} * kShdrSize, p.file.size())) {
    return p.fail(
        "truncated: section header table (offset {:#x}, {} entries) extends past end of file "
        "(size {})",
        h.shoff, h.shnum, p.file.size());
  }
  std::vector<uint32_t> name_offsets;
  name_offsets.reserve(h.shnum);
  out.sections.reserve(h.shnum);
  for (uint32_t i = 0; i < h.shnum; ++i) {
    const size_t at = size_t{h.shoff} + size_t{i} * kShdrSize;
    auto section = parse_section(p, at, i);
    if (!section) return section.error();
    name_offsets.push_back(load32(p.file, at));
    out.sections.push_back(*section);
  }
  return name_offsets;
}

// The NUL-terminated string at `offset` of string table `table`; `what` and `index` name
// the referring entry in the error message.
Result<std::string_view> string_at(const Parser& p, const Section& table, uint32_t offset,
                                   std::string_view what, uint32_t index) {
  if (offset == 0) return std::string_view{};  // gABI: index 0 is the empty string
  const auto bytes = table.bytes;
  if (offset >= bytes.size()) {
    return p.fail("{} {}: name offset {:#x} is outside string table [{}] (size {:#x})", what, index,
                  offset, table.index, bytes.size());
  }
  const uint8_t* begin = bytes.data() + offset;
  const void* nul = std::memchr(begin, 0, bytes.size() - offset);
  if (nul == nullptr) {
    return p.fail("{} {}: name at offset {:#x} of string table [{}] is not NUL-terminated", what,
                  index, offset, table.index);
  }
  const auto length = static_cast<size_t>(static_cast<const uint8_t*>(nul) - begin);
  return std::string_view(reinterpret_cast<const char*>(begin), length);
}

Status name_sections(const Parser& p, uint32_t shstrndx, const std::vector<uint32_t>& offsets,
                     ElfFile& out) {
  if (shstrndx == kShnUndef) return ok_status();  // no section names in this file
  if (shstrndx >= out.sections.size()) {
    return p.fail("section name string table index {} out of range ({} sections)", shstrndx,
                  out.sections.size());
  }
  const Section& table = out.sections[shstrndx];
  if (table.type != kShtStrtab) {
    return p.fail("section name string table [{}] has type {} (expected SHT_STRTAB)", shstrndx,
                  table.type);
  }
  for (size_t i = 0; i < out.sections.size(); ++i) {
    auto name = string_at(p, table, offsets[i], "section", static_cast<uint32_t>(i));
    if (!name) return name.error();
    out.sections[i].name = *name;
  }
  return ok_status();
}

Result<Symbol> parse_symbol(const Parser& p, const Section& symtab, const Section& strtab,
                            uint32_t index, size_t section_count) {
  const size_t at = size_t{index} * kSymSize;
  const auto b = symtab.bytes;
  auto name = string_at(p, strtab, load32(b, at), "symbol", index);
  if (!name) return name.error();
  Symbol s;
  s.name = *name;
  s.value = load32(b, at + 4);
  s.size = load32(b, at + 8);
  s.type = static_cast<uint8_t>(b[at + 12] & 0xf);
  s.bind = static_cast<uint8_t>(b[at + 12] >> 4);
  s.visibility = static_cast<uint8_t>(b[at + 13] & 0x3);
  s.section_index = load16(b, at + 14);
  if (s.section_index == kShnXindex) {
    return p.fail("symbol {} '{}': extended section index (SHN_XINDEX) is not supported", index,
                  s.name);
  }
  if (s.section_index >= section_count && s.section_index < kShnLoreserve) {
    return p.fail("symbol {} '{}': section index {} out of range ({} sections)", index, s.name,
                  s.section_index, section_count);
  }
  return s;
}

Status check_symtab(const Parser& p, const Section& symtab, const ElfFile& out) {
  if (symtab.entsize != kSymSize) {
    return p.fail("symbol table [{}] has entry size {} (expected {})", symtab.index, symtab.entsize,
                  kSymSize);
  }
  if (symtab.size % kSymSize != 0) {
    return p.fail("symbol table [{}] size {:#x} is not a multiple of {}", symtab.index, symtab.size,
                  kSymSize);
  }
  if (symtab.link >= out.sections.size() || out.sections[symtab.link].type != kShtStrtab) {
    return p.fail("symbol table [{}] links to section {}, which is not a string table",
                  symtab.index, symtab.link);
  }
  if (symtab.info > symtab.size / kSymSize) {
    return p.fail("symbol table [{}] sh_info {} (first global) exceeds its {} entries",
                  symtab.index, symtab.info, symtab.size / kSymSize);
  }
  return ok_status();
}

Status read_symbols(const Parser& p, ElfFile& out) {
  const auto it = std::find_if(out.sections.begin(), out.sections.end(),
                               [](const Section& s) { return s.type == kShtSymtab; });
  if (it == out.sections.end()) return ok_status();
  const Section& symtab = *it;
  if (auto status = check_symtab(p, symtab, out); !status) return status;
  const Section& strtab = out.sections[symtab.link];
  const uint32_t count = symtab.size / kSymSize;
  out.symbols.reserve(count);
  for (uint32_t i = 1; i < count; ++i) {
    auto symbol = parse_symbol(p, symtab, strtab, i, out.sections.size());
    if (!symbol) return symbol.error();
    out.symbols.push_back(*symbol);
  }
  return ok_status();
}

Result<Segment> parse_segment(const Parser& p, size_t at, uint32_t index) {
  const auto f = p.file;
  Segment s;
  s.type = load32(f, at);
  s.offset = load32(f, at + 4);
  s.vaddr = load32(f, at + 8);
  s.paddr = load32(f, at + 12);
  s.filesz = load32(f, at + 16);
  s.memsz = load32(f, at + 20);
  s.flags = load32(f, at + 24);
  s.align = load32(f, at + 28);
  if (!fits(s.offset, s.filesz, f.size())) {
    return p.fail(
        "truncated: program header {} (offset {:#x}, size {:#x}) extends past end of file "
        "(size {})",
        index, s.offset, s.filesz, f.size());
  }
  s.bytes = f.subspan(s.offset, s.filesz);
  if (s.type != kPtLoad) return s;
  if (s.filesz > s.memsz) {
    return p.fail("program header {}: p_filesz {:#x} exceeds p_memsz {:#x}", index, s.filesz,
                  s.memsz);
  }
  if (!fits(s.vaddr, s.memsz, kAddressSpace) || !fits(s.paddr, s.memsz, kAddressSpace)) {
    return p.fail(
        "program header {}: segment (vaddr {:#x}, paddr {:#x}, size {:#x}) wraps "
        "past the 32-bit address space",
        index, s.vaddr, s.paddr, s.memsz);
  }
  return s;
}

Status read_segments(const Parser& p, const Header& h, ElfFile& out) {
  if (h.phnum == 0) return ok_status();
  if (h.phentsize != kPhdrSize) {
    return p.fail("unexpected e_phentsize {} (expected {})", h.phentsize, kPhdrSize);
  }
  if (!fits(h.phoff, uint64_t{h.phnum} * kPhdrSize, p.file.size())) {
    return p.fail(
        "truncated: program header table (offset {:#x}, {} entries) extends past end of file "
        "(size {})",
        h.phoff, h.phnum, p.file.size());
  }
  out.segments.reserve(h.phnum);
  for (uint32_t i = 0; i < h.phnum; ++i) {
    auto segment = parse_segment(p, size_t{h.phoff} + size_t{i} * kPhdrSize, i);
    if (!segment) return segment.error();
    out.segments.push_back(*segment);
  }
  return ok_status();
}

// Parses `image` in place; the returned file's views point into it.
Result<ElfFile> parse_image(std::shared_ptr<const std::vector<uint8_t>> image,
                            std::string_view name) {
  const Parser p{std::span<const uint8_t>(*image), name};
  if (auto status = check_ident(p); !status) return status.error();
  ElfFile out;
  auto header = read_header(p, out);
  if (!header) return header.error();
  if (auto status = resolve_counts(p, *header); !status) return status.error();
  auto name_offsets = read_sections(p, *header, out);
  if (!name_offsets) return name_offsets.error();
  if (auto status = name_sections(p, header->shstrndx, *name_offsets, out); !status) {
    return status.error();
  }
  if (auto status = read_symbols(p, out); !status) return status.error();
  if (auto status = read_segments(p, *header, out); !status) return status.error();
  out.image = std::move(image);
  return out;
}

}  // namespace

Result<ElfFile> read_elf(std::span<const uint8_t> bytes, std::string_view name_for_errors) {
  return parse_image(std::make_shared<const std::vector<uint8_t>>(bytes.begin(), bytes.end()),
                     name_for_errors);
}

Result<ElfFile> read_elf_file(const std::string& path) {
  // Devices and pipes could stream forever; an ELF file is always a regular file.
  auto text = read_input_file(path, {.allow_stdin = false, .what = "ELF file"});
  if (!text) return text.error();
  auto data = std::make_shared<std::vector<uint8_t>>(text->begin(), text->end());
  return parse_image(std::move(data), path);
}

}  // namespace ventus::elf
