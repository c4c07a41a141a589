// LaunchOptions::timing_work_groups: a window of a launch's work-groups on the cycle model, the
// others run functionally around it, and the launch's cycles extrapolated from the window's.
#pragma once

#include <cstdint>
#include <optional>

#include "functional/launch.hpp"
#include "ventus/runtime.hpp"

namespace ventus::runtime_detail {

// The window fits a launch of `groups` work-groups, and the launch runs on the cycle model
// (`timed`: the device has one and no commit log is written); an Error says what is wrong.
Status check_work_group_window(const WorkGroupWindow& window, uint64_t groups, bool timing,
                               bool logged);

// The groups before the window run functionally (one at a time, in bursts), then `timed` runs
// the window's groups, then the groups after it run functionally; a fault stops the launch.
std::optional<functional::Fault> run_work_group_window(functional::Launch& launch,
                                                       const WorkGroupWindow& window,
                                                       const functional::LaunchHooks& hooks,
                                                       const functional::LaunchDriver& timed);

// The launch's cycles extrapolated from the window's: linear in the number of work-groups,
// rounded to the nearest cycle; the window's own count when it covers every group.
uint64_t extrapolated_cycles(uint64_t window_cycles, uint64_t groups,
                             const WorkGroupWindow& window);

}  // namespace ventus::runtime_detail
