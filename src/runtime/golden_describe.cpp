// describe_differences: logdiff's difference lines (model first, record second) worded for a
// golden-model mismatch: "expected <model's>, actual <record's>", vector elements by lane.
#include <fmt/format.h>

#include <regex>

#include "runtime/golden_setup.hpp"

namespace ventus::golden {

namespace {

// "v3[5]" (logdiff's element notation) -> "v3 lane 5".
std::string name_lanes(const std::string& text) {
  static const std::regex element(R"(\bv(\d+)\[(\d+)\])");
  return std::regex_replace(text, element, "v$1 lane $2");
}

std::string describe(const std::string& detail) {
  if (detail.starts_with("missing item ")) {
    return fmt::format("expected {}, actual none", detail.substr(13));
  }
  if (detail.starts_with("extra item ")) {
    return fmt::format("expected none, actual {}", detail.substr(11));
  }
  const size_t colon = detail.find(": ");
  const size_t vs = detail.find(" vs ", colon == std::string::npos ? 0 : colon);
  if (colon == std::string::npos || vs == std::string::npos) return detail;
  return fmt::format("{}: expected {}, actual {}", detail.substr(0, colon),
                     detail.substr(colon + 2, vs - colon - 2), detail.substr(vs + 4));
}

}  // namespace

std::string describe_differences(const std::vector<std::string>& details) {
  std::string text;
  for (const std::string& detail : details) {
    if (!text.empty()) text += "; ";
    text += name_lanes(describe(detail));
  }
  return text;
}

}  // namespace ventus::golden
