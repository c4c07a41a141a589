// ELF32 LE RISC-V executable writer: file layout, symbol/string tables, header emission.
#include "elf/elf_writer.hpp"

#include <algorithm>
#include <string_view>
#include <unordered_map>

#include "elf/byte_order.hpp"

namespace ventus::elf {
namespace {

using detail::store16;
using detail::store32;

constexpr uint32_t kTableAlign = 4;

// A gABI string table: starts with NUL, identical strings share one entry.
class StringTable {
 public:
  uint32_t add(std::string_view s) {
    if (s.empty()) return 0;
    const auto [it, inserted] = index_.try_emplace(std::string(s), 0);
    if (inserted) {
      it->second = static_cast<uint32_t>(data_.size());
      data_.insert(data_.end(), s.begin(), s.end());
      data_.push_back(0);
    }
    return it->second;
  }
  const std::vector<uint8_t>& data() const { return data_; }

 private:
  std::vector<uint8_t> data_{0};
  std::unordered_map<std::string, uint32_t> index_;
};

// Symbol and string tables in their final byte form.
struct Tables {
  StringTable strtab;
  StringTable shstrtab;
  std::vector<uint32_t> section_names;  // shstrtab offsets of the image's sections
  uint32_t symtab_name = 0;
  uint32_t strtab_name = 0;
  uint32_t shstrtab_name = 0;
  std::vector<uint8_t> symtab;
  uint32_t first_global = 1;
};

// File offsets of everything in the output.
struct Layout {
  // 64-bit so that even an absurd (> 4 GiB) image is written in bounds, only with
  // truncated header fields; check_image rejects such images.
  std::vector<uint64_t> offsets;  // per image section
  std::vector<size_t> loaded;     // image sections with a PT_LOAD, by address
  uint64_t phoff = 0;
  uint64_t symtab = 0;
  uint64_t strtab = 0;
  uint64_t shstrtab = 0;
  uint64_t shoff = 0;
  uint64_t file_size = 0;
};

// Raw field values of one section header.
struct Shdr {
  uint32_t name, type, flags, addr, offset, size, link, info, align, entsize;
};

uint64_t align_up(uint64_t value, uint64_t align) {
  align = std::max<uint64_t>(align, 1);
  return (value + align - 1) / align * align;
}

// Smallest offset >= pos with offset ≡ addr (mod align): the gABI requires
// p_offset ≡ p_vaddr modulo p_align for loadable segments.
uint64_t align_congruent(uint64_t pos, uint64_t addr, uint64_t align) {
  align = std::max<uint64_t>(align, 1);
  return pos + (addr % align + align - pos % align) % align;
}

bool is_loaded(const ImageSection& s) {
  return (s.flags & kShfAlloc) != 0 && s.size() > 0;
}

uint32_t segment_align(const ElfImage& image, const ImageSection& s) {
  return std::max({image.segment_align, s.align, uint32_t{1}});
}

uint16_t symbol_section(const ElfImage& image, const std::string& name) {
  if (name.empty()) return kShnAbs;
  for (size_t i = 0; i < image.sections.size(); ++i) {
    if (image.sections[i].name == name) return static_cast<uint16_t>(i + 1);
  }
  return kShnAbs;  // check_image reports this; keep the output well-formed
}

void append_symbol(Tables& t, const ElfImage& image, const ImageSymbol& s) {
  const size_t at = t.symtab.size();
  t.symtab.resize(at + kSymSize);
  store32(t.symtab, at, t.strtab.add(s.name));
  store32(t.symtab, at + 4, s.value);
  store32(t.symtab, at + 8, s.size);
  t.symtab[at + 12] = static_cast<uint8_t>((s.bind << 4) | (s.type & 0xf));
  t.symtab[at + 13] = static_cast<uint8_t>(s.visibility & 0x3);
  store16(t.symtab, at + 14, symbol_section(image, s.section));
}

// gABI: all STB_LOCAL symbols precede the others, and .symtab's sh_info is the index of
// the first non-local one.
Tables build_tables(const ElfImage& image) {
  Tables t;
  t.symtab.assign(kSymSize, 0);  // entry 0 is the null symbol
  for (const ImageSymbol& s : image.symbols) {
    if (s.bind == kStbLocal) append_symbol(t, image, s);
  }
  t.first_global = static_cast<uint32_t>(t.symtab.size() / kSymSize);
  for (const ImageSymbol& s : image.symbols) {
    if (s.bind != kStbLocal) append_symbol(t, image, s);
  }
  for (const ImageSection& s : image.sections) t.section_names.push_back(t.shstrtab.add(s.name));
  t.symtab_name = t.shstrtab.add(".symtab");
  t.strtab_name = t.shstrtab.add(".strtab");
  t.shstrtab_name = t.shstrtab.add(".shstrtab");
  return t;
}

Layout lay_out(const ElfImage& image, const Tables& t) {
  Layout l;
  for (size_t i = 0; i < image.sections.size(); ++i) {
    if (is_loaded(image.sections[i])) l.loaded.push_back(i);
  }
  std::stable_sort(l.loaded.begin(), l.loaded.end(), [&](size_t a, size_t b) {
    return image.sections[a].addr < image.sections[b].addr;
  });
  l.phoff = l.loaded.empty() ? 0 : kEhdrSize;
  uint64_t pos = kEhdrSize + uint64_t{kPhdrSize} * l.loaded.size();
  for (const ImageSection& s : image.sections) {
    pos = (s.flags & kShfAlloc) != 0 ? align_congruent(pos, s.addr, segment_align(image, s))
                                     : align_up(pos, s.align);
    l.offsets.push_back(pos);
    if (s.type != kShtNobits) pos += s.bytes.size();
  }
  pos = align_up(pos, kTableAlign);
  l.symtab = pos;
  pos += t.symtab.size();
  l.strtab = pos;
  pos += t.strtab.data().size();
  l.shstrtab = pos;
  pos = align_up(pos + t.shstrtab.data().size(), kTableAlign);
  l.shoff = pos;
  pos += uint64_t{kShdrSize} * (image.sections.size() + 4);
  l.file_size = pos;
  return l;
}

void write_header(std::vector<uint8_t>& out, const ElfImage& image, const Layout& l) {
  static constexpr uint8_t kIdent[7] = {0x7f, 'E', 'L', 'F', 1 /*ELFCLASS32*/, 1 /*ELFDATA2LSB*/,
                                        1 /*EV_CURRENT*/};
  std::copy(std::begin(kIdent), std::end(kIdent), out.begin());
  store16(out, 16, kEtExec);
  store16(out, 18, kEmRiscv);
  store32(out, 20, 1);  // e_version
  store32(out, 24, image.entry);
  store32(out, 28, static_cast<uint32_t>(l.phoff));
  store32(out, 32, static_cast<uint32_t>(l.shoff));
  store32(out, 36, image.flags);
  store16(out, 40, kEhdrSize);
  store16(out, 42, kPhdrSize);
  store16(out, 44, static_cast<uint16_t>(l.loaded.size()));
  store16(out, 46, kShdrSize);
  store16(out, 48, static_cast<uint16_t>(image.sections.size() + 4));
  store16(out, 50, static_cast<uint16_t>(image.sections.size() + 3));  // .shstrtab
}

void write_program_headers(std::vector<uint8_t>& out, const ElfImage& image, const Layout& l) {
  size_t at = l.phoff;
  for (size_t index : l.loaded) {
    const ImageSection& s = image.sections[index];
    uint32_t flags = kPfR;
    if ((s.flags & kShfWrite) != 0) flags |= kPfW;
    if ((s.flags & kShfExecinstr) != 0) flags |= kPfX;
    store32(out, at, kPtLoad);
    store32(out, at + 4, static_cast<uint32_t>(l.offsets[index]));
    store32(out, at + 8, s.addr);
    store32(out, at + 12, s.addr);  // paddr = vaddr: no MMU (ISA.md §8)
    store32(out, at + 16, s.type == kShtNobits ? 0 : s.size());
    store32(out, at + 20, s.size());
    store32(out, at + 24, flags);
    store32(out, at + 28, segment_align(image, s));
    at += kPhdrSize;
  }
}

void write_shdr(std::vector<uint8_t>& out, size_t at, const Shdr& h) {
  const uint32_t fields[] = {h.name, h.type, h.flags, h.addr,  h.offset,
                             h.size, h.link, h.info,  h.align, h.entsize};
  for (uint32_t field : fields) {
    store32(out, at, field);
    at += 4;
  }
}

void write_section_headers(std::vector<uint8_t>& out, const ElfImage& image, const Layout& l,
                           const Tables& t) {
  const auto n = static_cast<uint32_t>(image.sections.size());
  size_t at = l.shoff + kShdrSize;  // entry 0 stays all-zero (SHT_NULL)
  for (uint32_t i = 0; i < n; ++i) {
    const ImageSection& s = image.sections[i];
    write_shdr(out, at,
               {t.section_names[i], s.type, s.flags, s.addr, static_cast<uint32_t>(l.offsets[i]),
                s.size(), 0, 0, s.align, 0});
    at += kShdrSize;
  }
  const auto symtab_size = static_cast<uint32_t>(t.symtab.size());
  write_shdr(out, at,
             {t.symtab_name, kShtSymtab, 0, 0, static_cast<uint32_t>(l.symtab), symtab_size, n + 2,
              t.first_global, kTableAlign, kSymSize});
  write_shdr(out, at + kShdrSize,
             {t.strtab_name, kShtStrtab, 0, 0, static_cast<uint32_t>(l.strtab),
              static_cast<uint32_t>(t.strtab.data().size()), 0, 0, 1, 0});
  write_shdr(out, at + 2 * kShdrSize,
             {t.shstrtab_name, kShtStrtab, 0, 0, static_cast<uint32_t>(l.shstrtab),
              static_cast<uint32_t>(t.shstrtab.data().size()), 0, 0, 1, 0});
}

void write_contents(std::vector<uint8_t>& out, const ElfImage& image, const Layout& l,
                    const Tables& t) {
  for (size_t i = 0; i < image.sections.size(); ++i) {
    const ImageSection& s = image.sections[i];
    if (s.type != kShtNobits)
      std::copy(s.bytes.begin(), s.bytes.end(), out.begin() + static_cast<ptrdiff_t>(l.offsets[i]));
  }
  std::copy(t.symtab.begin(), t.symtab.end(), out.begin() + static_cast<ptrdiff_t>(l.symtab));
  std::copy(t.strtab.data().begin(), t.strtab.data().end(),
            out.begin() + static_cast<ptrdiff_t>(l.strtab));
  std::copy(t.shstrtab.data().begin(), t.shstrtab.data().end(),
            out.begin() + static_cast<ptrdiff_t>(l.shstrtab));
}

}  // namespace

std::vector<uint8_t> write_elf(const ElfImage& image) {
  const Tables tables = build_tables(image);
  const Layout layout = lay_out(image, tables);
  std::vector<uint8_t> out(layout.file_size, 0);
  write_header(out, image, layout);
  write_program_headers(out, image, layout);
  write_contents(out, image, layout, tables);
  write_section_headers(out, image, layout, tables);
  return out;
}

}  // namespace ventus::elf
