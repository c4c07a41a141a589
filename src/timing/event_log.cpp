// EventLog: a launch's events kept, ordered by cycle and written as text lines at its end.
#include "timing/event_log.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <tuple>

#include <fmt/format.h>

namespace ventus::timing {

Result<std::unique_ptr<EventLog>> EventLog::create(const std::string& path) {
  if (path.empty()) return Error{"--events: empty file name"};
  if (path == "-") {
    return Error{
        "--events -: the event log cannot go to standard output, where the run reports as it "
        "goes; give a file name"};
  }
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) {
    return Error{fmt::format("cannot create event log '{}' ({})", path, std::strerror(errno))};
  }
  std::unique_ptr<EventLog> log(new EventLog(path, file));
  log->write(
      "# ventus cycle-model events (docs/timing.md \"Event log\"): CYCLE EVENT key=value...\n");
  return log;
}

EventLog::~EventLog() {
  if (!finished_) (void)finish();
}

void EventLog::write(const std::string& line) {
  if (!write_failed_ && std::fputs(line.c_str(), file_) < 0) write_failed_ = true;
}

void EventLog::begin_launch(std::string_view name) {
  events_.clear();
  write(fmt::format("# launch {}\n", name));
}

void EventLog::add(uint64_t cycle, std::string_view event, std::string fields) {
  events_.push_back(Event{cycle, event, std::move(fields)});
}

void EventLog::end_launch(uint64_t cycles) {
  std::sort(events_.begin(), events_.end(), [](const Event& a, const Event& b) {
    return std::tie(a.cycle, a.name, a.fields) < std::tie(b.cycle, b.name, b.fields);
  });
  for (const Event& e : events_) {
    write(e.fields.empty() ? fmt::format("{} {}\n", e.cycle, e.name)
                           : fmt::format("{} {} {}\n", e.cycle, e.name, e.fields));
  }
  write(fmt::format("{} KERNEL_END cycles={}\n", cycles, cycles));
  events_.clear();
}

Status EventLog::finish() {
  finished_ = true;
  if (std::fclose(file_) != 0) write_failed_ = true;
  if (write_failed_) return Error{fmt::format("error writing event log '{}'", path_)};
  return ok_status();
}

}  // namespace ventus::timing
