// The burst scheduler on several host threads: work-groups run speculatively in parallel and
// commit in linear order, so every result equals the serial run's (docs/host-threads.md).
#pragma once

#include <optional>

#include "functional/burst_driver.hpp"

namespace ventus::functional {

// The number of host threads `options` asks for (0 = every core).
unsigned host_threads(const EngineOptions& options);

// Runs every work-group of `launch` (nothing dispatched yet) on `threads` host threads.
std::optional<Fault> run_parallel_bursts(Launch& launch, Driver<NoRecord>& driver,
                                         unsigned threads);

}  // namespace ventus::functional
