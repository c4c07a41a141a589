// `ventus objdump -d`: exit status and messages for good files, bad files and bad command lines.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "elf/elf_writer.hpp"
#include "objdump/objdump_test_image.hpp"

namespace {

namespace fs = std::filesystem;

struct RunResult {
  int exit_status;
  std::string out;
  std::string err;
};

class ObjdumpCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("ventus_objdump_cli_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path write(const std::string& name, const std::vector<uint8_t>& bytes) {
    const fs::path path = dir_ / name;
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    return path;
  }

  static std::string slurp(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

  // Runs the tool with `args` (already shell-quoted) from the temporary directory.
  RunResult run(const std::string& args) {
    const fs::path out = dir_ / "stdout.txt";
    const fs::path err = dir_ / "stderr.txt";
    const std::string command = "cd '" + dir_.string() + "' && '" VENTUS_TOOL "' " + args + " > '" +
                                out.string() + "' 2> '" + err.string() + "'";
    const int status = std::system(command.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  }

  // One failing run: non-zero exit, nothing on stdout, exactly one stderr line naming `name`.
  void expect_one_line_error(const std::string& name, const std::string& detail) {
    const RunResult r = run("objdump -d " + name);
    EXPECT_NE(r.exit_status, 0) << name;
    EXPECT_EQ(r.out, "") << name;
    ASSERT_FALSE(r.err.empty()) << name;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "not one line: " << r.err;
    EXPECT_NE(r.err.find(name), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(detail), std::string::npos) << r.err;
  }

  fs::path dir_;
};

std::vector<uint8_t> valid_elf() {
  return ventus::elf::write_elf(ventus::objdump::testing::symbol_corner_image());
}

TEST_F(ObjdumpCli, ValidFilePrintsTheListingAndSucceeds) {
  write("good.elf", valid_elf());
  const RunResult r = run("objdump -d good.elf");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  // Header as llvm-objdump prints it: the path as given on the command line.
  EXPECT_EQ(r.out.rfind(
                "\ngood.elf:\tfile format elf32-littleriscv\n\nDisassembly of section .text:\n", 0),
            0u)
      << r.out;
  EXPECT_NE(r.out.find("80000004: 63 04 b5 00  \tbeq\ta0, a1, 0x8000000c <mid>\n"),
            std::string::npos);
}

TEST_F(ObjdumpCli, EmptyFileIsOneClearError) {
  write("empty.elf", {});
  expect_one_line_error("empty.elf", "empty");
}

TEST_F(ObjdumpCli, NonElfFileIsOneClearError) {
  write("text.txt", {'h', 'e', 'l', 'l', 'o', '\n'});
  expect_one_line_error("text.txt", "not an ELF");
}

TEST_F(ObjdumpCli, TruncatedElfIsOneClearError) {
  std::vector<uint8_t> bytes = valid_elf();
  bytes.resize(bytes.size() / 2);  // the section header table sits at the end
  write("truncated.elf", bytes);
  expect_one_line_error("truncated.elf", "truncated");
}

TEST_F(ObjdumpCli, CorruptHeaderIsOneClearError) {
  std::vector<uint8_t> bytes = valid_elf();
  bytes[0x20] = 0xff;  // e_shoff (ELF32 offset 0x20) now points far past the end
  bytes[0x23] = 0x7f;
  write("corrupt.elf", bytes);
  const RunResult r = run("objdump -d corrupt.elf");
  EXPECT_NE(r.exit_status, 0);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  EXPECT_NE(r.err.find("corrupt.elf"), std::string::npos) << r.err;
}

TEST_F(ObjdumpCli, SixtyFourBitElfIsOneClearError) {
  // A minimal ELF64 header: magic, EI_CLASS = ELFCLASS64, little-endian, version 1, EM_RISCV.
  std::vector<uint8_t> bytes(64, 0);
  const uint8_t ident[] = {0x7f, 'E', 'L', 'F', 2, 1, 1};
  std::copy(std::begin(ident), std::end(ident), bytes.begin());
  bytes[16] = 2;    // e_type = ET_EXEC
  bytes[18] = 243;  // e_machine = EM_RISCV
  bytes[20] = 1;    // e_version
  write("elf64.elf", bytes);
  expect_one_line_error("elf64.elf", "64-bit");
}

TEST_F(ObjdumpCli, MissingFileIsOneClearError) {
  expect_one_line_error("no-such-file.elf", "no-such-file.elf");
}

TEST_F(ObjdumpCli, BadCommandLinesFail) {
  write("good.elf", valid_elf());
  for (const char* args : {"objdump good.elf", "objdump -d", "objdump --no-such-option good.elf",
                           "objdump -d --start-address=x good.elf",
                           "objdump -d --start-address=8 --stop-address=8 good.elf"}) {
    const RunResult r = run(args);
    EXPECT_NE(r.exit_status, 0) << args;
    EXPECT_EQ(r.out.find("Disassembly"), std::string::npos) << args;
    EXPECT_FALSE(r.err.empty() && r.out.empty()) << args << ": no message";
  }
}

// Several inputs, as llvm-objdump: each listed in turn; a bad one is reported and the others
// are still listed, with exit status 2 (README "Exit status").
TEST_F(ObjdumpCli, SeveralFilesAreListedInTurnAndABadOneIsReported) {
  write("good.elf", valid_elf());
  const RunResult both = run("objdump -d good.elf good.elf");
  EXPECT_EQ(both.exit_status, 0) << both.err;
  const RunResult one = run("objdump -d good.elf");
  EXPECT_EQ(both.out, one.out + one.out);
  const RunResult missing = run("objdump -d missing.elf good.elf");
  EXPECT_EQ(missing.exit_status, 2);
  EXPECT_EQ(missing.out, one.out);
  EXPECT_NE(missing.err.find("missing.elf"), std::string::npos) << missing.err;
}

}  // namespace
