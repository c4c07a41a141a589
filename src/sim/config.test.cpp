// Tests of declared parameters: declaration, TOML loading, --set, errors and output formats.
#include "sim/config.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "sim/nearest_name.hpp"

namespace ventus::sim {
namespace {

struct CacheParams {
  uint32_t sets = 64;
  uint32_t ways = 4;
  uint32_t hit_latency_cycles = 2;
  std::string policy = "lru";

  void declare(ParamScope s) {
    s.add("sets", sets, UIntRange{1, 4096, true}, "", "number of sets");
    s.add("ways", ways, UIntRange{1, 16}, "", "lines per set");
    s.add("hit_latency_cycles", hit_latency_cycles, UIntRange{0, 100}, "cycles", "hit latency");
    s.add("policy", policy, {"lru", "fifo", "random"}, "replacement policy");
  }
};

struct MachineParams {
  uint32_t sm_count = 2;
  uint64_t memory_base = 0x80000000;
  bool ref_compat = false;
  double clock_ghz = 1.5;
  CacheParams l1d;
  CacheParams l1i;

  void declare(ParamScope s) {
    s.add("sm.count", sm_count, UIntRange{1, 64}, "", "streaming multiprocessors");
    s.add("memory_base", memory_base, UIntRange{}, "bytes", "first global address");
    s.add("ref_compat", ref_compat, "", "reproduce the reference simulator");
    s.add("clock_ghz", clock_ghz, FloatRange{0.1, 10}, "GHz", "core clock");
    l1d.declare(s.child("sm").child("l1d"));
    l1i.declare(s.child("sm").child("l1i"));
  }
};

class ConfigTest : public ::testing::Test {
 protected:
  void SetUp() override { machine.declare(ParamScope(registry)); }

  std::string error_of(Status status) {
    EXPECT_FALSE(status.ok());
    return status.ok() ? std::string() : status.error().message;
  }

  MachineParams machine;
  ParamRegistry registry;
};

TEST_F(ConfigTest, DeclarationRecordsInfoAndDefaults) {
  ASSERT_EQ(registry.params().size(), 12u);
  EXPECT_EQ(registry.params()[0].name, "sm.count");
  EXPECT_EQ(registry.params()[4].name, "sm.l1d.sets");
  EXPECT_EQ(registry.params()[11].name, "sm.l1i.policy");
  const ParamInfo* sets = registry.find("sm.l1d.sets");
  ASSERT_NE(sets, nullptr);
  EXPECT_EQ(sets->type, ParamType::UInt);
  EXPECT_TRUE(sets->power_of_two);
  EXPECT_EQ(sets->min_uint, 1u);
  EXPECT_EQ(sets->max_uint, 4096u);
  EXPECT_EQ(sets->default_text, "64");
  EXPECT_EQ(registry.find("sm.l1d.policy")->default_text, "\"lru\"");
  EXPECT_EQ(registry.find("ref_compat")->default_text, "false");
  EXPECT_EQ(registry.find("clock_ghz")->default_text, "1.5");
  EXPECT_EQ(registry.find("memory_base")->max_uint, UINT64_MAX);
  EXPECT_EQ(registry.find("sm.l1d"), nullptr);
}

TEST_F(ConfigTest, TomlNestedTablesAndDottedKeys) {
  const char* text = R"(
ref_compat = true
clock_ghz = 2        # an integer is a valid float
[sm]
count = 8
l1i.ways = 8
[sm.l1d]
sets = 128
policy = "fifo"
)";
  ASSERT_TRUE(registry.load_toml_text(text, "x.toml").ok());
  EXPECT_TRUE(machine.ref_compat);
  EXPECT_EQ(machine.clock_ghz, 2.0);
  EXPECT_EQ(machine.sm_count, 8u);
  EXPECT_EQ(machine.l1d.sets, 128u);
  EXPECT_EQ(machine.l1d.policy, "fifo");
  EXPECT_EQ(machine.l1i.ways, 8u);
  // Values absent from the file keep theirs.
  EXPECT_EQ(machine.l1d.ways, 4u);
  EXPECT_EQ(machine.l1i.sets, 64u);
  EXPECT_EQ(machine.memory_base, 0x80000000u);
  EXPECT_EQ(registry.value_text("clock_ghz"), "2.0");
  EXPECT_EQ(registry.find("sm.l1d.sets")->default_text, "64");
}

TEST_F(ConfigTest, TomlUnknownKeyNamesLineAndNearest) {
  EXPECT_EQ(error_of(registry.load_toml_text("sm.count = 2\n\n[sm.l1d]\nset = 32\n", "x.toml")),
            "x.toml:4:1: unknown parameter 'sm.l1d.set' (did you mean 'sm.l1d.sets'?)");
  EXPECT_EQ(error_of(registry.load_toml_text("completely_unrelated = 1\n", "y.toml")),
            "y.toml:1:1: unknown parameter 'completely_unrelated'");
}

// Issue 13: a megabyte-long key took seconds (a suggestion computed against every name) and
// was echoed whole; a long value was echoed whole too.
TEST_F(ConfigTest, HugeKeysAndValuesGiveShortErrorsAtOnce) {
  const std::string key(1 << 20, 'a');
  EXPECT_EQ(error_of(registry.load_toml_text(key + " = 1\n", "k.toml")),
            "k.toml:1:1: unknown parameter '" + std::string(80, 'a') + "... (" +
                std::to_string((1 << 20) - 80) + " more bytes)'");
  const std::string value(1 << 20, '9');
  const std::string message = error_of(registry.set("sm.count=" + value));
  EXPECT_LT(message.size(), 200u) << message.substr(0, 200);
  EXPECT_NE(message.find("'sm.count'"), std::string::npos) << message.substr(0, 200);
}

TEST_F(ConfigTest, TomlErrorsAreReportedInFileOrderAndChangeNothing) {
  // "zzz" sorts after "sm" but comes first in the file.
  const std::string message =
      error_of(registry.load_toml_text("clock_ghz = 3.0\nzzz = 1\n[sm]\ncount = 0\n", "a.toml"));
  EXPECT_EQ(message, "a.toml:2:1: unknown parameter 'zzz'");
  EXPECT_EQ(machine.clock_ghz, 1.5);
}

TEST_F(ConfigTest, TomlWrongTypesAndRules) {
  EXPECT_EQ(error_of(registry.load_toml_text("[sm]\ncount = \"4\"\n", "t.toml")),
            "t.toml:2:9: 'sm.count' must be an integer, not \"4\"");
  EXPECT_EQ(error_of(registry.load_toml_text("sm.count = 0\n", "t.toml")),
            "t.toml:1:12: 'sm.count' = 0 is out of range 1..64");
  EXPECT_EQ(error_of(registry.load_toml_text("sm.count = -1\n", "t.toml")),
            "t.toml:1:12: 'sm.count' = -1 is out of range 1..64");
  EXPECT_EQ(error_of(registry.load_toml_text("sm.l1d.sets = 3\n", "t.toml")),
            "t.toml:1:15: 'sm.l1d.sets' = 3 must be a power of two");
  EXPECT_EQ(error_of(registry.load_toml_text("ref_compat = 1\n", "t.toml")),
            "t.toml:1:14: 'ref_compat' must be true or false, not 1");
  EXPECT_EQ(error_of(registry.load_toml_text("sm.count = [1, 2]\n", "t.toml")),
            "t.toml:1:12: 'sm.count' must be an integer, not an array");
  EXPECT_EQ(error_of(registry.load_toml_text("sm.count = 2.0\n", "t.toml")),
            "t.toml:1:12: 'sm.count' must be an integer, not 2.0");
  EXPECT_EQ(error_of(registry.load_toml_text("sm.l1d.policy = \"lfu\"\n", "t.toml")),
            "t.toml:1:17: 'sm.l1d.policy' must be one of lru|fifo|random, not \"lfu\"");
  EXPECT_EQ(error_of(registry.load_toml_text("clock_ghz = 20.0\n", "t.toml")),
            "t.toml:1:13: 'clock_ghz' = 20.0 is out of range 0.1..10.0");
  EXPECT_EQ(machine.sm_count, 2u);
}

TEST_F(ConfigTest, TomlSyntaxErrorHasLocation) {
  const std::string message =
      error_of(registry.load_toml_text("sm.count = 2\nways = = 3\n", "s.toml"));
  EXPECT_EQ(message.rfind("s.toml:2:", 0), 0u) << message;
}

TEST_F(ConfigTest, TomlFile) {
  const std::string path = ::testing::TempDir() + "sim_config_test.toml";
  std::ofstream(path) << "[sm.l1i]\nhit_latency_cycles = 7\n";
  ASSERT_TRUE(registry.load_toml_file(path).ok());
  EXPECT_EQ(machine.l1i.hit_latency_cycles, 7u);
  std::remove(path.c_str());
  EXPECT_EQ(error_of(registry.load_toml_file(path)),
            "cannot open machine file '" + path + "' (No such file or directory)");
}

TEST_F(ConfigTest, SetForms) {
  ASSERT_TRUE(registry.set("sm.l1d.ways=8").ok());
  EXPECT_EQ(machine.l1d.ways, 8u);
  ASSERT_TRUE(registry.set(" sm.count = 16 ").ok());
  EXPECT_EQ(machine.sm_count, 16u);
  ASSERT_TRUE(registry.set("memory_base", "0x1000").ok());
  EXPECT_EQ(machine.memory_base, 0x1000u);
  ASSERT_TRUE(registry.set("sm.l1d.sets=0x20").ok());
  EXPECT_EQ(machine.l1d.sets, 32u);
  ASSERT_TRUE(registry.set("ref_compat=true").ok());
  EXPECT_TRUE(machine.ref_compat);
  ASSERT_TRUE(registry.set("clock_ghz=2.25").ok());
  EXPECT_EQ(machine.clock_ghz, 2.25);
  ASSERT_TRUE(registry.set("sm.l1d.policy=random").ok());
  EXPECT_EQ(machine.l1d.policy, "random");
  ASSERT_TRUE(registry.set("sm.l1i.policy=\"fifo\"").ok());
  EXPECT_EQ(machine.l1i.policy, "fifo");
  EXPECT_EQ(registry.value_text("memory_base"), "4096");
  EXPECT_EQ(registry.value_text("sm.l1d.policy"), "\"random\"");
}

TEST_F(ConfigTest, SetErrors) {
  EXPECT_EQ(error_of(registry.set("sm.count")), "expected key=value, not \"sm.count\"");
  EXPECT_EQ(error_of(registry.set("=3")), "expected key=value, not \"=3\"");
  EXPECT_EQ(error_of(registry.set("sm.l1d.set=32")),
            "unknown parameter 'sm.l1d.set' (did you mean 'sm.l1d.sets'?)");
  EXPECT_EQ(error_of(registry.set("sm.count=abc")), "'sm.count' must be an integer, not \"abc\"");
  EXPECT_EQ(error_of(registry.set("sm.count=")), "'sm.count' must be an integer, not \"\"");
  EXPECT_EQ(error_of(registry.set("sm.count=0")), "'sm.count' = 0 is out of range 1..64");
  EXPECT_EQ(error_of(registry.set("sm.count=65")), "'sm.count' = 65 is out of range 1..64");
  EXPECT_EQ(error_of(registry.set("sm.count=-2")), "'sm.count' = -2 is out of range 1..64");
  EXPECT_EQ(error_of(registry.set("sm.count=4x")), "'sm.count' must be an integer, not \"4x\"");
  EXPECT_EQ(error_of(registry.set("memory_base=99999999999999999999")),
            "'memory_base' = 99999999999999999999 is out of range 0..18446744073709551615");
  EXPECT_EQ(error_of(registry.set("sm.l1d.sets=48")), "'sm.l1d.sets' = 48 must be a power of two");
  EXPECT_EQ(error_of(registry.set("ref_compat=yes")),
            "'ref_compat' must be true or false, not \"yes\"");
  EXPECT_EQ(error_of(registry.set("clock_ghz=fast")), "'clock_ghz' must be a number, not \"fast\"");
  EXPECT_EQ(error_of(registry.set("clock_ghz=nan")), "'clock_ghz' must be a number, not nan");
  EXPECT_EQ(error_of(registry.set("sm.l1d.policy=lfu")),
            "'sm.l1d.policy' must be one of lru|fifo|random, not \"lfu\"");
  EXPECT_EQ(machine.sm_count, 2u);
  EXPECT_EQ(machine.l1d.sets, 64u);
}

TEST_F(ConfigTest, Uint32FieldsAreClampedTo32Bits) {
  EXPECT_EQ(registry.find("sm.l1d.hit_latency_cycles")->max_uint, 100u);
  ParamRegistry other;
  uint32_t narrow = 1;
  other.add("narrow", narrow, UIntRange{}, "", "");
  EXPECT_EQ(other.find("narrow")->max_uint, UINT32_MAX);
  EXPECT_EQ(error_of(other.set("narrow=4294967296")),
            "'narrow' = 4294967296 is out of range 0..4294967295");
  ASSERT_TRUE(other.set("narrow=0xffffffff").ok());
  EXPECT_EQ(narrow, UINT32_MAX);
}

TEST_F(ConfigTest, NearestName) {
  EXPECT_EQ(registry.nearest_name("sm.l1d.set"), "sm.l1d.sets");
  EXPECT_EQ(registry.nearest_name("sm.l1i.wayz"), "sm.l1i.ways");
  EXPECT_EQ(registry.nearest_name("smcount"), "sm.count");
  // Far from every full name, but the last component matches: the closest full name wins.
  EXPECT_EQ(registry.nearest_name("memory.cache.hit_latency_cyles"), "sm.l1d.hit_latency_cycles");
  EXPECT_EQ(registry.nearest_name("l1d.policy"), "sm.l1d.policy");
  EXPECT_EQ(registry.nearest_name("banana"), std::nullopt);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("same", "same"), 0u);
}

TEST_F(ConfigTest, FormatTableListsEveryParameterAligned) {
  ASSERT_TRUE(registry.set("sm.l1d.hit_latency_cycles=3").ok());
  const std::string table = registry.format_table();
  std::istringstream lines(table);
  std::string header;
  std::getline(lines, header);
  EXPECT_EQ(header.rfind("name", 0), 0u);
  const size_t value_column = header.find("value");
  const size_t unit_column = header.find("unit");
  const size_t description_column = header.find("description");
  size_t rows = 0;
  for (std::string line; std::getline(lines, line); ++rows) {
    const ParamInfo& info = registry.params()[rows];
    EXPECT_EQ(line.rfind(info.name, 0), 0u) << line;
    const std::string value = registry.value_text(info.name);
    EXPECT_EQ(line[value_column - 1], ' ') << line;
    EXPECT_EQ(line.substr(value_column, value.size() + 1), value + " ") << line;
    EXPECT_EQ(line.substr(unit_column, info.unit.size()), info.unit) << line;
    EXPECT_EQ(line.substr(description_column), info.description) << line;
  }
  EXPECT_EQ(rows, registry.params().size());
  EXPECT_NE(table.find("sm.l1d.hit_latency_cycles"), std::string::npos);
}

TEST_F(ConfigTest, ValuesJson) {
  ASSERT_TRUE(registry.set("sm.count=4").ok());
  const nlohmann::json values = registry.values_json();
  EXPECT_EQ(values.size(), registry.params().size());
  EXPECT_EQ(values.at("sm.count"), 4);
  EXPECT_TRUE(values.at("sm.count").is_number_unsigned());
  EXPECT_EQ(values.at("memory_base"), 0x80000000u);
  EXPECT_EQ(values.at("ref_compat"), false);
  EXPECT_EQ(values.at("clock_ghz"), 1.5);
  EXPECT_EQ(values.at("sm.l1d.policy"), "lru");
}

TEST_F(ConfigTest, DescribeJson) {
  ASSERT_TRUE(registry.set("sm.l1d.sets=256").ok());
  const nlohmann::json described = registry.describe_json();
  ASSERT_TRUE(described.is_array());
  ASSERT_EQ(described.size(), registry.params().size());
  const nlohmann::json& sets = described[4];
  EXPECT_EQ(sets.at("name"), "sm.l1d.sets");
  EXPECT_EQ(sets.at("type"), "uint");
  EXPECT_EQ(sets.at("value"), 256);
  EXPECT_EQ(sets.at("default"), 64);
  EXPECT_EQ(sets.at("min"), 1);
  EXPECT_EQ(sets.at("max"), 4096);
  EXPECT_EQ(sets.at("power_of_two"), true);
  EXPECT_EQ(sets.at("unit"), "");
  EXPECT_EQ(sets.at("description"), "number of sets");
  const nlohmann::json& policy = described[7];
  EXPECT_EQ(policy.at("name"), "sm.l1d.policy");
  EXPECT_EQ(policy.at("type"), "choice");
  EXPECT_EQ(policy.at("choices"), (std::vector<std::string>{"lru", "fifo", "random"}));
  EXPECT_FALSE(policy.contains("min"));
  const nlohmann::json& clock = described[3];
  EXPECT_EQ(clock.at("type"), "float");
  EXPECT_EQ(clock.at("min"), 0.1);
  EXPECT_EQ(clock.at("unit"), "GHz");
  EXPECT_EQ(described[2].at("type"), "bool");
  EXPECT_FALSE(described[2].contains("min"));
}

TEST_F(ConfigTest, EchoedTableValuesReloadAsToml) {
  ASSERT_TRUE(registry.set("clock_ghz=3").ok());
  ASSERT_TRUE(registry.set("sm.l1i.policy=fifo").ok());
  std::string toml;
  for (const ParamInfo& info : registry.params()) {
    toml += info.name + " = " + registry.value_text(info.name) + "\n";
  }
  MachineParams copy;
  ParamRegistry other;
  copy.declare(ParamScope(other));
  ASSERT_TRUE(other.load_toml_text(toml, "echo").ok())
      << other.load_toml_text(toml, "echo").error().message;
  EXPECT_EQ(other.values_json(), registry.values_json());
}

}  // namespace
}  // namespace ventus::sim
