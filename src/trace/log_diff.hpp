// log_diff: compares two REF-format commit logs hart by hart (ISA.md §10.2 diff strategy).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "trace/commit_log_parser.hpp"

namespace ventus::trace {

struct DiffOptions {
  std::size_t max_diffs = 10;            // differences reported (the comparison stops after them)
  std::size_t context_lines = 0;         // preceding lines of the same hart shown per difference
  bool compare_disassembly_text = true;  // false: disassembly lines compare pc and word only
};

// One difference within one hart's sequence. A line number is 0 when that side has no
// line there (a line only in the other log).
struct Difference {
  uint32_t hart = 0;
  uint32_t line_a = 0;
  uint32_t line_b = 0;
  std::string text_a;
  std::string text_b;
  // What differs, e.g. "x10: 0x00000004 vs 0x00000008", "missing item mem 0x90002000"
  // (an item of A absent in B), "extra item ..." (an item of B absent in A).
  std::vector<std::string> details;
  std::vector<std::string>
      context_a;  // up to context_lines earlier lines of the hart, oldest first
  std::vector<std::string> context_b;
};

struct DiffResult {
  bool equal = true;
  uint32_t lines_a = 0;
  uint32_t lines_b = 0;
  uint32_t harts = 0;                   // distinct harts in either log
  std::vector<Difference> differences;  // ordered by line in A (then B)
  bool truncated = false;               // more differences exist than were reported
};

// Equal when every hart's sequence of entries is equal: per hart, in order, with the
// register/CSR items of a commit line compared as a set, vector values in the old and the
// current format compared by their elements, memory reads and writes compared in order.
// The interleaving of harts does not matter.
DiffResult diff_logs(const ParsedLog& a, const ParsedLog& b, const DiffOptions& options = {});

// Reads both files (unreadable or malformed input is an Error) and diffs them.
Result<DiffResult> diff_log_files(const std::string& path_a, const std::string& path_b,
                                  const DiffOptions& options = {});

// Human-readable report: the equivalence line, or every difference with its context.
std::string format_diff_report(const DiffResult& result, std::string_view name_a,
                               std::string_view name_b);

}  // namespace ventus::trace
