// Machine limits of a reference launch (ISA.md §9.1 items, MachineShape parameters).
#include "runner/case_limits.hpp"

#include <bit>
#include <cstdint>

#include <fmt/format.h>

namespace ventus::runner {
namespace {

Status fail(const loader::Launch& launch, const std::string& message) {
  return Error{fmt::format("{}: {}", launch.metadata_path.string(), message)};
}

}  // namespace

Status check_launch_limits(const loader::Launch& launch, const functional::MachineShape& machine) {
  const loader::LaunchMetadata& m = launch.metadata;
  if (m.wf_size == 0 || m.wf_size > 32 || !std::has_single_bit(m.wf_size)) {
    return fail(launch, fmt::format("wf_size (threads per warp) = {} is not a power of two in "
                                    "1..32",
                                    m.wf_size));
  }
  if (m.wg_size == 0 || m.wg_size > machine.warp_slots_per_sm) {
    return fail(launch, fmt::format("wg_size (warps per work-group) = {} is not in 1..{}, the "
                                    "warp slots of an SM (sm.warp_slots)",
                                    m.wg_size, machine.warp_slots_per_sm));
  }
  for (size_t d = 0; d < 3; ++d) {
    if (m.kernel_size[d] == 0) {
      return fail(launch, fmt::format("kernel_size[{}] = 0: every ND-range dimension needs at "
                                      "least one work-group",
                                      d));
    }
  }
  const uint64_t groups = uint64_t{m.kernel_size[0]} * m.kernel_size[1];
  if (groups > UINT32_MAX || groups * m.kernel_size[2] > UINT32_MAX) {
    return fail(launch,
                fmt::format("kernel_size {} x {} x {} is more than {} work-groups",
                            m.kernel_size[0], m.kernel_size[1], m.kernel_size[2], UINT32_MAX));
  }
  if (m.lds_size > machine.local_memory_bytes) {
    return fail(launch, fmt::format("ldsSize = {} bytes exceeds the {} bytes of local memory of "
                                    "an SM (sm.local_memory_bytes)",
                                    m.lds_size, machine.local_memory_bytes));
  }
  // What each warp takes: the metadata's usage, or the machine's fixed share.
  const struct {
    uint32_t per_warp, slots;
    const char *item, *kind, *parameter;
  } pools[] = {
      {machine.scalar_registers_per_warp(m.sgpr_usage), machine.sgpr_slots_per_sm,
       machine.sgprs_per_warp != 0 ? "sm.sgprs_per_warp" : "sgprUsage", "scalar", "sm.sgpr_slots"},
      {machine.vector_registers_per_warp(m.vgpr_usage), machine.vgpr_slots_per_sm,
       machine.vgprs_per_warp != 0 ? "sm.vgprs_per_warp" : "vgprUsage", "vector", "sm.vgpr_slots"}};
  for (const auto& pool : pools) {
    const uint64_t per_group = uint64_t{pool.per_warp} * m.wg_size;
    if (per_group > pool.slots) {
      return fail(launch, fmt::format("{} = {} registers per warp: a work-group of {} warps needs "
                                      "{}, more than the {} {} registers of an SM ({})",
                                      pool.item, pool.per_warp, m.wg_size, per_group, pool.slots,
                                      pool.kind, pool.parameter));
    }
  }
  const uint64_t private_bytes = uint64_t{m.pds_size} * m.wf_size * m.wg_size;
  if (private_bytes > (uint64_t{1} << 32)) {
    return fail(launch, fmt::format("pdsSize = {} bytes per thread: a work-group of {} threads "
                                    "needs {} bytes of private memory, more than the 32-bit "
                                    "address space",
                                    m.pds_size, uint64_t{m.wf_size} * m.wg_size, private_bytes));
  }
  return ok_status();
}

}  // namespace ventus::runner
