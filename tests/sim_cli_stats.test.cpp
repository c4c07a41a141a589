// --stats and --stats-json of ventus run and case: tables and documents agree with the
// summary lines, the kernels' structure, the configuration and cases.ini.
#include "sim_cli_support.hpp"

namespace ventus::testing::sim_cli {
namespace {

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
}  // namespace ventus::testing::sim_cli
