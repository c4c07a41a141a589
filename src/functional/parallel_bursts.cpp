// The burst scheduler on several host threads (docs/host-threads.md). Work-groups run in
// batches: every group of a batch runs on its own PageOverlay against global memory as it
// was before the batch; then, on one thread and in linear order, a group whose reads touch
// no byte an earlier group of the batch wrote commits its writes (it computed exactly what it
// would have computed after them), and any other group runs again. The result, statistics
// and faults are those of the serial burst scheduler, for every number of threads.
#include "functional/parallel_bursts.hpp"

#include <algorithm>
#include <span>
#include <thread>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace ventus::functional {
namespace {

// One work-group's speculative run.
struct Speculation {
  std::unique_ptr<memory::PageOverlay> overlay;  // declared first: outlives the group using it
  std::unique_ptr<WorkGroup> group;
  GroupEnd end = GroupEnd::Stopped;
  unsigned warp = 0;
  uint64_t retired = 0;
  bool stopped = false;  // a printf, an access outside every buffer or the instruction limit
};

// Runs `s.group` on its overlay until it ends, traps, or does something only a serial run
// can (then `stopped`). `budget`: instructions left before the launch's limit.
void run_speculatively(Speculation& s, uint32_t burst, uint64_t budget) {
  WorkGroup& group = *s.group;
  s.end = run_group_bursts(group, burst, s.warp, [&](unsigned j, uint64_t& left, StepResult& r) {
    if (s.retired >= budget) return false;
    uint64_t retired = 0;
    r = group.step_burst(j, std::min(left, budget - s.retired), retired);
    s.retired += retired;
    left -= std::min(left, retired);
    return !(r.status == StepStatus::Retired && r.event == WarpEvent::Print);
  });
  s.stopped = s.end == GroupEnd::Stopped || s.overlay->aborted();
}

// Groups per thread in a batch at most: every group of a batch is alive at once, and a
// group's registers (33 KiB per warp) stay in the host's caches only when few are.
constexpr unsigned kMaxBatchPerThread = 8;

class ParallelBursts {
 public:
  ParallelBursts(Launch& launch, Driver<NoRecord>& driver, unsigned threads)
      : launch_(launch),
        driver_(driver),
        threads_(threads),
        arena_(static_cast<int>(threads)),
        caches_([&launch] { return DecodeCache(launch.global()); }),
        batch_(2 * threads) {}

  std::optional<Fault> run() {
    while (next_ < launch_.group_count()) {
      const auto count =
          static_cast<size_t>(std::min<uint64_t>(batch_, launch_.group_count() - next_));
      if (slots_.size() < count) slots_.resize(count);
      const std::span<Speculation> batch(slots_.data(), count);
      speculate(batch);
      unsigned reran = 0;
      if (auto fault = commit(batch, reran)) return fault;
      if (4 * reran > count) return run_rest_alone();  // the groups communicate: go serial
      batch_ = reran != 0 ? std::max(threads_, batch_ / 2)
                          : std::min(batch_ * 2, kMaxBatchPerThread * threads_);
    }
    return std::nullopt;
  }

 private:
  uint64_t budget() const {
    return driver_.limit() == 0 ? ~uint64_t{0} : driver_.limit() - driver_.executed();
  }

  // Reuses the slot's group and overlay when it has them: a group's storage is allocated once
  // per slot, not once per group (allocating on several threads at once is slow).
  void start(Speculation& s, uint64_t linear) {
    const uint32_t slot = launch_.burst_slot(linear);
    if (s.group) {
      s.overlay->reset();
      s.group->restart(static_cast<uint32_t>(linear), slot);
    } else {
      s.overlay = std::make_unique<memory::PageOverlay>(launch_.global());
      s.group = launch_.make_group(static_cast<uint32_t>(linear), slot);
    }
    s.group->set_code(caches_.local());
    s.group->set_overlay(s.overlay.get());
    s.end = GroupEnd::Stopped;
    s.warp = 0;
    s.retired = 0;
    s.stopped = false;
  }

  // Global memory does not change while the batch runs.
  void speculate(std::span<Speculation> batch) {
    const uint64_t first = next_, budget = this->budget();
    const uint32_t burst = launch_.options().burst_instructions;
    arena_.execute([&] {
      tbb::parallel_for(size_t{0}, batch.size(), [&](size_t i) {
        start(batch[i], first + i);
        run_speculatively(batch[i], burst, budget);
      });
    });
  }

  // In linear order: commit, or run again (counted in `reran`). A group whose speculative
  // run stopped runs alone, serially, which may change global memory under the later groups of
  // the batch: they are dropped and start again in the next batch.
  std::optional<Fault> commit(std::span<Speculation> batch, unsigned& reran) {
    memory::WrittenBytes written;
    for (Speculation& s : batch) {
      const uint64_t linear = next_++;
      if (!s.stopped && s.overlay->read_any_of(written)) {
        ++reran;
        start(s, linear);  // again, after the commits before it: no conflict is possible
        run_speculatively(s, launch_.options().burst_instructions, budget());
      }
      if (s.stopped || (driver_.limit() != 0 && s.retired > budget())) {
        reran = static_cast<unsigned>(batch.size());
        return run_alone(linear);
      }
      s.overlay->commit(launch_.global(), written);
      driver_.add_executed(s.retired);
      launch_.retire_detached(*s.group, launch_.burst_sm(linear));
      if (auto fault = fault_of(s)) return fault;
    }
    return std::nullopt;
  }

  // After a batch where more than a quarter of the groups ran again, the rest of the launch
  // runs serially: its groups communicate through memory, and speculating costs more.
  std::optional<Fault> run_rest_alone() {
    while (next_ < launch_.group_count()) {
      if (auto fault = run_alone(next_++)) return fault;
    }
    return std::nullopt;
  }

  // The serial burst scheduler's run of one group, on this thread, on global memory.
  std::optional<Fault> run_alone(uint64_t linear) {
    auto group = launch_.make_group(static_cast<uint32_t>(linear), launch_.burst_slot(linear));
    group->set_code(caches_.local());
    auto fault = run_group_serially(launch_, *group, driver_);
    launch_.retire_detached(*group, launch_.burst_sm(linear));
    return fault;
  }

  static std::optional<Fault> fault_of(const Speculation& s) {
    switch (s.end) {
      case GroupEnd::Trapped:
        return s.group->fault_from_trap(s.warp);
      case GroupEnd::Deadlock:
        return deadlock_fault(*s.group);
      default:
        return std::nullopt;
    }
  }

  Launch& launch_;
  Driver<NoRecord>& driver_;
  unsigned threads_;
  tbb::task_arena arena_;
  tbb::enumerable_thread_specific<DecodeCache> caches_;
  std::vector<Speculation> slots_;  // one per group of the batch, reused batch after batch
  uint64_t next_ = 0;               // the next group to commit
  unsigned batch_;
};

}  // namespace

unsigned host_threads(const EngineOptions& options) {
  if (options.host_threads != 0) return options.host_threads;
  return std::max(1u, std::thread::hardware_concurrency());
}

std::optional<Fault> run_parallel_bursts(Launch& launch, Driver<NoRecord>& driver,
                                         unsigned threads) {
  return ParallelBursts(launch, driver, threads).run();
}

}  // namespace ventus::functional
