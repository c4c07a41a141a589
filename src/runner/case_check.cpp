// Comparisons of `ventus case --check` (loader dumps, trace differ).
#include "runner/case_check.hpp"

#include <fmt/format.h>

#include "loader/data_file.hpp"
#include "trace/commit_log_parser.hpp"
#include "trace/log_diff.hpp"

namespace ventus::runner {

Result<std::optional<std::string>> compare_memory(const loader::Launch& launch,
                                                  const memory::DeviceMemory& memory) {
  if (!launch.expected_path) return std::optional<std::string>();
  auto expected = loader::load_data(*launch.expected_path, launch.metadata);
  if (!expected) return expected.error();
  const loader::LaunchData ours = loader::dump_buffers(
      launch.metadata, [&memory](uint32_t addr) { return memory.store().read32(addr); });
  size_t index = 0;  // buffers of the metadata, counting those without data
  for (size_t b = 0; b < ours.buffers.size(); ++b) {
    while (launch.metadata.buffers[index].size == 0) ++index;
    const loader::BufferData& want = expected->buffers[b];
    const loader::BufferData& got = ours.buffers[b];
    for (size_t w = 0; w < want.words.size(); ++w) {
      if (want.words[w] == got.words[w]) continue;
      return std::optional<std::string>(fmt::format(
          "memory: buffer {} (base 0x{:08x}) word {} at 0x{:08x}: expected 0x{:08x}, got 0x{:08x}",
          index, want.base, w, want.base + 4 * w, want.words[w], got.words[w]));
    }
    ++index;
  }
  return std::optional<std::string>();
}

Result<std::optional<std::string>> compare_log(std::string ours, const std::string& path) {
  auto reference = trace::read_commit_log(path);
  if (!reference) return reference.error();
  auto parsed = trace::CommitLogParser{}.parse(std::move(ours), "our log");
  if (!parsed) return parsed.error();
  trace::DiffOptions options;
  options.max_diffs = 1;
  const trace::DiffResult diff = trace::diff_logs(*parsed, *reference, options);
  if (diff.equal) return std::optional<std::string>();
  const trace::Difference& d = diff.differences.front();
  std::string what = d.details.empty() ? std::string() : ": " + d.details.front();
  const auto line = [](uint32_t n) { return n == 0 ? std::string("-") : std::to_string(n); };
  return std::optional<std::string>(fmt::format("log: core {}, our line {}, REF line {}{}", d.hart,
                                                line(d.line_a), line(d.line_b), what));
}

}  // namespace ventus::runner
