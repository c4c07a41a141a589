// OperandCollector: unit allocation, per-bank round-robin arbitration and the one-read crossbar.
#include "timing/operand_collector.hpp"

#include <algorithm>
#include <bit>

namespace ventus::timing {

namespace {
constexpr unsigned kReadsPerUnit = functional::kMaxRecordSources;  // rs1, rs2, rs3, v0 mask
}  // namespace

OperandCollector::OperandCollector(const IssueParams& params, sim::Counter& dropped_grants)
    : params_(params),
      units_(params.collector_units),
      next_requester_(2 * static_cast<size_t>(params.register_banks), 0),
      requesters_(params.collector_units * kReadsPerUnit),
      words_((requesters_ + 63) / 64),
      requesting_(next_requester_.size() * words_, 0),
      rank_(next_requester_.size()),
      ready_at_(units_.size(), kNeverCycle),
      free_from_(units_.size(), 0),
      dropped_grants_(dropped_grants) {
  const unsigned banks = params.register_banks;
  for (unsigned g = 0; g < rank_.size(); ++g) rank_[g] = 2 * (g % banks) + g / banks;
}

[[gnu::always_inline]] inline void OperandCollector::set_requesting(unsigned group, unsigned id,
                                                                   bool on) {
  const uint64_t bit = uint64_t{1} << (id % 64);
  uint64_t& word = requesting(group)[id / 64];
  word = on ? word | bit : word & ~bit;
  if (group < 64) {  // a group's set is empty only when all its words are
    const uint64_t g = uint64_t{1} << group;
    const bool any = on || std::any_of(requesting(group), requesting(group) + words_,
                                       [](uint64_t w) { return w != 0; });
    requesting_groups_ = any ? requesting_groups_ | g : requesting_groups_ & ~g;
  }
}

OperandCollector::Unit* OperandCollector::free_unit(Cycle now) {
  for (size_t i = 0; i < free_from_.size(); ++i) {
    if (free_from_[i] <= now) return &units_[i];
  }
  return nullptr;
}

int OperandCollector::first_ready(Cycle now) const {
  if (units_.size() <= 64) {  // the units with a ready time, lowest first
    for (uint64_t bits = timed_; bits != 0; bits &= bits - 1) {
      const auto i = static_cast<unsigned>(std::countr_zero(bits));
      if (ready_at_[i] <= now) return static_cast<int>(i);
    }
    return -1;
  }
  for (size_t i = 0; i < ready_at_.size(); ++i) {
    if (ready_at_[i] <= now) return static_cast<int>(i);
  }
  return -1;
}

// Bank = (warp slot + register) mod banks (operand_arbiter.v: wid + the low bits of the
// register field; a regext prefix adds multiples of 32, so the effective index gives the same
// bank). x0 is read like any register. A register named twice is read once here (the record
// lists distinct sources); the RTL reads it twice.
void OperandCollector::start(Unit& unit, unsigned slot, Cycle now) {
  const functional::TimingRecord& r = unit.record;
  unit.busy = true;
  unit.slot = slot;
  unit.reads_from = now + 1;
  unit.read_count = r.source_count;
  unit.reads_left = r.source_count;
  const unsigned banks = params_.register_banks;
  for (unsigned k = 0; k < r.source_count; ++k) {
    const unsigned file = r.sources[k].file == functional::RegFile::Vector ? 1 : 0;
    const auto group = static_cast<uint8_t>(file * banks + (slot + r.sources[k].index) % banks);
    unit.reads[k] = Read{group, kNeverCycle};
  }
  if (r.source_count != 0) starting_.push_back(static_cast<uint8_t>(&unit - units_.data()));
  unit.ready_at = r.source_count == 0 ? now + params_.no_operand_cycles : kNeverCycle;
  if (r.source_count != 0) ++units_reading_;
  const size_t i = &unit - units_.data();
  set_ready_at(i, unit.ready_at);
  free_from_[i] = kNeverCycle;
}

void OperandCollector::release(Unit& unit, Cycle now) {
  unit.busy = false;
  // collector_unit.v: S_OUT -> S_IDLE at the issue's edge, and the instruction whose OC_IN fires
  // at that edge reaches inst_demux at the next one (ibuffer2issue's pipeline register): the
  // unit takes an instruction entering in the cycle it issues.
  unit.free_at = now;
  unit.ready_at = kNeverCycle;
  const size_t i = &unit - units_.data();
  set_ready_at(i, kNeverCycle);
  free_from_[i] = unit.free_at;
}

OperandCollector::Ready OperandCollector::tick(Cycle now) {
  const Ready ready = deliver(now);
  arbitrate(now);
  for (const Grant& c : captured_) {
    set_requesting(c.group, static_cast<unsigned>(c.unit) * kReadsPerUnit + c.read, false);
  }
  captured_.clear();
  return ready;
}

// crossbar.sv: one of last cycle's grants reaches its unit, the rest are dropped and their
// reads request again. A read's last delivery makes the unit OUT `operand_cycles` after the
// grant (data register, ready_reg, then the state register).
OperandCollector::Ready OperandCollector::deliver(Cycle now) {
  if (grants_.empty() || granted_at_ + 1 != now) {
    grants_.clear();
    return {};
  }
  const auto chosen = grants_.begin() + static_cast<std::ptrdiff_t>(chosen_);
  Ready ready;
  for (auto it = grants_.begin(); it != grants_.end(); ++it) {
    Unit& unit = units_[it->unit];
    // A grant made for the unit's previous instruction (it issued, and the unit took a new one
    // in that cycle): collector_unit.v takes bank data only in S_ADD, so it is lost.
    if (unit.reads_from > granted_at_) continue;
    Read& read = unit.reads[it->read];
    if (read.captured_at != kNeverCycle) continue;  // a duplicate grant: nothing new
    if (it != chosen) {
      ++dropped_grants_;
      continue;
    }
    read.captured_at = now;
    captured_.push_back(*it);
    if (--unit.reads_left == 0) {
      unit.ready_at = granted_at_ + params_.operand_cycles;
      set_ready_at(it->unit, unit.ready_at);
      ready = Ready{unit.ready_at, unit.slot};
      --units_reading_;
    }
  }
  grants_.clear();
  return ready;
}

[[gnu::always_inline]] inline unsigned OperandCollector::round_robin(unsigned group) {
  const uint64_t* words = requesting(group);
  const unsigned from = next_requester_[group];
  if (words_ == 1) {  // up to 16 collector units
    if (words[0] == 0) return ~0u;
    const uint64_t later = words[0] & (~uint64_t{0} << from);
    return static_cast<unsigned>(std::countr_zero(later != 0 ? later : words[0]));
  }
  // At or after the pointer: its word masked below the pointer, then the later words.
  for (unsigned w = from / 64; w < words_; ++w) {
    uint64_t bits = words[w];
    if (w == from / 64) bits &= ~uint64_t{0} << (from % 64);
    if (bits != 0) return w * 64 + static_cast<unsigned>(std::countr_zero(bits));
  }
  for (unsigned w = 0; w <= from / 64 && w < words_; ++w) {
    if (words[w] != 0) return w * 64 + static_cast<unsigned>(std::countr_zero(words[w]));
  }
  return ~0u;
}

// Arbiter `group` grants its round robin's requester, if any.
[[gnu::always_inline]] inline void OperandCollector::grant(unsigned group) {
  const unsigned id = round_robin(group);
  if (id == ~0u) return;
  // The crossbar will deliver the lowest delivery rank (the first of equal ranks).
  if (grants_.empty() || rank_[group] < rank_[grants_[chosen_].group]) chosen_ = grants_.size();
  grants_.push_back(Grant{static_cast<uint8_t>(id / kReadsPerUnit),
                          static_cast<uint8_t>(id % kReadsPerUnit), static_cast<uint8_t>(group)});
  next_requester_[group] = id + 1 == requesters_ ? 0 : id + 1;
}

// collector_unit.v requests every read whose data is not yet in ready_reg (a read captured
// this cycle still requests); operand_arbiter.v grants one requester per (file, bank), round
// robin over unit * 4 + operand, the pointer moving past the grant.
void OperandCollector::arbitrate(Cycle now) {
  // With no read left to deliver, only the duplicates of reads captured this cycle could
  // request; their grants would be delivered to nobody but themselves: nothing to do.
  if (units_reading_ == 0) return;
  for (size_t n = 0; n < starting_.size();) {
    const Unit& u = units_[starting_[n]];
    if (u.reads_from > now) {
      ++n;
      continue;
    }
    for (unsigned k = 0; k < u.read_count; ++k) {
      set_requesting(u.reads[k].group, starting_[n] * kReadsPerUnit + k, true);
    }
    starting_.erase(starting_.begin() + static_cast<std::ptrdiff_t>(n));
  }
  const auto groups = static_cast<unsigned>(next_requester_.size());
  if (groups <= 64) {  // the arbiters with a request, in order
    for (uint64_t bits = requesting_groups_; bits != 0; bits &= bits - 1) {
      grant(static_cast<unsigned>(std::countr_zero(bits)));
    }
  } else {
    for (unsigned g = 0; g < groups; ++g) grant(g);
  }
  granted_at_ = now;
}

}  // namespace ventus::timing
