// What one step records, chosen at compile time (DESIGN.md §2.2): the unobserved path has no
// per-register or per-lane "is anyone recording" test (Spike's fast and logged copies).
#pragma once

namespace ventus::functional {

struct ExecutedInstr;
struct TimingRecord;

// Nothing is recorded: the fast path (functional runs without a log).
struct NoRecord {
  using Record = void;
  static constexpr bool kTiming = false;
  static constexpr bool kCommit = false;
};

// A fixed-size TimingRecord in caller-owned storage: what a cycle model needs.
struct TimingPolicy {
  using Record = TimingRecord;
  static constexpr bool kTiming = true;
  static constexpr bool kCommit = false;
};

// The full ExecutedInstr (register values, memory values, SIMT dump): commit logs.
struct CommitPolicy {
  using Record = ExecutedInstr;
  static constexpr bool kTiming = false;
  static constexpr bool kCommit = true;
};

}  // namespace ventus::functional
