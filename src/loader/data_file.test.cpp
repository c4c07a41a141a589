// Tests for .data/.out parsing, exact re-writing, memory dumps, and the malformed-file errors.
#include "loader/data_file.hpp"

#include <gtest/gtest.h>

#include "loader/test_case.hpp"
#include "loader/test_support.hpp"
#include "loader/text_file.hpp"

namespace ventus::loader {
namespace {

using testing::ScratchDir;

// Buffers of 5 bytes (2 words), 0 bytes (none) and 4 bytes (1 word): 3 lines.
LaunchMetadata small_meta() {
  LaunchMetadata meta;
  meta.buffers = {{0x90000000, 5, 8}, {0x90001000, 0, 0x1000}, {0x90002000, 4, 4}};
  return meta;
}
const char* const kSmallData = "03020100\n00000004\nDEADbeef\n";

TEST(DataFile, ParsesWordsPerBufferSkippingEmptyBuffers) {
  const Result<LaunchData> data = parse_data(kSmallData, "s.data", small_meta());
  ASSERT_TRUE(data.ok()) << data.error().message;
  ASSERT_EQ(data->buffers.size(), 2u);
  EXPECT_EQ(data->buffers[0].base, 0x90000000u);
  EXPECT_EQ(data->buffers[0].words, (std::vector<uint32_t>{0x03020100, 4}));
  EXPECT_EQ(data->buffers[1].base, 0x90002000u);
  EXPECT_EQ(data->buffers[1].words, (std::vector<uint32_t>{0xdeadbeef}));
  EXPECT_FALSE(data->trailing_zero_line);
}

TEST(DataFile, WordsLandLittleEndianInMemory) {
  const Result<LaunchData> data = parse_data(kSmallData, "s.data", small_meta());
  ASSERT_TRUE(data.ok());
  memory::DeviceMemory mem;
  write_launch_data(*data, mem);
  for (uint32_t i = 0; i < 5; ++i) EXPECT_EQ(mem.store().read8(0x90000000 + i), i);
  EXPECT_EQ(mem.store().read8(0x90002000), 0xefu);  // first byte = last two hex digits
  EXPECT_EQ(mem.store().read8(0x90002003), 0xdeu);
}

TEST(DataFile, OneTrailingZeroLineIsAcceptedAndKept) {
  const std::string text = std::string(kSmallData) + "00000000";  // also no final newline
  const Result<LaunchData> data = parse_data(text, "t.data", small_meta());
  ASSERT_TRUE(data.ok()) << data.error().message;
  EXPECT_TRUE(data->trailing_zero_line);
  EXPECT_EQ(format_data(*data), "03020100\n00000004\ndeadbeef\n00000000\n");
}

TEST(DataFile, AnythingAfterTheBuffersIsAnError) {
  const Result<LaunchData> two_zeros =
      parse_data(std::string(kSmallData) + "00000000\n00000000\n", "z.data", small_meta());
  ASSERT_FALSE(two_zeros.ok());
  EXPECT_EQ(two_zeros.error().message,
            "z.data:5: unexpected line '00000000' after the 3 lines the metadata describes");
  const Result<LaunchData> nonzero =
      parse_data(std::string(kSmallData) + "00000001\n", "n.data", small_meta());
  ASSERT_FALSE(nonzero.ok());
  EXPECT_EQ(nonzero.error().message,
            "n.data:4: unexpected line '00000001' after the 3 lines the metadata describes");
  EXPECT_FALSE(parse_data(std::string(kSmallData) + "\n", "e.data", small_meta()).ok());
}

TEST(DataFile, ShortFileAndNonHexNameFileAndLine) {
  ScratchDir dir;
  const auto path = dir.write("short.data", "03020100\n00000004\n");
  const Result<LaunchData> short_file = load_data(path, small_meta());
  ASSERT_FALSE(short_file.ok());
  EXPECT_EQ(short_file.error().message,
            path.string() +
                ":3: file ends inside buffer 2 (base 0x90002000, 4 bytes): the metadata needs 3 "
                "lines, the file has 2");
  const Result<LaunchData> bad =
      parse_data("03020100\n0x000004\ndeadbeef\n", "b.data", small_meta());
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message,
            "b.data:2: '0x000004' is not a word of 8 hex digits (buffer 0, word 1)");
}

// Issue 13 item 2: (size + 3) / 4 in 32 bits is 0 for size 0xfffffffd, so the buffer was
// taken as empty and the case ran on uninitialised memory; nor may the parser reserve 4 GiB
// on the metadata's word before reading the file.
TEST(DataFile, ASizeNearFourGiBNeedsItsLinesAndReservesNothingUpFront) {
  EXPECT_EQ(words_for_bytes(0xfffffffdu), 0x3fffffffu + 1);
  EXPECT_EQ(words_for_bytes(0xffffffffu), 0x40000000u);
  LaunchMetadata meta;
  meta.buffers = {{0x00000000, 0xfffffffd, 0xfffffffd}};
  const Result<LaunchData> data = parse_data("00000001\n", "big.data", meta);
  ASSERT_FALSE(data.ok());
  EXPECT_EQ(data.error().message,
            "big.data:2: file ends inside buffer 0 (base 0x0, 4294967293 bytes): the metadata "
            "needs 1073741824 lines, the file has 1");
}

TEST(DataFile, DumpReadsCeilSizeOver4WordsFromEachBase) {
  const std::string dump = format_dump(small_meta(), [](uint32_t addr) { return addr + 1; });
  EXPECT_EQ(dump, "90000001\n90000005\n90002001\n");
}

TEST(DataFile, EveryReferenceDataAndExpectedFileParsesAndRewritesExactly) {
  VENTUS_REQUIRE_REFERENCE(cases);
  size_t files = 0;
  for (const auto& dir : testing::case_dirs(cases)) {
    for (const auto& meta_path : testing::files_with_ext(dir, ".metadata")) {
      const Result<LaunchMetadata> meta = load_metadata(meta_path);
      ASSERT_TRUE(meta.ok()) << meta.error().message;
      const std::string stem = meta_path.stem().string();
      for (const auto& path : {dir / (stem + ".data"), dir / "expected" / (stem + ".out")}) {
        if (!std::filesystem::exists(path)) continue;
        const Result<std::string> text = read_text_file(path);
        ASSERT_TRUE(text.ok());
        EXPECT_EQ(testing::count_lines(*text), data_line_count(*meta)) << path;
        const Result<LaunchData> data = parse_data(*text, path.string(), *meta);
        ASSERT_TRUE(data.ok()) << data.error().message;
        EXPECT_EQ(format_data(*data), *text) << path;
        ++files;
      }
    }
  }
  EXPECT_GE(files, 60u);
}

TEST(DataFile, MataddDataMatchesTheWorkedExample) {
  VENTUS_REQUIRE_REFERENCE(cases);
  const auto dir = cases / "matadd-4w4t-txt";
  const Result<LaunchMetadata> meta = load_metadata(dir / "matadd.metadata");
  ASSERT_TRUE(meta.ok());
  EXPECT_EQ(data_line_count(*meta), 377u);
  const Result<LaunchData> data = load_data(dir / "matadd.data", *meta);
  ASSERT_TRUE(data.ok()) << data.error().message;
  ASSERT_EQ(data->buffers.size(), 6u);                // private buffer (size 0) has no lines
  EXPECT_EQ(data->buffers[0].words[1], 0x3f800000u);  // A[1] = 1.0f
  EXPECT_EQ(data->buffers[3].words, (std::vector<uint32_t>{0x90000000, 0x90001000, 0x90002000}));
  EXPECT_EQ(data->buffers[4].base, 0x80000000u);
  EXPECT_EQ(data->buffers[4].words.size(), 310u);
  EXPECT_EQ(data->buffers[4].words[0], 0x00004197u);  // auipc gp, 4
  EXPECT_EQ(data->buffers[5].words[0], 0x800000a8u);  // KNL_ENTRY
}

TEST(DataFile, LoadingIntoMemoryThenDumpingReproducesTheDataFile) {
  VENTUS_REQUIRE_REFERENCE(cases);
  const auto dir = cases / "vecadd-4w16t";
  const Result<LaunchMetadata> meta = load_metadata(dir / "vecadd_0.metadata");
  ASSERT_TRUE(meta.ok());
  const Result<std::string> text = read_text_file(dir / "vecadd_0.data");
  ASSERT_TRUE(text.ok());
  const Result<LaunchData> data = parse_data(*text, "vecadd_0.data", *meta);
  ASSERT_TRUE(data.ok());
  memory::DeviceMemory mem;
  ASSERT_TRUE(map_launch_buffers(*meta, mem).ok());
  write_launch_data(*data, mem);
  EXPECT_EQ(format_dump(*meta, mem), *text);
}

}  // namespace
}  // namespace ventus::loader
