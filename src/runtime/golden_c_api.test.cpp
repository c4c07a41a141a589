// The golden model's C ABI (include/ventus/golden.h) in libventus.so: the reference log of
// vecadd fed record by record as a C test bench would feed its retired instructions.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "runner/case_runner.hpp"
#include "runtime/vt_test_kernel.hpp"
#include "trace/commit_log_parser.hpp"
#include "ventus.h"
#include "ventus/golden.h"

namespace {

const std::filesystem::path kCase =
    std::filesystem::path(VENTUS_REFERENCE_DIR) / "cases" / "vecadd-4w16t";

// A commit entry as C records: the register writes (vectors with their lanes), the stores
// and the loads' addresses; REF's vector header and SIMT dump are left out.
struct CRecord {
  std::vector<vt_golden_reg_write> regs;
  std::vector<vt_golden_mem_write> writes;
  vt_golden_record record{};
};

CRecord to_c(const ventus::trace::LogEntry& e) {
  using ventus::trace::RegItemKind;
  CRecord c;
  for (const auto& item : e.record.reg_items) {
    if (item.kind == RegItemKind::kVectorHeader) continue;
    const uint32_t kind = item.kind == RegItemKind::kX     ? VT_GOLDEN_X
                          : item.kind == RegItemKind::kF   ? VT_GOLDEN_F
                          : item.kind == RegItemKind::kCsr ? VT_GOLDEN_CSR
                                                           : VT_GOLDEN_V;
    const uint32_t* lanes = kind == VT_GOLDEN_V ? e.record.elements(item).data() : nullptr;
    c.regs.push_back({kind, item.index, item.value, lanes});
  }
  for (const auto& w : e.record.mem_writes) c.writes.push_back({w.address, w.size_bytes, w.value});
  c.record = {VT_GOLDEN_CURRENT_GROUP,
              e.hart(),
              e.record.pc,
              e.record.word,
              c.regs.data(),
              c.regs.size(),
              c.writes.data(),
              c.writes.size(),
              e.record.mem_reads.data(),
              e.record.mem_reads.size()};
  return c;
}

vt_golden* open_vecadd() {
  vt_golden* model = nullptr;
  char error[256] = "";
  EXPECT_EQ(vt_golden_open_case(&model, kCase.c_str(), "vecadd_0", VT_GOLDEN_MODE_REF_COMPAT,
                                nullptr, error, sizeof error),
            0)
      << error;
  return model;
}

std::vector<const ventus::trace::LogEntry*> commits(const ventus::trace::ParsedLog& log) {
  std::vector<const ventus::trace::LogEntry*> out;
  for (const auto& e : log.entries()) {
    if (e.kind == ventus::trace::EntryKind::kCommit) out.push_back(&e);
  }
  return out;
}

TEST(GoldenCApi, ReferenceRecordsMatchAndAPlantedStoreValueIsFound) {
  auto log = ventus::trace::read_commit_log((kCase / "ref-logs" / "vecadd_0.log").string());
  if (!log.ok()) GTEST_SKIP() << "reference case vecadd-4w16t absent";
  const auto records = commits(*log);
  vt_golden* model = open_vecadd();
  ASSERT_NE(model, nullptr);
  vt_golden_result result{};
  for (const auto* e : records) {
    CRecord c = to_c(*e);
    ASSERT_EQ(vt_golden_feed(model, &c.record, &result), 0);
    ASSERT_EQ(result.match, 1) << "line " << e->first_line << ": " << result.description;
  }
  ASSERT_EQ(vt_golden_finish(model, &result), 0);
  EXPECT_EQ(result.match, 1) << result.description;
  vt_golden_close(model);

  // The same records, the value of the first vector store's lane 3 changed.
  model = open_vecadd();
  ASSERT_NE(model, nullptr);
  size_t planted = 0;
  for (size_t i = 0; i < records.size(); ++i) {
    CRecord c = to_c(*records[i]);
    if (planted == 0 && c.writes.size() > 3) {
      c.writes[3].value ^= 0x10;
      planted = i + 1;
    }
    ASSERT_EQ(vt_golden_feed(model, &c.record, &result), 0);
    if (result.match == 0) break;
  }
  ASSERT_NE(planted, 0u);
  EXPECT_EQ(result.match, 0);
  EXPECT_EQ(result.position, planted);
  EXPECT_EQ(result.warp, records[planted - 1]->hart());
  EXPECT_EQ(result.pc, records[planted - 1]->record.pc);
  EXPECT_NE(std::strstr(result.description, "expected mem 0x"), nullptr) << result.description;
  EXPECT_NE(std::strstr(result.description, "actual mem 0x"), nullptr) << result.description;
  vt_golden_close(model);
}

// A model made from a live device at vt_start (an RTL test bench next to the driver): the
// records of that launch as it then runs (saved by VENTUS_SAVE_CASE and logged by the case
// runner) match it, and a planted store value is found at its record.
TEST(GoldenCApi, AModelOpenedAtStartChecksTheLaunchAsItRuns) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("golden_start_" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  setenv("VENTUS_SAVE_CASE", dir.c_str(), 1);
  vt_device_h dev = nullptr;
  ASSERT_EQ(vt_dev_open(&dev), 0);
  unsetenv("VENTUS_SAVE_CASE");
  vt_meta_data meta = ventus::testing::set_up_add_scaled(dev).meta;
  char error[256] = "";
  vt_golden *model = nullptr, *planted_model = nullptr;
  ASSERT_EQ(vt_golden_open_start(&model, dev, &meta, VT_GOLDEN_MODE_DEFAULT, nullptr, error,
                                 sizeof error),
            0)
      << error;
  ASSERT_EQ(vt_golden_open_start(&planted_model, dev, &meta, VT_GOLDEN_MODE_DEFAULT, nullptr, error,
                                 sizeof error),
            0)
      << error;
  ASSERT_EQ(vt_start(dev, &meta, 0), 0) << vt_last_error(dev);
  EXPECT_EQ(vt_dev_close(dev), 0);
  ventus::runner::CaseOptions options;
  options.log_dir = dir / "logs";
  ASSERT_TRUE(ventus::runner::run_case(dir, options).ok());
  auto log = ventus::trace::read_commit_log((dir / "logs" / "add_scaled_0.log").string());
  ASSERT_TRUE(log.ok());
  const auto records = commits(*log);
  ASSERT_GT(records.size(), 20u);
  vt_golden_result result{};
  size_t planted = 0;
  for (size_t i = 0; i < records.size(); ++i) {
    CRecord c = to_c(*records[i]);
    ASSERT_EQ(vt_golden_feed(model, &c.record, &result), 0);
    ASSERT_EQ(result.match, 1) << "record " << i + 1 << ": " << result.description;
    if (planted == 0 && !c.writes.empty()) {
      c.writes[0].value ^= 1;
      planted = i + 1;
    }
    if (planted_model != nullptr) {
      ASSERT_EQ(vt_golden_feed(planted_model, &c.record, &result), 0);
      if (result.match == 0) {
        EXPECT_EQ(result.position, planted);
        vt_golden_close(planted_model);
        planted_model = nullptr;
      }
    }
  }
  EXPECT_NE(planted, 0u);
  EXPECT_EQ(planted_model, nullptr) << "the planted store value was not found";
  ASSERT_EQ(vt_golden_finish(model, &result), 0);
  EXPECT_EQ(result.match, 1) << result.description;
  vt_golden_close(model);
  vt_golden_close(planted_model);
  std::filesystem::remove_all(dir);
}

TEST(GoldenCApi, OpeningAtStartNeedsADeviceWithAKernel) {
  vt_device_h dev = nullptr;
  ASSERT_EQ(vt_dev_open(&dev), 0);
  vt_golden* model = nullptr;
  char error[256] = "";
  vt_meta_data meta{};
  EXPECT_EQ(vt_golden_open_start(&model, dev, &meta, 0, nullptr, error, sizeof error), -1);
  EXPECT_EQ(model, nullptr);
  EXPECT_NE(std::strstr(error, "no kernel uploaded"), nullptr) << error;
  EXPECT_EQ(vt_golden_open_start(&model, dev, nullptr, 0, nullptr, error, sizeof error), -1);
  EXPECT_EQ(vt_golden_open_start(&model, nullptr, &meta, 0, nullptr, error, sizeof error), -1);
  EXPECT_EQ(vt_dev_close(dev), 0);
}

TEST(GoldenCApi, MisuseAndUnknownLaunch) {
  vt_golden* model = nullptr;
  char error[256] = "";
  EXPECT_EQ(vt_golden_open_case(nullptr, "x", "y", 0, nullptr, error, sizeof error), -1);
  EXPECT_EQ(
      vt_golden_open_case(&model, kCase.c_str(), "no_such_launch", 0, nullptr, error, sizeof error),
      -1);
  EXPECT_EQ(model, nullptr);
  if (std::filesystem::exists(kCase)) {
    EXPECT_NE(std::strstr(error, "no_such_launch"), nullptr) << error;
  }
  vt_golden_result result{};
  EXPECT_EQ(vt_golden_feed(nullptr, nullptr, &result), -1);
  model = open_vecadd();
  if (model != nullptr) {
    vt_golden_record bad{
        VT_GOLDEN_CURRENT_GROUP, 0, 0x1000, 0x297, nullptr, 1, nullptr, 0, nullptr, 0};
    EXPECT_EQ(vt_golden_feed(model, &bad, &result), -1);  // one register write, no array
    const vt_golden_reg_write vector_without_lanes{VT_GOLDEN_V, 1, 0xffff, nullptr};
    bad.regs = &vector_without_lanes;
    EXPECT_EQ(vt_golden_feed(model, &bad, &result), -1);
    vt_golden_close(model);
  }
  EXPECT_EQ(vt_golden_finish(nullptr, &result), -1);
  vt_golden_close(nullptr);
}

}  // namespace
