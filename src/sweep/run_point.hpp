// One point of a sweep, run as a `ventus` subprocess under the plan's limits, its outcome
// written as OUT/points/<hash>/point.json (`ventus sweep run-point OUT INDEX`).
#pragma once

#include <cstddef>
#include <string>

#include "common/result.hpp"
#include "sweep/manifest.hpp"

namespace ventus::sweep {

struct RunPointRequest {
  std::string out;
  size_t index = 0;
  RerunPolicy policy = RerunPolicy::Resume;
  std::string ventus;  // the binary the point runs (the one running this)
};

enum class RunPointOutcome { AlreadyDone, Recorded, Interrupted };

// Recorded: point.json holds the status (ok, guest_fault, timeout, memory_limit, tool_error).
// Interrupted: SIGINT or SIGTERM arrived (Ctrl-C, an executor stopping, scancel); the child
// was killed and no point.json was written, so the point stays incomplete and runs again.
Result<RunPointOutcome> run_point(const RunPointRequest& request);

}  // namespace ventus::sweep
