// Diagnostic formatting and the edit-distance suggestion helper.
#include "asm/diagnostics.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ventus::as {

std::string format_diagnostics(std::span<const Diagnostic> diagnostics, size_t limit) {
  std::string out;
  if (diagnostics.size() > limit) {
    const size_t hidden = diagnostics.size() - limit;
    return format_diagnostics(diagnostics.first(limit)) +
           fmt::format("{} more error(s) not shown; is this an assembly file?\n", hidden);
  }
  for (const Diagnostic& d : diagnostics) {
    if (d.line == 0) {
      out += fmt::format("{}: error: {}\n", d.file, d.message);
      continue;
    }
    out += fmt::format("{}:{}:{}: error: {}\n", d.file, d.line, d.column, d.message);
    // A long line is shown as a window around the column, so a megabyte-long line is not
    // echoed (issue 13); "..." marks what is cut.
    constexpr size_t kWindow = 160;
    const size_t column = d.column == 0 ? 0 : d.column - 1;
    size_t first = 0;
    if (d.source_line.size() > kWindow && column > kWindow / 2) {
      first = std::min(column - kWindow / 2, d.source_line.size() - kWindow);
    }
    const std::string_view shown = std::string_view(d.source_line).substr(first, kWindow);
    const std::string before = first > 0 ? "..." : "";
    const std::string after = first + shown.size() < d.source_line.size() ? "..." : "";
    // Tabs are kept in the caret line so the caret lines up under the column.
    std::string caret(before.size(), ' ');
    for (size_t i = first; i < column && i < first + shown.size(); ++i) {
      caret += d.source_line[i] == '\t' ? '\t' : ' ';
    }
    out += fmt::format("  {}{}{}\n  {}^\n", before, shown, after, caret);
  }
  return out;
}

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string nearest_name(std::string_view word, std::span<const std::string_view> candidates) {
  if (word.size() > 64) return {};
  std::string_view best;
  size_t best_distance = SIZE_MAX;
  for (std::string_view c : candidates) {
    const size_t d = edit_distance(word, c);
    if (d < best_distance) best_distance = d, best = c;
  }
  // A suggestion is useful only when fewer than half of the letters differ.
  if (best.empty() || best_distance == 0 || best_distance * 2 >= std::max<size_t>(word.size(), 2)) {
    return {};
  }
  return std::string(best);
}

}  // namespace ventus::as
