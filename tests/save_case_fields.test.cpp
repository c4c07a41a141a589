// Issue 47: the test case a launch is saved as (run.save_case) holds that launch: the fields
// of its .metadata and the words of its .data against what the host set up (docs/runtime.md
// "Saving launches as a test case").
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <vector>

#include "elf/elf_reader.hpp"
#include "loader/test_case.hpp"
#include "ventus/runtime.hpp"

namespace ventus {
namespace {

namespace fs = std::filesystem;

// The words of `bytes` (little-endian, whole words).
std::vector<uint32_t> words_of(std::span<const uint8_t> bytes) {
  std::vector<uint32_t> words((bytes.size() + 3) / 4, 0);
  std::memcpy(words.data(), bytes.data(), bytes.size());
  return words;
}

TEST(SaveCaseFields, TheMetadataAndDataAreTheLaunchs) {
  const fs::path dir =
      fs::temp_directory_path() / ("save_case_fields_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  Config config;
  config.simulation.save_case = dir.string();
  auto device = std::move(Device::create(config).value());
  auto program = Program::from_file(VENTUS_SOURCE_DIR "/kernels/vecadd/vecadd.s").value();
  Kernel kernel = program.kernel("vecadd").value();
  constexpr uint32_t n = 40;  // 3 work-groups of 16 (2 warps of 8), a guarded tail
  std::vector<float> a(n), b(n);
  for (uint32_t i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i);
    b[i] = 0.5f * a[i];
  }
  Buffer da = device->allocate(4 * n).value(), db = device->allocate(4 * n).value();
  Buffer dc = device->allocate(4 * n).value();
  ASSERT_TRUE(da.write(std::span<const float>(a)) && db.write(std::span<const float>(b)));
  kernel.arg(da).arg(db).arg(dc).arg(n);
  NDRange range{1, {48, 1, 1}, {16, 1, 1}};
  ASSERT_TRUE(device->launch(kernel, range).value().wait());

  auto test_case = loader::load_test_case(dir);
  ASSERT_TRUE(test_case) << test_case.error().message;
  ASSERT_EQ(test_case->launches.size(), 1u);
  const loader::Launch& launch = test_case->launches[0];
  EXPECT_EQ(launch.name, "vecadd_0");
  const loader::LaunchMetadata& m = launch.metadata;
  EXPECT_EQ(m.start_addr, 0x80000000u);
  EXPECT_EQ(m.kernel_size, (std::array<uint32_t, 3>{3, 1, 1}));
  EXPECT_EQ(m.wf_size, 8u);
  EXPECT_EQ(m.wg_size, 2u);
  EXPECT_EQ(m.lds_size, 0x1000u);
  EXPECT_EQ(m.pds_size, config.machine.private_memory_bytes_per_thread);
  EXPECT_EQ(m.sgpr_usage, 64u);
  EXPECT_EQ(m.vgpr_usage, 64u);
  // a, b, c, arguments, code image, private memory, metadata, print buffer.
  ASSERT_EQ(m.buffers.size(), 8u);
  for (size_t i = 0; i < 3; ++i) {
    const Buffer& host = i == 0 ? da : i == 1 ? db : dc;
    EXPECT_EQ(m.buffers[i], (loader::BufferDesc{host.address(), 4 * n, 4 * n})) << i;
  }
  const auto& data = launch.data.buffers;
  EXPECT_EQ(data[0].words, words_of({reinterpret_cast<const uint8_t*>(a.data()), 4 * n}));
  EXPECT_EQ(data[1].words, words_of({reinterpret_cast<const uint8_t*>(b.data()), 4 * n}));
  EXPECT_EQ(data[3].words, (std::vector<uint32_t>{da.address(), db.address(), dc.address(), n}));
  // The code image is the ELF's .text, as the Ventus flow's object.vmem (ISA.md §9.2).
  auto elf = elf::read_elf_file((dir / "object.riscv").string());
  ASSERT_TRUE(elf);
  const elf::Section* text = elf->find_section(".text");
  ASSERT_NE(text, nullptr);
  EXPECT_EQ(m.buffers[4], (loader::BufferDesc{0x80000000u, text->size, 0x10000000u}));
  EXPECT_EQ(data[4].words, words_of(text->bytes));
  // Private memory: every work-group's share (numw·numt·pdsSize each, ISA.md §7.6), placed
  // past the buffers; no contents.
  EXPECT_EQ(m.buffers[5].base, m.pds_base);
  EXPECT_EQ(m.buffers[5].size, 0u);
  EXPECT_EQ(m.buffers[5].alloc_size, 3 * 16 * m.pds_size);
  EXPECT_GT(m.pds_base, dc.address());
  // The 64-byte metadata buffer of ISA.md §7.1.
  EXPECT_EQ(m.buffers[6], (loader::BufferDesc{m.metadata_base, 64, 64}));
  const std::vector<uint32_t>& knl = data[5].words;
  ASSERT_EQ(knl.size(), 16u);
  EXPECT_EQ(knl[0], kernel.entry());
  EXPECT_EQ(knl[1], m.buffers[3].base);
  EXPECT_EQ((std::vector<uint32_t>(knl.begin() + 2, knl.begin() + 9)),
            (std::vector<uint32_t>{1, 48, 1, 1, 16, 1, 1}));
  EXPECT_EQ(knl[12], m.buffers[7].base);  // KNL_PRINT_ADDR: the print buffer, no contents
  EXPECT_EQ(m.buffers[7].size, 0u);
  // expected/vecadd_0.out: c = a + b after the launch.
  ASSERT_TRUE(launch.expected_path);
  auto out = loader::load_data(*launch.expected_path, m);
  ASSERT_TRUE(out);
  std::vector<float> c(n);
  std::memcpy(c.data(), out->buffers[2].words.data(), 4 * n);
  for (uint32_t i = 0; i < n; ++i) EXPECT_EQ(c[i], a[i] + b[i]) << i;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace ventus
