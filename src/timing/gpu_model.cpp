// GpuModel: one launch at a time on a LaunchLoop, and the host poll rule of a kernel's count.
#include "timing/gpu_model.hpp"

#include "timing/launch_loop.hpp"

namespace ventus::timing {

uint64_t host_poll_count(const KernelParams& k, uint64_t done, bool first_kernel) {
  if (k.host_poll_period_cycles == 0) return done;
  const uint64_t first = k.host_poll_offset_cycles + (first_kernel ? 1 : 0);
  uint64_t poll = first;
  if (done > first) {
    const uint64_t periods =
        (done - first + k.host_poll_period_cycles - 1) / k.host_poll_period_cycles;
    poll = first + periods * k.host_poll_period_cycles;
  }
  return poll + k.host_poll_read_cycles;
}

std::optional<functional::Fault> GpuModel::run(functional::Launch& launch,
                                               const functional::LaunchHooks& hooks,
                                               bool first_kernel, TimingResult& result) {
  LaunchLoop loop(params_, counters_, timeline_, event_log_, warp_slots_, launch, hooks,
                  icache_lru_);
  if (auto fault = loop.run_warps(result)) {
    loop.count_issued();
    counters_.cycles += loop.stopped_cycles();  // timing.cycles: what ran (no host count)
    result.stopped_at = loop.now();
    return fault;
  }
  return loop.finish(first_kernel, result);
}

void GpuModel::warm_fetch(unsigned sm, uint32_t pc) {
  std::optional<CacheTags>& tags = icache_lru_[sm];
  if (!tags) tags.emplace(params_.front.icache);
  const uint32_t line = tags->line_of(pc);
  // A miss fills the way that is least recently used (icache.cpp, tag_access_icache.v).
  if (!tags->access(line)) tags->write_way(line, tags->lru_way_of(line), true);
}

void GpuModel::warm_kernel_end() {
  for (std::optional<CacheTags>& tags : icache_lru_) {
    if (tags) tags->clear_valid();
  }
}

}  // namespace ventus::timing
