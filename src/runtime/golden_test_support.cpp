// Reference cases and planted log changes for the golden model's tests and bench: plantings
// edit the log text (lines keep their numbers: a skipped instruction's lines become blank).
#include "runtime/golden_test_support.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>

namespace ventus::golden::testing {

namespace {

using trace::EntryKind;
using trace::LogEntry;

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

// The entry of the same warp after entries[i], or -1.
long next_of_warp(const std::vector<LogEntry>& entries, size_t i) {
  for (size_t k = i + 1; k < entries.size(); ++k) {
    const LogEntry& e = entries[k];
    if (e.kind == EntryKind::kDisassembly || e.kind == EntryKind::kExecuted) continue;
    if (e.hart() == entries[i].hart()) return static_cast<long>(k);
  }
  return -1;
}

// Rewrites the hex field `group` of the first match of `pattern` in the line with `change`.
std::optional<Planting> edit_field(const std::string& text, const trace::ParsedLog& log,
                                   const std::regex& pattern, int group, uint64_t flip,
                                   std::mt19937& rng) {
  auto lines = split_lines(text);
  std::vector<uint32_t> candidates;
  for (const LogEntry& e : log.entries()) {
    if (e.kind == EntryKind::kCommit && std::regex_search(lines[e.first_line - 1], pattern)) {
      candidates.push_back(e.first_line);
    }
  }
  if (candidates.empty()) return std::nullopt;
  const uint32_t line =
      candidates[std::uniform_int_distribution<size_t>(0, candidates.size() - 1)(rng)];
  std::smatch m;
  std::string& target = lines[line - 1];
  std::regex_search(target, m, pattern);
  const std::string field = m[group].str();
  const uint64_t value = std::stoull(field, nullptr, 16) ^ flip;
  const std::string edited = fmt::format("{:0{}x}", value, field.size());
  target.replace(static_cast<size_t>(m.position(group)), field.size(), edited);
  return Planting{join_lines(lines), line, line};
}

std::optional<Planting> skip_instruction(const std::string& text, const trace::ParsedLog& log,
                                         std::mt19937& rng) {
  const auto& entries = log.entries();
  std::vector<std::pair<size_t, size_t>> candidates;  // (skipped, its warp's next)
  for (size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].kind != EntryKind::kCommit) continue;
    const long n = next_of_warp(entries, i);
    if (n >= 0 && entries[n].kind == EntryKind::kCommit &&
        entries[n].record.pc != entries[i].record.pc) {
      candidates.emplace_back(i, static_cast<size_t>(n));
    }
  }
  if (candidates.empty()) return std::nullopt;
  const auto [i, n] =
      candidates[std::uniform_int_distribution<size_t>(0, candidates.size() - 1)(rng)];
  auto lines = split_lines(text);
  const LogEntry& e = entries[i];
  for (uint32_t k = 0; k < e.line_count; ++k) lines[e.first_line - 1 + k].clear();
  // Its disassembly line (REF prints it before executing) goes too.
  for (size_t k = i; k-- > 0;) {
    if (entries[k].hart() != e.hart() || entries[k].kind != EntryKind::kDisassembly) continue;
    if (entries[k].record.pc == e.record.pc) lines[entries[k].first_line - 1].clear();
    break;
  }
  return Planting{join_lines(lines), e.first_line, entries[n].first_line};
}

std::optional<Planting> wrong_branch_target(const std::string& text, const trace::ParsedLog& log,
                                            std::mt19937& rng) {
  const auto& entries = log.entries();
  std::vector<size_t> targets;  // the record after a taken branch or jump
  for (size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].kind != EntryKind::kCommit) continue;
    const long n = next_of_warp(entries, i);
    if (n >= 0 && entries[n].kind == EntryKind::kCommit &&
        entries[n].record.pc != entries[i].record.pc + 4) {
      targets.push_back(static_cast<size_t>(n));
    }
  }
  if (targets.empty()) return std::nullopt;
  const size_t n = targets[std::uniform_int_distribution<size_t>(0, targets.size() - 1)(rng)];
  auto lines = split_lines(text);
  std::string& line = lines[entries[n].first_line - 1];
  const std::string pc = fmt::format("0x{:08x}", entries[n].record.pc);
  const size_t at = line.find(pc);
  if (at == std::string::npos) return std::nullopt;
  // The branch's fall-through: the target the branch should not have gone to.
  long before = -1;
  for (size_t k = n; k-- > 0;) {
    if (entries[k].kind == EntryKind::kCommit && entries[k].hart() == entries[n].hart()) {
      before = static_cast<long>(k);
      break;
    }
  }
  if (before < 0) return std::nullopt;
  line.replace(at, pc.size(), fmt::format("0x{:08x}", entries[before].record.pc + 4));
  return Planting{join_lines(lines), entries[n].first_line, entries[n].first_line};
}

}  // namespace

std::vector<std::string> case_launches(const std::filesystem::path& dir) {
  std::vector<std::string> launches;
  std::ifstream ini(dir / "cases.ini");
  for (std::string line; std::getline(ini, line);) {
    if (!line.starts_with("Files=")) continue;
    std::stringstream names(line.substr(6));
    for (std::string name; std::getline(names, name, ',');) {
      std::erase_if(name, [](char ch) { return ch == '\r' || ch == ' '; });
      if (!name.empty()) launches.push_back(name);
    }
  }
  return launches;
}

std::vector<RefCase> reference_cases() {
  const char* env = std::getenv("VENTUS_REFERENCE_DIR");
  const std::filesystem::path root =
      std::filesystem::path(env != nullptr && *env != '\0' ? env : VENTUS_REFERENCE_DIR) / "cases";
  std::vector<RefCase> cases;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(root, error)) {
    RefCase c{entry.path(), case_launches(entry.path())};
    std::erase_if(c.launches, [&](const std::string& name) {
      return !std::filesystem::exists(c.dir / "ref-logs" / (name + ".log"));
    });
    if (!c.launches.empty()) cases.push_back(std::move(c));
  }
  std::sort(cases.begin(), cases.end(),
            [](const RefCase& a, const RefCase& b) { return a.dir < b.dir; });
  return cases;
}

const char* plant_name(PlantKind kind) {
  switch (kind) {
    case PlantKind::kRegisterValue:
      return "wrong register value";
    case PlantKind::kStoreAddress:
      return "wrong store address";
    case PlantKind::kStoreValue:
      return "wrong store value";
    case PlantKind::kLaneMask:
      return "wrong lane mask";
    case PlantKind::kSkip:
      return "skipped instruction";
    case PlantKind::kBranchTarget:
      return "wrong branch target";
  }
  return "?";
}

std::optional<Planting> plant(const std::string& text, const trace::ParsedLog& log, PlantKind kind,
                              std::mt19937& rng) {
  static const std::regex reg(R"( x\d+ +0x([0-9a-f]{8}))");
  static const std::regex store(R"(mem 0x([0-9a-f]{8}) 0x([0-9a-f]+))");
  static const std::regex mask(R"( v\d+ +([0-9a-f]{8}) 0x)");
  switch (kind) {
    case PlantKind::kRegisterValue:
      return edit_field(text, log, reg, 1, 0x1, rng);
    case PlantKind::kStoreAddress:
      return edit_field(text, log, store, 1, 0x100, rng);
    case PlantKind::kStoreValue:
      return edit_field(text, log, store, 2, 0x1, rng);
    case PlantKind::kLaneMask:
      return edit_field(text, log, mask, 1, 0x1, rng);
    case PlantKind::kSkip:
      return skip_instruction(text, log, rng);
    case PlantKind::kBranchTarget:
      return wrong_branch_target(text, log, rng);
  }
  return std::nullopt;
}

}  // namespace ventus::golden::testing
