// fit_machine: raises sm.warp_slots, sm.local_memory_bytes and the register slots to a launch.
#include "functional/machine_fit.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace ventus::functional {
namespace {

// Raises `field` (parameter `key`) to `needed` when it is smaller.
void raise(uint32_t& field, uint32_t needed, std::string_view key, MachineFit& fit) {
  if (field >= needed) return;
  fit.widened.push_back({std::string(key), field, needed});
  field = needed;
}

// The registers a work-group of `warps` takes from one pool: a fixed share per warp
// (sm.sgprs_per_warp / sm.vgprs_per_warp) or what each warp declares.
uint64_t group_registers(uint32_t warps, uint32_t fixed_per_warp, uint32_t usage) {
  return uint64_t{warps} * (fixed_per_warp != 0 ? fixed_per_warp : usage);
}

}  // namespace

Result<MachineFit> fit_machine(const MachineShape& machine, const GroupNeeds& needs) {
  if (needs.warps == 0 || needs.warps > kMaxWarpsPerGroup) {
    return Error{fmt::format("a work-group of {} warps: a work-group has 1..{} warps", needs.warps,
                             kMaxWarpsPerGroup)};
  }
  if (needs.local_bytes > kMaxLocalBytes) {
    return Error{
        fmt::format("a work-group needs {} bytes of local memory, more than the {} "
                    "bytes of the local window (ISA.md §8)",
                    needs.local_bytes, kMaxLocalBytes)};
  }
  const uint64_t sgprs = group_registers(needs.warps, machine.sgprs_per_warp, needs.sgpr_usage);
  const uint64_t vgprs = group_registers(needs.warps, machine.vgprs_per_warp, needs.vgpr_usage);
  if (std::max(sgprs, vgprs) > kMaxRegisterSlots) {
    return Error{
        fmt::format("a work-group of {} warps needs {} scalar and {} vector registers, "
                    "more than the {} register slots an SM may have",
                    needs.warps, sgprs, vgprs, kMaxRegisterSlots)};
  }
  MachineFit fit{machine, {}};
  raise(fit.shape.warp_slots_per_sm, needs.warps, "sm.warp_slots", fit);
  // Every warp slot keeps its 1 KiB stack (the configuration's own rule).
  const uint32_t local = std::max(needs.local_bytes, fit.shape.warp_slots_per_sm * 1024u);
  raise(fit.shape.local_memory_bytes, local, "sm.local_memory_bytes", fit);
  raise(fit.shape.sgpr_slots_per_sm, static_cast<uint32_t>(sgprs), "sm.sgpr_slots", fit);
  raise(fit.shape.vgpr_slots_per_sm, static_cast<uint32_t>(vgprs), "sm.vgpr_slots", fit);
  return fit;
}

std::string widening_notice(const std::vector<Widening>& widened, std::string_view launch) {
  std::string changes;
  for (const Widening& w : widened) {
    changes += fmt::format("{}{} {} → {}", changes.empty() ? "" : ", ", w.key, w.from, w.to);
  }
  return fmt::format("machine widened: {} for launch {}", changes, launch);
}

std::string widening_sets(const std::vector<Widening>& widened) {
  std::string sets;
  for (const Widening& w : widened) {
    sets += fmt::format("{}--set {}={}", sets.empty() ? "" : " ", w.key, w.to);
  }
  return sets;
}

Result<MachineFit> machine_for_launch(const MachineShape& machine, const GroupNeeds& needs,
                                      bool widen, std::string_view launch) {
  auto fit = fit_machine(machine, needs);
  if (!fit) return Error{fmt::format("launch {}: {}", launch, fit.error().message)};
  if (widen || fit->widened.empty()) return fit;
  const Widening& first = fit->widened.front();
  return Error{fmt::format(
      "launch {} does not fit the configured machine: it needs {} = {}, the machine has {} "
      "({} makes it fit)",
      launch, first.key, first.to, first.from, widening_sets(fit->widened))};
}

}  // namespace ventus::functional
