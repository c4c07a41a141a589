// timeline_options: the run.timeline* options of a configuration as the cycle model's
// TimelineOptions (docs/timeline.md), checked once for every tool.
#pragma once

#include <optional>

#include "common/result.hpp"
#include "timing/timeline.hpp"
#include "ventus/runtime.hpp"

namespace ventus {

// Nothing when run.timeline is empty; an error names run.timeline_slots when its list is not
// warp slot numbers separated by commas.
Result<std::optional<timing::TimelineOptions>> timeline_options(const SimulationOptions& options);

// The cycle window FROM..TO of a timeline (TO 0 = to the end): an error when TO is before FROM.
Status check_timeline_cycles(uint64_t from, uint64_t to);

}  // namespace ventus
