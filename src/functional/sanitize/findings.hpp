// Findings of the sanitizers (docs/sanitizers.md): what one hazard, uninitialised read or
// barrier misuse is, and their aggregation per kind and pc pair with the first N examples.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "functional/timing_record.hpp"

namespace ventus::functional {

enum class FindingKind : uint8_t {
  // race: two accesses of different work-items to one byte, not ordered by a barrier
  WriteWrite,
  WriteRead,         // the write is the lower work-item's
  ReadWrite,         // the read is the lower work-item's
  AtomicPlain,       // an atomic and a plain access
  BenignWriteWrite,  // every write stored the same value: a warning
  // init: a read of a byte nothing wrote before it
  UninitRead,
  // init: lanes of a vector register read before the warp ever wrote them (Finding::addr is
  // the register, Finding::mask the lanes)
  UninitRegister,
  // sync
  DivergentBarrier,    // a barrier under a mask with inactive lanes
  BarrierMismatch,     // warps released from barriers at different pcs
  EndedBeforeBarrier,  // a warp ended while the others wait at a barrier
};

// "write-read", "uninitialised read", ...; and the check a kind belongs to ("race", ...).
std::string_view finding_kind_name(FindingKind kind);
std::string_view finding_check_name(FindingKind kind);
// Warnings (benign write-write) do not fail a run.
bool finding_is_error(FindingKind kind);

// One access (or barrier, or endprg) of a finding.
struct FindingSite {
  uint32_t pc = 0;
  uint32_t group = 0;  // linear work-group id
  unsigned warp = 0;
  int lane = -1;  // -1: a scalar access, or the warp as a whole
  bool is_write = false;
  bool is_atomic = false;
};

struct Finding {
  FindingKind kind = FindingKind::WriteWrite;
  MemSpace space = MemSpace::None;  // None for sync findings
  uint32_t addr = 0;
  // The barrier interval (releases of the work-group before it) the accesses were in; for
  // hazards between work-groups, kBetweenGroups.
  uint32_t interval = 0;
  static constexpr uint32_t kBetweenGroups = ~0u;
  FindingSite first, second;  // second: unused by init and divergent-barrier findings
  uint32_t mask = 0;          // DivergentBarrier: the active mask; UninitRegister: the lanes
};

// Findings of one kind and pc pair: how many, and the first examples.
struct FindingEntry {
  FindingKind kind = FindingKind::WriteWrite;
  uint32_t first_pc = 0, second_pc = 0;
  uint64_t count = 0;
  std::vector<Finding> examples;
};

// Findings in the order their pc pair was first seen, each pair with up to `examples` of them.
class FindingLog {
 public:
  explicit FindingLog(uint32_t examples = 1) : examples_(examples) {}
  void add(const Finding& finding);
  // Adds `other`'s entries (counts and examples) after this log's.
  void merge(const FindingLog& other);
  const std::vector<FindingEntry>& entries() const { return entries_; }
  bool empty() const { return entries_.empty(); }

 private:
  FindingEntry& entry(FindingKind kind, uint32_t first_pc, uint32_t second_pc);
  uint32_t examples_;
  std::vector<FindingEntry> entries_;
};

}  // namespace ventus::functional
