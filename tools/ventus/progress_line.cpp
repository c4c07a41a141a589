// ProgressLine: the one-line progress indicator of long runs, redrawn in place on a terminal.
#include "progress_line.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

namespace ventus::tools {
namespace {

// "1.23 M" for a per-second rate.
std::string rate_text(double per_second) {
  if (per_second >= 1e6) return fmt::format("{:.2f} M", per_second / 1e6);
  if (per_second >= 1e3) return fmt::format("{:.1f} k", per_second / 1e3);
  return fmt::format("{:.0f}", per_second);
}

// The terminal's width (80 when it does not say): a longer line would wrap, and \r would then
// redraw only its last row.
size_t columns(std::FILE* out) {
  winsize size{};
  if (ioctl(fileno(out), TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 80;
}

}  // namespace

ProgressLine ProgressLine::for_stderr() {
  const char* setting = std::getenv("VENTUS_PROGRESS");
  const bool off = setting != nullptr && std::strcmp(setting, "0") == 0;
  return ProgressLine(stderr, !off && isatty(fileno(stderr)) != 0);
}

ProgressLine::ProgressLine(std::FILE* out, bool enabled, std::chrono::milliseconds delay,
                           std::chrono::milliseconds interval)
    : out_(out),
      enabled_(enabled),
      delay_(delay),
      interval_(interval),
      start_(Clock::now()),
      next_draw_(start_ + delay) {}

functional::ProgressObserver ProgressLine::observer(std::string label) {
  if (!enabled_) return {};
  return [this, label = std::move(label)](const functional::LaunchProgress& progress) {
    sample(label, progress);
  };
}

void ProgressLine::sample(const std::string& label, const functional::LaunchProgress& progress) {
  const Clock::time_point now = Clock::now();
  // A new launch: its number changed, or its count of work-groups went back (a new device).
  if (progress.launch != launch_ || progress.groups_done < last_done_) {
    launch_ = progress.launch;
    launch_start_ = now;
    first_done_ = progress.groups_done;
    first_cycle_ = progress.cycle.value_or(0);
    cycle_ = 0;
    timed_ = false;
  }
  last_done_ = progress.groups_done;
  if (progress.cycle) {
    cycle_ = *progress.cycle;
    timed_ = true;
  }
  if (now < next_draw_) return;
  next_draw_ = now + interval_;
  std::string line = text(label, progress, now);
  const size_t width = columns(out_);
  if (line.size() >= width) line.resize(width - 1);
  // \r and erase-to-end-of-line: the line is redrawn in place.
  fmt::print(out_, "\r\033[K{}", line);
  std::fflush(out_);
  drawn_ = true;
}

std::string ProgressLine::text(const std::string& label, const functional::LaunchProgress& progress,
                               Clock::time_point now) const {
  std::string line = label.empty() ? "" : label + ": ";
  if (progress.launch != 0) {
    line += progress.launches != 0
                ? fmt::format("launch {} of {}", progress.launch, progress.launches)
                : fmt::format("launch {}", progress.launch);
    line += progress.name.empty() ? ", " : fmt::format(" ({}), ", progress.name);
  }
  line += fmt::format("{}/{} work-groups", progress.groups_done, progress.groups_total);
  const double launch_seconds = std::chrono::duration<double>(now - launch_start_).count();
  if (timed_) {
    line += fmt::format(", {} cycles", cycle_);
    if (launch_seconds > 0) {
      line += fmt::format(", {}cycles/s",
                          rate_text(static_cast<double>(cycle_ - first_cycle_) / launch_seconds));
    }
  } else if (launch_seconds > 0) {
    line += fmt::format(
        ", {}work-groups/s",
        rate_text(static_cast<double>(progress.groups_done - first_done_) / launch_seconds));
  }
  line += fmt::format(", {:.1f} s", std::chrono::duration<double>(now - start_).count());
  return line;
}

void ProgressLine::erase() {
  if (!drawn_) return;
  fmt::print(out_, "\r\033[K");
  std::fflush(out_);
  drawn_ = false;
}

}  // namespace ventus::tools
