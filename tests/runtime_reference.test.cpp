// Every reference kernel ELF (object.riscv) run through the C++ runtime API, not through the
// .metadata files: arguments, ND-range and buffers are rebuilt from the case's data, and the
// user buffers must equal the case's expected/ dumps after every launch.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>

#include "loader/test_case.hpp"
#include "memory/local_memory.hpp"
#include "runtime/device_state.hpp"
#include "ventus/runtime.hpp"

namespace ventus {
namespace {

namespace fs = std::filesystem;

const loader::BufferData* find_data(const loader::Launch& launch, uint32_t base) {
  for (const auto& b : launch.data.buffers) {
    if (b.base == base) return &b;
  }
  return nullptr;
}

// What the launch's own data says about it (ISA.md §7.1 metadata words, §7.2 arguments).
struct HostView {
  std::vector<uint32_t> knl;   // the 16 metadata words
  std::vector<uint32_t> args;  // the argument buffer's words
};

HostView host_view(const loader::Launch& launch) {
  HostView view;
  const auto* knl = find_data(launch, launch.metadata.metadata_base);
  EXPECT_NE(knl, nullptr);
  if (knl == nullptr) return view;
  view.knl = knl->words;
  const auto* args = find_data(launch, view.knl[1]);
  EXPECT_NE(args, nullptr);
  if (args != nullptr) view.args = args->words;
  return view;
}

// True when the launch's code image (.data buffer at 0x80000000, ISA.md §9.2) is this ELF's
// .text: gaussian-4w4t ends with two launches of a different build whose ELF is not stored.
bool same_code(const loader::Launch& launch, const Program& program) {
  const auto* code = find_data(launch, 0x80000000u);
  if (code == nullptr) return true;
  for (const elf::Segment& seg : program.image().elf.load_segments()) {
    if (seg.paddr != 0x80000000u) continue;
    if (seg.filesz < code->size) return false;
    std::vector<uint32_t> words(code->words.size());
    std::memcpy(words.data(), seg.bytes.data(),
                std::min<size_t>(4 * words.size(), seg.bytes.size()));
    return words == code->words;
  }
  return false;
}

class ReferenceKernel : public ::testing::TestWithParam<std::string> {};

TEST_P(ReferenceKernel, OutputsMatchExpected) {
  const fs::path dir = fs::path(VENTUS_REFERENCE_DIR) / "cases" / GetParam();
  if (!fs::exists(dir / "object.riscv")) GTEST_SKIP() << "reference case absent: " << dir;
  auto test_case = loader::load_test_case(dir);
  ASSERT_TRUE(test_case) << test_case.error().message;
  auto program = Program::from_file((dir / "object.riscv").string());
  ASSERT_TRUE(program) << program.error().message;
  const loader::LaunchMetadata& first = test_case->launches.front().metadata;
  MachineConfig config;
  config.threads_per_warp = first.wf_size;
  config.private_memory_bytes_per_thread = first.pds_size;
  auto device = Device::create(config);
  ASSERT_TRUE(device) << device.error().message;
  std::map<uint32_t, Buffer> buffers;  // case address -> our buffer (persists across launches)
  size_t compared = 0;
  for (const loader::Launch& launch : test_case->launches) {
    SCOPED_TRACE(launch.name);
    if (!same_code(launch, *program)) continue;
    ASSERT_EQ(launch.metadata.wf_size, config.threads_per_warp);
    const HostView view = host_view(launch);
    ASSERT_EQ(view.knl.size(), 16u);
    // User buffers: the global buffers other than the argument buffer (ISA.md §9.2 order).
    for (size_t i = 0; i < launch.metadata.buffers.size(); ++i) {
      const auto& desc = launch.metadata.buffers[i];
      if (loader::buffer_kind(launch.metadata, i) != memory::RegionKind::kGlobal) continue;
      if (desc.base == view.knl[1] || memory::is_local_window(desc.base)) continue;
      if (!buffers.contains(desc.base)) {
        auto b = (*device)->allocate(desc.alloc_size);
        ASSERT_TRUE(b) << b.error().message;
        buffers.emplace(desc.base, *b);
      }
      if (const auto* data = find_data(launch, desc.base)) {
        ASSERT_TRUE(buffers.at(desc.base).write(std::span<const uint32_t>(data->words)));
      }
    }
    // Arguments: a word naming a user buffer is that buffer, anything else a 32-bit value.
    std::vector<std::string> names = program->kernel_names();
    std::string name;
    for (const std::string& n : names) {
      if (program->kernel(n)->entry() == view.knl[0]) name = n;
    }
    ASSERT_FALSE(name.empty()) << "no kernel at KNL_ENTRY";
    auto kernel = program->kernel(name);
    ASSERT_TRUE(kernel);
    for (uint32_t word : view.args) {
      if (buffers.contains(word)) {
        kernel->arg(buffers.at(word));
      } else {
        kernel->arg(word);
      }
    }
    NDRange range;
    range.work_dim = view.knl[2];
    for (int d = 0; d < 3; ++d) {
      range.global[d] = view.knl[3 + d];
      range.local[d] = view.knl[6 + d];
      range.offset[d] = view.knl[9 + d];
    }
    auto event = (*device)->launch(*kernel, range);
    ASSERT_TRUE(event) << event.error().message;
    auto stats = event->wait();
    ASSERT_TRUE(stats) << stats.error().message;
    EXPECT_EQ(stats->warps, uint64_t{launch.metadata.wg_size} * launch.metadata.kernel_size[0] *
                                launch.metadata.kernel_size[1] * launch.metadata.kernel_size[2]);
    ASSERT_TRUE(launch.expected_path.has_value());
    auto expected = loader::load_data(*launch.expected_path, launch.metadata);
    ASSERT_TRUE(expected) << expected.error().message;
    // Later launches of a case list only their own buffers; the user buffers are compared
    // whenever the expected dump has them.
    for (const loader::BufferData& want : expected->buffers) {
      if (!buffers.contains(want.base)) continue;
      auto got = buffers.at(want.base).read_as<uint32_t>(want.words.size());
      ASSERT_TRUE(got);
      EXPECT_EQ(*got, want.words) << "buffer at case address 0x" << std::hex << want.base;
      ++compared;
    }
  }
  EXPECT_GT(compared, 0u);
  EXPECT_EQ((*device)->live_buffers(), buffers.size());  // the launches freed their own
}

INSTANTIATE_TEST_SUITE_P(Cases, ReferenceKernel,
                         ::testing::Values("vecadd-4w16t", "vecadd-4w32t", "gaussian-1w16t",
                                           "gaussian-4w4t"),
                         [](const auto& param_info) {
                           std::string n = param_info.param;
                           for (char& c : n) c = (c == '-') ? '_' : c;
                           return n;
                         });

}  // namespace
}  // namespace ventus
