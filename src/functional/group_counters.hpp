// GroupCounters: what one work-group counted while it ran; the launch's registered stats
// add them up when the group ends (functional_stats.hpp).
#pragma once

#include <array>
#include <cstdint>

#include "functional/exec_context.hpp"
#include "isa/unit.hpp"

namespace ventus::functional {

struct GroupCounters {
  uint64_t warp_instructions = 0;
  uint64_t thread_instructions = 0;  // lanes that executed (SIMT mask, i < vl, v0)
  std::array<uint64_t, isa::kUnitCount> by_unit{};
  uint64_t branches = 0;  // scalar conditional branches
  uint64_t branches_taken = 0;
  uint64_t vbranches = 0;           // divergent-branch instructions (§5.1)
  uint64_t vbranches_uniform = 0;   // every active lane went the same way
  uint64_t vbranches_diverged = 0;  // pushed the SIMT stack
  uint64_t joins = 0;
  uint64_t joins_popped = 0;  // the join was the top entry's reconvergence point
  uint64_t barriers = 0;      // barrier instructions executed (REF spins included)
  uint64_t barrier_releases = 0;
  AccessCounts memory;  // lane accesses and bytes per address space
};

}  // namespace ventus::functional
