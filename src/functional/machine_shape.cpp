// MachineShape: parameter declarations and the per-SM residency of a launch's work-groups.
#include "functional/machine_shape.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "functional/work_group.hpp"

namespace ventus::functional {

void MachineShape::declare(sim::ParamScope root) {
  root.child("gpu").add("sm_count", sm_count, sim::UIntRange{1, 256}, "",
                        "streaming multiprocessors; work-groups are spread over them");
  const sim::ParamScope sm = root.child("sm");
  sm.add("warp_slots", warp_slots_per_sm, sim::UIntRange{1, 32}, "",
         "warp slots per SM: the most warps one work-group may have");
  sm.add("work_group_slots", group_slots_per_sm, sim::UIntRange{1, 32}, "",
         "work-groups resident on one SM at once");
  sm.add("threads_per_warp", threads_per_warp, sim::UIntRange{1, 32, true}, "",
         "threads (vector lanes) per warp, numt");
  sm.add("local_memory_bytes", local_memory_bytes, sim::UIntRange{1024, 0x10000000}, "bytes",
         "local memory per SM: warp stacks (1 KiB each) and __local buffers");
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
  return std::min(
      {group_slots_per_sm, warp_slots_per_sm / config.numw, local_memory_bytes / local});
}

}  // namespace ventus::functional
