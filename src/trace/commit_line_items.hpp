// Parsing of the items of one commit line and of SIMT continuation lines (internal).
#pragma once

#include "trace/commit_log_parser.hpp"
#include "trace/text_cursor.hpp"

namespace ventus::trace::detail {

// Parses ` item item ...` up to the end of the cursor's text into entry.record (ISA.md
// §10.2, both vector formats). Returns nullptr on success, else what was malformed.
const char* parse_commit_items(TextCursor& cursor, LogEntry& entry);

// Parses `[r_pc] %08x [else_pc] %08x [else_mask] %08x ` (current SIMT dump entry).
const char* parse_simt_entry_line(TextCursor& cursor, CommitRecord& record);

}  // namespace ventus::trace::detail
