// ExecutedInstr -> trace::CommitRecord in REF's item conventions (ISA.md §10.2), and the
// observer that writes a launch's commit log.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "functional/engine.hpp"
#include "functional/executed_instr.hpp"
#include "trace/commit_log_writer.hpp"
#include "trace/commit_record.hpp"

namespace ventus::runner {

// Fills `out` (cleared first) from one executed warp-instruction of a warp of `numt`
// threads: REF disassembly; register/CSR writes collapsed per register (REF keeps a map, so
// the last value wins) and listed in reverse order of first write; the ` e32 m1 lN` header
// right before the first vector register (or after the other items when none is written);
// the SIMT dump top first; reads (twice when an f register is written: REF evaluates the
// value of WRITE_FREG twice, so `flw` logs its load twice), then writes. `stk_npc` is the warp's
// value of REF's "last pc computed by a SIMT push or pop" (SimtNpcTracker) that SIMT rows print.
// `disassembly` false leaves out.disassembly empty (a comparison that never prints it).
void to_commit_record(const functional::ExecutedInstr& in, uint32_t numt, uint32_t stk_npc,
                      trace::CommitRecord& out, bool disassembly = true);

// REF's per-hart npc of the SIMT stack (ISA.md §10.2): every vbranch sets it to its next
// pc, a join that pops to the else pc; other instructions leave it as it was.
class SimtNpcTracker {
 public:
  void reset() { npc_.clear(); }
  // Updates warp `in.warp`'s value with `in` and returns it.
  uint32_t update(const functional::ExecutedInstr& in);

 private:
  std::vector<uint32_t> npc_;
};

// Names the trap handler in REF's `>>>>  <symbol>` line; nullopt prints no such line.
using SymbolNamer = std::function<std::optional<std::string>(uint32_t address)>;

class CommitLogObserver final : public functional::ExecObserver {
 public:
  CommitLogObserver(trace::CommitLogWriter& writer, uint32_t numt, SymbolNamer namer)
      : writer_(writer), numt_(numt), namer_(std::move(namer)) {}

  void on_group_start(uint32_t) override {
    writer_.reset_harts();
    simt_npc_.reset();
  }
  void on_retire(const functional::ExecutedInstr& record) override;
  void on_ref_trap(const functional::RefTrapEvent& event) override;

 private:
  trace::CommitLogWriter& writer_;
  uint32_t numt_;
  SymbolNamer namer_;
  SimtNpcTracker simt_npc_;
  trace::CommitRecord record_;
};

}  // namespace ventus::runner
