// Edit distance and "did you mean" suggestions for misspelt dotted names.
#include "sim/nearest_name.hpp"

#include <algorithm>
#include <numeric>
#include <tuple>

namespace ventus::sim {

size_t edit_distance(std::string_view a, std::string_view b) {
  // One row of the dynamic-programming table: row[j] = distance(a[0..i), b[0..j)).
  std::vector<size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), size_t{0});
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      const size_t substitute = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      row[j] = std::min({above + 1, row[j - 1] + 1, substitute});
      diagonal = above;
    }
  }
  return row[b.size()];
}

namespace {

std::string_view last_component(std::string_view name) {
  const size_t dot = name.rfind('.');
  return dot == std::string_view::npos ? name : name.substr(dot + 1);
}

}  // namespace

std::optional<std::string> nearest_name(std::string_view query,
                                        const std::vector<std::string_view>& candidates) {
  // No parameter name is this long: a suggestion would cost O(length) per candidate for
  // nothing (a megabyte-long TOML key took seconds, issue 13).
  constexpr size_t kLongest = 128;
  if (query.size() > kLongest) return std::nullopt;
  const size_t full_limit = std::max<size_t>(2, query.size() / 3);
  const std::string_view query_last = last_component(query);
  const size_t last_limit = std::max<size_t>(1, query_last.size() / 4);
  // Rank: (0 for a full-name match, 1 for a last-component match, edits); lower is better.
  std::optional<std::tuple<int, size_t>> best_rank;
  std::optional<std::string> best;
  for (std::string_view candidate : candidates) {
    const size_t full = edit_distance(query, candidate);
    std::tuple<int, size_t> rank{0, full};
    if (full > full_limit) {
      const size_t last = edit_distance(query_last, last_component(candidate));
      if (last > last_limit) continue;
      rank = {1, full};
    }
    if (!best_rank || rank < *best_rank) {
      best_rank = rank;
      best = std::string(candidate);
    }
  }
  return best;
}

}  // namespace ventus::sim
