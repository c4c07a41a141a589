// Assembler diagnostics: errors as values with file:line:column, the source line and a caret.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ventus::as {

struct Diagnostic {
  std::string file;
  uint32_t line = 0;    // 1-based; 0 = no position (e.g. a link-level error)
  uint32_t column = 0;  // 1-based
  std::string message;
  std::string source_line;  // the offending line, shown with a caret under `column`
};

using Diagnostics = std::vector<Diagnostic>;

// "file:line:column: error: message\n  <line>\n  <caret>\n" for each diagnostic, in order.
// Formats at most `limit` diagnostics (file:line:column, the line, a caret) and, when some
// are left out, one closing line saying how many (tools pass kErrorLimit, like clang's
// -ferror-limit, so a wrong file does not flood the terminal).
inline constexpr size_t kErrorLimit = 20;
std::string format_diagnostics(std::span<const Diagnostic> diagnostics, size_t limit = SIZE_MAX);

// Levenshtein distance (for "did you mean" suggestions).
size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `word` when it is close enough to be a plausible typo.
std::string nearest_name(std::string_view word, std::span<const std::string_view> candidates);

}  // namespace ventus::as
