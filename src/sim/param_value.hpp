// Internal to sim/config*: typed parameter values, their parsing, checking and printing.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include <toml++/toml.h>
#include <nlohmann/json_fwd.hpp>

#include "common/result.hpp"
#include "sim/config.hpp"

namespace ventus::sim {

// A parameter's value independent of the width of the field that holds it.
using ParamValue = std::variant<bool, uint64_t, double, std::string>;
// The caller-owned field a declaration is bound to.
using ParamField = std::variant<bool*, uint32_t*, uint64_t*, double*, std::string*>;

struct ParamRegistry::Binding {
  ParamField field;
  ParamValue default_value;
};

// "--set" text: true/false, decimal or 0x hex integers, numbers, choices (quotes optional).
// The value is checked against the declaration (range, power of two, choices).
Result<ParamValue> parse_param_text(const ParamInfo& info, std::string_view text);
// A TOML leaf: booleans, integers, floats (or integers for Float), strings for Choice.
Result<ParamValue> parse_param_toml(const ParamInfo& info, const toml::node& node);

ParamValue read_param_field(const ParamField& field);
void write_param_field(const ParamField& field, const ParamValue& value);

std::string param_value_text(const ParamValue& value);  // as TOML text
nlohmann::json param_value_json(const ParamValue& value);

}  // namespace ventus::sim
