// TestCase: a reference case directory (cases.ini, launches, ELF, expected dumps, logs).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "loader/data_file.hpp"
#include "loader/metadata.hpp"
#include "memory/device_memory.hpp"

namespace ventus::loader {

// One kernel launch of a case: `<name>.metadata` + `<name>.data`, plus the reference
// results for it when the case directory has them.
struct Launch {
  std::string name;
  LaunchMetadata metadata;
  LaunchData data;
  std::filesystem::path metadata_path;
  std::filesystem::path data_path;
  std::optional<std::filesystem::path> expected_path;  // expected/<name>.out
  std::optional<std::filesystem::path> log_path;       // ref-logs/<name>.log
};

struct TestCase {
  std::string name;
  std::filesystem::path dir;
  std::vector<Launch> launches;                   // cases.ini order; memory persists across them
  std::optional<std::filesystem::path> elf_path;  // object.riscv
  std::optional<std::filesystem::path> expected_dir;
  std::optional<std::filesystem::path> ref_logs_dir;
};

// The most launches a case may list (the reference cases have at most 6).
inline constexpr size_t kMaxLaunches = 4096;

// Loads a case directory: cases.ini (or _cases.ini) lists the launches. At most kMaxLaunches
// launches whose .metadata and .data files total at most kMaxInputBytes. With several sections
// the one named like the directory is used. Every .metadata and .data is parsed.
Result<TestCase> load_test_case(const std::filesystem::path& dir);

// Region kind for buffer `index` of a launch, inferred from the POCL layout (ISA.md §9.2):
// the metadata buffer, the private buffer, the code image, else global.
memory::RegionKind buffer_kind(const LaunchMetadata& meta, size_t index);

// Maps every buffer of `meta` with alloc_size > 0 as a region of `memory`; a buffer already
// mapped with the same base and size (re-listed by a later launch) is kept.
Status map_launch_buffers(const LaunchMetadata& meta, memory::DeviceMemory& memory);

// Writes the launch's initial words to their buffers (whole words, ISA.md §9.2), unchecked.
void write_launch_data(const LaunchData& data, memory::DeviceMemory& memory);

}  // namespace ventus::loader
