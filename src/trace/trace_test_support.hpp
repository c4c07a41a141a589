// Test-only helpers for the trace tests: locating and reading the reference commit logs.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace ventus::trace::testing {

inline std::filesystem::path reference_cases_dir() {
  return std::filesystem::path(VENTUS_REFERENCE_DIR) / "cases";
}

// Every `cases/*/ref-logs/*.log`, sorted; empty when the corpus is absent.
inline std::vector<std::filesystem::path> reference_logs() {
  std::vector<std::filesystem::path> logs;
  std::error_code ec;
  for (const auto& c : std::filesystem::directory_iterator(reference_cases_dir(), ec)) {
    const auto dir = c.path() / "ref-logs";
    if (!std::filesystem::is_directory(dir)) continue;
    for (const auto& f : std::filesystem::directory_iterator(dir)) {
      if (f.path().extension() == ".log") logs.push_back(f.path());
    }
  }
  std::sort(logs.begin(), logs.end());
  return logs;
}

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

inline std::string join_lines(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

}  // namespace ventus::trace::testing

// Skips the current test when the reference corpus is not available.
#define VENTUS_REQUIRE_REFERENCE_LOGS(logs)                                     \
  if ((logs).empty()) {                                                         \
    GTEST_SKIP() << "reference corpus not found under " << VENTUS_REFERENCE_DIR \
                 << "/cases (set VENTUS_REFERENCE_DIR at configure time)";      \
  }
