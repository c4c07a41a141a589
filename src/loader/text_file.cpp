// Line-oriented text helpers: reading/writing files, splitting lines, parsing %08x words.
#include "loader/text_file.hpp"

#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "common/excerpt.hpp"
#include "common/input_file.hpp"

namespace ventus::loader {

Result<std::string> read_text_file(const std::filesystem::path& path) {
  return read_input_file(path.string(), {.allow_stdin = false, .what = "case file"});
}

Status write_text_file(const std::filesystem::path& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return Error{fmt::format("{}: cannot create file", path.string())};
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!out) return Error{fmt::format("{}: write error", path.string())};
  return ok_status();
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

std::string_view trim(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t\r\v\f");
  if (first == std::string_view::npos) return {};
  const size_t last = text.find_last_not_of(" \t\r\v\f");
  return text.substr(first, last - first + 1);
}

std::optional<uint32_t> parse_hex_word(std::string_view line) {
  const std::string_view digits = trim(line);
  if (digits.size() != 8) return std::nullopt;
  uint32_t value = 0;
  for (char c : digits) {
    uint32_t nibble = 0;
    if (c >= '0' && c <= '9') {
      nibble = static_cast<uint32_t>(c - '0');
    } else if (c >= 'a' && c <= 'f') {
      nibble = static_cast<uint32_t>(c - 'a' + 10);
    } else if (c >= 'A' && c <= 'F') {
      nibble = static_cast<uint32_t>(c - 'A' + 10);
    } else {
      return std::nullopt;
    }
    value = (value << 4) | nibble;
  }
  return value;
}

Error error_at(std::string_view file, size_t line, std::string_view message) {
  // Messages quote the input: keep a hostile line from being echoed whole.
  return Error{fmt::format("{}:{}: {}", file, line, excerpt(message, 300))};
}

void append_hex_word(std::string& out, uint32_t word) {
  fmt::format_to(std::back_inserter(out), "{:08x}\n", word);
}

}  // namespace ventus::loader
