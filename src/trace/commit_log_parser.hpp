// CommitLogParser: reads a REF commit log (ISA.md §10) into per-hart entries for diffing.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "trace/commit_record.hpp"

namespace ventus::trace {

namespace detail {
class LogBuilder;
}  // namespace detail

// kTrap: `exception <name>, epc 0x%08x` with an optional `tval 0x%08x` line (REF's trap
// report); kSymbol: `>>>>  <symbol>` (REF marks entering a symbol, e.g. the trap handler).
enum class EntryKind : uint8_t { kDisassembly, kCommit, kExecuted, kTrap, kSymbol };

// One logical log line: a disassembly line, a commit line (with its SIMT continuation
// lines), an `Executed N times` line, a trap report or a symbol marker.
struct LogEntry {
  EntryKind kind = EntryKind::kCommit;
  uint32_t first_line = 0;  // 1-based line number in the file
  uint32_t line_count = 1;  // more than 1 when SIMT dump lines follow
  uint32_t text_offset = 0;
  uint32_t text_length = 0;
  uint32_t executed_count = 0;  // kExecuted
  std::string name;             // kTrap: exception name; kSymbol: symbol name
  uint32_t epc = 0;             // kTrap
  bool has_tval = false;        // kTrap
  uint32_t tval = 0;            // kTrap
  // Commit line in the old vector/SIMT format (§10.2): vector items carry no SIMT mask
  // and the SIMT dump only its size, so those parts are unknown and not compared.
  bool legacy_format = false;
  uint32_t stack_size = 0;  // the printed `stack size` of the SIMT dump (both formats)
  // kDisassembly: hart, pc, word, disassembly. kCommit: every item. Others: hart only.
  CommitRecord record;

  uint32_t hart() const { return record.hart; }
};

// A parsed log. The text is kept (behind a stable pointer, so moving the log keeps the
// CSR names that records point into valid) to show original lines in diff reports.
class ParsedLog {
 public:
  const std::vector<LogEntry>& entries() const { return entries_; }
  // Entry indices per hart ("core N"), in file order.
  const std::map<uint32_t, std::vector<uint32_t>>& harts() const { return harts_; }
  uint32_t line_count() const { return line_count_; }
  std::string_view raw(const LogEntry& entry) const {
    return std::string_view(*text_).substr(entry.text_offset, entry.text_length);
  }

 private:
  friend class CommitLogParser;
  friend class detail::LogBuilder;
  std::unique_ptr<std::string> text_ = std::make_unique<std::string>();
  std::vector<LogEntry> entries_;
  std::map<uint32_t, std::vector<uint32_t>> harts_;
  uint32_t line_count_ = 0;
};

// Accepts both vector/SIMT formats of §10.2. Blank lines are ignored; any other line that
// is not part of the format is an error naming the source and line.
class CommitLogParser {
 public:
  Result<ParsedLog> parse(std::string text, std::string_view source_name = "log");
};

// Reads and parses the file at `path`; a missing or unreadable file is an Error.
Result<ParsedLog> read_commit_log(const std::string& path);

}  // namespace ventus::trace
