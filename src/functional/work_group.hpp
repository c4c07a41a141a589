// WorkGroup: the architectural state of one work-group (warps, SIMT stacks, barrier state,
// its local memory) and step(), which executes one warp-instruction of the warp a
// scheduler chooses (DESIGN.md §2.2). Schedulers live in schedulers.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "functional/decode_cache.hpp"
#include "functional/engine.hpp"
#include "functional/exec_context.hpp"
#include "functional/executed_instr.hpp"
#include "functional/group_counters.hpp"
#include "functional/vector_file_pool.hpp"
#include "functional/warp_state.hpp"
#include "memory/work_group_memory.hpp"

namespace ventus::functional {

// What the launch protocol (ISA.md §7, §9.1) gives every work-group of one launch.
struct LaunchConfig {
  std::string kernel_name;
  uint32_t start_pc = 0x80000000u;
  std::array<uint32_t, 3> num_groups{1, 1, 1};  // work-groups in x, y, z
  uint32_t numt = 0;                            // threads per warp, power of two 1..32
  uint32_t numw = 0;                            // warps per work-group
  uint32_t knl_base = 0;                        // metadata buffer -> CSR_KNL
  uint32_t lds_base = 0x70000000u;              // -> CSR_LDS
  uint32_t pds_base = 0;                        // -> CSR_PDS (plus the per-group offset)
  uint32_t pds_size = 0;                        // private bytes per thread
  uint32_t gds_base = 0;                        // -> CSR_GDS, profile v2.03 only (ISA.md §5.18)
  // Registers each warp takes from its SM's pools (metadata sgprUsage, vgprUsage; ISA.md
  // §7.9): they limit how many groups an SM holds (MachineShape). 0: not declared, none taken.
  uint32_t sgpr_usage = 0;
  uint32_t vgpr_usage = 0;
  // How the per-group offset of CSR_PDS is indexed (ISA.md §7.6, CSR 0x807). 0: by the
  // work-group's linear id, the RTL's pdsBaseAddr + wg_idx·numw·numt·pdsSize (the caller
  // reserved private memory for every work-group of the ND-range). n > 0: by the resident
  // slot the group occupies (Launch::dispatch), of which the caller reserved n.
  uint32_t private_slots = 0;
};

// Private bytes of one work-group: numw·numt·pdsSize (ISA.md §7.6).
inline uint32_t group_private_bytes(const LaunchConfig& config) {
  return config.numw * config.numt * config.pds_size;
}

// REF's boot ROM at 0x1000 (ISA.md §7.3): every hart runs it before start.S in --ref-compat.
inline constexpr uint32_t kBootRomBase = 0x1000u;
inline constexpr std::array<uint32_t, 5> kBootRomCode = {0x00000297u, 0x02028593u, 0xf1402573u,
                                                         0x0182a283u, 0x00028067u};
inline constexpr uint32_t kBootRomStartPcOffset = 0x18;  // the word the ROM jumps through
inline constexpr uint32_t kBootRomBytes = 0x20;

enum class StepStatus : uint8_t {
  Retired,   // the instruction completed (its event, if any, is in `event`)
  Trapped,   // it raised a trap: fault_from_trap() / enter_ref_trap() say what follows
  Finished,  // --ref-compat: it stored to tohost, which ends REF's run of the group
};

// What one step did (DESIGN.md §2.2).
// Fills the commit record's state after the instruction (REF's SIMT dump and vector header
// items, ISA.md §10.2).
void begin_commit_record(ExecutedInstr& record, unsigned warp_index, const WarpState& warp,
                         const Insn& insn);
void finish_commit_record(ExecutedInstr& record, const WarpState& warp, const Insn& insn);

struct StepResult {
  StepStatus status = StepStatus::Retired;
  const Insn* insn = nullptr;  // the executed instruction (row: insn->row); null: fetch fault
  uint32_t pc = 0;
  uint32_t next_pc = 0;
  bool redirected = false;  // next_pc != pc + 4 (taken branch, jump, SIMT switch, spin)
  WarpEvent event = WarpEvent::None;
  // Barrier: the warps (bit per warp index) this step released, itself included; 0 while
  // the barrier still waits. An endprg can release the others too (§5.7).
  uint32_t released = 0;
  uint32_t print_value = 0;  // Print: the value written to CSR_PRINT (already cleared)
};

class WorkGroup {
 public:
  // `local_layout` gives this group its own copy of the local window (default mode); null
  // puts the window in `global` (REF's flat memory, --ref-compat). The warps' vector files
  // come from `vector_files` and go back to it (null: allocated for this group). `slot` is
  // the resident slot it occupies (see LaunchConfig::private_slots).
  WorkGroup(const LaunchConfig& config, const EngineOptions& options, uint32_t linear_id,
            uint32_t slot, memory::DeviceMemory& global, const memory::LocalMemory* local_layout,
            DecodeCache& code, VectorFilePool* vector_files = nullptr);
  ~WorkGroup();
  WorkGroup(const WorkGroup&) = delete;
  WorkGroup& operator=(const WorkGroup&) = delete;
  // Makes this the fresh work-group `linear_id` in resident slot `slot` of the same launch
  // without allocating (the parallel scheduler reuses its groups, docs/host-threads.md).
  // Global memory access keeps its overlay (set_overlay) and translations.
  void restart(uint32_t linear_id, uint32_t slot);

  // Executes one warp-instruction of warp `index` (which must be steppable). Under
  // TimingPolicy/CommitPolicy `record` (caller-owned) is filled; NoRecord takes nullptr.
  // Defined in work_group_step.hpp.
  template <class Policy>
  StepResult step(unsigned index, typename Policy::Record* record);
  // Steps warp `index` (unrecorded) until an instruction reports an event, traps or ends
  // the group, or `retired` reaches `budget`; returns that last step. The same as calling
  // step<NoRecord> in a loop, with the per-step setup done once (the burst scheduler).
  StepResult step_burst(unsigned index, uint64_t budget, uint64_t& retired);

  // The instruction warp `index` executes next (a cycle model checks its operands before the
  // step); null when its pc cannot be fetched (the step then traps).
  const Insn* next_insn(unsigned index) { return insn_at(warps_[index].pc); }
  // The instruction at `pc`, null when it cannot be fetched (a cycle model's decoder).
  const Insn* insn_at(uint32_t pc) { return (pc & 3u) == 0 ? code_->fetch(pc) : nullptr; }
  // The decode cache this group fetches through (one per host thread when work-groups run
  // on several, docs/host-threads.md).
  void set_code(DecodeCache& code) { code_ = &code; }
  // Speculation (docs/host-threads.md): global memory through `overlay` (null: directly).
  void set_overlay(memory::PageOverlay* overlay) { memory_.set_overlay(overlay); }
  bool steppable(unsigned index) const { return !warps_[index].ended && !warps_[index].at_barrier; }
  bool finished() const { return live_warps_ == 0; }
  unsigned warp_count() const { return static_cast<unsigned>(warps_.size()); }
  uint32_t linear_id() const { return linear_id_; }
  uint32_t slot() const { return slot_; }
  const std::array<uint32_t, 3>& group_id() const { return group_id_; }
  const std::vector<WarpState>& warps() const { return warps_; }
  const GroupCounters& counters() const { return counters_; }
  const MemcheckLog& memcheck_log() const { return memcheck_log_; }
  // The group's view of memory (its local window, global memory): a debugger's reads.
  memory::WorkGroupMemory& memory() { return memory_; }

  // The fault a Trapped step of warp `index` stops the launch with.
  Fault fault_from_trap(unsigned index) const;
  // Instruction-limit and deadlock faults also list the live warps (describe_warps).
  Fault make_fault(unsigned index, TrapKind kind, std::string detail) const;
  // "warps still running: warp 0 at pc 0x..., ...; waiting at a barrier: none".
  std::string describe_warps() const;
  // --ref-compat: REF's trap entry (ISA.md §2.5) after a Trapped step: the warp continues
  // at mtvec; a fault when there is no handler. The observer sees REF's trap lines.
  std::optional<Fault> enter_ref_trap(unsigned index, ExecObserver* observer);
  // --ref-compat: the first trap that entered mtvec, for diagnostics.
  const std::optional<Fault>& first_ref_trap() const { return first_ref_trap_; }
  // --ref-compat: after the last warp ended REF resumes hart 0 alone (ISA.md §2.5).
  void resume_first_warp();

 private:
  void start(uint32_t linear_id, uint32_t slot);
  uint32_t private_base() const;
  void init_warp(unsigned index);
  // Always inlined so the burst loop keeps the step's result in registers.
  template <class Policy>
  BasicExecContext<Policy> context(unsigned index, typename Policy::Record* record);
  template <class Context>
  [[gnu::always_inline]] StepResult execute(unsigned index, Context& ctx);
  template <class Context>
  [[gnu::always_inline]] StepResult retire(unsigned index, const Insn& insn, Context& ctx,
                                           StepResult result, LaneMask lanes, size_t depth_before);
  template <class Context>
  [[gnu::always_inline]] LaneMask executing_lanes(const Insn& insn, Context& ctx);
  template <class Context>
  [[gnu::always_inline]] void retire_state(const Insn& insn, Context& ctx, WarpState& w,
                                           uint32_t pc, LaneMask lanes, size_t depth_before);
  void count_control(const Insn& insn, bool redirected, size_t depth_before, size_t depth_after);
  void after_event(unsigned index, StepResult& result);
  uint32_t default_barrier_arrive(unsigned index);
  uint32_t release_if_all_arrived();
  void ref_barrier(unsigned index, StepResult& result);
  bool ref_tohost_written();

  const LaunchConfig& config_;
  const EngineOptions& options_;
  uint32_t linear_id_ = 0;
  uint32_t slot_ = 0;
  std::array<uint32_t, 3> group_id_{};
  std::optional<memory::LocalMemory> local_;
  memory::WorkGroupMemory memory_;
  DecodeCache* code_;
  VectorFilePool* vector_files_;
  uint32_t private_base_ = 0;   // this group's private memory (CSR_PDS of warp 0)
  uint32_t private_bytes_ = 0;  // numw * numt * pds_size
  std::vector<WarpState> warps_;
  unsigned live_warps_ = 0;
  GroupCounters counters_;
  Memcheck memcheck_;  // options_.memcheck, strict in --ref-compat
  MemcheckLog memcheck_log_;
  // REF barrier state (ISA.md §5.7): 0 running, 1 arrived, 2 ended; and the release counter.
  std::vector<uint8_t> ref_barriers_;
  uint32_t ref_counter_ = 0;
  const Insn* last_insn_ = nullptr;  // the instruction of the last step (for faults)
  Trap last_trap_;                   // the trap of the last Trapped step
  std::optional<Fault> first_ref_trap_;
};

}  // namespace ventus::functional
