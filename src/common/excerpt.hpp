// excerpt: text from an input quoted in a message, cut so that a megabyte-long line is not
// echoed in full (issue 13).
#pragma once

#include <fmt/format.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace ventus {

// `text`, or its first `max` bytes followed by "... (N more bytes)".
inline std::string excerpt(std::string_view text, size_t max = 120) {
  if (text.size() <= max) return std::string(text);
  return fmt::format("{}... ({} more bytes)", text.substr(0, max), text.size() - max);
}

}  // namespace ventus
