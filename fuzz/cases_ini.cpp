// Fuzz target: the cases.ini parser of reference test cases.
#include "loader/cases_ini.hpp"
#include "fuzz_target.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto sections = ventus::loader::parse_cases_ini(ventus::fuzz::as_text(data, size), "cases.ini");
  size_t names = 0;
  if (sections) {
    for (const auto& s : *sections) names += s.files.size() + s.name.size();
  }
  return names == SIZE_MAX ? 1 : 0;
}

namespace ventus::fuzz {

std::vector<std::string> seeds() {
  return {"[vecadd-4w8t]\nFiles=vecadd_0\n",
          "; comment\n[gaussian]\nFiles = Fan1_0, Fan2_0 ,Fan1_1\n# other\n[b]\nFiles=x\n"};
}

std::vector<std::string> tokens() {
  return {"[", "]", "=", ",", "Files", "\n", "\r\n", ";", "#", " ", "[a]\n", "Files=a,b\n"};
}

}  // namespace ventus::fuzz
