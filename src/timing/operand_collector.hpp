// OperandCollector: the collector units, register-bank arbiters and crossbar of one SM
// (TIMING.md §6, read from the RTL's operand_collector/*.v): per (file, bank) round-robin
// arbiters grant one read each per cycle, but the crossbar delivers only one grant per cycle
// to the whole SM (lowest bank, scalar before vector) and drops the others, and a read keeps
// requesting until its data is captured, so every read is granted twice.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "functional/timing_record.hpp"
#include "sim/stats.hpp"
#include "timing/params.hpp"
#include "timing/unit_class.hpp"

namespace ventus::timing {

using Cycle = uint64_t;
inline constexpr Cycle kNeverCycle = ~Cycle{0};

class OperandCollector {
 public:
  struct Read {
    uint8_t group = 0;  // arbiter: file * banks + bank
    Cycle captured_at = kNeverCycle;
  };
  struct Unit {
    bool busy = false;
    unsigned slot = 0;             // warp slot of the instruction
    Cycle free_at = 0;             // takes the instruction entering in its issue cycle
    Cycle reads_from = 0;          // OC_IN + 1: the unit requests its reads from here
    Cycle ready_at = kNeverCycle;  // OUT: may issue from here (never while reading)
    UnitClass unit = UnitClass::Alu;
    functional::TimingRecord record;
    std::array<Read, functional::kMaxRecordSources> reads{};
    uint8_t read_count = 0;
    uint8_t reads_left = 0;
  };

  OperandCollector(const IssueParams& params, sim::Counter& dropped_grants);

  // The lowest-index unit free at `now` (inst_demux), null when all are busy.
  Unit* free_unit(Cycle now);
  // The lowest-index unit whose operands are ready at `now` (may issue), -1 if none.
  int first_ready(Cycle now) const;
  // Per unit: its ready_at while busy, ~0 when idle (compact: issue looks at it every cycle).
  const std::vector<Cycle>& ready_times() const { return ready_at_; }
  // OC_IN of `unit`'s record (already filled) for warp slot `slot` at `now`.
  void start(Unit& unit, unsigned slot, Cycle now);
  // The unit issued at `now`: free from the next cycle.
  void release(Unit& unit, Cycle now);
  // Delivers the grant of the previous cycle, then arbitrates this cycle's requests.
  // The unit that got ready this cycle (its last read delivered): when, and its warp slot.
  struct Ready {
    Cycle at = kNeverCycle;  // none
    unsigned slot = 0;
  };
  Ready tick(Cycle now);
  // A read is requesting or a grant is in flight: the collector acts next cycle.
  bool reading() const { return !grants_.empty() || units_reading_ != 0; }
  std::vector<Unit>& units() { return units_; }
  const std::vector<Unit>& units() const { return units_; }

 private:
  struct Grant {
    uint8_t unit;
    uint8_t read;
    uint8_t group;
  };
  Ready deliver(Cycle now);
  void arbitrate(Cycle now);
  // Inlined into arbitrate's loop over the requesting arbiters (called for each, every cycle
  // with reads in flight: the call's own cost was a sixth of the collector's).
  [[gnu::always_inline]] void grant(unsigned group);

  const IssueParams& params_;
  std::vector<Unit> units_;
  std::vector<unsigned> next_requester_;  // per arbiter: round-robin pointer
  // The requesters (unit * 4 + read) whose read requests arbiter `group`: set from the unit's
  // reads_from (starting_), cleared after the cycle that captured the read (a read captured
  // this cycle still requests). Bit sets make the round robin a bit scan.
  uint64_t* requesting(unsigned group) { return &requesting_[group * words_]; }
  [[gnu::always_inline]] void set_requesting(unsigned group, unsigned id, bool on);
  // The first requester of `group` at or after its pointer, wrapping (~0u: none).
  [[gnu::always_inline]] unsigned round_robin(unsigned group);
  unsigned requesters_;
  unsigned words_;                    // 64-bit words per arbiter's set
  std::vector<uint64_t> requesting_;  // per arbiter, words_ words
  uint64_t requesting_groups_ = 0;    // the arbiters (below 64) with a requester
  std::vector<Grant> captured_;       // reads captured this cycle (cleared after arbitrate)
  std::vector<uint8_t> starting_;     // units started whose reads do not request yet
  // Per arbiter, the crossbar's delivery order: bank 0 scalar, bank 0 vector, bank 1 scalar...
  std::vector<unsigned> rank_;
  // Compact copies of the units' ready_at (~0 when not busy) and of when an idle unit is
  // free (~0 while busy): the per-cycle scans need nothing else of the large units.
  std::vector<Cycle> ready_at_, free_from_;
  uint64_t timed_ = 0;  // the units (below 64) whose ready_at_ is not ~0
  void set_ready_at(size_t unit, Cycle at) {
    ready_at_[unit] = at;
    if (unit < 64) {
      const uint64_t bit = uint64_t{1} << unit;
      timed_ = at != kNeverCycle ? timed_ | bit : timed_ & ~bit;
    }
  }
  std::vector<Grant> grants_;  // granted last cycle, delivered this cycle
  size_t chosen_ = 0;          // the grant of grants_ the crossbar delivers (lowest rank)
  Cycle granted_at_ = kNeverCycle;
  unsigned units_reading_ = 0;  // units with a read not yet delivered (arbitrate's fast exit)
  sim::Counter& dropped_grants_;
};

}  // namespace ventus::timing
