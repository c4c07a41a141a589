// CaseExporter: the POCL test-case layout (ISA.md §9) of a runtime launch, and its files.
#include "runtime/case_export.hpp"

#include <algorithm>
#include <fstream>
#include <system_error>

#include <fmt/format.h>

#include "loader/data_file.hpp"
#include "memory/local_memory.hpp"

namespace ventus::runtime_detail {
namespace {

constexpr uint32_t kMetadataBytes = 64;           // KNL_MAX_METADATA_SIZE (ISA.md §7.1)
constexpr uint32_t kCodeImageAlloc = 0x10000000;  // POCL's code-image allocation (ISA.md §9.3)
constexpr uint64_t kPrivateLimit = 0x40000000;    // as the runtime's 1 GiB per launch
constexpr uint32_t kPage = 0x1000;

uint32_t round_up_page(uint64_t address) {
  return static_cast<uint32_t>((address + kPage - 1) & ~uint64_t{kPage - 1});
}

// Private memory for every work-group of the ND-range, indexed by work-group (ISA.md §7.6),
// placed past the device's highest allocation (the launch's own arguments, metadata and
// print buffer included) so no work-group's share overlaps another buffer.
loader::BufferDesc private_buffer(const std::map<uint32_t, uint64_t>& allocations,
                                  const functional::LaunchConfig& c) {
  uint64_t end = 0x90000000u;
  for (const auto& [base, bytes] : allocations) end = std::max(end, uint64_t{base} + bytes);
  const uint64_t groups = uint64_t{c.num_groups[0]} * c.num_groups[1] * c.num_groups[2];
  uint64_t bytes = uint64_t{c.pds_size} * c.numt * c.numw * groups;
  const uint32_t base = round_up_page(end);
  bytes = std::min({bytes, kPrivateLimit, uint64_t{0xFFFFF000u} - base});
  return {base, 0, static_cast<uint32_t>(bytes)};
}

// The code image of the Ventus flow: the ELF's .text (ISA.md §9.2), if it has one.
const elf::Section* text_section(const elf::ElfFile& elf) {
  const elf::Section* text = elf.find_section(".text");
  return text != nullptr && text->size != 0 ? text : nullptr;
}

Status write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) return Error{fmt::format("--save-case: cannot write '{}'", path.string())};
  return ok_status();
}

}  // namespace

loader::LaunchMetadata case_metadata(const Device::State& state, const elf::ElfFile& elf,
                                     const LaunchPlan& plan) {
  const functional::LaunchConfig& c = plan.config;
  loader::LaunchMetadata m;
  m.start_addr = c.start_pc;
  m.kernel_size = c.num_groups;
  m.wf_size = c.numt;
  m.wg_size = c.numw;
  m.metadata_base = c.knl_base;
  m.lds_size = plan.lds_bytes;
  m.pds_size = c.pds_size;
  m.sgpr_usage = c.sgpr_usage;
  m.vgpr_usage = c.vgpr_usage;
  const uint32_t args = state.memory.store().read32(c.knl_base + 4);  // KNL_ARG_BASE
  for (const auto& [base, bytes] : state.buffers) {
    if (base == args || base == c.pds_base || base == c.knl_base || base == plan.print_addr) {
      continue;
    }
    // Allocated as the runtime maps it: whole words (Device::State::allocate).
    const auto size = static_cast<uint32_t>(bytes);
    m.buffers.push_back({base, size, static_cast<uint32_t>((bytes + 3) & ~uint64_t{3})});
  }
  const std::vector<uint32_t> locals = local_buffer_addresses(plan.local_buffers);
  for (size_t i = 0; i < locals.size(); ++i) {
    m.buffers.push_back({locals[i], 0, plan.local_buffers[i]});
  }
  if (auto it = state.buffers.find(args); it != state.buffers.end()) {
    m.buffers.push_back(
        {args, static_cast<uint32_t>(it->second), static_cast<uint32_t>(it->second)});
  }
  if (const elf::Section* text = text_section(elf)) {
    m.buffers.push_back({text->addr, text->size, kCodeImageAlloc});
  }
  const loader::BufferDesc pds = private_buffer(state.buffers, c);
  m.pds_base = pds.base;
  m.buffers.push_back(pds);
  m.buffers.push_back({c.knl_base, kMetadataBytes, kMetadataBytes});
  if (plan.print_addr != 0) m.buffers.push_back({plan.print_addr, 0, plan.print_size});
  return m;
}

Status CaseExporter::before_launch(const Device::State& state, const elf::ElfFile& elf,
                                   const LaunchPlan& plan) {
  std::error_code ec;
  std::filesystem::create_directories(dir_ / "expected", ec);
  if (ec) {
    return Error{fmt::format("--save-case: cannot create '{}': {}", dir_.string(), ec.message())};
  }
  const std::string& kernel = plan.config.kernel_name;
  launches_.push_back(fmt::format("{}_{}", kernel, per_kernel_[kernel]++));
  pending_ = case_metadata(state, elf, plan);
  const auto read = [&state](uint32_t address) { return state.memory.store().read32(address); };
  const std::filesystem::path stem = dir_ / launches_.back();
  if (auto s = write_file(stem.string() + ".metadata", loader::format_metadata(pending_)); !s) {
    return s;
  }
  if (auto s = write_file(stem.string() + ".data",
                          loader::format_data(loader::dump_buffers(pending_, read)));
      !s) {
    return s;
  }
  if (!elf.image) return ok_status();
  const std::vector<uint8_t>& bytes = *elf.image;
  return write_file(dir_ / "object.riscv", std::string(bytes.begin(), bytes.end()));
}

Status CaseExporter::after_launch(const Device::State& state) {
  const std::string& name = launches_.back();
  if (auto s = write_file(dir_ / "expected" / (name + ".out"),
                          loader::format_dump(pending_, state.memory));
      !s) {
    return s;
  }
  std::string files;
  for (const std::string& launch : launches_) files += (files.empty() ? "" : ",") + launch;
  // The section is named like the directory (the loader prefers that section).
  const std::filesystem::path dir = dir_.lexically_normal();
  const std::string section = (dir.has_filename() ? dir : dir.parent_path()).filename().string();
  return write_file(dir_ / "cases.ini", fmt::format("[{}]\nFiles={}\n", section, files));
}

}  // namespace ventus::runtime_detail
