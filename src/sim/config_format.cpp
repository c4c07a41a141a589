// ParamRegistry output: the aligned parameter table and the JSON values and descriptions.
#include <nlohmann/json.hpp>

#include "sim/config.hpp"
#include "sim/param_value.hpp"
#include "sim/text_table.hpp"

namespace ventus::sim {
namespace {

const char* type_name(ParamType type) {
  switch (type) {
    case ParamType::Bool:
      return "bool";
    case ParamType::UInt:
      return "uint";
    case ParamType::Float:
      return "float";
    case ParamType::Choice:
      return "choice";
  }
  return "?";
}

// The declared rules of one parameter: range, power of two, choices.
void describe_rules(const ParamInfo& info, nlohmann::json& out) {
  switch (info.type) {
    case ParamType::Bool:
      break;
    case ParamType::UInt:
      out["min"] = info.min_uint;
      out["max"] = info.max_uint;
      if (info.power_of_two) out["power_of_two"] = true;
      break;
    case ParamType::Float:
      out["min"] = info.min_float;
      out["max"] = info.max_float;
      break;
    case ParamType::Choice:
      out["choices"] = info.choices;
      break;
  }
}

}  // namespace

std::string ParamRegistry::format_table() const {
  TextTable table;
  table.add_row({"name", "value", "unit", "description"});
  for (size_t i = 0; i < infos_.size(); ++i) {
    const ParamInfo& info = infos_[i];
    table.add_row({info.name, param_value_text(read_param_field(bindings_[i].field)), info.unit,
                   info.description});
  }
  return table.str();
}

nlohmann::json ParamRegistry::values_json() const {
  nlohmann::json out = nlohmann::json::object();
  for (size_t i = 0; i < infos_.size(); ++i) {
    out[infos_[i].name] = param_value_json(read_param_field(bindings_[i].field));
  }
  return out;
}

nlohmann::json ParamRegistry::describe_json() const {
  nlohmann::json out = nlohmann::json::array();
  for (size_t i = 0; i < infos_.size(); ++i) {
    const ParamInfo& info = infos_[i];
    nlohmann::json entry = {
        {"name", info.name},
        {"type", type_name(info.type)},
        {"value", param_value_json(read_param_field(bindings_[i].field))},
        {"default", param_value_json(bindings_[i].default_value)},
        {"unit", info.unit},
        {"description", info.description},
    };
    describe_rules(info, entry);
    out.push_back(std::move(entry));
  }
  return out;
}

}  // namespace ventus::sim
