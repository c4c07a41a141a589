// The burst scheduler on several host threads: work-groups run speculatively in parallel and
// commit in linear order, so every result equals the serial run's (docs/host-threads.md).
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include <tbb/task_arena.h>

#include "functional/burst_driver.hpp"
#include "memory/page_overlay.hpp"

namespace ventus::functional {

// The shape of speculation (docs/host-threads.md), here for the tests that place work-groups
// in chunks: a batch has kChunksPerThread chunks per thread; a launch's first chunks hold
// kFirstChunk work-groups, doubling after every batch without conflicts up to kMaxChunk and
// halving after a conflict.
inline constexpr unsigned kChunksPerThread = 4;
inline constexpr unsigned kFirstChunk = 4;
inline constexpr unsigned kMaxChunk = 32;

// What the parallel scheduler keeps from one launch to the next when the caller holds one
// (EngineOptions::speculation_storage; a device does): the chunks' overlays with the page
// copies and byte maps they allocated, and the task arena. Allocating overlays again in every
// launch, on several threads at once, and freeing them on one, cost a few per cent of short
// launches; a new arena in every launch let the worker thread join the first batch about
// 70 µs late (docs/host-threads.md).
class SpeculationStorage {
 public:
  // An overlay of `global` (kept, or new).
  std::unique_ptr<memory::PageOverlay> take(const memory::DeviceMemory& global);
  void give_back(std::unique_ptr<memory::PageOverlay> overlay);
  // The arena of `threads` threads (kept from the last launch when it had as many).
  tbb::task_arena& arena(unsigned threads);

 private:
  std::vector<std::unique_ptr<memory::PageOverlay>> overlays_;
  std::unique_ptr<tbb::task_arena> arena_;
};

// The number of host threads `options` asks for (0 = every core).
unsigned host_threads(const EngineOptions& options);
// The slots of an arena for `threads` host threads: no more than TBB runs.
int arena_slots(unsigned threads);

// Runs every work-group of `launch` (nothing dispatched yet) on `threads` host threads.
std::optional<Fault> run_parallel_bursts(Launch& launch, Driver<NoRecord>& driver,
                                         unsigned threads);

}  // namespace ventus::functional
