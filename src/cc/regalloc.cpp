// allocate_registers: block liveness (with the SIMT rule for scalar values in divergent
// regions), lifetime segments, then first-fit linear scan over segment lists with copy hints.
#include "cc/regalloc.hpp"

#include <algorithm>
#include <array>
#include <tuple>
#include <unordered_set>

#include <fmt/format.h>

namespace ventus::cc {
namespace {

using Bits = std::vector<uint64_t>;

void set_bit(Bits& b, uint32_t i) { b[i / 64] |= uint64_t{1} << (i % 64); }
bool test_bit(const Bits& b, uint32_t i) { return (b[i / 64] >> (i % 64)) & 1; }

struct Segment {
  uint32_t start, end;  // inclusive positions: an instruction k reads at 2k, writes at 2k+1
};

bool overlaps(const std::vector<Segment>& a, const std::vector<Segment>& b) {
  for (const Segment& x : a) {
    for (const Segment& y : b) {
      if (x.start <= y.end && y.start <= x.end) return true;
    }
  }
  return false;
}

// Scalar registers in the order they are handed out: never x0-x4 (zero, ra, sp, gp, tp) or
// x6 (t1: every vbranch's auipc/setrpc writes it, CODEGEN.md §9 item 4).
std::vector<int32_t> scalar_order(bool kernel) {
  std::vector<int32_t> caller{5, 7, 28, 29, 30, 31, 10, 11, 12, 13, 14, 15, 16, 17};
  const std::vector<int32_t> callee{8, 9, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27};
  std::vector<int32_t> order = caller;
  order.insert(kernel ? order.end() : order.end(), callee.begin(), callee.end());
  for (int32_t r = 32; r < 64; ++r) order.push_back(r);
  return order;
}

std::vector<int32_t> vector_order(bool kernel) {
  std::vector<int32_t> order;
  for (int32_t r = 0; r < 32; ++r) order.push_back(r);
  if (kernel) {
    for (int32_t r = 32; r < 256; ++r) order.push_back(r);
  } else {
    for (int32_t r = 48; r < 256; ++r) order.push_back(r);
    for (int32_t r = 32; r < 48; ++r) order.push_back(r);
  }
  return order;
}

bool callee_saved(RegClass cls, int32_t r) {
  if (cls == RegClass::Vector) return r >= 32 && r < 48;
  return r == 8 || r == 9 || (r >= 18 && r <= 27);
}

bool caller_saved(RegClass cls, int32_t r) {
  if (cls == RegClass::Vector) return !callee_saved(cls, r);
  return r == 1 || r == 5 || r == 7 || (r >= 10 && r <= 17) || r >= 28;
}

bool early_clobber(const MInstr& m) { return m.kind == MKind::Asm; }

struct Liveness {
  std::vector<Bits> use, def, in, out, forced;
};

class Allocator {
 public:
  explicit Allocator(MFunction& f) : f_(f), words_((f.regs.size() + 63) / 64) {}
  Result<RegisterUse> run();

 private:
  void local_sets();
  void solve();
  void force_divergent_regions();
  std::vector<uint32_t> side(uint32_t start, uint32_t stop) const;
  void build_segments();
  Status assign();
  RegisterUse rewrite();

  MFunction& f_;
  size_t words_;
  Liveness live_;
  std::vector<uint32_t> block_start_, block_end_;
  std::vector<std::vector<Segment>> segments_;
  std::vector<int32_t> phys_;
  std::array<std::vector<std::vector<Segment>>, 2> occupied_;
  bool fits(uint32_t r, int cls, int32_t p) const;
  bool same_value(uint32_t r, uint32_t other, const Segment& overlap) const;
  std::vector<uint32_t> call_points_;
  std::array<std::vector<std::vector<uint32_t>>, 2> owners_;  // virtual registers per physical
  std::vector<std::vector<uint32_t>> defs_;                   // definition points per register
  std::vector<std::tuple<uint32_t, uint32_t, uint32_t>> copies_;  // (dst, src, point)
  std::vector<std::vector<uint32_t>> call_fixed_;  // per call: fixed registers it defines
};

void Allocator::local_sets() {
  const size_t n = f_.blocks.size();
  for (auto* sets : {&live_.use, &live_.def, &live_.in, &live_.out, &live_.forced}) {
    sets->assign(n, Bits(words_, 0));
  }
  for (size_t b = 0; b < n; ++b) {
    for (const MInstr& m : f_.blocks[b].instrs) {
      for (const MOperand& op : m.ops) {
        if (op.kind == MOperand::Kind::Reg && op.reg != kNoReg && op.use &&
            !test_bit(live_.def[b], op.reg)) {
          set_bit(live_.use[b], op.reg);
        }
      }
      for (const MOperand& op : m.ops) {
        if (op.kind == MOperand::Kind::Reg && op.reg != kNoReg && op.def) set_bit(live_.def[b], op.reg);
      }
    }
  }
}

void Allocator::solve() {
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t b = f_.blocks.size(); b-- > 0;) {
      Bits out = live_.forced[b];
      for (uint32_t s : f_.blocks[b].succs) {
        for (size_t w = 0; w < words_; ++w) out[w] |= live_.in[s][w];
      }
      Bits in(words_);
      for (size_t w = 0; w < words_; ++w) {
        in[w] = live_.use[b][w] | live_.forced[b][w] | (out[w] & ~live_.def[b][w]);
      }
      if (in != live_.in[b] || out != live_.out[b]) {
        live_.in[b] = std::move(in);
        live_.out[b] = std::move(out);
        changed = true;
      }
    }
  }
}

std::vector<uint32_t> Allocator::side(uint32_t start, uint32_t stop) const {
  std::vector<uint32_t> blocks;
  std::vector<bool> seen(f_.blocks.size(), false);
  std::vector<uint32_t> todo{start};
  while (!todo.empty()) {
    const uint32_t b = todo.back();
    todo.pop_back();
    if (b == stop || seen[b]) continue;
    seen[b] = true;
    blocks.push_back(b);
    for (uint32_t s : f_.blocks[b].succs) todo.push_back(s);
  }
  return blocks;
}

// Both sides of a vbranch run, in an order decided at run time (ISA.md §2.4), and scalar
// writes ignore the mask: a scalar that one side reads on entry must survive the other side.
void Allocator::force_divergent_regions() {
  for (const auto& [branch, join] : f_.divergent_regions) {
    const auto& succs = f_.blocks[branch].succs;
    std::vector<std::vector<uint32_t>> sides;
    for (uint32_t s : succs) sides.push_back(side(s, join));
    for (size_t i = 0; i < succs.size(); ++i) {
      Bits entry = live_.in[succs[i]];
      for (uint32_t r = 0; r < f_.regs.size(); ++r) {
        if (f_.regs[r].cls != RegClass::Scalar && test_bit(entry, r)) entry[r / 64] &= ~(uint64_t{1} << (r % 64));
      }
      for (size_t j = 0; j < succs.size(); ++j) {
        if (j == i) continue;
        for (uint32_t b : sides[j]) {
          for (size_t w = 0; w < words_; ++w) live_.forced[b][w] |= entry[w];
        }
      }
    }
  }
}

void Allocator::build_segments() {
  segments_.assign(f_.regs.size(), {});
  defs_.assign(f_.regs.size(), {});
  uint32_t index = 0;
  block_start_.resize(f_.blocks.size());
  block_end_.resize(f_.blocks.size());
  for (size_t b = 0; b < f_.blocks.size(); ++b) {
    block_start_[b] = 2 * index;
    index += static_cast<uint32_t>(std::max<size_t>(1, f_.blocks[b].instrs.size()));
    block_end_[b] = 2 * index - 1;
  }
  std::vector<int64_t> open(f_.regs.size(), -1), last(f_.regs.size(), 0);
  for (size_t b = 0; b < f_.blocks.size(); ++b) {
    std::vector<uint32_t> touched;
    for (uint32_t r = 0; r < f_.regs.size(); ++r) {
      if (test_bit(live_.in[b], r)) {
        open[r] = block_start_[b];
        last[r] = block_start_[b];
        touched.push_back(r);
      }
    }
    uint32_t pos = block_start_[b];
    for (const MInstr& m : f_.blocks[b].instrs) {
      for (const MOperand& op : m.ops) {
        if (op.kind != MOperand::Kind::Reg || op.reg == kNoReg || !op.use) continue;
        if (open[op.reg] < 0) { open[op.reg] = pos; touched.push_back(op.reg); }
        last[op.reg] = std::max<int64_t>(last[op.reg], pos);
      }
      if (m.kind == MKind::Copy && m.ops[1].kind == MOperand::Kind::Reg && m.ops[1].reg != kNoReg) {
        copies_.emplace_back(m.ops[0].reg, m.ops[1].reg, pos + 1);
      }
      for (const MOperand& op : m.ops) {
        if (op.kind != MOperand::Kind::Reg || op.reg == kNoReg || !op.def) continue;
        const uint32_t at = early_clobber(m) ? pos : pos + 1;
        defs_[op.reg].push_back(at);
        if (open[op.reg] >= 0 && !op.use) {
          // A new value: the old one died at its last use (a hole until here).
          segments_[op.reg].push_back(Segment{static_cast<uint32_t>(open[op.reg]),
                                              static_cast<uint32_t>(last[op.reg])});
          open[op.reg] = -1;
        }
        if (open[op.reg] < 0) { open[op.reg] = at; touched.push_back(op.reg); }
        last[op.reg] = std::max<int64_t>(last[op.reg], pos + 1);
      }
      if (m.kind == MKind::Call) {
        call_points_.push_back(pos + 1);
        std::vector<uint32_t> fixed;
        for (const MOperand& op : m.ops) {
          if (op.kind == MOperand::Kind::Reg && op.def) fixed.push_back(op.reg);
        }
        call_fixed_.push_back(std::move(fixed));
      }
      pos += 2;
    }
    for (uint32_t r : touched) {
      if (open[r] < 0) continue;
      const int64_t end = test_bit(live_.out[b], r) ? block_end_[b] : last[r];
      segments_[r].push_back(Segment{static_cast<uint32_t>(open[r]), static_cast<uint32_t>(end)});
      open[r] = -1;
    }
  }
}

Status Allocator::assign() {
  phys_.assign(f_.regs.size(), -1);
  occupied_[0].assign(64, {});
  occupied_[1].assign(256, {});
  owners_[0].assign(64, {});
  owners_[1].assign(256, {});
  auto cls_index = [](RegClass c) { return c == RegClass::Scalar ? 0 : 1; };
  for (size_t c = 0; c < call_points_.size(); ++c) {
    for (int cls = 0; cls < 2; ++cls) {
      const RegClass rc = cls == 0 ? RegClass::Scalar : RegClass::Vector;
      for (int32_t r = 0; r < (cls == 0 ? 64 : 256); ++r) {
        bool defined_here = false;
        for (uint32_t v : call_fixed_[c]) defined_here |= f_.regs[v].cls == rc && f_.regs[v].fixed == r;
        if (caller_saved(rc, r) && !defined_here) {
          occupied_[cls][r].push_back(Segment{call_points_[c], call_points_[c]});
        }
      }
    }
  }
  std::vector<uint32_t> order;
  for (uint32_t r = 0; r < f_.regs.size(); ++r) {
    if (segments_[r].empty()) continue;
    if (f_.regs[r].fixed >= 0) {
      phys_[r] = f_.regs[r].fixed;
      owners_[cls_index(f_.regs[r].cls)][phys_[r]].push_back(r);
    } else {
      order.push_back(r);
    }
  }
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return segments_[a].front().start < segments_[b].front().start;
  });
  const auto scalars = scalar_order(f_.is_kernel), vectors = vector_order(f_.is_kernel);
  for (uint32_t r : order) {
    const VirtualReg& vr = f_.regs[r];
    const int cls = cls_index(vr.cls);
    std::vector<int32_t> candidates;
    if (vr.hint != kNoReg && phys_[vr.hint] >= 0 && f_.regs[vr.hint].cls == vr.cls) {
      candidates.push_back(phys_[vr.hint]);
    }
    const auto& pool = vr.cls == RegClass::Scalar ? scalars : vectors;
    candidates.insert(candidates.end(), pool.begin(), pool.end());
    // Operands of vbranches prefer v0-v31 (no regext before a vbranch, CODEGEN.md §9 item 5);
    // one live across a call can only have a callee-saved v32-v47, with the prefix then.
    for (const bool low : {vr.low, false}) {
      for (int32_t p : candidates) {
        if (low && p >= 32) continue;
        if (!fits(r, cls, p)) continue;
        phys_[r] = p;
        owners_[cls][p].push_back(r);
        break;
      }
      if (phys_[r] >= 0) break;
    }
    if (phys_[r] < 0) {
      return Error{fmt::format("'{}' needs more {} registers than the device has (no spilling "
                               "yet: split the kernel or reduce the values live at once)",
                               f_.name, vr.cls == RegClass::Scalar ? "scalar" : "vector")};
    }
  }
  return ok_status();
}

// Two registers may overlap where one was just copied from the other and neither is written
// again before the overlap ends: they hold one value there (a loop's phi and its update).
bool Allocator::same_value(uint32_t r, uint32_t other, const Segment& overlap) const {
  bool copied = false;
  for (const auto& [dst, src, point] : copies_) {
    if (point == overlap.start && ((dst == r && src == other) || (dst == other && src == r))) {
      copied = true;
    }
  }
  if (!copied) return false;
  for (uint32_t v : {r, other}) {
    for (uint32_t d : defs_[v]) {
      if (d > overlap.start && d <= overlap.end) return false;
    }
  }
  return true;
}

bool Allocator::fits(uint32_t r, int cls, int32_t p) const {
  if (overlaps(occupied_[cls][p], segments_[r])) return false;  // call clobbers
  for (uint32_t other : owners_[cls][p]) {
    for (const Segment& x : segments_[r]) {
      for (const Segment& y : segments_[other]) {
        if (x.start > y.end || y.start > x.end) continue;
        const Segment overlap{std::max(x.start, y.start), std::min(x.end, y.end)};
        if (!same_value(r, other, overlap)) return false;
      }
    }
  }
  return true;
}

RegisterUse Allocator::rewrite() {
  RegisterUse use;
  use.max_scalar = 7;  // ra, sp, gp, tp and t1 (setrpc) are always in use
  std::unordered_set<int32_t> saved_s, saved_v;
  for (MBlock& b : f_.blocks) {
    std::vector<MInstr> kept;
    for (MInstr& m : b.instrs) {
      for (MOperand& op : m.ops) {
        if (op.kind != MOperand::Kind::Reg || op.reg == kNoReg) continue;
        const RegClass cls = f_.regs[op.reg].cls;
        const int32_t p = phys_[op.reg];
        if (cls == RegClass::Scalar) {
          use.max_scalar = std::max<uint32_t>(use.max_scalar, static_cast<uint32_t>(p + 1));
          if (callee_saved(cls, p)) saved_s.insert(p);
        } else {
          use.max_vector = std::max<uint32_t>(use.max_vector, static_cast<uint32_t>(p + 1));
          if (callee_saved(cls, p)) saved_v.insert(p);
        }
        op.reg = static_cast<uint32_t>(p) | (cls == RegClass::Vector ? 0x100u : 0u);
      }
      if (m.kind == MKind::Copy && m.ops[1].kind == MOperand::Kind::Reg && m.ops[1].reg == m.ops[0].reg) {
        continue;  // same register, same class: nothing to copy
      }
      kept.push_back(std::move(m));
    }
    b.instrs = std::move(kept);
  }
  use.callee_saved_scalars.assign(saved_s.begin(), saved_s.end());
  use.callee_saved_vectors.assign(saved_v.begin(), saved_v.end());
  std::sort(use.callee_saved_scalars.begin(), use.callee_saved_scalars.end());
  std::sort(use.callee_saved_vectors.begin(), use.callee_saved_vectors.end());
  return use;
}

Result<RegisterUse> Allocator::run() {
  for (const MBlock& b : f_.blocks) {
    for (const MInstr& m : b.instrs) {
      if (m.kind == MKind::Copy && m.ops[1].reg != kNoReg) {
        f_.regs[m.ops[0].reg].hint = m.ops[1].reg;
        if (f_.regs[m.ops[1].reg].hint == kNoReg) f_.regs[m.ops[1].reg].hint = m.ops[0].reg;
      }
    }
  }
  local_sets();
  solve();
  force_divergent_regions();
  solve();
  build_segments();
  if (auto ok = assign(); !ok) return ok.error();
  return rewrite();
}

}  // namespace

Result<RegisterUse> allocate_registers(MFunction& f) {
  return Allocator(f).run();
}

}  // namespace ventus::cc
