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

namespace {

// A fresh directory under the temporary directory, removed first if a run left it.
std::filesystem::path fresh_dir(const std::string& name) {
  const auto dir =
      std::filesystem::temp_directory_path() / (name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  return dir;
}

std::vector<nlohmann::json> read_jsonl(const std::filesystem::path& path) {
  std::vector<nlohmann::json> lines;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
  return lines;
}

// The fields the perf-attribution design's trace events carry (its §6.3), by JSON type.
void expect_event_schema(const nlohmann::json& e) {
  for (const char* key : {"stream", "event_type", "event_id", "scope_id", "clock_source", "backend",
                          "kernel_name", "status"}) {
    EXPECT_TRUE(e.at(key).is_string()) << key;
  }
  for (const char* key :
       {"schema_version", "ts_start_ns", "ts_end_ns", "duration_ns", "pid", "tid", "launch_seq",
        "kernel_occurrence", "kernel_signature_hash", "task_id", "kernel_id"}) {
    EXPECT_TRUE(e.at(key).is_number_unsigned()) << key;
  }
  for (const char* key :
       {"experiment_id", "pass_id", "parent_event_id", "queue_id", "correlation_id"}) {
    EXPECT_TRUE(e.contains(key)) << key;
  }
  EXPECT_EQ(e.at("stream"), "sim");
  EXPECT_EQ(e.at("clock_source"), "CLOCK_MONOTONIC");
  EXPECT_LE(e.at("ts_start_ns").get<uint64_t>(), e.at("ts_end_ns").get<uint64_t>());
  EXPECT_EQ(e.at("duration_ns").get<uint64_t>(),
            e.at("ts_end_ns").get<uint64_t>() - e.at("ts_start_ns").get<uint64_t>());
  EXPECT_TRUE(e.at("attrs").is_object());
}

}  // namespace

// Two launches on the cycle model with VENTUS_PERF_OUT_DIR: two events in events.sim.jsonl,
// the second carrying the perf context set through vt_set_perf_context.
TEST(VtApiPerf, EventsOfTwoLaunchesFollowTheSchema) {
  const auto dir = fresh_dir("vt_perf_pass");
  ::setenv("VENTUS_PERF_OUT_DIR", dir.c_str(), 1);
  vt_device_h dev = open_with_config("[run]\ntiming = true\n");
  ::unsetenv("VENTUS_PERF_OUT_DIR");
  ASSERT_NE(dev, nullptr);
  launch_add_scaled(dev);
  uint64_t first_cycles = 0;
  ASSERT_EQ(vt_last_launch_cycles(dev, &first_cycles), 0);
  vt_perf_context_t context{};
  context.launch_seq = 42;
  context.kernel_occurrence = 5;
  context.kernel_signature_hash = 0xabc;
  std::snprintf(context.kernel_name, sizeof context.kernel_name, "from_pocl");
  std::snprintf(context.scope_id, sizeof context.scope_id, "pocl-1-scope-7");
  std::snprintf(context.parent_event_id, sizeof context.parent_event_id, "pocl-1-evt-9");
  ASSERT_EQ(vt_set_perf_context(dev, &context), 0);
  launch_add_scaled(dev);
  ASSERT_EQ(vt_clear_perf_context(dev), 0);
  EXPECT_EQ(vt_set_perf_context(dev, nullptr), -1);
  EXPECT_EQ(vt_dev_close(dev), 0);
  const auto events = read_jsonl(dir / "events.sim.jsonl");
  ASSERT_EQ(events.size(), 2u);
  for (const auto& e : events) expect_event_schema(e);
  const auto& first = events[0];
  EXPECT_EQ(first.at("launch_seq"), 1);
  EXPECT_EQ(first.at("kernel_occurrence"), 1);
  EXPECT_TRUE(first.at("parent_event_id").is_null());
  const auto& attrs = first.at("attrs");
  EXPECT_EQ(attrs.at("model"), "cycle");
  EXPECT_EQ(attrs.at("cycles").get<uint64_t>(), first_cycles);
  EXPECT_EQ(attrs.at("warp_instructions").get<uint64_t>() > 0, true);
  EXPECT_EQ(attrs.at("host_time_ns"), first.at("duration_ns"));
  EXPECT_TRUE(attrs.contains("stall_scoreboard"));
  EXPECT_GT(attrs.at("mem_global_bytes").get<uint64_t>(), 0u);  // a, b read and c written
  EXPECT_TRUE(attrs.contains("dram_read_bytes"));
  const auto& second = events[1];
  EXPECT_EQ(second.at("launch_seq"), 42);
  EXPECT_EQ(second.at("kernel_occurrence"), 5);
  EXPECT_EQ(second.at("kernel_signature_hash"), 0xabc);
  EXPECT_EQ(second.at("kernel_name"), "from_pocl");
  EXPECT_EQ(second.at("scope_id"), "pocl-1-scope-7");
  EXPECT_EQ(second.at("parent_event_id"), "pocl-1-evt-9");
  EXPECT_NE(first.at("event_id"), second.at("event_id"));
  std::filesystem::remove_all(dir);
}

// VENTUS_DUMP_RESULT: the JSON array the ventus-driver loader writes, one object per
// vt_copy_from_dev (keys sorted, "0x%08X" strings, four-space indentation).
TEST(VtApiPerf, DumpResultWritesTheLoadersJson) {
  const auto dir = fresh_dir("vt_dump_result");
  std::filesystem::create_directories(dir);
  const auto path = dir / "dump.json";
  std::ofstream(path) << "stale";
  ::setenv("VENTUS_DUMP_RESULT", path.c_str(), 1);
  vt_device_h dev = nullptr;
  ASSERT_EQ(vt_dev_open(&dev), 0);
  ::unsetenv("VENTUS_DUMP_RESULT");
  uint64_t a = 0;
  ASSERT_EQ(vt_buf_alloc(dev, 16, &a, 0, 0, 0), 0);
  const uint32_t words[2] = {0x04030201u, 0xdeadbeefu};
  ASSERT_EQ(vt_copy_to_dev(dev, a, words, sizeof words, 0, 0), 0);
  uint32_t back[2] = {};
  ASSERT_EQ(vt_copy_from_dev(dev, a, back, sizeof back, 0, 0), 0);
  ASSERT_EQ(vt_copy_from_dev(dev, a + 4, back, 4, 0, 0), 0);
  EXPECT_EQ(vt_dev_close(dev), 0);
  std::stringstream text;
  text << std::ifstream(path).rdbuf();
  EXPECT_EQ(text.str(),
            "[\n"
            "    {\n"
            "        \"address\": \"0x90000000\",\n"
            "        \"data\": {\n"
            "            \"0x90000000\": \"0x04030201\",\n"
            "            \"0x90000004\": \"0xDEADBEEF\"\n"
            "        },\n"
            "        \"size\": \"0x00000008\"\n"
            "    },\n"
            "    {\n"
            "        \"address\": \"0x90000004\",\n"
            "        \"data\": {\n"
            "            \"0x90000004\": \"0xDEADBEEF\"\n"
            "        },\n"
            "        \"size\": \"0x00000004\"\n"
            "    }\n"
            "]");
  std::filesystem::remove_all(dir);
}

// vt_finish_all_kernel hands out each finished launch once, in the driver's std::queue; the C
// form takes them in slices.
TEST(VtApiPerf, FinishedKernelQueues) {
  vt_device_h dev = open_with_config("[run]\ntiming = false\n");
  ASSERT_NE(dev, nullptr);
  launch_add_scaled(dev);
  launch_add_scaled(dev);
  std::queue<int> finished;
  ASSERT_EQ(vt_finish_all_kernel(dev, &finished), 0);
  EXPECT_EQ(finished.size(), 2u);
  EXPECT_EQ(finished.front(), 0);  // the descriptor's kernel_id
  ASSERT_EQ(vt_finish_all_kernel(dev, &finished), 0);
  EXPECT_EQ(finished.size(), 2u);  // nothing new
  EXPECT_EQ(vt_finish_all_kernel(dev, nullptr), -1);
  launch_add_scaled(dev);
  launch_add_scaled(dev);
  int ids[1] = {-1};
  size_t count = 9;
  ASSERT_EQ(vt_finished_kernels(dev, ids, 1, &count), 0);
  EXPECT_EQ(count, 1u);
  EXPECT_EQ(ids[0], 0);
  ASSERT_EQ(vt_finished_kernels(dev, nullptr, 0, &count), 0);
  EXPECT_EQ(count, 0u);
  ASSERT_EQ(vt_finished_kernels(dev, ids, 1, &count), 0);
  EXPECT_EQ(count, 1u);
  EXPECT_EQ(vt_finished_kernels(dev, ids, 1, nullptr), -1);
  EXPECT_EQ(vt_dev_close(dev), 0);
}
