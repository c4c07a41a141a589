// describe_differences: logdiff's difference lines (model first, record second) worded for a
// golden-model mismatch: "expected <model's>, actual <record's>", vector elements by lane.
#include <fmt/format.h>

#include <cctype>

#include "runtime/golden_setup.hpp"

namespace ventus::golden {

namespace {

// "v3[5]" (logdiff's element notation) -> "v3 lane 5".
std::string name_lanes(std::string text) {
  for (size_t open = text.find('['); open != std::string::npos; open = text.find('[', open)) {
    const size_t close = text.find(']', open);
    size_t start = open;
    while (start > 0 && std::isdigit(static_cast<unsigned char>(text[start - 1])) != 0) --start;
    if (close == std::string::npos || start == open || start == 0 || text[start - 1] != 'v') {
      ++open;
      continue;
    }
    text.replace(open, close - open + 1, " lane " + text.substr(open + 1, close - open - 1));
  }
  return text;
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
