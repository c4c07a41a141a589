// LaunchData: the reference `.data` / `.out` buffer-content files (ISA.md §9.2), parse and write.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "loader/metadata.hpp"
#include "memory/device_memory.hpp"

namespace ventus::loader {

// Initial (or dumped) words of one buffer with buffer_size > 0.
struct BufferData {
  uint32_t base = 0;
  uint32_t size = 0;            // bytes, as in the metadata
  std::vector<uint32_t> words;  // ceil(size / 4) little-endian words

  friend bool operator==(const BufferData&, const BufferData&) = default;
};

struct LaunchData {
  std::vector<BufferData> buffers;  // metadata order, size-0 buffers omitted
  bool trailing_zero_line = false;  // the one optional "00000000" after the last buffer

  friend bool operator==(const LaunchData&, const LaunchData&) = default;
};

// In 64 bits: (size + 3) / 4 in 32 bits wraps to 0 for sizes of 0xfffffffd and more.
constexpr uint64_t words_for_bytes(uint64_t size) {
  return (size + 3u) / 4u;
}
// Σ ceil(size/4) over the buffers of `meta`: the number of lines of its `.data`/`.out`.
uint64_t data_line_count(const LaunchMetadata& meta);

// Parses a `.data` (or `.out`) file laid out for `meta`; errors read "FILE:LINE: ...".
Result<LaunchData> parse_data(std::string_view text, std::string_view file_name,
                              const LaunchMetadata& meta);
Result<LaunchData> load_data(const std::filesystem::path& path, const LaunchMetadata& meta);

// The file text of `data` (`%08x` per word, then the trailing zero line if recorded).
std::string format_data(const LaunchData& data);

// A `.out` dump: for every buffer of `meta` with size > 0, in metadata order,
// ceil(size/4) words read from the buffer's base (reference README, expected/*.out).
using ReadWord = std::function<uint32_t(uint32_t addr)>;
LaunchData dump_buffers(const LaunchMetadata& meta, const ReadWord& read_word);
std::string format_dump(const LaunchMetadata& meta, const ReadWord& read_word);
// Same, reading the bytes of `memory` without bounds checks (host-side read-back).
std::string format_dump(const LaunchMetadata& meta, const memory::DeviceMemory& memory);

}  // namespace ventus::loader
