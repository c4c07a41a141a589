// Per-launch metrics from the statistics document (docs/stats.md names every counter).
#include <algorithm>
#include <string_view>

#include "sweep/collect.hpp"

namespace ventus::sweep {
namespace {

// "l1d.load_hits" of "timing.sm12.l1d.load_hits"; "" for names of other forms.
std::string per_sm_name(std::string_view name) {
  constexpr std::string_view prefix = "timing.sm";
  if (!name.starts_with(prefix)) return {};
  size_t i = prefix.size();
  while (i < name.size() && name[i] >= '0' && name[i] <= '9') ++i;
  if (i == prefix.size() || i >= name.size() || name[i] != '.') return {};
  return std::string(name.substr(i + 1));
}

// timing.sm<N>.<name> summed over the SMs (the slot-level stall vectors left out: the SM's
// own vector already sums its slots).
std::map<std::string, nlohmann::json> sums_over_sms(const nlohmann::json& stats) {
  std::map<std::string, nlohmann::json> sums;
  for (const auto& [name, value] : stats.items()) {
    const std::string rest = per_sm_name(name);
    if (rest.empty() || rest.starts_with("slot")) continue;
    nlohmann::json& sum = sums[rest];
    if (value.is_number_unsigned()) {
      sum = sum.is_null() ? value.get<uint64_t>() : sum.get<uint64_t>() + value.get<uint64_t>();
    } else if (value.is_object() && rest == "stall") {
      if (sum.is_null()) sum = nlohmann::json::object();
      for (const auto& [state, count] : value.items())
        sum[state] = sum.value(state, uint64_t{0}) + count.get<uint64_t>();
    }
  }
  return sums;
}

nlohmann::json stat(const nlohmann::json& stats, const char* name) {
  const auto it = stats.find(name);
  return it == stats.end() ? nlohmann::json(nullptr) : *it;
}

}  // namespace

std::map<std::string, nlohmann::json> launch_metrics(const nlohmann::json& launch) {
  const nlohmann::json& stats =
      launch.contains("stats") ? launch["stats"] : nlohmann::json::object();
  std::map<std::string, nlohmann::json> m;
  m["cycles"] = launch.value("cycles", nlohmann::json(nullptr));
  m["ipc"] = stat(stats, "timing.ipc");
  m["warp_instructions"] = stat(stats, "functional.warp_instructions");
  m["thread_instructions"] = stat(stats, "functional.thread_instructions");
  m["l2_hits"] = stat(stats, "timing.memory.l2.hits");
  m["l2_misses"] = stat(stats, "timing.memory.l2.misses");
  m["memory_read_bytes"] = stat(stats, "timing.memory.port.read_bytes");
  m["memory_write_bytes"] = stat(stats, "timing.memory.port.write_bytes");
  const auto sms = sums_over_sms(stats);
  const auto sm = [&](const char* name) {
    return sms.count(name) ? sms.at(name) : nlohmann::json(nullptr);
  };
  for (const char* name : {"l1d.load_hits", "l1d.load_misses", "l1d.store_hits", "l1d.store_misses",
                           "icache.hits", "icache.misses", "lsu.shared_bank_conflicts"}) {
    std::string column(name);
    std::replace(column.begin(), column.end(), '.', '_');
    m[column] = sm(name);
  }
  if (sms.count("stall")) {
    for (const auto& [state, count] : sms.at("stall").items()) {
      if (state != "total") m["stall_" + state] = count;
    }
  }
  return m;
}

}  // namespace ventus::sweep
