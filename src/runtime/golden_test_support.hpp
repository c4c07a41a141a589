// The reference cases and planted mismatches the golden model's tests and bench share.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "trace/commit_log_parser.hpp"

namespace ventus::golden::testing {

// Every case under $VENTUS_REFERENCE_DIR/cases (else the build's reference directory) that
// has ref-logs, with its launches in cases.ini order that have a log.
struct RefCase {
  std::filesystem::path dir;
  std::vector<std::string> launches;
};
std::vector<RefCase> reference_cases();
// The launches a case folder's cases.ini names (Files=), in its order.
std::vector<std::string> case_launches(const std::filesystem::path& dir);

enum class PlantKind {
  kRegisterValue,
  kStoreAddress,
  kStoreValue,
  kLaneMask,
  kSkip,
  kBranchTarget
};
inline constexpr PlantKind kAllPlantKinds[] = {PlantKind::kRegisterValue, PlantKind::kStoreAddress,
                                               PlantKind::kStoreValue,    PlantKind::kLaneMask,
                                               PlantKind::kSkip,          PlantKind::kBranchTarget};
const char* plant_name(PlantKind kind);

// One planted change of a log's text: the edited text and where the model must report it:
// `first_line`..`last_line` (1-based; 0 = the end of the records). Only a skipped instruction
// leaves a range: its warp's next record, or an earlier record whose warp saw its effect.
struct Planting {
  std::string text;
  uint32_t first_line = 0;
  uint32_t last_line = 0;
};

// Plants a random change of `kind` into `log` (parsed from `text`); nullopt when the log has
// no place for it.
std::optional<Planting> plant(const std::string& text, const trace::ParsedLog& log, PlantKind kind,
                              std::mt19937& rng);

}  // namespace ventus::golden::testing
