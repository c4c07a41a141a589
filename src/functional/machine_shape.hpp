// MachineShape: the parameters of the machine that decide where work-groups run (SMs,
// warp and work-group slots, register slots, local memory), declared for the sim configuration.
#pragma once

#include <cstdint>

#include "common/result.hpp"
#include "sim/config.hpp"

namespace ventus::functional {

struct LaunchConfig;

struct MachineShape {
  // sm.warp_slots' bound: the cycle model keeps a bit per warp slot in 64-bit masks.
  static constexpr uint32_t kMaxWarpSlotsPerSm = 32;
  uint32_t sm_count = 2;                     // RTL NUM_SM
  uint32_t warp_slots_per_sm = 8;            // RTL NUM_WARP
  uint32_t group_slots_per_sm = 8;           // RTL NUM_BLOCK
  uint32_t threads_per_warp = 8;             // RTL NUM_THREAD
  uint32_t local_memory_bytes = 128 * 1024;  // per SM (warp stacks + __local buffers)
  // Register-file slots per SM that the CTA scheduler hands out, a kernel's sgprUsage and
  // vgprUsage per warp (ISA.md §7.9): seed 003's 4096 + 4096 (ISA.md §1, Appendix A).
  uint32_t sgpr_slots_per_sm = 4096;
  uint32_t vgpr_slots_per_sm = 4096;
  // Registers each warp is given: 0, the launch's own sgprUsage / vgprUsage; else this many
  // whatever it declares (the Verilog test bench's host gives every warp 32 + 32, TIMING.md §1).
  uint32_t sgprs_per_warp = 0;
  uint32_t vgprs_per_warp = 0;

  // gpu.sm_count, sm.warp_slots, sm.work_group_slots, sm.threads_per_warp,
  // sm.local_memory_bytes, sm.sgpr_slots, sm.vgpr_slots, sm.sgprs_per_warp, sm.vgprs_per_warp.
  void declare(sim::ParamScope root);

  // How many work-groups of `config` (with `lds_bytes` of local memory each, and the
  // registers its warps declare) one SM holds at once; an Error naming the parameter when not
  // even one fits.
  Result<uint32_t> groups_per_sm(const LaunchConfig& config, uint32_t lds_bytes) const;
  // How many work-groups of `warps` warps the register pools hold, each warp declaring
  // `sgpr_usage` + `vgpr_usage` (or taking sm.sgprs_per_warp / sm.vgprs_per_warp); an Error
  // naming the parameter when not even one fits.
  Result<uint32_t> groups_by_registers(uint32_t warps, uint32_t sgpr_usage,
                                       uint32_t vgpr_usage) const;
};

}  // namespace ventus::functional
