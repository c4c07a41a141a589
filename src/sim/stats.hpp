// Registered statistics (DESIGN.md §2.5): counters, vectors, distributions and formulas owned
// by the components that count them, reset and dumped per launch as text and JSON.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace ventus::sim {

class StatSnapshot;

// A plain event count. Components keep these as members and increment them on their hot
// path (no lookup, no virtual call); the registry only holds a pointer.
struct Counter {
  uint64_t value = 0;
  Counter& operator++() {
    ++value;
    return *this;
  }
  Counter& operator+=(uint64_t n) {
    value += n;
    return *this;
  }
};

// One counter per index (per SM, per warp slot, per unit class), with optional labels
// ("alu", "lsu", ...) used as the element names in dumps; without labels elements are
// named by index.
class VectorStat {
 public:
  void resize(size_t size) { values_.assign(size, 0); }
  void set_labels(std::vector<std::string> labels);
  uint64_t& operator[](size_t i) { return values_[i]; }
  uint64_t operator[](size_t i) const { return values_[i]; }
  size_t size() const { return values_.size(); }
  uint64_t total() const;
  const std::vector<std::string>& labels() const { return labels_; }
  void reset();  // zeroes the values, keeps the size and labels

 private:
  std::vector<uint64_t> values_;
  std::vector<std::string> labels_;
};

// A histogram of samples with fixed-width buckets [min + k·width, min + (k+1)·width);
// samples below min go to an underflow count, at or above the last bucket to overflow.
// Also keeps count, sum, min and max of the samples.
class Distribution {
 public:
  Distribution(uint64_t min = 0, uint64_t bucket_width = 1, size_t buckets = 16);
  void sample(uint64_t value, uint64_t times = 1);
  void reset();

  uint64_t count() const { return count_; }
  uint64_t sum() const { return sum_; }
  uint64_t min_sample() const { return count_ ? min_seen_ : 0; }
  uint64_t max_sample() const { return max_seen_; }
  double mean() const {
    return count_ ? static_cast<double>(sum_) / static_cast<double>(count_) : 0;
  }
  uint64_t bucket_min() const { return min_; }
  uint64_t bucket_width() const { return width_; }
  const std::vector<uint64_t>& buckets() const { return buckets_; }
  uint64_t underflow() const { return underflow_; }
  uint64_t overflow() const { return overflow_; }

 private:
  uint64_t min_, width_;
  std::vector<uint64_t> buckets_;
  uint64_t underflow_ = 0, overflow_ = 0;
  uint64_t count_ = 0, sum_ = 0, min_seen_ = 0, max_seen_ = 0;
};

enum class StatKind : uint8_t { Counter, Vector, Distribution, Formula };

struct StatInfo {
  std::string name;  // dotted, e.g. "functional.warp_instructions", "sm.l1d.hits"
  StatKind kind = StatKind::Counter;
  std::string unit;  // "instructions", "bytes", "cycles", "ratio", ...
  std::string description;
};

// The statistics of one simulation. The registry holds pointers to stats owned by the
// components (which must outlive it or unregister by being destroyed after it is no longer
// dumped); formulas are functions evaluated when dumped. Names are unique (assert).
class StatRegistry {
 public:
  StatRegistry();  // out of line: Entry is complete only in the .cpp files
  StatRegistry(const StatRegistry&) = delete;
  StatRegistry& operator=(const StatRegistry&) = delete;

  void add(std::string name, Counter& counter, std::string unit, std::string description);
  void add(std::string name, VectorStat& vector, std::string unit, std::string description);
  void add(std::string name, Distribution& distribution, std::string unit, std::string description);
  void add_formula(std::string name, std::function<double()> formula, std::string unit,
                   std::string description);

  // Zeroes every counter, vector and distribution (formulas are derived, nothing to reset).
  void reset();

  const std::vector<StatInfo>& stats() const;  // in registration order
  const StatInfo* find(std::string_view name) const;
  // Current value of a counter or formula by name (vectors: their total; distributions:
  // their count); 0 when there is no such stat. For tests and summaries.
  double value(std::string_view name) const;

  // The values now (formulas evaluated now), to render later (sim/stat_snapshot.hpp).
  StatSnapshot snapshot() const;

  // Aligned text table: "name  value  unit  # description"; a vector prints one row per
  // element ("name[label]"), a distribution its count/mean/min/max then its non-empty
  // buckets.
  std::string format_text() const;
  // {"<name>": value}: counters and formulas are numbers, vectors {"<label or index>": n}
  // plus "total", distributions {"count","sum","mean","min","max","bucket_min",
  // "bucket_width","buckets":[...],"underflow","overflow"}.
  nlohmann::json values_json() const;
  // {"<name>": {"kind","unit","description"}} for every stat.
  nlohmann::json describe_json() const;

 private:
  struct Entry;  // a pointer to the stat or the formula (sim/stat_entry.hpp)
  void add_entry(StatInfo info, Entry entry);
  size_t index_of(std::string_view name) const;  // infos_.size() when unknown
  StatSnapshot descriptions() const;             // a snapshot without values

  std::vector<StatInfo> infos_;
  std::vector<Entry> entries_;  // parallel to infos_
  // A copy of infos_ shared by snapshots; dropped when a statistic is registered.
  mutable std::shared_ptr<const std::vector<StatInfo>> shared_infos_;

 public:
  ~StatRegistry();
};

// A dotted prefix inside a registry, like ParamScope: s.child("l1d").add("hits", hits_, ...).
class StatScope {
 public:
  StatScope(StatRegistry& registry, std::string prefix = {})
      : registry_(&registry), prefix_(std::move(prefix)) {}
  StatScope child(std::string_view name) const;

  template <typename Stat, typename... Rest>
  void add(std::string_view name, Stat& stat, Rest&&... rest) const {
    registry_->add(full_name(name), stat, std::forward<Rest>(rest)...);
  }
  void add_formula(std::string_view name, std::function<double()> formula, std::string unit,
                   std::string description) const {
    registry_->add_formula(full_name(name), std::move(formula), std::move(unit),
                           std::move(description));
  }

 private:
  std::string full_name(std::string_view name) const;
  StatRegistry* registry_;
  std::string prefix_;
};

}  // namespace ventus::sim
