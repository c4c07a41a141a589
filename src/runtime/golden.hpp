// GoldenModel: the C++ API of the golden model (docs/golden.md). It checks another
// implementation of a launch instruction by instruction: fed the commit records (ISA.md §10,
// the trace layer's LogEntry that logdiff compares) of the warps it retired, in any legal
// interleaving, it steps the same warp of its own functional machine and reports the first
// record that differs. The C ABI over it is include/ventus/golden.h.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "common/result.hpp"
#include "functional/engine.hpp"
#include "trace/commit_log_parser.hpp"

namespace ventus::golden {

// Records of implementations that do not reproduce REF's log conventions leave parts out:
// a part a record does not carry is then not compared.
struct CompareScope {
  bool vector_header = true;  // REF's ` e32 m1 lN` item
  bool simt_dump = true;      // REF's SIMT stack dump after vbranch/join/setrpc
  bool mem_reads = true;      // the addresses loads read
};

// The first record that differs from the model, or the reason a record cannot be checked.
struct Mismatch {
  uint64_t position = 0;  // 1-based index of the record among those fed
  uint32_t line = 0;      // the record's line in its log (LogEntry::first_line), 0 = none
  uint32_t group = 0;     // linear work-group id
  uint32_t warp = 0;
  uint32_t pc = 0;  // the pc the model expected the warp at
  // What differs, one item per line, "expected ..., actual ..." with the register or
  // address and lane (e.g. "v3 lane 5: expected 0x00000004, actual 0x00000008").
  std::string description;
};

// The launch to check: a test-case directory (ISA.md §9: cases.ini, .metadata, .data,
// object.riscv) and one of its launches; the launches before it in cases.ini run first on
// the model's memory, as the case runner runs them.
struct CaseLaunch {
  std::filesystem::path dir;
  std::string launch;
  functional::Mode mode = functional::Mode::Default;
  std::string config_path;  // TOML machine description ("" = the defaults)
};

// Sequential feeding: REF runs one work-group at a time and its records name no group.
inline constexpr uint32_t kCurrentGroup = UINT32_MAX;

class GoldenModel {
 public:
  static Result<std::unique_ptr<GoldenModel>> open_case(const CaseLaunch& launch);
  virtual ~GoldenModel() = default;

  // Checks one retired instruction (EntryKind::kCommit) or trap report (kTrap) of warp
  // entry.hart() of work-group `group` (kCurrentGroup: the group after the one that ended,
  // or the one running). nullopt: it matches. After a mismatch every call returns it again.
  virtual std::optional<Mismatch> feed(const trace::LogEntry& entry,
                                       uint32_t group = kCurrentGroup) = 0;
  // The records ended: a mismatch when a warp or work-group has not run to its end.
  virtual std::optional<Mismatch> finish() = 0;
  virtual void set_scope(const CompareScope& scope) = 0;
  virtual uint64_t fed() const = 0;
  virtual uint32_t threads_per_warp() const = 0;
};

// Feeds every commit and trap entry of `log` in file order (REF's sequential groups), then
// finish(): the first mismatch, or nullopt when the log is the model's.
std::optional<Mismatch> check_log(GoldenModel& model, const trace::ParsedLog& log);

}  // namespace ventus::golden
