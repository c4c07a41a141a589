// Memcheck: the bounds-checking policy of guest memory accesses and the per-launch report
// of accesses outside every buffer (docs/memcheck.md), like compute-sanitizer's memcheck.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "isa/profile.hpp"

namespace ventus::functional {

// Off: accesses outside every buffer go to flat device memory silently (the hardware);
// Report: the same, and each faulting pc is reported at the end of the launch;
// Strict: such an access is a fault that stops the launch.
enum class Memcheck : uint8_t { Off, Report, Strict };

// Accesses of one pc (and direction) outside every buffer.
struct MemcheckEntry {
  uint32_t pc = 0;
  bool is_write = false;
  uint8_t size = 0;         // bytes of the first access
  uint64_t count = 0;       // lane accesses
  uint32_t first_addr = 0;  // of the first access
  int lane = -1;            // lane of the first access; -1 for a scalar access
  uint32_t group = 0;       // where the first access happened
  std::array<uint32_t, 3> group_id{};
  unsigned warp = 0;
  std::string detail;  // the memory map's description: nearest buffer and distance
};

class MemcheckLog {
 public:
  // Records one access; the detail is taken only for the first access of a pc.
  void note(uint32_t pc, bool is_write, uint32_t addr, uint8_t size, int lane, unsigned warp,
            const std::string& detail);
  // Adds `other` (one work-group's log) with its group identity, in first-seen order.
  void merge(const MemcheckLog& other, uint32_t group, const std::array<uint32_t, 3>& group_id);
  const std::vector<MemcheckEntry>& entries() const { return entries_; }
  bool empty() const { return entries_.empty(); }
  uint64_t accesses() const;

 private:
  MemcheckEntry* find(uint32_t pc, bool is_write);
  std::vector<MemcheckEntry> entries_;
};

// "memcheck: kernel 'k': pc 0x80000134 [lbu a0, 0(a1)]: 3 reads of 1 byte outside every
//  buffer, first at 0x90000080 (lane 5, work-group 0 (0, 0, 0), warp 1): <detail>"
// `word` is disassembled in the launch's ISA profile (ISA.md §5.12).
std::string format_memcheck(const MemcheckEntry& entry, const std::string& kernel, uint32_t word,
                            isa::Profile profile = isa::kDefaultProfile);

// The report lines of a launch, in first-seen order; `word_at` reads an instruction word.
template <class WordAt>
std::vector<std::string> format_memcheck_report(const std::vector<MemcheckEntry>& entries,
                                                const std::string& kernel, WordAt word_at,
                                                isa::Profile profile = isa::kDefaultProfile) {
  std::vector<std::string> lines;
  for (const MemcheckEntry& e : entries) {
    lines.push_back(format_memcheck(e, kernel, word_at(e.pc), profile));
  }
  return lines;
}

// "off", "report", "strict" -> the policy (anything else: Report).
Memcheck memcheck_from_name(std::string_view name);

}  // namespace ventus::functional
