// Gathering the manifests of a sweep into tables, and the CSV writer.
#include "sweep/collect.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>

#include "sweep/manifest.hpp"

namespace ventus::sweep {
namespace {
namespace fs = std::filesystem;

const char* state_name(const PointRecord& record) {
  switch (record.state) {
    case PointState::Missing:
      return "missing";
    case PointState::Incomplete:
      return "incomplete";
    case PointState::Done:
      break;
  }
  return "done";
}

// Columns of the launches table after the fixed ones: every metric any launch has, the
// fixed metrics first, stall states in name order.
std::vector<std::string> metric_columns(
    const std::vector<std::map<std::string, nlohmann::json>>& all) {
  std::vector<std::string> columns{"cycles",
                                   "ipc",
                                   "warp_instructions",
                                   "thread_instructions",
                                   "l1d_load_hits",
                                   "l1d_load_misses",
                                   "l1d_store_hits",
                                   "l1d_store_misses",
                                   "icache_hits",
                                   "icache_misses",
                                   "l2_hits",
                                   "l2_misses",
                                   "memory_read_bytes",
                                   "memory_write_bytes",
                                   "lsu_shared_bank_conflicts"};
  std::set<std::string> stalls;
  for (const auto& m : all) {
    for (const auto& [name, value] : m)
      if (name.starts_with("stall_")) stalls.insert(name);
  }
  columns.insert(columns.end(), stalls.begin(), stalls.end());
  return columns;
}

struct PointData {
  const Point* point;
  PointRecord record;
  std::vector<nlohmann::json> launches;  // launch objects of the statistics document
  std::vector<std::map<std::string, nlohmann::json>> metrics;
};

std::vector<nlohmann::json> point_columns(const PointData& d) {
  std::vector<nlohmann::json> row{d.point->index, d.point->hash, d.point->workload,
                                  d.point->config};
  for (const auto& [key, value] : d.point->axes) row.push_back(value);
  const nlohmann::json& m = d.record.manifest;
  row.push_back(d.record.state == PointState::Done ? d.record.status : state_name(d.record));
  row.push_back(m.is_object() ? m.value("exit_code", nlohmann::json(nullptr))
                              : nlohmann::json(nullptr));
  return row;
}

// Host time and the simulation rate: warp-instructions of the point per host second.
std::vector<nlohmann::json> host_columns(const PointData& d) {
  if (!d.record.manifest.is_object()) return {nullptr, nullptr};
  const double seconds = d.record.manifest.value("host_seconds", 0.0);
  uint64_t instructions = 0;
  for (const auto& m : d.metrics) {
    if (m.at("warp_instructions").is_number())
      instructions += m.at("warp_instructions").get<uint64_t>();
  }
  return {seconds, seconds > 0 ? nlohmann::json(static_cast<double>(instructions) / seconds)
                               : nlohmann::json(nullptr)};
}

// Every point's record, launches and metrics (the statistics left out of the record).
std::vector<PointData> read_points(const std::string& out, const Plan& plan) {
  std::vector<PointData> data;
  for (const Point& point : plan.points) {
    PointData d{&point, read_point(out, point), {}, {}};
    nlohmann::json& manifest = d.record.manifest;
    if (manifest.is_object() && manifest.contains("stats") && manifest["stats"].is_object()) {
      for (const auto& launch : manifest["stats"].value("launches", nlohmann::json::array())) {
        d.launches.push_back(launch);
        d.metrics.push_back(launch_metrics(launch));
      }
      manifest.erase("stats");
    }
    data.push_back(std::move(d));
  }
  return data;
}

void name_columns(Results& r, const Plan& plan, const std::vector<std::string>& metrics) {
  r.points.name = "points";
  r.points.columns = {"point", "hash", "workload", "config"};
  r.points.columns.insert(r.points.columns.end(), plan.axis_keys.begin(), plan.axis_keys.end());
  for (const char* c :
       {"status", "exit_code", "launches", "host_seconds", "sim_rate", "max_rss_kib"}) {
    r.points.columns.push_back(c);
  }
  r.launches.name = "launches";
  r.launches.columns = {"point", "launch_index", "kernel", "launch"};
  r.launches.columns.insert(r.launches.columns.end(), metrics.begin(), metrics.end());
  r.csv.columns = r.points.columns;
  r.csv.columns.resize(r.csv.columns.size() - 4);  // launches, host_seconds, sim_rate, max_rss_kib
  r.csv.columns.insert(r.csv.columns.end(), r.launches.columns.begin() + 1,
                       r.launches.columns.end());
  r.csv.columns.insert(r.csv.columns.end(), {"host_seconds", "sim_rate"});
}

// launch_index, kernel, launch and the metrics of launch i; nulls past the last launch.
std::vector<nlohmann::json> launch_columns(const PointData& d, size_t i,
                                           const std::vector<std::string>& metrics) {
  if (i >= d.launches.size()) return std::vector<nlohmann::json>(metrics.size() + 3, nullptr);
  std::vector<nlohmann::json> row{i, d.launches[i].value("kernel", ""),
                                  d.launches[i].value("launch", nlohmann::json(nullptr))};
  for (const std::string& c : metrics) {
    row.push_back(d.metrics[i].count(c) ? d.metrics[i].at(c) : nlohmann::json(nullptr));
  }
  return row;
}

void add_rows(Results& r, const PointData& d, const std::vector<std::string>& metrics) {
  const auto point = point_columns(d);
  const auto host = host_columns(d);
  auto full = point;
  full.push_back(d.launches.size());
  full.insert(full.end(), host.begin(), host.end());
  full.push_back(d.record.manifest.is_object()
                     ? d.record.manifest.value("max_rss_kib", nlohmann::json(nullptr))
                     : nlohmann::json(nullptr));
  r.points.rows.push_back(std::move(full));
  for (size_t i = 0; i < std::max<size_t>(d.launches.size(), 1); ++i) {
    const auto launch = launch_columns(d, i, metrics);
    if (i < d.launches.size()) {
      r.launches.rows.push_back({d.point->index});
      r.launches.rows.back().insert(r.launches.rows.back().end(), launch.begin(), launch.end());
    }
    auto row = point;
    row.insert(row.end(), launch.begin(), launch.end());
    row.insert(row.end(), host.begin(), host.end());
    r.csv.rows.push_back(std::move(row));
  }
}

}  // namespace

Results gather_results(const std::string& out, const Plan& plan) {
  const std::vector<PointData> data = read_points(out, plan);
  std::vector<std::map<std::string, nlohmann::json>> all_metrics;
  for (const PointData& d : data)
    all_metrics.insert(all_metrics.end(), d.metrics.begin(), d.metrics.end());
  const std::vector<std::string> metrics = metric_columns(all_metrics);
  Results r;
  name_columns(r, plan, metrics);
  for (const PointData& d : data) add_rows(r, d, metrics);
  return r;
}

namespace {

std::string csv_field(const nlohmann::json& value) {
  if (value.is_null()) return "";
  std::string text = value.is_string() ? value.get<std::string>() : value.dump();
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string out = "\"";
  for (const char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

Status write_csv(const std::string& path, const Table& table) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream file(temporary, std::ios::trunc);
    for (size_t i = 0; i < table.columns.size(); ++i)
      file << (i ? "," : "") << csv_field(table.columns[i]);
    file << '\n';
    for (const auto& row : table.rows) {
      for (size_t i = 0; i < row.size(); ++i) file << (i ? "," : "") << csv_field(row[i]);
      file << '\n';
    }
    file.flush();
    if (!file) return Error{fmt::format("cannot write '{}'", temporary)};
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0)
    return Error{fmt::format("cannot write '{}'", path)};
  return ok_status();
}

Status collect(const std::string& out, const Plan& plan) {
  const Results results = gather_results(out, plan);
  if (auto s = write_csv((fs::path(out) / "results.csv").string(), results.csv); !s) return s;
  return write_sqlite((fs::path(out) / "results.sqlite").string(),
                      {&results.points, &results.launches});
}

}  // namespace ventus::sweep
