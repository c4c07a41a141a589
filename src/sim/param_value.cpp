// Typed parameter values: parsing from --set text and TOML leaves, checking, printing.
#include "sim/param_value.hpp"

#include "common/excerpt.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace ventus::sim {
namespace {

std::string quote_text(std::string_view text) {
  return fmt::format("\"{}\"", text);
}

std::string choice_list(const ParamInfo& info) {
  return fmt::format("{}", fmt::join(info.choices, "|"));
}

std::string format_double(double value) {
  std::string text = fmt::format("{}", value);
  // TOML floats need a fraction or an exponent; fmt prints 2.0 as "2".
  if (std::isfinite(value) && text.find_first_of(".e") == std::string::npos) text += ".0";
  return text;
}

// "'name' must be <what the declaration expects>, not <what was given>".
Error wrong_kind(const ParamInfo& info, std::string_view given) {
  std::string expected;
  switch (info.type) {
    case ParamType::Bool:
      expected = "true or false";
      break;
    case ParamType::UInt:
      expected = "an integer";
      break;
    case ParamType::Float:
      expected = "a number";
      break;
    case ParamType::Choice:
      expected = info.choices.empty() ? "a string" : "one of " + choice_list(info);
      break;
  }
  return Error{fmt::format("'{}' must be {}, not {}", info.name, expected, excerpt(given, 80))};
}

Error out_of_range(const ParamInfo& info, std::string_view value) {
  if (info.type == ParamType::Float) {
    return Error{fmt::format("'{}' = {} is out of range {}..{}", info.name, excerpt(value, 80),
                             format_double(info.min_float), format_double(info.max_float))};
  }
  return Error{fmt::format("'{}' = {} is out of range {}..{}", info.name, excerpt(value, 80),
                           info.min_uint, info.max_uint)};
}

Result<ParamValue> check_uint(const ParamInfo& info, uint64_t value) {
  if (value < info.min_uint || value > info.max_uint) {
    return out_of_range(info, std::to_string(value));
  }
  if (info.power_of_two && (value == 0 || (value & (value - 1)) != 0)) {
    return Error{fmt::format("'{}' = {} must be a power of two", info.name, value)};
  }
  return ParamValue{std::in_place_type<uint64_t>, value};
}

Result<ParamValue> check_float(const ParamInfo& info, double value) {
  if (!std::isfinite(value)) return wrong_kind(info, format_double(value));
  if (value < info.min_float || value > info.max_float) {
    return out_of_range(info, format_double(value));
  }
  return ParamValue{std::in_place_type<double>, value};
}

// A text parameter (no choices, e.g. a file name) takes any string.
Result<ParamValue> check_choice(const ParamInfo& info, std::string_view value) {
  if (!info.choices.empty() &&
      std::find(info.choices.begin(), info.choices.end(), value) == info.choices.end()) {
    return wrong_kind(info, quote_text(value));
  }
  return ParamValue{std::in_place_type<std::string>, std::string(value)};
}

Result<ParamValue> parse_uint_text(const ParamInfo& info, std::string_view text) {
  const bool negative = !text.empty() && text.front() == '-';
  std::string_view digits = negative ? text.substr(1) : text;
  int base = 10;
  if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
    digits.remove_prefix(2);
    base = 16;
  }
  uint64_t value = 0;
  const char* end = digits.data() + digits.size();
  const auto [ptr, error] = std::from_chars(digits.data(), end, value, base);
  const bool all_digits =
      !digits.empty() && std::all_of(digits.begin(), digits.end(), [base](char c) {
        return base == 16 ? std::isxdigit(static_cast<unsigned char>(c)) != 0
                          : c >= '0' && c <= '9';
      });
  if (!all_digits) return wrong_kind(info, quote_text(text));
  // A negative number, or one too large for 64 bits, is a number out of range.
  if (negative || error == std::errc::result_out_of_range) return out_of_range(info, text);
  if (error != std::errc() || ptr != end) return wrong_kind(info, quote_text(text));
  return check_uint(info, value);
}

Result<ParamValue> parse_float_text(const ParamInfo& info, std::string_view text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || ptr != end) return wrong_kind(info, quote_text(text));
  return check_float(info, value);
}

std::string_view unquote(std::string_view text) {
  if (text.size() >= 2 && text.front() == '"' && text.back() == '"') {
    return text.substr(1, text.size() - 2);
  }
  return text;
}

// How a TOML leaf is named in an error message: its value, or its kind for containers.
std::string describe_node(const toml::node& node) {
  if (const auto* s = node.as_string()) return quote_text(s->get());
  if (const auto* i = node.as_integer()) return std::to_string(i->get());
  if (const auto* f = node.as_floating_point()) return format_double(f->get());
  if (const auto* b = node.as_boolean()) return b->get() ? "true" : "false";
  if (node.is_array()) return "an array";
  if (node.is_table()) return "a table";
  if (node.is_date()) return "a date";
  if (node.is_time()) return "a time";
  return "a date-time";
}

}  // namespace

Result<ParamValue> parse_param_text(const ParamInfo& info, std::string_view text) {
  switch (info.type) {
    case ParamType::Bool:
      if (text == "true" || text == "false") return ParamValue{text == "true"};
      return wrong_kind(info, quote_text(text));
    case ParamType::UInt:
      return parse_uint_text(info, text);
    case ParamType::Float:
      return parse_float_text(info, text);
    case ParamType::Choice:
      return check_choice(info, unquote(text));
  }
  return wrong_kind(info, quote_text(text));
}

Result<ParamValue> parse_param_toml(const ParamInfo& info, const toml::node& node) {
  switch (info.type) {
    case ParamType::Bool:
      if (const auto* b = node.as_boolean()) return ParamValue{b->get()};
      break;
    case ParamType::UInt:
      if (const auto* i = node.as_integer()) {
        if (i->get() < 0) return out_of_range(info, std::to_string(i->get()));
        return check_uint(info, static_cast<uint64_t>(i->get()));
      }
      break;
    case ParamType::Float:
      if (const auto* f = node.as_floating_point()) return check_float(info, f->get());
      if (const auto* i = node.as_integer())
        return check_float(info, static_cast<double>(i->get()));
      break;
    case ParamType::Choice:
      if (const auto* s = node.as_string()) return check_choice(info, s->get());
      break;
  }
  return wrong_kind(info, describe_node(node));
}

ParamValue read_param_field(const ParamField& field) {
  return std::visit(
      [](auto* pointer) -> ParamValue {
        using Field = std::remove_pointer_t<decltype(pointer)>;
        if constexpr (std::is_same_v<Field, uint32_t>) {
          return ParamValue{std::in_place_type<uint64_t>, *pointer};
        } else {
          return ParamValue{std::in_place_type<Field>, *pointer};
        }
      },
      field);
}

void write_param_field(const ParamField& field, const ParamValue& value) {
  std::visit(
      [&value](auto* pointer) {
        using Field = std::remove_pointer_t<decltype(pointer)>;
        if constexpr (std::is_same_v<Field, uint32_t>) {
          // The declaration clamps the range of 32-bit fields, so this never truncates.
          *pointer = static_cast<uint32_t>(std::get<uint64_t>(value));
        } else {
          *pointer = std::get<Field>(value);
        }
      },
      field);
}

std::string param_value_text(const ParamValue& value) {
  return std::visit(
      [](const auto& v) -> std::string {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, bool>) {
          return v ? "true" : "false";
        } else if constexpr (std::is_same_v<V, uint64_t>) {
          return std::to_string(v);
        } else if constexpr (std::is_same_v<V, double>) {
          return format_double(v);
        } else {
          return nlohmann::json(v).dump();
        }
      },
      value);
}

nlohmann::json param_value_json(const ParamValue& value) {
  return std::visit([](const auto& v) { return nlohmann::json(v); }, value);
}

}  // namespace ventus::sim
