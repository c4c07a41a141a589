// Sweep file parsing: TOML tables into a SweepSpec, every override checked by the registry.
#include "sweep/spec.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <set>

#include "common/input_file.hpp"
#include "ventus/runtime.hpp"

namespace ventus::sweep {
namespace {

// Everything a reader needs to name a place in the file.
struct Source {
  std::string name;
  std::vector<std::string> kernels;  // the names a `kernel =` workload may take
  std::string at(const toml::source_region& region) const {
    return fmt::format("{}:{}:{}", name, region.begin.line, region.begin.column);
  }
  Error error(const toml::node& node, std::string_view what) const {
    return Error{fmt::format("{}: {}", at(node.source()), what)};
  }
};

// A scalar as `--set` spells it; arrays and tables are no value of a parameter.
std::optional<std::string> value_text(const toml::node& node) {
  if (auto v = node.value<bool>(); v && node.is_boolean()) return *v ? "true" : "false";
  if (node.is_integer()) return std::to_string(*node.value<int64_t>());
  if (node.is_floating_point()) return fmt::format("{}", *node.value<double>());
  if (node.is_string()) return *node.value<std::string>();
  return std::nullopt;
}

// The registry's own check of one assignment (type, range, choices, unknown key with the
// nearest name), reported at the value's place in the sweep file.
Status check_assignment(const Assignment& a) {
  Config probe;
  if (auto s = probe.set(a.text()); !s) {
    return Error{fmt::format("{}: {}", a.location, s.error().message)};
  }
  return ok_status();
}

Result<Assignment> make_assignment(const Source& src, std::string key, const toml::node& node) {
  const auto text = value_text(node);
  if (!text) return src.error(node, fmt::format("'{}': expected one value", key));
  Assignment a{std::move(key), *text, src.at(node.source())};
  if (auto s = check_assignment(a); !s) return s.error();
  return a;
}

// Tables nest dotted keys ([axes] sm.warp_slots = [...] is axes.sm.warp_slots): the leaves
// with their full dotted names, in file order.
void collect_leaves(const toml::table& table, const std::string& prefix,
                    std::vector<std::pair<std::string, const toml::node*>>& out) {
  for (const auto& [key, node] : table) {
    std::string name =
        prefix.empty() ? std::string(key.str()) : prefix + "." + std::string(key.str());
    if (const toml::table* child = node.as_table()) {
      collect_leaves(*child, name, out);
    } else {
      out.emplace_back(std::move(name), &node);
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return a.second->source().begin < b.second->source().begin;
  });
}

Result<std::vector<Assignment>> assignments_of(const Source& src, const toml::table& table) {
  std::vector<std::pair<std::string, const toml::node*>> leaves;
  collect_leaves(table, {}, leaves);
  std::vector<Assignment> out;
  for (const auto& [key, node] : leaves) {
    auto a = make_assignment(src, key, *node);
    if (!a) return a.error();
    out.push_back(std::move(*a));
  }
  return out;
}

// Only the keys a section knows: a misspelt key would otherwise be ignored silently.
Status check_keys(const Source& src, const toml::table& table, std::string_view section,
                  std::initializer_list<std::string_view> known) {
  for (const auto& [key, node] : table) {
    if (std::find(known.begin(), known.end(), key.str()) != known.end()) continue;
    return Error{fmt::format("{}: unknown key '{}' in {} (known: {})", src.at(key.source()),
                             key.str(), section, fmt::join(known, ", "))};
  }
  return ok_status();
}

// "90", "90s", "5m", "2h" (numbers are seconds).
Result<double> parse_duration(const Source& src, const toml::node& node) {
  if (node.is_integer() || node.is_floating_point()) {
    const double v = *node.value<double>();
    if (v > 0 && std::isfinite(v)) return v;
  } else if (const auto text = node.value<std::string>(); text && !text->empty()) {
    const std::map<char, double> units{{'s', 1}, {'m', 60}, {'h', 3600}};
    char* end = nullptr;
    const double v = std::strtod(text->c_str(), &end);
    const std::string unit(end);
    if (v > 0 && std::isfinite(v) && (unit.empty() || (unit.size() == 1 && units.count(unit[0])))) {
      return unit.empty() ? v : v * units.at(unit[0]);
    }
  }
  return src.error(node, "time: expected a positive number of seconds or \"30s\", \"5m\", \"2h\"");
}

// "512M", "2G", "65536K" or a number of bytes.
Result<uint64_t> parse_bytes(const Source& src, const toml::node& node) {
  if (node.is_integer() && *node.value<int64_t>() > 0) return *node.value<uint64_t>();
  if (const auto text = node.value<std::string>(); text && !text->empty() && !node.is_integer()) {
    const std::map<char, uint64_t> units{{'K', 1ull << 10}, {'M', 1ull << 20}, {'G', 1ull << 30}};
    char* end = nullptr;
    const unsigned long long v = std::strtoull(text->c_str(), &end, 10);
    const std::string unit(end);
    if (v > 0 && end != text->c_str() && unit.size() == 1 && units.count(unit[0])) {
      return v * units.at(unit[0]);
    }
  }
  return src.error(node, "memory: expected a number of bytes or \"64K\", \"512M\", \"2G\"");
}

// time, memory, instructions of [limits] or of a [[workload]] (which may have other keys).
Status parse_limits(const Source& src, const toml::table& table, Limits& limits) {
  if (const toml::node* n = table.get("time")) {
    auto v = parse_duration(src, *n);
    if (!v) return v.error();
    limits.time_seconds = *v;
  }
  if (const toml::node* n = table.get("memory")) {
    auto v = parse_bytes(src, *n);
    if (!v) return v.error();
    limits.memory_bytes = *v;
  }
  if (const toml::node* n = table.get("instructions")) {
    if (!n->is_integer() || *n->value<int64_t>() < 0) {
      return src.error(*n, "instructions: expected a count (0 = no limit)");
    }
    limits.instructions = *n->value<uint64_t>();
  }
  return ok_status();
}

Status parse_sweep_table(const Source& src, const toml::table& table, SweepSpec& spec) {
  if (auto s = check_keys(src, table, "[sweep]", {"mode", "config", "set"}); !s) return s;
  if (const toml::node* n = table.get("mode")) {
    const auto mode = n->value<std::string>();
    if (!n->is_string() || (*mode != "timing" && *mode != "functional")) {
      return src.error(*n, "mode: expected \"functional\" or \"timing\"");
    }
    spec.timing = *mode == "timing";
  }
  if (const toml::node* n = table.get("config")) {
    if (!n->is_string()) return src.error(*n, "config: expected the path of a machine file");
    spec.base_config = *n->value<std::string>();
    if (auto loaded = Config::from_toml_file(spec.base_config); !loaded) {
      return Error{fmt::format("{}: config: {}", src.at(n->source()), loaded.error().message)};
    }
  }
  if (const toml::node* n = table.get("set")) {
    if (!n->is_table()) return src.error(*n, "set: expected a table of key = value");
    auto common = assignments_of(src, *n->as_table());
    if (!common) return common.error();
    spec.common = std::move(*common);
  }
  return ok_status();
}

std::string string_or_empty(const toml::table& table, std::string_view key) {
  return table.get(key) ? table.get(key)->value<std::string>().value_or("") : "";
}

Result<Workload> parse_workload(const Source& src, const toml::table& table, const Limits& limits) {
  if (auto s = check_keys(src, table, "[[workload]]",
                          {"name", "run", "case", "kernel", "launches", "time", "memory",
                           "instructions"});
      !s) {
    return s.error();
  }
  Workload w;
  w.name = string_or_empty(table, "name");
  w.location = src.at(table.source());
  w.limits = limits;
  if (auto s = parse_limits(src, table, w.limits); !s) return s.error();
  const bool is_run = table.contains("run"), is_case = table.contains("case");
  const bool is_kernel = table.contains("kernel");
  if (int{is_run} + int{is_case} + int{is_kernel} != 1) {
    return Error{fmt::format(
        "{}: a workload has one of run = \"...\", case = \"DIR\" or kernel = \"NAME\"",
        w.location)};
  }
  w.kind = is_run ? WorkloadKind::Run : is_case ? WorkloadKind::Case : WorkloadKind::Kernel;
  const char* key = is_run ? "run" : is_case ? "case" : "kernel";
  w.text = string_or_empty(table, key);
  if (w.text.empty()) return src.error(*table.get(key), "expected non-empty text");
  if (is_kernel && std::find(src.kernels.begin(), src.kernels.end(), w.text) == src.kernels.end()) {
    return src.error(*table.get(key), fmt::format("no kernel '{}' in the suite's demo (the kernels: "
                                                  "{})",
                                                  w.text, fmt::join(src.kernels, ", ")));
  }
  if (const toml::node* n = table.get("launches")) {
    const toml::array* list = n->as_array();
    if (!list || is_run) return src.error(*n, "launches: a case workload's list of launch names");
    for (const toml::node& item : *list) {
      if (!item.is_string()) return src.error(item, "launches: expected launch names");
      w.launches.push_back(*item.value<std::string>());
    }
  }
  if (w.name.empty()) w.name = std::filesystem::path(w.text.substr(0, w.text.find(' '))).stem();
  return w;
}

Status parse_workloads(const Source& src, const toml::node& node, const Limits& limits,
                       SweepSpec& spec) {
  const toml::array* list = node.as_array();
  if (!list) return src.error(node, "workload: expected [[workload]] tables");
  std::set<std::string> names;
  for (const toml::node& item : *list) {
    if (!item.is_table()) return src.error(item, "workload: expected a table");
    auto w = parse_workload(src, *item.as_table(), limits);
    if (!w) return w.error();
    if (!names.insert(w->name).second) {
      return Error{fmt::format("{}: a second workload named '{}' (set name = \"...\")", w->location,
                               w->name)};
    }
    spec.workloads.push_back(std::move(*w));
  }
  return ok_status();
}

Status parse_fragments(const Source& src, const toml::table& table, SweepSpec& spec) {
  for (const auto& [name, node] : table) {
    if (!node.is_table()) return src.error(node, "fragments: expected [fragments.NAME] tables");
    auto assignments = assignments_of(src, *node.as_table());
    if (!assignments) return assignments.error();
    spec.fragments.push_back({std::string(name.str()), std::move(*assignments)});
  }
  std::stable_sort(spec.fragments.begin(), spec.fragments.end(),
                   [&](const Fragment& a, const Fragment& b) {
                     return table.get(a.name)->source().begin < table.get(b.name)->source().begin;
                   });
  return ok_status();
}

Status parse_axes(const Source& src, const toml::table& table, SweepSpec& spec) {
  std::vector<std::pair<std::string, const toml::node*>> leaves;
  collect_leaves(table, {}, leaves);
  for (const auto& [key, node] : leaves) {
    const toml::array* values = node->as_array();
    if (!values || values->empty())
      return src.error(*node, fmt::format("axis '{}': expected a non-empty list of values", key));
    Axis axis{key, {}};
    for (const toml::node& value : *values) {
      auto a = make_assignment(src, key, value);
      if (!a) return a.error();
      axis.values.push_back(std::move(*a));
    }
    spec.axes.push_back(std::move(axis));
  }
  return ok_status();
}

Status parse_root(const Source& src, const toml::table& root, SweepSpec& spec) {
  Limits limits;
  if (auto s = check_keys(src, root, "the sweep file",
                          {"sweep", "limits", "workload", "fragments", "axes"});
      !s) {
    return s;
  }
  using Section = std::function<Status(const toml::table&)>;
  const std::vector<std::pair<std::string_view, Section>> tables{
      {"sweep", [&](const toml::table& t) { return parse_sweep_table(src, t, spec); }},
      {"limits",
       [&](const toml::table& t) {
         if (auto s = check_keys(src, t, "[limits]", {"time", "memory", "instructions"}); !s)
           return s;
         return parse_limits(src, t, limits);
       }},
      {"fragments", [&](const toml::table& t) { return parse_fragments(src, t, spec); }},
      {"axes", [&](const toml::table& t) { return parse_axes(src, t, spec); }}};
  for (const auto& [name, parse] : tables) {
    const toml::node* node = root.get(name);
    if (!node) continue;
    if (!node->is_table())
      return src.error(*node, fmt::format("{}: expected a table [{}]", name, name));
    if (auto s = parse(*node->as_table()); !s) return s;
  }
  if (!root.contains("workload"))
    return Error{fmt::format("{}: no [[workload]]: nothing to run", src.name)};
  return parse_workloads(src, *root.get("workload"), limits, spec);
}

}  // namespace

Result<SweepSpec> load_sweep_file(const std::string& path, const std::vector<std::string>& kernels) {
  auto text = read_input_file(path, {.allow_stdin = false, .what = "sweep file"});
  if (!text) return text.error();
  const Source src{path, kernels};
  toml::table root;
  try {
    root = toml::parse(*text, path);
  } catch (const toml::parse_error& e) {
    return Error{fmt::format("{}: {}", src.at(e.source()), e.description())};
  }
  SweepSpec spec;
  spec.path = path;
  if (auto s = parse_root(src, root, spec); !s) return s.error();
  return spec;
}

}  // namespace ventus::sweep
