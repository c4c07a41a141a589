// CommitLogParser: splits a REF log into entries per hart (ISA.md §10), both formats.
#include "trace/commit_log_parser.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "common/excerpt.hpp"
#include "common/input_file.hpp"
#include "trace/commit_line_items.hpp"
#include "trace/text_cursor.hpp"

namespace ventus::trace {

namespace detail {

// Parses line after line; continuation lines (SIMT dumps) extend the previous entry.
class LogBuilder {
 public:
  explicit LogBuilder(ParsedLog& log) : log_(log) {}

  // Returns nullptr or what is wrong with the line.
  const char* line(std::string_view text, uint32_t offset, uint32_t number) {
    if (old_simt_stage_ != 0) return old_simt_line(text, offset, number);
    if (text.empty()) return nullptr;
    if (text.starts_with("[r_pc]")) return simt_entry_line(text, offset);
    if (text.starts_with("current mask:")) return old_simt_line(text, offset, number);
    return core_line(text, offset, number);
  }

  const char* finish() const {
    return old_simt_stage_ == 1 || old_simt_stage_ == 2 ? "log ends inside a SIMT dump" : nullptr;
  }

 private:
  // `core%4d: ` then a disassembly line, a commit line or `Executed %d times`.
  const char* core_line(std::string_view text, uint32_t offset, uint32_t number) {
    TextCursor c(text);
    uint32_t hart = 0;
    c.consume("core");
    c.spaces();
    if (!text.starts_with("core") || !c.decimal(hart) || !c.consume(": ")) {
      return "not a commit-log line";
    }
    if (c.spaces() && c.consume("tval 0x")) return tval_line(c, hart, text, offset);
    LogEntry& e = new_entry(hart, offset, text, number);
    if (c.consume("Executed ")) {
      e.kind = EntryKind::kExecuted;
      if (!c.decimal(e.executed_count) || !c.consume(" times") || !c.at_end()) {
        return "malformed `Executed N times` line";
      }
      return nullptr;
    }
    if (c.consume("exception ")) return trap_line(c, e);
    if (c.consume(">>>>  ")) {
      e.kind = EntryKind::kSymbol;
      e.name.assign(c.rest());
      return nullptr;
    }
    if (c.consume("0x")) return disassembly_line(c, e);
    return commit_line(c, e);
  }

  // `exception <name>, epc 0x%08x`
  static const char* trap_line(TextCursor& c, LogEntry& e) {
    e.kind = EntryKind::kTrap;
    const std::string_view rest = c.rest();
    const std::size_t comma = rest.find(", epc 0x");
    if (comma == std::string_view::npos) return "malformed exception line";
    e.name.assign(rest.substr(0, comma));
    TextCursor epc(rest.substr(comma + 8));
    return epc.hex32(e.epc, 8) && epc.at_end() ? nullptr : "malformed exception line";
  }

  // `          tval 0x%08x` continues the hart's exception line.
  const char* tval_line(TextCursor& c, uint32_t hart, std::string_view text, uint32_t offset) {
    if (log_.entries_.empty()) return "tval line without an exception line";
    LogEntry& e = log_.entries_.back();
    if (e.kind != EntryKind::kTrap || e.hart() != hart || e.has_tval) {
      return "tval line without an exception line";
    }
    e.has_tval = true;
    extend(e, text, offset);
    return c.hex32(e.tval, 8) && c.at_end() ? nullptr : "malformed tval line";
  }

  const char* disassembly_line(TextCursor& c, LogEntry& e) {
    e.kind = EntryKind::kDisassembly;
    if (!c.hex32(e.record.pc, 8) || !c.consume(" (0x") || !c.hex32(e.record.word, 8) ||
        !c.consume(") ")) {
      return "malformed disassembly line";
    }
    e.record.disassembly.assign(c.rest());
    return nullptr;
  }

  const char* commit_line(TextCursor& c, LogEntry& e) {
    e.kind = EntryKind::kCommit;
    CommitRecord& r = e.record;
    uint64_t word = 0;
    std::size_t digits = 0;
    if (!c.decimal(r.privilege) || !c.consume(" 0x") || !c.hex32(r.pc, 8) || !c.consume(" (0x") ||
        !c.hex(word, 0, &digits) || (digits != 8 && digits != 4) || !c.consume(")")) {
      return "malformed commit line";
    }
    r.word = static_cast<uint32_t>(word);
    r.word_bytes = static_cast<uint32_t>(digits / 2);
    return parse_commit_items(c, e);
  }

  const char* simt_entry_line(std::string_view text, uint32_t offset) {
    LogEntry* e = last_commit();
    if (e == nullptr || !e->record.has_simt_dump || e->legacy_format) {
      return "SIMT stack entry without a SIMT dump before it";
    }
    extend(*e, text, offset);
    TextCursor c(text);
    return parse_simt_entry_line(c, e->record);
  }

  // Old format: `current mask:\t%08x`, `current npc:\t%08x`, `stack size: %d` and an
  // empty line follow the commit line (§10.2).
  const char* old_simt_line(std::string_view text, uint32_t offset, uint32_t number) {
    LogEntry* e = last_commit();
    if (e == nullptr) return "SIMT dump without a commit line before it";
    TextCursor c(text);
    if (old_simt_stage_ == 3) {
      old_simt_stage_ = 0;
      // Not the closing empty line: an ordinary line, or items that followed the dump.
      if (!text.empty() && !text.starts_with(" ")) return line(text, offset, number);
      extend(*e, text, offset);
      return parse_commit_items(c, *e);
    }
    const char* error = old_simt_field(c, *e);
    if (error == nullptr && !c.at_end()) error = "unexpected text in an old-format SIMT dump";
    extend(*e, text, offset);
    ++old_simt_stage_;
    return error;
  }

  const char* old_simt_field(TextCursor& c, LogEntry& e) {
    CommitRecord& r = e.record;
    switch (old_simt_stage_) {
      case 0:
        if (r.has_simt_dump) return "second SIMT dump for one commit line";
        r.set_simt(0, 0);
        e.legacy_format = true;
        return c.consume("current mask:\t") && c.hex32(r.simt_mask, 8)
                   ? nullptr
                   : "malformed old-format SIMT mask line";
      case 1:
        return c.consume("current npc:\t") && c.hex32(r.simt_npc, 8)
                   ? nullptr
                   : "malformed old-format SIMT npc line";
      default:
        return c.consume("stack size: ") && c.decimal(e.stack_size)
                   ? nullptr
                   : "malformed old-format SIMT stack size line";
    }
  }

  LogEntry& new_entry(uint32_t hart, uint32_t offset, std::string_view text, uint32_t number) {
    const auto index = static_cast<uint32_t>(log_.entries_.size());
    LogEntry& e = log_.entries_.emplace_back();
    e.record.hart = hart;
    e.first_line = number;
    e.text_offset = offset;
    e.text_length = static_cast<uint32_t>(text.size());
    log_.harts_[hart].push_back(index);
    return e;
  }

  LogEntry* last_commit() {
    if (log_.entries_.empty() || log_.entries_.back().kind != EntryKind::kCommit) return nullptr;
    return &log_.entries_.back();
  }

  static void extend(LogEntry& e, std::string_view text, uint32_t offset) {
    e.text_length = offset + static_cast<uint32_t>(text.size()) - e.text_offset;
    ++e.line_count;
  }

  ParsedLog& log_;
  int old_simt_stage_ = 0;  // 0: none, 1..2: next field line, 3: closing empty line
};

}  // namespace detail

Result<ParsedLog> CommitLogParser::parse(std::string text, std::string_view source_name) {
  ParsedLog log;
  *log.text_ = std::move(text);
  const std::string_view all(*log.text_);
  detail::LogBuilder builder(log);
  std::size_t pos = 0;
  uint32_t number = 0;
  while (pos < all.size()) {
    std::size_t end = all.find('\n', pos);
    if (end == std::string_view::npos) end = all.size();
    std::string_view line = all.substr(pos, end - pos);
    if (line.ends_with('\r')) line.remove_suffix(1);  // a log saved with CRLF line ends
    ++number;
    if (const char* error = builder.line(line, static_cast<uint32_t>(pos), number)) {
      return Error{fmt::format("{}:{}: {}: `{}`", source_name, number, error, excerpt(line))};
    }
    pos = end + 1;
  }
  if (const char* error = builder.finish()) {
    return Error{fmt::format("{}:{}: {}", source_name, number, error)};
  }
  log.line_count_ = number;
  return log;
}

Result<ParsedLog> read_commit_log(const std::string& path) {
  auto text = read_input_file(path, {.what = "commit log"});
  if (!text) return text.error();
  return CommitLogParser{}.parse(std::move(text.value()), input_display_name(path));
}

}  // namespace ventus::trace
