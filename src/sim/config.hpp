// Typed, declared configuration parameters (DESIGN.md §2.5): registry, TOML loading, --set.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "common/result.hpp"

namespace ventus::sim {

enum class ParamType : uint8_t { Bool, UInt, Float, Choice };

// What a declaration says about one parameter (gem5's Param, GPGPU-Sim's option registry).
struct ParamInfo {
  std::string name;  // dotted, e.g. "sm.l1d.sets"
  ParamType type = ParamType::UInt;
  std::string unit;         // "cycles", "bytes", "" for plain counts and flags
  std::string description;  // one line
  uint64_t min_uint = 0;    // UInt: inclusive range
  uint64_t max_uint = 0;
  double min_float = 0;  // Float: inclusive range
  double max_float = 0;
  std::vector<std::string> choices;  // Choice: the accepted spellings
  bool power_of_two = false;         // UInt: the value must be a power of two
  std::string default_text;          // the field's value when it was declared
};

struct UIntRange {
  uint64_t min = 0;
  uint64_t max = UINT64_MAX;
  bool power_of_two = false;
};

struct FloatRange {
  double min = 0;
  double max = 1e300;
};

// Binds declared names to fields of a caller-owned parameter struct. The registry edits the
// fields in place (TOML, --set) and reads them back (printing); the struct must outlive it
// and not move. Names are unique (a duplicate declaration is a programming error: assert).
class ParamRegistry {
 public:
  ParamRegistry();  // out of line: Binding is complete only in the .cpp files
  ParamRegistry(const ParamRegistry&) = delete;
  ParamRegistry& operator=(const ParamRegistry&) = delete;

  void add(std::string name, bool& field, std::string unit, std::string description);
  void add(std::string name, uint32_t& field, UIntRange range, std::string unit,
           std::string description);
  void add(std::string name, uint64_t& field, UIntRange range, std::string unit,
           std::string description);
  void add(std::string name, double& field, FloatRange range, std::string unit,
           std::string description);
  // A string: one of `choices`, or any text when `choices` is empty (a file name).
  void add(std::string name, std::string& field, std::vector<std::string> choices,
           std::string description);

  // "key=value" (the --set syntax). Errors name the key and the broken rule; an unknown
  // key names the nearest known one ("did you mean 'sm.l1d.sets'?").
  Status set(std::string_view assignment);
  Status set(std::string_view key, std::string_view value_text);
  // A TOML file: tables give the dotted prefix ([sm.l1d] sets = 32 is "sm.l1d.sets").
  // Errors: "<path>:<line>:<column>: <what>", with the nearest name for unknown keys.
  Status load_toml_file(const std::string& path);
  Status load_toml_text(std::string_view text, std::string_view source_name);

  const std::vector<ParamInfo>& params() const;  // in declaration order
  const ParamInfo* find(std::string_view name) const;
  std::string value_text(std::string_view name) const;  // current value as TOML text
  std::optional<std::string> nearest_name(std::string_view name) const;

  // Aligned table "name  value  unit  description", one row per parameter.
  std::string format_table() const;
  // {"<name>": value, ...} with JSON numbers, booleans and strings.
  nlohmann::json values_json() const;
  // [{"name","value","unit","description","default", "min"/"max" or "choices"}, ...]
  nlohmann::json describe_json() const;

 private:
  struct Binding;  // the bound field and its declared default (sim/param_value.hpp)
  void add_binding(ParamInfo info, Binding binding);
  size_t index_of(std::string_view name) const;  // infos_.size() when unknown
  Error unknown_param(std::string_view key) const;

  std::vector<ParamInfo> infos_;
  std::vector<Binding> bindings_;  // parallel to infos_
 public:
  ~ParamRegistry();
};

// A dotted prefix inside a registry, so each component declares names relative to itself:
//   void L1Params::declare(ParamScope s) { s.add("sets", sets, {1, 4096, true}, "", "..."); }
//   l1.declare(root.child("sm").child("l1d"));   // -> "sm.l1d.sets"
class ParamScope {
 public:
  ParamScope(ParamRegistry& registry, std::string prefix = {})
      : registry_(&registry), prefix_(std::move(prefix)) {}
  ParamScope child(std::string_view name) const;

  template <typename Field, typename... Rest>
  void add(std::string_view name, Field& field, Rest&&... rest) const {
    registry_->add(full_name(name), field, std::forward<Rest>(rest)...);
  }
  // The same declarations with braced arguments ({1, 4096, true}, {"lru", "fifo"}), which
  // the forwarding template above cannot deduce.
  void add(std::string_view name, uint32_t& field, UIntRange range, std::string unit,
           std::string description) const {
    registry_->add(full_name(name), field, range, std::move(unit), std::move(description));
  }
  void add(std::string_view name, uint64_t& field, UIntRange range, std::string unit,
           std::string description) const {
    registry_->add(full_name(name), field, range, std::move(unit), std::move(description));
  }
  void add(std::string_view name, double& field, FloatRange range, std::string unit,
           std::string description) const {
    registry_->add(full_name(name), field, range, std::move(unit), std::move(description));
  }
  void add(std::string_view name, std::string& field, std::vector<std::string> choices,
           std::string description) const {
    registry_->add(full_name(name), field, std::move(choices), std::move(description));
  }

 private:
  std::string full_name(std::string_view name) const;
  ParamRegistry* registry_;
  std::string prefix_;
};

}  // namespace ventus::sim
