// Queries on a parsed ELF file: lookup by name, per-section symbol lists, loadable segments.
#include "elf/elf_file.hpp"

#include <algorithm>

namespace ventus::elf {

const Section* ElfFile::find_section(std::string_view name) const {
  for (const Section& s : sections) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

const Symbol* ElfFile::find_symbol(std::string_view name) const {
  const Symbol* local = nullptr;
  for (const Symbol& s : symbols) {
    if (s.name != name) continue;
    if (s.bind != kStbLocal) return &s;
    if (local == nullptr) local = &s;
  }
  return local;
}

std::vector<Symbol> ElfFile::symbols_in_section(uint32_t section_index) const {
  std::vector<Symbol> result;
  for (const Symbol& s : symbols) {
    if (s.section_index == section_index) result.push_back(s);
  }
  std::stable_sort(result.begin(), result.end(),
                   [](const Symbol& a, const Symbol& b) { return a.value < b.value; });
  return result;
}

std::vector<Segment> ElfFile::load_segments() const {
  std::vector<Segment> result;
  for (const Segment& s : segments) {
    if (s.type == kPtLoad) result.push_back(s);
  }
  return result;
}

}  // namespace ventus::elf
