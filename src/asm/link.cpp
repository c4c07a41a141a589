// Linker implementation: layout, the pass-2 expression environment, encoding, symbols.
#include "asm/link.hpp"
#include "elf/riscv_attributes.hpp"

#include "asm/link_env.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

#include "elf/elf_file.hpp"
#include "isa/encoder.hpp"

namespace ventus::as {
namespace {

constexpr uint64_t kPage = 0x1000;
uint64_t align_up(uint64_t v, uint64_t a) {
  return (v + a - 1) / a * a;
}

// Places the sections in the order and at the addresses of the Ventus linker script
// (ISA.md §7.8): .text at the base; .tohost, .rodata, .data each at their fixed page
// (base + 0x1000 / 0x2000 / 0x3000) or the next 4 KiB boundary when .text grows past it;
// .sdata and .bss follow .data. __global_pointer$ = start of .sdata + 0x800.
Layout place_sections(Program& p) {
  Layout layout;
  struct Slot {
    const char* name;
    uint64_t page;
    bool own_page;
  };
  static constexpr std::array<Slot, 6> kOrder = {{{".text", 0, true},
                                                  {".tohost", 1, true},
                                                  {".rodata", 2, true},
                                                  {".data", 3, true},
                                                  {".sdata", 0, false},
                                                  {".bss", 0, false}}};
  uint64_t cursor = p.text_base;
  for (const Slot& slot : kOrder) {
    auto it = std::find_if(p.sections.begin(), p.sections.end(),
                           [&](const SectionData& s) { return s.name == slot.name; });
    const bool present =
        it != p.sections.end() && (it->size() > 0 || std::string(slot.name) == ".text");
    uint64_t addr = cursor;
    if (present && slot.own_page && slot.page > 0) {
      addr = std::max(p.text_base + slot.page * kPage, align_up(cursor, kPage));
    }
    if (present) addr = align_up(addr, std::max<uint32_t>(it->align, 1));
    if (std::string(slot.name) == ".sdata")
      layout.linker_symbols["__global_pointer$"] = static_cast<int64_t>(addr + 0x800);
    if (std::string(slot.name) == ".bss")
      layout.linker_symbols["__bss_start"] = static_cast<int64_t>(addr);
    if (it != p.sections.end()) it->addr = static_cast<uint32_t>(addr);
    if (present) cursor = addr + it->size();
    if (cursor > 0xFFFFFFFFu) {
      p.error(Location{0, 0, 0}, "the sections do not fit in the 32-bit address space");
      cursor = 0;
    }
  }
  layout.linker_symbols["__bss_end"] = static_cast<int64_t>(cursor);
  layout.linker_symbols["_end"] = static_cast<int64_t>(cursor);
  return layout;
}

PcrelMap pcrel_map(const Program& p) {
  PcrelMap map;
  for (size_t i = 0; i < p.insns.size(); ++i) {
    const InsnItem& item = p.insns[i];
    for (size_t k = 0; k < item.row->operand_count; ++k) {
      const ExprPtr& e = item.ops.exprs[k];
      if (e && e->op == ExprOp::PcrelHi) {
        map[int64_t{p.sections[item.section].addr} + item.offset] = {i, k};
      }
    }
  }
  return map;
}

std::string hex(int64_t v) {
  return fmt::format("0x{:x}", static_cast<uint64_t>(v) & 0xFFFFFFFFu);
}

// Range/alignment check of one evaluated operand; returns the message or "".
std::string check_operand(const InsnItem& item, size_t k, int64_t raw, int64_t pc, int64_t& value) {
  const isa::OperandKind kind = item.row->operands[k];
  const isa::OperandRange r = isa::operand_range(kind);
  const std::string mn(item.row->mnemonic);
  value = raw;
  if (item.ops.relative[k]) {
    value = raw - pc;
    if (value % 4 != 0) {
      return fmt::format(
          "misaligned branch target {}: instructions are 4-byte aligned, so the "
          "offset {} from {} must be a multiple of 4",
          hex(raw), value, hex(pc));
    }
    if (!isa::operand_value_fits(kind, value)) {
      return fmt::format("branch target {} is too far for '{}': the offset {} is not in [{}, {}]",
                         hex(raw), mn, value, r.min, r.max / 4 * 4);
    }
    return {};
  }
  if (!isa::operand_value_fits(kind, value)) {
    if (kind == isa::OperandKind::Csr) {
      return fmt::format(
          "CSR number {} is out of range: expected a CSR name or a number in [0, 4095]", value);
    }
    return fmt::format("immediate {} is out of range for '{}': expected a value in [{}, {}]{}",
                       value, mn, r.min, r.max, isa::operand_info(kind).even ? " (even)" : "");
  }
  return {};
}

void put_le(std::vector<uint8_t>& bytes, size_t at, uint64_t value, uint8_t size) {
  for (uint8_t i = 0; i < size; ++i) bytes[at + i] = static_cast<uint8_t>(value >> (8 * i));
}

void encode_insns(Program& p, const Layout& layout, const PcrelMap& pcrel) {
  for (InsnItem& item : p.insns) {
    const int64_t pc = int64_t{p.sections[item.section].addr} + item.offset;
    LinkEnv env(p, layout, pcrel, item.loc.file);
    env.pc = pc;
    std::array<int64_t, isa::kMaxOperands> values = item.ops.values;
    bool ok = true;
    for (size_t k = 0; k < item.row->operand_count && ok; ++k) {
      if (!item.ops.exprs[k]) continue;
      const EvalResult r = evaluate(*item.ops.exprs[k], env);
      const uint32_t col = item.ops.columns[k] ? item.ops.columns[k] : item.loc.column;
      if (!r.ok()) {
        p.error(Location{item.loc.file, item.loc.line, r.column ? r.column : col}, r.message);
        ok = false;
        continue;
      }
      const std::string message = check_operand(item, k, r.value, pc, values[k]);
      if (!message.empty())
        p.error(Location{item.loc.file, item.loc.line, col}, message), ok = false;
    }
    if (!ok) continue;
    auto word =
        isa::encode(*item.row, std::span<const int64_t>(values.data(), item.row->operand_count));
    if (!word) {
      p.error(item.loc, word.error().message);
      continue;
    }
    put_le(p.sections[item.section].bytes, item.offset, *word, 4);
  }
}

void encode_data(Program& p, const Layout& layout, const PcrelMap& pcrel) {
  for (const DataItem& item : p.data) {
    LinkEnv env(p, layout, pcrel, item.loc.file);
    env.pc = int64_t{p.sections[item.section].addr} + item.offset;
    const EvalResult r = evaluate(*item.expr, env);
    if (!r.ok()) {
      p.error(Location{item.loc.file, item.loc.line, r.column ? r.column : item.loc.column},
              r.message);
      continue;
    }
    const int64_t lo = -(int64_t{1} << (8 * item.size - 1)),
                  hi = (int64_t{1} << (8 * item.size)) - 1;
    if (r.value < lo || r.value > hi) {
      p.error(item.loc, fmt::format("value {} does not fit in {} byte(s)", r.value, item.size));
      continue;
    }
    put_le(p.sections[item.section].bytes, item.offset, static_cast<uint64_t>(r.value), item.size);
  }
}

// A global defined in two files is an error; report it at the second definition.
void check_duplicate_globals(Program& p) {
  std::unordered_map<std::string, size_t> first;
  for (size_t f = 0; f < p.files.size(); ++f) {
    for (const std::string& name : p.files[f].symbol_order) {
      const Symbol& s = p.files[f].symbols.at(name);
      if (!s.defined || !s.global) continue;
      auto [it, inserted] = first.try_emplace(name, f);
      if (!inserted) {
        const Symbol& prev = p.files[it->second].symbols.at(name);
        p.error(s.loc, fmt::format("duplicate symbol '{}' (first defined at {}:{})", name,
                                   p.files[it->second].name, prev.loc.line));
      }
    }
  }
}

uint32_t symbol_size(const Program& p, const Layout& layout, const PcrelMap& pcrel, size_t f,
                     const Symbol& s) {
  if (!s.size_expr) return 0;
  LinkEnv env(p, layout, pcrel, f);
  env.pc = int64_t{p.sections[s.size_section].addr} + s.size_offset;
  const EvalResult r = evaluate(*s.size_expr, env);
  return r.ok() ? static_cast<uint32_t>(r.value) : 0;
}

void add_symbols(const Program& p, const Layout& layout, const PcrelMap& pcrel,
                 elf::ElfImage& image) {
  for (size_t f = 0; f < p.files.size(); ++f) {
    for (const std::string& name : p.files[f].symbol_order) {
      const Symbol& s = p.files[f].symbols.at(name);
      if (!s.defined || !s.section) continue;
      elf::ImageSymbol sym;
      sym.name = name;
      sym.value = p.sections[*s.section].addr + s.offset;
      sym.size = symbol_size(p, layout, pcrel, f, s);
      sym.type = s.type;
      sym.bind = s.global ? elf::kStbGlobal : elf::kStbLocal;
      sym.section = p.sections[*s.section].name;
      image.symbols.push_back(std::move(sym));
    }
  }
  elf::ImageSymbol gp;
  gp.name = "__global_pointer$";
  gp.value = static_cast<uint32_t>(layout.linker_symbols.at("__global_pointer$"));
  image.symbols.push_back(gp);
}

}  // namespace

elf::ElfImage link(Program& p) {
  p.section_index(".text");
  const Layout layout = place_sections(p);
  const PcrelMap pcrel = pcrel_map(p);
  check_duplicate_globals(p);
  encode_insns(p, layout, pcrel);
  encode_data(p, layout, pcrel);
  elf::ElfImage image;
  image.entry = p.text_base;
  for (const SectionData& s : p.sections) {
    elf::ImageSection out;
    out.name = s.name, out.type = s.type, out.flags = s.flags, out.addr = s.addr;
    out.align = s.align, out.bytes = s.bytes, out.nobits_size = s.nobits_size;
    image.sections.push_back(std::move(out));
  }
  std::stable_sort(image.sections.begin(), image.sections.end(),
                   [](const auto& a, const auto& b) { return a.addr < b.addr; });
  // The profile as the RISC-V toolchains record the ISA (docs/isa-profiles.md), last so the
  // loaded sections keep their indices.
  elf::ImageSection attributes;
  attributes.name = ".riscv.attributes";
  attributes.type = elf::kShtRiscvAttributes;
  attributes.flags = 0;
  attributes.align = 1;
  attributes.bytes = elf::riscv_attributes(isa::arch_attribute(p.profile));
  image.sections.push_back(std::move(attributes));
  add_symbols(p, layout, pcrel, image);
  for (const elf::ImageSymbol& sym : image.symbols) {
    if (sym.name == "_start") image.entry = sym.value;
  }
  return image;
}

}  // namespace ventus::as
