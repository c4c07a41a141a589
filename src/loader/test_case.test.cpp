// Tests for TestCase loading and placing launches into device memory, on the reference corpus.
#include "loader/test_case.hpp"

#include <gtest/gtest.h>

#include "loader/test_support.hpp"

namespace ventus::loader {
namespace {

using testing::ScratchDir;

TEST(TestCase, EveryReferenceCaseLoads) {
  VENTUS_REQUIRE_REFERENCE(cases);
  for (const auto& dir : testing::case_dirs(cases)) {
    const Result<TestCase> tc = load_test_case(dir);
    ASSERT_TRUE(tc.ok()) << tc.error().message;
    EXPECT_EQ(tc->name, dir.filename().string());
    ASSERT_FALSE(tc->launches.empty());
    EXPECT_TRUE(tc->expected_dir.has_value()) << dir;
    EXPECT_TRUE(tc->ref_logs_dir.has_value()) << dir;
    for (const Launch& launch : tc->launches) {
      EXPECT_TRUE(launch.expected_path.has_value()) << launch.name;
      EXPECT_TRUE(launch.log_path.has_value()) << launch.name;
      EXPECT_EQ(launch.data.buffers.size(),
                static_cast<size_t>(std::count_if(launch.metadata.buffers.begin(),
                                                  launch.metadata.buffers.end(),
                                                  [](const BufferDesc& b) { return b.size > 0; })));
    }
  }
}

TEST(TestCase, LaunchOrderAndOptionalFiles) {
  VENTUS_REQUIRE_REFERENCE(cases);
  const Result<TestCase> gauss = load_test_case(cases / "gaussian-4w4t");
  ASSERT_TRUE(gauss.ok()) << gauss.error().message;
  ASSERT_EQ(gauss->launches.size(), 8u);
  EXPECT_EQ(gauss->launches[1].name, "Fan2_0");
  EXPECT_EQ(gauss->launches[7].name, "Fan2");
  ASSERT_TRUE(gauss->elf_path.has_value());
  EXPECT_EQ(gauss->elf_path->filename(), "object.riscv");
  EXPECT_EQ(gauss->launches[1].expected_path->filename(), "Fan2_0.out");
  EXPECT_EQ(gauss->launches[1].log_path->filename(), "Fan2_0.log");

  const Result<TestCase> matadd = load_test_case(cases / "matadd-4w4t-txt");
  ASSERT_TRUE(matadd.ok());
  EXPECT_FALSE(matadd->elf_path.has_value());  // the txt variant has no ELF
  ASSERT_EQ(matadd->launches.size(), 1u);
  EXPECT_EQ(matadd->launches[0].metadata.metadata_base, 0x90014000u);
}

TEST(TestCase, BufferKindsFollowThePoclLayout) {
  VENTUS_REQUIRE_REFERENCE(cases);
  const Result<TestCase> matadd = load_test_case(cases / "matadd-4w4t-txt");
  ASSERT_TRUE(matadd.ok());
  const LaunchMetadata& meta = matadd->launches[0].metadata;
  using memory::RegionKind;
  const std::vector<RegionKind> expected = {
      RegionKind::kGlobal, RegionKind::kGlobal,  RegionKind::kGlobal,  RegionKind::kArgs,
      RegionKind::kCode,   RegionKind::kPrivate, RegionKind::kMetadata};
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(buffer_kind(meta, i), expected[i]) << i;
}

// A data buffer in the code window is not code: only the buffer holding the kernel's start is,
// so an overlap error names the user's buffer as they know it (issue 54: "code buffer 0").
TEST(TestCase, OnlyTheBufferHoldingTheStartIsCode) {
  LaunchMetadata meta;
  meta.start_addr = 0x80000000u;
  meta.metadata_base = 0x90000000u;
  meta.buffers = {{0x80000000u, 0x1000, 0x1000}, {0x80100000u, 64, 64}, {0x90000000u, 64, 64}};
  EXPECT_EQ(buffer_kind(meta, 0), memory::RegionKind::kCode);
  EXPECT_EQ(buffer_kind(meta, 1), memory::RegionKind::kGlobal);
  EXPECT_EQ(buffer_kind(meta, 2), memory::RegionKind::kMetadata);
  meta.buffers.push_back({0x80100020u, 64, 64});  // overlaps buffer 1
  memory::DeviceMemory mem;
  const Status overlap = map_launch_buffers(meta, mem);
  ASSERT_FALSE(overlap.ok());
  EXPECT_NE(overlap.error().message.find("'global buffer 3'"), std::string::npos)
      << overlap.error().message;
  EXPECT_NE(overlap.error().message.find("'global buffer 1'"), std::string::npos)
      << overlap.error().message;
  EXPECT_EQ(overlap.error().message.find("code buffer"), std::string::npos);
}

TEST(TestCase, AllLaunchesOfACaseMapWithoutOverlapAndStayReachable) {
  VENTUS_REQUIRE_REFERENCE(cases);
  for (const auto& dir : testing::case_dirs(cases)) {
    const Result<TestCase> tc = load_test_case(dir);
    ASSERT_TRUE(tc.ok());
    memory::DeviceMemory mem;
    for (const Launch& launch : tc->launches) {
      const Status mapped = map_launch_buffers(launch.metadata, mem);
      ASSERT_TRUE(mapped.ok()) << dir << " " << launch.name << ": " << mapped.error().message;
      write_launch_data(launch.data, mem);
      // The expected dump covers only mapped bytes, so a checked read-back must succeed.
      for (const BufferDesc& b : launch.metadata.buffers) {
        if (b.size > 0) {
          EXPECT_TRUE(mem.read<uint8_t>(b.base + b.size - 1).ok()) << launch.name;
        }
      }
      EXPECT_EQ(format_dump(launch.metadata, mem), format_data(launch.data)) << launch.name;
    }
  }
}

// Issue 12: the driver freed 'args buffer 1' [0x90007000, 0x90007014) after launch 1 and
// launch 2 got a 0x1c-byte buffer at the same address: it replaces the old region, and the
// bytes written before stay.
TEST(TestCase, ALaterLaunchReusesABufferAddressWithANewSize) {
  memory::DeviceMemory mem;
  LaunchMetadata first;
  first.buffers = {{0x90007000u, 0x14, 0x14}, {0x90008000u, 0x10, 0x10}};
  ASSERT_TRUE(map_launch_buffers(first, mem).ok());
  mem.store().write32(0x90007010u, 0xabcdu);
  LaunchMetadata second;
  second.buffers = {{0x90007000u, 0x1c, 0x1c}, {0x90008000u, 0x10, 0x10}};
  const Status mapped = map_launch_buffers(second, mem);
  ASSERT_TRUE(mapped.ok()) << mapped.error().message;
  const memory::Region* region = mem.map().find_base(0x90007000u);
  ASSERT_NE(region, nullptr);
  EXPECT_EQ(region->size, 0x1cu);
  EXPECT_TRUE(mem.read<uint32_t>(0x90007018u).ok());  // the new size is reachable
  EXPECT_EQ(mem.read<uint32_t>(0x90007010u).value(), 0xabcdu);
  EXPECT_EQ(mem.map().regions().size(), 2u);
  // A smaller buffer straddling the start of an earlier one replaces it too.
  LaunchMetadata third;
  third.buffers = {{0x90006ff0u, 0x20, 0x20}};
  ASSERT_TRUE(map_launch_buffers(third, mem).ok());
  EXPECT_EQ(mem.map().find_base(0x90007000u), nullptr);
  // Two buffers of one launch that overlap each other are still an error.
  LaunchMetadata bad;
  bad.buffers = {{0x90020000u, 0x20, 0x20}, {0x90020010u, 0x20, 0x20}};
  const Status overlap = map_launch_buffers(bad, mem);
  ASSERT_FALSE(overlap.ok());
  EXPECT_NE(overlap.error().message.find("overlaps"), std::string::npos);
  // So are two with the same base and size (issue 54: accepted, and --check then failed on
  // memory, the second buffer's data written over the first's).
  LaunchMetadata twice;
  twice.buffers = {{0x90030000u, 0x20, 0x20}, {0x90030000u, 0x20, 0x20}};
  const Status repeated = map_launch_buffers(twice, mem);
  ASSERT_FALSE(repeated.ok());
  EXPECT_NE(repeated.error().message.find("buffer 1 (base 0x90030000, 32 bytes) is an earlier "
                                          "buffer of the same launch again"),
            std::string::npos)
      << repeated.error().message;
}

TEST(MemoryMap, OverlappingListsEveryRegionTouched) {
  memory::AddressMap map;
  ASSERT_TRUE(map.add({0x1000, 0x100, memory::RegionKind::kGlobal, "a"}).ok());
  ASSERT_TRUE(map.add({0x1100, 0x100, memory::RegionKind::kGlobal, "b"}).ok());
  ASSERT_TRUE(map.add({0x2000, 0x100, memory::RegionKind::kGlobal, "c"}).ok());
  EXPECT_EQ(map.overlapping(0x10ff, 2), (std::vector<uint32_t>{0x1000, 0x1100}));
  EXPECT_EQ(map.overlapping(0x1200, 0xe00), (std::vector<uint32_t>{}));
  EXPECT_EQ(map.overlapping(0x0, 0x3000), (std::vector<uint32_t>{0x1000, 0x1100, 0x2000}));
  EXPECT_EQ(map.overlapping(0x2080, 1), (std::vector<uint32_t>{0x2000}));
}

TEST(TestCase, MissingPiecesAreErrorsNamingThem) {
  ScratchDir dir;
  const Result<TestCase> no_ini = load_test_case(dir.path());
  ASSERT_FALSE(no_ini.ok());
  EXPECT_NE(no_ini.error().message.find("no cases.ini"), std::string::npos);

  dir.write("cases.ini", "[x]\nFiles=k\n");
  const Result<TestCase> no_meta = load_test_case(dir.path());
  ASSERT_FALSE(no_meta.ok());
  EXPECT_NE(no_meta.error().message.find("k.metadata"), std::string::npos);

  dir.write("cases.ini", "[x]\nFiles=k\n[y]\nFiles=k\n");
  const Result<TestCase> ambiguous = load_test_case(dir.path());
  ASSERT_FALSE(ambiguous.ok());
  EXPECT_NE(ambiguous.error().message.find("none is named"), std::string::npos);
}

// Issue 13: each file is capped, but cases.ini could list one launch millions of times and
// make the loader hold millions of copies: launches and their total bytes are capped too.
TEST(TestCase, TooManyLaunchesOrTooManyBytesAreRefusedBeforeLoading) {
  ScratchDir dir;
  std::string files = "k";
  for (size_t i = 0; i < kMaxLaunches; ++i) files += ",k";
  dir.write("cases.ini", "[x]\nFiles=" + files + "\n");
  const Result<TestCase> many = load_test_case(dir.path());
  ASSERT_FALSE(many.ok());
  EXPECT_EQ(many.error().message,
            dir.path().string() + ": [x] lists 4097 launches, more than the limit of 4096");
  // Two launches of one sparse 200 MiB .data: nothing is read, the sizes say it all.
  dir.write("cases.ini", "[x]\nFiles=k,k\n");
  dir.write("k.metadata", "");
  dir.write("k.data", "");
  std::filesystem::resize_file(dir.path() / "k.data", uint64_t{200} << 20);
  const Result<TestCase> big = load_test_case(dir.path());
  ASSERT_FALSE(big.ok());
  EXPECT_EQ(big.error().message,
            dir.path().string() +
                ": the .metadata and .data files of [x] total 419430400 bytes, more than the "
                "limit of 256 MiB");
}

}  // namespace
}  // namespace ventus::loader
