// WorkGroup: warp setup (ISA.md §7), barriers (§5.7) in both modes (DESIGN.md §3), endprg
// (§5.6), printf events (§7.7), statistics of control instructions and REF's tohost.
#include "functional/work_group.hpp"

#include <bit>

#include <fmt/format.h>

#include "functional/csr.hpp"
#include "functional/exec_context.hpp"
#include "functional/timing_fill.hpp"
#include "isa/names.hpp"

namespace ventus::functional {

WorkGroup::WorkGroup(const LaunchConfig& config, const EngineOptions& options, uint32_t linear_id,
                     uint32_t slot, memory::DeviceMemory& global,
                     const memory::LocalMemory* local_layout, DecodeCache& code,
                     VectorFilePool* vector_files)
    : config_(config),
      options_(options),
      local_(local_layout != nullptr
                 ? std::optional<memory::LocalMemory>(local_layout->with_same_layout())
                 : std::nullopt),
      memory_(global, local_ ? static_cast<memory::DeviceMemory&>(*local_) : global),
      code_(&code),
      vector_files_(vector_files),
      // REF's memory ends at its map: an access outside it traps there (ISA.md §2.5), so
      // --ref-compat is strict whatever the policy (docs/memcheck.md).
      memcheck_(options.mode == Mode::RefCompat ? Memcheck::Strict : options.memcheck) {
  warps_.reserve(config.numw);
  for (unsigned j = 0; j < config.numw; ++j) {
    warps_.emplace_back(vector_files_ != nullptr ? vector_files_->take()
                                                 : std::vector<VReg>(kRegCount));
  }
  start(linear_id, slot);
}

// Every register a warp wrote was named by an instruction it fetched through code_.
WorkGroup::~WorkGroup() {
  if (vector_files_ == nullptr) return;
  for (WarpState& w : warps_) vector_files_->give(std::move(w.v), code_->vector_register_bound());
}

// Back to the state the constructor gives, keeping the allocations: the vector files (zeroed
// below the decode cache's register bound), SIMT stacks, and the local memory's regions.
void WorkGroup::restart(uint32_t linear_id, uint32_t slot) {
  const unsigned dirty = code_->vector_register_bound();
  for (WarpState& w : warps_) {
    std::vector<VReg> v = std::move(w.v);
    zero_written_registers(v, dirty);
    std::vector<SimtEntry> simt = std::move(w.simt);
    simt.clear();
    w = WarpState(std::move(v));
    w.simt = std::move(simt);
  }
  if (local_) local_->store().clear();
  memory_.forget_local();  // global translations stay valid (WorkGroupMemory::set_overlay)
  counters_ = {};
  memcheck_log_ = {};
  ref_counter_ = 0;
  last_insn_ = nullptr;
  last_trap_ = {};
  first_ref_trap_.reset();
  start(linear_id, slot);
}

// What differs between the groups of a launch: ids, CSRs, barrier and liveness state.
void WorkGroup::start(uint32_t linear_id, uint32_t slot) {
  linear_id_ = linear_id;
  slot_ = slot;
  const uint32_t x = config_.num_groups[0], xy = x * config_.num_groups[1];
  group_id_ = {linear_id % x, (linear_id % xy) / x, linear_id / xy};  // x fastest (§3)
  private_base_ = private_base();
  private_bytes_ = group_private_bytes(config_);
  ref_barriers_.assign(config_.numw, 0);
  live_warps_ = config_.numw;
  for (unsigned j = 0; j < config_.numw; ++j) init_warp(j);
}

// CSR_PDS (ISA.md §7.6, CSR 0x807): pdsBaseAddr for every group in --ref-compat (REF runs
// groups alone); in the default mode plus the RTL's per-group offset, indexed by the linear
// id, or by the resident slot when the caller reserved private memory per slot (bounded
// memory: groups that are never resident together may share it, docs/runtime.md).
uint32_t WorkGroup::private_base() const {
  if (options_.mode == Mode::RefCompat) return config_.pds_base;
  const uint32_t index = config_.private_slots != 0 ? slot_ : linear_id_;
  return config_.pds_base + index * group_private_bytes(config_);
}

// Per-warp CSR values of ISA.md §3 / §7.
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
  c.pds = private_base_;
  c.gidx = group_id_[0];
  c.gidy = group_id_[1];
  c.gidz = group_id_[2];
  c.gds = config_.gds_base;
  c.has_gds = options_.profile == isa::Profile::V203;
  c.mhartid = index;
  c.mstatus = kMstatusVsInitial;
}

void begin_commit_record(ExecutedInstr& record, unsigned warp_index, const WarpState& w,
                         const Insn& insn) {
  record.clear();
  record.warp = warp_index;
  record.group = w.csr.wgid;
  record.event = 0;
  record.released = 0;
  record.pc = w.pc;
  record.word = insn.word;
  record.mask_before = w.mask;
  record.simt_depth_before = static_cast<uint32_t>(w.simt.size());
  record.operands = effective_operands(insn, w);
  record.lanes = instruction_lanes(w, insn);
  record.masked = insn.vm == 0;
}

void finish_commit_record(ExecutedInstr& record, const WarpState& w, const Insn& insn) {
  record.mask_after = w.mask;
  record.vl = w.vl;
  record.vtype = w.vtype;
  record.row = insn.row;
  record.next_pc = w.pc;
  if ((insn.traits & trait::kSimtRow) != 0) record.simt_stack = w.simt;
}

// Default mode: ended warps count as arrived; once every live warp waits, all go (§5.7).
uint32_t WorkGroup::release_if_all_arrived() {
  uint32_t waiting = 0;
  for (unsigned j = 0; j < warps_.size(); ++j) {
    const WarpState& w = warps_[j];
    if (w.ended) continue;
    if (!w.at_barrier) return 0;
    waiting |= 1u << j;
  }
  if (waiting == 0) return 0;
  for (WarpState& w : warps_) w.at_barrier = false;
  ++counters_.barrier_releases;
  return waiting;
}

void WorkGroup::after_event(unsigned index, StepResult& result) {
  WarpState& w = warps_[index];
  const bool ref = options_.mode == Mode::RefCompat;
  switch (result.event) {
    case WarpEvent::Barrier:
      ++counters_.barriers;
      if (ref) {
        ref_barrier(index, result);
      } else {
        w.at_barrier = true;
        result.released = release_if_all_arrived();
      }
      break;
    case WarpEvent::Endprg:
      w.ended = true;
      --live_warps_;
      if (ref) {
        ref_barriers_[index] = 2;
      } else {
        result.released = release_if_all_arrived();
      }
      break;
    case WarpEvent::Print:
      result.print_value = w.csr.print;
      w.csr.print = 0;  // drained by the driver: the protocol's "host clears CSR_PRINT"
      break;
    case WarpEvent::BarrierSub:
    case WarpEvent::None:
      break;
  }
}

// REF's barrier (ISA.md §5.7), counter quirk included: a warp that may not pass re-executes
// the barrier on its next turn (one commit line per spin).
void WorkGroup::ref_barrier(unsigned index, StepResult& result) {
  ref_barriers_[index] = 1;
  bool all = true;
  for (uint8_t state : ref_barriers_) all = all && state != 0;
  if (!all) {
    warps_[index].pc -= 4;  // spin
    result.next_pc = warps_[index].pc;
    result.redirected = true;
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
  ++counters_.barrier_releases;
}

// REF's HTIF: a non-zero tohost ends the simulation; it clears the word on reading.
bool WorkGroup::ref_tohost_written() {
  auto& store = memory_.global().store();
  if (store.read32(options_.tohost_addr) == 0) return false;
  store.write32(options_.tohost_addr, 0);
  return true;
}

void WorkGroup::resume_first_warp() {
  if (warps_.empty()) return;
  warps_[0].ended = false;
  ++live_warps_;
}

}  // namespace ventus::functional
