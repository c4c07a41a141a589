// Timeline: the `--timeline` file of the cycle model (docs/timeline.md), in the Trace Event
// Format that Perfetto and chrome://tracing open: one process per SM, one thread per warp slot
// with a slice per issued instruction and per run of cycles in one stall state, work-group
// dispatch and end markers, and counter tracks (IPC, L1D misses in flight, memory port busy).
// One timestamp unit is one cycle; the launches of a run follow each other on one time axis.
// A timeline can also be kept in memory (Timeline::record) and written later with any window
// and slots (TimelineRecording::write): the Python module's Launch.write_timeline.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "timing/slot_state.hpp"

namespace ventus::timing {

struct TimelineOptions {
  std::string path;
  uint64_t from = 0;                 // first cycle written (run-wide time)
  uint64_t to = 0;                   // last cycle written; 0 = to the end
  std::vector<unsigned> warp_slots;  // slots whose slices are written; empty = every slot
  uint64_t window = 64;              // cycles per counter sample
};

// Where an event sits, which decides whether a bounded file shows it: its cycles (when it is
// timed) and its warp slot (-1: none, such as a counter or a process name).
struct EventPlace {
  uint64_t ts = 0;
  uint64_t length = 1;
  int32_t slot = -1;
  bool timed = true;
};
// Whether a file written with `options` (from, to, warp_slots) shows an event at `place`.
bool shown(const TimelineOptions& options, const EventPlace& place);

// The events of a timeline kept in memory, each with its place: about 150 bytes per event.
class TimelineRecording {
 public:
  // Writes the events that `options` (path, from, to, warp_slots) shows as a timeline file;
  // options.window is the recording's own (its counter samples are already taken).
  Status write(const TimelineOptions& options) const;
  size_t events() const { return events_.size(); }

 private:
  friend class Timeline;
  struct Event {
    EventPlace place;
    std::string json;
  };
  std::vector<Event> events_;
};

// What the SM tells the timeline about one issued instruction.
struct IssuedInsn {
  uint32_t pc = 0;
  std::string_view mnemonic;
};

class Timeline {
 public:
  // Creates the file; an error names it and says why it cannot be written.
  static Result<std::unique_ptr<Timeline>> create(const TimelineOptions& options);
  // A timeline kept in memory, every event of it (no window, every slot), with counter
  // samples every `window` cycles; recording() holds it.
  static Result<std::unique_ptr<Timeline>> record(uint64_t window);
  ~Timeline();
  Timeline(const Timeline&) = delete;
  Timeline& operator=(const Timeline&) = delete;

  // A launch starts at the current end of the time axis.
  void begin_launch(std::string_view name, unsigned sm_count, unsigned warp_slots);
  // Warp slot `slot` of SM `sm` was in `state` for `cycles` cycles from launch cycle `cycle`;
  // `issued` describes the instruction when the state is Issued (one cycle).
  void slot_cycles(unsigned sm, unsigned slot, uint64_t cycle, uint64_t cycles, SlotState state,
                   const IssuedInsn* issued);
  // An instant on SM `sm` (work-group dispatch and end).
  void marker(unsigned sm, uint64_t cycle, std::string_view name);
  // Counter samples due up to launch cycle `cycle`: per SM the L1D misses in flight now;
  // `port_busy_cycles` is the memory port's cumulative busy count.
  void sample(uint64_t cycle, const std::vector<uint64_t>& l1d_misses, uint64_t port_busy_cycles);
  // The launch took `cycles` cycles: open slices end, the next launch starts after them.
  void end_launch(uint64_t cycles);
  // Closes the JSON document; an error when anything could not be written.
  Status finish();
  const std::string& path() const { return options_.path; }
  // The events so far of a timeline made by record() (null for a file's).
  std::shared_ptr<const TimelineRecording> recording() const { return recording_; }

 private:
  struct Run {
    SlotState state = SlotState::Idle;
    uint64_t start = 0;  // run-wide
    uint64_t length = 0;
  };
  friend class TimelineRecording;
  Timeline(TimelineOptions options, std::FILE* file);
  // Records the event and writes it to the file when the file shows it; `make` builds its
  // JSON text only when one of them wants it.
  template <class MakeJson>
  void emit(const EventPlace& place, MakeJson make);
  void flush_run(unsigned sm, unsigned slot);
  void write_event(const std::string& json);
  void write_metadata(unsigned sm_count, unsigned warp_slots);

  TimelineOptions options_;
  std::FILE* file_;  // null for a recording
  std::shared_ptr<TimelineRecording> recording_;
  bool first_event_ = true;
  bool finished_ = false;
  bool write_failed_ = false;
  int write_errno_ = 0;  // the first failed write's reason
  uint64_t offset_ = 0;  // run-wide cycle of the current launch's cycle 0
  unsigned sm_count_ = 0, warp_slots_ = 0, named_sms_ = 0, named_slots_ = 0;
  std::vector<Run> runs_;             // per sm * warp_slots + slot
  std::vector<uint64_t> issued_;      // per SM: issued in the current window
  uint64_t next_sample_ = 0;          // launch cycle of the next counter sample
  uint64_t port_busy_at_window_ = 0;  // port busy count at the window's start
};

}  // namespace ventus::timing
