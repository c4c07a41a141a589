// Registered statistics: vectors, distributions, the registry's registration and reset.
#include "sim/stats.hpp"

#include <algorithm>
#include <cassert>
#include <numeric>

#include <fmt/format.h>

#include "sim/stat_entry.hpp"

namespace ventus::sim {

void VectorStat::set_labels(std::vector<std::string> labels) {
  labels_ = std::move(labels);
  if (values_.empty()) values_.assign(labels_.size(), 0);
}

uint64_t VectorStat::total() const {
  return std::accumulate(values_.begin(), values_.end(), uint64_t{0});
}

void VectorStat::reset() {
  std::fill(values_.begin(), values_.end(), 0);
}

std::string vector_element_name(const VectorStat& vector, size_t index) {
  if (index < vector.labels().size()) return vector.labels()[index];
  return std::to_string(index);
}

Distribution::Distribution(uint64_t min, uint64_t bucket_width, size_t buckets)
    : min_(min), width_(bucket_width), buckets_(buckets, 0) {
  assert(bucket_width > 0 && buckets > 0);
}

void Distribution::sample(uint64_t value, uint64_t times) {
  if (times == 0) return;
  min_seen_ = count_ == 0 ? value : std::min(min_seen_, value);
  max_seen_ = count_ == 0 ? value : std::max(max_seen_, value);
  count_ += times;
  sum_ += value * times;
  if (value < min_) {
    underflow_ += times;
    return;
  }
  const uint64_t bucket = (value - min_) / width_;
  if (bucket >= buckets_.size()) {
    overflow_ += times;
  } else {
    buckets_[bucket] += times;
  }
}

void Distribution::reset() {
  std::fill(buckets_.begin(), buckets_.end(), 0);
  underflow_ = overflow_ = count_ = sum_ = min_seen_ = max_seen_ = 0;
}

StatRegistry::StatRegistry() = default;
StatRegistry::~StatRegistry() = default;

void StatRegistry::add_entry(StatInfo info, Entry entry) {
  assert(!info.name.empty() && find(info.name) == nullptr && "duplicate stat name");
  infos_.push_back(std::move(info));
  entries_.push_back(std::move(entry));
  shared_infos_.reset();
}

void StatRegistry::add(std::string name, Counter& counter, std::string unit,
                       std::string description) {
  add_entry({std::move(name), StatKind::Counter, std::move(unit), std::move(description)},
            Entry{&counter});
}

void StatRegistry::add(std::string name, VectorStat& vector, std::string unit,
                       std::string description) {
  add_entry({std::move(name), StatKind::Vector, std::move(unit), std::move(description)},
            Entry{&vector});
}

void StatRegistry::add(std::string name, Distribution& distribution, std::string unit,
                       std::string description) {
  add_entry({std::move(name), StatKind::Distribution, std::move(unit), std::move(description)},
            Entry{&distribution});
}

void StatRegistry::add_formula(std::string name, std::function<double()> formula, std::string unit,
                               std::string description) {
  assert(formula);
  add_entry({std::move(name), StatKind::Formula, std::move(unit), std::move(description)},
            Entry{std::move(formula)});
}

void StatRegistry::reset() {
  for (Entry& entry : entries_) {
    if (auto* counter = std::get_if<Counter*>(&entry.stat)) (*counter)->value = 0;
    if (auto* vector = std::get_if<VectorStat*>(&entry.stat)) (*vector)->reset();
    if (auto* distribution = std::get_if<Distribution*>(&entry.stat)) (*distribution)->reset();
  }
}

const std::vector<StatInfo>& StatRegistry::stats() const {
  return infos_;
}

size_t StatRegistry::index_of(std::string_view name) const {
  for (size_t i = 0; i < infos_.size(); ++i) {
    if (infos_[i].name == name) return i;
  }
  return infos_.size();
}

const StatInfo* StatRegistry::find(std::string_view name) const {
  const size_t index = index_of(name);
  return index == infos_.size() ? nullptr : &infos_[index];
}

double StatRegistry::value(std::string_view name) const {
  const size_t index = index_of(name);
  if (index == infos_.size()) return 0;
  const auto& stat = entries_[index].stat;
  if (auto* counter = std::get_if<Counter*>(&stat)) return static_cast<double>((*counter)->value);
  if (auto* vector = std::get_if<VectorStat*>(&stat))
    return static_cast<double>((*vector)->total());
  if (auto* distribution = std::get_if<Distribution*>(&stat)) {
    return static_cast<double>((*distribution)->count());
  }
  return std::get<std::function<double()>>(stat)();
}

StatScope StatScope::child(std::string_view name) const {
  return StatScope(*registry_, full_name(name));
}

std::string StatScope::full_name(std::string_view name) const {
  if (prefix_.empty()) return std::string(name);
  return fmt::format("{}.{}", prefix_, name);
}

}  // namespace ventus::sim
