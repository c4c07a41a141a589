// Tests for the .metadata parser: the ISA.md §9.3 worked example, every reference file, errors.
#include "loader/metadata.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "loader/test_support.hpp"
#include "loader/text_file.hpp"

namespace ventus::loader {
namespace {

using testing::ScratchDir;

// A small valid file written by hand: 1 buffer → 2·(14+3) = 34 lines.
std::string one_buffer_text() {
  std::string text;
  const uint32_t items[] = {0x80000000, 0,          2,          1,      1,     8,
                            2,          0x90014000, 0x1000,     0x1000, 0x40,  0x40,
                            0x90004000, 1,          0x90000000, 0x10,   0x1000};
  for (uint32_t item : items) text += fmt::format("{:08x}\n00000000\n", item);
  return text;
}

TEST(Metadata, MataddWorkedExampleOfIsaSection9_3) {
  VENTUS_REQUIRE_REFERENCE(cases);
  const Result<LaunchMetadata> meta = load_metadata(cases / "matadd-4w4t-txt" / "matadd.metadata");
  ASSERT_TRUE(meta.ok()) << meta.error().message;
  EXPECT_EQ(meta->start_addr, 0x80000000u);
  EXPECT_EQ(meta->kernel_id, 0u);
  EXPECT_EQ(meta->kernel_size, (std::array<uint32_t, 3>{1, 1, 1}));
  EXPECT_EQ(meta->wf_size, 4u);
  EXPECT_EQ(meta->wg_size, 4u);
  EXPECT_EQ(meta->metadata_base, 0x90014000u);
  EXPECT_EQ(meta->lds_size, 0x1000u);
  EXPECT_EQ(meta->pds_size, 0x1000u);
  EXPECT_EQ(meta->sgpr_usage, 64u);
  EXPECT_EQ(meta->vgpr_usage, 64u);
  EXPECT_EQ(meta->pds_base, 0x90004000u);
  const std::vector<BufferDesc> expected = {
      {0x90000000, 0x40, 0x40}, {0x90001000, 0x40, 0x40},        {0x90002000, 0x40, 0x40},
      {0x90003000, 0xc, 0xc},   {0x80000000, 0x4d8, 0x10000000}, {0x90004000, 0, 0x10000},
      {0x90014000, 0x40, 0x40}};
  EXPECT_EQ(meta->buffers, expected);
}

TEST(Metadata, EveryReferenceFileParsesAndRoundTrips) {
  VENTUS_REQUIRE_REFERENCE(cases);
  size_t files = 0;
  for (const auto& dir : testing::case_dirs(cases)) {
    for (const auto& path : testing::files_with_ext(dir, ".metadata")) {
      const Result<std::string> text = read_text_file(path);
      ASSERT_TRUE(text.ok());
      const Result<LaunchMetadata> meta = parse_metadata(*text, path.string());
      ASSERT_TRUE(meta.ok()) << meta.error().message;
      EXPECT_EQ(testing::count_lines(*text), metadata_line_count(meta->buffers.size())) << path;
      EXPECT_EQ(meta->start_addr, 0x80000000u) << path;
      EXPECT_EQ(format_metadata(*meta), *text) << path;
      ++files;
    }
  }
  EXPECT_GE(files, 30u);
}

TEST(Metadata, AcceptsUpperCaseCrlfAndMissingFinalNewline) {
  std::string text = one_buffer_text();
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  text.pop_back();  // no final newline
  Result<LaunchMetadata> meta = parse_metadata(text, "upper.metadata");
  ASSERT_TRUE(meta.ok()) << meta.error().message;
  EXPECT_EQ(meta->kernel_size[0], 2u);
  EXPECT_EQ(meta->metadata_base, 0x90014000u);
  ASSERT_EQ(meta->buffers.size(), 1u);
  EXPECT_EQ(meta->buffers[0], (BufferDesc{0x90000000, 0x10, 0x1000}));
  std::string crlf;
  for (char c : one_buffer_text()) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  EXPECT_TRUE(parse_metadata(crlf, "crlf.metadata").ok());
}

TEST(Metadata, NonHexTextIsAnErrorWithFileAndLine) {
  ScratchDir dir;
  std::string text = one_buffer_text();
  text.replace(text.find("00000008"), 8, "0000000g");  // line 11 (wf_size)
  const auto path = dir.write("bad.metadata", text);
  const Result<LaunchMetadata> meta = load_metadata(path);
  ASSERT_FALSE(meta.ok());
  EXPECT_EQ(meta.error().message, path.string() + ":11: '0000000g' is not a word of 8 hex digits");
  text = one_buffer_text();
  text.replace(text.find("00000002"), 8, "2");  // too few digits
  EXPECT_EQ(parse_metadata(text, "m").error().message, "m:5: '2' is not a word of 8 hex digits");
}

TEST(Metadata, TruncatedHeaderIsAnError) {
  std::string text = one_buffer_text().substr(0, 20 * 9);  // 20 lines
  const Result<LaunchMetadata> meta = parse_metadata(text, "short.metadata");
  ASSERT_FALSE(meta.ok());
  EXPECT_EQ(meta.error().message,
            "short.metadata:21: file ends after 20 lines; the 14-item header needs 28 lines");
}

TEST(Metadata, LineCountInconsistentWithNumBufferIsAnError) {
  const std::string extra = one_buffer_text() + "00000000\n";
  const Result<LaunchMetadata> meta = parse_metadata(extra, "x.metadata");
  ASSERT_FALSE(meta.ok());
  EXPECT_EQ(meta.error().message,
            "x.metadata:27: num_buffer = 1 requires 34 lines (2*(14+3*1)) but the file has 35 "
            "lines");
  std::string wrong_n = one_buffer_text();
  wrong_n.replace(26 * 9, 8, "00000002");  // line 27: num_buffer = 2
  const Result<LaunchMetadata> meta2 = parse_metadata(wrong_n, "y.metadata");
  ASSERT_FALSE(meta2.ok());
  EXPECT_NE(meta2.error().message.find("y.metadata:27: num_buffer = 2 requires 40 lines"),
            std::string::npos);
  std::string huge_n = one_buffer_text();
  huge_n.replace(27 * 9, 8, "00000001");  // high word of num_buffer
  EXPECT_FALSE(parse_metadata(huge_n, "z.metadata").ok());
}

TEST(Metadata, NonZeroHighWordIsAnError) {
  std::string text = one_buffer_text();
  text.replace(29 * 9, 8, "00000001");  // line 30: high word of buffer_base[0]
  const Result<LaunchMetadata> meta = parse_metadata(text, "h.metadata");
  ASSERT_FALSE(meta.ok());
  EXPECT_EQ(meta.error().message,
            "h.metadata:30: high word of buffer_base[0] is 0x1; a 32-bit device needs 0");
}

// Issue 13 item 2: a size larger than the allocation was silently cut when loading.
TEST(Metadata, ABufferLargerThanItsAllocationIsAnError) {
  std::string text = one_buffer_text();
  text.replace(30 * 9, 8, "00002000");  // line 31: buffer_size[0] = 0x2000 > 0x1000
  const Result<LaunchMetadata> meta = parse_metadata(text, "s.metadata");
  ASSERT_FALSE(meta.ok());
  EXPECT_EQ(meta.error().message,
            "s.metadata:31: buffer_size[0] = 8192 is larger than buffer_allocsize[0] = 4096");
}

TEST(Metadata, ABufferRunningPastTheAddressSpaceIsAnError) {
  std::string text = one_buffer_text();
  text.replace(32 * 9, 8, "fffffffd");  // line 33: buffer_allocsize[0] from 0x90000000
  const Result<LaunchMetadata> meta = parse_metadata(text, "w.metadata");
  ASSERT_FALSE(meta.ok());
  EXPECT_EQ(meta.error().message,
            "w.metadata:33: buffer 0 at 0x90000000 with buffer_allocsize 0xfffffffd runs past "
            "the end of the 32-bit address space");
}

TEST(Metadata, MissingFileIsAnErrorNamingIt) {
  const Result<LaunchMetadata> meta = load_metadata("/nonexistent/dir/k.metadata");
  ASSERT_FALSE(meta.ok());
  EXPECT_NE(meta.error().message.find("/nonexistent/dir/k.metadata"), std::string::npos);
}

}  // namespace
}  // namespace ventus::loader
