// Pass-2 expression environment: symbol addresses after layout, numeric local labels,
// linker-defined symbols and the %pcrel_hi instruction a %pcrel_lo refers to.
#pragma once

#include <fmt/format.h>

#include <string>
#include <unordered_map>
#include <utility>

#include "asm/program.hpp"

namespace ventus::as {

struct Layout {
  std::unordered_map<std::string, int64_t> linker_symbols;
};

// Address of a %pcrel_hi instruction -> (insn index, operand index).
using PcrelMap = std::unordered_map<int64_t, std::pair<size_t, size_t>>;

class LinkEnv : public ExprEnv {
 public:
  LinkEnv(const Program& p, const Layout& layout, const PcrelMap& pcrel, size_t file)
      : p_(p), layout_(layout), pcrel_(pcrel), file_(file) {
    final = true;
  }

  std::optional<int64_t> symbol(const Expr& node, std::string& message) const override {
    if (node.op == ExprOp::LocalRef) return local_label(node, message);
    if (auto v = lookup(p_.files[file_], node.name, message)) return v;
    if (!message.empty()) return std::nullopt;
    if (auto it = layout_.linker_symbols.find(node.name); it != layout_.linker_symbols.end())
      return it->second;
    for (const FileState& f : p_.files) {
      auto it = f.symbols.find(node.name);
      if (it != f.symbols.end() && it->second.defined && it->second.global)
        return lookup(f, node.name, message);
    }
    message = "undefined symbol '" + node.name + "'";
    for (const FileState& f : p_.files) {
      auto it = f.symbols.find(node.name);
      if (it != f.symbols.end() && it->second.defined)
        message += " (" + f.name + " defines it but does not declare it .globl)";
    }
    return std::nullopt;
  }

  std::optional<int64_t> pcrel_hi_target(int64_t address, std::string& message) const override {
    auto it = pcrel_.find(address);
    if (it == pcrel_.end()) {
      message = fmt::format("%pcrel_lo names 0x{:x}, which is not an instruction using %pcrel_hi",
                            address);
      return std::nullopt;
    }
    const InsnItem& item = p_.insns[it->second.first];
    LinkEnv inner(p_, layout_, pcrel_, item.loc.file);
    inner.pc = address;
    inner.depth_ = depth_ + 1;
    EvalResult r = evaluate(*item.ops.exprs[it->second.second]->lhs, inner);
    if (!r.ok()) message = r.message;
    return r.ok() ? std::optional<int64_t>(r.value) : std::nullopt;
  }

  mutable int depth_ = 0;

 private:
  std::optional<int64_t> lookup(const FileState& f, const std::string& name,
                                std::string& message) const {
    auto it = f.symbols.find(name);
    if (it == f.symbols.end() || !it->second.defined) return std::nullopt;
    const Symbol& s = it->second;
    if (s.section) return int64_t{p_.sections[*s.section].addr} + s.offset;
    if (depth_ > 32) {
      message = "circular symbol definition";
      return std::nullopt;
    }
    ++depth_;
    EvalResult r = evaluate(*s.equ, *this);
    --depth_;
    if (!r.ok()) message = r.message;
    if (depth_ == 0 && message.starts_with("circular")) {
      message = "symbol '" + name + "' is defined in terms of itself";
    }
    return r.ok() ? std::optional<int64_t>(r.value) : std::nullopt;
  }

  std::optional<int64_t> local_label(const Expr& node, std::string& message) const {
    const auto& labels = p_.files[file_].numeric_labels;
    auto it = labels.find(node.value);
    const NumericLabel* found = nullptr;
    if (it != labels.end()) {
      for (const NumericLabel& l : it->second) {
        if (!node.forward && l.seq <= node.seq) found = &l;
        if (node.forward && l.seq > node.seq) {
          found = &l;
          break;
        }
      }
    }
    if (found == nullptr) {
      message =
          fmt::format("undefined local label '{}{}': no '{}:' {} this line", node.value,
                      node.forward ? 'f' : 'b', node.value, node.forward ? "after" : "before");
      return std::nullopt;
    }
    return int64_t{p_.sections[found->section].addr} + found->offset;
  }

  const Program& p_;
  const Layout& layout_;
  const PcrelMap& pcrel_;
  size_t file_;
};

}  // namespace ventus::as
