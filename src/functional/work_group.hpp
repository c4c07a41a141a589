// WorkGroup: the warps of one work-group, their scheduling, barriers, endprg and traps.
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
#include "functional/warp_state.hpp"
#include "memory/local_memory.hpp"

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
};

// REF's boot ROM at 0x1000 (ISA.md §7.3): every hart runs it before start.S in --ref-compat.
inline constexpr uint32_t kBootRomBase = 0x1000u;
inline constexpr std::array<uint32_t, 5> kBootRomCode = {0x00000297u, 0x02028593u, 0xf1402573u,
                                                         0x0182a283u, 0x00028067u};
inline constexpr uint32_t kBootRomStartPcOffset = 0x18;  // the word the ROM jumps through
inline constexpr uint32_t kBootRomBytes = 0x20;

class WorkGroup {
 public:
  WorkGroup(const LaunchConfig& config, const EngineOptions& options, uint32_t linear_id,
            memory::WorkGroupMemory& memory, DecodeCache& code, ExecObserver* observer,
            LaunchStats& stats);

  // Runs every warp to its end (or REF's tohost write); a fault that stops the group is
  // returned (the launch stops too).
  std::optional<Fault> run();

  const std::vector<WarpState>& warps() const { return warps_; }
  // --ref-compat: the first trap that entered mtvec (REF's behaviour), for diagnostics.
  const std::optional<Fault>& first_ref_trap() const { return first_ref_trap_; }

 private:
  enum class Step : uint8_t { Retired, Event, Trapped, Finished };

  void init_warp(unsigned index);
  template <bool kObserved>
  Step execute(unsigned index);
  template <bool kObserved>
  void finish_record(const WarpState& warp, const Insn& insn);
  template <bool kObserved>
  std::optional<Fault> run_default();
  template <bool kObserved>
  std::optional<Fault> run_ref_compat();
  bool default_event(unsigned index);
  void ref_barrier(unsigned index);
  std::optional<Fault> ref_trap(unsigned index);
  bool limit_reached() const;
  Fault make_fault(unsigned index, TrapKind kind, std::string detail) const;
  std::optional<Fault> fault_from_trap(unsigned index);

  const LaunchConfig& config_;
  const EngineOptions& options_;
  uint32_t linear_id_;
  std::array<uint32_t, 3> group_id_{};
  memory::WorkGroupMemory& memory_;
  DecodeCache& code_;
  ExecObserver* observer_;
  LaunchStats& stats_;
  std::vector<WarpState> warps_;
  std::vector<ExecContext> contexts_;
  ExecutedInstr record_;
  // REF barrier state (ISA.md §5.7): 0 running, 1 arrived, 2 ended; and the release counter.
  std::vector<uint8_t> ref_barriers_;
  uint32_t ref_counter_ = 0;
  const Insn* last_insn_ = nullptr;  // the instruction of the last execute() (for faults)
  WarpEvent last_event_ = WarpEvent::None;
  std::optional<Fault> first_ref_trap_;
};

}  // namespace ventus::functional
