// Statistics output: snapshots of a registry, rendered as the aligned text table and the JSON
// values and descriptions.
#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "sim/stat_entry.hpp"
#include "sim/stat_snapshot.hpp"
#include "sim/text_table.hpp"

namespace ventus::sim {
namespace {

// Integers as integers, other numbers with up to 4 decimals (4 significant digits below 1).
std::string format_number(double value) {
  if (!std::isfinite(value)) return fmt::format("{}", value);
  if (std::abs(value) < 9.0e15 && value == std::trunc(value)) {
    return fmt::format("{}", static_cast<int64_t>(value));
  }
  if (std::abs(value) < 1) return fmt::format("{:.4g}", value);
  std::string text = fmt::format("{:.4f}", value);
  text.erase(text.find_last_not_of('0') + 1);
  if (text.back() == '.') text.pop_back();
  return text;
}

std::string comment(const StatInfo& info) {
  return info.description.empty() ? std::string() : "# " + info.description;
}

void add_vector_rows(TextTable& table, const StatInfo& info, const VectorStat& vector) {
  for (size_t i = 0; i < vector.size(); ++i) {
    table.add_row({fmt::format("{}[{}]", info.name, vector_element_name(vector, i)),
                   std::to_string(vector[i]), info.unit, comment(info)});
  }
}

void add_distribution_rows(TextTable& table, const StatInfo& info, const Distribution& d) {
  // The summary is wider than the numbers: it does not widen the value column of every row.
  table.add_row({info.name,
                 fmt::format("count={} mean={} min={} max={}", d.count(), format_number(d.mean()),
                             d.min_sample(), d.max_sample()),
                 info.unit, comment(info)},
                1);
  const uint64_t low = d.bucket_min();
  if (d.underflow() != 0)
    table.add_row({fmt::format("  [0, {})", low), std::to_string(d.underflow())});
  for (size_t k = 0; k < d.buckets().size(); ++k) {
    if (d.buckets()[k] == 0) continue;
    const uint64_t from = low + k * d.bucket_width();
    table.add_row(
        {fmt::format("  [{}, {})", from, from + d.bucket_width()), std::to_string(d.buckets()[k])});
  }
  const uint64_t high = low + d.buckets().size() * d.bucket_width();
  if (d.overflow() != 0) {
    table.add_row({fmt::format("  [{}, inf)", high), std::to_string(d.overflow())});
  }
}

nlohmann::json vector_json(const VectorStat& vector) {
  nlohmann::json out = nlohmann::json::object();
  for (size_t i = 0; i < vector.size(); ++i) out[vector_element_name(vector, i)] = vector[i];
  out["total"] = vector.total();
  return out;
}

nlohmann::json distribution_json(const Distribution& d) {
  return {{"count", d.count()},
          {"sum", d.sum()},
          {"mean", d.mean()},
          {"min", d.min_sample()},
          {"max", d.max_sample()},
          {"bucket_min", d.bucket_min()},
          {"bucket_width", d.bucket_width()},
          {"buckets", d.buckets()},
          {"underflow", d.underflow()},
          {"overflow", d.overflow()}};
}

nlohmann::json formula_json(double value) {
  if (!std::isfinite(value)) return nullptr;  // JSON has no NaN or infinity
  return value;
}

const char* kind_name(StatKind kind) {
  switch (kind) {
    case StatKind::Counter:
      return "counter";
    case StatKind::Vector:
      return "vector";
    case StatKind::Distribution:
      return "distribution";
    case StatKind::Formula:
      return "formula";
  }
  return "?";
}

}  // namespace

std::string StatSnapshot::format_text() const {
  TextTable table;
  for (size_t i = 0; i < values_.size(); ++i) {
    const StatInfo& info = (*infos_)[i];
    const Value& value = values_[i];
    if (auto* count = std::get_if<uint64_t>(&value)) {
      table.add_row({info.name, std::to_string(*count), info.unit, comment(info)});
    } else if (auto* vector = std::get_if<VectorStat>(&value)) {
      add_vector_rows(table, info, *vector);
    } else if (auto* distribution = std::get_if<Distribution>(&value)) {
      add_distribution_rows(table, info, *distribution);
    } else {
      table.add_row({info.name, format_number(std::get<double>(value)), info.unit, comment(info)});
    }
  }
  return table.str();
}

nlohmann::json StatSnapshot::values_json() const {
  nlohmann::json out = nlohmann::json::object();
  for (size_t i = 0; i < values_.size(); ++i) {
    const Value& value = values_[i];
    nlohmann::json& slot = out[(*infos_)[i].name];
    if (auto* count = std::get_if<uint64_t>(&value)) {
      slot = *count;
    } else if (auto* vector = std::get_if<VectorStat>(&value)) {
      slot = vector_json(*vector);
    } else if (auto* distribution = std::get_if<Distribution>(&value)) {
      slot = distribution_json(*distribution);
    } else {
      slot = formula_json(std::get<double>(value));
    }
  }
  return out;
}

nlohmann::json StatSnapshot::describe_json() const {
  nlohmann::json out = nlohmann::json::object();
  if (!infos_) return out;
  for (const StatInfo& info : *infos_) {
    out[info.name] = {
        {"kind", kind_name(info.kind)}, {"unit", info.unit}, {"description", info.description}};
  }
  return out;
}

nlohmann::json launch_object(std::string_view kernel, nlohmann::json config,
                             std::optional<uint64_t> cycles, const StatSnapshot& stats) {
  nlohmann::json out;
  out["kernel"] = kernel;
  out["config"] = std::move(config);
  if (cycles) out["cycles"] = *cycles;
  out["stats"] = stats.values_json();
  out["stat_info"] = stats.describe_json();
  return out;
}

StatSnapshot StatRegistry::snapshot() const {
  StatSnapshot out = descriptions();
  out.values_.reserve(entries_.size());
  for (const Entry& entry : entries_) {
    if (auto* counter = std::get_if<Counter*>(&entry.stat)) {
      out.values_.emplace_back((*counter)->value);
    } else if (auto* vector = std::get_if<VectorStat*>(&entry.stat)) {
      out.values_.emplace_back(**vector);
    } else if (auto* distribution = std::get_if<Distribution*>(&entry.stat)) {
      out.values_.emplace_back(**distribution);
    } else {
      out.values_.emplace_back(std::get<std::function<double()>>(entry.stat)());
    }
  }
  return out;
}

std::string StatRegistry::format_text() const {
  return snapshot().format_text();
}

nlohmann::json StatRegistry::values_json() const {
  return snapshot().values_json();
}

nlohmann::json StatRegistry::describe_json() const {
  return descriptions().describe_json();
}

StatSnapshot StatRegistry::descriptions() const {
  if (!shared_infos_) shared_infos_ = std::make_shared<const std::vector<StatInfo>>(infos_);
  StatSnapshot out;
  out.infos_ = shared_infos_;
  return out;
}

}  // namespace ventus::sim
