// check_output_file: writable paths pass and are left as they were; a missing directory or a
// directory given as the file fails with a message naming the output, the path and the reason.
// check_file_beside_report: a file written during a run may be any path but "" and "-".
#include "common/output_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace ventus {
namespace {

namespace fs = std::filesystem;

class OutputFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("ventus_output_file_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

std::string contents(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST_F(OutputFileTest, ANewFileInAnExistingDirectoryPassesAndIsNotLeftBehind) {
  const fs::path path = dir_ / "stats.json";
  EXPECT_TRUE(check_output_file(path.string(), "statistics file"));
  EXPECT_FALSE(fs::exists(path));
}

TEST_F(OutputFileTest, AnExistingFilePassesWithItsContentsKept) {
  const fs::path path = dir_ / "out.bin";
  std::ofstream(path, std::ios::binary) << "kept";
  EXPECT_TRUE(check_output_file(path.string(), "output file"));
  EXPECT_EQ(contents(path), "kept");
}

TEST_F(OutputFileTest, AMissingDirectoryNamesTheOutputThePathAndTheReason) {
  const std::string path = (dir_ / "no-such-dir" / "run.log").string();
  auto checked = check_output_file(path, "log file");
  ASSERT_FALSE(checked);
  EXPECT_EQ(checked.error().message,
            "cannot write log file '" + path + "' (No such file or directory)");
}

TEST_F(OutputFileTest, ADirectoryIsNotAFileToWrite) {
  auto checked = check_output_file(dir_.string(), "output file");
  ASSERT_FALSE(checked);
  EXPECT_NE(checked.error().message.find("Is a directory"), std::string::npos)
      << checked.error().message;
}

TEST_F(OutputFileTest, StandardOutputAndDevicesPass) {
  EXPECT_TRUE(check_output_file("-", "log file"));
  EXPECT_TRUE(check_output_file("/dev/null", "statistics file"));
}

TEST(OutputFile, AnEmptyPathIsAnError) {
  auto checked = check_output_file("", "output file");
  ASSERT_FALSE(checked);
  EXPECT_EQ(checked.error().message, "cannot write output file '' (No such file or directory)");
}

TEST(FileBesideReport, StandardOutputAndAnEmptyNameAreRefusedNamingTheOption) {
  const auto dash = check_file_beside_report("-", "--events", "event log");
  ASSERT_FALSE(dash);
  EXPECT_EQ(dash.error().message,
            "--events -: the event log cannot go to standard output, where the run reports as it "
            "goes; give a file name");
  const auto empty = check_file_beside_report("", "--timeline", "timeline");
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().message, "--timeline: empty file name");
}

TEST(FileBesideReport, AnyOtherPathIsLeftToTheFileItself) {
  // Whether the path can be written is the caller's to find out when it creates the file.
  EXPECT_TRUE(check_file_beside_report("out/trace.json", "--timeline", "timeline"));
  EXPECT_TRUE(check_file_beside_report("./-", "--events", "event log"));
}

}  // namespace
}  // namespace ventus
