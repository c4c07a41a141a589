// cases.ini parser: sections of launch lists, strict about anything it does not understand.
#include "loader/cases_ini.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "loader/text_file.hpp"

namespace ventus::loader {
namespace {

std::string_view strip_comment(std::string_view line) {
  const size_t pos = line.find_first_of(";#");
  return trim(pos == std::string_view::npos ? line : line.substr(0, pos));
}

bool iequals(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  });
}

Result<std::vector<std::string>> split_files(std::string_view value, std::string_view file,
                                             size_t line) {
  std::vector<std::string> names;
  size_t start = 0;
  while (true) {
    const size_t comma = value.find(',', start);
    const std::string_view name = trim(value.substr(start, comma - start));
    if (name.empty()) return error_at(file, line, "empty launch name in Files list");
    names.emplace_back(name);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return names;
}

// Handles "key = value" inside `section`.
Status parse_key(std::string_view text, CaseSection* section, bool* seen_files,
                 std::string_view file, size_t line) {
  const size_t eq = text.find('=');
  if (eq == std::string_view::npos) {
    return error_at(file, line, fmt::format("expected '[name]' or 'Files=...', got '{}'", text));
  }
  const std::string_view key = trim(text.substr(0, eq));
  if (section == nullptr) return error_at(file, line, "key before the first [section]");
  if (!iequals(key, "Files")) return error_at(file, line, fmt::format("unknown key '{}'", key));
  if (*seen_files) {
    return error_at(file, line, fmt::format("second Files= in section [{}]", section->name));
  }
  Result<std::vector<std::string>> names = split_files(text.substr(eq + 1), file, line);
  if (!names) return names.error();
  section->files = std::move(*names);
  *seen_files = true;
  return ok_status();
}

Status finish_section(const CaseSection& section, bool seen_files, std::string_view file) {
  if (seen_files) return ok_status();
  return error_at(file, section.line, fmt::format("section [{}] has no Files=", section.name));
}

}  // namespace

Result<std::vector<CaseSection>> parse_cases_ini(std::string_view text,
                                                 std::string_view file_name) {
  std::vector<CaseSection> sections;
  bool seen_files = false;
  const std::vector<std::string_view> lines = split_lines(text);
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string_view content = strip_comment(lines[i]);
    if (content.empty()) continue;
    if (content.front() != '[') {
      Status key = parse_key(content, sections.empty() ? nullptr : &sections.back(), &seen_files,
                             file_name, i + 1);
      if (!key) return key.error();
      continue;
    }
    const std::string_view name =
        content.back() == ']' ? trim(content.substr(1, content.size() - 2)) : std::string_view{};
    if (name.empty())
      return error_at(file_name, i + 1, fmt::format("bad section header '{}'", content));
    if (!sections.empty()) {
      if (Status done = finish_section(sections.back(), seen_files, file_name); !done) {
        return done.error();
      }
    }
    for (const CaseSection& s : sections) {
      if (s.name == name) {
        return error_at(file_name, i + 1,
                        fmt::format("section [{}] repeats line {}", name, s.line));
      }
    }
    sections.push_back(CaseSection{std::string(name), {}, i + 1});
    seen_files = false;
  }
  if (sections.empty()) return error_at(file_name, lines.size() + 1, "no [section] in file");
  if (Status done = finish_section(sections.back(), seen_files, file_name); !done) {
    return done.error();
  }
  return sections;
}

Result<std::vector<CaseSection>> load_cases_ini(const std::filesystem::path& path) {
  Result<std::string> text = read_text_file(path);
  if (!text) return text.error();
  return parse_cases_ini(*text, path.string());
}

}  // namespace ventus::loader
