// `ventus config`: the parameter table and JSON of the effective machine, and every kind of
// configuration error (exit 2, the culprit named).
#include "sim_cli_support.hpp"

namespace ventus::testing::sim_cli {
namespace {

// --- ventus config ---------------------------------------------------------------------

TEST(SimCliConfig, ListsEveryDeclaredParameterWithTheDefaultMachinesValueAndUnit) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run("config");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const auto rows = parse_config_table(r.out);
  EXPECT_EQ(rows.size(), declared_parameters().size()) << r.out;
  // configs/default.toml describes the built-in machine; the run.* keys it leaves out have
  // the defaults of SimulationOptions (include/ventus/runtime.hpp).
  auto expected = read_machine_file(source_path("configs/default.toml"));
  expected.emplace("run.schedule", "\"burst\"");
  expected.emplace("run.host_threads", "0");
  expected.emplace("run.memcheck", "\"report\"");
  expected.emplace("run.sanitize", "\"none\"");
  expected.emplace("run.sanitize_examples", "1");
  expected.emplace("run.random_seed", "1");
  expected.emplace("run.timeline", "\"\"");
  expected.emplace("run.timeline_from", "0");
  expected.emplace("run.timeline_to", "0");
  expected.emplace("run.timeline_slots", "\"\"");
  expected.emplace("run.timeline_sample_cycles", "64");
  expected.emplace("run.events", "\"\"");
  expected.emplace("run.save_case", "\"\"");
  for (const Declared& p : declared_parameters()) {
    SCOPED_TRACE(p.name);
    const auto row = rows.find(p.name);
    ASSERT_NE(row, rows.end()) << r.out;
    ASSERT_TRUE(expected.contains(p.name));
    EXPECT_EQ(row->second.value, expected[p.name]);
    EXPECT_EQ(row->second.unit, p.unit);
    EXPECT_FALSE(row->second.description.empty());
  }
  EXPECT_EQ(rows.at("sm.local_memory_bytes").value, "131072");
  EXPECT_EQ(rows.at("sm.local_memory_bytes").unit, "bytes");
}

TEST(SimCliConfig, TheDefaultMachineFileDescribesTheBuiltInMachine) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun builtin = box.run("config");
  const ToolRun file = box.run("config --config " + quoted(source_path("configs/default.toml")));
  ASSERT_EQ(file.exit_status, 0) << file.err;
  EXPECT_EQ(file.out, builtin.out);
}

TEST(SimCliConfig, AMachineFileChangesTheValuesItNames) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const fs::path file = source_path("configs/small-debug.toml");
  const ToolRun r = box.run("config --config " + quoted(file));
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const auto rows = parse_config_table(r.out);
  const auto values = read_machine_file(file);
  ASSERT_FALSE(values.empty());
  for (const auto& [name, value] : values) {
    ASSERT_TRUE(rows.contains(name)) << name;
    EXPECT_EQ(rows.at(name).value, value) << name;
  }
  EXPECT_EQ(rows.at("gpu.sm_count").value, "1");
  EXPECT_EQ(rows.at("sm.threads_per_warp").value, "4");
  // Keys the file does not name keep the built-in values.
  const auto builtin = parse_config_table(box.run("config").out);
  for (const auto& [name, row] : builtin) {
    if (!values.contains(name)) {
      EXPECT_EQ(rows.at(name).value, row.value) << name;
    }
  }
}

TEST(SimCliConfig, SetOverridesTheBuiltInValueAndTheFileInOrder) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun set = box.run("config --set gpu.sm_count=4");
  ASSERT_EQ(set.exit_status, 0) << set.err;
  EXPECT_EQ(parse_config_table(set.out).at("gpu.sm_count").value, "4");
  const ToolRun both =
      box.run("config --config " + quoted(source_path("configs/small-debug.toml")) +
              " --set gpu.sm_count=4 --set sm.threads_per_warp=16 --set sm.threads_per_warp=2"
              " --set run.schedule=random");
  ASSERT_EQ(both.exit_status, 0) << both.err;
  const auto rows = parse_config_table(both.out);
  EXPECT_EQ(rows.at("gpu.sm_count").value, "4");
  EXPECT_EQ(rows.at("sm.threads_per_warp").value, "2");  // the last --set wins
  EXPECT_EQ(rows.at("sm.warp_slots").value, "4");        // from the file
  EXPECT_EQ(rows.at("run.schedule").value, "\"random\"");
}

TEST(SimCliConfig, JsonListsParametersWithRulesAndTheValues) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run("config --json --set gpu.sm_count=4");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const json doc = json::parse(r.out, nullptr, false);
  ASSERT_FALSE(doc.is_discarded()) << r.out;
  ASSERT_TRUE(doc.contains("parameters") && doc.at("parameters").is_array());
  ASSERT_TRUE(doc.contains("values") && doc.at("values").is_object());
  const json& params = doc.at("parameters");
  const json& values = doc.at("values");
  ASSERT_EQ(params.size(), declared_parameters().size());
  EXPECT_EQ(values.size(), declared_parameters().size());
  for (size_t i = 0; i < params.size(); ++i) {
    const json& p = params[i];
    const Declared& want = declared_parameters()[i];  // declaration order
    SCOPED_TRACE(want.name);
    EXPECT_EQ(p.value("name", ""), want.name);
    EXPECT_EQ(p.value("unit", "?"), want.unit);
    EXPECT_FALSE(p.value("description", "").empty());
    ASSERT_TRUE(p.contains("value"));
    ASSERT_TRUE(values.contains(want.name));
    EXPECT_EQ(values[want.name], p.at("value"));
    if (p.value("type", "") == "uint") {
      ASSERT_TRUE(p.contains("min") && p.contains("max"));
      EXPECT_LE(p.at("min").get<uint64_t>(), p.at("value").get<uint64_t>());
      EXPECT_LE(p.at("value").get<uint64_t>(), p.at("max").get<uint64_t>());
    }
  }
  EXPECT_EQ(values.at("gpu.sm_count"), 4);
  EXPECT_EQ(values.at("sm.local_memory_bytes"), 131072);
  EXPECT_EQ(values.at("run.ref_compat"), false);
  EXPECT_EQ(values.at("run.schedule"), "burst");
  const auto param = [&](const std::string& name) {
    for (const json& p : params) {
      if (p.at("name") == name) return p;
    }
    return json();
  };
  EXPECT_EQ(param("gpu.sm_count").at("min"), 1);
  EXPECT_EQ(param("gpu.sm_count").at("max"), 256);
  EXPECT_EQ(param("sm.threads_per_warp").at("max"), 32);
  EXPECT_EQ(param("sm.threads_per_warp").value("power_of_two", false), true);
  EXPECT_EQ(param("run.ref_compat").value("type", ""), "bool");
  EXPECT_EQ(param("run.schedule").at("choices"), json({"burst", "random"}));
}

// Every parameter's "default" is the built-in value, not the effective one.
TEST(SimCliConfig, JsonDefaultIsTheBuiltInValue) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run("config --json --set gpu.sm_count=4");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const json doc = json::parse(r.out);
  for (const json& p : doc.at("parameters")) {
    if (p.at("name") == "gpu.sm_count") {
      EXPECT_EQ(p.at("value"), 4);
      EXPECT_EQ(p.at("default"), 2);  // configs/default.toml
    }
  }
}

// --- configuration errors --------------------------------------------------------------

// Exit status 2, nothing on standard output, and every fragment in the message.
void expect_config_error(const ToolRun& r, const std::vector<std::string>& fragments) {
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_EQ(r.out, "");
  for (const std::string& fragment : fragments) {
    EXPECT_NE(r.err.find(fragment), std::string::npos) << "no '" << fragment << "' in:\n" << r.err;
  }
}

TEST(SimCliConfigErrors, AnUnknownKeyInAFileNamesFileLineColumnAndTheNearestKey) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  box.write_text("bad.toml", "# a machine\n[gpu]\nsm_count = 2\n\n[sm]\nthreads_per_wrap = 8\n");
  expect_config_error(box.run("config --config bad.toml"), {"bad.toml:6:1", "sm.threads_per_wrap",
                                                            "did you mean 'sm.threads_per_warp'?"});
}

TEST(SimCliConfigErrors, AMisspeltSetKeySuggestsTheDeclaredOne) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  expect_config_error(
      box.run("config --set gpu.sm_cuont=4"),
      {"--set gpu.sm_cuont=4", "unknown parameter 'gpu.sm_cuont'", "did you mean 'gpu.sm_count'?"});
}

TEST(SimCliConfigErrors, AnOutOfRangeValueNamesTheRange) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  expect_config_error(box.run("config --set gpu.sm_count=0"), {"'gpu.sm_count'", "1..256"});
  expect_config_error(box.run("config --set sm.warp_slots=33"), {"'sm.warp_slots'", "1..32"});
}

TEST(SimCliConfigErrors, ThreadsPerWarpMustBeAPowerOfTwo) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  expect_config_error(box.run("config --set sm.threads_per_warp=12"),
                      {"'sm.threads_per_warp'", "12", "power of two"});
}

TEST(SimCliConfigErrors, AWrongTypeInAFileNamesTheKeyAndTheExpectedType) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  box.write_text("type.toml", "[sm]\nthreads_per_warp = \"eight\"\n");
  expect_config_error(box.run("config --config type.toml"),
                      {"type.toml:2:", "'sm.threads_per_warp' must be an integer"});
  box.write_text("bool.toml", "[run]\nref_compat = 1\n");
  expect_config_error(box.run("config --config bool.toml"),
                      {"bool.toml:2:", "'run.ref_compat' must be true or false"});
}

TEST(SimCliConfigErrors, AWrongChoiceListsTheChoices) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  expect_config_error(box.run("config --set run.schedule=fifo"),
                      {"'run.schedule'", "burst|random"});
}

TEST(SimCliConfigErrors, LocalMemoryMustHoldTheWarpStacks) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  // 8 warp slots need 8 KiB of 1 KiB stacks.
  expect_config_error(box.run("config --set sm.local_memory_bytes=4096"),
                      {"sm.local_memory_bytes", "sm.warp_slots"});
  EXPECT_EQ(box.run("config --set sm.local_memory_bytes=8192").exit_status, 0);
}

TEST(SimCliConfigErrors, AMissingFileIsNamed) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  expect_config_error(box.run("config --config nowhere.toml"), {"nowhere.toml"});
}

}  // namespace
}  // namespace ventus::testing::sim_cli
