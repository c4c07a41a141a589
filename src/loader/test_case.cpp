// TestCase loading and placing a launch's buffers into device memory.
#include "loader/test_case.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/input_file.hpp"
#include "loader/cases_ini.hpp"

namespace ventus::loader {
namespace fs = std::filesystem;
namespace {

std::optional<fs::path> if_exists(const fs::path& path) {
  std::error_code ec;
  if (fs::exists(path, ec)) return path;
  return std::nullopt;
}

Result<CaseSection> pick_section(const fs::path& dir) {
  std::optional<fs::path> ini = if_exists(dir / "cases.ini");
  if (!ini) ini = if_exists(dir / "_cases.ini");
  if (!ini) return Error{fmt::format("{}: no cases.ini in the case directory", dir.string())};
  Result<std::vector<CaseSection>> sections = load_cases_ini(*ini);
  if (!sections) return sections.error();
  if (sections->size() == 1) return sections->front();
  const std::string want = dir.filename().string();
  for (const CaseSection& s : *sections) {
    if (s.name == want) return s;
  }
  return Error{
      fmt::format("{}: {} sections and none is named [{}]", ini->string(), sections->size(), want)};
}

Result<Launch> load_launch(const fs::path& dir, const std::string& name) {
  Launch launch;
  launch.name = name;
  launch.metadata_path = dir / (name + ".metadata");
  launch.data_path = dir / (name + ".data");
  Result<LaunchMetadata> meta = load_metadata(launch.metadata_path);
  if (!meta) return meta.error();
  launch.metadata = std::move(*meta);
  Result<LaunchData> data = load_data(launch.data_path, launch.metadata);
  if (!data) return data.error();
  launch.data = std::move(*data);
  launch.expected_path = if_exists(dir / "expected" / (name + ".out"));
  launch.log_path = if_exists(dir / "ref-logs" / (name + ".log"));
  return launch;
}

// Each file is capped by read_input_file, but cases.ini could list one launch millions of
// times: the number of launches and the bytes of all their files are capped too (issue 13).
Status check_case_size(const fs::path& ini_dir, const CaseSection& section) {
  if (section.files.size() > kMaxLaunches) {
    return Error{fmt::format("{}: [{}] lists {} launches, more than the limit of {}",
                             ini_dir.string(), section.name, section.files.size(), kMaxLaunches)};
  }
  uint64_t total = 0;
  for (const std::string& name : section.files) {
    for (const char* ext : {".metadata", ".data"}) {
      std::error_code ec;
      const uintmax_t size = fs::file_size(ini_dir / (name + ext), ec);
      if (!ec) total += size;
    }
  }
  if (total > kMaxInputBytes) {
    return Error{
        fmt::format("{}: the .metadata and .data files of [{}] total {} bytes, more "
                    "than the limit of {}",
                    ini_dir.string(), section.name, total, format_byte_size(kMaxInputBytes))};
  }
  return ok_status();
}

}  // namespace

Result<TestCase> load_test_case(const fs::path& dir) {
  Result<CaseSection> section = pick_section(dir);
  if (!section) return section.error();
  if (auto fits = check_case_size(dir, *section); !fits) return fits.error();
  TestCase test_case;
  test_case.name = section->name;
  test_case.dir = dir;
  for (const std::string& name : section->files) {
    Result<Launch> launch = load_launch(dir, name);
    if (!launch) return launch.error();
    test_case.launches.push_back(std::move(*launch));
  }
  test_case.elf_path = if_exists(dir / "object.riscv");
  test_case.expected_dir = if_exists(dir / "expected");
  test_case.ref_logs_dir = if_exists(dir / "ref-logs");
  return test_case;
}

memory::RegionKind buffer_kind(const LaunchMetadata& meta, size_t index) {
  const uint32_t base = meta.buffers[index].base;
  if (base == meta.metadata_base) return memory::RegionKind::kMetadata;
  if (base == meta.pds_base) return memory::RegionKind::kPrivate;
  // The code image is the buffer that holds the kernel's start (ISA.md §8 puts it at
  // 0x80000000); another buffer there is the user's data, not code (issue 54).
  const uint64_t end = uint64_t{base} + meta.buffers[index].alloc_size;
  if (meta.start_addr >= base && meta.start_addr < end) return memory::RegionKind::kCode;
  // POCL puts the argument buffer right before the code image (ISA.md §9.2).
  if (index + 1 < meta.buffers.size() && meta.buffers[index + 1].base == meta.start_addr) {
    return memory::RegionKind::kArgs;
  }
  if (base >= 0x70000000u && base < 0x80000000u) return memory::RegionKind::kLocal;
  return memory::RegionKind::kGlobal;
}

// The driver frees buffers between launches and may give a later launch's buffer of another
// size the address of an earlier one: a launch's buffers replace the earlier regions they
// overlap (contents persist). Buffers of one launch that overlap each other are an error.
Status map_launch_buffers(const LaunchMetadata& meta, memory::DeviceMemory& memory) {
  std::vector<uint32_t> this_launch;
  const auto mapped_now = [&](uint32_t base) {
    return std::find(this_launch.begin(), this_launch.end(), base) != this_launch.end();
  };
  for (size_t i = 0; i < meta.buffers.size(); ++i) {
    const BufferDesc& b = meta.buffers[i];
    if (b.alloc_size == 0) continue;
    const memory::Region* existing = memory.map().find_base(b.base);
    if (existing != nullptr && existing->size == b.alloc_size) {
      // The same region twice in one launch is the overlap refused below, not a reuse: the
      // two buffers' data would land in one region and one would overwrite the other.
      if (mapped_now(b.base)) {
        return Error{fmt::format(
            "buffer {} (base {:#x}, {} bytes) is an earlier buffer of the same launch again: "
            "two buffers of one launch must not overlap",
            i, b.base, b.alloc_size)};
      }
      this_launch.push_back(b.base);
      continue;
    }
    for (uint32_t base : memory.map().overlapping(b.base, b.alloc_size)) {
      if (!mapped_now(base)) (void)memory.unmap_region(base);
    }
    this_launch.push_back(b.base);
    const memory::RegionKind kind = buffer_kind(meta, i);
    Status added = memory.map_region(
        memory::Region{b.base, b.alloc_size, kind,
                       fmt::format("{} buffer {}", memory::region_kind_name(kind), i)});
    if (!added) return added;
  }
  return ok_status();
}

void write_launch_data(const LaunchData& data, memory::DeviceMemory& memory) {
  for (const BufferData& buffer : data.buffers) {
    for (size_t w = 0; w < buffer.words.size(); ++w) {
      memory.store().write32(buffer.base + static_cast<uint32_t>(4 * w), buffer.words[w]);
    }
  }
}

}  // namespace ventus::loader
