// SanitizeChecks: which sanitizers a launch runs (--sanitize race,init,sync,memcheck|all,
// docs/sanitizers.md), parsed from and printed as the run.sanitize list.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "common/result.hpp"

namespace ventus::functional {

namespace sanitize {
inline constexpr uint8_t kRace = 1u << 0;      // unordered conflicting accesses
inline constexpr uint8_t kInit = 1u << 1;      // reads of bytes no one wrote
inline constexpr uint8_t kSync = 1u << 2;      // barrier misuse
inline constexpr uint8_t kMemcheck = 1u << 3;  // accesses outside every buffer (memcheck.hpp)
inline constexpr uint8_t kAll = kRace | kInit | kSync | kMemcheck;
}  // namespace sanitize

// The checks and how many examples each distinct finding keeps.
struct SanitizeOptions {
  uint8_t checks = 0;  // sanitize:: bits; 0 = off
  uint32_t examples = 1;
  // The checks that need the sanitizer observer (memcheck is the engine's own policy).
  bool observes() const {
    return (checks & (sanitize::kRace | sanitize::kInit | sanitize::kSync)) != 0;
  }
};

// "race,init", "all", "none" or "" (off): the bits, or an error naming the unknown item.
Result<uint8_t> parse_sanitize_checks(std::string_view list);
// The canonical list: "none", "all" or the names in the order race, init, sync, memcheck.
std::string sanitize_checks_name(uint8_t checks);

}  // namespace ventus::functional
