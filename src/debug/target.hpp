// The debug target (DESIGN.md §6): a launch driver that runs the work-groups in the burst
// scheduler's order one warp-instruction at a time, stopping at breakpoints, watchpoints,
// single steps, interrupts, GPU events and faults, and hands every stop to a front end
// (the GDB stub or the `ventus debug` prompt). Threads are warps.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "functional/burst_driver.hpp"
#include "functional/launch.hpp"

namespace ventus::debug {

enum class WatchKind : uint8_t { Write, Read, Access };

struct Watchpoint {
  uint32_t addr = 0;
  uint32_t length = 0;
  WatchKind kind = WatchKind::Write;
};

// GPU events a stop can be asked for (`monitor break-on`).
struct BreakOn {
  bool barrier = false;     // a warp arrived at a barrier
  bool divergence = false;  // a vector branch pushed a SIMT-stack entry
  bool endprg = false;      // a warp ended
};

enum class StopKind : uint8_t {
  Start,       // before the first instruction
  Breakpoint,  // before the instruction at a breakpoint
  Watchpoint,  // after an access to a watched address
  Step,        // after a single step
  Interrupt,   // the front end asked (Ctrl-C)
  Event,       // a BreakOn event, after the instruction
  Fault,       // a guest fault (the launch ends on the next resume)
  Ended,       // every work-group ran to its end
};

struct Stop {
  StopKind kind = StopKind::Start;
  uint32_t thread = 0;      // the warp (thread id) the stop is about; 0 after the end
  uint32_t watch_addr = 0;  // Watchpoint: the accessed address that matched
  WatchKind watch_kind = WatchKind::Write;
  std::string note;  // Event: what happened; Fault: the fault's message
  std::optional<functional::Fault> fault;
};

// A warp by thread id: thread = linear group id · numw + warp index + 1.
struct WarpRef {
  functional::WorkGroup* group = nullptr;
  unsigned warp = 0;
  explicit operator bool() const { return group != nullptr; }
  const functional::WarpState& state() const { return group->warps()[warp]; }
};

class Target;

// What the front end wants after a stop.
struct Resume {
  enum class Kind : uint8_t { Continue, Step, Kill, Detach } kind = Kind::Continue;
  uint32_t thread = 0;  // Step: the warp to step; Continue: the only warp to run (0: all)
};

class FrontEnd {
 public:
  virtual ~FrontEnd() = default;
  // The target stopped; inspect it and say how to go on. Not called after Ended.
  virtual Resume on_stop(Target& target, const Stop& stop) = 0;
  // The launch ended (Ended) or ends with a fault or a kill.
  virtual void on_end(const Stop& stop) = 0;
  // Polled while running; true stops with StopKind::Interrupt.
  virtual bool interrupted() = 0;
};

class Target {
 public:
  explicit Target(functional::Launch& launch);
  ~Target();
  Target(const Target&) = delete;
  Target& operator=(const Target&) = delete;

  // The launch driver: runs to the end, calling `front` at every stop.
  std::optional<functional::Fault> run(FrontEnd& front);

  // Threads: every warp of every resident work-group, by thread id.
  std::vector<uint32_t> threads();
  WarpRef find(uint32_t thread);
  uint32_t thread_of(const functional::WorkGroup& group, unsigned warp) const;
  const functional::LaunchConfig& config() const { return launch_.config(); }
  unsigned sm_of(const functional::WorkGroup& group) const { return launch_.sm_of(group); }

  // Breakpoints (by pc) and watchpoints; false when there is none to remove.
  void add_breakpoint(uint32_t pc) { breakpoints_.insert(pc); }
  bool remove_breakpoint(uint32_t pc) { return breakpoints_.erase(pc) != 0; }
  const std::set<uint32_t>& breakpoints() const { return breakpoints_; }
  void add_watchpoint(const Watchpoint& w) { watchpoints_.push_back(w); }
  bool remove_watchpoint(const Watchpoint& w);
  void clear_watchpoints() { watchpoints_.clear(); }
  BreakOn& break_on() { return break_on_; }

  // Memory as the warp `thread` sees it (its group's local window; with the lane in focus,
  // private memory through kPrivateWindow). False when some byte is unmapped.
  bool read_memory(uint32_t thread, uint32_t addr, std::span<uint8_t> out);
  bool write_memory(uint32_t thread, uint32_t addr, std::span<const uint8_t> data);
  unsigned lane_focus() const { return lane_focus_; }
  void set_lane_focus(unsigned lane) { lane_focus_ = lane; }

 private:
  class AccessWatch;  // target.cpp: the commit-record observer that matches watchpoints
  using Driver = functional::Driver<functional::CommitPolicy>;

  void fill_slots();
  functional::WorkGroup* front_group();
  std::optional<Stop> next_warp(WarpRef& next);
  Stop run_until_stop(const Resume& resume);
  std::optional<Stop> step_warp(WarpRef ref, bool check_breakpoint);
  Stop fault_stop(functional::Fault fault, uint32_t thread);
  std::optional<Stop> event_stop(WarpRef ref, const functional::StepResult& result) const;
  bool translate_private(uint32_t thread, uint32_t& addr);

  functional::Launch& launch_;
  std::set<uint32_t> breakpoints_;
  std::vector<Watchpoint> watchpoints_;
  BreakOn break_on_;
  unsigned lane_focus_ = 0;
  bool detached_ = false;
  // The burst scheduler's position: the warp of the front group and what is left of its burst.
  unsigned cursor_warp_ = 0;
  uint64_t cursor_left_ = 0;
  uint32_t cursor_group_ = UINT32_MAX;
  // Warps (thread -> pc) that stopped at a pc: their next instruction there does not report
  // its breakpoint again (GDB's step over a breakpoint).
  std::map<uint32_t, uint32_t> passing_;
  uint64_t polls_ = 0;
  FrontEnd* front_ = nullptr;
  std::unique_ptr<AccessWatch> watch_;
  std::unique_ptr<Driver> driver_;
};

// Addresses at and above this one show the focused lane's private memory (byte offset from
// its private base, the tp-relative address of ISA.md §5.11) to the debugger.
inline constexpr uint32_t kPrivateWindow = 0xf0000000u;

}  // namespace ventus::debug
