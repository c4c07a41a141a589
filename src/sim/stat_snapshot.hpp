// StatSnapshot: the values of a StatRegistry's statistics at one moment (the end of a launch),
// owned, so they can be rendered as text or JSON later, after the counters moved on, or never.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "sim/stats.hpp"

namespace ventus::sim {

class StatSnapshot {
 public:
  StatSnapshot() = default;  // no statistics

  // The formats of StatRegistry::format_text, values_json and describe_json (docs/stats.md).
  std::string format_text() const;
  nlohmann::json values_json() const;
  nlohmann::json describe_json() const;

 private:
  friend class StatRegistry;
  // A counter's value, a vector or a distribution as it was, a formula's result.
  using Value = std::variant<uint64_t, VectorStat, Distribution, double>;

  // Shared by every snapshot taken between two registrations (the descriptions do not change).
  std::shared_ptr<const std::vector<StatInfo>> infos_;
  std::vector<Value> values_;  // parallel to *infos_
};

// One launch's statistics object of docs/stats.md: {"kernel", "config", ["cycles",] "stats",
// "stat_info"}, `cycles` when it ran on the cycle model. The one place that lays it out for
// the runtime, `ventus case` and `ventus bench`.
nlohmann::json launch_object(std::string_view kernel, nlohmann::json config,
                             std::optional<uint64_t> cycles, const StatSnapshot& stats);

}  // namespace ventus::sim
