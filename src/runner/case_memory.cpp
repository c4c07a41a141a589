// The ELF segments, tohost, ISA profile and local layout of a reference case's launch.
#include "runner/case_memory.hpp"

#include <algorithm>

#include "elf/riscv_attributes.hpp"

namespace ventus::runner {

void write_elf_segments(const elf::ElfFile* elf, memory::DeviceMemory& memory) {
  if (elf == nullptr) return;
  for (const elf::Segment& seg : elf->load_segments()) {
    memory.store().write_bytes(seg.paddr,
                               seg.bytes.first(std::min<size_t>(seg.bytes.size(), seg.filesz)));
  }
}

void map_elf_segments(const elf::ElfFile* elf, memory::DeviceMemory& memory) {
  if (elf == nullptr) return;
  for (const elf::Segment& seg : elf->load_segments()) {
    if (seg.memsz == 0 || memory.map().find(seg.paddr, seg.memsz) != nullptr) continue;
    (void)memory.map_region({seg.paddr, seg.memsz, memory::RegionKind::kCode, "ELF segment"});
  }
}

uint32_t tohost_address(const elf::ElfFile* elf) {
  const elf::Symbol* s = elf != nullptr ? elf->find_symbol("tohost") : nullptr;
  return s != nullptr ? s->value : 0x80001000u;
}

Result<isa::Profile> case_profile(const elf::ElfFile* elf) {
  if (elf == nullptr) return isa::kDefaultProfile;
  auto arch = elf::arch_attribute(*elf);
  if (!arch) return arch.error();
  const isa::ProfileChoice choice =
      isa::choose_profile(arch.value(), std::nullopt, "the case's ELF");
  if (!choice.error.empty()) return Error{choice.error};
  return choice.profile;
}

memory::LocalMemory case_local_layout(const loader::LaunchMetadata& meta) {
  memory::LocalMemory layout(memory::lds_region_bytes(meta.lds_size, meta.wg_size));
  for (const loader::BufferDesc& b : meta.buffers) {
    if (b.alloc_size == 0 || !memory::is_local_window(b.base)) continue;
    if (layout.map().find(b.base, 1) != nullptr) continue;
    (void)layout.map_region({b.base, b.alloc_size, memory::RegionKind::kLocal, "__local buffer"});
  }
  return layout;
}

}  // namespace ventus::runner
