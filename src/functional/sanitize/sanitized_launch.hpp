// run_sanitized_launch: a launch run under the sanitizers (docs/sanitizers.md).
#pragma once

#include "functional/launch.hpp"

namespace ventus::functional {

// run_launch with the Sanitizer observing every record (`observer`, if any, too), and the
// report in LaunchResult::sanitize. run_launch calls it when options.sanitize asks.
LaunchResult run_sanitized_launch(const LaunchConfig& config, const MachineShape& shape,
                                  const EngineOptions& options, memory::DeviceMemory& global,
                                  const memory::LocalMemory* local_layout, FunctionalStats& stats,
                                  ExecObserver* observer, const LaunchHooks& hooks);

}  // namespace ventus::functional
