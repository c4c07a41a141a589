// ExecutedInstr -> trace::CommitRecord in REF's item conventions (ISA.md §10.2), and the
// observer that writes a launch's commit log.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "functional/engine.hpp"
#include "functional/executed_instr.hpp"
#include "trace/commit_log_writer.hpp"
#include "trace/commit_record.hpp"

namespace ventus::runner {

// Fills `out` (cleared first) from one executed warp-instruction of a warp of `numt`
// threads: REF disassembly; register/CSR writes collapsed per register (REF keeps a map, so
// the last value wins) and listed in reverse order of first write; the ` e32 m1 lN` header
// right before the first vector register (or after the other items when none is written);
// the SIMT dump top first; reads, then writes.
void to_commit_record(const functional::ExecutedInstr& in, uint32_t numt, trace::CommitRecord& out);

// Names the trap handler in REF's `>>>>  <symbol>` line; nullopt prints no such line.
using SymbolNamer = std::function<std::optional<std::string>(uint32_t address)>;

class CommitLogObserver final : public functional::ExecObserver {
 public:
  CommitLogObserver(trace::CommitLogWriter& writer, uint32_t numt, SymbolNamer namer)
      : writer_(writer), numt_(numt), namer_(std::move(namer)) {}

  void on_group_start(uint32_t) override { writer_.reset_harts(); }
  void on_retire(const functional::ExecutedInstr& record) override;
  void on_ref_trap(const functional::RefTrapEvent& event) override;

 private:
  trace::CommitLogWriter& writer_;
  uint32_t numt_;
  SymbolNamer namer_;
  trace::CommitRecord record_;
};

}  // namespace ventus::runner
