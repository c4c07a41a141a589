// The vt_* C ABI on the cycle model (VENTUS_CONFIG with run.timing): a C user gets a launch's
// cycles from vt_last_launch_cycles, the same count as the statistics JSON and vt_dump_perf.
#include <gtest/gtest.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "asm/assembler.hpp"
#include "elf/elf_writer.hpp"
#include "ventus.h"

namespace {

std::vector<uint8_t> add_scaled_elf() {
  std::ifstream in(VENTUS_SOURCE_DIR "/tests/runtime_kernels/add_scaled.s");
  std::stringstream text;
  text << in.rdbuf();
  auto out = ventus::as::assemble_text("add_scaled.s", text.str());
  EXPECT_TRUE(out.ok());
  return ventus::elf::write_elf(out.image);
}

// Opens a device whose VENTUS_CONFIG file holds `toml`; the variable is unset again.
vt_device_h open_with_config(const std::string& toml) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("vt_api_timing_" + std::to_string(::getpid()) + ".toml");
  std::ofstream(path) << toml;
  ::setenv("VENTUS_CONFIG", path.c_str(), 1);
  vt_device_h dev = nullptr;
  const int opened = vt_dev_open(&dev);
  ::unsetenv("VENTUS_CONFIG");
  std::filesystem::remove(path);
  EXPECT_EQ(opened, 0);
  return dev;
}

// add_scaled (c = a * 3 + b) on one work-group of one 4-thread warp, as the driver does.
void launch_add_scaled(vt_device_h dev) {
  constexpr uint32_t kN = 4, kPds = 1024;
  const int32_t a[kN] = {1, 2, 3, 4}, b[kN] = {10, 20, 30, 40};
  uint64_t va, vb, vc, vargs, vpds, vmeta;
  ASSERT_EQ(vt_buf_alloc(dev, sizeof a, &va, 0, 0, 0), 0);
  ASSERT_EQ(vt_buf_alloc(dev, sizeof b, &vb, 0, 0, 0), 0);
  ASSERT_EQ(vt_buf_alloc(dev, sizeof a, &vc, 0, 0, 0), 0);
  ASSERT_EQ(vt_buf_alloc(dev, 16, &vargs, 0, 0, 0), 0);
  ASSERT_EQ(vt_buf_alloc(dev, kPds * kN, &vpds, 0, 0, 0), 0);
  ASSERT_EQ(vt_buf_alloc(dev, 14 * 4, &vmeta, 0, 0, 0), 0);
  ASSERT_EQ(vt_copy_to_dev(dev, va, a, sizeof a, 0, 0), 0);
  ASSERT_EQ(vt_copy_to_dev(dev, vb, b, sizeof b, 0, 0), 0);
  const auto elf = add_scaled_elf();
  ASSERT_EQ(vt_upload_kernel_bytes(dev, elf.data(), elf.size(), 0), 0) << vt_last_error(dev);
  const uint32_t args[4] = {static_cast<uint32_t>(va), static_cast<uint32_t>(vb),
                            static_cast<uint32_t>(vc), 3};
  ASSERT_EQ(vt_copy_to_dev(dev, vargs, args, sizeof args, 0, 0), 0);
  const uint32_t knl[14] = {0x800000a8, static_cast<uint32_t>(vargs), 1, kN, 1, 1, kN, 1, 1};
  ASSERT_EQ(vt_copy_to_dev(dev, vmeta, knl, sizeof knl, 0, 0), 0);
  vt_meta_data meta{0, {1, 1, 1}, kN, 1, vmeta, 0x1000, kPds, 32, 32, vpds};
  ASSERT_EQ(vt_start(dev, &meta, 0), 0) << vt_last_error(dev);
  int32_t c[kN] = {};
  ASSERT_EQ(vt_copy_from_dev(dev, vc, c, sizeof c, 0, 0), 0);
  for (uint32_t i = 0; i < kN; ++i) EXPECT_EQ(c[i], a[i] * 3 + b[i]) << i;
}

std::string dump_perf(vt_device_h dev) {
  std::FILE* f = std::tmpfile();
  EXPECT_EQ(vt_dump_perf(dev, f), 0);
  std::string text(static_cast<size_t>(std::ftell(f)), '\0');
  std::rewind(f);
  EXPECT_EQ(std::fread(text.data(), 1, text.size(), f), text.size());
  std::fclose(f);
  return text;
}

TEST(VtApiTiming, LastLaunchCyclesMatchTheStatisticsAndDumpPerf) {
  vt_device_h dev = open_with_config("[run]\ntiming = true\n");
  ASSERT_NE(dev, nullptr);
  uint64_t cycles = 1;
  ASSERT_EQ(vt_last_launch_cycles(dev, &cycles), 0);
  EXPECT_EQ(cycles, 0u);  // nothing ran yet
  launch_add_scaled(dev);
  ASSERT_EQ(vt_last_launch_cycles(dev, &cycles), 0);
  EXPECT_GT(cycles, 0u);
  const auto stats = nlohmann::json::parse(vt_last_launch_stats_json(dev));
  EXPECT_EQ(stats.at("cycles").get<uint64_t>(), cycles);
  EXPECT_EQ(stats.at("stats").at("timing.cycles").get<uint64_t>(), cycles);
  const uint64_t instructions = stats.at("stats").at("functional.warp_instructions");
  char line[96];
  std::snprintf(line, sizeof line, "cycles %llu, IPC %.3f\n",
                static_cast<unsigned long long>(cycles),
                static_cast<double>(instructions) / static_cast<double>(cycles));
  EXPECT_NE(dump_perf(dev).find(line), std::string::npos) << dump_perf(dev);
  // A second launch on the same device: the statistics JSON carries that launch's count.
  launch_add_scaled(dev);
  uint64_t second = 0;
  ASSERT_EQ(vt_last_launch_cycles(dev, &second), 0);
  EXPECT_EQ(nlohmann::json::parse(vt_last_launch_stats_json(dev)).at("cycles"), second);
  EXPECT_GT(second, 0u);
  EXPECT_EQ(vt_last_launch_cycles(dev, nullptr), -1);
  EXPECT_EQ(vt_last_launch_cycles(nullptr, &cycles), -1);
  EXPECT_EQ(vt_dev_close(dev), 0);
}

TEST(VtApiTiming, FunctionalDeviceReportsNoCycles) {
  vt_device_h dev = open_with_config("[run]\ntiming = false\n");
  ASSERT_NE(dev, nullptr);
  launch_add_scaled(dev);
  uint64_t cycles = 1;
  ASSERT_EQ(vt_last_launch_cycles(dev, &cycles), 0);
  EXPECT_EQ(cycles, 0u);
  EXPECT_FALSE(nlohmann::json::parse(vt_last_launch_stats_json(dev)).contains("cycles"));
  EXPECT_EQ(dump_perf(dev).find("cycles"), std::string::npos);
  EXPECT_EQ(vt_dev_close(dev), 0);
}

}  // namespace
