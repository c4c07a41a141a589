// The back end's built-ins: work-item functions from CSRs and the metadata buffer (ISA.md
// §7.1), barriers and fences (§5.7), and the lane operations of the atomics expansion.
#include "cc/isel_builtins.hpp"

#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/Instructions.h>

#include <array>

#include <fmt/format.h>

#include "cc/isel.hpp"

namespace ventus::cc {
namespace {

using isa::InsnId;

enum class Builtin {
  WorkDim, GlobalSize, GlobalId, LocalSize, LocalId, NumGroups, GroupId, GlobalOffset,
  LocalLinearId, GlobalLinearId, Barrier, Fence, LaneIndex, ReadLane, Printf, Exp
};

struct NamedBuiltin {
  const char* name;
  Builtin builtin;
  BuiltinDivergence divergence;
};

constexpr std::array kBuiltins{
    NamedBuiltin{"_Z12get_work_dimv", Builtin::WorkDim, BuiltinDivergence::Uniform},
    NamedBuiltin{"_Z15get_global_sizej", Builtin::GlobalSize, BuiltinDivergence::Uniform},
    NamedBuiltin{"_Z13get_global_idj", Builtin::GlobalId, BuiltinDivergence::Divergent},
    NamedBuiltin{"_Z14get_local_sizej", Builtin::LocalSize, BuiltinDivergence::Uniform},
    NamedBuiltin{"_Z12get_local_idj", Builtin::LocalId, BuiltinDivergence::Divergent},
    NamedBuiltin{"_Z14get_num_groupsj", Builtin::NumGroups, BuiltinDivergence::Uniform},
    NamedBuiltin{"_Z12get_group_idj", Builtin::GroupId, BuiltinDivergence::Uniform},
    NamedBuiltin{"_Z17get_global_offsetj", Builtin::GlobalOffset, BuiltinDivergence::Uniform},
    NamedBuiltin{"_Z19get_local_linear_idv", Builtin::LocalLinearId, BuiltinDivergence::Divergent},
    NamedBuiltin{"_Z20get_global_linear_idv", Builtin::GlobalLinearId, BuiltinDivergence::Divergent},
    NamedBuiltin{"_Z7barrierj", Builtin::Barrier, BuiltinDivergence::NotBuiltin},
    NamedBuiltin{"_Z18work_group_barrierj", Builtin::Barrier, BuiltinDivergence::NotBuiltin},
    NamedBuiltin{"_Z9mem_fencej", Builtin::Fence, BuiltinDivergence::NotBuiltin},
    NamedBuiltin{"_Z14read_mem_fencej", Builtin::Fence, BuiltinDivergence::NotBuiltin},
    NamedBuiltin{"_Z15write_mem_fencej", Builtin::Fence, BuiltinDivergence::NotBuiltin},
    NamedBuiltin{kLaneIndex, Builtin::LaneIndex, BuiltinDivergence::Divergent},
    NamedBuiltin{kReadLane, Builtin::ReadLane, BuiltinDivergence::Uniform},
    NamedBuiltin{"printf", Builtin::Printf, BuiltinDivergence::Uniform},
    NamedBuiltin{kExp, Builtin::Exp, BuiltinDivergence::Either},
};

const NamedBuiltin* find(llvm::StringRef name) {
  for (const NamedBuiltin& b : kBuiltins) {
    if (name == b.name) return &b;
  }
  return nullptr;
}

// Metadata words (ISA.md §7.1): offset of dimension d's global size, local size, offset.
constexpr int64_t kGlobalSize = 12, kLocalSize = 24, kGlobalOffset = 36, kWorkDim = 8;

}  // namespace

bool is_backend_builtin(llvm::StringRef name) {
  return find(name) != nullptr;
}

BuiltinDivergence builtin_divergence(llvm::StringRef name) {
  const NamedBuiltin* b = find(name);
  return b == nullptr ? BuiltinDivergence::NotBuiltin : b->divergence;
}

std::string demangled_name(llvm::StringRef name) {
  return llvm::demangle(name.str());
}

// A word of the metadata buffer, loaded once per function.
static uint32_t metadata_word(Selector& s, int64_t offset) {
  const uint32_t knl = s.entry_value("knl", RegClass::Scalar, [&](uint32_t r) {
    s.emit_asm("csrr %0, knl", {MOperand::def_reg(r)});
  });
  return s.entry_value(fmt::format("knl+{}", offset), RegClass::Scalar, [&](uint32_t r) {
    s.emit(InsnId::LW, {MOperand::def_reg(r), MOperand::immediate(offset), MOperand::use_reg(knl)});
  });
}

// The work-item's linear id in the work-group: CSR_TID + lane (ISA.md §7.1).
static uint32_t local_linear_id(Selector& s) {
  return s.entry_value("local-linear-id", RegClass::Vector, [&](uint32_t r) {
    const uint32_t tid = s.new_reg(RegClass::Scalar), lane = s.new_reg(RegClass::Vector);
    s.emit_asm("csrr %0, tid", {MOperand::def_reg(tid)});
    s.emit(InsnId::VID_V, {MOperand::def_reg(lane)});
    s.emit(InsnId::VADD_VX, {MOperand::def_reg(r), MOperand::use_reg(lane), MOperand::use_reg(tid)});
  });
}

static uint32_t local_size_xy(Selector& s) {
  return s.entry_value("local-size-xy", RegClass::Scalar, [&](uint32_t r) {
    s.emit(InsnId::MUL, {MOperand::def_reg(r), MOperand::use_reg(metadata_word(s, kLocalSize)),
                         MOperand::use_reg(metadata_word(s, kLocalSize + 4))});
  });
}

// get_local_id(d): L % LX, (L % (LX*LY)) / LX, L / (LX*LY); the same formulas hold for any
// work_dim because the runtime writes 1 for the sizes of unused dimensions.
static uint32_t local_id(Selector& s, int64_t d) {
  return s.entry_value(fmt::format("local-id{}", d), RegClass::Vector, [&](uint32_t r) {
    const uint32_t linear = local_linear_id(s);
    if (d == 0) {
      s.emit(InsnId::VREMU_VX, {MOperand::def_reg(r), MOperand::use_reg(linear),
                                MOperand::use_reg(metadata_word(s, kLocalSize))});
    } else if (d == 1) {
      const uint32_t t = s.new_reg(RegClass::Vector);
      s.emit(InsnId::VREMU_VX, {MOperand::def_reg(t), MOperand::use_reg(linear),
                                MOperand::use_reg(local_size_xy(s))});
      s.emit(InsnId::VDIVU_VX, {MOperand::def_reg(r), MOperand::use_reg(t),
                                MOperand::use_reg(metadata_word(s, kLocalSize))});
    } else {
      s.emit(InsnId::VDIVU_VX, {MOperand::def_reg(r), MOperand::use_reg(linear),
                                MOperand::use_reg(local_size_xy(s))});
    }
  });
}

static uint32_t group_id(Selector& s, int64_t d) {
  return s.entry_value(fmt::format("group-id{}", d), RegClass::Scalar, [&](uint32_t r) {
    static constexpr std::array<const char*, 3> kCsr{"gidx", "gidy", "gidz"};
    s.emit_asm(fmt::format("csrr %0, {}", kCsr[static_cast<size_t>(d)]), {MOperand::def_reg(r)});
  });
}

// get_global_id(d) = local id + group id * local size. As in the Ventus toolchain's libclc
// (ISA.md §7.1), the ND-range's global offset is not added: get_global_offset reads it.
static uint32_t global_id(Selector& s, int64_t d) {
  return s.entry_value(fmt::format("global-id{}", d), RegClass::Vector, [&](uint32_t r) {
    const uint32_t first = s.new_reg(RegClass::Scalar);
    s.emit(InsnId::MUL, {MOperand::def_reg(first), MOperand::use_reg(group_id(s, d)),
                         MOperand::use_reg(metadata_word(s, kLocalSize + 4 * d))});
    s.emit(InsnId::VADD_VX, {MOperand::def_reg(r), MOperand::use_reg(local_id(s, d)),
                             MOperand::use_reg(first)});
  });
}

uint32_t kernel_guard_condition(Selector& s);
// 1 in the lanes of work-items that exist: linear id < LX*LY*LZ (the last warp of a
// work-group may be partly filled, ISA.md §7.1).
uint32_t kernel_guard_condition(Selector& s) {
  const uint32_t total = s.new_reg(RegClass::Scalar), c = s.new_reg(RegClass::Vector);
  s.emit(InsnId::MUL, {MOperand::def_reg(total), MOperand::use_reg(local_size_xy(s)),
                       MOperand::use_reg(metadata_word(s, kLocalSize + 8))});
  s.emit(InsnId::VMSLTU_VX, {MOperand::def_reg(c), MOperand::use_reg(local_linear_id(s)),
                             MOperand::use_reg(total)});
  return c;
}

static Status dimension_query(Selector& s, const llvm::CallBase& call, Builtin b) {
  const auto d = s.constant_int(call.getArgOperand(0));
  if (!d) return s.unsupported(call, "a work-item function with a non-constant dimension");
  const uint32_t out = s.result(call);
  const bool id = b == Builtin::GlobalId || b == Builtin::LocalId || b == Builtin::GroupId ||
                  b == Builtin::GlobalOffset;
  if (*d < 0 || *d > 2) {  // OpenCL: ids 0, sizes 1 outside 0..work_dim-1
    s.emit_copy(out, id ? kNoReg : s.constant_scalar(1));
    return ok_status();
  }
  switch (b) {
    case Builtin::GlobalSize: s.emit_copy(out, metadata_word(s, kGlobalSize + 4 * *d)); break;
    case Builtin::LocalSize: s.emit_copy(out, metadata_word(s, kLocalSize + 4 * *d)); break;
    case Builtin::GlobalOffset: s.emit_copy(out, metadata_word(s, kGlobalOffset + 4 * *d)); break;
    case Builtin::GroupId: s.emit_copy(out, group_id(s, *d)); break;
    case Builtin::LocalId: s.emit_copy(out, local_id(s, *d)); break;
    case Builtin::GlobalId: s.emit_copy(out, global_id(s, *d)); break;
    case Builtin::NumGroups:
      s.emit(InsnId::DIVU, {MOperand::def_reg(out), MOperand::use_reg(metadata_word(s, kGlobalSize + 4 * *d)),
                            MOperand::use_reg(metadata_word(s, kLocalSize + 4 * *d))});
      break;
    default: break;
  }
  return ok_status();
}

Status Selector::select_builtin(const llvm::CallBase& call) {
  const NamedBuiltin* b = find(call.getCalledFunction()->getName());
  switch (b->builtin) {
    case Builtin::WorkDim: emit_copy(result(call), metadata_word(*this, kWorkDim)); return ok_status();
    case Builtin::LocalLinearId: emit_copy(result(call), local_linear_id(*this)); return ok_status();
    case Builtin::GlobalLinearId: {
      // (gz*GY + gy)*GX + gx, from the global ids (which carry no offset, see global_id)
      const uint32_t out = result(call);
      uint32_t acc = kNoReg;
      for (int64_t d = 2; d >= 0; --d) {
        const uint32_t id = global_id(*this, d);
        if (acc == kNoReg) {
          acc = id;
          continue;
        }
        const uint32_t next = d == 0 ? out : new_reg(RegClass::Vector);
        emit_copy(next, id);
        emit(InsnId::VMACC_VX, {MOperand::tied_reg(next), MOperand::use_reg(metadata_word(*this, kGlobalSize + 4 * d)),
                                MOperand::use_reg(acc)});
        acc = next;
      }
      return ok_status();
    }
    case Builtin::Barrier: {
      const auto flags = constant_int(call.getArgOperand(0));
      if (!flags) return unsupported(call, "a barrier with non-constant flags");
      emit(InsnId::BARRIER, {MOperand::immediate(*flags & 31)});
      return ok_status();
    }
    case Builtin::Fence: emit_asm("fence", {}); return ok_status();
    case Builtin::LaneIndex: emit(InsnId::VID_V, {MOperand::def_reg(result(call))}); return ok_status();
    case Builtin::ReadLane:
      emit(InsnId::VMV_X_S, {MOperand::def_reg(result(call)), MOperand::use_reg(vector(call.getArgOperand(0)))});
      return ok_status();
    case Builtin::Printf: return select_printf(call);
    case Builtin::Exp: {
      // vfexp is a vector instruction only: a uniform operand is broadcast and read back.
      const uint32_t x = vector(call.getArgOperand(0));
      if (is_vector(&call)) {
        emit(InsnId::VFEXP, {MOperand::def_reg(result(call)), MOperand::use_reg(x)});
      } else {
        const uint32_t e = new_reg(RegClass::Vector);
        emit(InsnId::VFEXP, {MOperand::def_reg(e), MOperand::use_reg(x)});
        emit(InsnId::VMV_X_S, {MOperand::def_reg(result(call)), MOperand::use_reg(e)});
      }
      return ok_status();
    }
    default: return dimension_query(*this, call, b->builtin);
  }
}

}  // namespace ventus::cc
