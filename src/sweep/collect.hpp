// The collector (`ventus sweep collect OUT`): every point's manifest into OUT/results.csv and
// OUT/results.sqlite (tables `points` and `launches`, docs/sweeps.md "Results").
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.hpp"
#include "sweep/points.hpp"

namespace ventus::sweep {

// A table as columns and rows of JSON scalars (null, number, string): what both writers take.
struct Table {
  std::string name;
  std::vector<std::string> columns;
  std::vector<std::vector<nlohmann::json>> rows;
};

struct Results {
  Table points;    // one row per point of the plan (missing ones with their state)
  Table launches;  // one row per launch of a finished point
  Table csv;       // one row per launch (or per point without launches): both joined
};

Results gather_results(const std::string& out, const Plan& plan);

// The per-launch metrics of a statistics document's launch object (docs/stats.md): cycles,
// IPC, instructions, cache and memory counters summed over the SMs, stall cycles per state.
std::map<std::string, nlohmann::json> launch_metrics(const nlohmann::json& launch);

Status write_csv(const std::string& path, const Table& table);
Status write_sqlite(const std::string& path, const std::vector<const Table*>& tables);

// gather_results, then both files (each written whole and renamed into place).
Status collect(const std::string& out, const Plan& plan);

}  // namespace ventus::sweep
