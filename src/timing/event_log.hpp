// EventLog: the `--events` file of the cycle model (docs/timing.md "Event log"): one line per
// event of a launch, named as the RTL test bench's event monitor names them (TIMING.md §14:
// DISPATCH, IFETCH, OC_IN, ISSUE, WB_X/WB_V, WARP_END, L1D_REQ/RSP, SM_MEM_REQ/RSP, AXI_AR/AW,
// WG_DONE, L2_FLUSH_DONE), with the launch cycle first, so that a model run and an RTL trace
// of the same launch can be set side by side and diffed.
#pragma once

#include <cstdint>
#include <cstdio>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "common/result.hpp"

namespace ventus::timing {

class EventLog {
 public:
  // A launch's events kept in memory before they are sorted into a temporary file: a launch of
  // any length logs in bounded memory (its runs are merged at its end).
  static constexpr size_t kDefaultMemoryBytes = size_t{64} << 20;

  // Creates the file; an error names it and says why it cannot be written.
  static Result<std::unique_ptr<EventLog>> create(const std::string& path,
                                                  size_t memory_bytes = kDefaultMemoryBytes);
  ~EventLog();
  EventLog(const EventLog&) = delete;
  EventLog& operator=(const EventLog&) = delete;

  // A launch starts: its events count their cycles from its start (TIMING.md §2's count).
  void begin_launch(std::string_view name);
  // `event` at launch cycle `cycle`; `fields` are "key=value" words. Some events are known
  // before their cycle (a work-group's end, a port transaction decided late), so a launch's
  // events are kept and written at its end in cycle order, and within a cycle by name and
  // fields: the same run gives the same file whichever cycles the model skipped. Past the
  // memory budget the kept events go, sorted, to a temporary file (a run).
  void add(uint64_t cycle, std::string_view event, std::string fields);
  // The launch ended after `cycles` cycles: its events are written, then KERNEL_END.
  void end_launch(uint64_t cycles);
  // A fault stopped the launch at `cycle`: its events are written, then KERNEL_FAULT (the
  // model's own event: the launch has no count, TIMING.md §2).
  void stop_launch(uint64_t cycle);
  // Closes the file; an error when anything could not be written.
  Status finish();
  const std::string& path() const { return path_; }

 private:
  void write_events();
  struct Event {
    uint64_t cycle;
    std::string_view name;  // one of the static event names
    std::string fields;
  };
  EventLog(std::string path, std::FILE* file, size_t memory_bytes)
      : path_(std::move(path)), file_(file), memory_bytes_(memory_bytes) {}
  void write(const std::string& line) { write_to(file_, line); }
  void write_to(std::FILE* file, const std::string& line);
  void sort_events();
  void spill();
  void merge_runs();
  void drop_runs();
  void fail(std::string why);

  std::string path_;
  std::FILE* file_;
  size_t memory_bytes_;
  std::vector<Event> events_;     // the current launch's, not yet in a run
  size_t kept_bytes_ = 0;         // about what events_ holds
  std::vector<std::FILE*> runs_;  // the current launch's sorted runs (temporary files)
  bool finished_ = false;
  std::string error_;  // the first write or temporary-file failure
};

// Where a component's events go: the log (null: none) and the SM they belong to, which
// every line of an SM's event names first.
struct EventSink {
  EventLog* log = nullptr;
  int sm = -1;  // -1: the memory system's events

  explicit operator bool() const { return log != nullptr; }
  // Out of line and cold: the model's hot stages only test the pointer (inlined formatting
  // made the test bench's ALU benchmark 8 % slower).
  template <class... Args>
  [[gnu::cold, gnu::noinline]] void add(uint64_t cycle, std::string_view event,
                                        fmt::format_string<Args...> fields, Args&&... args) const {
    std::string text = sm < 0 ? std::string() : fmt::format("sm={} ", sm);
    fmt::format_to(std::back_inserter(text), fields, std::forward<Args>(args)...);
    log->add(cycle, event, std::move(text));
  }
};

}  // namespace ventus::timing
