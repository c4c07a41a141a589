// Precondition check of an ElfImage before write_elf: names, types, alignment, overlaps.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <set>
#include <string_view>

#include "elf/elf_writer.hpp"
#include "elf/riscv_attributes.hpp"

namespace ventus::elf {
namespace {

constexpr uint64_t kAddressSpace = uint64_t{1} << 32;
// Room for the section header table's reserved indices (gABI SHN_LORESERVE) once
// .symtab, .strtab, .shstrtab and the null section are added.
constexpr size_t kMaxSections = kShnLoreserve - 4;

bool valid_align(uint32_t align) {
  return align == 0 || std::has_single_bit(align);
}

bool reserved_name(std::string_view name) {
  return name == ".symtab" || name == ".strtab" || name == ".shstrtab";
}

Status check_section(const ImageSection& s, size_t index) {
  const auto fail = [&](std::string_view what) {
    return Error{fmt::format("ELF image section {} '{}': {}", index, s.name, what)};
  };
  if (s.name.empty() || s.name.find('\0') != std::string::npos) {
    return fail("name is empty or contains NUL");
  }
  if (reserved_name(s.name)) return fail("name is reserved for the writer's own tables");
  if (s.type != kShtProgbits && s.type != kShtNobits && s.type != kShtRiscvAttributes)
    return fail("type must be PROGBITS, NOBITS or RISCV_ATTRIBUTES");
  if (s.type == kShtNobits && !s.bytes.empty()) return fail("NOBITS section has bytes");
  if (s.type == kShtProgbits && s.nobits_size != 0) return fail("PROGBITS section has nobits_size");
  if (!valid_align(s.align))
    return fail(fmt::format("alignment {} is not a power of two", s.align));
  if ((s.flags & kShfAlloc) == 0) return ok_status();
  if (s.addr % std::max(s.align, uint32_t{1}) != 0) {
    return fail(fmt::format("address {:#x} is not {}-byte aligned", s.addr, s.align));
  }
  if (uint64_t{s.addr} + s.size() > kAddressSpace) {
    return fail("extends past the 32-bit address space");
  }
  return ok_status();
}

Status check_sections(const ElfImage& image) {
  if (image.sections.size() > kMaxSections) {
    return Error{
        fmt::format("ELF image has {} sections (at most {})", image.sections.size(), kMaxSections)};
  }
  if (!valid_align(image.segment_align)) {
    return Error{
        fmt::format("ELF image segment alignment {} is not a power of two", image.segment_align)};
  }
  std::set<std::string_view> names;
  uint64_t total_bytes = 0;
  for (size_t i = 0; i < image.sections.size(); ++i) {
    const ImageSection& s = image.sections[i];
    if (auto status = check_section(s, i); !status) return status;
    if (!names.insert(s.name).second) {
      return Error{fmt::format("ELF image section {} '{}': duplicate name", i, s.name)};
    }
    total_bytes += s.bytes.size() + std::max({image.segment_align, s.align, uint32_t{1}});
  }
  if (total_bytes + uint64_t{kSymSize} * image.symbols.size() >= kAddressSpace / 2) {
    return Error{"ELF image is too large for an ELF32 file"};
  }
  return ok_status();
}

// Loaded sections (allocatable, non-empty) must not share any address.
Status check_overlaps(const ElfImage& image) {
  std::vector<const ImageSection*> loaded;
  for (const ImageSection& s : image.sections) {
    if ((s.flags & kShfAlloc) != 0 && s.size() > 0) loaded.push_back(&s);
  }
  std::sort(loaded.begin(), loaded.end(),
            [](const ImageSection* a, const ImageSection* b) { return a->addr < b->addr; });
  for (size_t i = 1; i < loaded.size(); ++i) {
    const ImageSection& prev = *loaded[i - 1];
    if (uint64_t{prev.addr} + prev.size() > loaded[i]->addr) {
      return Error{fmt::format("ELF image sections '{}' and '{}' overlap at {:#x}", prev.name,
                               loaded[i]->name, loaded[i]->addr)};
    }
  }
  return ok_status();
}

Status check_symbols(const ElfImage& image) {
  for (size_t i = 0; i < image.symbols.size(); ++i) {
    const ImageSymbol& s = image.symbols[i];
    const auto fail = [&](std::string_view what) {
      return Error{fmt::format("ELF image symbol {} '{}': {}", i, s.name, what)};
    };
    if (s.name.find('\0') != std::string::npos) return fail("name contains NUL");
    if (s.type > 0xf || s.bind > 0xf || s.visibility > 0x3) {
      return fail("type, binding or visibility out of range");
    }
    if (s.section.empty()) continue;
    const bool found = std::any_of(image.sections.begin(), image.sections.end(),
                                   [&](const ImageSection& sec) { return sec.name == s.section; });
    if (!found) return fail(fmt::format("unknown section '{}'", s.section));
  }
  return ok_status();
}

}  // namespace

Status check_image(const ElfImage& image) {
  if (auto status = check_sections(image); !status) return status;
  if (auto status = check_overlaps(image); !status) return status;
  return check_symbols(image);
}

}  // namespace ventus::elf
