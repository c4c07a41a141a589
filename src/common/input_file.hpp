// read_input_file: the one way every layer reads outside input (regular files only, a size
// cap, "-" = standard input), so no input can hang a tool or exhaust its memory (issue 13).
#pragma once

#include <cstdint>
#include <string>

#include "common/result.hpp"

namespace ventus {

// Inputs larger than this are refused: the device is 32-bit and every input a tool reads
// (sources, ELF images, case files, commit logs, buffers) is far smaller in practice.
inline constexpr uint64_t kMaxInputBytes = uint64_t{256} << 20;

struct InputFileOptions {
  uint64_t max_bytes = kMaxInputBytes;
  bool allow_stdin = true;  // "-" reads standard input (up to max_bytes)
  // Names the input in messages before the path, e.g. "commit log" -> "commit log 'x.log'".
  const char* what = "input file";
};

// "<stdin>" for "-", else the path: what diagnostics name the input by.
std::string input_display_name(const std::string& path);

// The whole contents of `path`. Errors name the input and say why: missing or unreadable,
// a directory, not a regular file (a device such as /dev/zero, a pipe, a socket), larger
// than max_bytes, or "-" when standard input is not allowed here.
Result<std::string> read_input_file(const std::string& path, const InputFileOptions& options = {});

// "256 MiB", "12 KiB", "17 bytes": sizes in messages.
std::string format_byte_size(uint64_t bytes);

}  // namespace ventus
