// StatSnapshot: the values of a StatRegistry's statistics at one moment (the end of a launch),
// owned, so they can be rendered as text or JSON later, after the counters moved on, or never.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
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

}  // namespace ventus::sim
