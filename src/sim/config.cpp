// ParamRegistry declarations, lookup and --set assignments (DESIGN.md §2.5).
#include "sim/config.hpp"

#include "common/excerpt.hpp"

#include <algorithm>
#include <cassert>

#include <fmt/format.h>

#include "sim/nearest_name.hpp"
#include "sim/param_value.hpp"

namespace ventus::sim {
namespace {

std::string_view trim(std::string_view text) {
  const size_t begin = text.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return {};
  const size_t end = text.find_last_not_of(" \t");
  return text.substr(begin, end - begin + 1);
}

ParamInfo make_info(std::string name, ParamType type, std::string unit, std::string description) {
  ParamInfo info;
  info.name = std::move(name);
  info.type = type;
  info.unit = std::move(unit);
  info.description = std::move(description);
  return info;
}

ParamInfo uint_info(std::string name, UIntRange range, uint64_t field_max, std::string unit,
                    std::string description) {
  ParamInfo info =
      make_info(std::move(name), ParamType::UInt, std::move(unit), std::move(description));
  assert(range.min <= range.max && range.min <= field_max);
  info.min_uint = range.min;
  info.max_uint = std::min(range.max, field_max);
  info.power_of_two = range.power_of_two;
  return info;
}

}  // namespace

ParamRegistry::ParamRegistry() = default;
ParamRegistry::~ParamRegistry() = default;

void ParamRegistry::add_binding(ParamInfo info, Binding binding) {
  assert(!info.name.empty() && find(info.name) == nullptr && "duplicate parameter name");
  binding.default_value = read_param_field(binding.field);
  info.default_text = param_value_text(binding.default_value);
  infos_.push_back(std::move(info));
  bindings_.push_back(std::move(binding));
}

void ParamRegistry::add(std::string name, bool& field, std::string unit, std::string description) {
  add_binding(make_info(std::move(name), ParamType::Bool, std::move(unit), std::move(description)),
              Binding{&field, {}});
}

void ParamRegistry::add(std::string name, uint32_t& field, UIntRange range, std::string unit,
                        std::string description) {
  add_binding(
      uint_info(std::move(name), range, UINT32_MAX, std::move(unit), std::move(description)),
      Binding{&field, {}});
}

void ParamRegistry::add(std::string name, uint64_t& field, UIntRange range, std::string unit,
                        std::string description) {
  add_binding(
      uint_info(std::move(name), range, UINT64_MAX, std::move(unit), std::move(description)),
      Binding{&field, {}});
}

void ParamRegistry::add(std::string name, double& field, FloatRange range, std::string unit,
                        std::string description) {
  ParamInfo info =
      make_info(std::move(name), ParamType::Float, std::move(unit), std::move(description));
  assert(range.min <= range.max);
  info.min_float = range.min;
  info.max_float = range.max;
  add_binding(std::move(info), Binding{&field, {}});
}

void ParamRegistry::add(std::string name, std::string& field, std::vector<std::string> choices,
                        std::string description) {
  ParamInfo info = make_info(std::move(name), ParamType::Choice, {}, std::move(description));
  info.choices = std::move(choices);  // empty: free text (a file name)
  add_binding(std::move(info), Binding{&field, {}});
}

Status ParamRegistry::set(std::string_view assignment) {
  const size_t equals = assignment.find('=');
  if (equals == std::string_view::npos || trim(assignment.substr(0, equals)).empty()) {
    return Error{fmt::format("expected key=value, not \"{}\"", assignment)};
  }
  return set(trim(assignment.substr(0, equals)), trim(assignment.substr(equals + 1)));
}

Status ParamRegistry::set(std::string_view key, std::string_view value_text) {
  const size_t index = index_of(key);
  if (index == infos_.size()) return unknown_param(key);
  Result<ParamValue> value = parse_param_text(infos_[index], value_text);
  if (!value) return value.error();
  write_param_field(bindings_[index].field, *value);
  return ok_status();
}

// A hostile key (a megabyte-long TOML key) is quoted as an excerpt and gets no suggestion.
Error ParamRegistry::unknown_param(std::string_view key) const {
  if (std::optional<std::string> near = nearest_name(key)) {
    return Error{fmt::format("unknown parameter '{}' (did you mean '{}'?)", key, *near)};
  }
  return Error{fmt::format("unknown parameter '{}'", excerpt(key, 80))};
}

size_t ParamRegistry::index_of(std::string_view name) const {
  for (size_t i = 0; i < infos_.size(); ++i) {
    if (infos_[i].name == name) return i;
  }
  return infos_.size();
}

const std::vector<ParamInfo>& ParamRegistry::params() const {
  return infos_;
}

const ParamInfo* ParamRegistry::find(std::string_view name) const {
  const size_t index = index_of(name);
  return index == infos_.size() ? nullptr : &infos_[index];
}

std::string ParamRegistry::value_text(std::string_view name) const {
  const size_t index = index_of(name);
  if (index == infos_.size()) return {};
  return param_value_text(read_param_field(bindings_[index].field));
}

std::optional<std::string> ParamRegistry::nearest_name(std::string_view name) const {
  std::vector<std::string_view> names;
  names.reserve(infos_.size());
  for (const ParamInfo& info : infos_) names.emplace_back(info.name);
  return sim::nearest_name(name, names);
}

ParamScope ParamScope::child(std::string_view name) const {
  return ParamScope(*registry_, full_name(name));
}

std::string ParamScope::full_name(std::string_view name) const {
  if (prefix_.empty()) return std::string(name);
  return fmt::format("{}.{}", prefix_, name);
}

}  // namespace ventus::sim
