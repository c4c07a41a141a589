// read_input_file: regular files are read whole; directories, devices, pipes, missing files
// and files over the cap are errors that name the input (issue 13 item 4).
#include "common/input_file.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace ventus {
namespace {

namespace fs = std::filesystem;

class InputFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("ventus_input_file_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) const {
    const fs::path path = dir_ / name;
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
  }
  fs::path dir_;
};

TEST_F(InputFileTest, ReadsARegularFileWhole) {
  const std::string text("a\0b\nlast", 8);
  auto read = read_input_file(write("f.bin", text));
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(*read, text);
}

TEST_F(InputFileTest, AnEmptyFileIsEmptyText) {
  auto read = read_input_file(write("empty", ""));
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_TRUE(read->empty());
}

TEST_F(InputFileTest, AMissingFileNamesThePathAndTheReason) {
  const std::string path = (dir_ / "missing.s").string();
  auto read = read_input_file(path, {.what = "source file"});
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().message,
            "cannot open source file '" + path + "' (No such file or directory)");
}

TEST_F(InputFileTest, ADirectoryIsNotReadAsAnEmptyFile) {
  auto read = read_input_file(dir_.string());
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().message,
            "input file '" + dir_.string() + "' is a directory, not a regular file");
}

TEST_F(InputFileTest, ADeviceIsRefusedBeforeAnyByteIsRead) {
  auto read = read_input_file("/dev/zero");
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().message, "input file '/dev/zero' is a device, not a regular file");
}

TEST_F(InputFileTest, APipeWithoutAWriterIsRefusedWithoutBlocking) {
  const std::string fifo = (dir_ / "fifo").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto read = read_input_file(fifo);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().message, "input file '" + fifo + "' is a pipe, not a regular file");
}

TEST_F(InputFileTest, AFileOverTheCapIsRefused) {
  const std::string path = write("big", std::string(4097, 'x'));
  auto read = read_input_file(path, {.max_bytes = 4096});
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().message, "input file '" + path + "' is larger than the limit of 4 KiB");
  auto exact = read_input_file(write("exact", std::string(4096, 'x')), {.max_bytes = 4096});
  ASSERT_TRUE(exact) << exact.error().message;
  EXPECT_EQ(exact->size(), 4096u);
}

TEST_F(InputFileTest, StandardInputOnlyWhereAllowed) {
  auto read = read_input_file("-", {.allow_stdin = false, .what = "ELF file"});
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().message, "ELF file '-': standard input cannot be used here");
  EXPECT_EQ(input_display_name("-"), "<stdin>");
  EXPECT_EQ(input_display_name("a.s"), "a.s");
}

TEST(FormatByteSize, UsesTheLargestExactUnit) {
  EXPECT_EQ(format_byte_size(kMaxInputBytes), "256 MiB");
  EXPECT_EQ(format_byte_size(uint64_t{1} << 30), "1 GiB");
  EXPECT_EQ(format_byte_size(3072), "3 KiB");
  EXPECT_EQ(format_byte_size(3073), "3073 bytes");
  EXPECT_EQ(format_byte_size(1), "1 byte");
}

}  // namespace
}  // namespace ventus
