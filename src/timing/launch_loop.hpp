// LaunchLoop: one launch on the cycle model (GpuModel::run): the cycle loop, work-group
// dispatch and retirement, idle skipping and the kernel-end flush.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "timing/gpu_model.hpp"
#include "timing/sm.hpp"

namespace ventus::timing {

// A warp the CTA scheduler dispatches at `earliest` or later, one per cycle, in queue order.
struct PendingWarp {
  functional::WorkGroup* group;
  unsigned warp;
  unsigned sm;
  Cycle earliest;
  bool opens_group;  // the group's first warp to go (its timeline marker)
};

// A work-group whose warps have all ended: it leaves its SM at `at` (wg_done_cycles later).
struct GroupDone {
  functional::WorkGroup* group;
  Cycle at;
};

// Per SM: when it ticks next, when it last ticked, and the first cycle without a state.
struct SmDue {
  Cycle next = 0, last = 0, accounted = 0;
  bool ticked = false;  // in this cycle
};

// One launch on the model (GpuModel::run): the state of the cycle loop and its steps.
class LaunchLoop {
 public:
  using Fault = functional::Fault;

  LaunchLoop(const TimingParams& params, GpuCounters& counters, Timeline* timeline,
             EventLog* event_log, uint32_t warp_slots, functional::Launch& launch,
             const functional::LaunchHooks& hooks,
             std::vector<std::optional<CacheTags>>& icache_lru);
  LaunchLoop(const LaunchLoop&) = delete;
  LaunchLoop& operator=(const LaunchLoop&) = delete;
  // The slot states the SMs still hold reach the counters, also when a fault stopped the
  // launch.
  ~LaunchLoop();

  // Cycles until every work-group has retired; a guest fault, the instruction limit or a
  // deadlock stops the launch.
  std::optional<Fault> run_warps(TimingResult& result);

  // Kernel end (TIMING.md §2): the LSUs drain, every L1 writes its dirty lines back, the L2
  // writes them to memory, then the L2 flush completes; the host counts at its next poll. Every
  // slot is idle from the last warp to that count. A memory system that does not drain is a
  // model bug, reported rather than looped on.
  std::optional<Fault> finish(bool first_kernel, TimingResult& result);

  Cycle now() const { return now_; }

  // The launch's issued instructions into timing.issued: at its end, or up to the fault that
  // stopped it (which has no cycle count, TIMING.md §2).
  void count_issued() { counters_.issued += issued_so_far(); }
  // The cycles a fault let run: every slot has a state in each of them.
  Cycle stopped_cycles() const { return stopped_cycles_; }

 private:
  // Tells EngineOptions::on_progress the groups retired and the current cycle.
  void report_progress() const;

  // CTA scheduler: take every group that fits, dispatch its warps one per cycle.
  void dispatch();

  // The SMs due this cycle tick, after their skipped cycles are accounted.
  std::optional<Fault> tick_sms(TimingResult& result);

  // Work-groups whose wg_done delay has passed leave the SM; true when any did.
  bool retire();

  // The SMs' requests to the L2, the slot states of the cycle, and progress.
  void account_cycle();

  // The launch's warp-instructions issued so far, over every SM.
  uint64_t issued_so_far() const;

  // The executed count grows only in a cycle with an issue, so the limit is first reached in
  // one: the fault names the warp that issued last in it (the SMs step in index order), as the
  // functional engine names the warp whose step reached the limit.
  std::optional<Fault> instruction_limit() const;

  // Nothing can change any more (`quiescent`: no request in flight, no timer pending), or no
  // instruction issued for stall_window_: a deadlock or a livelock (stall_report.cpp).
  std::optional<Fault> deadlock(bool quiescent) const;

  // Each SM ticks only at its own events (Sm::next_event); searching for them pays only after
  // a cycle in which it did not issue. Not skipping is always exact. The SMs meet in the
  // memory system only: a request the L2 (or its input buffer) took may change when another
  // SM's waiting request can enter (its line filled), so then every SM's next event is
  // searched again, from its last tick. A refused request has no effect, so an SM that does not
  // tick loses nothing by not offering its request. With a timeline every SM ticks at every event,
  // so the slices come in cycle order.
  // False when nothing can change any more (no SM, no memory and no GPU event is pending).
  bool skip_idle(bool retired);

  Cycle next_tick(const Sm& sm, const SmDue& due) const;

  // A fault stops the launch: the cycles before `end` are accounted and are its cycles.
  void stop_at(Cycle end);

  // Accounts SM `i`'s cycles before `to` that it skipped (in the state after its last tick).
  // The checks are inline: the cycle loop asks every cycle, and mostly there is nothing to do.
  void catch_up(unsigned i, Cycle to) {
    if (due_[i].accounted < to) account_skipped(i, to);
  }
  void account_skipped(unsigned i, Cycle to);
  void catch_up(Cycle to);

  // Counter samples of the timeline (if any) up to `cycle`.
  void sample(Cycle cycle) {
    if (timeline_ != nullptr) sample_timeline(cycle);
  }
  void sample_timeline(Cycle cycle);

  // Steps the memory side until `done`; false when it is not done within stall_window_.
  template <class Done>
  bool drain(Done done);

  Fault drain_fault(std::string_view what) const;

  void step_memory();

  const TimingParams& params_;
  GpuCounters& counters_;
  Timeline* timeline_;
  EventSink event_log_;  // the memory system's and the GPU's events (no SM of their own)
  functional::Launch& launch_;
  const functional::LaunchHooks& hooks_;
  MemorySystem memory_;
  std::vector<std::unique_ptr<Sm>> sms_;
  std::deque<PendingWarp> to_dispatch_;
  std::vector<GroupDone> finishing_;
  uint64_t port_busy_before_;
  uint64_t issued_before_ = 0, issued_ = 0, executed_ = 0;
  uint64_t limit_;
  Cycle stall_window_;  // stall_window(): cycles without an issue that make a livelock
  Cycle now_ = 0, last_done_ = 0, last_issue_ = 0, stopped_cycles_ = 0;
  SmEvents events_;
  std::vector<SmDue> due_;
  bool accepted_ = false;  // the L2 (or its input buffer) took a request this cycle
  bool may_place_ = true;  // a group may be placed (none refused since the last retirement)
  std::vector<std::optional<CacheTags>>& icache_lru_;  // GpuModel's, kept across launches
};

}  // namespace ventus::timing
