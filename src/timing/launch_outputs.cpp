// close_launch: a launch's end on the timeline and in the event log, counted or stopped.
#include "timing/gpu_model.hpp"

namespace ventus::timing {

void close_launch(const TimingResult& result, Timeline* timeline, EventLog* log) {
  const uint64_t span = result.stopped_at ? *result.stopped_at + 1 : result.cycles;
  if (timeline != nullptr) timeline->end_launch(span);
  if (log == nullptr) return;
  if (result.stopped_at) {
    log->stop_launch(*result.stopped_at);
  } else {
    log->end_launch(result.cycles);
  }
}

}  // namespace ventus::timing
