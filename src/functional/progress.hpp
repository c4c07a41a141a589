// LaunchProgress: what a running launch tells a progress observer (the tools draw it; the
// engines never print).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>

namespace ventus::functional {

struct LaunchProgress {
  uint64_t groups_done = 0;   // work-groups retired so far
  uint64_t groups_total = 0;  // the launch's work-groups
  // The cycle model's current cycle, in the samples it sends (none from the functional engine).
  std::optional<uint64_t> cycle;
  // Filled by whoever runs several launches: the 1-based launch and how many (0: unknown),
  // and its name (valid during the call; empty: none).
  uint32_t launch = 0;
  uint32_t launches = 0;
  std::string_view name;
};

// Called on the simulating thread: after every retired work-group, and every few thousand
// cycles on the cycle model. It must be cheap (read a clock at most, draw rarely).
using ProgressObserver = std::function<void(const LaunchProgress&)>;

}  // namespace ventus::functional
