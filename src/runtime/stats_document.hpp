// StatsDocument: one launch's statistics kept as values when it ended, rendered as the text
// table and the launch object of docs/stats.md only when LaunchStats is asked for them.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/stat_snapshot.hpp"
#include "ventus/runtime.hpp"

namespace ventus {

// A device's configuration as every launch object holds it ("config"), shared by the
// device's documents and made the first time one is rendered: making it declares and
// validates every parameter again, more than a short launch's simulation costs.
class ConfigValues {
 public:
  explicit ConfigValues(Config config) : config_(std::move(config)) {}
  const nlohmann::json& json() const;  // thread-safe

 private:
  Config config_;
  mutable std::once_flag made_;
  mutable nlohmann::json values_;
};

struct StatsDocument {
  std::string kernel;
  std::optional<uint64_t> cycles;  // when the launch ran on the cycle model
  sim::StatSnapshot stats;
  std::shared_ptr<const ConfigValues> config;

  std::string text() const;  // the aligned table
  std::string json() const;  // {"kernel", "config", ["cycles",] "stats", "stat_info"}
};

}  // namespace ventus
