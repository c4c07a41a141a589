// Traps of a work-group: REF's jump to mtvec in --ref-compat (ISA.md §2.5) and stopping faults.
#include <fmt/format.h>

#include "functional/work_group.hpp"
#include "isa/disassembler.hpp"

namespace ventus::functional {
namespace {

struct RefCause {
  const char* name;
  uint32_t mcause;
  bool has_tval;
};

// Spike's trap names and causes for what our semantics raise (privileged spec numbering).
RefCause ref_cause(const Trap& trap, const Insn* insn) {
  const bool fetch = insn == nullptr;
  const bool store = insn != nullptr && insn->row != nullptr &&
                     insn->row->has(isa::flag::kStore | isa::flag::kAtomic);
  switch (trap.kind) {
    case TrapKind::MisalignedAccess:
      if (fetch) return {"trap_instruction_address_misaligned", 0, true};
      return store ? RefCause{"trap_store_address_misaligned", 6, true}
                   : RefCause{"trap_load_address_misaligned", 4, true};
    case TrapKind::AccessFault:
      if (fetch) return {"trap_instruction_access_fault", 1, true};
      return store ? RefCause{"trap_store_access_fault", 7, true}
                   : RefCause{"trap_load_access_fault", 5, true};
    default:
      break;
  }
  if (insn != nullptr && insn->row != nullptr) {
    if (insn->row->id == isa::InsnId::ECALL) return {"trap_machine_ecall", 11, false};
    if (insn->row->id == isa::InsnId::EBREAK) return {"trap_breakpoint", 3, true};
  }
  return {"trap_illegal_instruction", 2, true};
}

// "warp 0 at pc 0x80000010, warp 2 at pc 0x80000024" (or "none").
std::string warp_list(const std::vector<std::pair<unsigned, uint32_t>>& warps) {
  if (warps.empty()) return "none";
  std::string out;
  for (const auto& [index, pc] : warps) {
    out += fmt::format("{}warp {} at pc 0x{:08x}", out.empty() ? "" : ", ", index, pc);
  }
  return out;
}

}  // namespace

// A launch stopped by the instruction limit or a deadlock is a hang the user has to debug:
// say which warps were still running and which were waiting at a barrier (issue 13).
std::string WorkGroup::describe_warps() const {
  std::vector<std::pair<unsigned, uint32_t>> running;
  std::vector<std::pair<unsigned, uint32_t>> waiting;
  for (unsigned i = 0; i < warps_.size(); ++i) {
    const WarpState& w = warps_[i];
    if (w.ended) continue;
    const bool at_barrier = w.at_barrier || (i < ref_barriers_.size() && ref_barriers_[i] == 1);
    (at_barrier ? waiting : running).emplace_back(i, w.pc);
  }
  return fmt::format("warps still running: {}; waiting at a barrier: {}", warp_list(running),
                     warp_list(waiting));
}

std::optional<Fault> WorkGroup::enter_ref_trap(unsigned index, ExecObserver* observer) {
  WarpState& w = warps_[index];
  if (w.csr.mtvec == 0) return fault_from_trap(index);  // no handler: REF would loop forever
  const Trap& trap = last_trap_;
  if (!first_ref_trap_) first_ref_trap_ = make_fault(index, trap.kind, trap.detail);
  const RefCause cause = ref_cause(trap, last_insn_);
  uint32_t tval = trap.addr;
  if (cause.mcause == 2) tval = last_insn_ != nullptr ? last_insn_->word : 0;
  if (cause.mcause == 3) tval = w.pc;
  w.csr.mepc = w.pc;
  w.csr.mcause = cause.mcause;
  w.csr.mtval = cause.has_tval ? tval : 0;
  if (observer != nullptr) {
    observer->on_ref_trap({index, w.pc, last_insn_ != nullptr ? last_insn_->word : 0, cause.name,
                           cause.has_tval, tval, w.csr.mtvec});
  }
  w.pc = w.csr.mtvec;
  w.ext = RegExt{};
  last_trap_ = Trap{};
  return std::nullopt;
}

Fault WorkGroup::make_fault(unsigned index, TrapKind kind, std::string detail) const {
  const WarpState& w = warps_[index];
  Fault fault;
  fault.kind = kind;
  fault.kernel = config_.kernel_name;
  fault.group = linear_id_;
  for (size_t d = 0; d < 3; ++d) fault.group_id[d] = group_id_[d];
  fault.warp = index;
  fault.mask = w.mask;
  fault.pc = w.pc;
  if (auto word = memory_.global().read<uint32_t>(w.pc); word && (w.pc & 3u) == 0) {
    fault.word = word.value();
    fault.has_word = true;
    fault.profile = options_.profile;
  }
  fault.detail = std::move(detail);
  if (kind == TrapKind::InstructionLimit || kind == TrapKind::BarrierDeadlock) {
    fault.detail += fmt::format(" ({})", describe_warps());
  }
  return fault;
}

Fault WorkGroup::fault_from_trap(unsigned index) const {
  return make_fault(index, last_trap_.kind, last_trap_.detail);
}

std::string Fault::message() const {
  if (kind == TrapKind::None) return fmt::format("kernel '{}': {}", kernel, detail);
  std::string where = fmt::format(
      "kernel '{}': work-group {} ({}, {}, {}), warp {}, thread mask 0x{:08x}, pc 0x{:08x}", kernel,
      group, group_id[0], group_id[1], group_id[2], warp, mask, pc);
  if (has_word) {
    where += fmt::format(" (0x{:08x} {})", word, isa::disassemble_for_message(word, pc, profile));
  }
  where += fmt::format(": {}", trap_kind_name(kind));
  if (!detail.empty()) where += fmt::format(": {}", detail);
  return where;
}

}  // namespace ventus::functional
