// The points of a sweep: workloads x configurations x axis values, each with its identity
// (a hash of workload, effective configuration and build) and the `ventus` command it runs.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "common/result.hpp"
#include "sweep/spec.hpp"

namespace ventus::sweep {

struct Point {
  size_t index = 0;
  std::string hash;  // 16 hex digits
  std::string workload;
  std::string config;  // the fragment's name, "base" without fragments
  std::vector<std::pair<std::string, std::string>> axes;  // key, value
  std::vector<std::string> args;         // after `ventus`: run/case ... --stats-json stats.json
  std::vector<std::string> copy_inputs;  // files run-point copies into the point's folder
  Limits limits;
};

// Everything a point needs at run time, also on another host of the cluster: the plan
// (OUT/sweep.json) is written once and read by `run-point`, `status` and `collect`.
struct Plan {
  std::string sweep_file;  // absolute
  std::string build;       // "0.1.0 (commit ...)": part of every hash
  std::vector<std::string> axis_keys;
  std::vector<Point> points;
};

// Expands the spec; relative paths of workloads and the machine file are taken from the
// current directory and made absolute. Errors name the workload's place in the file, or the
// point whose combination breaks a rule between parameters.
Result<Plan> make_plan(const SweepSpec& spec, const std::string& build);

nlohmann::json plan_json(const Plan& plan);
Result<Plan> plan_from_json(const nlohmann::json& doc, const std::string& where);

// "vecadd base sm.warp_slots=4 sm.l1d.sets=16": a point in one line.
std::string point_label(const Point& point);

}  // namespace ventus::sweep
