// MemcheckLog: aggregation of out-of-bounds accesses per pc, and the report line.
#include "functional/memcheck.hpp"

#include <fmt/format.h>

#include "isa/disassembler.hpp"

namespace ventus::functional {

MemcheckEntry* MemcheckLog::find(uint32_t pc, bool is_write) {
  for (MemcheckEntry& e : entries_) {
    if (e.pc == pc && e.is_write == is_write) return &e;
  }
  return nullptr;
}

void MemcheckLog::note(uint32_t pc, bool is_write, uint32_t addr, uint8_t size, int lane,
                       unsigned warp, const std::string& detail) {
  if (MemcheckEntry* e = find(pc, is_write)) {
    ++e->count;
    return;
  }
  MemcheckEntry entry;
  entry.pc = pc;
  entry.is_write = is_write;
  entry.size = size;
  entry.count = 1;
  entry.first_addr = addr;
  entry.lane = lane;
  entry.warp = warp;
  entry.detail = detail;
  entries_.push_back(std::move(entry));
}

void MemcheckLog::merge(const MemcheckLog& other, uint32_t group,
                        const std::array<uint32_t, 3>& group_id) {
  for (const MemcheckEntry& e : other.entries_) {
    if (MemcheckEntry* mine = find(e.pc, e.is_write)) {
      mine->count += e.count;
      continue;
    }
    entries_.push_back(e);
    entries_.back().group = group;
    entries_.back().group_id = group_id;
  }
}

Memcheck memcheck_from_name(std::string_view name) {
  if (name == "off") return Memcheck::Off;
  if (name == "strict") return Memcheck::Strict;
  return Memcheck::Report;
}

uint64_t MemcheckLog::accesses() const {
  uint64_t n = 0;
  for (const MemcheckEntry& e : entries_) n += e.count;
  return n;
}

std::string format_memcheck(const MemcheckEntry& e, const std::string& kernel, uint32_t word,
                            isa::Profile profile) {
  const std::string lane = e.lane < 0 ? "scalar" : fmt::format("lane {}", e.lane);
  return fmt::format(
      "memcheck: kernel '{}': pc 0x{:08x} [{}]: {} {}{} of {} byte{} outside every buffer, "
      "first at 0x{:08x} ({}, work-group {} ({}, {}, {}), warp {}): {}",
      kernel, e.pc, isa::disassemble_for_message(word, e.pc, profile), e.count,
      e.is_write ? "write" : "read", e.count == 1 ? "" : "s", e.size, e.size == 1 ? "" : "s",
      e.first_addr, lane, e.group, e.group_id[0], e.group_id[1], e.group_id[2], e.warp, e.detail);
}

}  // namespace ventus::functional
