// The grammar of `ventus run`: --arg specs, --global/--local sizes and number text files,
// parsed without a device so that it can be tested and fuzzed on its own (issue 13).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/result.hpp"

namespace ventus::run_args {

// Element type of a .txt buffer file; other files are raw bytes.
enum class Elem : uint8_t { U32, I32, F32, Hex };

// One --arg, e.g. "buf:in:a.txt:f32", "buf:out:c.bin:32", "i64:-5", "local:256".
struct ArgSpec {
  enum class Kind : uint8_t { BufferIn, BufferInOut, BufferOut, Value, Local };
  Kind kind = Kind::Value;
  std::string path;              // buffers
  uint32_t bytes = 0;            // buf:out SIZE, local BYTES (>= 1)
  Elem elem = Elem::U32;         // buffers: the :TYPE suffix, u32 without one
  bool typed = false;            // a :TYPE suffix was given
  std::vector<std::byte> value;  // Value: the argument's little-endian bytes (4 or 8)
};

// Errors say what was expected; the caller names the argument.
Result<ArgSpec> parse_arg(std::string_view spec);

// "X[,Y[,Z]]", every size >= 1; `dim` receives the number of dimensions. `what` names the
// option ("global", "local") in errors.
Result<std::array<uint32_t, 3>> parse_dims(std::string_view text, const char* what, unsigned* dim);

// `--timing-work-groups FIRST:END`: the work-groups FIRST to END-1 by linear id (decimal or
// 0x hex, END above FIRST) as the pair {FIRST, END}. Whether END is within the launch is
// checked when it runs.
Result<std::pair<uint64_t, uint64_t>> parse_group_window(std::string_view text);

// A number text file: one number per line (decimal, 0x hex or a float as `elem` says),
// blank lines and '#' comments ignored; the little-endian words. Errors read "NAME:LINE: ...".
Result<std::vector<uint8_t>> parse_number_text(std::string_view name, Elem elem,
                                               std::string_view text);

// The words of `bytes` as number text of `elem` (what buf:out writes to .txt files).
std::string format_number_text(const std::vector<uint8_t>& bytes, Elem elem);

}  // namespace ventus::run_args
