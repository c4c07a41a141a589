// One fuzz target: libFuzzer's entry point, plus the seeds and tokens from which the CTest
// generator (driver.cpp) builds its inputs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace ventus::fuzz {

// Valid inputs to mutate (and libFuzzer's starting corpus, scripts/fuzz.sh).
std::vector<std::string> seeds();
// Fragments the generator inserts: keywords, separators, interesting numbers.
std::vector<std::string> tokens();

inline std::string_view as_text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace ventus::fuzz
