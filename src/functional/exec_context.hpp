// ExecContext: what a semantics function may touch while executing one warp-instruction.
#pragma once

#include <cstdint>
#include <string>

#include "functional/executed_instr.hpp"
#include "functional/insn.hpp"
#include "functional/trap.hpp"
#include "functional/warp_state.hpp"
#include "memory/local_memory.hpp"

namespace ventus::functional {

// DESIGN.md §3: Default follows ISA.md's "Follow" column; RefCompat reproduces REF quirks.
enum class Mode : uint8_t { Default, RefCompat };

// What an instruction asks of the engine beyond its register/memory effects.
// Print: the warp wrote a non-zero CSR_PRINT (ISA.md §7.7); the host drains the buffer.
enum class WarpEvent : uint8_t { None, Barrier, BarrierSub, Endprg, Print };

class ExecContext {
 public:
  ExecContext(WarpState& warp, memory::WorkGroupMemory& memory, Mode mode, ExecutedInstr* record)
      : warp_(warp), memory_(memory), mode_(mode), record_(record) {}

  WarpState& warp() { return warp_; }
  const WarpState& warp() const { return warp_; }
  memory::WorkGroupMemory& memory() { return memory_; }
  Mode mode() const { return mode_; }
  ExecutedInstr* record() { return record_; }

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
    if (record_ != nullptr) [[unlikely]]
      record_->writes.push_back({RegWrite::Kind::X, static_cast<uint16_t>(index), value});
  }
  // Zfinx: f registers are x registers; REF logs them as f writes (§10.2).
  void set_f(unsigned index, uint32_t value) {
    if (index != 0) warp_.x[index] = value;
    if (record_ != nullptr) [[unlikely]]
      record_->writes.push_back({RegWrite::Kind::F, static_cast<uint16_t>(index), value});
  }
  VReg& v(unsigned index) { return warp_.v[index]; }
  const VReg& v(unsigned index) const { return warp_.v[index]; }
  // Call after writing vector register `index` so observers see its final value.
  void wrote_v(unsigned index) {
    if (record_ == nullptr) [[likely]]
      return;
    record_->writes.push_back({RegWrite::Kind::V, static_cast<uint16_t>(index), 0});
    record_->vector_values.push_back(warp_.v[index]);
  }
  void note_csr_write(uint16_t number, uint32_t value) {
    if (record_ != nullptr) [[unlikely]]
      record_->writes.push_back({RegWrite::Kind::Csr, number, value});
  }
  void note_mem(uint32_t addr, uint32_t value, uint8_t size, bool is_write) {
    if (record_ != nullptr) [[unlikely]]
      record_->mem.push_back({addr, value, size, is_write});
  }

  // Lanes a vector instruction processes: SIMT mask, i < vl, and v0 bit i when vm = 0 (§2.4).
  LaneMask active_lanes(const Insn& insn) const {
    const LaneMask vl_mask = warp_.vl >= 32 ? ~0u : ((1u << warp_.vl) - 1u);
    LaneMask lanes = warp_.mask & vl_mask;
    if (insn.vm == 0) lanes &= warp_.v[0].lane[0];  // RVV bit-packed v0 (C19)
    return lanes;
  }

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

  // Scalar/lane memory access with alignment and mapping checks; false (and a trap) on fault.
  template <typename T>
  bool load(uint32_t addr, T& out) {
    if ((addr & (sizeof(T) - 1)) != 0) [[unlikely]]
      return misaligned(addr, sizeof(T));
    auto value = memory_.read<T>(addr);
    if (!value) [[unlikely]]
      return access_fault(value.fault().addr, value.fault().message);
    out = value.value();
    note_mem(addr, 0, sizeof(T), false);
    return true;
  }
  template <typename T>
  bool store(uint32_t addr, T value) {
    if ((addr & (sizeof(T) - 1)) != 0) [[unlikely]]
      return misaligned(addr, sizeof(T));
    auto status = memory_.write<T>(addr, value);
    if (!status) [[unlikely]]
      return access_fault(status.fault().addr, status.fault().message);
    note_mem(addr, value, sizeof(T), true);
    return true;
  }

  // Resets per-instruction outputs; the engine calls this before each instruction.
  void begin(uint32_t next_pc) {
    next_pc_ = next_pc;
    event_ = WarpEvent::None;
  }

 private:
  bool misaligned(uint32_t addr, size_t size);
  bool access_fault(uint32_t addr, const std::string& message);

  WarpState& warp_;
  memory::WorkGroupMemory& memory_;
  Mode mode_;
  ExecutedInstr* record_;
  uint32_t next_pc_ = 0;
  WarpEvent event_ = WarpEvent::None;
  Trap trap_;
};

}  // namespace ventus::functional
