// A window of work-groups timed on the cycle model, the others run functionally around it.
#include "runtime/work_group_window.hpp"

#include <fmt/format.h>

namespace ventus::runtime_detail {

Status check_work_group_window(const WorkGroupWindow& w, uint64_t groups, bool timing,
                               bool logged) {
  const std::string name = fmt::format("--timing-work-groups {}:{}", w.first, w.end);
  if (!timing) return Error{name + " needs --timing (run.timing): it names the groups it times"};
  if (logged) {
    return Error{name +
                 ": a launch that writes a commit log runs on the functional engine; "
                 "drop --log or --timing-work-groups"};
  }
  if (w.first >= w.end) {
    return Error{
        fmt::format("{}: the window is empty or reversed (FIRST:END takes the groups "
                    "FIRST to END-1, so END must be above FIRST)",
                    name)};
  }
  if (w.end > groups) {
    return Error{
        fmt::format("{}: the launch has {} work-group{} (linear ids 0 to {}), so END is "
                    "at most {}",
                    name, groups, groups == 1 ? "" : "s", groups - 1, groups)};
  }
  return ok_status();
}

std::optional<functional::Fault> run_work_group_window(functional::Launch& launch,
                                                       const WorkGroupWindow& window,
                                                       const functional::LaunchHooks& hooks,
                                                       const functional::LaunchDriver& timed) {
  launch.end_dispatch_at(window.first);
  if (auto fault = functional::run_groups_in_bursts(launch, hooks)) return fault;
  launch.end_dispatch_at(window.end);
  if (auto fault = timed(launch)) return fault;
  launch.end_dispatch_at(launch.group_count());
  return functional::run_groups_in_bursts(launch, hooks);
}

uint64_t extrapolated_cycles(uint64_t window_cycles, uint64_t groups,
                             const WorkGroupWindow& window) {
  const uint64_t timed = window.end - window.first;
  if (timed == groups) return window_cycles;
  const double scaled =
      static_cast<double>(window_cycles) * static_cast<double>(groups) / static_cast<double>(timed);
  return static_cast<uint64_t>(scaled + 0.5);
}

}  // namespace ventus::runtime_detail
