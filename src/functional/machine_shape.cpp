// MachineShape: parameter declarations and the per-SM residency of a launch's work-groups.
#include "functional/machine_shape.hpp"

#include <algorithm>
#include <string_view>

#include <fmt/format.h>

#include "functional/work_group.hpp"

namespace ventus::functional {

void MachineShape::declare(sim::ParamScope root) {
  root.child("gpu").add("sm_count", sm_count, sim::UIntRange{1, 256}, "",
                        "streaming multiprocessors; work-groups are spread over them");
  const sim::ParamScope sm = root.child("sm");
  sm.add("warp_slots", warp_slots_per_sm, sim::UIntRange{1, kMaxWarpSlotsPerSm}, "",
         "warp slots per SM: the most warps one work-group may have");
  sm.add("work_group_slots", group_slots_per_sm, sim::UIntRange{1, 32}, "",
         "work-groups resident on one SM at once");
  sm.add("threads_per_warp", threads_per_warp, sim::UIntRange{1, 32, true}, "",
         "threads (vector lanes) per warp, numt");
  sm.add("local_memory_bytes", local_memory_bytes, sim::UIntRange{1024, 0x10000000}, "bytes",
         "local memory per SM: warp stacks (1 KiB each) and __local buffers");
  sm.add("sgpr_slots", sgpr_slots_per_sm, sim::UIntRange{1, 0x100000}, "",
         "scalar register slots per SM, handed out to warps (sm.sgprs_per_warp)");
  sm.add("vgpr_slots", vgpr_slots_per_sm, sim::UIntRange{1, 0x100000}, "",
         "vector register slots per SM, handed out to warps (sm.vgprs_per_warp)");
  sm.add("sgprs_per_warp", sgprs_per_warp, sim::UIntRange{0, 0x100000}, "",
         "scalar registers each warp takes: 0 = the launch's sgprUsage (metadata)");
  sm.add("vgprs_per_warp", vgprs_per_warp, sim::UIntRange{0, 0x100000}, "",
         "vector registers each warp takes: 0 = the launch's vgprUsage (metadata)");
}

namespace {

// One register pool (the CTA scheduler's resource table takes per-warp registers x warps for
// a group; TIMING.md §1): the groups it holds, or an Error when none fits. A warp taking no
// register takes none of the pool.
struct RegisterPool {
  uint32_t slots, fixed_per_warp;
  std::string_view kind, slots_parameter, fixed_parameter, usage_item;

  Result<uint32_t> groups(uint32_t warps, uint32_t usage) const {
    const uint32_t per_warp = fixed_per_warp != 0 ? fixed_per_warp : usage;
    if (per_warp == 0) return UINT32_MAX;
    const uint64_t per_group = uint64_t{warps} * per_warp;
    if (per_group > slots) {
      return Error{fmt::format(
          "a work-group of {} warps needs {} {} registers ({} per warp, {}), an SM has {} ({})",
          warps, per_group, kind, per_warp, fixed_per_warp != 0 ? fixed_parameter : usage_item,
          slots, slots_parameter)};
    }
    return static_cast<uint32_t>(slots / per_group);
  }
};

}  // namespace

Result<uint32_t> MachineShape::groups_by_registers(uint32_t warps, uint32_t sgpr_usage,
                                                   uint32_t vgpr_usage) const {
  const RegisterPool scalar{sgpr_slots_per_sm, sgprs_per_warp,      "scalar",
                            "sm.sgpr_slots",   "sm.sgprs_per_warp", "sgprUsage"};
  const RegisterPool vector{vgpr_slots_per_sm, vgprs_per_warp,      "vector",
                            "sm.vgpr_slots",   "sm.vgprs_per_warp", "vgprUsage"};
  auto by_scalar = scalar.groups(warps, sgpr_usage);
  if (!by_scalar) return by_scalar.error();
  auto by_vector = vector.groups(warps, vgpr_usage);
  if (!by_vector) return by_vector.error();
  return std::min(by_scalar.value(), by_vector.value());
}

Result<uint32_t> MachineShape::groups_per_sm(const LaunchConfig& config, uint32_t lds_bytes) const {
  if (config.numw > warp_slots_per_sm) {
    return Error{
        fmt::format("a work-group of {} warps does not fit an SM of {} warp slots "
                    "(sm.warp_slots)",
                    config.numw, warp_slots_per_sm)};
  }
  const uint32_t local = memory::lds_region_bytes(lds_bytes, config.numw);
  if (local > local_memory_bytes) {
    return Error{
        fmt::format("a work-group needs {} bytes of local memory, an SM has {} "
                    "(sm.local_memory_bytes)",
                    local, local_memory_bytes)};
  }
  auto by_registers = groups_by_registers(config.numw, config.sgpr_usage, config.vgpr_usage);
  if (!by_registers) return by_registers.error();
  return std::min({group_slots_per_sm, warp_slots_per_sm / config.numw, local_memory_bytes / local,
                   by_registers.value()});
}

}  // namespace ventus::functional
