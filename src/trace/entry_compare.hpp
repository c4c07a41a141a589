// Comparison of two parsed log entries with a description of each difference (internal).
#pragma once

#include <string>
#include <vector>

#include "trace/commit_log_parser.hpp"
#include "trace/log_diff.hpp"

namespace ventus::trace::detail {

// Returns true when the entries are equivalent (ISA.md §10.2 diff strategy). When
// `details` is not null, appends one line per difference ("x10: 0x4 vs 0x8",
// "missing item mem 0x90002000" for an item only in `a`, "extra item ..." only in `b`).
bool compare_entries(const LogEntry& a, const LogEntry& b, const DiffOptions& options,
                     std::vector<std::string>* details);

}  // namespace ventus::trace::detail
