// Point folders and manifests: reading states, atomic writes, the plan file of OUT.
#include "sweep/manifest.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>

#include "common/input_file.hpp"

namespace ventus::sweep {
namespace fs = std::filesystem;

std::string point_dir(const std::string& out, const Point& point) {
  return (fs::path(out) / "points" / point.hash).string();
}

PointRecord read_point(const std::string& out, const Point& point) {
  const fs::path dir = point_dir(out, point);
  std::error_code error;
  PointRecord record;
  if (auto text = read_input_file((dir / "point.json").string(), {.allow_stdin = false}); text) {
    record.manifest = nlohmann::json::parse(*text, nullptr, false);
    if (!record.manifest.is_discarded() && record.manifest.contains("status")) {
      record.state = PointState::Done;
      record.status = record.manifest["status"].get<std::string>();
      return record;
    }
  }
  record.manifest = nullptr;
  record.state =
      fs::exists(dir / "point.begin.json", error) ? PointState::Incomplete : PointState::Missing;
  return record;
}

bool needs_run(const PointRecord& record, RerunPolicy policy) {
  if (record.state != PointState::Done || policy == RerunPolicy::Force) return true;
  return policy == RerunPolicy::RerunFailed && record.status != "ok";
}

Status write_json_atomically(const std::string& path, const nlohmann::json& doc) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream file(temporary, std::ios::trunc);
    file << doc.dump(1) << "\n";
    file.flush();
    if (!file) return Error{fmt::format("cannot write '{}'", temporary)};
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    return Error{fmt::format("cannot rename '{}' to '{}'", temporary, path)};
  }
  return ok_status();
}

Result<Plan> load_plan(const std::string& out) {
  const std::string path = (fs::path(out) / "sweep.json").string();
  auto text = read_input_file(path, {.allow_stdin = false, .what = "sweep plan"});
  if (!text)
    return Error{
        fmt::format("{} (is '{}' the output folder of a sweep?)", text.error().message, out)};
  const auto doc = nlohmann::json::parse(*text, nullptr, false);
  if (doc.is_discarded()) return Error{fmt::format("{}: not JSON", path)};
  return plan_from_json(doc, path);
}

Status prepare_output(const std::string& out, const Plan& plan) {
  std::error_code error;
  if (fs::exists(fs::path(out) / "sweep.json", error)) {
    auto existing = load_plan(out);
    if (!existing) return existing.error();
    std::set<std::string> old_hashes, new_hashes;
    for (const Point& p : existing->points) old_hashes.insert(p.hash);
    for (const Point& p : plan.points) new_hashes.insert(p.hash);
    if (old_hashes != new_hashes) {
      return Error{fmt::format(
          "'{}' holds another sweep ({} of its {} points are not points of {}: a different "
          "sweep file, machine or ventus build); nothing was changed: give another output folder",
          out,
          old_hashes.size() -
              std::count_if(old_hashes.begin(), old_hashes.end(),
                            [&](const auto& h) { return new_hashes.count(h) != 0; }),
          old_hashes.size(), plan.sweep_file)};
    }
  } else if (fs::exists(out, error) && !fs::is_empty(out, error)) {
    return Error{fmt::format(
        "'{}' exists and is not the output folder of a sweep (no sweep.json); nothing was changed",
        out)};
  }
  fs::create_directories(fs::path(out) / "points", error);
  if (error) return Error{fmt::format("cannot create '{}': {}", out, error.message())};
  return write_json_atomically((fs::path(out) / "sweep.json").string(), plan_json(plan));
}

SweepProgress sweep_progress(const std::string& out, const Plan& plan) {
  SweepProgress progress;
  for (const Point& point : plan.points) {
    const PointRecord record = read_point(out, point);
    if (record.state == PointState::Missing) ++progress.missing;
    if (record.state == PointState::Incomplete) ++progress.incomplete;
    if (record.state != PointState::Done) continue;
    ++progress.by_status[record.status];
    ++(record.status == "ok" ? progress.done : progress.failed);
  }
  return progress;
}

}  // namespace ventus::sweep
