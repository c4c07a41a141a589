// Engine-wide types: run options, the observer interface and stopping faults.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>

#include "functional/exec_context.hpp"
#include "functional/executed_instr.hpp"
#include "functional/memcheck.hpp"
#include "functional/progress.hpp"
#include "functional/sanitize/global_definedness.hpp"
#include "functional/sanitize/sanitize_checks.hpp"
#include "functional/schedule.hpp"
#include "functional/trap.hpp"
#include "isa/profile.hpp"

namespace ventus::functional {

// A warp announced a printf message by writing CSR_PRINT (ISA.md §7.7, docs/printf.md).
struct PrintRequest {
  uint32_t group = 0;                  // linear work-group id
  std::array<uint32_t, 3> group_id{};  // work-group id x, y, z
  unsigned warp = 0;                   // warp index in the work-group (CSR_WID)
  uint32_t value = 0;                  // the value written to CSR_PRINT
};

// Run options of the functional engine (the machine is MachineShape).
// What the parallel burst scheduler did in a launch (docs/host-threads.md), for tests and
// tuning; it never changes a result.
struct SpeculationCounts {
  uint64_t batches = 0;
  uint64_t chunks = 0;        // chunks speculated on the threads
  uint64_t chunk_groups = 0;  // work-groups in those chunks
  uint64_t reruns = 0;        // chunks run again because an earlier chunk wrote what they read
  uint64_t alone = 0;         // work-groups run alone on global memory (a stop, or serial)
};

class SpeculationStorage;  // functional/parallel_bursts.hpp

struct EngineOptions {
  Mode mode = Mode::Default;
  // The ISA profile the code is decoded in (ISA.md §5.12).
  isa::Profile profile = isa::kDefaultProfile;
  Schedule schedule = Schedule::Burst;
  // Accesses outside every buffer (docs/memcheck.md). The engine's default is strict; the
  // tools and the runtime default to report (run.memcheck).
  Memcheck memcheck = Memcheck::Strict;
  // Sanitizers (docs/sanitizers.md): race, init and sync observe every record (one host
  // thread); memcheck makes an off policy report. Default mode only.
  SanitizeOptions sanitize;
  // init of global memory (docs/sanitizers.md): which global bytes hold data, kept by the
  // caller from launch to launch. A launch the init check follows adds the bytes it stored;
  // any other launch may have stored anywhere and defines them all. Null: not checked.
  sanitize::GlobalDefinedness* defined_global = nullptr;
  uint64_t random_seed = 1;
  uint32_t random_live_groups = 16;
  uint64_t max_warp_instructions = 0;  // per launch; 0 = no limit
  uint32_t tohost_addr = 0x80001000u;  // --ref-compat: a store making it non-zero ends the group
  // Default mode: instructions one warp runs before the next warp gets its turn. Only
  // matters for kernels that race between warps without a barrier.
  uint32_t burst_instructions = 1u << 14;
  // Default mode, burst schedule, no observer: host threads that run work-groups at once,
  // with the results of running them one after another (docs/host-threads.md); 0 = every
  // core of the host, 1 = the calling thread only.
  uint32_t host_threads = 1;
  // When set, the parallel scheduler adds to it what it did.
  SpeculationCounts* speculation = nullptr;
  // When set, the parallel scheduler keeps its overlays there from launch to launch.
  SpeculationStorage* speculation_storage = nullptr;
  // Default mode: the driver calls it on a warp's Print event (a non-zero CSR_PRINT write)
  // before that warp steps again; CSR_PRINT is already cleared (the host drained it).
  std::function<void(const PrintRequest&)> on_print;
  // Set: told the launch's progress (functional/progress.hpp), for a progress line.
  ProgressObserver on_progress;
};

// REF's trap entry (ISA.md §2.5): reported to the observer so the log shows
// `exception <name>, epc`, `tval`, `>>>>  <handler symbol>`.
struct RefTrapEvent {
  unsigned warp = 0;
  uint32_t pc = 0;
  uint32_t word = 0;
  const char* ref_name = "";  // e.g. "trap_store_access_fault"
  bool has_tval = false;
  uint32_t tval = 0;
  uint32_t handler_pc = 0;  // mtvec
};

// Sees every retired warp-instruction when attached (DESIGN.md §2.2). A run without an
// observer builds no ExecutedInstr at all.
class ExecObserver {
 public:
  virtual ~ExecObserver() = default;
  virtual void on_group_start(uint32_t group_linear_id) = 0;
  // About to execute (REF prints the disassembly line before execution).
  virtual void on_retire(const ExecutedInstr& record) = 0;
  virtual void on_ref_trap(const RefTrapEvent& event) = 0;
};

// A guest fault that stopped the launch, with where it happened (DESIGN.md §2.7).
struct Fault {
  TrapKind kind = TrapKind::None;
  std::string kernel;
  uint32_t group = 0;
  uint32_t group_id[3] = {0, 0, 0};
  unsigned warp = 0;
  LaneMask mask = 0;
  uint32_t pc = 0;
  uint32_t word = 0;
  bool has_word = false;
  isa::Profile profile = isa::kDefaultProfile;  // the word's profile, for its disassembly
  std::string detail;
  // "kernel 'k': work-group 0 (0,0,0), warp 1, thread mask 0x0000ffff, pc 0x80000168
  //  [lw a0, 12(a0)]: access fault: <detail>"
  std::string message() const;
};

}  // namespace ventus::functional
