// Test helpers for the assembler: assemble snippets and read back the .text words.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "asm/assembler.hpp"

namespace ventus::as::test {

// .text words of `text` assembled without crt0 at `base`; diagnostics go to `errors`.
inline std::vector<uint32_t> text_words(std::string_view text, std::string& errors,
                                        uint32_t base = 0x80000000,
                                        isa::Profile profile = isa::kDefaultProfile) {
  AssembleOptions options;
  options.crt0 = false;
  options.text_base = base;
  options.profile = profile;
  const AssembleOutput out = assemble_text("test.s", text, options);
  errors = format_diagnostics(out.diagnostics);
  std::vector<uint32_t> words;
  for (const auto& s : out.image.sections) {
    if (s.name != ".text") continue;
    for (size_t i = 0; i + 3 < s.bytes.size(); i += 4) {
      words.push_back(uint32_t{s.bytes[i]} | uint32_t{s.bytes[i + 1]} << 8 |
                      uint32_t{s.bytes[i + 2]} << 16 | uint32_t{s.bytes[i + 3]} << 24);
    }
  }
  return words;
}

}  // namespace ventus::as::test
