// Entry comparison for log_diff: register/CSR items as a set, vector values by element
// (old and current format alike), SIMT dumps and memory accesses in order (ISA.md §10.2).
#include "trace/entry_compare.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <span>

namespace ventus::trace::detail {

namespace {

// Collects differences; with a null sink it only remembers that one was found.
class Notes {
 public:
  explicit Notes(std::vector<std::string>* sink) : sink_(sink) {}
  template <typename... Args>
  void add(fmt::format_string<Args...> format, Args&&... args) {
    equal_ = false;
    if (sink_ != nullptr) sink_->push_back(fmt::format(format, std::forward<Args>(args)...));
  }
  bool equal() const { return equal_; }

 private:
  std::vector<std::string>* sink_;
  bool equal_ = true;
};

const char* kind_name(EntryKind kind) {
  switch (kind) {
    case EntryKind::kDisassembly:
      return "disassembly line";
    case EntryKind::kCommit:
      return "commit line";
    case EntryKind::kExecuted:
      return "Executed line";
    case EntryKind::kTrap:
      return "exception line";
    case EntryKind::kSymbol:
      return "symbol line";
  }
  return "line";
}

std::string item_name(const CommitRecord& r, const RegItem& item) {
  switch (item.kind) {
    case RegItemKind::kX:
      return fmt::format("x{}", item.index);
    case RegItemKind::kF:
      return fmt::format("f{}", item.index);
    case RegItemKind::kCsr:
      return fmt::format("c{}_{}", item.index, item.csr_name);
    case RegItemKind::kVector:
      return fmt::format("v{}", item.index);
    case RegItemKind::kVectorHeader:
      break;
  }
  const VectorHeader& h = r.vector_header;
  return fmt::format("e{} {}{} l{}", h.sew, h.lmul_fractional ? "mf" : "m", h.lmul, h.vl);
}

// The item as REF prints it, for "missing item"/"extra item" (vectors: elements high→low).
std::string item_text(const CommitRecord& r, const RegItem& item) {
  switch (item.kind) {
    case RegItemKind::kX:
    case RegItemKind::kCsr:
      return fmt::format("{} 0x{:08x}", item_name(r, item), item.value);
    case RegItemKind::kF:
      return fmt::format("{} 0x{:016x}", item_name(r, item), item.value);
    case RegItemKind::kVectorHeader:
      return item_name(r, item);
    case RegItemKind::kVector:
      break;
  }
  std::string text = fmt::format("v{} 0x", item.index);
  const auto elements = r.elements(item);
  for (auto it = elements.rbegin(); it != elements.rend(); ++it) {
    fmt::format_to(std::back_inserter(text), "{:08x}", *it);
  }
  return text;
}

bool item_less(const RegItem* x, const RegItem* y) {
  return x->kind != y->kind ? x->kind < y->kind : x->index < y->index;
}

std::vector<const RegItem*> sorted_items(const CommitRecord& r) {
  std::vector<const RegItem*> items;
  items.reserve(r.reg_items.size());
  for (const RegItem& item : r.reg_items) items.push_back(&item);
  std::stable_sort(items.begin(), items.end(), item_less);
  return items;
}

void compare_vectors(const LogEntry& a, const LogEntry& b, const RegItem& x, const RegItem& y,
                     Notes& notes) {
  const auto ea = a.record.elements(x);
  const auto eb = b.record.elements(y);
  if (ea.size() != eb.size()) {
    notes.add("v{}: {} vs {} elements", x.index, ea.size(), eb.size());
    return;
  }
  // The old format prints no mask, so a mask is compared only when both sides have one.
  if (!a.legacy_format && !b.legacy_format && x.value != y.value) {
    notes.add("v{} mask: {:08x} vs {:08x}", x.index, x.value, y.value);
  }
  for (std::size_t k = ea.size(); k-- > 0;) {
    if (ea[k] != eb[k]) notes.add("v{}[{}]: 0x{:08x} vs 0x{:08x}", x.index, k, ea[k], eb[k]);
  }
}

void compare_item_values(const LogEntry& a, const LogEntry& b, const RegItem& x, const RegItem& y,
                         Notes& notes) {
  const CommitRecord& ra = a.record;
  const CommitRecord& rb = b.record;
  switch (x.kind) {
    case RegItemKind::kVector:
      compare_vectors(a, b, x, y, notes);
      return;
    case RegItemKind::kVectorHeader: {
      const VectorHeader& ha = ra.vector_header;
      const VectorHeader& hb = rb.vector_header;
      if (ha.sew != hb.sew || ha.lmul != hb.lmul || ha.lmul_fractional != hb.lmul_fractional ||
          ha.vl != hb.vl) {
        notes.add("vector header: {} vs {}", item_name(ra, x), item_name(rb, y));
      }
      return;
    }
    case RegItemKind::kCsr:
      if (x.csr_name != y.csr_name)
        notes.add("c{} name: {} vs {}", x.index, x.csr_name, y.csr_name);
      break;
    default:
      break;
  }
  const int digits = x.kind == RegItemKind::kF ? 16 : 8;
  if (x.value != y.value) {
    notes.add("{}: 0x{:0{}x} vs 0x{:0{}x}", item_name(ra, x), x.value, digits, y.value, digits);
  }
}

void compare_reg_items(const LogEntry& a, const LogEntry& b, Notes& notes) {
  const auto xs = sorted_items(a.record);
  const auto ys = sorted_items(b.record);
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < xs.size() || j < ys.size()) {
    if (j == ys.size() || (i < xs.size() && item_less(xs[i], ys[j]))) {
      notes.add("missing item {}", item_text(a.record, *xs[i++]));
    } else if (i == xs.size() || item_less(ys[j], xs[i])) {
      notes.add("extra item {}", item_text(b.record, *ys[j++]));
    } else {
      compare_item_values(a, b, *xs[i++], *ys[j++], notes);
    }
  }
}

void compare_simt(const LogEntry& a, const LogEntry& b, Notes& notes) {
  const CommitRecord& ra = a.record;
  const CommitRecord& rb = b.record;
  if (ra.has_simt_dump != rb.has_simt_dump) {
    notes.add("{} item SIMT dump", ra.has_simt_dump ? "missing" : "extra");
    return;
  }
  if (!ra.has_simt_dump) return;
  if (ra.simt_mask != rb.simt_mask)
    notes.add("SIMT mask: {:08x} vs {:08x}", ra.simt_mask, rb.simt_mask);
  if (ra.simt_npc != rb.simt_npc) notes.add("SIMT npc: {:08x} vs {:08x}", ra.simt_npc, rb.simt_npc);
  if (a.stack_size != b.stack_size)
    notes.add("SIMT stack size: {} vs {}", a.stack_size, b.stack_size);
  if (a.legacy_format || b.legacy_format) return;  // the old dump lists no entries
  const std::size_t n = std::max(ra.simt_entries.size(), rb.simt_entries.size());
  for (std::size_t k = 0; k < n; ++k) {
    const bool in_a = k < ra.simt_entries.size();
    const bool in_b = k < rb.simt_entries.size();
    const SimtEntry ea = in_a ? ra.simt_entries[k] : SimtEntry{};
    const SimtEntry eb = in_b ? rb.simt_entries[k] : SimtEntry{};
    if (in_a && in_b && ea.r_pc == eb.r_pc && ea.else_pc == eb.else_pc &&
        ea.else_mask == eb.else_mask) {
      continue;
    }
    notes.add("SIMT entry {}: {} vs {}", k,
              in_a ? fmt::format("[r_pc] {:08x} [else_pc] {:08x} [else_mask] {:08x}", ea.r_pc,
                                 ea.else_pc, ea.else_mask)
                   : "none",
              in_b ? fmt::format("[r_pc] {:08x} [else_pc] {:08x} [else_mask] {:08x}", eb.r_pc,
                                 eb.else_pc, eb.else_mask)
                   : "none");
  }
}

std::string mem_text(uint32_t address) {
  return fmt::format("mem 0x{:08x}", address);
}
std::string mem_text(const MemWrite& w) {
  return fmt::format("mem 0x{:08x} 0x{:0{}x}", w.address, w.value,
                     w.size_bytes == 1 ? 1 : static_cast<int>(2 * w.size_bytes));
}
bool same(uint32_t x, uint32_t y) {
  return x == y;
}
bool same(const MemWrite& x, const MemWrite& y) {
  return x.address == y.address && x.value == y.value && x.size_bytes == y.size_bytes;
}

// Memory accesses are compared in order; a single dropped or added access is reported as
// such instead of as a shift of every later access.
template <typename T>
void compare_accesses(std::span<const T> xs, std::span<const T> ys, const char* what,
                      Notes& notes) {
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < xs.size() || j < ys.size()) {
    if (i < xs.size() && j < ys.size() && same(xs[i], ys[j])) {
      ++i, ++j;
    } else if (j == ys.size() || (i + 1 < xs.size() && same(xs[i + 1], ys[j]))) {
      notes.add("missing item {}", mem_text(xs[i++]));
    } else if (i == xs.size() || (j + 1 < ys.size() && same(xs[i], ys[j + 1]))) {
      notes.add("extra item {}", mem_text(ys[j++]));
    } else {
      notes.add("{} {}: {} vs {}", what, i, mem_text(xs[i]), mem_text(ys[j]));
      ++i, ++j;
    }
  }
}

void compare_commits(const LogEntry& a, const LogEntry& b, Notes& notes) {
  const CommitRecord& ra = a.record;
  const CommitRecord& rb = b.record;
  if (ra.privilege != rb.privilege) notes.add("privilege: {} vs {}", ra.privilege, rb.privilege);
  compare_reg_items(a, b, notes);
  compare_simt(a, b, notes);
  compare_accesses<uint32_t>(ra.mem_reads, rb.mem_reads, "mem read", notes);
  compare_accesses<MemWrite>(ra.mem_writes, rb.mem_writes, "mem write", notes);
}

void compare_traps(const LogEntry& a, const LogEntry& b, Notes& notes) {
  if (a.name != b.name) notes.add("exception: {} vs {}", a.name, b.name);
  if (a.epc != b.epc) notes.add("epc: 0x{:08x} vs 0x{:08x}", a.epc, b.epc);
  if (a.has_tval != b.has_tval || a.tval != b.tval) {
    notes.add("tval: {} vs {}", a.has_tval ? fmt::format("0x{:08x}", a.tval) : "none",
              b.has_tval ? fmt::format("0x{:08x}", b.tval) : "none");
  }
}

}  // namespace

bool compare_entries(const LogEntry& a, const LogEntry& b, const DiffOptions& options,
                     std::vector<std::string>* details) {
  Notes notes(details);
  if (a.kind != b.kind) {
    notes.add("{} vs {}", kind_name(a.kind), kind_name(b.kind));
    return false;
  }
  const CommitRecord& ra = a.record;
  const CommitRecord& rb = b.record;
  switch (a.kind) {
    case EntryKind::kExecuted:
      if (a.executed_count != b.executed_count) {
        notes.add("Executed: {} vs {} times", a.executed_count, b.executed_count);
      }
      return notes.equal();
    case EntryKind::kTrap:
      compare_traps(a, b, notes);
      return notes.equal();
    case EntryKind::kSymbol:
      if (a.name != b.name) notes.add("symbol: {} vs {}", a.name, b.name);
      return notes.equal();
    default:
      break;
  }
  if (ra.pc != rb.pc) notes.add("pc: 0x{:08x} vs 0x{:08x}", ra.pc, rb.pc);
  if (ra.word != rb.word) notes.add("word: 0x{:08x} vs 0x{:08x}", ra.word, rb.word);
  if (a.kind == EntryKind::kDisassembly) {
    if (options.compare_disassembly_text && ra.disassembly != rb.disassembly) {
      notes.add("disassembly: `{}` vs `{}`", ra.disassembly, rb.disassembly);
    }
  } else {
    compare_commits(a, b, notes);
  }
  return notes.equal();
}

}  // namespace ventus::trace::detail
