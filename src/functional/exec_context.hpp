// BasicExecContext<Policy>: what a semantics function may touch while executing one
// warp-instruction; the policy decides at compile time what is recorded (record_policy.hpp).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>

#include "functional/executed_instr.hpp"
#include "functional/insn.hpp"
#include "functional/memcheck.hpp"
#include "functional/record_policy.hpp"
#include "functional/timing_record.hpp"
#include "functional/trap.hpp"
#include "functional/warp_state.hpp"
#include "memory/work_group_memory.hpp"

namespace ventus::functional {

// DESIGN.md §3: Default follows ISA.md's "Follow" column; RefCompat reproduces REF quirks.
enum class Mode : uint8_t { Default, RefCompat };

// What an instruction asks of the engine beyond its register/memory effects.
// Print: the warp wrote a non-zero CSR_PRINT (ISA.md §7.7); the host drains the buffer.
enum class WarpEvent : uint8_t { None, Barrier, BarrierSub, Endprg, Print };

// Memory-access counts by address space, kept by the context for the work-group's stats.
// One increment per lane access on the hot path: counts by space and size (1, 2, 4 bytes).
struct AccessCounts {
  uint64_t by_size[4][3] = {};  // [MemSpace][log2 of the size]
  uint64_t accesses(size_t space) const {
    return by_size[space][0] + by_size[space][1] + by_size[space][2];
  }
  uint64_t bytes(size_t space) const {
    return by_size[space][0] + 2 * by_size[space][1] + 4 * by_size[space][2];
  }
};

// How a work-group checks the bounds of its accesses (memcheck.hpp): the policy and the log
// that Report fills.
struct MemcheckSetting {
  Memcheck policy = Memcheck::Strict;
  MemcheckLog* log = nullptr;
};

// Trap values for the cold paths (exec_context.cpp).
Trap misaligned_trap(uint32_t addr, size_t size);

// The lanes `insn` runs on (§2.4): vector rows, the active lanes below vl, and when masked
// by v0.t those whose bit of the RVV bit-packed v0 is set (C19); others, the SIMT mask.
inline LaneMask instruction_lanes(const WarpState& warp, const Insn& insn) {
  if ((insn.traits & trait::kVectorState) == 0) return warp.mask;
  const LaneMask vl_mask = warp.vl >= 32 ? ~0u : ((1u << warp.vl) - 1u);
  LaneMask lanes = warp.mask & vl_mask;
  if (insn.vm == 0) lanes &= warp.v[0].lane[0];
  return lanes;
}

template <class Policy>
class BasicExecContext {
 public:
  using PolicyType = Policy;
  using Record = typename Policy::Record;
  static constexpr bool kCommit = Policy::kCommit;
  static constexpr bool kTiming = Policy::kTiming;

  // `trap` receives the instruction's trap (the work-group keeps it, so a context is cheap
  // to build for every step); it must be clear (kind None) on entry.
  BasicExecContext(WarpState& warp, memory::WorkGroupMemory& memory, Mode mode,
                   AccessCounts& counts, uint32_t private_base, uint32_t private_bytes, Trap& trap,
                   Record* record, MemcheckSetting memcheck = {})
      : warp_(warp),
        memory_(memory),
        mode_(mode),
        counts_(counts),
        private_base_(private_base),
        private_bytes_(private_bytes),
        trap_(trap),
        record_(record),
        memcheck_(memcheck) {}

  WarpState& warp() { return warp_; }
  const WarpState& warp() const { return warp_; }
  memory::WorkGroupMemory& memory() { return memory_; }
  Mode mode() const { return mode_; }
  Record* record() { return record_; }

  // Effective register indices: raw field + 32 * regext prefix (§5.5). The prefix is zero
  // unless the previous instruction was regext/regexti.
  unsigned rd(const Insn& i) const { return i.rd + 32u * warp_.ext.rd; }
  unsigned rs1(const Insn& i) const { return i.rs1 + 32u * warp_.ext.rs1; }
  unsigned rs2(const Insn& i) const { return i.rs2 + 32u * warp_.ext.rs2; }
  unsigned rs3(const Insn& i) const { return i.rs3 + 32u * warp_.ext.rs3; }

  uint32_t x(unsigned index) const { return warp_.x[index]; }
  void set_x(unsigned index, uint32_t value) {
    if (index == 0) return;
    warp_.x[index] = value;
    if constexpr (kCommit) {
      record_->writes.push_back({RegWrite::Kind::X, static_cast<uint16_t>(index), value});
    }
  }
  // Zfinx: f registers are x registers; REF logs them as f writes (§10.2).
  void set_f(unsigned index, uint32_t value) {
    if (index != 0) warp_.x[index] = value;
    if constexpr (kCommit) {
      record_->writes.push_back({RegWrite::Kind::F, static_cast<uint16_t>(index), value});
    }
  }
  VReg& v(unsigned index) { return warp_.v[index]; }
  const VReg& v(unsigned index) const { return warp_.v[index]; }
  // Call after writing vector register `index` so observers see its final value.
  void wrote_v(unsigned index) {
    if constexpr (kCommit) {
      record_->writes.push_back({RegWrite::Kind::V, static_cast<uint16_t>(index), 0});
      record_->vector_values.push_back(warp_.v[index]);
    } else {
      (void)index;
    }
  }
  void note_csr_write(uint16_t number, uint32_t value) {
    if constexpr (kCommit) {
      record_->writes.push_back({RegWrite::Kind::Csr, number, value});
    } else {
      (void)number;
      (void)value;
    }
  }

  // Lanes the instruction processes, fixed by begin() before it executes: for a vector row
  // the SIMT mask, i < vl, and v0 bit i when vm = 0 (§2.4); for any other row the SIMT mask.
  // Computed once, as the engine counts them and every lane loop of the row reads them.
  LaneMask active_lanes() const { return lanes_; }

  // Control flow: the engine sets next_pc = pc + 4 before executing.
  uint32_t next_pc() const { return next_pc_; }
  void set_next_pc(uint32_t pc) { next_pc_ = pc; }
  void signal(WarpEvent event) { event_ = event; }
  WarpEvent event() const { return event_; }

  void raise(TrapKind kind, uint32_t addr = 0, std::string detail = {}) {
    if (!trap_) trap_ = Trap{kind, addr, std::move(detail)};
  }
  const Trap& trap() const { return trap_; }
  void clear_trap() { trap_ = Trap{}; }
  bool trapped() const { return static_cast<bool>(trap_); }

  // Scalar/lane memory access with alignment and mapping checks; false (and a trap) on
  // fault. Memory semantics are two halves (DESIGN.md §2.3): the address is generated by
  // the caller (address-generation half), load/store complete the access.
  // `lane` names the lane of a per-lane access in memcheck reports (-1: scalar).
  template <typename T>
  bool load(uint32_t addr, T& out, int lane = -1) {
    if ((addr & (sizeof(T) - 1)) != 0) [[unlikely]]
      return fail(misaligned_trap(addr, sizeof(T)));
    if (const uint8_t* host = memory_.load_ptr(addr, sizeof(T))) [[likely]] {
      std::memcpy(&out, host, sizeof(T));
    } else if (!checked_load(addr, out, lane)) {
      return false;
    }
    count_access<sizeof(T)>(addr, false);
    if constexpr (kCommit)
      record_->mem.push_back({addr, 0, sizeof(T), false, static_cast<int8_t>(lane)});
    return true;
  }
  template <typename T>
  bool store(uint32_t addr, T value, int lane = -1) {
    if ((addr & (sizeof(T) - 1)) != 0) [[unlikely]]
      return fail(misaligned_trap(addr, sizeof(T)));
    if (uint8_t* host = memory_.store_ptr(addr, sizeof(T))) [[likely]] {
      std::memcpy(host, &value, sizeof(T));
    } else if (!checked_store(addr, value, lane)) {
      return false;
    }
    count_access<sizeof(T)>(addr, true);
    if constexpr (kCommit)
      record_->mem.push_back({addr, value, sizeof(T), true, static_cast<int8_t>(lane)});
    return true;
  }

  // Unit-stride or uniform lanes (semantics/lane_memory.hpp; not under the commit policy,
  // whose record lists every access): `count` accesses of `size` bytes filling
  // [addr, addr + bytes), served by one translation and counted at once. Null when they are
  // not (misaligned, two pages or regions, two address spaces): the caller then goes lane by
  // lane, which finds the fault of the right lane. The timing record's addresses are the
  // caller's (record_lanes).
  const uint8_t* load_span(uint32_t addr, uint32_t bytes, unsigned size, unsigned count) {
    if (!span_countable(addr, bytes, size)) return nullptr;
    const uint8_t* host = memory_.load_ptr(addr, bytes);
    if (host != nullptr) counts_.by_size[static_cast<size_t>(space_of(addr))][size / 2] += count;
    return host;
  }
  uint8_t* store_span(uint32_t addr, uint32_t bytes, unsigned size, unsigned count) {
    if (!span_countable(addr, bytes, size)) return nullptr;
    uint8_t* host = memory_.store_ptr(addr, bytes);
    if (host != nullptr) counts_.by_size[static_cast<size_t>(space_of(addr))][size / 2] += count;
    return host;
  }

  // The timing record's addresses of a warp-wide access that load_span or store_span served:
  // lane i (active, ascending) at first + (i - lowest active lane) * stride, what count_access
  // records lane by lane.
  void record_lanes([[maybe_unused]] LaneMask active, [[maybe_unused]] uint32_t first,
                    [[maybe_unused]] uint32_t stride, [[maybe_unused]] unsigned size) {
    if constexpr (kTiming) {
      TimingRecord& r = *record_;
      const MemSpace space = space_of(first);  // the span lies in one space (span_countable)
      if (r.address_count == 0) r.mem_space = space;
      r.mem_space_mask =
          static_cast<uint8_t>(r.mem_space_mask | (1u << static_cast<size_t>(space)));
      r.access_bytes = static_cast<uint8_t>(size);
      const auto lane0 = static_cast<unsigned>(std::countr_zero(active));
      for (LaneMask m = active; m != 0 && r.address_count < kMaxThreads; m &= m - 1) {
        const auto i = static_cast<unsigned>(std::countr_zero(m));
        r.lane_address[r.address_count++] = first + (i - lane0) * stride;
      }
    }
  }

  // Resets per-instruction outputs and fixes the lanes of `insn`; the engine calls this
  // before each instruction.
  void begin(uint32_t next_pc, const Insn& insn) {
    next_pc_ = next_pc;
    event_ = WarpEvent::None;
    lanes_ = instruction_lanes(warp_, insn);
  }

 private:
  bool fail(Trap trap) {
    if (!trap_) trap_ = std::move(trap);
    return false;
  }

  // The slow path of an access the translation cache could not serve: the checked access,
  // which names the fault, or memcheck's flat-memory access outside every buffer. A
  // speculative run (docs/host-threads.md) stops here and the group runs again alone.
  template <typename T>
  [[gnu::cold]] bool checked_load(uint32_t addr, T& out, int lane) {
    if (speculation_stops(addr)) return false;
    auto value = memory_.read<T>(addr);
    if (value) {
      out = value.value();
    } else if (!outside_buffers(addr, sizeof(T), false, lane, value.fault().message)) {
      return false;
    } else {
      out = memory_.route(addr).store().template read<T>(addr);
    }
    return true;
  }
  template <typename T>
  [[gnu::cold]] bool checked_store(uint32_t addr, T value, int lane) {
    if (speculation_stops(addr)) return false;
    auto status = memory_.write<T>(addr, value);
    if (!status) {
      if (!outside_buffers(addr, sizeof(T), true, lane, status.fault().message)) return false;
      memory_.route(addr).store().template write<T>(addr, value);
    }
    return true;
  }
  // True (the access must not happen) in a speculative run: the checked path reaches global
  // memory directly, not through the overlay, and another thread may be running on it.
  bool speculation_stops(uint32_t addr) {
    if (memory_.overlay() == nullptr) return false;
    memory_.overlay()->abort();
    fail(Trap{TrapKind::AccessFault, addr, "speculative run stopped"});
    return true;
  }

  // An access outside every buffer (docs/memcheck.md): a fault in Strict; else it goes on
  // to flat memory (true), and Report logs it.
  [[gnu::cold]] bool outside_buffers(uint32_t addr, unsigned size, bool is_write, int lane,
                                     const std::string& detail) {
    if (memcheck_.policy == Memcheck::Strict) {
      return fail(Trap{TrapKind::AccessFault, addr, detail});
    }
    if (memcheck_.policy == Memcheck::Report && memcheck_.log != nullptr) {
      memcheck_.log->note(warp_.pc, is_write, addr, static_cast<uint8_t>(size), lane, warp_.csr.wid,
                          detail);
    }
    return true;
  }

  // Aligned, and every byte in the address space of the first (the private range is one
  // interval, so both ends inside it, or neither end nor anything between, decides).
  bool span_countable(uint32_t addr, uint32_t bytes, unsigned size) const {
    if ((addr & (size - 1)) != 0) return false;
    const uint32_t last = addr + bytes - 1;
    if (last < addr || space_of(addr) != space_of(last)) return false;
    return space_of(addr) == MemSpace::Private || private_bytes_ == 0 ||
           private_base_ - addr >= bytes;
  }

  MemSpace space_of(uint32_t addr) const {
    if (memory::is_local_window(addr)) return MemSpace::Local;
    return addr - private_base_ < private_bytes_ ? MemSpace::Private : MemSpace::Global;
  }

  // Statistics always; the timing record's per-lane addresses under the timing policy (an
  // atomic's store to the address it just loaded is the same access).
  template <unsigned kSize>
  void count_access(uint32_t addr, bool is_write) {
    static_assert(kSize == 1 || kSize == 2 || kSize == 4);
    const MemSpace space = space_of(addr);
    const auto s = static_cast<size_t>(space);
    if constexpr (kTiming) {
      TimingRecord& r = *record_;
      if (is_write && r.address_count != 0 && r.lane_address[r.address_count - 1] == addr &&
          r.mem_op == MemOp::Atomic) {
        return;
      }
      if (r.address_count == 0) r.mem_space = space;
      r.mem_space_mask = static_cast<uint8_t>(r.mem_space_mask | (1u << s));
      r.access_bytes = static_cast<uint8_t>(kSize);
      if (r.address_count < kMaxThreads) r.lane_address[r.address_count++] = addr;
    } else {
      (void)is_write;
    }
    ++counts_.by_size[s][kSize / 2];
  }

  WarpState& warp_;
  memory::WorkGroupMemory& memory_;
  Mode mode_;
  AccessCounts& counts_;
  uint32_t private_base_;
  uint32_t private_bytes_;
  Trap& trap_;
  Record* record_;
  MemcheckSetting memcheck_;
  uint32_t next_pc_ = 0;
  WarpEvent event_ = WarpEvent::None;
  LaneMask lanes_ = 0;
};

// Semantics files are compiled once per policy with VENTUS_EXEC_POLICY set (CMakeLists.txt),
// so their code names the context of the policy being compiled.
#ifdef VENTUS_EXEC_POLICY
using ExecContext = BasicExecContext<VENTUS_EXEC_POLICY>;
#endif

}  // namespace ventus::functional
