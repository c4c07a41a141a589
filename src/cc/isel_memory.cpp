// Selection of address arithmetic, loads, stores, private arrays, program-scope variables and
// atomics. The address space picks the instruction: private memory through the custom
// private loads/stores (ISA.md §5.11), global/constant/local through vlx12/vsx12 for
// per-lane addresses (§5.10) or scalar loads/stores for uniform ones (CODEGEN.md §6).
#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/GetElementPtrTypeIterator.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <fmt/format.h>

#include "cc/isel.hpp"

namespace ventus::cc {
namespace {

using isa::InsnId;

constexpr unsigned kPrivate = 0;

struct AccessRows {
  InsnId scalar_load, vector_load, private_load, scalar_store, vector_store, private_store;
};

std::optional<AccessRows> access_rows(const llvm::Type* t) {
  const auto bits = t->isPointerTy() ? 32u : static_cast<unsigned>(t->getPrimitiveSizeInBits().getFixedValue());
  if (bits == 8 || bits == 1) {
    return AccessRows{InsnId::LBU, InsnId::VLBU12_V, InsnId::VLBU_V,
                      InsnId::SB, InsnId::VSB12_V, InsnId::VSB_V};
  }
  if (bits == 16) {
    return AccessRows{InsnId::LHU, InsnId::VLHU12_V, InsnId::VLHU_V,
                      InsnId::SH, InsnId::VSH12_V, InsnId::VSH_V};
  }
  if (bits == 32) {
    return AccessRows{InsnId::LW, InsnId::VLW12_V, InsnId::VLW_V,
                      InsnId::SW, InsnId::VSW12_V, InsnId::VSW_V};
  }
  return std::nullopt;
}

// An address as a base register (or zero) and an immediate within [-limit, limit).
struct Address {
  MOperand base;
  int64_t imm = 0;
};

}  // namespace

static Address address_for(Selector& s, const llvm::Value* ptr, bool vec, int64_t limit) {
  Operand op = s.operand(ptr);
  const bool held_vector = op.reg != kNoReg && s.out_.regs[op.reg].cls == RegClass::Vector;
  if (op.offset < -limit || op.offset >= limit) {
    op = Operand{s.reg(ptr), 0};
  }
  uint32_t base = op.reg;
  if (vec && !held_vector) {
    base = base == kNoReg ? s.zero_vector() : s.broadcast(base);
  }
  return Address{base == kNoReg ? s.zero() : MOperand::use_reg(base), op.offset};
}

Status Selector::select_gep(const llvm::Instruction& inst) {
  const auto& gep = llvm::cast<llvm::GetElementPtrInst>(inst);
  const llvm::DataLayout& dl = f_.getParent()->getDataLayout();
  Operand base = operand(gep.getPointerOperand());
  int64_t offset = base.offset;
  std::vector<uint32_t> parts;  // scaled variable indices
  for (auto it = llvm::gep_type_begin(gep); it != llvm::gep_type_end(gep); ++it) {
    const llvm::Value* index = it.getOperand();
    if (llvm::StructType* st = it.getStructTypeOrNull()) {
      offset += static_cast<int64_t>(
          dl.getStructLayout(st)->getElementOffset(
              static_cast<unsigned>(llvm::cast<llvm::ConstantInt>(index)->getZExtValue())));
      continue;
    }
    const int64_t size = static_cast<int64_t>(dl.getTypeAllocSize(it.getIndexedType()));
    if (auto c = constant_int(index)) {
      offset += *c * size;
      continue;
    }
    if (auto hit = scaled_.find({index, size}); hit != scaled_.end()) {
      parts.push_back(hit->second);  // a[i], b[i], c[i]: one i * size per block
      continue;
    }
    const uint32_t r = reg(index);
    const bool vec = out_.regs[r].cls == RegClass::Vector;
    const uint32_t scaled = new_reg(vec ? RegClass::Vector : RegClass::Scalar);
    if (size == 1) {
      parts.push_back(r);
      continue;
    }
    scaled_[{index, size}] = scaled;
    if ((size & (size - 1)) == 0) {
      const int64_t shift = __builtin_ctzll(static_cast<uint64_t>(size));
      emit(vec ? InsnId::VSLL_VI : InsnId::SLLI,
           {MOperand::def_reg(scaled), MOperand::use_reg(r), MOperand::immediate(shift)});
    } else {
      emit(vec ? InsnId::VMUL_VX : InsnId::MUL,
           {MOperand::def_reg(scaled), MOperand::use_reg(r), MOperand::use_reg(constant_scalar(size))});
    }
    parts.push_back(scaled);
  }
  // Sum the parts: vectors first, then the scalar ones and the base through .vx.
  std::sort(parts.begin(), parts.end(), [&](uint32_t a, uint32_t b) {
    return out_.regs[a].cls == RegClass::Vector && out_.regs[b].cls != RegClass::Vector;
  });
  uint32_t sum = base.reg;
  for (uint32_t part : parts) {
    if (sum == kNoReg) {
      sum = part;
      continue;
    }
    const bool sv = out_.regs[sum].cls == RegClass::Vector;
    const bool pv = out_.regs[part].cls == RegClass::Vector;
    const uint32_t next = new_reg(sv || pv ? RegClass::Vector : RegClass::Scalar);
    if (sv && pv) {
      emit(InsnId::VADD_VV, {MOperand::def_reg(next), MOperand::use_reg(sum), MOperand::use_reg(part)});
    } else if (sv || pv) {
      emit(InsnId::VADD_VX, {MOperand::def_reg(next), MOperand::use_reg(sv ? sum : part),
                             MOperand::use_reg(sv ? part : sum)});
    } else {
      emit(InsnId::ADD, {MOperand::def_reg(next), MOperand::use_reg(sum), MOperand::use_reg(part)});
    }
    sum = next;
  }
  if (sum != kNoReg && is_vector(&inst) && out_.regs[sum].cls != RegClass::Vector) {
    sum = broadcast(sum);
  }
  bind(&inst, Operand{sum, offset});
  return ok_status();
}

Status Selector::select_load(const llvm::Instruction& inst) {
  const auto& load = llvm::cast<llvm::LoadInst>(inst);
  const auto rows = access_rows(load.getType());
  if (!rows) return unsupported(inst, "a load of this type");
  const llvm::Value* ptr = load.getPointerOperand();
  const uint32_t d = result(inst);
  if (load.getPointerAddressSpace() == kPrivate) {
    const Address a = address_for(*this, ptr, true, 1024);
    emit(rows->private_load, {MOperand::def_reg(d), MOperand::immediate(a.imm), a.base});
  } else if (!is_vector(&inst) && !is_vector(ptr)) {
    const Address a = address_for(*this, ptr, false, 2048);
    emit(rows->scalar_load, {MOperand::def_reg(d), MOperand::immediate(a.imm), a.base});
  } else {
    const Address a = address_for(*this, ptr, true, 2048);
    emit(rows->vector_load, {MOperand::def_reg(d), MOperand::immediate(a.imm), a.base});
  }
  return ok_status();
}

Status Selector::select_store(const llvm::Instruction& inst) {
  const auto& store = llvm::cast<llvm::StoreInst>(inst);
  const llvm::Value* value = store.getValueOperand();
  const auto rows = access_rows(value->getType());
  if (!rows) return unsupported(inst, "a store of this type");
  const llvm::Value* ptr = store.getPointerOperand();
  if (store.getPointerAddressSpace() == kPrivate) {
    const Address a = address_for(*this, ptr, true, 1024);
    emit(rows->private_store, {MOperand::use_reg(vector(value)), MOperand::immediate(a.imm), a.base});
  } else if (!is_vector(value) && !is_vector(ptr)) {
    // Uniform address and value: one scalar store (CODEGEN.md §3.3).
    const Address a = address_for(*this, ptr, false, 2048);
    emit(rows->scalar_store, {scalar_use(value), MOperand::immediate(a.imm), a.base});
  } else {
    const Address a = address_for(*this, ptr, true, 2048);
    emit(rows->vector_store, {MOperand::use_reg(vector(value)), MOperand::immediate(a.imm), a.base});
  }
  return ok_status();
}

Status Selector::select_alloca(const llvm::Instruction& inst) {
  const auto& alloca = llvm::cast<llvm::AllocaInst>(inst);
  const auto* count = llvm::dyn_cast<llvm::ConstantInt>(alloca.getArraySize());
  if (count == nullptr) return unsupported(inst, "a variable-length private array");
  const llvm::DataLayout& dl = f_.getParent()->getDataLayout();
  const uint64_t bytes = dl.getTypeAllocSize(alloca.getAllocatedType()) * count->getZExtValue();
  const uint64_t align = std::max<uint64_t>(4, alloca.getAlign().value());
  uint64_t at = (out_.private_frame_bytes + align - 1) / align * align;
  out_.private_frame_bytes = static_cast<uint32_t>((at + bytes + 3) / 4 * 4);
  // Private addresses are per-thread offsets from the frame base, held in a vector register
  // (v32 in the Ventus toolchain's code, CODEGEN.md §6.4).
  const uint32_t frame = entry_value("private-frame", RegClass::Vector, [&](uint32_t r) {
    emit(InsnId::VMV_V_X, {MOperand::def_reg(r), MOperand::literal("tp")});
  });
  bind(&inst, Operand{frame, static_cast<int64_t>(at)});
  return ok_status();
}

Operand Selector::global_address(const llvm::GlobalVariable& g) {
  if (g.getAddressSpace() == 3) {
    // Static __local data follows the warps' 1 KiB scalar stacks (docs/opencl.md).
    const uint32_t base = entry_value("local-static", RegClass::Scalar, [&](uint32_t r) {
      const uint32_t lds = new_reg(RegClass::Scalar), numw = new_reg(RegClass::Scalar);
      const uint32_t stacks = new_reg(RegClass::Scalar);
      emit_asm("csrr %0, lds", {MOperand::def_reg(lds)});
      emit_asm("csrr %0, numw", {MOperand::def_reg(numw)});
      emit(InsnId::SLLI, {MOperand::def_reg(stacks), MOperand::use_reg(numw), MOperand::immediate(10)});
      emit(InsnId::ADD, {MOperand::def_reg(r), MOperand::use_reg(lds), MOperand::use_reg(stacks)});
    });
    return Operand{base, layout_.local_offsets.at(&g)};
  }
  const std::string& label = layout_.data_labels.at(&g);
  const uint32_t r = entry_value("global:" + label, RegClass::Scalar, [&](uint32_t out) {
    emit_asm("la %0, " + label, {MOperand::def_reg(out)});
  });
  return Operand{r, 0};
}

}  // namespace ventus::cc
