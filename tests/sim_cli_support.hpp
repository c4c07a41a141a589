// Helpers of the `ventus` configuration and statistics CLI tests (sim_cli_*.test.cpp): the
// tool's tables, JSON documents and the add_scaled command lines they run.
#pragma once

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

namespace ventus::testing::sim_cli {

namespace fs = std::filesystem;
using nlohmann::json;
using ventus::testing::ToolRun;
using ventus::testing::ToolSandbox;

inline constexpr std::string_view kTag = "ventus_sim_cli";

inline fs::path source_path(const std::string& relative) {
  return fs::path(VENTUS_SOURCE_DIR) / relative;
}

inline std::string quoted(const fs::path& path) {
  return "'" + path.string() + "'";
}

inline fs::path cases_dir() {
  return fs::path(VENTUS_REFERENCE_DIR) / "cases";
}

inline std::string trim(std::string_view text) {
  const size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) return {};
  const size_t end = text.find_last_not_of(" \t\r");
  return std::string(text.substr(begin, end - begin + 1));
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

inline std::vector<std::string> words_of(const std::string& line) {
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
inline const std::vector<Declared>& declared_parameters() {
  static const std::vector<Declared> params = {
      {"gpu.sm_count", ""},
      {"sm.warp_slots", ""},
      {"sm.work_group_slots", ""},
      {"sm.threads_per_warp", ""},
      {"sm.local_memory_bytes", "bytes"},
      {"sm.sgpr_slots", ""},
      {"sm.vgpr_slots", ""},
      {"sm.sgprs_per_warp", ""},
      {"sm.vgprs_per_warp", ""},
      {"driver.private_memory_bytes_per_thread", "bytes"},
      {"driver.print_buffer_bytes", "bytes"},
      {"isa.profile", ""},
      // The cycle model (src/timing/params.cpp).
      {"sm.icache.sets", ""},
      {"sm.icache.ways", ""},
      {"sm.icache.line_bytes", "bytes"},
      {"sm.icache.mshr_entries", ""},
      {"sm.icache.mshr_subentries", ""},
      {"sm.icache.hit_latency_cycles", "cycles"},
      {"sm.fetch.packet_bytes", "bytes"},
      {"sm.fetch.ibuffer_packets", ""},
      {"sm.fetch.icache_fill_cycles", "cycles"},
      {"sm.fetch.icache_rearm_on_fill_miss", ""},
      {"sm.fetch.branch_resolve_cycles", "cycles"},
      {"sm.fetch.simt_join_cycles", "cycles"},
      {"sm.fetch.simt_mask_cycles", "cycles"},
      {"sm.fetch.simt_fetch_control_cycles", "cycles"},
      {"sm.fetch.barrier_release_cycles", "cycles"},
      {"sm.issue.collector_units", ""},
      {"sm.issue.register_banks", ""},
      {"sm.issue.no_operand_cycles", "cycles"},
      {"sm.issue.operand_cycles", "cycles"},
      {"sm.units.alu_cycles", "cycles"},
      {"sm.units.valu_cycles", "cycles"},
      {"sm.units.csr_cycles", "cycles"},
      {"sm.units.mul_cycles", "cycles"},
      {"sm.units.pair_alu_cycles", "cycles"},
      {"sm.units.pair_valu_cycles", "cycles"},
      {"sm.units.pair_mul_cycles", "cycles"},
      {"sm.units.fpu_add_cycles", "cycles"},
      {"sm.units.fpu_fma_cycles", "cycles"},
      {"sm.units.fpu_other_cycles", "cycles"},
      {"sm.units.sfu_lane_groups", ""},
      {"sm.units.sfu_fdiv_cycles_per_group", "cycles"},
      {"sm.units.sfu_int_div_special_cycles", "cycles"},
      {"sm.units.sfu_int_div_small_cycles", "cycles"},
      {"sm.units.sfu_int_div_base_cycles", "cycles"},
      {"sm.units.sfu_sqrt_cycles_per_group", "cycles"},
      {"sm.units.sfu_overhead_cycles", "cycles"},
      {"sm.lsu.per_warp_in_flight", ""},
      {"sm.lsu.per_sm_in_flight", ""},
      {"sm.lsu.mshr_state_machine", ""},
      {"sm.lsu.issue_to_request_cycles", "cycles"},
      {"sm.lsu.instruction_gap_cycles", "cycles"},
      {"sm.lsu.block_bytes", "bytes"},
      {"sm.lsu.response_to_writeback_cycles", "cycles"},
      {"sm.lsu.store_miss_response_cycles", "cycles"},
      {"sm.lsu.l1d_miss_request_cycles", "cycles"},
      {"sm.lsu.l1d_fill_response_cycles", "cycles"},
      {"sm.lsu.fill_blocked_cycles", "cycles"},
      {"sm.lsu.store_reprobe_cycles", "cycles"},
      {"sm.lsu.output_register_waits", ""},
      {"sm.lsu.wshr_entries", ""},
      {"sm.lsu.wshr_release_cycles", "cycles"},
      {"sm.lsu.shared_memory_bytes", "bytes"},
      {"sm.lsu.shared_memory_banks", ""},
      {"sm.lsu.shared_memory_cycles", "cycles"},
      {"sm.l1d.sets", ""},
      {"sm.l1d.ways", ""},
      {"sm.l1d.line_bytes", "bytes"},
      {"sm.l1d.mshr_entries", ""},
      {"sm.l1d.mshr_subentries", ""},
      {"sm.l1d.hit_latency_cycles", "cycles"},
      {"memory.l2.sets", ""},
      {"memory.l2.ways", ""},
      {"memory.l2.line_bytes", "bytes"},
      {"memory.l2.mshr_entries", ""},
      {"memory.l2.mshr_subentries", ""},
      {"memory.l2.hit_latency_cycles", "cycles"},
      {"memory.l2.reports_hits", ""},
      {"memory.l2.request_entries", ""},
      {"memory.l2.input_buffer_entries", ""},
      {"memory.l2.response_interval_cycles", "cycles"},
      {"memory.axi.request_cycles", "cycles"},
      {"memory.axi.read_latency_cycles", "cycles"},
      {"memory.axi.write_latency_cycles", "cycles"},
      {"memory.axi.response_cycles", "cycles"},
      {"memory.axi.write_queue_cycles", "cycles"},
      {"memory.axi.read_gap_cycles", "cycles"},
      {"memory.axi.write_gap_cycles", "cycles"},
      {"memory.axi.beat_bytes", "bytes"},
      {"memory.axi.transactions_in_flight", ""},
      {"gpu.kernel.first_dispatch_cycles", "cycles"},
      {"gpu.kernel.warps_dispatched_per_cycle", ""},
      {"gpu.kernel.last_warp_first", ""},
      {"gpu.kernel.wg_done_cycles", "cycles"},
      {"gpu.kernel.flush_request_cycles", "cycles"},
      {"gpu.kernel.flush_hint_cycles", "cycles"},
      {"gpu.kernel.flush_done_cycles", "cycles"},
      {"gpu.kernel.host_poll_period_cycles", "cycles"},
      {"gpu.kernel.host_poll_offset_cycles", "cycles"},
      {"gpu.kernel.host_poll_read_cycles", "cycles"},
      {"gpu.skip_idle_cycles", ""},
      {"run.ref_compat", ""},
      {"run.max_warp_instructions", "instructions"},
      {"run.schedule", ""},
      {"run.host_threads", "threads"},
      {"run.memcheck", ""},
      {"run.sanitize", ""},
      {"run.sanitize_examples", "findings"},
      {"run.timing", ""},
      {"run.widen_machine", ""},
      {"run.save_case", ""},
      {"run.random_seed", ""},
      {"run.timeline", ""},
      {"run.timeline_from", "cycles"},
      {"run.timeline_to", "cycles"},
      {"run.timeline_slots", ""},
      {"run.timeline_sample_cycles", "cycles"},
      {"run.launch_history", "launches"},
      {"run.events", ""},
  };
  return params;
}

// One row of `ventus config`: the cells under the header's columns.
struct ParamRow {
  std::string value, unit, description;
};

// Splits the aligned table of `ventus config` at the header's column starts.
inline std::map<std::string, ParamRow> parse_config_table(const std::string& text) {
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
inline std::map<std::string, std::string> read_machine_file(const fs::path& path) {
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
inline bool parse_summary(const std::string& line, Summary& s) {
  static const std::regex pattern(
      R"(: (\d+) work-groups?, (\d+) warps?, (\d+) warp-instructions, (\d+) thread-instructions)");
  std::smatch m;
  if (!std::regex_search(line, m, pattern)) return false;
  s = {std::stoull(m[1]), std::stoull(m[2]), std::stoull(m[3]), std::stoull(m[4])};
  return true;
}

// The value cell of the first row of a --stats table whose name is `name`.
inline std::string stats_cell(const std::string& table, const std::string& name) {
  for (const std::string& line : lines_of(table)) {
    const auto words = words_of(line);
    if (words.size() >= 2 && words[0] == name) return words[1];
  }
  return {};
}

inline uint64_t element_sum(const json& vector) {
  uint64_t sum = 0;
  for (const auto& [key, value] : vector.items()) {
    if (key != "total") sum += value.get<uint64_t>();
  }
  return sum;
}

inline size_t element_count(const json& vector) {
  return vector.size() - (vector.contains("total") ? 1 : 0);
}

// The functional statistics of src/functional/functional_stats.cpp with their kinds.
inline const std::map<std::string, std::string>& functional_stat_kinds() {
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

// Every statistic is described, and only those; the functional ones have their kind, and
// a vector's "total" is the sum of its elements.
inline void check_stat_descriptions(const json& stats, const json& info) {
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
}

// Instruction counts: lanes per instruction, one per-SM element per SM with totals equal to
// the global counters, the mix adding up.
inline void check_instruction_totals(const json& stats, uint64_t sm_count,
                                     uint64_t threads_per_warp) {
  const uint64_t work_groups = stats.at("functional.work_groups").get<uint64_t>();
  const uint64_t warp_instructions = stats.at("functional.warp_instructions").get<uint64_t>();
  const uint64_t thread_instructions = stats.at("functional.thread_instructions").get<uint64_t>();
  EXPECT_GT(warp_instructions, 0u);
  EXPECT_LE(thread_instructions, warp_instructions * threads_per_warp);
  EXPECT_NEAR(stats.at("functional.threads_per_instruction").get<double>(),
              static_cast<double>(thread_instructions) / static_cast<double>(warp_instructions),
              1e-9);
  const json& sm_groups = stats.at("functional.sm_work_groups");
  const json& sm_instructions = stats.at("functional.sm_warp_instructions");
  EXPECT_EQ(element_count(sm_groups), sm_count);
  EXPECT_EQ(element_count(sm_instructions), sm_count);
  EXPECT_EQ(sm_groups.at("total").get<uint64_t>(), work_groups);
  EXPECT_EQ(sm_instructions.at("total").get<uint64_t>(), warp_instructions);
  EXPECT_EQ(stats.at("functional.instructions_by_unit").at("total").get<uint64_t>(),
            warp_instructions);
}

// Memory spaces are all listed; control counters are consistent with each other.
inline void check_memory_and_control(const json& stats) {
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
}

// The distribution is sampled once per work-group, with its instructions.
inline void check_group_distribution(const json& stats) {
  const uint64_t work_groups = stats.at("functional.work_groups").get<uint64_t>();
  const json& per_group = stats.at("functional.instructions_per_work_group");
  EXPECT_EQ(per_group.at("count").get<uint64_t>(), work_groups);
  EXPECT_EQ(per_group.at("sum").get<uint64_t>(),
            stats.at("functional.warp_instructions").get<uint64_t>());
  EXPECT_LE(per_group.at("min").get<uint64_t>(), per_group.at("max").get<uint64_t>());
  uint64_t bucketed =
      per_group.at("underflow").get<uint64_t>() + per_group.at("overflow").get<uint64_t>();
  for (const json& bucket : per_group.at("buckets")) bucketed += bucket.get<uint64_t>();
  EXPECT_EQ(bucketed, work_groups);
}

// What holds for every launch object of a statistics document, whatever ran.
inline void check_launch_object(const json& launch, uint64_t sm_count, uint64_t threads_per_warp) {
  SCOPED_TRACE(launch.value("kernel", "?"));
  ASSERT_TRUE(launch.contains("kernel") && launch.at("kernel").is_string());
  ASSERT_TRUE(launch.contains("stats") && launch.at("stats").is_object());
  ASSERT_TRUE(launch.contains("stat_info") && launch.at("stat_info").is_object());
  const json& stats = launch.at("stats");
  check_stat_descriptions(stats, launch.at("stat_info"));
  check_instruction_totals(stats, sm_count, threads_per_warp);
  check_memory_and_control(stats);
  check_group_distribution(stats);
}

inline json read_stats_document(const fs::path& path) {
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

inline std::string add_scaled_command(const std::string& global, const std::string& local,
                                      const std::string& a, const std::string& b,
                                      uint32_t out_bytes) {
  return "run " + quoted(source_path("tests/runtime_kernels/add_scaled.s")) +
         " --kernel add_scaled --global " + global + " --local " + local + " --arg buf:in:" + a +
         " --arg buf:in:" + b + " --arg buf:out:c.bin:" + std::to_string(out_bytes) +
         " --arg i32:2";
}

// Writes n-element inputs a = 1..n, b = 10, 20, ... for add_scaled (a16.txt, b16.txt).
inline void write_inputs(const ToolSandbox& box, unsigned n) {
  std::string a, b;
  for (unsigned i = 1; i <= n; ++i) {
    a += std::to_string(i) + "\n";
    b += std::to_string(10 * i) + "\n";
  }
  box.write_text("a16.txt", a);
  box.write_text("b16.txt", b);
}

inline std::string add_scaled_8() {
  return add_scaled_command("8", "8", quoted(source_path("tests/runtime_kernels/a.txt")),
                            quoted(source_path("tests/runtime_kernels/b.txt")), 32);
}

}  // namespace ventus::testing::sim_cli
