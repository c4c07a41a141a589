// Reading the cycle figures of `ventus --timing` output (issue 10, docs/timing.md): the
// "N cycles, IPC x" of a launch or total line, and what a timed launch object holds.
#pragma once

#include <optional>
#include <regex>
#include <string>

#include "sim_cli_support.hpp"

namespace ventus::testing::sim_cli {

// "..., N cycles, IPC x" at the end of a launch line (or after "total: ").
struct Cycles {
  uint64_t cycles = 0;
  double ipc = 0;
};

inline std::optional<Cycles> parse_cycles(const std::string& line) {
  static const std::regex pattern(R"((\d+) cycles, IPC (\d+\.\d+)$)");
  std::smatch m;
  if (!std::regex_search(line, m, pattern)) return std::nullopt;
  return Cycles{std::stoull(m[1]), std::stod(m[2])};
}

// The figures of the "total: N cycles, IPC x" line; fails the test when there is none.
inline Cycles total_line(const std::string& out) {
  for (const std::string& line : lines_of(out)) {
    if (line.rfind("total: ", 0) != 0) continue;
    const auto c = parse_cycles(line);
    EXPECT_TRUE(c.has_value()) << line;
    return c.value_or(Cycles{});
  }
  ADD_FAILURE() << "no total line in\n" << out;
  return {};
}

// IPC is warp-instructions per cycle, printed with three decimals.
inline void expect_ipc(const Cycles& c, uint64_t warp_instructions) {
  ASSERT_GT(c.cycles, 0u);
  EXPECT_NEAR(c.ipc, static_cast<double>(warp_instructions) / static_cast<double>(c.cycles),
              0.0005);
}

// A launch object of a timing run: "cycles" and the timing.* counters of the cycle model.
inline void expect_timed_launch(const json& launch, uint64_t cycles) {
  ASSERT_TRUE(launch.contains("cycles")) << launch.dump();
  EXPECT_EQ(launch.at("cycles").get<uint64_t>(), cycles);
  const json& stats = launch.at("stats");
  EXPECT_EQ(stats.at("timing.cycles").get<uint64_t>(), cycles);
  // Every warp-instruction the functional core executed was issued by the model, but for the
  // regext prefixes, which the decoder folds into the next instruction (TIMING.md §12).
  EXPECT_EQ(stats.at("timing.issued").get<uint64_t>(),
            stats.at("functional.warp_instructions").get<uint64_t>() -
                stats.at("functional.instructions_by_unit").at("prefix").get<uint64_t>());
  EXPECT_TRUE(stats.contains("timing.memory.port.reads"));
  EXPECT_TRUE(stats.contains("timing.sm0.issued"));
}

}  // namespace ventus::testing::sim_cli
