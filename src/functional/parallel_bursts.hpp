// The burst scheduler on several host threads: work-groups run speculatively in parallel and
// commit in linear order, so every result equals the serial run's (docs/host-threads.md).
#pragma once

#include <optional>

#include "functional/burst_driver.hpp"

namespace ventus::functional {

// The shape of speculation (docs/host-threads.md), here for the tests that place work-groups
// in chunks: a batch has kChunksPerThread chunks per thread; a launch's first chunks hold
// kFirstChunk work-groups, doubling after every batch without conflicts up to kMaxChunk and
// halving after a conflict.
inline constexpr unsigned kChunksPerThread = 4;
inline constexpr unsigned kFirstChunk = 4;
inline constexpr unsigned kMaxChunk = 32;

// The number of host threads `options` asks for (0 = every core).
unsigned host_threads(const EngineOptions& options);

// Runs every work-group of `launch` (nothing dispatched yet) on `threads` host threads.
std::optional<Fault> run_parallel_bursts(Launch& launch, Driver<NoRecord>& driver,
                                         unsigned threads);

}  // namespace ventus::functional
