// Expanding a sweep into points: the Cartesian product, effective configurations, hashes.
#include "sweep/points.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "sweep/workload_args.hpp"
#include "ventus/runtime.hpp"

namespace ventus::sweep {
namespace {

// FNV-1a, 64 bits: a stable name for a point's folder (not a security property).
std::string fnv1a_hex(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (const unsigned char c : text) h = (h ^ c) * 0x100000001b3ull;
  return fmt::format("{:016x}", h);
}

// The axis values of every combination, last axis fastest.
std::vector<std::vector<const Assignment*>> combinations(const std::vector<Axis>& axes) {
  std::vector<std::vector<const Assignment*>> out{{}};
  for (const Axis& axis : axes) {
    std::vector<std::vector<const Assignment*>> next;
    for (const auto& prefix : out) {
      for (const Assignment& value : axis.values) {
        next.push_back(prefix);
        next.back().push_back(&value);
      }
    }
    out = std::move(next);
  }
  return out;
}

struct PointInputs {
  const Workload* workload;
  const WorkloadArgs* args;
  const Fragment* fragment;
  std::vector<const Assignment*> assignments;  // common, fragment, axes: in that order
  size_t axis_count;
};

Result<Point> make_point(const SweepSpec& spec, const Plan& plan, const PointInputs& in,
                         const std::string& base_config) {
  Point p;
  p.index = plan.points.size();
  p.workload = in.workload->name;
  p.config = in.fragment->name;
  Config config;
  if (!base_config.empty()) config = *Config::from_toml_file(base_config);  // checked when parsed
  if (spec.timing) config.simulation.timing = true;
  // The sweep runs points side by side: one host thread each unless the file says otherwise
  // (results do not depend on it, docs/host-threads.md).
  std::vector<std::string> overrides{"run.host_threads=1"};
  config.simulation.host_threads = 1;
  for (const Assignment* a : in.assignments) {
    if (auto s = config.set(a->text()); !s)
      return Error{fmt::format("{}: {}", a->location, s.error().message)};
    overrides.push_back(a->text());
  }
  for (size_t i = in.assignments.size() - in.axis_count; i < in.assignments.size(); ++i) {
    p.axes.emplace_back(in.assignments[i]->key, in.assignments[i]->value);
  }
  if (auto valid = config.validate(); !valid) {
    return Error{fmt::format("{}: point {} ({}): {}", spec.path, p.index, point_label(p),
                             valid.error().message)};
  }
  const nlohmann::json identity{
      {"build", plan.build},
      {"workload", in.args->args},
      {"config", nlohmann::json::parse(config.values_json())},
      {"instructions", in.workload->limits.instructions.value_or(UINT64_MAX)}};
  p.hash = fnv1a_hex(identity.dump());
  p.args = in.args->args;
  p.copy_inputs = in.args->copy_inputs;
  p.limits = in.workload->limits;
  if (!base_config.empty()) p.args.insert(p.args.end(), {"--config", base_config});
  for (const std::string& o : overrides) p.args.insert(p.args.end(), {"--set", o});
  if (spec.timing) p.args.push_back("--timing");
  if (p.limits.instructions) {
    p.args.insert(p.args.end(), {"--max-instructions", std::to_string(*p.limits.instructions)});
  }
  p.args.insert(p.args.end(), {"--stats-json", "stats.json"});
  return p;
}

}  // namespace

std::string point_label(const Point& point) {
  std::string label = point.workload + " " + point.config;
  for (const auto& [key, value] : point.axes) label += fmt::format(" {}={}", key, value);
  return label;
}

Result<Plan> make_plan(const SweepSpec& spec, const std::string& build) {
  Plan plan;
  plan.sweep_file = std::filesystem::absolute(spec.path).lexically_normal().string();
  plan.build = build;
  for (const Axis& axis : spec.axes) plan.axis_keys.push_back(axis.key);
  const std::string base =
      spec.base_config.empty()
          ? ""
          : std::filesystem::absolute(spec.base_config).lexically_normal().string();
  const std::vector<Fragment> fragments =
      spec.fragments.empty() ? std::vector<Fragment>{{"base", {}}} : spec.fragments;
  const auto combos = combinations(spec.axes);
  for (const Workload& workload : spec.workloads) {
    auto args = workload_args(workload);
    if (!args) return args.error();
    for (const Fragment& fragment : fragments) {
      for (const auto& combo : combos) {
        PointInputs in{&workload, &*args, &fragment, {}, combo.size()};
        for (const Assignment& a : spec.common) in.assignments.push_back(&a);
        for (const Assignment& a : fragment.assignments) in.assignments.push_back(&a);
        in.assignments.insert(in.assignments.end(), combo.begin(), combo.end());
        auto point = make_point(spec, plan, in, base);
        if (!point) return point.error();
        plan.points.push_back(std::move(*point));
      }
    }
  }
  return plan;
}

}  // namespace ventus::sweep
