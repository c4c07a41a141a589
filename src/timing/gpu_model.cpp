// GpuModel: the cycle loop of one launch, work-group dispatch and retirement, the kernel-end
// flush and the host poll rule.
#include "timing/gpu_model.hpp"

#include <deque>
#include <memory>

#include <fmt/format.h>

#include "timing/sm.hpp"

namespace ventus::timing {
namespace {

using functional::Fault;
using functional::WorkGroup;

struct PendingWarp {
  WorkGroup* group;
  unsigned warp;
  unsigned sm;
  Cycle earliest;
};

struct GroupDone {
  WorkGroup* group;
  Cycle at;
};

// No instruction issued for this long while warps are resident: a deadlock (every warp at
// a barrier that cannot be released), reported instead of looping forever.
constexpr Cycle kStallLimitCycles = 1'000'000;
constexpr Cycle kNever = ~Cycle{0};

// The next cycle after `now` at which anything can happen: an SM's event, a warp to
// dispatch, a work-group to retire, or (after a retirement) a work-group to place.
Cycle next_event(const std::vector<std::unique_ptr<Sm>>& sms,
                 const std::deque<PendingWarp>& to_dispatch,
                 const std::vector<GroupDone>& finishing, bool retired, Cycle now) {
  Cycle next = retired ? now + 1 : kNever;
  for (const auto& sm : sms) next = std::min(next, sm->next_event(now));
  if (!to_dispatch.empty()) next = std::min(next, std::max(to_dispatch.front().earliest, now + 1));
  for (const GroupDone& g : finishing) next = std::min(next, std::max(g.at, now + 1));
  return next;
}

}  // namespace

GpuModel::GpuModel(const TimingParams& params, uint32_t sm_count, uint32_t warp_slots_per_sm)
    : params_(params), sm_count_(sm_count), warp_slots_(warp_slots_per_sm) {
  counters_.sms.resize(sm_count);
  for (SmCounters& c : counters_.sms) c.size_slots(warp_slots_per_sm);
}

void GpuModel::register_stats(sim::StatScope s) {
  s.add("cycles", counters_.cycles, "cycles", "the launch's cycles as the host counts them");
  s.add("issued", counters_.issued, "instructions", "warp-instructions issued");
  s.add_formula(
      "ipc",
      [this] {
        const double c = static_cast<double>(counters_.cycles.value);
        return c == 0 ? 0.0 : static_cast<double>(counters_.issued.value) / c;
      },
      "instructions/cycle", "warp-instructions issued per cycle, whole GPU");
  counters_.memory.register_in(s.child("memory"));
  for (uint32_t i = 0; i < sm_count_; ++i)
    counters_.sms[i].register_in(s.child(fmt::format("sm{}", i)));
}

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

std::optional<Fault> GpuModel::run(functional::Launch& launch, const functional::LaunchHooks& hooks,
                                   bool first_kernel, TimingResult& result) {
  MemorySystem memory(params_.memory, sm_count_, counters_.memory);
  std::vector<std::unique_ptr<Sm>> sms;
  for (uint32_t i = 0; i < sm_count_; ++i) {
    sms.push_back(
        std::make_unique<Sm>(i, params_, warp_slots_, memory, launch.options(), counters_.sms[i]));
    sms.back()->set_timeline(timeline_);
  }
  const uint64_t port_busy_before = counters_.memory.port_busy_cycles.value;
  // Counter samples of the timeline up to `cycle` (each window once its last cycle is counted).
  auto sample = [&](Cycle cycle) {
    if (timeline_ == nullptr) return;
    std::vector<uint64_t> misses;
    for (auto& sm : sms) misses.push_back(sm->l1d_misses_in_flight());
    timeline_->sample(cycle, misses, counters_.memory.port_busy_cycles.value - port_busy_before);
  };
  std::deque<PendingWarp> to_dispatch;
  std::vector<GroupDone> finishing;
  const uint64_t limit = launch.options().max_warp_instructions;
  uint64_t issued_before = 0;
  for (auto& c : counters_.sms) issued_before += c.core.issued.value;
  Cycle now = 0, last_done = 0, last_issue = 0;
  uint64_t issued = 0;
  SmEvents events;
  for (;; ++now) {
    // CTA scheduler: take every group that fits, dispatch its warps one per cycle.
    while (WorkGroup* group = launch.dispatch(hooks)) {
      const unsigned sm = launch.sm_of(*group);
      for (unsigned w = 0; w < group->warp_count(); ++w) {
        to_dispatch.push_back({group, w, sm, now + params_.kernel.first_dispatch_cycles});
      }
      ++counters_.groups_dispatched;
    }
    for (uint32_t n = 0; n < params_.kernel.warps_dispatched_per_cycle && !to_dispatch.empty();
         ++n) {
      const PendingWarp& p = to_dispatch.front();
      if (p.earliest > now) break;
      if (timeline_ != nullptr && p.warp == 0) {
        timeline_->marker(p.sm, now, fmt::format("dispatch wg {}", p.group->linear_id()));
      }
      sms[p.sm]->start_warp(*p.group, p.warp, now + 1);
      to_dispatch.pop_front();
    }
    for (auto& sm : sms) {
      events.groups_done.clear();
      sm->tick(now, events);
      if (events.fault) return events.fault;
      for (WorkGroup* g : events.groups_done) {
        finishing.push_back({g, now + params_.kernel.wg_done_cycles});
        if (timeline_ != nullptr) {
          timeline_->marker(sm->index(), now, fmt::format("end wg {}", g->linear_id()));
        }
      }
      if (!events.groups_done.empty()) result.last_end_cycle = now;
    }
    bool retired = false;
    for (size_t i = 0; i < finishing.size();) {
      if (finishing[i].at > now) {
        ++i;
        continue;
      }
      retired = true;
      launch.retire(*finishing[i].group);
      last_done = now;
      finishing.erase(finishing.begin() + static_cast<std::ptrdiff_t>(i));
    }
    for (auto& sm : sms) {
      sm->send_memory_request(now);
      sm->account_states(now, 1);
    }
    sample(now + 1);
    uint64_t total = 0;
    for (auto& c : counters_.sms) total += c.core.issued.value;
    if (total - issued_before != issued) {
      issued = total - issued_before;
      last_issue = now;
    }
    if (limit != 0 && issued >= limit && !launch.live().empty()) {
      WorkGroup& g = *launch.live().front();
      return g.make_fault(0, functional::TrapKind::InstructionLimit,
                          fmt::format("{} warp-instructions executed", limit));
    }
    if (launch.all_dispatched() && launch.live().empty() && to_dispatch.empty()) break;
    if (now - last_issue > kStallLimitCycles && !launch.live().empty()) {
      return launch.live().front()->make_fault(0, functional::TrapKind::BarrierDeadlock,
                                               "no warp issued an instruction for a million cycles "
                                               "(every live warp waits at a barrier?)");
    }
    // After a cycle that issued the next one is usually busy: searching for the next event
    // (about a tenth of the model's time) pays only after a cycle without issue. Not skipping
    // is always exact.
    if (params_.skip_idle_cycles && last_issue != now) {
      Cycle next = next_event(sms, to_dispatch, finishing, retired, now);
      if (next == kNever) next = last_issue + kStallLimitCycles + 1;  // only a deadlock is left
      if (next > now + 1) {
        for (auto& sm : sms) {
          sm->skip_cycles(next - now - 1);
          sm->account_states(now + 1, next - now - 1);
        }
        sample(next);
        now = next - 1;
      }
    }
  }
  const Cycle accounted = now + 1;  // cycles 0..now have a state in every slot
  // Kernel end (TIMING.md §2): the LSUs drain, every L1 writes its dirty lines back, then the
  // L2 flush completes.
  auto step_memory = [&] {
    ++now;
    for (auto& sm : sms) {
      events.groups_done.clear();
      sm->tick(now, events);
      sm->send_memory_request(now);
    }
  };
  now = last_done + params_.kernel.flush_request_cycles;
  while (!std::all_of(sms.begin(), sms.end(), [](auto& sm) { return sm->lsu_idle(); }))
    step_memory();
  for (auto& sm : sms) {
    sm->l1d().flush(now);
    sm->icache().invalidate();
  }
  while (!std::all_of(sms.begin(), sms.end(), [](auto& sm) { return sm->l1d().idle(); }))
    step_memory();
  result.done_cycle = now + params_.kernel.flush_hint_cycles + params_.kernel.flush_done_cycles;
  result.cycles = host_poll_count(params_.kernel, result.done_cycle, first_kernel);
  // The flush and the host's poll follow the last warp: every slot is idle until the count.
  for (auto& sm : sms) sm->account_idle(result.cycles > accounted ? result.cycles - accounted : 0);
  sample(result.cycles);
  counters_.cycles += result.cycles;
  counters_.issued += issued;
  return std::nullopt;
}

}  // namespace ventus::timing
