// Parsing and printing of the run.sanitize list (docs/sanitizers.md).
#include "functional/sanitize/sanitize_checks.hpp"

#include <array>
#include <utility>

#include <fmt/format.h>

namespace ventus::functional {
namespace {

constexpr std::array<std::pair<std::string_view, uint8_t>, 4> kNames{{
    {"race", sanitize::kRace},
    {"init", sanitize::kInit},
    {"sync", sanitize::kSync},
    {"memcheck", sanitize::kMemcheck},
}};

Result<uint8_t> parse_item(std::string_view item) {
  if (item == "all") return sanitize::kAll;
  if (item == "none") return uint8_t{0};
  for (const auto& [name, bit] : kNames) {
    if (item == name) return bit;
  }
  return Error{
      fmt::format("unknown sanitizer '{}' (race, init, sync, memcheck, all or none)", item)};
}

}  // namespace

Result<uint8_t> parse_sanitize_checks(std::string_view list) {
  uint8_t checks = 0;
  while (!list.empty()) {
    const size_t comma = list.find(',');
    const std::string_view item = list.substr(0, comma);
    auto bits = parse_item(item);
    if (!bits) return bits.error();
    checks = static_cast<uint8_t>(checks | bits.value());
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return checks;
}

std::string sanitize_checks_name(uint8_t checks) {
  if (checks == 0) return "none";
  if (checks == sanitize::kAll) return "all";
  std::string out;
  for (const auto& [name, bit] : kNames) {
    if ((checks & bit) == 0) continue;
    if (!out.empty()) out += ',';
    out += name;
  }
  return out;
}

}  // namespace ventus::functional
