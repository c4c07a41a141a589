// Sm issue half (TIMING.md §5–§7, §13): round-robin selection into the operand collector
// under the scoreboard, register-bank reads, lowest-unit issue with execution by the
// functional core, unit latencies and writeback arbitration.
#include <algorithm>
#include <bit>

#include "functional/timing_fill.hpp"
#include "functional/work_group_step.hpp"
#include "timing/sm.hpp"

namespace ventus::timing {
namespace {

using functional::RegFile;
using functional::RegRef;

bool is_control(const isa::InsnRow& row) {
  namespace f = isa::flag;
  return row.has(f::kCondBranch | f::kJump | f::kVBranch | f::kJoin | f::kBarrier);
}

}  // namespace

bool Sm::pending(const std::bitset<256>& scalar, const std::bitset<256>& vector, RegRef reg) {
  if (reg.file == RegFile::Scalar) return scalar.test(reg.index);
  if (reg.file == RegFile::Vector) return vector.test(reg.index);
  return false;
}

// The scoreboard (scoreboard.v): a write of the warp pending on the destination or a source.
bool Sm::any_pending(const Warp& w, const functional::RegOperands& regs) const {
  if (pending(w.pending_scalar, w.pending_vector, regs.destination)) return true;
  for (unsigned s = 0; s < regs.source_count; ++s) {
    if (pending(w.pending_scalar, w.pending_vector, regs.sources[s])) return true;
  }
  return false;
}

bool Sm::can_select(const Warp& w, Cycle now) const {
  return w.active && w.slow.valid != 0 && now >= w.slow_ready && !w.in_collector &&
         !w.control_pending && now >= w.next_select;
}

void Sm::select_into_collector(Cycle now) {
  Collector* free_unit = collector_.free_unit(now);
  if (free_unit == nullptr) return;
  const unsigned n = static_cast<unsigned>(warps_.size());
  refresh_candidates();
  for_candidates(select_candidates_, rr_next_, [&](unsigned slot) {
    Warp& w = warps_[slot];
    // A warp blocked by the scoreboard stays blocked until one of its writebacks (or a new
    // head instruction) clears the flag: no need to look at its operands again before.
    if (w.hazard_blocked || !can_select(w, now)) return false;
    const uint32_t pc = w.slow.pc + 4u * static_cast<uint32_t>(std::countr_zero(w.slow.valid));
    apply_prefix(w, pc);
    const functional::WarpState& state = w.group->warps()[w.index];
    const functional::Insn* insn = w.group->next_insn(w.index);
    functional::TimingRecord& r = free_unit->record;
    if (insn != nullptr && state.pc == pc) {
      functional::fill_timing_before(r, state, *insn);
      if (any_pending(w, r)) {
        touch(slot);
        w.hazard_blocked = true;  // until a writeback of this warp (next_event)
        return false;
      }
    } else {
      r = functional::TimingRecord{};  // the step will trap (unfetchable pc) or mismatch
      r.pc = pc;
    }
    w.slow.valid &= w.slow.valid - 1;
    w.in_collector = true;
    if (event_log_) [[unlikely]]
      event_log_.add(now, "OC_IN", "warp={} pc=0x{:08x}", slot, pc);
    touch(slot);
    w.collector_unit = static_cast<unsigned>(free_unit - collector_.units().data());
    if (r.destination.file == RegFile::Scalar) w.pending_scalar.set(r.destination.index);
    if (r.destination.file == RegFile::Vector) w.pending_vector.set(r.destination.index);
    if (r.row != nullptr && is_control(*r.row)) w.control_pending = true;
    free_unit->unit = r.row != nullptr ? unit_class_of(*r.row) : UnitClass::Alu;
    if (free_unit->unit == UnitClass::Lsu) lsu_collecting_ |= slot_bit(slot);
    collector_.start(*free_unit, slot, now);
    if (free_unit->ready_at != kNeverCycle) touch_at(free_unit->ready_at, slot);  // no reads
    rr_next_ = slot + 1 == n ? 0 : slot + 1;
    return true;
  });
}

bool Sm::unit_ready(const Collector& c, Cycle now) const {
  // warp_scheduler.v: warp_control_ready_o = !branch_fire && !flushCache_valid_o.
  if (c.unit == UnitClass::WarpControl) return !rewind_now_ && !branch_fired_now_;
  if (c.unit == UnitClass::Sfu) return now >= sfu_busy_until_;
  if (c.unit == UnitClass::Lsu) return lsu_.ready(c.slot);
  // issue.v: a vbranch or join issues only into an empty SIMT control buffer.
  if (is_simt_op(c)) return simt_control_.free(now);
  return true;
}

bool Sm::is_simt_op(const Collector& c) {
  return c.record.row != nullptr && c.record.row->has(isa::flag::kVBranch | isa::flag::kJoin);
}

// One instruction per cycle leaves the collector: the lowest-numbered ready unit, only when
// its execution unit can take it (no other unit overtakes it).
void Sm::issue(Cycle now, SmEvents& events) {
  const int first = collector_.first_ready(now);
  if (first < 0) return;
  Collector& c = collector_.units()[static_cast<size_t>(first)];
  if (unit_ready(c, now)) execute(c, now, events);
}

void Sm::schedule_result(unsigned slot, const RegRef& reg, UnitClass unit, Cycle at) {
  if (reg.file == RegFile::None) return;
  results_.push_back(PendingWrite{at, slot, reg, writeback_priority(unit, reg.file)});
}

// The executed instruction enters its unit: the LSU takes a memory access; the other units
// (warp control aside) write their result after their latency.
void Sm::start_unit(const Collector& c, const Warp& w, Cycle now, const DivisionTiming* division) {
  const functional::TimingRecord& r = c.record;
  if (c.unit == UnitClass::Lsu && r.mem_op != functional::MemOp::None) {
    lsu_.accept(c.slot, r, now);
    touched_ |= lsu_collecting_;  // the LSU may take fewer now
  } else if (c.unit != UnitClass::WarpControl) {
    const unsigned lanes =
        std::max(1u, w.group->warps()[w.index].numt / params_.units.sfu_lane_groups);
    const uint32_t latency =
        division != nullptr
            ? int_division_latency(division->form, division->lanes, r.active, lanes, params_.units)
            : unit_latency(*r.row, params_.units, r.active, lanes, r.pair_prefixed);
    if (c.unit == UnitClass::Sfu) sfu_busy_until_ = now + latency;
    schedule_result(c.slot, r.destination, c.unit, now + latency);
  }
}

void Sm::execute(Collector& c, Cycle now, SmEvents& events) {
  Warp& w = warps_[c.slot];
  collector_.release(c, now);
  w.in_collector = false;
  touch(c.slot);
  lsu_collecting_ &= ~slot_bit(c.slot);
  w.next_select = now + 1;
  const uint32_t expected_pc = c.record.pc;
  const uint32_t warp_pc = w.group->warps()[w.index].pc;
  if (warp_pc != expected_pc && (warp_pc & 3u) != 0) {
    // A jump to (or a start at) a misaligned pc: fetch reads the aligned packet, but the warp
    // is at no instruction; its step traps as in functional mode (ISA.md §2.5).
    (void)w.group->template step<functional::TimingPolicy>(w.index, &c.record);
    events.fault = w.group->fault_from_trap(w.index);
    return;
  }
  if (warp_pc != expected_pc) {
    events.fault = w.group->make_fault(
        w.index, functional::TrapKind::None,
        fmt::format("internal error: the timing model issued pc 0x{:08x}, the warp is at 0x{:08x}",
                    expected_pc, w.group->warps()[w.index].pc));
    return;
  }
  const std::optional<DivisionTiming> division = division_before_step(c, w);
  const functional::StepResult step =
      w.group->template step<functional::TimingPolicy>(w.index, &c.record);
  if (step.status == functional::StepStatus::Trapped) {
    events.fault = w.group->fault_from_trap(w.index);
    return;
  }
  const functional::TimingRecord& r = c.record;
  if (event_log_) [[unlikely]] {
    const functional::Insn* insn = w.group->insn_at(r.pc);
    event_log_.add(now, "ISSUE", "warp={} pc=0x{:08x} insn=0x{:08x} {}", c.slot, r.pc,
                   insn != nullptr ? insn->word : 0u, r.row->mnemonic);
  }
  ++stats_.issued;
  issued_at_[c.slot] = now;
  last_issued_slot_ = c.slot;
  last_issue_[c.slot] = IssuedInsn{c.record.pc, c.record.row->mnemonic};
  stats_.thread_instructions += static_cast<unsigned>(std::popcount(r.active));
  const isa::InsnRow& row = *r.row;
  start_unit(c, w, now, division ? &*division : nullptr);
  start_control(row, c.slot, step, now);
  after_step(c, step, now, events);
}

// The integer divider's time depends on the operands, which the step may overwrite.
std::optional<DivisionTiming> Sm::division_before_step(const Collector& c, const Warp& w) const {
  if (c.unit != UnitClass::Sfu) return std::nullopt;
  const auto form = isa::int_division_form(*c.record.row);
  if (!form) return std::nullopt;
  return DivisionTiming{
      *form, int_div_cycles_by_lane(*form, c.record, w.group->warps()[w.index], params_.units)};
}

// A scalar branch's outcome enters the ALU's branch FIFO; a vbranch or join the SIMT stack's
// control buffer (issued only when empty, unit_ready).
void Sm::start_control(const isa::InsnRow& row, unsigned slot, const functional::StepResult& step,
                       Cycle now) {
  namespace f = isa::flag;
  if (row.has(f::kCondBranch | f::kJump)) {
    resolutions_.push_back(
        {now + params_.front.scalar_branch_resolve_cycles, slot, step.next_pc, step.redirected});
  } else if (row.has(f::kVBranch | f::kJoin)) {
    const bool join = row.has(f::kJoin);
    const Cycle ready_at =
        now + (join ? params_.front.simt_join_cycles : params_.front.simt_mask_cycles);
    simt_control_ = SimtEntry{
        true, join, slot, step.next_pc, step.redirected, ready_at, simt_control_.freed_at};
  }
}

void Sm::after_step(Collector& c, const functional::StepResult& step, Cycle now, SmEvents& events) {
  using functional::WarpEvent;
  Warp& w = warps_[c.slot];
  switch (step.event) {
    case WarpEvent::Print:
      if (options_.on_print) {
        options_.on_print({w.group->linear_id(), w.group->group_id(), w.index, step.print_value});
      }
      break;
    case WarpEvent::Barrier:
    case WarpEvent::BarrierSub:
    case WarpEvent::Endprg:
      touched_ = stale_ = ~uint64_t{0};  // a release clears other warps' barrier flags
      for (unsigned s = 0; s < warps_.size(); ++s) {
        Warp& other = warps_[s];
        if (other.active && other.group == w.group && ((step.released >> other.index) & 1u) != 0) {
          resolutions_.push_back({now + params_.front.barrier_release_cycles, s, 0, false, false});
        }
      }
      if (step.event == WarpEvent::Endprg) end_warp(c.slot, now, events);
      break;
    default:
      break;
  }
}

void Sm::end_warp(unsigned slot, Cycle now, SmEvents& events) {
  Warp& w = warps_[slot];
  functional::WorkGroup* group = w.group;
  if (event_log_) [[unlikely]]
    event_log_.add(now, "WARP_END", "warp={}", slot);
  note_buffer_change(w, now);
  w = Warp{};
  sync_fetch_masks(slot);
  --active_warps_;
  if (group->finished()) events.groups_done.push_back(group);
}

// The LSU's result waits while a unit ahead of it in writeback.v's fixed order has one for the
// same register file (mshr_reg.v's to_pipe_ready_i, through lsu2wb.v).
bool Sm::taken(RegFile file, Cycle now) const {
  const unsigned lsu = writeback_priority(UnitClass::Lsu, file);
  return std::any_of(results_.begin(), results_.end(), [&](const PendingWrite& p) {
    return p.reg.file == file && p.ready_at <= now && p.priority < lsu;
  });
}

// One scalar and one vector register write per cycle, fixed priority among the units; the
// scoreboard bit clears with the write, so a dependent instruction is selected next cycle.
void Sm::writeback(Cycle now) {
  for (const LsuCompletion& done : lsu_done_) {
    schedule_result(done.slot, done.destination, UnitClass::Lsu, done.ready_at);
  }
  lsu_done_.clear();
  for (RegFile file : {RegFile::Scalar, RegFile::Vector}) {
    auto best = results_.end();
    for (auto it = results_.begin(); it != results_.end(); ++it) {
      if (it->reg.file != file || it->ready_at > now) continue;
      if (best == results_.end() || it->priority < best->priority ||
          (it->priority == best->priority && it->ready_at < best->ready_at)) {
        best = it;
      }
    }
    if (best == results_.end()) continue;
    Warp& w = warps_[best->slot];
    if (event_log_) [[unlikely]] {
      event_log_.add(now, file == RegFile::Scalar ? "WB_X" : "WB_V", "warp={} reg={}", best->slot,
                     best->reg.index);
    }
    (file == RegFile::Scalar ? w.pending_scalar : w.pending_vector).reset(best->reg.index);
    w.hazard_blocked = false;
    w.slot0_blocked = false;
    touch(best->slot);
    results_.erase(best);
  }
}

}  // namespace ventus::timing
