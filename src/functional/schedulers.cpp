// The drivers of a launch (DESIGN.md §3): burst (default mode), REF's round robin
// (--ref-compat) and a seeded random order (testing); all step WorkGroups one
// warp-instruction at a time and handle the events they return.
#include <algorithm>
#include <random>

#include <fmt/format.h>

#include "functional/launch.hpp"
#include "functional/work_group_step.hpp"

namespace ventus::functional {
namespace {

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
    return group.make_fault(j, TrapKind::InstructionLimit,
                            fmt::format("{} warp-instructions executed (raise it with "
                                        "--max-instructions or run.max_warp_instructions)",
                                        limit_));
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

// Default mode: one group at a time; each warp runs until a barrier, its end or a burst.
template <class Policy>
std::optional<Fault> run_burst(Launch& launch, Driver<Policy>& driver, const LaunchHooks& hooks) {
  const uint32_t burst = launch.options().burst_instructions;
  while (WorkGroup* group = launch.dispatch(hooks)) {
    driver.group_started(*group);
    while (!group->finished()) {
      bool progressed = false;
      for (unsigned j = 0; j < group->warp_count(); ++j) {
        if (!group->steppable(j)) continue;
        progressed = true;
        // A warp runs until a barrier, its end or `burst` instructions; a printf event
        // is drained and the warp goes on.
        for (uint64_t left = burst; left > 0 && group->steppable(j);) {
          StepResult r;
          if (auto fault = driver.burst(*group, j, left, r)) return fault;
          if (r.status == StepStatus::Trapped) return group->fault_from_trap(j);
        }
      }
      if (!progressed) {
        return group->make_fault(0, TrapKind::BarrierDeadlock,
                                 "every live warp waits at a barrier that can never be released");
      }
    }
    launch.retire(*group);
  }
  return std::nullopt;
}

// --ref-compat: one group at a time, one instruction per warp in turn, REF's traps via
// mtvec, the tohost end, and hart 0 resumed once after the last warp ends (ISA.md §2.5).
template <class Policy>
std::optional<Fault> run_round_robin(Launch& launch, Driver<Policy>& driver, ExecObserver* observer,
                                     const LaunchHooks& hooks) {
  while (WorkGroup* group = launch.dispatch(hooks)) {
    driver.group_started(*group);
    bool resumed = false;
    bool done = false;
    while (!done) {
      for (unsigned j = 0; j < group->warp_count() && !done; ++j) {
        if (group->warps()[j].ended) continue;
        StepResult r;
        if (auto fault = driver.step(*group, j, r)) return fault;
        if (r.status == StepStatus::Finished) {
          // After the resume, the store is start.S's normal end of run (ISA.md §7.3).
          if (!resumed) launch.note_tohost_end(*group, j, r.pc);
          done = true;
        }
        if (r.status != StepStatus::Trapped) continue;
        if (auto fault = group->enter_ref_trap(j, observer)) return fault;
        launch.stats().add_ref_trap();
      }
      if (group->finished() && !done) {
        if (resumed) break;
        resumed = true;
        group->resume_first_warp();
      }
    }
    launch.retire(*group);
  }
  return std::nullopt;
}

// Testing: up to `random_live_groups` groups alive; every step picks a uniformly random
// steppable warp among them (seeded, so a failure can be replayed).
template <class Policy>
std::optional<Fault> run_random(Launch& launch, Driver<Policy>& driver, const LaunchHooks& hooks) {
  std::mt19937_64 rng(launch.options().random_seed);
  const uint32_t max_live = std::max(1u, launch.options().random_live_groups);
  std::vector<std::pair<WorkGroup*, unsigned>> ready;
  for (;;) {
    while (launch.live().size() < max_live) {
      WorkGroup* group = launch.dispatch(hooks);
      if (group == nullptr) break;
      driver.group_started(*group);
    }
    if (launch.live().empty()) return std::nullopt;
    ready.clear();
    for (auto& group : launch.live()) {
      for (unsigned j = 0; j < group->warp_count(); ++j) {
        if (group->steppable(j)) ready.emplace_back(group.get(), j);
      }
    }
    if (ready.empty()) {
      return launch.live().front()->make_fault(0, TrapKind::BarrierDeadlock,
                                               "no live warp can make progress");
    }
    auto [group, j] = ready[std::uniform_int_distribution<size_t>(0, ready.size() - 1)(rng)];
    StepResult r;
    if (auto fault = driver.step(*group, j, r)) return fault;
    if (r.status == StepStatus::Trapped) return group->fault_from_trap(j);
    if (group->finished()) launch.retire(*group);
  }
}

template <class Policy>
std::optional<Fault> drive(Launch& launch, ExecObserver* observer, const LaunchHooks& hooks) {
  Driver<Policy> driver(launch, observer);
  if (launch.options().mode == Mode::RefCompat) {
    return run_round_robin(launch, driver, observer, hooks);
  }
  if (launch.options().schedule == Schedule::Random) return run_random(launch, driver, hooks);
  return run_burst(launch, driver, hooks);
}

}  // namespace

namespace {

LaunchResult run_prepared(const LaunchConfig& config, const MachineShape& shape,
                          const EngineOptions& options, memory::DeviceMemory& global,
                          const memory::LocalMemory* local_layout, FunctionalStats& stats,
                          const LaunchDriver& driver) {
  LaunchResult result;
  Launch launch(config, shape, options, global, local_layout, stats);
  if (auto prepared = launch.prepare(); !prepared) {
    Fault fault;  // kind None: the launch could not start (Fault::message)
    fault.kernel = config.kernel_name;
    fault.detail = prepared.error().message;
    result.fault = std::move(fault);
    return result;
  }
  result.fault = driver(launch);
  while (!launch.live().empty()) launch.retire(*launch.live().front());  // after a fault
  result.ref_trap = launch.first_ref_trap();
  result.tohost_end = launch.tohost_end();
  result.memcheck = launch.memcheck_log().entries();
  result.stats = stats.summary();
  return result;
}

}  // namespace

LaunchResult run_launch(const LaunchConfig& config, const MachineShape& shape,
                        const EngineOptions& options, memory::DeviceMemory& global,
                        const memory::LocalMemory* local_layout, FunctionalStats& stats,
                        ExecObserver* observer, const LaunchHooks& hooks) {
  return run_prepared(config, shape, options, global, local_layout, stats,
                      [observer, &hooks](Launch& launch) {
                        return observer != nullptr ? drive<CommitPolicy>(launch, observer, hooks)
                                                   : drive<NoRecord>(launch, nullptr, hooks);
                      });
}

LaunchResult run_launch_driven(const LaunchConfig& config, const MachineShape& shape,
                               const EngineOptions& options, memory::DeviceMemory& global,
                               const memory::LocalMemory* local_layout, FunctionalStats& stats,
                               const LaunchDriver& driver) {
  return run_prepared(config, shape, options, global, local_layout, stats, driver);
}

}  // namespace ventus::functional
