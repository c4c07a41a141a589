// `ventus config` and the --config/--set/--stats/--stats-json options of run, case, demo and
// bench: parameter tables, configuration errors, overrides and the statistics documents.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli_harness.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using ventus::testing::ToolRun;
using ventus::testing::ToolSandbox;

constexpr std::string_view kTag = "ventus_sim_cli";

fs::path source_path(const std::string& relative) {
  return fs::path(VENTUS_SOURCE_DIR) / relative;
}

std::string quoted(const fs::path& path) {
  return "'" + path.string() + "'";
}

fs::path cases_dir() {
  return fs::path(VENTUS_REFERENCE_DIR) / "cases";
}

std::string trim(std::string_view text) {
  const size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) return {};
  const size_t end = text.find_last_not_of(" \t\r");
  return std::string(text.substr(begin, end - begin + 1));
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> words_of(const std::string& line) {
  std::vector<std::string> words;
  std::istringstream in(line);
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// The parameters every machine declares (src/functional/machine_shape.cpp,
// src/runtime/machine_config.cpp), with their units, in declaration order.
struct Declared {
  std::string name;
  std::string unit;
};
const std::vector<Declared>& declared_parameters() {
  static const std::vector<Declared> params = {
      {"gpu.sm_count", ""},
      {"sm.warp_slots", ""},
      {"sm.work_group_slots", ""},
      {"sm.threads_per_warp", ""},
      {"sm.local_memory_bytes", "bytes"},
      {"driver.private_memory_bytes_per_thread", "bytes"},
      {"driver.print_buffer_bytes", "bytes"},
      {"run.ref_compat", ""},
      {"run.max_warp_instructions", "instructions"},
      {"run.schedule", ""},
      {"run.memcheck", ""},
      {"run.random_seed", ""},
  };
  return params;
}

// One row of `ventus config`: the cells under the header's columns.
struct ParamRow {
  std::string value, unit, description;
};

// Splits the aligned table of `ventus config` at the header's column starts.
std::map<std::string, ParamRow> parse_config_table(const std::string& text) {
  std::map<std::string, ParamRow> rows;
  const auto lines = lines_of(text);
  if (lines.empty()) return rows;
  const std::string& header = lines[0];
  const size_t value = header.find("value");
  const size_t unit = header.find("unit");
  const size_t description = header.find("description");
  EXPECT_EQ(header.rfind("name", 0), 0u) << header;
  EXPECT_TRUE(value < unit && unit < description && description != std::string::npos) << header;
  for (size_t i = 1; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    auto cell = [&](size_t from, size_t to) {
      return from >= line.size() ? std::string() : trim(line.substr(from, to - from));
    };
    rows[cell(0, value)] = {cell(value, unit), cell(unit, description),
                            cell(description, std::string::npos)};
  }
  return rows;
}

// key -> value text of a machine file (the subset of TOML configs/*.toml use: [tables],
// key = value, # comments).
std::map<std::string, std::string> read_machine_file(const fs::path& path) {
  std::map<std::string, std::string> values;
  std::string prefix;
  for (std::string line : lines_of(ToolSandbox::slurp(path))) {
    if (const size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    line = trim(line);
    if (line.empty()) continue;
    if (line.front() == '[') {
      prefix = trim(line.substr(1, line.find(']') - 1));
      continue;
    }
    const size_t equals = line.find('=');
    if (equals == std::string::npos) continue;
    values[prefix + "." + trim(line.substr(0, equals))] = trim(line.substr(equals + 1));
  }
  return values;
}

// Numbers of a summary line "K: W work-groups, N warps, I warp-instructions, T
// thread-instructions, ...".
struct Summary {
  uint64_t work_groups = 0, warps = 0, warp_instructions = 0, thread_instructions = 0;
};
bool parse_summary(const std::string& line, Summary& s) {
  static const std::regex pattern(
      R"(: (\d+) work-groups?, (\d+) warps?, (\d+) warp-instructions, (\d+) thread-instructions)");
  std::smatch m;
  if (!std::regex_search(line, m, pattern)) return false;
  s = {std::stoull(m[1]), std::stoull(m[2]), std::stoull(m[3]), std::stoull(m[4])};
  return true;
}

// The value cell of the first row of a --stats table whose name is `name`.
std::string stats_cell(const std::string& table, const std::string& name) {
  for (const std::string& line : lines_of(table)) {
    const auto words = words_of(line);
    if (words.size() >= 2 && words[0] == name) return words[1];
  }
  return {};
}

uint64_t element_sum(const json& vector) {
  uint64_t sum = 0;
  for (const auto& [key, value] : vector.items()) {
    if (key != "total") sum += value.get<uint64_t>();
  }
  return sum;
}

size_t element_count(const json& vector) {
  return vector.size() - (vector.contains("total") ? 1 : 0);
}

// The functional statistics of src/functional/functional_stats.cpp with their kinds.
const std::map<std::string, std::string>& functional_stat_kinds() {
  static const std::map<std::string, std::string> kinds = {
      {"functional.work_groups", "counter"},
      {"functional.warps", "counter"},
      {"functional.warp_instructions", "counter"},
      {"functional.thread_instructions", "counter"},
      {"functional.threads_per_instruction", "formula"},
      {"functional.instructions_by_unit", "vector"},
      {"functional.branches", "counter"},
      {"functional.branches_taken", "counter"},
      {"functional.vbranches", "counter"},
      {"functional.vbranches_uniform", "counter"},
      {"functional.vbranches_diverged", "counter"},
      {"functional.joins", "counter"},
      {"functional.joins_popped", "counter"},
      {"functional.barriers", "counter"},
      {"functional.barrier_releases", "counter"},
      {"functional.ref_traps", "counter"},
      {"functional.memory_accesses", "vector"},
      {"functional.memory_bytes", "vector"},
      {"functional.sm_work_groups", "vector"},
      {"functional.sm_warp_instructions", "vector"},
      {"functional.instructions_per_work_group", "distribution"},
  };
  return kinds;
}

// What holds for every launch object of a statistics document, whatever ran.
void check_launch_object(const json& launch, uint64_t sm_count, uint64_t threads_per_warp) {
  SCOPED_TRACE(launch.value("kernel", "?"));
  ASSERT_TRUE(launch.contains("kernel") && launch.at("kernel").is_string());
  ASSERT_TRUE(launch.contains("stats") && launch.at("stats").is_object());
  ASSERT_TRUE(launch.contains("stat_info") && launch.at("stat_info").is_object());
  const json& stats = launch.at("stats");
  const json& info = launch.at("stat_info");
  // Every statistic is described, and only those.
  EXPECT_EQ(stats.size(), info.size());
  for (const auto& [name, value] : stats.items()) {
    ASSERT_TRUE(info.contains(name)) << name;
    EXPECT_FALSE(info[name].value("unit", "").empty()) << name;
    EXPECT_FALSE(info[name].value("description", "").empty()) << name;
  }
  for (const auto& [name, kind] : functional_stat_kinds()) {
    ASSERT_TRUE(stats.contains(name)) << name;
    EXPECT_EQ(info[name].value("kind", ""), kind) << name;
    if (kind == "vector") {
      EXPECT_EQ(element_sum(stats[name]), stats[name].at("total").get<uint64_t>()) << name;
    }
  }
  const uint64_t work_groups = stats.at("functional.work_groups").get<uint64_t>();
  const uint64_t warp_instructions = stats.at("functional.warp_instructions").get<uint64_t>();
  const uint64_t thread_instructions = stats.at("functional.thread_instructions").get<uint64_t>();
  EXPECT_GT(warp_instructions, 0u);
  EXPECT_LE(thread_instructions, warp_instructions * threads_per_warp);
  EXPECT_NEAR(stats.at("functional.threads_per_instruction").get<double>(),
              static_cast<double>(thread_instructions) / static_cast<double>(warp_instructions),
              1e-9);
  // Per-SM vectors: one element per SM, totals equal the global counters.
  const json& sm_groups = stats.at("functional.sm_work_groups");
  const json& sm_instructions = stats.at("functional.sm_warp_instructions");
  EXPECT_EQ(element_count(sm_groups), sm_count);
  EXPECT_EQ(element_count(sm_instructions), sm_count);
  EXPECT_EQ(sm_groups.at("total").get<uint64_t>(), work_groups);
  EXPECT_EQ(sm_instructions.at("total").get<uint64_t>(), warp_instructions);
  EXPECT_EQ(stats.at("functional.instructions_by_unit").at("total").get<uint64_t>(),
            warp_instructions);
  for (const char* space : {"global", "local", "private"}) {
    EXPECT_TRUE(stats.at("functional.memory_accesses").contains(space)) << space;
    EXPECT_TRUE(stats.at("functional.memory_bytes").contains(space)) << space;
  }
  EXPECT_LE(stats.at("functional.branches_taken").get<uint64_t>(),
            stats.at("functional.branches").get<uint64_t>());
  EXPECT_EQ(stats.at("functional.vbranches_uniform").get<uint64_t>() +
                stats.at("functional.vbranches_diverged").get<uint64_t>(),
            stats.at("functional.vbranches").get<uint64_t>());
  EXPECT_LE(stats.at("functional.joins_popped").get<uint64_t>(),
            stats.at("functional.joins").get<uint64_t>());
  // The distribution sampled once per work-group, with its instructions.
  const json& per_group = stats.at("functional.instructions_per_work_group");
  EXPECT_EQ(per_group.at("count").get<uint64_t>(), work_groups);
  EXPECT_EQ(per_group.at("sum").get<uint64_t>(), warp_instructions);
  EXPECT_LE(per_group.at("min").get<uint64_t>(), per_group.at("max").get<uint64_t>());
  uint64_t bucketed =
      per_group.at("underflow").get<uint64_t>() + per_group.at("overflow").get<uint64_t>();
  for (const json& bucket : per_group.at("buckets")) bucketed += bucket.get<uint64_t>();
  EXPECT_EQ(bucketed, work_groups);
}

json read_stats_document(const fs::path& path) {
  const std::string text = ToolSandbox::slurp(path);
  json doc = json::parse(text, nullptr, false);
  EXPECT_FALSE(doc.is_discarded()) << path << ":\n" << text;
  if (doc.is_discarded()) return json::object();
  EXPECT_EQ(doc.value("format", ""), "ventus-stats");
  EXPECT_EQ(doc.value("version", 0), 1);
  EXPECT_TRUE(doc.contains("launches") && doc.at("launches").is_array());
  return doc;
}

// ---------------------------------------------------------------------------------------
// add_scaled (tests/runtime_kernels): c[i] = a[i] * k + b[i] for i < local size.

std::string add_scaled_command(const std::string& global, const std::string& local,
                               const std::string& a, const std::string& b, uint32_t out_bytes) {
  return "run " + quoted(source_path("tests/runtime_kernels/add_scaled.s")) +
         " --kernel add_scaled --global " + global + " --local " + local + " --arg buf:in:" + a +
         " --arg buf:in:" + b + " --arg buf:out:c.bin:" + std::to_string(out_bytes) +
         " --arg i32:2";
}

std::string add_scaled_8() {
  return add_scaled_command("8", "8", quoted(source_path("tests/runtime_kernels/a.txt")),
                            quoted(source_path("tests/runtime_kernels/b.txt")), 32);
}

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
  expected.emplace("run.memcheck", "\"report\"");
  expected.emplace("run.random_seed", "1");
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

// --- --set on the simulating sub-commands -----------------------------------------------

TEST(SimCliRunSet, ThreadsPerWarpChangesTheWarpsOfAWorkGroup) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  for (uint64_t threads : {8u, 4u, 2u}) {
    SCOPED_TRACE(threads);
    const ToolRun r =
        box.run(add_scaled_8() + " --set sm.threads_per_warp=" + std::to_string(threads));
    ASSERT_EQ(r.exit_status, 0) << r.err;
    Summary s;
    ASSERT_TRUE(parse_summary(r.out, s)) << r.out;
    EXPECT_EQ(s.work_groups, 1u);
    EXPECT_EQ(s.warps, 8 / threads);  // a work-group of 8 work-items
    const std::string warps = std::to_string(8 / threads) + (threads == 8 ? " warp," : " warps,");
    EXPECT_NE(r.out.find("1 work-group, " + warps), std::string::npos) << r.out;
  }
}

TEST(SimCliRunSet, AnInstructionLimitStopsTheKernelWithAFault) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r =
      box.run(add_scaled_8() + " --set run.max_warp_instructions=5 --stats-json stats.json");
  EXPECT_EQ(r.exit_status, 1) << r.out << r.err;
  EXPECT_NE(r.err.find("instruction limit"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(box.dir() / "c.bin"));  // outputs are not written after a fault
  // The statistics of the stopped launch count what ran: exactly the 5 allowed.
  const json doc = read_stats_document(box.dir() / "stats.json");
  ASSERT_EQ(doc.at("launches").size(), 1u);
  EXPECT_EQ(doc.at("launches")[0].at("stats").at("functional.warp_instructions"), 5);
}

TEST(SimCliRunSet, ABadSetIsAUsageError) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run(add_scaled_8() + " --set sm.threads_per_warp=3");
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("--set sm.threads_per_warp=3"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("power of two"), std::string::npos) << r.err;
  const ToolRun file = box.run(add_scaled_8() + " --config nowhere.toml");
  EXPECT_EQ(file.exit_status, 2) << file.out << file.err;
  EXPECT_NE(file.err.find("nowhere.toml"), std::string::npos) << file.err;
}

TEST(SimCliCaseSet, AnInstructionLimitStopsAReferenceCase) {
  const fs::path dir = cases_dir() / "vecadd-4w8t";
  if (!fs::exists(dir))
    GTEST_SKIP() << "reference case not found at " << dir
                 << " (set VENTUS_REFERENCE_DIR at configure time)";
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run("case " + quoted(dir) + " --set run.max_warp_instructions=10");
  EXPECT_EQ(r.exit_status, 1) << r.out << r.err;
  EXPECT_NE(r.err.find("instruction limit"), std::string::npos) << r.err;
  Summary s;
  ASSERT_TRUE(parse_summary(r.out, s)) << r.out;
  EXPECT_LE(s.warp_instructions, 10u);
}

TEST(SimCliCaseSet, ABadSetIsAUsageErrorBeforeTheCaseIsRead) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run("case no-such-case --set gpu.sm_count=0");
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("--set gpu.sm_count=0"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("1..256"), std::string::npos) << r.err;
}

TEST(SimCliDemoSet, SetChangesTheMachineOfEveryKernel) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run(
      "demo --set sm.threads_per_warp=4 --set gpu.sm_count=3 --stats --stats-json demo.json");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find(": 3 SMs, 4 threads per warp, 8 warp slots per SM"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("all results match"), std::string::npos) << r.out;
  const json doc = read_stats_document(box.dir() / "demo.json");
  ASSERT_GE(doc.at("launches").size(), 6u);  // one row per kernel, some kernels launch more
  for (const json& launch : doc.at("launches")) {
    check_launch_object(launch, 3, 4);
    ASSERT_TRUE(launch.contains("config"));
    EXPECT_EQ(launch.at("config").at("sm.threads_per_warp"), 4);
    EXPECT_EQ(launch.at("config").at("gpu.sm_count"), 3);
  }
  // --stats: one table per launch, with the launch's figures.
  size_t tables = 0;
  for (size_t at = r.out.find("\nstatistics of "); at != std::string::npos;
       at = r.out.find("\nstatistics of ", at + 1)) {
    ++tables;
  }
  EXPECT_EQ(tables, doc.at("launches").size()) << r.out;
  const json& first = doc.at("launches")[0];
  EXPECT_NE(r.out.find("statistics of " + first.at("kernel").get<std::string>() + ":"),
            std::string::npos)
      << r.out;
}

TEST(SimCliDemoSet, ABadSetIsAUsageError) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run("demo --set run.schedule=fifo");
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("--set run.schedule=fifo"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("burst|random"), std::string::npos) << r.err;
}

TEST(SimCliBenchSet, SmCountSizesThePerSmStatistics) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r =
      box.run("bench --iterations 10 --work-groups 6 --set gpu.sm_count=3 --stats-json bench.json");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  const json doc = read_stats_document(box.dir() / "bench.json");
  // One printed row per benchmark kernel after the header, in the document's order.
  std::vector<std::string> rows = lines_of(r.out);
  ASSERT_FALSE(rows.empty());
  rows.erase(rows.begin());
  ASSERT_EQ(doc.at("launches").size(), rows.size()) << r.out;
  for (size_t i = 0; i < rows.size(); ++i) {
    const json& launch = doc.at("launches")[i];
    check_launch_object(launch, 3, 32);  // bench's default --threads
    const auto words = words_of(rows[i]);
    ASSERT_GE(words.size(), 2u);
    EXPECT_EQ(launch.at("kernel"), words[0]);
    EXPECT_EQ(std::to_string(launch.at("stats").at("functional.warp_instructions").get<uint64_t>()),
              words[1]);
    EXPECT_EQ(launch.at("stats").at("functional.work_groups"), 6);
    EXPECT_EQ(launch.at("stats").at("functional.warps"), 6 * 4);  // bench's default --warps
  }
}

TEST(SimCliBenchSet, ABadSetIsAUsageError) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run("bench --iterations 10 --set gpu.sm_cout=3");
  EXPECT_EQ(r.exit_status, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("did you mean 'gpu.sm_count'?"), std::string::npos) << r.err;
}

// --- --stats and --stats-json -----------------------------------------------------------

TEST(SimCliRunStats, TheTableAgreesWithTheSummaryLine) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run(add_scaled_8() + " --stats");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  Summary s;
  ASSERT_TRUE(parse_summary(r.out, s)) << r.out;
  EXPECT_NE(r.out.find("statistics of add_scaled:"), std::string::npos) << r.out;
  EXPECT_EQ(stats_cell(r.out, "functional.warp_instructions"), std::to_string(s.warp_instructions))
      << r.out;
  EXPECT_EQ(stats_cell(r.out, "functional.thread_instructions"),
            std::to_string(s.thread_instructions))
      << r.out;
  EXPECT_EQ(stats_cell(r.out, "functional.work_groups"), "1") << r.out;
  EXPECT_EQ(stats_cell(r.out, "functional.warps"), "1") << r.out;
  // Vectors print one row per element, named by label or SM index.
  EXPECT_EQ(stats_cell(r.out, "functional.sm_work_groups[0]"), "1") << r.out;
  EXPECT_EQ(stats_cell(r.out, "functional.sm_work_groups[1]"), "0") << r.out;
  EXPECT_FALSE(stats_cell(r.out, "functional.memory_accesses[global]").empty()) << r.out;
  EXPECT_FALSE(stats_cell(r.out, "functional.instructions_per_work_group").empty()) << r.out;
}

TEST(SimCliRunStats, TheJsonDocumentAgreesWithTheSummaryAndTheConfiguration) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r = box.run(add_scaled_8() + " --stats-json stats.json");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  Summary s;
  ASSERT_TRUE(parse_summary(r.out, s)) << r.out;
  const json doc = read_stats_document(box.dir() / "stats.json");
  ASSERT_EQ(doc.at("launches").size(), 1u);
  const json& launch = doc.at("launches")[0];
  check_launch_object(launch, 2, 8);
  EXPECT_EQ(launch.at("kernel"), "add_scaled");
  const json& stats = launch.at("stats");
  EXPECT_EQ(stats.at("functional.warp_instructions"), s.warp_instructions);
  EXPECT_EQ(stats.at("functional.thread_instructions"), s.thread_instructions);
  EXPECT_EQ(stats.at("functional.work_groups"), 1);
  EXPECT_EQ(stats.at("functional.warps"), 1);
  // 8 work-items each load a[i] and b[i] and store c[i]: at least 24 lane accesses of 4 bytes.
  EXPECT_GE(stats.at("functional.memory_accesses").at("global").get<uint64_t>(), 24u);
  EXPECT_GE(stats.at("functional.memory_bytes").at("global").get<uint64_t>(), 96u);
  EXPECT_GE(stats.at("functional.vbranches").get<uint64_t>(), 1u);  // the i < local-size guard
  EXPECT_GE(stats.at("functional.joins").get<uint64_t>(), 1u);
  ASSERT_TRUE(launch.contains("config"));
  EXPECT_EQ(launch.at("config").at("sm.threads_per_warp"), 8);
  EXPECT_EQ(launch.at("config").at("gpu.sm_count"), 2);
  // No --stats: no table on standard output.
  EXPECT_EQ(r.out.find("statistics of"), std::string::npos) << r.out;
}

// The statistics of the only launch of a `ventus run` with `--stats-json stats.json`.
json run_stats(const ToolSandbox& box, const std::string& command) {
  const ToolRun r = box.run(command + " --stats-json stats.json");
  EXPECT_EQ(r.exit_status, 0) << r.out << r.err;
  const json doc = read_stats_document(box.dir() / "stats.json");
  EXPECT_EQ(doc.value("launches", json::array()).size(), 1u);
  if (doc.value("launches", json::array()).size() != 1) return json::object();
  return doc.at("launches")[0].at("stats");
}

uint64_t stat(const json& stats, const std::string& name) {
  return stats.at("functional." + name).get<uint64_t>();
}

TEST(SimCliRunStats, ADivergentRegionCountsOnlyItsLanes) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const std::string a = quoted(source_path("tests/runtime_kernels/a.txt"));
  const std::string b = quoted(source_path("tests/runtime_kernels/b.txt"));
  // One 8-lane warp; with 4 work-items the i < local-size guard sends lanes 4..7 around
  // the body (9 vector instructions, 3 of them loads and stores).
  const json full = run_stats(box, add_scaled_command("8", "8", a, b, 32));
  const json half = run_stats(box, add_scaled_command("4", "4", a, b, 16));
  ASSERT_FALSE(full.empty());
  ASSERT_FALSE(half.empty());
  EXPECT_EQ(stat(full, "warps"), 1u);
  EXPECT_EQ(stat(half, "warps"), 1u);
  EXPECT_EQ(stat(full, "vbranches_uniform"), 1u);
  EXPECT_EQ(stat(full, "vbranches_diverged"), 0u);
  EXPECT_EQ(stat(half, "vbranches_diverged"), 1u);
  EXPECT_GE(stat(half, "joins_popped"), 1u);
  // Lane accesses: the 3 vector loads/stores touch 4 fewer lanes of 4 bytes each.
  const auto global = [](const json& stats, const char* name) {
    return stats.at(std::string("functional.") + name).at("global").get<uint64_t>();
  };
  EXPECT_EQ(global(full, "memory_accesses") - global(half, "memory_accesses"), 3u * 4);
  EXPECT_EQ(global(full, "memory_bytes") - global(half, "memory_bytes"), 3u * 4 * 4);
  // Thread-instructions: the 9 body instructions lose 4 lanes each; the extra
  // warp-instructions of the divergent run (the joins) add at most 8 lanes each.
  const uint64_t extra = stat(half, "warp_instructions") - stat(full, "warp_instructions");
  EXPECT_GE(stat(half, "thread_instructions"), stat(full, "thread_instructions") - 9 * 4);
  EXPECT_LE(stat(half, "thread_instructions"),
            stat(full, "thread_instructions") - 9 * 4 + extra * 8);
}

// A kernel `k` whose body is `body` (one instruction a line).
void write_kernel(const ToolSandbox& box, const std::string& name, const std::string& body) {
  box.write_text(name,
                 "    .text\n    .globl k\n    .type k, @function\nk:\n" + body + "    ret\n");
}

TEST(SimCliRunStats, VectorInstructionsCountLanesBelowVlAndUnderTheV0Mask) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const auto stats_of = [&](const std::string& file) {
    return run_stats(box, "run " + file + " --kernel k --global 8 --local 8");
  };
  // v0 = 5 in every lane: a masked instruction runs on lanes 0 and 2 of the 8.
  write_kernel(box, "plain.s", "    li t0, 5\n    vmv.v.x v0, t0\n    vadd.vv v1, v2, v3\n");
  write_kernel(box, "masked.s", "    li t0, 5\n    vmv.v.x v0, t0\n    vadd.vv v1, v2, v3, v0.t\n");
  // vl = 8 and vl = 3 for the same vadd.
  write_kernel(box, "vl8.s", "    li t2, 8\n    vsetvli t1, t2, e32, m1\n    vadd.vv v1, v2, v3\n");
  write_kernel(box, "vl3.s", "    li t2, 3\n    vsetvli t1, t2, e32, m1\n    vadd.vv v1, v2, v3\n");
  const json plain = stats_of("plain.s");
  const json masked = stats_of("masked.s");
  const json vl8 = stats_of("vl8.s");
  const json vl3 = stats_of("vl3.s");
  for (const json* s : {&plain, &masked, &vl8, &vl3}) ASSERT_FALSE(s->empty());
  EXPECT_EQ(stat(masked, "warp_instructions"), stat(plain, "warp_instructions"));
  EXPECT_EQ(stat(plain, "thread_instructions") - stat(masked, "thread_instructions"), 8u - 2);
  EXPECT_EQ(stat(vl3, "warp_instructions"), stat(vl8, "warp_instructions"));
  EXPECT_EQ(stat(vl8, "thread_instructions") - stat(vl3, "thread_instructions"), 8u - 3);
}

TEST(SimCliRunStats, TheConfigObjectCarriesTheEffectiveConfiguration) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  const std::string machine =
      " --config " + quoted(source_path("configs/small-debug.toml")) + " --set run.random_seed=9";
  const ToolRun r = box.run(add_scaled_8() + machine + " --stats-json stats.json");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const json doc = read_stats_document(box.dir() / "stats.json");
  ASSERT_EQ(doc.at("launches").size(), 1u);
  const json& launch = doc.at("launches")[0];
  check_launch_object(launch, 1, 4);
  const json& config = launch.at("config");
  EXPECT_EQ(config.at("gpu.sm_count"), 1);
  EXPECT_EQ(config.at("sm.threads_per_warp"), 4);
  EXPECT_EQ(config.at("run.max_warp_instructions"), 10000000);
  EXPECT_EQ(config.at("run.random_seed"), 9);
  EXPECT_EQ(launch.at("stats").at("functional.warps"), 2);  // 8 work-items in 4-lane warps
  // Every declared parameter, with the values `ventus config` reports for the same options.
  const ToolRun c = box.run("config --json" + machine);
  ASSERT_EQ(c.exit_status, 0) << c.err;
  EXPECT_EQ(config, json::parse(c.out).at("values"));
}

// Writes n-element inputs a = 1..n, b = 10, 20, ... for add_scaled.
void write_inputs(const ToolSandbox& box, unsigned n) {
  std::string a, b;
  for (unsigned i = 1; i <= n; ++i) {
    a += std::to_string(i) + "\n";
    b += std::to_string(10 * i) + "\n";
  }
  box.write_text("a16.txt", a);
  box.write_text("b16.txt", b);
}

TEST(SimCliRunStats, TwoWorkGroupsOnTwoSmsRunOneOnEach) {
  ToolSandbox box(VENTUS_TOOL, kTag);
  write_inputs(box, 16);
  const ToolRun r =
      box.run(add_scaled_command("16", "8", "a16.txt", "b16.txt", 64) + " --stats-json s.json");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  // The kernel ran: c = a * 2 + b.
  const std::string c = ToolSandbox::slurp(box.dir() / "c.bin");
  ASSERT_EQ(c.size(), 64u);
  for (unsigned i = 0; i < 16; ++i) {
    uint32_t v = 0;
    for (unsigned byte = 0; byte < 4; ++byte) {
      v |= static_cast<uint32_t>(static_cast<unsigned char>(c[4 * i + byte])) << (8 * byte);
    }
    EXPECT_EQ(v, (i + 1) * 2 + 10 * (i + 1)) << i;
  }
  const json doc = read_stats_document(box.dir() / "s.json");
  ASSERT_EQ(doc.at("launches").size(), 1u);
  const json& stats = doc.at("launches")[0].at("stats");
  check_launch_object(doc.at("launches")[0], 2, 8);
  EXPECT_EQ(stats.at("functional.work_groups"), 2);
  EXPECT_EQ(stats.at("functional.sm_work_groups"), json({{"0", 1}, {"1", 1}, {"total", 2}}));
  // Both groups run the same instructions.
  const json& per_sm = stats.at("functional.sm_warp_instructions");
  EXPECT_EQ(per_sm.at("0"), per_sm.at("1"));
  EXPECT_EQ(stats.at("functional.instructions_per_work_group").at("min"),
            stats.at("functional.instructions_per_work_group").at("max"));
  // On one SM both groups land there.
  const ToolRun one = box.run(add_scaled_command("16", "8", "a16.txt", "b16.txt", 64) +
                              " --set gpu.sm_count=1 --stats-json one.json");
  ASSERT_EQ(one.exit_status, 0) << one.err;
  const json one_doc = read_stats_document(box.dir() / "one.json");
  ASSERT_EQ(one_doc.at("launches").size(), 1u);
  EXPECT_EQ(one_doc.at("launches")[0].at("stats").at("functional.sm_work_groups"),
            json({{"0", 2}, {"total", 2}}));
}

// --- case --stats-json: one launch object per launch of cases.ini -----------------------

std::vector<std::string> case_launches(const fs::path& dir) {
  for (const std::string& line : lines_of(ToolSandbox::slurp(dir / "cases.ini"))) {
    const std::string text = trim(line);
    if (text.rfind("Files=", 0) != 0) continue;
    std::vector<std::string> names;
    std::istringstream in(text.substr(6));
    for (std::string name; std::getline(in, name, ',');) names.push_back(trim(name));
    return names;
  }
  return {};
}

// Work-groups, threads per warp and warps per work-group of a .metadata file (ISA.md §9.1:
// 64-bit items as two 32-bit hex lines, low word first; items 2..4 the work-groups in x, y,
// z, item 5 wf_size, item 6 wg_size).
struct CaseShape {
  uint64_t work_groups = 0, threads = 0, warps_per_group = 0;
};
CaseShape read_shape(const fs::path& metadata) {
  std::vector<uint64_t> words;
  for (const std::string& line : lines_of(ToolSandbox::slurp(metadata))) {
    if (!trim(line).empty()) words.push_back(std::stoull(trim(line), nullptr, 16));
  }
  if (words.size() < 14) return {};
  return {words[4] * words[6] * words[8], words[10], words[12]};
}

void check_case_document(const std::string& name) {
  const fs::path dir = cases_dir() / name;
  if (!fs::exists(dir))
    GTEST_SKIP() << "reference case not found at " << dir
                 << " (set VENTUS_REFERENCE_DIR at configure time)";
  ToolSandbox box(VENTUS_TOOL, kTag);
  const ToolRun r =
      box.run("case " + quoted(dir) + " --set run.random_seed=5 --stats --stats-json case.json");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  const auto names = case_launches(dir);
  ASSERT_FALSE(names.empty());
  const json doc = read_stats_document(box.dir() / "case.json");
  ASSERT_EQ(doc.at("launches").size(), names.size());
  std::vector<Summary> summaries;
  for (const std::string& line : lines_of(r.out)) {
    if (Summary s; parse_summary(line, s)) summaries.push_back(s);
  }
  ASSERT_EQ(summaries.size(), names.size()) << r.out;
  for (size_t i = 0; i < names.size(); ++i) {
    SCOPED_TRACE(names[i]);
    const json& launch = doc.at("launches")[i];
    EXPECT_EQ(launch.value("launch", ""), names[i]);
    const CaseShape shape = read_shape(dir / (names[i] + ".metadata"));
    ASSERT_GT(shape.work_groups, 0u);
    check_launch_object(launch, 2, shape.threads);
    // Counters restart at every launch: each holds only its own work-groups.
    const json& stats = launch.at("stats");
    EXPECT_EQ(stats.at("functional.work_groups"), shape.work_groups);
    EXPECT_EQ(stats.at("functional.warps"), shape.work_groups * shape.warps_per_group);
    EXPECT_EQ(stats.at("functional.warp_instructions"), summaries[i].warp_instructions);
    EXPECT_EQ(stats.at("functional.thread_instructions"), summaries[i].thread_instructions);
    EXPECT_EQ(launch.at("config").at("run.random_seed"), 5);
    EXPECT_NE(r.out.find("statistics of " + names[i] + ":"), std::string::npos) << r.out;
  }
}

TEST(SimCliCaseStats, OneLaunchObjectForTheVecaddCase) {
  check_case_document("vecadd-4w8t");
}

TEST(SimCliCaseStats, OneLaunchObjectPerLaunchInCasesIniOrder) {
  check_case_document("gaussian-1w16t");
}

}  // namespace
