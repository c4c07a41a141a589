// Tests of registered statistics: registration, reset, values, distributions, text and JSON.
#include "sim/stats.hpp"

#include "sim/stat_snapshot.hpp"

#include <cmath>
#include <limits>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace ventus::sim {
namespace {

struct CacheStats {
  Counter hits;
  Counter misses;
  Distribution miss_latency{10, 5, 4};  // [10,15) [15,20) [20,25) [25,30)

  void declare(StatScope s) {
    s.add("hits", hits, "accesses", "lookups that hit");
    s.add("misses", misses, "accesses", "lookups that missed");
    s.add("miss_latency", miss_latency, "cycles", "cycles from miss to fill");
    s.add_formula(
        "hit_rate",
        [this] {
          const uint64_t total = hits.value + misses.value;
          return total ? static_cast<double>(hits.value) / static_cast<double>(total) : 0.0;
        },
        "ratio", "hits per lookup");
  }
};

struct GpuStats {
  Counter warp_instructions;
  VectorStat issued_by_unit;
  VectorStat per_sm;
  CacheStats l1d;

  void declare(StatScope s) {
    issued_by_unit.set_labels({"alu", "lsu", "sfu"});
    per_sm.resize(2);
    s.child("functional")
        .add("warp_instructions", warp_instructions, "instructions", "warp-instructions retired");
    s.child("sm").add("issued", issued_by_unit, "instructions", "issued per unit class");
    s.child("sm").add("cycles", per_sm, "cycles", "busy cycles per SM");
    l1d.declare(s.child("sm").child("l1d"));
  }
};

class StatsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    gpu.declare(StatScope(registry));
    gpu.warp_instructions += 1234;
    ++gpu.warp_instructions;
    gpu.issued_by_unit[0] = 7;
    gpu.issued_by_unit[1] = 3;
    gpu.per_sm[1] = 40;
    gpu.l1d.hits += 3;
    ++gpu.l1d.misses;
    gpu.l1d.miss_latency.sample(12);
    gpu.l1d.miss_latency.sample(17, 2);
    gpu.l1d.miss_latency.sample(3);
    gpu.l1d.miss_latency.sample(100);
  }

  GpuStats gpu;
  StatRegistry registry;
};

TEST(DistributionTest, BucketsUnderflowOverflowAndMoments) {
  Distribution d(10, 5, 4);
  EXPECT_EQ(d.count(), 0u);
  EXPECT_EQ(d.min_sample(), 0u);
  EXPECT_EQ(d.mean(), 0.0);
  d.sample(9);
  d.sample(10);
  d.sample(14, 3);
  d.sample(29);
  d.sample(30);
  d.sample(7, 0);  // no samples: changes nothing
  EXPECT_EQ(d.count(), 7u);
  EXPECT_EQ(d.sum(), 9u + 10 + 42 + 29 + 30);
  EXPECT_EQ(d.min_sample(), 9u);
  EXPECT_EQ(d.max_sample(), 30u);
  EXPECT_DOUBLE_EQ(d.mean(), 120.0 / 7);
  EXPECT_EQ(d.underflow(), 1u);
  EXPECT_EQ(d.overflow(), 1u);
  EXPECT_EQ(d.buckets(), (std::vector<uint64_t>{4, 0, 0, 1}));
  d.reset();
  EXPECT_EQ(d.count(), 0u);
  EXPECT_EQ(d.sum(), 0u);
  EXPECT_EQ(d.max_sample(), 0u);
  EXPECT_EQ(d.underflow() + d.overflow(), 0u);
  EXPECT_EQ(d.buckets(), (std::vector<uint64_t>{0, 0, 0, 0}));
  EXPECT_EQ(d.bucket_min(), 10u);
  EXPECT_EQ(d.bucket_width(), 5u);
  d.sample(20);
  EXPECT_EQ(d.min_sample(), 20u);
}

TEST(VectorStatTest, LabelsSizeTotalAndReset) {
  VectorStat v;
  v.set_labels({"a", "b"});
  EXPECT_EQ(v.size(), 2u);
  v[0] = 5;
  v[1] = 6;
  EXPECT_EQ(v.total(), 11u);
  v.reset();
  EXPECT_EQ(v.size(), 2u);
  EXPECT_EQ(v.total(), 0u);
  EXPECT_EQ(v.labels(), (std::vector<std::string>{"a", "b"}));
}

TEST_F(StatsTest, RegistrationOrderKindsAndScopes) {
  std::vector<std::string> names;
  for (const StatInfo& info : registry.stats()) names.push_back(info.name);
  EXPECT_EQ(names, (std::vector<std::string>{"functional.warp_instructions", "sm.issued",
                                             "sm.cycles", "sm.l1d.hits", "sm.l1d.misses",
                                             "sm.l1d.miss_latency", "sm.l1d.hit_rate"}));
  ASSERT_NE(registry.find("sm.l1d.miss_latency"), nullptr);
  EXPECT_EQ(registry.find("sm.l1d.miss_latency")->kind, StatKind::Distribution);
  EXPECT_EQ(registry.find("sm.l1d.hit_rate")->kind, StatKind::Formula);
  EXPECT_EQ(registry.find("sm.issued")->unit, "instructions");
  EXPECT_EQ(registry.find("sm.l1d"), nullptr);
}

TEST_F(StatsTest, ValuesByName) {
  EXPECT_EQ(registry.value("functional.warp_instructions"), 1235.0);
  EXPECT_EQ(registry.value("sm.issued"), 10.0);
  EXPECT_EQ(registry.value("sm.l1d.miss_latency"), 5.0);
  EXPECT_DOUBLE_EQ(registry.value("sm.l1d.hit_rate"), 0.75);
  EXPECT_EQ(registry.value("no.such.stat"), 0.0);
}

TEST_F(StatsTest, ResetZeroesEverything) {
  registry.reset();
  EXPECT_EQ(gpu.warp_instructions.value, 0u);
  EXPECT_EQ(gpu.issued_by_unit.total(), 0u);
  EXPECT_EQ(gpu.issued_by_unit.size(), 3u);
  EXPECT_EQ(gpu.per_sm.total(), 0u);
  EXPECT_EQ(gpu.l1d.hits.value + gpu.l1d.misses.value, 0u);
  EXPECT_EQ(gpu.l1d.miss_latency.count(), 0u);
  EXPECT_EQ(gpu.l1d.miss_latency.overflow(), 0u);
  EXPECT_EQ(registry.value("sm.l1d.hit_rate"), 0.0);
  for (const StatInfo& info : registry.stats()) EXPECT_EQ(registry.value(info.name), 0.0);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST_F(StatsTest, TextValueColumnsStartAtTheSameOffset) {
  const std::vector<std::string> lines = lines_of(registry.format_text());
  // 1 counter + 3 + 2 vector elements + 2 counters + distribution (summary, underflow,
  // 2 buckets, overflow) + formula.
  ASSERT_EQ(lines.size(), 14u) << registry.format_text();
  const size_t value_column = lines[0].find("1235");
  ASSERT_NE(value_column, std::string::npos);
  for (const std::string& line : lines) {
    ASSERT_GT(line.size(), value_column) << line;
    EXPECT_EQ(line[value_column - 1], ' ') << line;
    EXPECT_EQ(line[value_column - 2], ' ') << line;
    EXPECT_NE(line[value_column], ' ') << line;
    EXPECT_EQ(line.back() == ' ', false) << line;
  }
  // Units start at one offset too, except on the distribution summary row.
  const size_t unit_column = lines[0].find("  instructions") + 2;
  EXPECT_GT(unit_column, value_column + 4);
  EXPECT_EQ(lines[1].find("  instructions") + 2, unit_column);
  EXPECT_EQ(lines[4].find("  cycles") + 2, unit_column);
  EXPECT_EQ(lines[7].find("  accesses") + 2, unit_column);
  EXPECT_EQ(lines[13].find("  ratio") + 2, unit_column);
}

TEST_F(StatsTest, TextContent) {
  const std::vector<std::string> lines = lines_of(registry.format_text());
  ASSERT_EQ(lines.size(), 14u);
  auto row = [](const std::string& line) {  // the line with its runs of spaces collapsed
    std::string out;
    for (char c : line) {
      if (c != ' ' || out.empty() || out.back() != ' ') out += c;
    }
    return out;
  };
  EXPECT_EQ(row(lines[0]),
            "functional.warp_instructions 1235 instructions # warp-instructions retired");
  EXPECT_EQ(row(lines[1]), "sm.issued[alu] 7 instructions # issued per unit class");
  EXPECT_EQ(row(lines[3]), "sm.issued[sfu] 0 instructions # issued per unit class");
  EXPECT_EQ(row(lines[4]), "sm.cycles[0] 0 cycles # busy cycles per SM");
  EXPECT_EQ(row(lines[5]), "sm.cycles[1] 40 cycles # busy cycles per SM");
  EXPECT_EQ(row(lines[6]), "sm.l1d.hits 3 accesses # lookups that hit");
  EXPECT_EQ(
      row(lines[8]),
      "sm.l1d.miss_latency count=5 mean=29.8 min=3 max=100 cycles # cycles from miss to fill");
  EXPECT_EQ(row(lines[9]), " [0, 10) 1");
  EXPECT_EQ(row(lines[10]), " [10, 15) 1");
  EXPECT_EQ(row(lines[11]), " [15, 20) 2");
  EXPECT_EQ(row(lines[12]), " [30, inf) 1");
  EXPECT_EQ(lines[9].rfind("  [0, 10)", 0), 0u);
  EXPECT_EQ(row(lines[13]), "sm.l1d.hit_rate 0.75 ratio # hits per lookup");
}

TEST(StatsFormatTest, FormulaNumbers) {
  StatRegistry registry;
  double value = 0;
  registry.add_formula(
      "f", [&value] { return value; }, "", "");
  auto text = [&registry] {
    std::string line = registry.format_text();
    return line.substr(3, line.size() - 4);  // "f  <value>\n"
  };
  value = 2.0;
  EXPECT_EQ(text(), "2");
  value = 0.812345;
  EXPECT_EQ(text(), "0.8123");
  value = 1234.56789;
  EXPECT_EQ(text(), "1234.5679");
  value = 0.000123456;
  EXPECT_EQ(text(), "0.0001235");
  value = 3.5;
  EXPECT_EQ(text(), "3.5");
  value = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(registry.values_json().at("f").is_null());
  value = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(registry.values_json().at("f").is_null());
  EXPECT_EQ(registry.values_json().dump(), "{\"f\":null}");
}

TEST_F(StatsTest, ValuesJson) {
  const nlohmann::json values = registry.values_json();
  EXPECT_EQ(values.size(), registry.stats().size());
  EXPECT_EQ(values.at("functional.warp_instructions"), 1235);
  EXPECT_EQ(values.at("sm.issued"),
            nlohmann::json({{"alu", 7}, {"lsu", 3}, {"sfu", 0}, {"total", 10}}));
  EXPECT_EQ(values.at("sm.cycles"), nlohmann::json({{"0", 0}, {"1", 40}, {"total", 40}}));
  EXPECT_DOUBLE_EQ(values.at("sm.l1d.hit_rate").get<double>(), 0.75);
  const nlohmann::json& latency = values.at("sm.l1d.miss_latency");
  EXPECT_EQ(latency.at("count"), 5);
  EXPECT_EQ(latency.at("sum"), 149);
  EXPECT_DOUBLE_EQ(latency.at("mean").get<double>(), 29.8);
  EXPECT_EQ(latency.at("min"), 3);
  EXPECT_EQ(latency.at("max"), 100);
  EXPECT_EQ(latency.at("bucket_min"), 10);
  EXPECT_EQ(latency.at("bucket_width"), 5);
  EXPECT_EQ(latency.at("buckets"), nlohmann::json({1, 2, 0, 0}));
  EXPECT_EQ(latency.at("underflow"), 1);
  EXPECT_EQ(latency.at("overflow"), 1);
}

TEST_F(StatsTest, DescribeJson) {
  const nlohmann::json described = registry.describe_json();
  EXPECT_EQ(described.size(), registry.stats().size());
  EXPECT_EQ(described.at("functional.warp_instructions"),
            nlohmann::json({{"kind", "counter"},
                            {"unit", "instructions"},
                            {"description", "warp-instructions retired"}}));
  EXPECT_EQ(described.at("sm.issued").at("kind"), "vector");
  EXPECT_EQ(described.at("sm.l1d.miss_latency").at("kind"), "distribution");
  EXPECT_EQ(described.at("sm.l1d.hit_rate").at("kind"), "formula");
  EXPECT_EQ(described.at("sm.l1d.hit_rate").at("unit"), "ratio");
}

// A snapshot keeps the values (formulas included) of when it was taken: a launch's statistics
// are rendered after the next launch reset and counted again.
TEST_F(StatsTest, ASnapshotKeepsItsValuesWhenTheCountersMoveOn) {
  const std::string text = registry.format_text();
  const nlohmann::json values = registry.values_json();
  const StatSnapshot snapshot = registry.snapshot();
  registry.reset();
  gpu.warp_instructions += 5;
  gpu.issued_by_unit[2] = 9;
  gpu.l1d.miss_latency.sample(22);
  ++gpu.l1d.misses;
  EXPECT_EQ(snapshot.format_text(), text);
  EXPECT_EQ(snapshot.values_json(), values);
  EXPECT_EQ(snapshot.values_json().at("sm.l1d.hit_rate"), 0.75);
  EXPECT_EQ(registry.values_json().at("functional.warp_instructions"), 5);
  EXPECT_EQ(registry.values_json().at("sm.l1d.hit_rate"), 0.0);
}

// Statistics registered after a snapshot are not in it; the next snapshot has them.
TEST_F(StatsTest, ASnapshotHasTheStatisticsRegisteredBeforeIt) {
  const StatSnapshot before = registry.snapshot();
  Counter late;
  late += 3;
  registry.add("late", late, "events", "registered after the first snapshot");
  EXPECT_EQ(before.values_json().size(), registry.stats().size() - 1);
  EXPECT_FALSE(before.describe_json().contains("late"));
  EXPECT_EQ(registry.snapshot().values_json().at("late"), 3);
  EXPECT_EQ(registry.snapshot().describe_json().at("late").at("kind"), "counter");
}

}  // namespace
}  // namespace ventus::sim
