// The burst scheduler on several host threads (docs/host-threads.md). Work-groups run in
// batches of chunks: a chunk is a run of consecutive groups that one task runs one after
// another on one PageOverlay (so a group sees the writes of the groups before it in the chunk,
// as in the serial order), against global memory as it was before the batch. Then, on one
// thread and in linear order, a chunk whose reads touch no byte an earlier chunk of the batch
// wrote commits its writes (it computed exactly what it would have computed after them), and
// any other chunk runs again. The result, statistics and faults are those of the serial burst
// scheduler, for every number of threads.
#include "functional/parallel_bursts.hpp"

#include <algorithm>
#include <optional>
#include <span>
#include <thread>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

namespace ventus::functional {
namespace {

// A run of consecutive work-groups speculated one after another on one overlay. Aligned to
// a cache line: chunks next to each other are written by different threads.
struct alignas(64) Chunk {
  std::unique_ptr<memory::PageOverlay> overlay;
  uint64_t first = 0;              // linear id of its first group
  unsigned size = 0;               // its groups
  std::vector<GroupCounters> ran;  // of the groups that ran, in order
  std::optional<Fault> fault;      // of the last group that ran, when it trapped
  uint64_t retired = 0;            // warp-instructions of all its groups
  bool stopped = false;  // a printf, an access outside every buffer or the instruction limit

  // True when committing its run gives what the serial run gives, once no earlier chunk of
  // the batch wrote what it read.
  bool committable(uint64_t budget) const { return !stopped && retired <= budget; }
};

// Runs `group` on the overlay of `c` until it ends, traps (the chunk's fault), or does
// something only a serial run can (then `stopped`). `budget`: instructions left before the
// launch's limit when the chunk started. False when the chunk ends with it.
bool run_speculatively(WorkGroup& group, Chunk& c, uint32_t burst, uint64_t budget) {
  unsigned warp = 0;
  const GroupEnd end =
      run_group_bursts(group, burst, warp, [&](unsigned j, uint64_t& left, StepResult& r) {
        if (c.retired >= budget) return false;
        uint64_t retired = 0;
        r = group.step_burst(j, std::min(left, budget - c.retired), retired);
        c.retired += retired;
        left -= std::min(left, retired);
        return !(r.status == StepStatus::Retired && r.event == WarpEvent::Print);
      });
  c.stopped = end == GroupEnd::Stopped || c.overlay->aborted();
  if (c.stopped) return false;
  c.ran.push_back(group.counters());
  if (end == GroupEnd::Trapped) c.fault = group.fault_from_trap(warp);
  if (end == GroupEnd::Deadlock) c.fault = deadlock_fault(group);
  return end == GroupEnd::Finished;
}

class ParallelBursts {
 public:
  ParallelBursts(Launch& launch, Driver<NoRecord>& driver, unsigned threads)
      : launch_(launch),
        driver_(driver),
        arena_(launch.options().speculation_storage != nullptr
                   ? launch.options().speculation_storage->arena(threads)
                   : own_arena_.emplace(arena_slots(threads))),
        caches_([&launch] { return DecodeCache(launch.global(), launch.options().profile); }),
        warps_(launch.config().numw),
        chunks_(kChunksPerThread * threads),
        counts_(launch.options().speculation != nullptr ? *launch.options().speculation
                                                        : unobserved_) {}
  ParallelBursts(const ParallelBursts&) = delete;
  ParallelBursts& operator=(const ParallelBursts&) = delete;
  ~ParallelBursts() {
    if (SpeculationStorage* storage = launch_.options().speculation_storage) {
      for (Chunk& c : chunks_) {
        if (c.overlay) storage->give_back(std::move(c.overlay));
      }
    }
  }

  std::optional<Fault> run() {
    while (next_ < launch_.group_count()) {
      const std::span<Chunk> batch = plan_batch();
      ++counts_.batches;
      counts_.chunks += batch.size();
      for (const Chunk& c : batch) counts_.chunk_groups += c.size;
      speculate(batch);
      unsigned reran = 0;
      if (auto fault = commit(batch, reran)) return fault;
      if (4 * reran > batch.size()) return run_rest_alone();  // the groups communicate: go serial
      chunk_ = reran != 0 ? std::max(1u, chunk_ / 2) : std::min(chunk_ * 2, kMaxChunk);
    }
    return std::nullopt;
  }

 private:
  uint64_t budget() const {
    return driver_.limit() == 0 ? ~uint64_t{0} : driver_.limit() - driver_.executed();
  }

  // The next chunks, of `chunk_` groups or, near the end of the launch, of an equal share of
  // what is left.
  std::span<Chunk> plan_batch() {
    const uint64_t left = launch_.group_count() - next_;
    const uint64_t count = std::min<uint64_t>(chunks_.size(), (left + chunk_ - 1) / chunk_);
    const uint64_t size = std::min<uint64_t>(chunk_, (left + count - 1) / count);
    uint64_t first = next_;
    for (uint64_t i = 0; i < count; ++i) {
      if (!chunks_[i].overlay) chunks_[i].overlay = new_overlay();
      chunks_[i].first = first;
      chunks_[i].size = static_cast<unsigned>(std::min(size, launch_.group_count() - first));
      first += chunks_[i].size;
      if (chunks_[i].size == 0) return {chunks_.data(), i};
    }
    return {chunks_.data(), static_cast<size_t>(count)};
  }

  // An overlay of global memory for a chunk, from the caller's storage when it keeps one.
  // On this thread only: the storage is not shared with the speculating threads.
  std::unique_ptr<memory::PageOverlay> new_overlay() {
    if (SpeculationStorage* storage = launch_.options().speculation_storage) {
      return storage->take(launch_.global());
    }
    return std::make_unique<memory::PageOverlay>(launch_.global());
  }

  // This thread's group, restarted as group `linear` on `overlay`: a group's storage (33 KiB
  // of vector registers per warp) is allocated once per thread and launch, not once per group
  // or chunk (allocating on several threads at once is slow).
  WorkGroup& start_group(uint64_t linear, memory::PageOverlay& overlay) {
    std::unique_ptr<WorkGroup>& group = groups_.local();
    if (group) {
      group->restart(static_cast<uint32_t>(linear), launch_.burst_slot(linear));
    } else {
      group = launch_.make_burst_group(linear);
    }
    group->set_code(caches_.local());
    group->set_overlay(&overlay);
    return *group;
  }

  // Runs groups [first, first + size) of `c` one after another on its emptied overlay,
  // until one does not finish.
  void run_chunk(Chunk& c, uint64_t first, unsigned size, uint64_t budget) {
    c.overlay->reset();
    c.first = first;
    c.size = size;
    c.ran.clear();
    c.fault.reset();
    c.retired = 0;
    c.stopped = false;
    const uint32_t burst = launch_.options().burst_instructions;
    for (uint64_t linear = first; linear < first + size; ++linear) {
      if (!run_speculatively(start_group(linear, *c.overlay), c, burst, budget)) return;
    }
  }

  // Global memory does not change while the batch runs.
  void speculate(std::span<Chunk> batch) {
    const uint64_t budget = this->budget();
    arena_.execute([&] {
      tbb::parallel_for(
          tbb::blocked_range<size_t>(0, batch.size(), 1),
          [&](const tbb::blocked_range<size_t>& range) {
            for (size_t i = range.begin(); i != range.end(); ++i) {
              run_chunk(batch[i], batch[i].first, batch[i].size, budget);
            }
          },
          tbb::simple_partitioner());
    });
  }

  // In linear order: each chunk commits, or runs again (counted in `reran`). A chunk with a
  // group that stopped goes group by group; a group that stops runs alone, serially, which
  // may change global memory under the later chunks of the batch: they are dropped and their
  // groups start again in the next batch.
  std::optional<Fault> commit(std::span<Chunk> batch, unsigned& reran) {
    memory::WrittenBytes written;
    for (Chunk& c : batch) {
      if (!c.stopped && c.overlay->read_any_of(written)) {
        ++reran;
        ++counts_.reruns;
        run_chunk(c, c.first, c.size, budget());  // after the commits before it: no conflict
      }
      if (!c.committable(budget())) {
        reran = static_cast<unsigned>(batch.size());
        return group_by_group(c, written);
      }
      if (auto fault = commit_chunk(c, written)) return fault;
    }
    return std::nullopt;
  }

  // Copies the chunk's writes to global memory and retires its groups; the fault of its last
  // group, if it trapped.
  std::optional<Fault> commit_chunk(Chunk& c, memory::WrittenBytes& written) {
    c.overlay->commit(launch_.global(), written);
    driver_.add_executed(c.retired);
    for (const GroupCounters& counters : c.ran) {
      launch_.retire_counters(counters, warps_, launch_.burst_sm(next_++));
    }
    return c.fault;
  }

  // The groups of a chunk that cannot commit whole (a group stopped, or the limit falls
  // inside it), each run and committed alone up to the one that stops, which runs serially;
  // the launch goes on after it.
  std::optional<Fault> group_by_group(Chunk& c, memory::WrittenBytes& written) {
    const uint64_t end = c.first + c.size;
    for (uint64_t linear = c.first; linear < end; ++linear) {
      run_chunk(c, linear, 1, budget());
      if (!c.committable(budget())) return run_alone(next_++);
      if (auto fault = commit_chunk(c, written)) return fault;
    }
    return std::nullopt;
  }

  // After a batch where more than a quarter of the chunks ran again, the rest of the launch
  // runs serially: its groups communicate through memory, and speculating costs more.
  std::optional<Fault> run_rest_alone() {
    while (next_ < launch_.group_count()) {
      if (auto fault = run_alone(next_++)) return fault;
    }
    return std::nullopt;
  }

  // The serial burst scheduler's run of one group, on this thread, on global memory.
  std::optional<Fault> run_alone(uint64_t linear) {
    ++counts_.alone;
    auto group = launch_.make_burst_group(linear);
    group->set_code(caches_.local());
    auto fault = run_group_serially(launch_, *group, driver_);
    launch_.retire_detached(*group, launch_.burst_sm(linear));
    return fault;
  }

  Launch& launch_;
  Driver<NoRecord>& driver_;
  std::optional<tbb::task_arena> own_arena_;  // without a caller's storage: this launch's
  tbb::task_arena& arena_;
  tbb::enumerable_thread_specific<DecodeCache> caches_;
  unsigned warps_;             // per work-group
  std::vector<Chunk> chunks_;  // the chunks of a batch, reused batch after batch
  // One per thread; after the decode caches and overlays they use, so destroyed before them.
  tbb::enumerable_thread_specific<std::unique_ptr<WorkGroup>> groups_;
  uint64_t next_ = 0;  // the next group to commit
  unsigned chunk_ = kFirstChunk;
  SpeculationCounts unobserved_;
  SpeculationCounts& counts_;  // the caller's (EngineOptions::speculation) or unobserved_
};

}  // namespace

std::unique_ptr<memory::PageOverlay> SpeculationStorage::take(const memory::DeviceMemory& global) {
  while (!overlays_.empty()) {
    std::unique_ptr<memory::PageOverlay> overlay = std::move(overlays_.back());
    overlays_.pop_back();
    if (!overlay->overlays(global)) continue;  // another memory's: dropped
    return overlay;                            // run_chunk empties it
  }
  return std::make_unique<memory::PageOverlay>(global);
}

void SpeculationStorage::give_back(std::unique_ptr<memory::PageOverlay> overlay) {
  overlays_.push_back(std::move(overlay));
}

tbb::task_arena& SpeculationStorage::arena(unsigned threads) {
  if (!arena_ || arena_->max_concurrency() != arena_slots(threads)) {
    arena_ = std::make_unique<tbb::task_arena>(arena_slots(threads));
  }
  return *arena_;
}

// TBB runs at most as many threads as it has: an arena asking for more printed a raw "TBB
// Warning" (issue 54, --host-threads 64). The work is still cut for `threads` (the results do
// not depend on it, docs/host-threads.md); only fewer chunks run at once.
int arena_slots(unsigned threads) {
  return static_cast<int>(std::min<unsigned>(
      threads, static_cast<unsigned>(std::max(1, tbb::info::default_concurrency()))));
}

unsigned host_threads(const EngineOptions& options) {
  if (options.host_threads != 0) return options.host_threads;
  return std::max(1u, std::thread::hardware_concurrency());
}

std::optional<Fault> run_parallel_bursts(Launch& launch, Driver<NoRecord>& driver,
                                         unsigned threads) {
  return ParallelBursts(launch, driver, threads).run();
}

}  // namespace ventus::functional
