// fit_machine: sizes the machine to hold one work-group of a launch (issue 47: the functional
// mode runs what the ISA allows; the warp slots of an SM are a timing resource).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "functional/machine_shape.hpp"

namespace ventus::functional {

// What one work-group of a launch takes of an SM.
struct GroupNeeds {
  uint32_t warps = 1;        // wg_size (numw)
  uint32_t local_bytes = 0;  // warp stacks + ldsSize / __local buffers (ISA.md §7.4, §7.5)
  uint32_t sgpr_usage = 0;   // per warp, as declared (ISA.md §7.9)
  uint32_t vgpr_usage = 0;
};

// The most a work-group may have whatever the machine: the bounds of the parameters that
// hold it (sm.warp_slots, sm.local_memory_bytes = the 256 MiB local window of ISA.md §8,
// sm.sgpr_slots / sm.vgpr_slots).
inline constexpr uint32_t kMaxWarpsPerGroup = MachineShape::kMaxWarpSlotsPerSm;
inline constexpr uint32_t kMaxLocalBytes = 0x10000000;
inline constexpr uint32_t kMaxRegisterSlots = 0x100000;

// One parameter raised so the work-group fits.
struct Widening {
  std::string key;  // "sm.warp_slots"
  uint32_t from = 0;
  uint32_t to = 0;
};

struct MachineFit {
  MachineShape shape;             // the machine the launch runs on
  std::vector<Widening> widened;  // empty: the configured machine holds it
};

// The configured `machine`, each parameter raised to what one work-group of `needs` takes
// when it holds less. An Error when the work-group exceeds what any machine may hold.
Result<MachineFit> fit_machine(const MachineShape& machine, const GroupNeeds& needs);

// "machine widened: sm.warp_slots 8 → 16 for launch kmeans_swap_0"
std::string widening_notice(const std::vector<Widening>& widened, std::string_view launch);

// "--set sm.warp_slots=16" (one per widening, space separated).
std::string widening_sets(const std::vector<Widening>& widened);

// The machine `launch` runs on. `widen` (the default functional mode with run.widen_machine):
// the fitted machine, and `notice` gets widening_notice when it differs; else the configured
// machine when it holds the launch, or an Error naming the --set that would make it fit.
Result<MachineFit> machine_for_launch(const MachineShape& machine, const GroupNeeds& needs,
                                      bool widen, std::string_view launch);

}  // namespace ventus::functional
