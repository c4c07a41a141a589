// Timeline: streaming Trace Event JSON (events written as the model runs, one per line), or
// the same events kept in memory with their places, written later.
#include "timing/timeline.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/output_file.hpp"

namespace ventus::timing {

using nlohmann::json;

bool shown(const TimelineOptions& options, const EventPlace& place) {
  const auto& slots = options.warp_slots;
  if (place.slot >= 0 && !slots.empty() &&
      std::find(slots.begin(), slots.end(), static_cast<unsigned>(place.slot)) == slots.end()) {
    return false;
  }
  if (!place.timed) return true;
  const uint64_t end = place.ts + (place.length == 0 ? 1 : place.length) - 1;
  return end >= options.from && (options.to == 0 || place.ts <= options.to);
}

Result<std::unique_ptr<Timeline>> Timeline::create(const TimelineOptions& options) {
  if (auto usable = check_file_beside_report(options.path, "--timeline", "timeline"); !usable) {
    return usable.error();
  }
  if (options.window == 0) return Error{"run.timeline_window must be at least 1 cycle"};
  std::FILE* file = std::fopen(options.path.c_str(), "wb");
  if (file == nullptr) {
    return Error{
        fmt::format("cannot create timeline file '{}' ({})", options.path, std::strerror(errno))};
  }
  std::unique_ptr<Timeline> t(new Timeline(options, file));
  t->write_failed_ = std::fputs("{\"traceEvents\":[\n", file) < 0;
  return t;
}

Result<std::unique_ptr<Timeline>> Timeline::record(uint64_t window) {
  if (window == 0) return Error{"run.timeline_window must be at least 1 cycle"};
  TimelineOptions options;
  options.window = window;
  std::unique_ptr<Timeline> t(new Timeline(options, nullptr));
  t->recording_ = std::make_shared<TimelineRecording>();
  return t;
}

Status TimelineRecording::write(const TimelineOptions& options) const {
  auto file = Timeline::create(options);
  if (!file) return file.error();
  for (const Event& e : events_) {
    if (shown(options, e.place)) (*file)->write_event(e.json);
  }
  return (*file)->finish();
}

Timeline::Timeline(TimelineOptions options, std::FILE* file)
    : options_(std::move(options)), file_(file) {}

Timeline::~Timeline() {
  if (!finished_) (void)finish();
}

template <class MakeJson>
void Timeline::emit(const EventPlace& place, MakeJson make) {
  const bool to_file = file_ != nullptr && shown(options_, place);
  if (!to_file && !recording_) return;
  std::string text = make();
  if (to_file) write_event(text);
  if (recording_) recording_->events_.push_back({place, std::move(text)});
}

void Timeline::write_event(const std::string& text) {
  if (write_failed_) return;
  if ((!first_event_ && std::fputs(",\n", file_) < 0) || std::fputs(text.c_str(), file_) < 0) {
    write_failed_ = true;
    write_errno_ = errno;
  }
  first_event_ = false;
}

// Process and thread names, for the SMs and slots not named yet (the memory port is the
// process after the last SM).
void Timeline::write_metadata(unsigned sm_count, unsigned warp_slots) {
  for (unsigned sm = 0; sm < sm_count; ++sm) {
    if (sm >= named_sms_) {
      emit({.timed = false}, [&] {
        return json{{"ph", "M"},
                    {"name", "process_name"},
                    {"pid", sm},
                    {"args", {{"name", fmt::format("SM {}", sm)}}}}
            .dump();
      });
    }
    for (unsigned slot = sm < named_sms_ ? named_slots_ : 0; slot < warp_slots; ++slot) {
      emit({.slot = static_cast<int32_t>(slot), .timed = false}, [&] {
        return json{{"ph", "M"},
                    {"name", "thread_name"},
                    {"pid", sm},
                    {"tid", slot},
                    {"args", {{"name", fmt::format("warp slot {}", slot)}}}}
            .dump();
      });
    }
  }
  if (sm_count > named_sms_) {
    emit({.timed = false}, [&] {
      return json{
          {"ph", "M"}, {"name", "process_name"}, {"pid", sm_count}, {"args", {{"name", "memory"}}}}
          .dump();
    });
  }
  named_sms_ = std::max(named_sms_, sm_count);
  named_slots_ = std::max(named_slots_, warp_slots);
}

void Timeline::begin_launch(std::string_view name, unsigned sm_count, unsigned warp_slots) {
  write_metadata(sm_count, warp_slots);
  sm_count_ = sm_count;
  warp_slots_ = warp_slots;
  runs_.assign(static_cast<size_t>(sm_count) * warp_slots, Run{});
  issued_.assign(sm_count, 0);
  next_sample_ = options_.window;
  port_busy_at_window_ = 0;
  emit({.ts = offset_}, [&] {
    return json{{"ph", "i"},       {"s", "g"}, {"name", fmt::format("launch {}", name)},
                {"cat", "launch"}, {"pid", 0}, {"tid", 0},
                {"ts", offset_}}
        .dump();
  });
}

// A run of one stall state is one slice; idle cycles (no warp) are left out.
void Timeline::flush_run(unsigned sm, unsigned slot) {
  Run& r = runs_[static_cast<size_t>(sm) * warp_slots_ + slot];
  if (r.length != 0 && r.state != SlotState::Idle && r.state != SlotState::Issued) {
    emit({r.start, r.length, static_cast<int32_t>(slot)}, [&] {
      return json{{"ph", "X"},      {"cat", "stall"}, {"name", slot_state_name(r.state)},
                  {"pid", sm},      {"tid", slot},    {"ts", r.start},
                  {"dur", r.length}}
          .dump();
    });
  }
  r = Run{};
}

void Timeline::slot_cycles(unsigned sm, unsigned slot, uint64_t cycle, uint64_t cycles,
                           SlotState state, const IssuedInsn* issued) {
  if (cycles == 0 || sm >= sm_count_ || slot >= warp_slots_) return;
  const uint64_t ts = offset_ + cycle;
  Run& r = runs_[static_cast<size_t>(sm) * warp_slots_ + slot];
  if (state == SlotState::Issued) {
    flush_run(sm, slot);
    ++issued_[sm];
    if (issued != nullptr) {
      emit({ts, 1, static_cast<int32_t>(slot)}, [&] {
        return json{{"ph", "X"},
                    {"cat", "issue"},
                    {"name", issued->mnemonic},
                    {"pid", sm},
                    {"tid", slot},
                    {"ts", ts},
                    {"dur", 1},
                    {"args", {{"pc", fmt::format("0x{:08x}", issued->pc)}}}}
            .dump();
      });
    }
    return;
  }
  if (r.length != 0 && r.state == state && r.start + r.length == ts) {
    r.length += cycles;
    return;
  }
  flush_run(sm, slot);
  r = Run{state, ts, cycles};
}

void Timeline::marker(unsigned sm, uint64_t cycle, std::string_view name) {
  const uint64_t ts = offset_ + cycle;
  emit({.ts = ts}, [&] {
    return json{{"ph", "i"}, {"s", "p"}, {"cat", "workgroup"}, {"name", name}, {"pid", sm},
                {"tid", 0},  {"ts", ts}}
        .dump();
  });
}

// One sample per window and SM: IPC of the window, L1D misses in flight at its end; one for
// the memory port: the fraction of the window its transaction slots were reserved.
void Timeline::sample(uint64_t cycle, const std::vector<uint64_t>& l1d_misses,
                      uint64_t port_busy_cycles) {
  const double window = static_cast<double>(options_.window);
  while (next_sample_ <= cycle) {
    const uint64_t ts = offset_ + next_sample_ - options_.window;
    const EventPlace place{.ts = ts};  // a sample is drawn at its window's start
    for (unsigned sm = 0; sm < sm_count_; ++sm) {
      emit(place, [&] {
        return json{{"ph", "C"},
                    {"name", "IPC"},
                    {"pid", sm},
                    {"ts", ts},
                    {"args", {{"ipc", static_cast<double>(issued_[sm]) / window}}}}
            .dump();
      });
      const uint64_t misses = sm < l1d_misses.size() ? l1d_misses[sm] : 0;
      emit(place, [&] {
        return json{{"ph", "C"},
                    {"name", "L1D misses in flight"},
                    {"pid", sm},
                    {"ts", ts},
                    {"args", {{"entries", misses}}}}
            .dump();
      });
      issued_[sm] = 0;
    }
    const uint64_t busy = port_busy_cycles - port_busy_at_window_;
    port_busy_at_window_ = port_busy_cycles;
    emit(place, [&] {
      return json{{"ph", "C"},
                  {"name", "memory port busy"},
                  {"pid", sm_count_},
                  {"ts", ts},
                  {"args", {{"busy", std::min(1.0, static_cast<double>(busy) / window)}}}}
          .dump();
    });
    next_sample_ += options_.window;
  }
}

void Timeline::end_launch(uint64_t cycles) {
  for (unsigned sm = 0; sm < sm_count_; ++sm) {
    for (unsigned slot = 0; slot < warp_slots_; ++slot) flush_run(sm, slot);
  }
  offset_ += cycles;
}

Status Timeline::finish() {
  if (finished_) return ok_status();
  finished_ = true;
  if (file_ == nullptr) return ok_status();  // a recording
  const std::string tail =
      json{{"format", "ventus-timeline"}, {"version", 1}, {"time_unit", "1 ts = 1 cycle"}}.dump();
  if (std::fprintf(file_, "\n],\"displayTimeUnit\":\"ns\",\"otherData\":%s}\n", tail.c_str()) < 0) {
    write_failed_ = true;
    write_errno_ = errno;
  }
  if (std::fclose(file_) != 0 && !write_failed_) {
    write_failed_ = true;
    write_errno_ = errno;
  }
  if (write_failed_) {
    return Error{fmt::format("cannot write timeline file '{}' ({})", options_.path,
                             std::strerror(write_errno_))};
  }
  return ok_status();
}

}  // namespace ventus::timing
