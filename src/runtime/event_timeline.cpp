// Event::write_timeline: a timed launch's kept timeline written as a bounded --timeline file.
#include <fmt/format.h>

#include "runtime/timeline_config.hpp"
#include "timing/timeline.hpp"
#include "ventus/runtime.hpp"

namespace ventus {

Status Event::write_timeline(const std::string& path, const TimelineWindow& window) const {
  if (!timeline_) {
    return Error{
        "this launch kept no timeline: it takes a timed launch (run.timing) with "
        "record_timeline set"};
  }
  if (auto checked = check_timeline_cycles(window.from, window.to); !checked) return checked;
  timing::TimelineOptions options;
  options.path = path;
  options.from = window.from;
  options.to = window.to;
  options.warp_slots = window.slots;
  return timeline_->write(options);
}

}  // namespace ventus
