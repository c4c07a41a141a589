// WorkGroup::step: one warp-instruction of the chosen warp, with what the record policy asks
// to be recorded (DESIGN.md §2.2). A header so schedulers inline it into their loops.
#pragma once

#include <bit>

#include <fmt/format.h>

#include "functional/csr.hpp"
#include "functional/timing_fill.hpp"
#include "functional/work_group.hpp"
#include "isa/names.hpp"

namespace ventus::functional {

inline void WorkGroup::count_control(const Insn& insn, bool redirected, size_t depth_before,
                                     size_t depth_after) {
  switch (static_cast<ControlKind>(insn.control)) {
    case ControlKind::CondBranch:
      ++counters_.branches;
      counters_.branches_taken += redirected ? 1 : 0;
      break;
    case ControlKind::VBranch:
      ++counters_.vbranches;
      ++(depth_after > depth_before ? counters_.vbranches_diverged : counters_.vbranches_uniform);
      break;
    case ControlKind::Join:
      ++counters_.joins;
      counters_.joins_popped += depth_after < depth_before ? 1 : 0;
      break;
    case ControlKind::None:
      break;
  }
}

template <class Policy>
BasicExecContext<Policy> WorkGroup::context(unsigned index, typename Policy::Record* record) {
  return BasicExecContext<Policy>(warps_[index], memory_, options_.mode, counters_.memory,
                                  private_base_, private_bytes_, last_trap_, record,
                                  {memcheck_, &memcheck_log_});
}

template <class Policy>
StepResult WorkGroup::step(unsigned index, typename Policy::Record* record) {
  auto ctx = context<Policy>(index, record);
  return execute(index, ctx);
}

// The burst loop keeps its state in registers: a StepResult is built only for the step that
// ends the burst (building one per step cost a store-forwarding stall on every instruction),
// and the retired count is a local written back when the burst ends (through the reference,
// the compiler stored it on every instruction).
// Bursts run in default mode only (the tohost check of --ref-compat is not needed).
inline StepResult WorkGroup::step_burst(unsigned index, uint64_t budget, uint64_t& retired_out) {
  auto ctx = context<NoRecord>(index, nullptr);
  WarpState& w = warps_[index];
  uint64_t retired = retired_out;
  for (;;) {
    const uint32_t pc = w.pc;
    const Insn* insn = insn_at(pc);
    if (insn == nullptr) [[unlikely]] {
      retired_out = retired;
      return execute(index, ctx);  // the fetch fault
    }
    ctx.begin(pc + 4, *insn);
    const LaneMask lanes = executing_lanes(*insn, ctx);
    const size_t depth_before = insn->control != 0 ? w.simt.size() : 0;
    insn->exec_fast(ctx, *insn);
    if (ctx.trapped()) [[unlikely]] {
      retired_out = retired;
      last_insn_ = insn;
      StepResult result;
      result.status = StepStatus::Trapped;
      result.insn = insn;
      result.pc = pc;
      return result;
    }
    retire_state(*insn, ctx, w, pc, lanes, depth_before);
    ++retired;
    if (ctx.event() != WarpEvent::None || retired >= budget) [[unlikely]] {
      retired_out = retired;
      last_insn_ = insn;
      StepResult result;
      result.insn = insn;
      result.pc = pc;
      result.next_pc = w.pc;
      result.redirected = w.pc != pc + 4;
      result.event = ctx.event();
      if (result.event != WarpEvent::None) after_event(index, result);
      return result;
    }
  }
}

// Lanes that execute (ExecContext::begin fixed them). Marks the vector state dirty for
// vector rows (REF's mstatus.VS).
template <class Context>
inline LaneMask WorkGroup::executing_lanes(const Insn& insn, Context& ctx) {
  if ((insn.traits & trait::kVectorState) != 0) dirty_vs(ctx);
  return ctx.active_lanes();
}

// The bookkeeping of a retired instruction every driver shares: vstart, counters, the regext
// prefix, the next pc and the control statistics.
template <class Context>
inline void WorkGroup::retire_state(const Insn& insn, Context& ctx, WarpState& w, uint32_t pc,
                                    LaneMask lanes, size_t depth_before) {
  if ((insn.traits & trait::kVectorState) != 0) {
    w.vstart = 0;  // REF resets vstart at the end of every vector instruction (§2.3)
    ctx.note_csr_write(isa::csr::kVstart, 0);
  }
  ++counters_.warp_instructions;
  counters_.thread_instructions += static_cast<unsigned>(std::popcount(lanes));
  ++counters_.by_unit[insn.unit];
  if (w.ext.active) [[unlikely]]
    retire_prefix(w.ext);
  w.pc = ctx.next_pc();
  if (insn.control != 0) [[unlikely]]
    count_control(insn, w.pc != pc + 4, depth_before, w.simt.size());
}

template <class Context>
inline StepResult WorkGroup::execute(unsigned index, Context& ctx) {
  WarpState& w = warps_[index];
  StepResult result;
  result.pc = w.pc;
  const Insn* insn = insn_at(w.pc);
  last_insn_ = insn;
  result.insn = insn;
  if (insn == nullptr) [[unlikely]] {
    const bool misaligned = (w.pc & 3u) != 0;
    last_trap_ = Trap{misaligned ? TrapKind::MisalignedAccess : TrapKind::AccessFault, w.pc,
                      fmt::format("instruction fetch from {} pc 0x{:08x}",
                                  misaligned ? "misaligned" : "unmapped", w.pc)};
    result.status = StepStatus::Trapped;
    return result;
  }
  ctx.begin(w.pc + 4, *insn);
  if constexpr (Context::kCommit) begin_commit_record(*ctx.record(), index, w, *insn);
  if constexpr (Context::kTiming) fill_timing_before(*ctx.record(), w, *insn);
  const LaneMask lanes = executing_lanes(*insn, ctx);
  const size_t depth_before =
      Context::kTiming || insn->control != 0 ? w.simt.size() : 0;  // control stats, timing
  insn->exec<typename Context::PolicyType>()(ctx, *insn);
  if (ctx.trapped()) [[unlikely]] {
    result.status = StepStatus::Trapped;
    return result;
  }
  return retire(index, *insn, ctx, result, lanes, depth_before);
}

template <class Context>
inline StepResult WorkGroup::retire(unsigned index, const Insn& insn, Context& ctx,
                                    StepResult result, LaneMask lanes, size_t depth_before) {
  WarpState& w = warps_[index];
  retire_state(insn, ctx, w, result.pc, lanes, depth_before);
  result.next_pc = w.pc;
  result.redirected = w.pc != result.pc + 4;
  if constexpr (Context::kCommit) finish_commit_record(*ctx.record(), w, insn);
  if constexpr (Context::kTiming) fill_timing_after(*ctx.record(), w, lanes, depth_before);
  result.event = ctx.event();
  if (result.event != WarpEvent::None) [[unlikely]] {
    after_event(index, result);
    if constexpr (Context::kCommit) {
      ctx.record()->event = static_cast<uint8_t>(result.event);
      ctx.record()->released = result.released;
    }
  }
  if (options_.mode == Mode::RefCompat && (insn.traits & trait::kStore) != 0) {
    if (ref_tohost_written()) result.status = StepStatus::Finished;
  }
  return result;
}

}  // namespace ventus::functional
