// Test-only helpers for the loader tests: reference-corpus location and scratch directories.
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <unistd.h>

#include "loader/text_file.hpp"

namespace ventus::loader::testing {

// The reference cases directory, or empty when the corpus is absent (tests then skip).
inline std::filesystem::path reference_cases() {
  const std::filesystem::path dir = std::filesystem::path(VENTUS_REFERENCE_DIR) / "cases";
  std::error_code ec;
  return std::filesystem::is_directory(dir, ec) ? dir : std::filesystem::path{};
}

#define VENTUS_REQUIRE_REFERENCE(dir)                                             \
  const std::filesystem::path dir = ::ventus::loader::testing::reference_cases(); \
  if (dir.empty()) {                                                              \
    GTEST_SKIP() << "reference corpus not found at " VENTUS_REFERENCE_DIR         \
                    "/cases (set VENTUS_REFERENCE_DIR at configure time)";        \
  }

// Case directories of the corpus, sorted.
inline std::vector<std::filesystem::path> case_dirs(const std::filesystem::path& cases) {
  std::vector<std::filesystem::path> dirs;
  for (const auto& entry : std::filesystem::directory_iterator(cases)) {
    if (entry.is_directory()) dirs.push_back(entry.path());
  }
  std::sort(dirs.begin(), dirs.end());
  return dirs;
}

// Files of `dir` ending in `ext`, sorted.
inline std::vector<std::filesystem::path> files_with_ext(const std::filesystem::path& dir,
                                                         std::string_view ext) {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (entry.path().extension() == ext) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// A fresh scratch directory, removed when the object dies.
class ScratchDir {
 public:
  ScratchDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            (std::string("ventus-loader-") + info->test_suite_name() + "-" + info->name() + "-" +
             std::to_string(::getpid()));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path write(const std::string& name, std::string_view text) const {
    const std::filesystem::path file = path_ / name;
    EXPECT_TRUE(write_text_file(file, text).ok());
    return file;
  }

 private:
  std::filesystem::path path_;
};

inline size_t count_lines(std::string_view text) {
  return split_lines(text).size();
}

}  // namespace ventus::loader::testing
