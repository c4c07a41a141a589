// WorkGroup: warp setup (ISA.md §7), the two schedulers (DESIGN.md §3), barriers (§5.7),
// endprg (§5.6), REF's trap entry (§2.5) and the instruction limit.
#include "functional/work_group.hpp"

#include <bit>
#include <limits>

#include <fmt/format.h>

#include "functional/csr.hpp"
#include "isa/names.hpp"

namespace ventus::functional {

WorkGroup::WorkGroup(const LaunchConfig& config, const EngineOptions& options, uint32_t linear_id,
                     memory::WorkGroupMemory& memory, DecodeCache& code, ExecObserver* observer,
                     LaunchStats& stats)
    : config_(config),
      options_(options),
      linear_id_(linear_id),
      memory_(memory),
      code_(code),
      observer_(observer),
      stats_(stats) {
  const uint32_t x = config.num_groups[0], xy = x * config.num_groups[1];
  group_id_ = {linear_id % x, (linear_id % xy) / x, linear_id / xy};  // x fastest (§3)
  warps_.resize(config.numw);
  ref_barriers_.assign(config.numw, 0);
  contexts_.reserve(config.numw);
  for (unsigned j = 0; j < config.numw; ++j) {
    init_warp(j);
    contexts_.emplace_back(warps_[j], memory_, options_.mode,
                           observer_ != nullptr ? &record_ : nullptr);
  }
}

// Per-warp CSR values of ISA.md §3 / §7; CSR_PDS gets the RTL's per-group offset in the
// default mode and stays pdsBaseAddr for every group in --ref-compat (REF runs groups alone).
void WorkGroup::init_warp(unsigned index) {
  WarpState& w = warps_[index];
  const bool ref = options_.mode == Mode::RefCompat;
  w.numt = config_.numt;
  w.full_mask = config_.numt >= 32 ? ~0u : ((1u << config_.numt) - 1u);
  w.mask = w.full_mask;
  w.pc = ref ? kBootRomBase : config_.start_pc;
  WarpCsrs& c = w.csr;
  c.tid = index * config_.numt;
  c.numw = config_.numw;
  c.numt = config_.numt;
  c.knl = config_.knl_base;
  c.wgid = linear_id_;
  c.wid = index;
  c.lds = config_.lds_base;
  const uint32_t group_private = config_.numw * config_.numt * config_.pds_size;
  c.pds = ref ? config_.pds_base : config_.pds_base + linear_id_ * group_private;
  c.gidx = group_id_[0];
  c.gidy = group_id_[1];
  c.gidz = group_id_[2];
  c.mhartid = index;
  c.mstatus = kMstatusVsInitial;
}

bool WorkGroup::limit_reached() const {
  return options_.max_warp_instructions != 0 &&
         stats_.warp_instructions >= options_.max_warp_instructions;
}

template <bool kObserved>
void WorkGroup::finish_record(const WarpState& w, const Insn& insn) {
  record_.mask_after = w.mask;
  record_.vl = w.vl;
  record_.vtype = w.vtype;
  if ((insn.traits & trait::kVectorHeader) != 0) record_.vector_header = true;
  if ((insn.traits & trait::kSimtDump) != 0) {
    record_.simt_dump = true;
    record_.stk_npc = w.stk_npc;
    record_.simt_stack = w.simt;
  }
}

template <bool kObserved>
WorkGroup::Step WorkGroup::execute(unsigned index) {
  WarpState& w = warps_[index];
  ExecContext& ctx = contexts_[index];
  const uint32_t pc = w.pc;
  const Insn* insn = (pc & 3u) == 0 ? code_.fetch(pc) : nullptr;
  last_insn_ = insn;
  if (insn == nullptr) [[unlikely]] {
    const bool misaligned = (pc & 3u) != 0;
    ctx.raise(misaligned ? TrapKind::MisalignedAccess : TrapKind::AccessFault, pc,
              fmt::format("instruction fetch from {} pc 0x{:08x}",
                          misaligned ? "misaligned" : "unmapped", pc));
    return Step::Trapped;
  }
  ctx.begin(pc + 4);
  if constexpr (kObserved) {
    record_.clear();
    record_.warp = index;
    record_.pc = pc;
    record_.word = insn->word;
    record_.mask_before = w.mask;
  }
  const LaneMask mask = w.mask;
  if ((insn->traits & trait::kVectorState) != 0) dirty_vs(ctx);
  insn->exec(ctx, *insn);
  if (ctx.trapped()) [[unlikely]]
    return Step::Trapped;
  if ((insn->traits & trait::kVectorState) != 0) {
    w.vstart = 0;  // REF resets vstart at the end of every vector instruction (§2.3)
    ctx.note_csr_write(isa::csr::kVstart, 0);
  }
  ++w.instructions;
  ++stats_.warp_instructions;
  stats_.thread_instructions += static_cast<unsigned>(std::popcount(mask));
  if (w.ext.active) [[unlikely]] {  // the prefix covers exactly one instruction (§5.5)
    if (w.ext.armed) {
      w.ext.armed = false;
    } else {
      w.ext = RegExt{};
    }
  }
  w.pc = ctx.next_pc();
  if constexpr (kObserved) {
    finish_record<kObserved>(w, *insn);
    observer_->on_retire(record_);
  }
  last_event_ = ctx.event();
  if (last_event_ != WarpEvent::None) [[unlikely]]
    return Step::Event;
  if (options_.mode == Mode::RefCompat && (insn->traits & trait::kStore) != 0) {
    // REF's HTIF: a non-zero tohost ends the simulation; it clears the word on reading.
    auto& store = memory_.global().store();
    if (store.read32(options_.tohost_addr) != 0) {
      store.write32(options_.tohost_addr, 0);
      return Step::Finished;
    }
  }
  return Step::Retired;
}

std::optional<Fault> WorkGroup::run() {
  if (observer_ != nullptr) observer_->on_group_start(linear_id_);
  if (options_.mode == Mode::RefCompat) {
    return observer_ != nullptr ? run_ref_compat<true>() : run_ref_compat<false>();
  }
  return observer_ != nullptr ? run_default<true>() : run_default<false>();
}

// Default mode: ended warps count as arrived; once every live warp waits, all go (§5.7).
// Returns true when the warp ended.
bool WorkGroup::default_event(unsigned index) {
  WarpState& w = warps_[index];
  if (last_event_ == WarpEvent::Barrier) w.at_barrier = true;
  if (last_event_ == WarpEvent::Endprg) w.ended = true;
  if (last_event_ == WarpEvent::Print) {
    if (options_.on_print) options_.on_print({linear_id_, group_id_, index, w.csr.print});
    w.csr.print = 0;  // drained: the protocol's "host clears CSR_PRINT"
    return false;
  }
  bool all_arrived = true;
  bool any_waiting = false;
  for (const WarpState& other : warps_) {
    if (other.ended) continue;
    all_arrived = all_arrived && other.at_barrier;
    any_waiting = any_waiting || other.at_barrier;
  }
  if (all_arrived && any_waiting) {
    for (WarpState& other : warps_) other.at_barrier = false;
  }
  return w.ended;
}

template <bool kObserved>
std::optional<Fault> WorkGroup::run_default() {
  size_t live = warps_.size();
  while (live > 0) {
    bool progressed = false;
    for (unsigned j = 0; j < warps_.size(); ++j) {
      if (warps_[j].ended || warps_[j].at_barrier) continue;
      progressed = true;
      for (uint32_t n = 0; n < options_.burst_instructions; ++n) {
        if (limit_reached()) [[unlikely]] {
          return make_fault(
              j, TrapKind::InstructionLimit,
              fmt::format("{} warp-instructions executed", options_.max_warp_instructions));
        }
        const Step step = execute<kObserved>(j);
        if (step == Step::Retired) [[likely]]
          continue;
        if (step == Step::Trapped) return fault_from_trap(j);
        if (default_event(j)) --live;
        if (warps_[j].ended || warps_[j].at_barrier) break;
      }
    }
    if (!progressed) {
      return make_fault(0, TrapKind::BarrierDeadlock,
                        "every live warp waits at a barrier that can never be released");
    }
  }
  return std::nullopt;
}

// REF's barrier (ISA.md §5.7), counter quirk included: a warp that may not pass re-executes
// the barrier on its next turn (one commit line per spin).
void WorkGroup::ref_barrier(unsigned index) {
  ref_barriers_[index] = 1;
  bool all = true;
  for (uint8_t state : ref_barriers_) all = all && state != 0;
  if (!all) {
    warps_[index].pc -= 4;  // spin
    return;
  }
  if (ref_counter_ < warps_.size() - 1) {
    ++ref_counter_;
    return;
  }
  for (uint8_t& state : ref_barriers_) {
    if (state == 1) state = 0;
  }
  ref_counter_ = 0;
}

template <bool kObserved>
std::optional<Fault> WorkGroup::run_ref_compat() {
  bool resumed = false;
  for (;;) {
    bool any = false;
    for (unsigned j = 0; j < warps_.size(); ++j) {
      if (warps_[j].ended) continue;
      any = true;
      if (limit_reached()) [[unlikely]] {
        return make_fault(
            j, TrapKind::InstructionLimit,
            fmt::format("{} warp-instructions executed", options_.max_warp_instructions));
      }
      switch (execute<kObserved>(j)) {
        case Step::Retired:
          break;
        case Step::Finished:
          return std::nullopt;
        case Step::Trapped:
          if (auto fault = ref_trap(j)) return fault;
          break;
        case Step::Event:
          if (last_event_ == WarpEvent::Barrier) ref_barrier(j);
          if (last_event_ == WarpEvent::Endprg) {
            warps_[j].ended = true;
            ref_barriers_[j] = 2;
          }
          break;
      }
    }
    if (!any) {
      // ISA.md §2.5: when the last warp ends, REF resumes hart 0 alone from its saved pc.
      if (resumed) return std::nullopt;
      resumed = true;
      warps_[0].ended = false;
    }
  }
}

template WorkGroup::Step WorkGroup::execute<true>(unsigned);
template WorkGroup::Step WorkGroup::execute<false>(unsigned);

}  // namespace ventus::functional
