// cases.ini: the launch order of a reference test case ("[name]" then "Files=a,b,c").
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"

namespace ventus::loader {

struct CaseSection {
  std::string name;
  std::vector<std::string> files;  // launch names in execution order
  size_t line = 0;                 // 1-based line of the section header
};

// Parses the ini text. Comments start with ';' or '#'; blanks around names, '=' and ','
// are ignored; the only key is Files (any case). Errors read "FILE:LINE: ...".
Result<std::vector<CaseSection>> parse_cases_ini(std::string_view text, std::string_view file_name);
Result<std::vector<CaseSection>> load_cases_ini(const std::filesystem::path& path);

}  // namespace ventus::loader
