// Edit distance and "did you mean" suggestions for misspelt dotted names.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ventus::sim {

// Levenshtein distance: insertions, deletions and substitutions each cost 1.
size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `query`, or nothing when none is reasonably close. A candidate is
// close when its full dotted name is within max(2, |query| / 3) edits, or when its last
// component ("sets" in "sm.l1d.sets") is within max(1, |last| / 4) edits of the query's last
// component; full-name matches win over last-component matches, then fewer edits, then the
// earlier candidate.
std::optional<std::string> nearest_name(std::string_view query,
                                        const std::vector<std::string_view>& candidates);

}  // namespace ventus::sim
