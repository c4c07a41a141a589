// ProgressLine: the one-line progress indicator `case`, `run` and `demo` draw on standard error
// when it is a terminal (README); nothing when it is not, so logs and tests are unchanged.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

#include "functional/progress.hpp"

namespace ventus::tools {

class ProgressLine {
 public:
  using Clock = std::chrono::steady_clock;

  // Draws on standard error when it is a terminal (and VENTUS_PROGRESS is not "0").
  static ProgressLine for_stderr();
  // Draws on `out` when `enabled`, once `delay` has passed since construction, at most every
  // `interval` (the observer reads the clock, the line is drawn rarely).
  ProgressLine(std::FILE* out, bool enabled,
               std::chrono::milliseconds delay = std::chrono::milliseconds(1000),
               std::chrono::milliseconds interval = std::chrono::milliseconds(100));
  ProgressLine(ProgressLine&&) = default;
  ~ProgressLine() { erase(); }

  // An observer drawing the samples behind `label` (e.g. the demo's kernel); empty when the
  // line is disabled, so the engines do not even call one. `this` must outlive it.
  functional::ProgressObserver observer(std::string label = {});
  // Erases the line if it is drawn: before other output to the terminal, and at the end.
  void erase();

 private:
  void sample(const std::string& label, const functional::LaunchProgress& progress);
  std::string text(const std::string& label, const functional::LaunchProgress& progress,
                   Clock::time_point now) const;

  std::FILE* out_;
  bool enabled_;
  std::chrono::milliseconds delay_, interval_;
  Clock::time_point start_, next_draw_;
  bool drawn_ = false;
  // The launch being drawn: its first sample (the rates count from there) and its last cycle
  // (samples after a work-group carry none).
  uint32_t launch_ = ~0u;
  uint64_t last_done_ = 0, first_done_ = 0, first_cycle_ = 0;
  Clock::time_point launch_start_;
  uint64_t cycle_ = 0;
  bool timed_ = false;
};

}  // namespace ventus::tools
