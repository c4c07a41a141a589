// A valid .metadata text (ISA.md §9.1) with `buffers` buffers: seed of the loader targets.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace ventus::fuzz {

inline std::string metadata_seed(uint32_t buffers) {
  std::string text;
  const auto item = [&text](uint32_t value) {
    char line[32];
    std::snprintf(line, sizeof line, "%08x\n00000000\n", value);
    text += line;
  };
  for (uint32_t v : {0x80000000u, 0u, 2u, 1u, 1u, 8u, 2u, 0x90014000u, 0x1000u, 0x1000u, 0x40u,
                     0x40u, 0x90004000u}) {
    item(v);
  }
  item(buffers);
  for (uint32_t i = 0; i < buffers; ++i) item(0x90000000u + 0x1000u * i);
  for (uint32_t i = 0; i < buffers; ++i) item(4 * (i + 1));
  for (uint32_t i = 0; i < buffers; ++i) item(0x1000);
  return text;
}

}  // namespace ventus::fuzz
