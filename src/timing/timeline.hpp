// Timeline: the `--timeline` file of the cycle model (docs/timeline.md), in the Trace Event
// Format that Perfetto and chrome://tracing open: one process per SM, one thread per warp slot
// with a slice per issued instruction and per run of cycles in one stall state, work-group
// dispatch and end markers, and counter tracks (IPC, L1D misses in flight, memory port busy).
// One timestamp unit is one cycle; the launches of a run follow each other on one time axis.
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

// What the SM tells the timeline about one issued instruction.
struct IssuedInsn {
  uint32_t pc = 0;
  std::string_view mnemonic;
};

class Timeline {
 public:
  // Creates the file; an error names it and says why it cannot be written.
  static Result<std::unique_ptr<Timeline>> create(const TimelineOptions& options);
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

 private:
  struct Run {
    SlotState state = SlotState::Idle;
    uint64_t start = 0;  // run-wide
    uint64_t length = 0;
  };
  Timeline(TimelineOptions options, std::FILE* file);
  bool in_window(uint64_t ts, uint64_t length = 1) const;
  bool slot_shown(unsigned slot) const;
  void flush_run(unsigned sm, unsigned slot);
  void write_event(const std::string& json);
  void write_metadata(unsigned sm_count, unsigned warp_slots);

  TimelineOptions options_;
  std::FILE* file_;
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
