// Schedule: how the driver of a launch orders warps (schedulers.cpp, DESIGN.md §3).
#pragma once

#include <cstdint>

namespace ventus::functional {

// --ref-compat always uses REF's round robin over one work-group at a time.
enum class Schedule : uint8_t {
  Burst,   // default: one work-group at a time; a warp runs until a barrier, its end or a burst
  Random,  // seeded random warp of up to `random_live_groups` live groups per step (testing)
};

}  // namespace ventus::functional
