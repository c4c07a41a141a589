// run_launch: sets up and runs the work-groups of one launch, one after another.
#include "functional/launch.hpp"

#include <bit>

#include <fmt/format.h>

namespace ventus::functional {

Status check_launch_config(const LaunchConfig& config) {
  if (config.numt == 0 || config.numt > 32 || !std::has_single_bit(config.numt)) {
    return Error{
        fmt::format("threads per warp must be a power of two in 1..32, got {}", config.numt)};
  }
  if (config.numw == 0) return Error{"a work-group needs at least one warp"};
  for (uint32_t n : config.num_groups) {
    if (n == 0) return Error{"every ND-range dimension needs at least one work-group"};
  }
  return ok_status();
}

Status install_boot_rom(memory::DeviceMemory& memory, uint32_t start_pc) {
  if (memory.map().find_base(kBootRomBase) == nullptr) {
    auto status =
        memory.map_region({kBootRomBase, kBootRomBytes, memory::RegionKind::kCode, "boot ROM"});
    if (!status) return status;
  }
  for (size_t i = 0; i < kBootRomCode.size(); ++i) {
    memory.store().write32(kBootRomBase + static_cast<uint32_t>(4 * i), kBootRomCode[i]);
  }
  memory.store().write32(kBootRomBase + 0x14, 0);
  memory.store().write32(kBootRomBase + kBootRomStartPcOffset, start_pc);
  memory.store().write32(kBootRomBase + kBootRomStartPcOffset + 4, 0);
  return ok_status();
}

LaunchResult run_launch(const LaunchConfig& config, const EngineOptions& options,
                        memory::DeviceMemory& global, const memory::LocalMemory* local_layout,
                        ExecObserver* observer, const LaunchHooks& hooks) {
  LaunchResult result;
  DecodeCache code(global);
  const uint64_t groups =
      uint64_t{config.num_groups[0]} * config.num_groups[1] * config.num_groups[2];
  for (uint64_t g = 0; g < groups; ++g) {
    const auto linear = static_cast<uint32_t>(g);
    if (hooks.before_group) hooks.before_group(linear);
    std::optional<memory::LocalMemory> local;
    if (local_layout != nullptr) local.emplace(local_layout->with_same_layout());
    memory::WorkGroupMemory memory(global,
                                   local ? static_cast<memory::DeviceMemory&>(*local) : global);
    WorkGroup group(config, options, linear, memory, code, observer, result.stats);
    ++result.stats.work_groups;
    result.stats.warps += config.numw;
    result.fault = group.run();
    if (!result.ref_trap) result.ref_trap = group.first_ref_trap();
    if (result.fault) break;
  }
  return result;
}

}  // namespace ventus::functional
