// Tests of the vt_* C ABI in libventus.so: every function, its checks and a full launch.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <vector>

#include "asm/assembler.hpp"
#include "elf/elf_writer.hpp"
#include "runtime/vt_test_kernel.hpp"
#include "ventus.h"

namespace {

class VtApi : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(vt_dev_open(&dev_), 0); }
  void TearDown() override { EXPECT_EQ(vt_dev_close(dev_), 0); }
  vt_device_h dev_ = nullptr;
};

TEST_F(VtApi, OpenCloseAndNullHandles) {
  EXPECT_EQ(vt_dev_open(nullptr), -1);
  EXPECT_EQ(vt_dev_close(nullptr), -1);
  uint64_t v = 0;
  EXPECT_EQ(vt_buf_alloc(nullptr, 4, &v, 0, 0, 0), -1);
  EXPECT_EQ(vt_buf_free(nullptr, 0, nullptr, 0, 0), -1);
  EXPECT_EQ(vt_one_buf_free(nullptr, 0, &v, 0, 0), -1);
  EXPECT_EQ(vt_copy_to_dev(nullptr, 0x90000000, &v, 4, 0, 0), -1);
  EXPECT_EQ(vt_copy_from_dev(nullptr, 0x90000000, &v, 4, 0, 0), -1);
  EXPECT_EQ(vt_start(nullptr, nullptr, 0), -1);
  EXPECT_EQ(vt_ready_wait(nullptr, 0), -1);
  EXPECT_EQ(vt_upload_kernel_bytes(nullptr, &v, 4, 0), -1);
  EXPECT_EQ(vt_upload_kernel_file(nullptr, "x", 0), -1);
  EXPECT_EQ(vt_dump_perf(nullptr, stdout), -1);
  EXPECT_EQ(vt_root_mem_alloc(nullptr, 0), -1);
  EXPECT_EQ(vt_root_mem_free(nullptr, 0), -1);
  EXPECT_STREQ(vt_last_error(nullptr), "invalid device handle");
}

TEST_F(VtApi, Caps) {
  uint64_t v = 0;
  ASSERT_EQ(vt_dev_caps(nullptr, VT_CAPS_MAX_THREADS, &v), 0);  // pocl asks before opening
  EXPECT_EQ(v, 8u);
  ASSERT_EQ(vt_dev_caps(&dev_, VT_CAPS_MAX_WARPS, &v), 0);
  EXPECT_EQ(v, 8u);
  ASSERT_EQ(vt_dev_caps(&dev_, VT_CAPS_MAX_CORES, &v), 0);
  EXPECT_EQ(v, 2u);
  ASSERT_EQ(vt_dev_caps(&dev_, VT_CAPS_LOCAL_MEM_SIZE, &v), 0);
  EXPECT_EQ(v, 128u * 1024);
  ASSERT_EQ(vt_dev_caps(&dev_, VT_CAPS_ALLOC_BASE_ADDR, &v), 0);
  EXPECT_EQ(v, 0x90000000u);
  ASSERT_EQ(vt_dev_caps(&dev_, VT_CAPS_KERNEL_BASE_ADDR, &v), 0);
  EXPECT_EQ(v, 0x80000000u);
  EXPECT_EQ(vt_dev_caps(&dev_, VT_CAPS_VERSION, &v), 0);
  EXPECT_EQ(vt_dev_caps(&dev_, VT_CAPS_CACHE_LINE_SIZE, &v), 0);
  EXPECT_EQ(vt_dev_caps(&dev_, 99, &v), -1);
  EXPECT_EQ(vt_dev_caps(&dev_, VT_CAPS_MAX_WARPS, nullptr), -1);
  EXPECT_EQ(vt_root_mem_alloc(dev_, 0), 0);
  EXPECT_EQ(vt_root_mem_free(dev_, 0), 0);
  EXPECT_EQ(vt_root_mem_alloc(dev_, -1), -1);
}

TEST_F(VtApi, BuffersAndCopies) {
  uint64_t a = 0, b = 0;
  ASSERT_EQ(vt_buf_alloc(dev_, 64, &a, 0, 0, 0), 0);
  ASSERT_EQ(vt_buf_alloc(dev_, 8, &b, 0, 0, 0), 0);
  EXPECT_EQ(a, 0x90000000u);
  EXPECT_EQ(b, 0x90001000u);
  EXPECT_EQ(vt_buf_alloc(dev_, 0, &a, 0, 0, 0), -1);
  EXPECT_EQ(vt_buf_alloc(dev_, 4, nullptr, 0, 0, 0), -1);
  EXPECT_EQ(vt_buf_alloc(dev_, uint64_t{1} << 33, &b, 0, 0, 0), -1);
  const uint32_t in[4] = {1, 2, 3, 4};
  uint32_t out[4] = {};
  ASSERT_EQ(vt_copy_to_dev(dev_, a + 8, in, sizeof in, 0, 0), 0);
  ASSERT_EQ(vt_copy_from_dev(dev_, a + 8, out, sizeof out, 0, 0), 0);
  EXPECT_EQ(out[3], 4u);
  EXPECT_EQ(vt_copy_to_dev(dev_, b, in, sizeof in, 0, 0), -1);  // overruns the 8-byte buffer
  EXPECT_NE(std::string(vt_last_error(dev_)).find("overruns"), std::string::npos);
  EXPECT_EQ(vt_copy_to_dev(dev_, 0x10000, in, 4, 0, 0), -1);        // unmapped
  EXPECT_EQ(vt_copy_to_dev(dev_, 0xfffffffeull, in, 4, 0, 0), -1);  // wraps the address space
  EXPECT_EQ(vt_copy_to_dev(dev_, a, nullptr, 4, 0, 0), -1);
  EXPECT_EQ(vt_copy_to_dev(dev_, a, in, 0, 0, 0), -1);
  EXPECT_EQ(vt_copy_from_dev(dev_, a, nullptr, 4, 0, 0), -1);
  EXPECT_EQ(vt_copy_from_dev(dev_, a + 60, out, 8, 0, 0), -1);
  EXPECT_EQ(vt_one_buf_free(dev_, 0, &b, 0, 0), 0);
  EXPECT_EQ(vt_one_buf_free(dev_, 0, &b, 0, 0), -1);  // already freed
  EXPECT_EQ(vt_one_buf_free(dev_, 0, nullptr, 0, 0), -1);
  EXPECT_EQ(vt_copy_from_dev(dev_, b, out, 4, 0, 0), -1);
  EXPECT_EQ(vt_buf_free(dev_, 0, nullptr, 0, 0), 0);  // frees everything
  EXPECT_EQ(vt_copy_from_dev(dev_, a, out, 4, 0, 0), -1);
  uint64_t c = 0;
  ASSERT_EQ(vt_buf_alloc(dev_, 4, &c, 0, 0, 0), 0);
  EXPECT_EQ(c, 0x90000000u);  // the default mode reuses freed space (--ref-compat does not)
}

TEST_F(VtApi, UploadErrors) {
  EXPECT_EQ(vt_upload_kernel_file(dev_, "/nonexistent.riscv", 0), -1);
  EXPECT_EQ(vt_upload_kernel_file(dev_, nullptr, 0), -1);
  const char junk[] = "not an elf";
  EXPECT_EQ(vt_upload_kernel_bytes(dev_, junk, sizeof junk, 0), -1);
  EXPECT_EQ(vt_upload_kernel_bytes(dev_, nullptr, 4, 0), -1);
  EXPECT_EQ(vt_upload_kernel_bytes(dev_, junk, 0, 0), -1);
  vt_meta_data meta{};
  EXPECT_EQ(vt_start(dev_, &meta, 0), -1);  // nothing uploaded
  EXPECT_NE(std::string(vt_last_error(dev_)).find("no kernel uploaded"), std::string::npos);
  EXPECT_EQ(vt_ready_wait(dev_, MAX_TIMEOUT), -1);
}

// Launches add_scaled (c = a * k + b) the way the driver's test programs do.
TEST_F(VtApi, StartRunsTheKernel) {
  using ventus::testing::AddScaled;
  constexpr uint32_t kN = AddScaled::kN, kGroups = AddScaled::kGroups;
  AddScaled set_up = ventus::testing::set_up_add_scaled(dev_);
  auto& [a, b, va, vb, vc, meta] = set_up;
  int32_t c[kN] = {};
  ASSERT_EQ(vt_start(dev_, &meta, 0), 0) << vt_last_error(dev_);
  EXPECT_EQ(vt_ready_wait(dev_, MAX_TIMEOUT), 0);
  ASSERT_EQ(vt_copy_from_dev(dev_, vc, c, sizeof c, 0, 0), 0);
  for (uint32_t i = 0; i < kN; ++i) EXPECT_EQ(c[i], a[i] * AddScaled::kK + b[i]) << i;
  // The statistics of that launch: 2 work-groups of 2 warps, spread over the 2 SMs.
  const auto stats = nlohmann::json::parse(vt_last_launch_stats_json(dev_));
  EXPECT_EQ(stats.at("stats").at("functional.work_groups"), kGroups);
  EXPECT_EQ(stats.at("stats").at("functional.warps"), kGroups * AddScaled::kNumw);
  EXPECT_EQ(stats.at("stats").at("functional.sm_work_groups").at("0"), 1);
  EXPECT_EQ(stats.at("stats").at("functional.sm_work_groups").at("1"), 1);
  EXPECT_EQ(stats.at("config").at("gpu.sm_count"), 2);
  EXPECT_STREQ(vt_last_launch_stats_json(nullptr), "");
  std::FILE* perf = std::tmpfile();
  ASSERT_EQ(vt_dump_perf(dev_, perf), 0);
  EXPECT_GT(std::ftell(perf), 0);
  std::fclose(perf);
  EXPECT_EQ(vt_dump_perf(dev_, nullptr), -1);
  // Misuse of vt_start: null descriptor, metadata outside every buffer, a fault.
  EXPECT_EQ(vt_start(dev_, nullptr, 0), -1);
  vt_meta_data bad = meta;
  bad.metaDataBaseAddr = 0x12345000;
  EXPECT_EQ(vt_start(dev_, &bad, 0), -1);
  bad = meta;
  // Work-groups 2 and 3 read past a and b and write past c: run.memcheck = report (the
  // default) runs them on flat memory and counts the 3 x 16 lane accesses.
  bad.kernel_size[0] = 4;
  EXPECT_EQ(vt_start(dev_, &bad, 0), 0) << vt_last_error(dev_);
  const auto oob = nlohmann::json::parse(vt_last_launch_stats_json(dev_));
  EXPECT_EQ(oob.at("stats").at("functional.memcheck_accesses"), 48);
  bad.wf_size = 3;  // not a power of two
  EXPECT_EQ(vt_start(dev_, &bad, 0), -1);
  bad = meta;
  // 2 warps x 2049 > the 4096 vector registers of an SM: the functional mode widens the
  // machine to the work-group (run.widen_machine, issue 47) and says so in its statistics.
  bad.vgprUsage = 2049;
  EXPECT_EQ(vt_start(dev_, &bad, 0), 0) << vt_last_error(dev_);
  EXPECT_EQ(nlohmann::json::parse(vt_last_launch_stats_json(dev_)).at("config").at("sm.vgpr_slots"),
            4098);
  bad.vgprUsage = 0x90000;  // more than any SM may have
  EXPECT_EQ(vt_start(dev_, &bad, 0), -1);
  EXPECT_NE(
      std::string(vt_last_error(dev_)).find("more than the 1048576 register slots an SM may have"),
      std::string::npos)
      << vt_last_error(dev_);
  EXPECT_EQ(vt_ready_wait(dev_, 0), -1);
}

// A device whose configuration file sets run.sanitize prints each launch's report on standard
// error, as the tools do: its summary line, and each finding (here of work-groups 2 and 3,
// whose private memory runs past the pds buffer the host allocated for two, which vt_start
// warns about first).
// A device opened with `[run] sanitize = "all"` in its configuration file.
vt_device_h open_sanitizing_device() {
  const auto config = std::filesystem::temp_directory_path() /
                      ("vt_sanitize_" + std::to_string(getpid()) + ".toml");
  std::ofstream(config) << "[run]\nsanitize = \"all\"\n";
  setenv("VENTUS_SIM_CONFIG", config.c_str(), 1);
  vt_device_h dev = nullptr;
  EXPECT_EQ(vt_dev_open(&dev), 0);
  unsetenv("VENTUS_SIM_CONFIG");
  std::filesystem::remove(config);
  return dev;
}

TEST(VtApiSanitize, StartPrintsTheSanitizersReport) {
  vt_device_h dev = open_sanitizing_device();
  ASSERT_NE(dev, nullptr);
  ventus::testing::AddScaled set_up = ventus::testing::set_up_add_scaled(dev);
  ::testing::internal::CaptureStderr();
  ASSERT_EQ(vt_start(dev, &set_up.meta, 0), 0) << vt_last_error(dev);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(),
            "sanitize: kernel 'add_scaled': 0 errors, 0 warnings (all)\n");
  set_up.meta.kernel_size[0] = 4;
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(vt_start(dev, &set_up.meta, 0), 0) << vt_last_error(dev);
  const std::string report = ::testing::internal::GetCapturedStderr();
  // Before the launch: the private memory of 4 work-groups overruns the buffer of 2.
  using S = ventus::testing::AddScaled;
  const uint64_t per_group = uint64_t{S::kNumw} * S::kNumt * S::kPds;
  const uint64_t pds = set_up.meta.pdsBaseAddr;
  EXPECT_EQ(report.rfind(fmt::format("vt_start: warning: kernel 'add_scaled': 4 work-groups x {} "
                                     "warps x {} threads x {} bytes (pdsSize): private memory of "
                                     "{} bytes at 0x{:08x} overruns the buffer [0x{:08x}, "
                                     "0x{:08x})\n",
                                     S::kNumw, S::kNumt, S::kPds, 4 * per_group, pds, pds,
                                     pds + S::kGroups * per_group),
                         0),
            0u)
      << report;
  EXPECT_TRUE(std::regex_search(report, std::regex("\nsanitize: kernel 'add_scaled': [1-9][0-9]* "
                                                   "errors, [0-9]+ warnings \\(all\\)\n$")))
      << report;
  EXPECT_NE(report.find("sanitize: init: kernel 'add_scaled'"), std::string::npos) << report;
  EXPECT_EQ(vt_dev_close(dev), 0);
}

// init follows global memory from launch to launch: add_scaled reading c, which vt_buf_alloc
// made and nothing wrote, reports each of the 16 words its work-items read; once a launch
// stored c, the same read is clean.
TEST(VtApiSanitize, GlobalDefinednessFollowsLaunches) {
  vt_device_h dev = open_sanitizing_device();
  ASSERT_NE(dev, nullptr);
  using S = ventus::testing::AddScaled;
  S set_up = ventus::testing::set_up_add_scaled(dev);
  uint32_t vargs = 0;  // KNL_ARG_BASE, word 1 of the metadata (ISA.md §7.1)
  ASSERT_EQ(vt_copy_from_dev(dev, set_up.meta.metaDataBaseAddr + 4, &vargs, 4, 0, 0), 0);
  const auto launch = [&](uint64_t in, uint64_t out) {
    const uint32_t args[4] = {static_cast<uint32_t>(in), static_cast<uint32_t>(set_up.vb),
                              static_cast<uint32_t>(out), S::kK};
    EXPECT_EQ(vt_copy_to_dev(dev, vargs, args, sizeof args, 0, 0), 0);
    ::testing::internal::CaptureStderr();
    EXPECT_EQ(vt_start(dev, &set_up.meta, 0), 0) << vt_last_error(dev);
    return ::testing::internal::GetCapturedStderr();
  };
  const std::string unwritten = launch(set_up.vc, set_up.va);
  EXPECT_EQ(unwritten.rfind(fmt::format("sanitize: init: kernel 'add_scaled': uninitialised read "
                                        "of global 0x{:08x} ('vt buffer' [0x{:08x}, ",
                                        set_up.vc, set_up.vc),
                            0),
            0u)
      << unwritten;
  EXPECT_NE(unwritten.find("\nsanitize: kernel 'add_scaled': 16 errors, 0 warnings (all)\n"),
            std::string::npos)
      << unwritten;
  const std::string clean = "sanitize: kernel 'add_scaled': 0 errors, 0 warnings (all)\n";
  EXPECT_EQ(launch(set_up.va, set_up.vc), clean);  // stores c
  EXPECT_EQ(launch(set_up.vc, set_up.va), clean);
  EXPECT_EQ(vt_dev_close(dev), 0);
}

// The caller's pdsBaseAddr buffer holds pdsSize x threads per work-group x work-groups
// (ISA.md §7.9 item 11), so vt_start keeps the RTL's CSR_PDS of CSR 0x807, indexed by
// work-group: pdsBaseAddr + wg_idx·numw·numt·pdsSize (here 2 x 4 x 1024 = 0x2000 per group).
TEST_F(VtApi, StartIndexesPrivateMemoryByWorkGroup) {
  constexpr uint32_t kNumt = 4, kNumw = 2, kGroups = 5, kPds = 1024;
  auto assembled = ventus::as::assemble_text("pds_of_group.s", R"(
    .globl pds_of_group
    .type pds_of_group, @function
pds_of_group:
    lw      t0, 0(a0)
    csrr    t1, wgid
    slli    t1, t1, 2
    add     t0, t0, t1
    csrr    t2, pds
    sw      t2, 0(t0)
    ret
)");
  ASSERT_TRUE(assembled.ok());
  const auto elf = ventus::elf::write_elf(assembled.image);
  ASSERT_EQ(vt_upload_kernel_bytes(dev_, elf.data(), elf.size(), 0), 0) << vt_last_error(dev_);
  uint64_t vout, vargs, vpds, vmeta;
  ASSERT_EQ(vt_buf_alloc(dev_, 4 * kGroups, &vout, 0, 0, 0), 0);
  ASSERT_EQ(vt_buf_alloc(dev_, 4, &vargs, 0, 0, 0), 0);
  ASSERT_EQ(vt_buf_alloc(dev_, kPds * kNumt * kNumw * kGroups, &vpds, 0, 0, 0), 0);
  ASSERT_EQ(vt_buf_alloc(dev_, 14 * 4, &vmeta, 0, 0, 0), 0);
  const uint32_t args[1] = {static_cast<uint32_t>(vout)};
  ASSERT_EQ(vt_copy_to_dev(dev_, vargs, args, sizeof args, 0, 0), 0);
  uint32_t knl[14] = {
      0x800000a8, static_cast<uint32_t>(vargs), 1, kNumt * kNumw * kGroups, 1, 1, kNumt * kNumw, 1,
      1};
  ASSERT_EQ(vt_copy_to_dev(dev_, vmeta, knl, sizeof knl, 0, 0), 0);
  vt_meta_data meta{0, {kGroups, 1, 1}, kNumt, kNumw, vmeta, 0x1000, kPds, 32, 32, vpds};
  ASSERT_EQ(vt_start(dev_, &meta, 0), 0) << vt_last_error(dev_);
  uint32_t pds[kGroups] = {};
  ASSERT_EQ(vt_copy_from_dev(dev_, vout, pds, sizeof pds, 0, 0), 0);
  for (uint32_t g = 0; g < kGroups; ++g) EXPECT_EQ(pds[g], vpds + g * 0x2000) << "group " << g;
}

}  // namespace
