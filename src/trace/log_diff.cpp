// log_diff: per-hart alignment of two parsed logs and the text report of their differences.
#include "trace/log_diff.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <utility>

#include "trace/entry_compare.hpp"

namespace ventus::trace {

namespace {

// How far ahead a dropped or added line is looked for before calling two lines different.
constexpr std::size_t kResyncWindow = 16;

// A difference with the A-side line it sorts by (the next A line for a line only in B).
using AnchoredDifference = std::pair<uint32_t, Difference>;

class HartDiffer {
 public:
  HartDiffer(const ParsedLog& a, const ParsedLog& b, std::span<const uint32_t> seq_a,
             std::span<const uint32_t> seq_b, const DiffOptions& options)
      : a_(a), b_(b), seq_a_(seq_a), seq_b_(seq_b), options_(options) {}

  // Walks both sequences, appending at most options.max_diffs + 1 differences.
  void run(uint32_t hart, std::vector<AnchoredDifference>& out) {
    std::size_t i = 0;
    std::size_t j = 0;
    std::size_t found = 0;
    while ((i < seq_a_.size() || j < seq_b_.size()) && found <= options_.max_diffs) {
      if (i < seq_a_.size() && j < seq_b_.size() && equal(i, j)) {
        ++i, ++j;
        continue;
      }
      ++found;
      const uint32_t anchor_line = anchor(i);
      Difference d = make(hart, i, j);
      const auto [skip_a, skip_b] = resync(i, j);
      if (skip_a > 0) {
        d.text_b.clear();
        d.line_b = 0;
        d.details.push_back("line only in A");
        ++i;
      } else if (skip_b > 0) {
        d.text_a.clear();
        d.line_a = 0;
        d.details.push_back("line only in B");
        ++j;
      } else {
        detail::compare_entries(entry_a(i), entry_b(j), options_, &d.details);
        ++i, ++j;
      }
      out.emplace_back(anchor_line, std::move(d));
    }
  }

 private:
  const LogEntry& entry_a(std::size_t i) const { return a_.entries()[seq_a_[i]]; }
  const LogEntry& entry_b(std::size_t j) const { return b_.entries()[seq_b_[j]]; }

  bool equal(std::size_t i, std::size_t j) const {
    return detail::compare_entries(entry_a(i), entry_b(j), options_, nullptr);
  }
  // Entries past the end of both sequences count as equal (a run ending together).
  bool equal_or_both_end(std::size_t i, std::size_t j) const {
    if (i >= seq_a_.size() || j >= seq_b_.size()) return i >= seq_a_.size() && j >= seq_b_.size();
    return equal(i, j);
  }

  // {1, 0}: line i exists only in A; {0, 1}: line j only in B; {0, 0}: a changed line.
  std::pair<std::size_t, std::size_t> resync(std::size_t i, std::size_t j) const {
    if (i >= seq_a_.size()) return {0, 1};
    if (j >= seq_b_.size()) return {1, 0};
    if (equal_or_both_end(i + 1, j + 1)) return {0, 0};
    for (std::size_t d = 1; d <= kResyncWindow; ++d) {
      if (i + d < seq_a_.size() && equal(i + d, j)) return {1, 0};
      if (j + d < seq_b_.size() && equal(i, j + d)) return {0, 1};
    }
    return {0, 0};
  }

  Difference make(uint32_t hart, std::size_t i, std::size_t j) const {
    Difference d;
    d.hart = hart;
    if (i < seq_a_.size()) {
      d.line_a = entry_a(i).first_line;
      d.text_a = a_.raw(entry_a(i));
    }
    if (j < seq_b_.size()) {
      d.line_b = entry_b(j).first_line;
      d.text_b = b_.raw(entry_b(j));
    }
    d.context_a = context(a_, seq_a_, i);
    d.context_b = context(b_, seq_b_, j);
    return d;
  }

  std::vector<std::string> context(const ParsedLog& log, std::span<const uint32_t> seq,
                                   std::size_t at) const {
    std::vector<std::string> lines;
    const std::size_t end = std::min(at, seq.size());
    const std::size_t begin = end - std::min(end, options_.context_lines);
    for (std::size_t k = begin; k < end; ++k) lines.emplace_back(log.raw(log.entries()[seq[k]]));
    return lines;
  }

  uint32_t anchor(std::size_t i) const {
    return i < seq_a_.size() ? entry_a(i).first_line : a_.line_count() + 1;
  }

  const ParsedLog& a_;
  const ParsedLog& b_;
  std::span<const uint32_t> seq_a_;
  std::span<const uint32_t> seq_b_;
  const DiffOptions& options_;
};

std::span<const uint32_t> hart_sequence(const ParsedLog& log, uint32_t hart) {
  const auto it = log.harts().find(hart);
  if (it == log.harts().end()) return {};
  return it->second;
}

}  // namespace

DiffResult diff_logs(const ParsedLog& a, const ParsedLog& b, const DiffOptions& options) {
  DiffResult result;
  result.lines_a = a.line_count();
  result.lines_b = b.line_count();
  std::set<uint32_t> harts;
  for (const auto& [hart, seq] : a.harts()) harts.insert(hart);
  for (const auto& [hart, seq] : b.harts()) harts.insert(hart);
  result.harts = static_cast<uint32_t>(harts.size());

  std::vector<AnchoredDifference> found;
  for (uint32_t hart : harts) {
    HartDiffer(a, b, hart_sequence(a, hart), hart_sequence(b, hart), options).run(hart, found);
  }
  std::stable_sort(found.begin(), found.end(), [](const auto& x, const auto& y) {
    return x.first != y.first ? x.first < y.first : x.second.line_b < y.second.line_b;
  });
  result.equal = found.empty();
  result.truncated = found.size() > options.max_diffs;
  for (std::size_t k = 0; k < found.size() && k < options.max_diffs; ++k) {
    result.differences.push_back(std::move(found[k].second));
  }
  return result;
}

Result<DiffResult> diff_log_files(const std::string& path_a, const std::string& path_b,
                                  const DiffOptions& options) {
  auto a = read_commit_log(path_a);
  if (!a) return a.error();
  auto b = read_commit_log(path_b);
  if (!b) return b.error();
  return diff_logs(*a, *b, options);
}

namespace {

// Prints each physical line of an entry (SIMT dumps span several) with a prefix.
void append_lines(std::string& out, std::string_view prefix, std::string_view text) {
  std::size_t pos = 0;
  while (true) {
    const std::size_t end = text.find('\n', pos);
    const std::string_view piece =
        text.substr(pos, end == std::string_view::npos ? end : end - pos);
    fmt::format_to(std::back_inserter(out), "  {}{}\n", prefix, piece);
    if (end == std::string_view::npos) break;
    pos = end + 1;
  }
}

std::string line_label(uint32_t line) {
  return line == 0 ? "-" : fmt::format("{}", line);
}

}  // namespace

std::string format_diff_report(const DiffResult& result, std::string_view name_a,
                               std::string_view name_b) {
  std::string out;
  auto it = std::back_inserter(out);
  if (result.equal) {
    fmt::format_to(it, "logs are equivalent ({} lines, {} harts)\n", result.lines_a, result.harts);
    return out;
  }
  fmt::format_to(it, "A: {}\nB: {}\n", name_a, name_b);
  for (std::size_t k = 0; k < result.differences.size(); ++k) {
    const Difference& d = result.differences[k];
    fmt::format_to(it, "difference {}: core {}, A line {}, B line {}\n", k + 1, d.hart,
                   line_label(d.line_a), line_label(d.line_b));
    for (const std::string& detail : d.details) fmt::format_to(it, "    {}\n", detail);
    for (const std::string& line : d.context_a) append_lines(out, "A   ", line);
    if (d.line_a != 0) append_lines(out, "A > ", d.text_a);
    for (const std::string& line : d.context_b) append_lines(out, "B   ", line);
    if (d.line_b != 0) append_lines(out, "B > ", d.text_b);
  }
  fmt::format_to(it, "logs differ: {} difference{} shown{}\n", result.differences.size(),
                 result.differences.size() == 1 ? "" : "s",
                 result.truncated ? " (more not shown, see --max-diffs)" : "");
  return out;
}

}  // namespace ventus::trace
