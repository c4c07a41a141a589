// MachineConfig: the TOML machine description (configs/*.toml) and key=value overrides.
#include <fmt/format.h>
#include <toml++/toml.h>
#include <charconv>

#include "ventus/runtime.hpp"

namespace ventus {
namespace {

// Unsigned fields by key; ref_compat is the one boolean.
template <typename T>
Status assign_unsigned(T& field, uint64_t value, std::string_view key) {
  if (value > static_cast<uint64_t>(static_cast<T>(~T{0}))) {
    return Error{fmt::format("'{}' = {} is out of range", key, value)};
  }
  field = static_cast<T>(value);
  return ok_status();
}

Status assign_number(MachineConfig& c, std::string_view key, uint64_t value) {
  if (key == "sm_count") return assign_unsigned(c.sm_count, value, key);
  if (key == "warp_slots_per_sm") return assign_unsigned(c.warp_slots_per_sm, value, key);
  if (key == "threads_per_warp") return assign_unsigned(c.threads_per_warp, value, key);
  if (key == "local_memory_bytes") return assign_unsigned(c.local_memory_bytes, value, key);
  if (key == "private_memory_bytes_per_thread") {
    return assign_unsigned(c.private_memory_bytes_per_thread, value, key);
  }
  if (key == "print_buffer_bytes") return assign_unsigned(c.print_buffer_bytes, value, key);
  if (key == "max_warp_instructions") return assign_unsigned(c.max_warp_instructions, value, key);
  return Error{fmt::format("unknown machine configuration key '{}'", key)};
}

Result<uint64_t> parse_number(std::string_view text) {
  int base = 10;
  if (text.starts_with("0x") || text.starts_with("0X")) {
    base = 16;
    text.remove_prefix(2);
  }
  uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
    return Error{fmt::format("'{}' is not a non-negative integer", text)};
  }
  return value;
}

}  // namespace

Status MachineConfig::validate() const {
  const MachineConfig& c = *this;
  const unsigned t = c.threads_per_warp;
  if (t == 0 || t > 32 || (t & (t - 1)) != 0) {
    return Error{fmt::format("threads_per_warp = {} must be a power of two in 1..32", t)};
  }
  if (c.sm_count == 0) return Error{"sm_count must be at least 1"};
  if (c.warp_slots_per_sm == 0) return Error{"warp_slots_per_sm must be at least 1"};
  if (c.local_memory_bytes < c.warp_slots_per_sm * 1024u) {
    return Error{fmt::format("local_memory_bytes = {} cannot hold the warps' 1 KiB stacks",
                             c.local_memory_bytes)};
  }
  return ok_status();
}

Status MachineConfig::set(std::string_view assignment) {
  const size_t eq = assignment.find('=');
  if (eq == std::string_view::npos) {
    return Error{fmt::format("'{}' is not of the form key=value", assignment)};
  }
  const std::string_view key = assignment.substr(0, eq);
  const std::string_view value = assignment.substr(eq + 1);
  if (key == "ref_compat") {
    if (value != "true" && value != "false") {
      return Error{fmt::format("ref_compat must be true or false, not '{}'", value)};
    }
    ref_compat = value == "true";
    return ok_status();
  }
  auto number = parse_number(value);
  if (!number) return Error{fmt::format("'{}': {}", key, number.error().message)};
  return assign_number(*this, key, *number);
}

Result<MachineConfig> MachineConfig::from_toml_file(const std::string& path) {
  toml::table table;
  try {
    table = toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    const auto& where = e.source().begin;
    return Error{fmt::format("{}:{}:{}: {}", path, where.line, where.column, e.description())};
  }
  MachineConfig config;
  for (auto&& [key, node] : table) {
    const std::string_view name = key.str();
    Status status = ok_status();
    if (name == "ref_compat") {
      if (!node.is_boolean()) return Error{fmt::format("{}: 'ref_compat' must be a boolean", path)};
      config.ref_compat = node.as_boolean()->get();
    } else if (!node.is_integer() || node.as_integer()->get() < 0) {
      status = assign_number(config, name, 0);  // an unknown key is reported as such
      if (status) status = Error{fmt::format("'{}' must be a non-negative integer", name)};
    } else {
      status = assign_number(config, name, static_cast<uint64_t>(node.as_integer()->get()));
    }
    if (!status) return Error{fmt::format("{}: {}", path, status.error().message)};
  }
  if (auto valid = config.validate(); !valid) {
    return Error{fmt::format("{}: {}", path, valid.error().message)};
  }
  return config;
}

}  // namespace ventus
