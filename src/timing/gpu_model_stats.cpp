// GpuModel's construction and its counters registered as statistics (timing.*, docs/stats.md).
#include <fmt/format.h>

#include "timing/gpu_model.hpp"

namespace ventus::timing {

GpuModel::GpuModel(const TimingParams& params, uint32_t sm_count, uint32_t warp_slots_per_sm)
    : params_(params), sm_count_(sm_count), warp_slots_(warp_slots_per_sm) {
  counters_.sms.resize(sm_count);
  icache_lru_.resize(sm_count);
  for (SmCounters& c : counters_.sms) c.size_slots(warp_slots_per_sm);
}

void GpuModel::register_stats(sim::StatScope s) {
  s.add("cycles", counters_.cycles, "cycles",
        "the launch's cycles as the host counts them (up to the stop if a fault stopped it)");
  s.add("issued", counters_.issued, "instructions", "warp-instructions issued");
  s.add_formula(
      "ipc",
      [this] {
        const double c = static_cast<double>(counters_.cycles.value);
        return c == 0 ? 0.0 : static_cast<double>(counters_.issued.value) / c;
      },
      "instructions/cycle", "warp-instructions issued per cycle, whole GPU");
  counters_.memory.register_in(s.child("memory"));
  for (uint32_t i = 0; i < sm_count_; ++i) {
    const sim::StatScope sm = s.child(fmt::format("sm{}", i));
    counters_.sms[i].register_in(sm);
    sm.add_formula(
        "ipc",
        [this, i] {
          const double c = static_cast<double>(counters_.cycles.value);
          return c == 0 ? 0.0 : static_cast<double>(counters_.sms[i].core.issued.value) / c;
        },
        "instructions/cycle", "warp-instructions this SM issued per cycle of the launch");
  }
}

}  // namespace ventus::timing
