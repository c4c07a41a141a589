// stall_fault: the warps' states when the cycle model stops issuing, in one message.
#include "timing/stall_report.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "sim/config.hpp"

namespace ventus::timing {
namespace {

using SmWait = std::pair<unsigned, WarpWait>;  // an SM's index and one of its warps

std::string describe_waits(const std::vector<SmWait>& waits, Cycle stalled,
                           const TimingParams& params, bool quiescent) {
  std::string detail =
      quiescent ? std::string(
                      "nothing is in flight in the cycle model and no timer is pending, "
                      "so no warp can move again, and not every warp waits at a "
                      "barrier; the resident warps:")
                : fmt::format(
                      "the cycle model issued no instruction for {} cycles while its requests "
                      "went round (a livelock), and not every warp waits at a barrier; the "
                      "resident warps:",
                      stalled);
  for (const auto& [sm, w] : waits) {
    detail +=
        fmt::format(" SM {} slot {} (work-group {}, warp {}, next fetch 0x{:08x}): {};", sm, w.slot,
                    w.group->linear_id(), w.warp, w.fetch_pc, slot_state_name(w.state));
  }
  detail.pop_back();
  // A warp refetching after a taken branch waits for the I-cache as a missing one does.
  const bool fetching = std::all_of(waits.begin(), waits.end(), [](const SmWait& w) {
    const SlotState s = w.second.state;
    return s == SlotState::FetchMiss || s == SlotState::FetchRedirect || s == SlotState::Barrier;
  });
  if (fetching && !quiescent && params.front.icache_rearm_on_fill_miss) {
    detail +=
        " (every warp waits for a fetch or at a barrier: the I-cache's re-arm rule of "
        "mshr_icache.v can lose a miss every time it replays, docs/timing.md; --set "
        "sm.fetch.icache_rearm_on_fill_miss=false turns the rule off)";
  }
  return detail;
}

}  // namespace

// A barrier that can never be released when every resident warp waits at one; else the
// model's own mechanisms keep each other waiting (a livelock, such as a fetch that never hits),
// named with what every resident warp waits for so that the user sees which.
functional::Fault stall_fault(const std::vector<std::unique_ptr<Sm>>& sms,
                              const functional::WorkGroup& first_live, const TimingParams& params,
                              Cycle now, Cycle stalled, bool quiescent) {
  std::vector<SmWait> waits;
  for (const auto& sm : sms) {
    for (const WarpWait& w : sm->waiting_warps(now)) waits.emplace_back(sm->index(), w);
  }
  if (waits.empty()) {
    return first_live.make_fault(
        0, functional::TrapKind::NoProgress,
        fmt::format("the cycle model issued no instruction for {} cycles, with no warp resident",
                    stalled));
  }
  const auto stuck = std::find_if(waits.begin(), waits.end(), [](const SmWait& w) {
    return w.second.state != SlotState::Barrier;
  });
  if (stuck == waits.end()) {
    return first_live.make_fault(0, functional::TrapKind::BarrierDeadlock,
                                 "every live warp waits at a barrier that can never be released");
  }
  return stuck->second.group->make_fault(stuck->second.warp, functional::TrapKind::NoProgress,
                                         describe_waits(waits, stalled, params, quiescent));
}

Cycle stall_window(const TimingParams& params, unsigned sm_count) {
  // The *_cycles values, read through the declarations so that no parameter is left out.
  TimingParams copy = params;
  sim::ParamRegistry registry;
  copy.declare(sim::ParamScope(registry));
  uint64_t delays = 1;
  for (const sim::ParamInfo& info : registry.params()) {
    if (info.unit == "cycles") delays += std::stoull(registry.value_text(info.name));
  }
  const auto& f = params.front;
  const auto& l = params.lsu;
  const auto& m = params.memory;
  // A line read answers all its merged requests, one a cycle: the sub-entries add delays, the
  // entries add requests to the port.
  delays += uint64_t{f.icache.mshr_subentries} + l.l1d.mshr_subentries + m.l2.mshr_subentries;
  const uint64_t per_sm =
      uint64_t{f.icache.mshr_entries} + l.l1d.mshr_entries + l.wshr_entries + l.per_sm_in_flight;
  const uint64_t requests = 1 + per_sm * sm_count + m.l2_request_entries +
                            m.l2_input_buffer_entries + m.transactions_in_flight;
  uint64_t window = 0;
  if (__builtin_mul_overflow(4 * delays, requests, &window)) return ~Cycle{0} / 2;
  return std::max<Cycle>(window, 1'000'000);
}

}  // namespace ventus::timing
