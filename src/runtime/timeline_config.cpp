// timeline_options: run.timeline* to TimelineOptions, with the slot list parsed.
#include "runtime/timeline_config.hpp"

#include <charconv>

#include <fmt/format.h>

namespace ventus {
namespace {

Result<std::vector<unsigned>> parse_slots(std::string_view text) {
  std::vector<unsigned> slots;
  while (!text.empty()) {
    const size_t comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    unsigned slot = 0;
    const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), slot);
    if (item.empty() || ec != std::errc{} || end != item.data() + item.size() || slot > 255) {
      return Error{fmt::format(
          "run.timeline_slots: '{}' is not a warp slot number (0-255, e.g. \"0,1\")", item)};
    }
    slots.push_back(slot);
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
  }
  return slots;
}

}  // namespace

Status check_timeline_cycles(uint64_t from, uint64_t to) {
  if (to != 0 && to < from) {
    return Error{
        fmt::format("the timeline's last cycle {} (run.timeline_to) is before its first, {} "
                    "(run.timeline_from)",
                    to, from)};
  }
  return ok_status();
}

Result<std::optional<timing::TimelineOptions>> timeline_options(const SimulationOptions& o) {
  auto slots = parse_slots(o.timeline_slots);
  if (!slots) return slots.error();
  if (o.timeline.empty()) return std::optional<timing::TimelineOptions>{};
  if (auto checked = check_timeline_cycles(o.timeline_from, o.timeline_to); !checked) {
    return checked.error();
  }
  timing::TimelineOptions t;
  t.path = o.timeline;
  t.from = o.timeline_from;
  t.to = o.timeline_to;
  t.warp_slots = std::move(slots.value());
  t.window = o.timeline_sample_cycles;
  return std::optional<timing::TimelineOptions>{std::move(t)};
}

}  // namespace ventus
