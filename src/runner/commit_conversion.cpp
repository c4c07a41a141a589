// Conversion of executed instructions to REF commit records and the log-writing observer.
#include "runner/commit_conversion.hpp"

#include <algorithm>

#include "isa/disassembler.hpp"
#include "isa/names.hpp"

namespace ventus::runner {
namespace {

using functional::ExecutedInstr;
using functional::RegWrite;

// Index of the last write to the same register as writes[i] (REF's write map keeps one
// entry per register, holding the last value).
size_t last_write_of(const ExecutedInstr& in, size_t i) {
  size_t last = i;
  for (size_t k = i + 1; k < in.writes.size(); ++k) {
    if (in.writes[k].kind == in.writes[i].kind && in.writes[k].index == in.writes[i].index) {
      last = k;
    }
  }
  return last;
}

bool first_write_of_register(const ExecutedInstr& in, size_t i) {
  for (size_t k = 0; k < i; ++k) {
    if (in.writes[k].kind == in.writes[i].kind && in.writes[k].index == in.writes[i].index) {
      return false;
    }
  }
  return true;
}

// Position of each V write's value in vector_values.
size_t vector_value_index(const ExecutedInstr& in, size_t write_index) {
  size_t n = 0;
  for (size_t k = 0; k < write_index; ++k) n += in.writes[k].kind == RegWrite::Kind::V ? 1 : 0;
  return n;
}

void add_item(const ExecutedInstr& in, size_t i, uint32_t numt, trace::CommitRecord& out,
              bool& header_done) {
  const RegWrite& w = in.writes[i];
  switch (w.kind) {
    case RegWrite::Kind::X:
      out.add_x(w.index, w.value);
      break;
    case RegWrite::Kind::F:
      out.add_f(w.index, 0xffffffff00000000ull | w.value);
      break;
    case RegWrite::Kind::Csr: {
      const isa::CsrInfo* info = isa::find_csr(w.index);
      out.add_csr(w.index, info != nullptr ? info->name : std::string_view("unknown"), w.value);
      break;
    }
    case RegWrite::Kind::V: {
      if (!header_done) {
        out.add_vector_header(32, 1, in.vl);
        header_done = true;
      }
      const functional::VReg& value = in.vector_values[vector_value_index(in, i)];
      auto elements = out.add_vector(w.index, in.mask_after);
      std::copy_n(value.lane.begin(), numt, elements.begin());
      break;
    }
  }
}

// REF's require_vector (ISA.md §10.2): vector rows except vsetvl* and the private
// loads/stores log the ` e32 m1 lN` header.
bool passes_require_vector(const isa::InsnRow& row) {
  return row.has(isa::flag::kVector) && !row.has(isa::flag::kPrivate) &&
         row.unit != isa::Unit::VConfig;
}

// REF dumps the SIMT stack after the custom opcode 0x5B rows: vbranch, join, setrpc.
bool dumps_simt(const isa::InsnRow& row) {
  return row.has(isa::flag::kVBranch | isa::flag::kJoin | isa::flag::kSetRpc);
}

// REF's WRITE_FREG (riscv/decode.h of ventus-gpgpu-isa-simulator, commit-log build) evaluates
// its value twice: `freg_t wdata = freg(value); ... STATE.XPR.write(reg, f32_into_x(value));`.
// When the value is a load (`flw`: `WRITE_FRD(f32(MMU.load_uint32(RS1 + insn.i_imm())))`),
// the load runs twice and mmu.h's READ_MEM logs each run, so the line lists every read twice.
bool reads_logged_twice(const ExecutedInstr& in) {
  return std::any_of(in.writes.begin(), in.writes.end(),
                     [](const RegWrite& w) { return w.kind == RegWrite::Kind::F; });
}

void add_mem_reads(const ExecutedInstr& in, trace::CommitRecord& out) {
  const int evaluations = reads_logged_twice(in) ? 2 : 1;
  for (int k = 0; k < evaluations; ++k) {
    for (const functional::MemAccess& m : in.mem) {
      if (!m.is_write) out.add_mem_read(m.addr);
    }
  }
}

}  // namespace

uint32_t SimtNpcTracker::update(const ExecutedInstr& in) {
  if (npc_.size() <= in.warp) npc_.resize(in.warp + 1, 0);
  uint32_t& npc = npc_[in.warp];
  if (in.row == nullptr) return npc;
  const bool popped = in.simt_stack.size() < in.simt_depth_before;
  if (in.row->has(isa::flag::kVBranch) || (in.row->has(isa::flag::kJoin) && popped)) {
    npc = in.next_pc;
  }
  return npc;
}

void to_commit_record(const ExecutedInstr& in, uint32_t numt, uint32_t stk_npc,
                      trace::CommitRecord& out, bool disassembly) {
  out.clear();
  out.numt = numt;
  out.set_instruction(in.warp, in.pc, in.word);
  // The row the engine decoded (in the launch's profile), so v2.03 rows print too.
  if (disassembly) {
    out.disassembly = in.row != nullptr ? isa::disassemble(isa::decode_as(*in.row, in.word), in.pc,
                                                           isa::DisasmStyle::Ref)
                                        : isa::disassemble(in.word, in.pc, isa::DisasmStyle::Ref);
  }
  bool header_done = false;
  for (size_t i = in.writes.size(); i-- > 0;) {
    if (!first_write_of_register(in, i)) continue;
    add_item(in, last_write_of(in, i), numt, out, header_done);
  }
  const bool vector_header = in.row != nullptr && passes_require_vector(*in.row);
  if (vector_header && !header_done) out.add_vector_header(32, 1, in.vl);
  if (in.row != nullptr && dumps_simt(*in.row)) {
    out.set_simt(in.mask_after, stk_npc);
    for (size_t k = in.simt_stack.size(); k-- > 0;) {
      const functional::SimtEntry& e = in.simt_stack[k];
      out.add_simt_entry(e.r_pc, e.else_pc, e.else_mask);
    }
  }
  add_mem_reads(in, out);
  for (const functional::MemAccess& m : in.mem) {
    if (m.is_write) out.add_mem_write(m.addr, m.value, m.size);
  }
}

void CommitLogObserver::on_retire(const ExecutedInstr& record) {
  to_commit_record(record, numt_, simt_npc_.update(record), record_);
  writer_.write(record_);
}

// REF prints the trapping instruction's disassembly, the exception, and the handler's symbol;
// the trapping instruction gets no commit line (ISA.md §2.5, gaussian Fan2 log).
void CommitLogObserver::on_ref_trap(const functional::RefTrapEvent& event) {
  writer_.write_disassembly(event.warp, event.pc, event.word,
                            isa::disassemble(event.word, event.pc, isa::DisasmStyle::Ref));
  writer_.write_trap(event.warp, event.ref_name, event.pc, event.has_tval ? &event.tval : nullptr);
  if (namer_) {
    if (auto symbol = namer_(event.handler_pc)) writer_.write_symbol(event.warp, *symbol);
  }
}

}  // namespace ventus::runner
