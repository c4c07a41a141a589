// EventLog: a launch's events ordered by cycle and written as text lines at its end, through
// sorted temporary runs merged at the end when they outgrow the memory budget.
#include "timing/event_log.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <queue>
#include <tuple>

#include <fmt/format.h>

#include "common/output_file.hpp"

namespace ventus::timing {
namespace {

std::string line_of(uint64_t cycle, std::string_view name, std::string_view fields) {
  return fields.empty() ? fmt::format("{} {}\n", cycle, name)
                        : fmt::format("{} {} {}\n", cycle, name, fields);
}

// The head line of a run being merged, with the key the in-memory sort uses (cycle, name,
// fields) read back from it.
struct RunHead {
  std::FILE* file = nullptr;
  std::string line;  // with its newline
  uint64_t cycle = 0;
  std::string_view name, fields;
  char* buffer = nullptr;  // getline's
  size_t capacity = 0;

  RunHead() = default;
  RunHead(const RunHead&) = delete;
  RunHead& operator=(const RunHead&) = delete;
  ~RunHead() { std::free(buffer); }

  // False at the run's end.
  bool next() {
    const ssize_t length = ::getline(&buffer, &capacity, file);
    if (length <= 0) return false;
    line.assign(buffer, static_cast<size_t>(length));
    const std::string_view text(line.data(), line.size() - 1);  // the run's own line: "\n"-ended
    const size_t name_at = text.find(' ') + 1;
    const size_t name_end = std::min(text.find(' ', name_at), text.size());
    cycle = std::strtoull(line.c_str(), nullptr, 10);
    name = text.substr(name_at, name_end - name_at);
    fields = name_end < text.size() ? text.substr(name_end + 1) : std::string_view();
    return true;
  }
  auto key() const { return std::tie(cycle, name, fields); }
};

}  // namespace

Result<std::unique_ptr<EventLog>> EventLog::create(const std::string& path, size_t memory_bytes) {
  if (auto usable = check_file_beside_report(path, "--events", "event log"); !usable) {
    return usable.error();
  }
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) {
    return Error{fmt::format("cannot create event log '{}' ({})", path, std::strerror(errno))};
  }
  std::unique_ptr<EventLog> log(new EventLog(path, file, memory_bytes));
  log->write(
      "# ventus cycle-model events (docs/timing.md \"Event log\"): CYCLE EVENT key=value...\n");
  return log;
}

EventLog::~EventLog() {
  if (!finished_) (void)finish();
}

void EventLog::fail(std::string why) {
  if (error_.empty()) error_ = std::move(why);
}

void EventLog::write_to(std::FILE* file, const std::string& line) {
  if (error_.empty() && std::fputs(line.c_str(), file) < 0) {
    fail(fmt::format("error writing event log '{}' ({})", path_, std::strerror(errno)));
  }
}

void EventLog::begin_launch(std::string_view name) {
  events_.clear();
  kept_bytes_ = 0;
  drop_runs();
  write(fmt::format("# launch {}\n", name));
}

void EventLog::add(uint64_t cycle, std::string_view event, std::string fields) {
  kept_bytes_ += sizeof(Event) + fields.size();
  events_.push_back(Event{cycle, event, std::move(fields)});
  if (kept_bytes_ > memory_bytes_) spill();
}

void EventLog::sort_events() {
  std::sort(events_.begin(), events_.end(), [](const Event& a, const Event& b) {
    return std::tie(a.cycle, a.name, a.fields) < std::tie(b.cycle, b.name, b.fields);
  });
}

// The kept events, sorted, become a run of their own.
void EventLog::spill() {
  std::FILE* run = std::tmpfile();
  if (run == nullptr) {
    fail(fmt::format("event log '{}': cannot create a temporary file ({})", path_,
                     std::strerror(errno)));
  } else {
    sort_events();
    for (const Event& e : events_) write_to(run, line_of(e.cycle, e.name, e.fields));
    runs_.push_back(run);
  }
  events_.clear();
  kept_bytes_ = 0;
}

// Every run, the kept events included, merged in key order into the log.
void EventLog::merge_runs() {
  if (!events_.empty()) spill();
  std::vector<RunHead> heads(runs_.size());
  const auto later = [&heads](size_t a, size_t b) { return heads[b].key() < heads[a].key(); };
  std::priority_queue<size_t, std::vector<size_t>, decltype(later)> order(later);
  for (size_t i = 0; i < runs_.size(); ++i) {
    std::rewind(runs_[i]);
    heads[i].file = runs_[i];
    if (heads[i].next()) order.push(i);
  }
  while (!order.empty()) {
    const size_t i = order.top();
    order.pop();
    write(heads[i].line);
    if (heads[i].next()) order.push(i);
  }
  drop_runs();
}

void EventLog::drop_runs() {
  for (std::FILE* run : runs_) std::fclose(run);  // a temporary file goes with its handle
  runs_.clear();
}

void EventLog::write_events() {
  if (runs_.empty()) {
    sort_events();
    for (const Event& e : events_) write(line_of(e.cycle, e.name, e.fields));
  } else {
    merge_runs();
  }
  events_.clear();
  kept_bytes_ = 0;
}

void EventLog::end_launch(uint64_t cycles) {
  write_events();
  write(fmt::format("{} KERNEL_END cycles={}\n", cycles, cycles));
}

void EventLog::stop_launch(uint64_t cycle) {
  write_events();
  write(fmt::format("{} KERNEL_FAULT\n", cycle));
}

Status EventLog::finish() {
  finished_ = true;
  drop_runs();
  if (std::fclose(file_) != 0)
    fail(fmt::format("error writing event log '{}' ({})", path_, std::strerror(errno)));
  if (!error_.empty()) return Error{error_};
  return ok_status();
}

}  // namespace ventus::timing
