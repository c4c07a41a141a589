// SlotState names: the labels of the stall vectors and of the timeline's stall slices.
#include "timing/slot_state.hpp"

namespace ventus::timing {

namespace {
constexpr std::array<const char*, kSlotStates> kNames = {
    "issued",    "idle",     "barrier",    "control",        "scoreboard",    "collector",
    "unit_busy", "lsu_full", "fetch_miss", "fetch_redirect", "fetch_blocked", "pipeline"};
}  // namespace

const char* slot_state_name(SlotState state) {
  return kNames[static_cast<size_t>(state)];
}

std::vector<std::string> slot_state_names() {
  return {kNames.begin(), kNames.end()};
}

}  // namespace ventus::timing
