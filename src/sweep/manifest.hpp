// The output folder of a sweep (docs/sweeps.md "Layout"): OUT/sweep.json (the plan) and
// OUT/points/<hash>/ with point.begin.json at start and point.json, renamed in atomically, at
// the end. A point without point.json is incomplete, never empty.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "common/result.hpp"
#include "sweep/points.hpp"

namespace ventus::sweep {

// How the executors treat points that already have a final manifest.
enum class RerunPolicy { Resume, RerunFailed, Force };

enum class PointState { Missing, Incomplete, Done };

struct PointRecord {
  PointState state = PointState::Missing;
  std::string status;       // point.json "status" when Done: ok, guest_fault, timeout, ...
  nlohmann::json manifest;  // point.json when Done
};

std::string point_dir(const std::string& out, const Point& point);
PointRecord read_point(const std::string& out, const Point& point);
// Whether `policy` runs the point given what its folder holds.
bool needs_run(const PointRecord& record, RerunPolicy policy);

// Writes `doc` to `path` through a temporary file and rename(2), so a reader sees the old
// file or the whole new one, never a part.
Status write_json_atomically(const std::string& path, const nlohmann::json& doc);

// Creates OUT and writes the plan, or checks that OUT holds this same sweep (the same set
// of point hashes); another sweep's folder is refused and nothing in it is touched.
Status prepare_output(const std::string& out, const Plan& plan);
Result<Plan> load_plan(const std::string& out);

// Counts per state and status of every point: the text `ventus sweep status` prints.
struct SweepProgress {
  size_t done = 0, failed = 0, incomplete = 0, missing = 0;
  std::map<std::string, size_t> by_status;
};
SweepProgress sweep_progress(const std::string& out, const Plan& plan);

}  // namespace ventus::sweep
