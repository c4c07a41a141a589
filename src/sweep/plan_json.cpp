// The plan as JSON (OUT/sweep.json): what run-point, status and collect read on any host.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "sweep/points.hpp"

namespace ventus::sweep {

nlohmann::json plan_json(const Plan& plan) {
  nlohmann::json points = nlohmann::json::array();
  for (const Point& p : plan.points) {
    nlohmann::json axes = nlohmann::json::array();
    for (const auto& [key, value] : p.axes) axes.push_back({key, value});
    nlohmann::json limits{{"time_seconds", p.limits.time_seconds},
                          {"memory_bytes", p.limits.memory_bytes}};
    if (p.limits.instructions) limits["instructions"] = *p.limits.instructions;
    points.push_back({{"index", p.index},
                      {"hash", p.hash},
                      {"workload", p.workload},
                      {"config", p.config},
                      {"axes", axes},
                      {"args", p.args},
                      {"copy_inputs", p.copy_inputs},
                      {"limits", limits}});
  }
  return {{"format", "ventus-sweep"},      {"version", 1},
          {"sweep_file", plan.sweep_file}, {"build", plan.build},
          {"axis_keys", plan.axis_keys},   {"points", points}};
}

Result<Plan> plan_from_json(const nlohmann::json& doc, const std::string& where) {
  if (!doc.is_object() || doc.value("format", "") != "ventus-sweep" ||
      doc.value("version", 0) != 1) {
    return Error{fmt::format("{}: not a ventus-sweep plan of version 1", where)};
  }
  try {
    Plan plan;
    plan.sweep_file = doc.at("sweep_file");
    plan.build = doc.at("build");
    plan.axis_keys = doc.at("axis_keys").get<std::vector<std::string>>();
    for (const auto& p : doc.at("points")) {
      Point point;
      point.index = p.at("index");
      point.hash = p.at("hash");
      point.workload = p.at("workload");
      point.config = p.at("config");
      point.args = p.at("args").get<std::vector<std::string>>();
      point.copy_inputs = p.at("copy_inputs").get<std::vector<std::string>>();
      for (const auto& axis : p.at("axes")) point.axes.emplace_back(axis.at(0), axis.at(1));
      const auto& limits = p.at("limits");
      point.limits.time_seconds = limits.at("time_seconds");
      point.limits.memory_bytes = limits.at("memory_bytes");
      if (limits.contains("instructions"))
        point.limits.instructions = limits["instructions"].get<uint64_t>();
      if (point.index != plan.points.size())
        return Error{fmt::format("{}: points out of order", where)};
      plan.points.push_back(std::move(point));
    }
    return plan;
  } catch (const nlohmann::json::exception& e) {
    return Error{fmt::format("{}: malformed plan: {}", where, e.what())};
  }
}

}  // namespace ventus::sweep
