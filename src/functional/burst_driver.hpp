// The driver state every scheduler shares (instruction limit, observer, printf) and the
// burst loop of one work-group, used by the serial and the parallel burst schedulers.
#pragma once

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "functional/launch.hpp"
#include "functional/work_group_step.hpp"

namespace ventus::functional {

// State shared by every scheduler: the instruction limit, observer, printf draining.
template <class Policy>
class Driver {
 public:
  Driver(Launch& launch, ExecObserver* observer)
      : launch_(launch), observer_(observer), limit_(launch.options().max_warp_instructions) {}

  // Steps warp `j` of `group`; a fault stops the launch. Returns the step (its status).
  std::optional<Fault> step(WorkGroup& group, unsigned j, StepResult& result) {
    if (limit_ != 0 && executed_ >= limit_) [[unlikely]]
      return limit_fault(group, j);
    result = group.template step<Policy>(j, record_ptr());
    if (result.status == StepStatus::Trapped) [[unlikely]]
      return std::nullopt;
    ++executed_;
    if constexpr (Policy::kCommit) observer_->on_retire(record_);
    if (result.event == WarpEvent::Print) [[unlikely]]
      drain_print(group, j, result.print_value);
    return std::nullopt;
  }

  // Steps warp `j` until an event (see WorkGroup::step_burst), a trap or `left` steps;
  // `left` goes down by the steps retired. Records and observers need every step, so they
  // go one at a time.
  std::optional<Fault> burst(WorkGroup& group, unsigned j, uint64_t& left, StepResult& result) {
    const uint64_t before = executed_;
    if constexpr (Policy::kCommit) {
      for (uint64_t n = left; n > 0; --n) {
        if (auto fault = step(group, j, result)) return fault;
        if (result.status != StepStatus::Retired || result.event != WarpEvent::None) break;
      }
    } else {
      const uint64_t budget = limit_ == 0 ? left : std::min(left, limit_ - executed_);
      if (budget == 0) return limit_fault(group, j);
      uint64_t retired = 0;
      result = group.step_burst(j, budget, retired);
      executed_ += retired;
      if (result.event == WarpEvent::Print && result.status == StepStatus::Retired) {
        drain_print(group, j, result.print_value);
      }
    }
    left -= std::min(left, executed_ - before);
    return std::nullopt;
  }

  uint64_t executed() const { return executed_; }
  uint64_t limit() const { return limit_; }
  // A work-group that ran on another host thread retired `count` instructions.
  void add_executed(uint64_t count) { executed_ += count; }

  void group_started(WorkGroup& group) {
    if constexpr (Policy::kCommit) observer_->on_group_start(group.linear_id());
  }

 private:
  typename Policy::Record* record_ptr() {
    if constexpr (Policy::kCommit) {
      return &record_;
    } else {
      return nullptr;
    }
  }
  Fault limit_fault(const WorkGroup& group, unsigned j) const {
    return group.make_fault(j, TrapKind::InstructionLimit, instruction_limit_detail(limit_));
  }
  void drain_print(const WorkGroup& group, unsigned j, uint32_t value) {
    const auto& on_print = launch_.options().on_print;
    if (on_print) on_print({group.linear_id(), group.group_id(), j, value});
  }

  struct Empty {};
  Launch& launch_;
  ExecObserver* observer_;
  uint64_t limit_;
  uint64_t executed_ = 0;
  std::conditional_t<Policy::kCommit, ExecutedInstr, Empty> record_;
};

// How the burst loop of one work-group ended.
enum class GroupEnd : uint8_t { Finished, Trapped, Deadlock, Stopped };

// Runs the warps of `group` in turn, each until a barrier, its end or `burst` instructions,
// until the group finishes. `step(j, left, result)` runs warp j for at most `left`
// instructions and lowers `left`; false stops the loop. `warp` receives the warp at fault.
template <class Step>
GroupEnd run_group_bursts(WorkGroup& group, uint32_t burst, unsigned& warp, Step&& step) {
  while (!group.finished()) {
    bool progressed = false;
    for (unsigned j = 0; j < group.warp_count(); ++j) {
      if (!group.steppable(j)) continue;
      progressed = true;
      for (uint64_t left = burst; left > 0 && group.steppable(j);) {
        StepResult r;
        warp = j;
        if (!step(j, left, r)) return GroupEnd::Stopped;
        if (r.status == StepStatus::Trapped) return GroupEnd::Trapped;
      }
    }
    if (!progressed) return GroupEnd::Deadlock;
  }
  return GroupEnd::Finished;
}

inline Fault deadlock_fault(const WorkGroup& group) {
  return group.make_fault(0, TrapKind::BarrierDeadlock,
                          "every live warp waits at a barrier that can never be released");
}

// The burst scheduler's run of one work-group: the fault that stops the launch, if any. A
// printf event is drained and the warp goes on.
template <class Policy>
std::optional<Fault> run_group_serially(Launch& launch, WorkGroup& group, Driver<Policy>& driver) {
  driver.group_started(group);
  std::optional<Fault> fault;
  unsigned warp = 0;
  const GroupEnd end = run_group_bursts(group, launch.options().burst_instructions, warp,
                                        [&](unsigned j, uint64_t& left, StepResult& r) {
                                          fault = driver.burst(group, j, left, r);
                                          return !fault;
                                        });
  switch (end) {
    case GroupEnd::Stopped:
      return fault;
    case GroupEnd::Trapped:
      return group.fault_from_trap(warp);
    case GroupEnd::Deadlock:
      return deadlock_fault(group);
    case GroupEnd::Finished:
      break;
  }
  return std::nullopt;
}

}  // namespace ventus::functional
