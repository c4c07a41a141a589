// CommitLogWriter: prints CommitRecords as REF's `-l --log-commits` text (ISA.md §10).
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <string_view>
#include <vector>

#include "trace/commit_record.hpp"
#include "trace/log_sink.hpp"

namespace ventus::trace {

// Formats disassembly lines (§10.1) and commit lines (§10.2) exactly as the reference
// simulator does, including its per-hart suppression of repeated disassembly lines and the
// `Executed N times` line. The sink is owned by the caller and must outlive the writer.
class CommitLogWriter {
 public:
  explicit CommitLogWriter(LogSink& sink) : sink_(sink) {}

  // Both lines of one executed instruction: the disassembly line (unless suppressed) and
  // the commit line. REF prints them around the execution of one hart's step, and its
  // round robin runs one step at a time, so they are always adjacent in its logs.
  void write(const CommitRecord& record);

  // The disassembly line alone, printed before execution (§10.1). When (pc, word) equals
  // the hart's previous disassembled instruction nothing is printed and a counter grows;
  // otherwise `Executed N times` comes first if that counter is not 1. REF only prints the
  // count from here, so a repetition at the very end of a run never shows up in the log.
  void write_disassembly(uint32_t hart, uint32_t pc, uint32_t word, std::string_view text);

  // The commit line alone (§10.2), with the SIMT entries on continuation lines.
  void write_commit(const CommitRecord& record);

  // REF's trap report: `exception <name>, epc 0x%08x`, then `tval 0x%08x` when the trap
  // has a value. The trapping instruction has a disassembly line but no commit line.
  void write_trap(uint32_t hart, std::string_view name, uint32_t epc, const uint32_t* tval);

  // REF's `>>>>  <symbol>` marker (seen when a trap enters the `spike_end` handler).
  void write_symbol(uint32_t hart, std::string_view symbol);

  // Forgets every hart's previous instruction, as when REF starts the harts of a new
  // work-group: a pending repetition count is dropped, not printed.
  void reset_harts() { harts_.clear(); }

 private:
  // REF (Spike's processor_t) starts with last_pc = 1, which no instruction can have.
  struct HartState {
    uint32_t last_pc = 1;
    uint32_t last_word = 0;
    uint32_t executions = 1;
  };

  HartState& hart_state(uint32_t hart);
  void append_disassembly(uint32_t hart, uint32_t pc, uint32_t word, std::string_view text);
  void append_commit(const CommitRecord& record);
  void append_reg_items(const CommitRecord& record);
  void append_vector(const CommitRecord& record, const RegItem& item);
  void append_simt(const CommitRecord& record);
  void append_memory(const CommitRecord& record);
  void flush();

  LogSink& sink_;
  std::vector<HartState> harts_;
  fmt::memory_buffer buffer_;
};

}  // namespace ventus::trace
