// Line-oriented text helpers shared by the test-case parsers: file I/O, lines, hex words.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"

namespace ventus::loader {

// Whole file as text; the error names the path.
Result<std::string> read_text_file(const std::filesystem::path& path);
// Writes (replaces) a file; the error names the path.
Status write_text_file(const std::filesystem::path& path, std::string_view text);

// Lines without their '\n' (and without a trailing '\r'). A missing final newline is
// tolerated: "a\nb" and "a\nb\n" both give {"a", "b"}.
std::vector<std::string_view> split_lines(std::string_view text);

// Surrounding blanks removed.
std::string_view trim(std::string_view text);

// Exactly 8 hex digits (either case), optionally surrounded by blanks, as written by
// POCL's `%08x` (ISA.md §9.1, §9.2).
std::optional<uint32_t> parse_hex_word(std::string_view line);

// "FILE:LINE: message" (LINE is 1-based).
Error error_at(std::string_view file, size_t line, std::string_view message);

// "00000000\n"-style line for a word.
void append_hex_word(std::string& out, uint32_t word);

}  // namespace ventus::loader
