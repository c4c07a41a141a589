// The drivers of a launch (DESIGN.md §3): burst (default mode), REF's round robin
// (--ref-compat) and a seeded random order (testing); all step WorkGroups one
// warp-instruction at a time and handle the events they return.
#include <algorithm>
#include <random>

#include <fmt/format.h>

#include "functional/burst_driver.hpp"
#include "functional/launch.hpp"
#include "functional/parallel_bursts.hpp"
#include "functional/sanitize/sanitized_launch.hpp"

namespace ventus::functional {
namespace {

// Default mode: one group at a time; each warp runs until a barrier, its end or a burst.
template <class Policy>
std::optional<Fault> run_burst(Launch& launch, Driver<Policy>& driver, const LaunchHooks& hooks) {
  while (WorkGroup* group = launch.dispatch(hooks)) {
    if (auto fault = run_group_serially(launch, *group, driver)) return fault;
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
  if constexpr (!Policy::kCommit) {
    const unsigned threads = host_threads(launch.options());
    if (threads > 1 && launch.group_count() > 1 && !hooks.before_group) {
      return run_parallel_bursts(launch, driver, threads);
    }
  }
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
  if (options.defined_global != nullptr) options.defined_global->define_all();
  return result;
}

}  // namespace

LaunchResult run_launch(const LaunchConfig& config, const MachineShape& shape,
                        const EngineOptions& options, memory::DeviceMemory& global,
                        const memory::LocalMemory* local_layout, FunctionalStats& stats,
                        ExecObserver* observer, const LaunchHooks& hooks) {
  if (options.sanitize.checks != 0 && options.mode == Mode::Default) {
    return run_sanitized_launch(config, shape, options, global, local_layout, stats, observer,
                                hooks);
  }
  return run_prepared(config, shape, options, global, local_layout, stats,
                      [observer, &hooks](Launch& launch) {
                        return observer != nullptr ? drive<CommitPolicy>(launch, observer, hooks)
                                                   : drive<NoRecord>(launch, nullptr, hooks);
                      });
}

std::optional<Fault> run_groups_in_bursts(Launch& launch, const LaunchHooks& hooks) {
  Driver<NoRecord> driver(launch, nullptr);
  return run_burst(launch, driver, hooks);
}

LaunchResult run_launch_driven(const LaunchConfig& config, const MachineShape& shape,
                               const EngineOptions& options, memory::DeviceMemory& global,
                               const memory::LocalMemory* local_layout, FunctionalStats& stats,
                               const LaunchDriver& driver) {
  return run_prepared(config, shape, options, global, local_layout, stats, driver);
}

}  // namespace ventus::functional
