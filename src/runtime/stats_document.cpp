// StatsDocument rendering and LaunchStats' accessors of it (docs/stats.md).
#include "runtime/stats_document.hpp"

namespace ventus {

const nlohmann::json& ConfigValues::json() const {
  std::call_once(made_, [this] { values_ = nlohmann::json::parse(config_.values_json()); });
  return values_;
}

std::string StatsDocument::text() const {
  return stats.format_text();
}

std::string StatsDocument::json() const {
  return sim::launch_object(kernel, config ? config->json() : nlohmann::json::object(), cycles,
                            stats)
      .dump();
}

std::string LaunchStats::stats_text() const {
  return document ? document->text() : std::string();
}

std::string LaunchStats::stats_json() const {
  return document ? document->json() : std::string();
}

}  // namespace ventus
