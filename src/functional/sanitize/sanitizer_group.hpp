// Sanitizer::Group: what the sanitizers keep of one open work-group (its warps' barrier
// state, register writes and the shadows of its current barrier intervals).
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "functional/sanitize/sanitizer.hpp"

namespace ventus::functional {

namespace sanitize {
// What a warp of an open work-group is doing, as its records tell.
struct WarpSync {
  bool waiting = false;
  bool ended = false;
  uint32_t barrier_pc = 0;
  uint8_t fences = 0;  // kLocalFence | kGlobalFence of the barrier it waits at
  uint32_t end_pc = 0;
};
}  // namespace sanitize

struct Sanitizer::Group {
  explicit Group(uint32_t linear_id, unsigned warp_count, uint32_t examples)
      : linear(linear_id), warps(warp_count), written(warp_count), log(examples) {}
  // Work-group `linear_id` starts in this one's storage (its shadows are empty: closed).
  void restart(uint32_t linear_id, uint32_t examples) {
    linear = linear_id;
    for (sanitize::WarpSync& w : warps) w = sanitize::WarpSync{};
    for (auto& lanes : written) lanes.fill(0);
    defined = {};
    global_defined = {};
    local_interval = global_interval = 0;
    ended = 0;
    log = FindingLog(examples);
    scalar_writers.clear();
    global_uninit = false;
  }
  uint32_t linear;
  std::vector<sanitize::WarpSync> warps;
  // init of registers: per warp, the lanes of each vector register an instruction wrote.
  std::vector<std::array<LaneMask, 256>> written;
  GroupShadow local;                      // local window and private memory, this interval
  GroupShadow global;                     // global memory, this interval
  sanitize::DefinedBytes defined;         // local and private bytes written in closed intervals
  sanitize::DefinedBytes global_defined;  // global ones (only while global_init_)
  uint32_t local_interval = 0, global_interval = 0;
  unsigned ended = 0;
  bool global_uninit = false;  // the global shadow of this interval has an uninit_read
  FindingLog log;
  // Global bytes each warp (bit) stored to with a scalar store, for the rest of the group.
  std::unordered_map<uint32_t, uint64_t> scalar_writers;
  bool wrote(uint32_t addr, unsigned warp) const {
    auto it = scalar_writers.find(addr);
    return it != scalar_writers.end() && ((it->second >> warp) & 1u) != 0;
  }
};

}  // namespace ventus::functional
