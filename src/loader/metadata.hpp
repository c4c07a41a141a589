// LaunchMetadata: the reference `.metadata` launch descriptor (ISA.md §9.1), parser and writer.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"

namespace ventus::loader {

// One buffer of a launch: where it lives, how many bytes of initial data the `.data` file
// carries (0 = none, e.g. private memory) and how many bytes to allocate.
struct BufferDesc {
  uint32_t base = 0;
  uint32_t size = 0;
  uint32_t alloc_size = 0;

  friend bool operator==(const BufferDesc&, const BufferDesc&) = default;
};

// The 14 header items and the three buffer arrays, in file order. Every item is stored as a
// 64-bit value in the file; the device is 32-bit, so a non-zero high word is rejected.
struct LaunchMetadata {
  uint32_t start_addr = 0;
  uint32_t kernel_id = 0;
  std::array<uint32_t, 3> kernel_size{};  // work-groups in x, y, z
  uint32_t wf_size = 0;                   // threads per warp (numt)
  uint32_t wg_size = 0;                   // warps per work-group (numw)
  uint32_t metadata_base = 0;             // -> CSR_KNL
  uint32_t lds_size = 0;                  // local memory per work-group, bytes
  uint32_t pds_size = 0;                  // private memory per thread, bytes
  uint32_t sgpr_usage = 0;
  uint32_t vgpr_usage = 0;
  uint32_t pds_base = 0;  // -> CSR_PDS
  std::vector<BufferDesc> buffers;

  friend bool operator==(const LaunchMetadata&, const LaunchMetadata&) = default;
};

inline constexpr size_t kMetadataHeaderItems = 14;

// Lines a file with `num_buffer` buffers has: 2·(14 + 3N).
constexpr uint64_t metadata_line_count(uint64_t num_buffer) {
  return 2 * (kMetadataHeaderItems + 3 * num_buffer);
}

// Parses the text of a `.metadata` file; errors read "FILE:LINE: ...".
Result<LaunchMetadata> parse_metadata(std::string_view text, std::string_view file_name);
Result<LaunchMetadata> load_metadata(const std::filesystem::path& path);

// The `.metadata` text for `meta` (POCL layout: `%08x` per line, low word first).
std::string format_metadata(const LaunchMetadata& meta);

}  // namespace ventus::loader
