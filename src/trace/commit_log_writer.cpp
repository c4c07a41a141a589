// CommitLogWriter: REF's disassembly and commit line formats (ISA.md §10.1, §10.2).
#include "trace/commit_log_writer.hpp"

#include <iterator>

namespace ventus::trace {

namespace {

// Spike prints a memory write value with 2·size hex digits, except bytes, whose format is
// `0x%01x` (minimal width), §10.2.
int mem_value_digits(uint32_t size_bytes) {
  return size_bytes == 1 ? 1 : static_cast<int>(2 * size_bytes);
}

}  // namespace

CommitLogWriter::HartState& CommitLogWriter::hart_state(uint32_t hart) {
  if (hart >= harts_.size()) harts_.resize(hart + 1);
  return harts_[hart];
}

void CommitLogWriter::write(const CommitRecord& record) {
  append_disassembly(record.hart, record.pc, record.word, record.disassembly);
  append_commit(record);
  flush();
}

void CommitLogWriter::write_disassembly(uint32_t hart, uint32_t pc, uint32_t word,
                                        std::string_view text) {
  append_disassembly(hart, pc, word, text);
  flush();
}

void CommitLogWriter::write_commit(const CommitRecord& record) {
  append_commit(record);
  flush();
}

void CommitLogWriter::write_trap(uint32_t hart, std::string_view name, uint32_t epc,
                                 const uint32_t* tval) {
  auto out = std::back_inserter(buffer_);
  fmt::format_to(out, "core{:4}: exception {}, epc 0x{:08x}\n", hart, name, epc);
  if (tval != nullptr) fmt::format_to(out, "core{:4}:           tval 0x{:08x}\n", hart, *tval);
  flush();
}

void CommitLogWriter::write_symbol(uint32_t hart, std::string_view symbol) {
  fmt::format_to(std::back_inserter(buffer_), "core{:4}: >>>>  {}\n", hart, symbol);
  flush();
}

void CommitLogWriter::append_disassembly(uint32_t hart, uint32_t pc, uint32_t word,
                                         std::string_view text) {
  HartState& state = hart_state(hart);
  if (state.last_pc == pc && state.last_word == word) {
    ++state.executions;
    return;
  }
  auto out = std::back_inserter(buffer_);
  if (state.executions != 1) {
    fmt::format_to(out, "core{:4}: Executed {} times\n", hart, state.executions);
  }
  fmt::format_to(out, "core{:4}: 0x{:08x} (0x{:08x}) {}\n", hart, pc, word, text);
  state = {pc, word, 1};
}

void CommitLogWriter::append_commit(const CommitRecord& record) {
  auto out = std::back_inserter(buffer_);
  fmt::format_to(out, "core{:4}: {} 0x{:08x} (0x{:0{}x})", record.hart, record.privilege, record.pc,
                 record.word, static_cast<int>(2 * record.word_bytes));
  append_reg_items(record);
  append_simt(record);
  append_memory(record);
  buffer_.push_back('\n');
}

void CommitLogWriter::append_reg_items(const CommitRecord& record) {
  auto out = std::back_inserter(buffer_);
  for (const RegItem& item : record.reg_items) {
    switch (item.kind) {
      case RegItemKind::kX:
        fmt::format_to(out, " x{:<2} 0x{:08x}", item.index, item.value);
        break;
      case RegItemKind::kF:
        fmt::format_to(out, " f{:<2} 0x{:016x}", item.index, item.value);
        break;
      case RegItemKind::kCsr:
        fmt::format_to(out, " c{}_{} 0x{:08x}", item.index, item.csr_name, item.value);
        break;
      case RegItemKind::kVectorHeader: {
        const VectorHeader& h = record.vector_header;
        fmt::format_to(out, " e{} {}{} l{}", h.sew, h.lmul_fractional ? "mf" : "m", h.lmul, h.vl);
        break;
      }
      case RegItemKind::kVector:
        append_vector(record, item);
        break;
    }
  }
}

// Current format: ` v%-2d %08x 0x` (SIMT mask), then the elements high to low, each
// followed by a space (§10.2).
void CommitLogWriter::append_vector(const CommitRecord& record, const RegItem& item) {
  auto out = std::back_inserter(buffer_);
  fmt::format_to(out, " v{:<2} {:08x} 0x", item.index, item.value);
  const auto elements = record.elements(item);
  for (auto it = elements.rbegin(); it != elements.rend(); ++it) {
    fmt::format_to(out, "{:08x} ", *it);
  }
}

void CommitLogWriter::append_simt(const CommitRecord& record) {
  if (!record.has_simt_dump) return;
  auto out = std::back_inserter(buffer_);
  fmt::format_to(out, " current mask:\t{:08x} current npc:\t{:08x} stack size: {:x}",
                 record.simt_mask, record.simt_npc, record.simt_entries.size());
  for (const SimtEntry& e : record.simt_entries) {
    fmt::format_to(out, "\n[r_pc] {:08x} [else_pc] {:08x} [else_mask] {:08x} ", e.r_pc, e.else_pc,
                   e.else_mask);
  }
}

void CommitLogWriter::append_memory(const CommitRecord& record) {
  auto out = std::back_inserter(buffer_);
  for (uint32_t address : record.mem_reads) fmt::format_to(out, " mem 0x{:08x}", address);
  for (const MemWrite& w : record.mem_writes) {
    fmt::format_to(out, " mem 0x{:08x} 0x{:0{}x}", w.address, w.value,
                   mem_value_digits(w.size_bytes));
  }
}

void CommitLogWriter::flush() {
  if (buffer_.size() == 0) return;
  sink_.write(std::string_view(buffer_.data(), buffer_.size()));
  buffer_.clear();
}

}  // namespace ventus::trace
