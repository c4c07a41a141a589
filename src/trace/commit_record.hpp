// CommitRecord: everything one executed warp-instruction contributes to a REF commit log (ISA.md
// §10).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ventus::trace {

// Kinds of the register-like items of a commit line (ISA.md §10.2). kVectorHeader marks where
// REF prints ` e%d m%d l%d`: it is an entry of REF's write map like the registers, so its
// position among the items depends on that map's iteration order and must be recorded.
enum class RegItemKind : uint8_t { kX, kF, kCsr, kVector, kVectorHeader };

struct RegItem {
  RegItemKind kind = RegItemKind::kX;
  uint32_t index = 0;  // x/f/v register number or CSR number; unused for the header
  // kX, kCsr: 32-bit value; kF: 64-bit NaN-boxed value; kVector: the SIMT mask after the
  // instruction (printed before the elements); kVectorHeader: unused.
  uint64_t value = 0;
  uint32_t first_element = 0;  // kVector: offset into CommitRecord::vector_elements
  // kCsr: REF's CSR name. Not owned: it must outlive every use of the record (the ISA
  // layer's CSR table has static storage; the parser points into its own text).
  std::string_view csr_name;
};

// The ` e%d m%d l%d` header: SEW in bits, LMUL (printed `mf%d` when fractional), vl.
struct VectorHeader {
  uint32_t sew = 32;
  uint32_t lmul = 1;
  bool lmul_fractional = false;
  uint32_t vl = 0;
};

// One SIMT-stack entry as REF prints it (ISA.md §2.4, §10.2).
struct SimtEntry {
  uint32_t r_pc = 0;
  uint32_t else_pc = 0;
  uint32_t else_mask = 0;
};

struct MemWrite {
  uint32_t address = 0;
  uint64_t value = 0;
  uint32_t size_bytes = 4;  // 1, 2, 4 or 8: selects the printed width (§10.2)
};

// Filled by the functional simulator for each executed warp-instruction that is logged.
// clear() keeps every vector's capacity, so a record reused across instructions does not
// allocate once it has grown to the largest instruction seen.
struct CommitRecord {
  uint32_t hart = 0;  // warp id within the work-group ("core N")
  uint32_t pc = 0;
  uint32_t word = 0;
  uint32_t word_bytes = 4;  // 2 for a compressed instruction: REF prints it as 0x%04x
  uint32_t privilege = 3;   // always machine mode (3) in REF runs
  std::string disassembly;  // REF-style text from the ISA layer's disassembler
  uint32_t numt = 0;        // elements per vector register item (threads per warp)

  std::vector<RegItem> reg_items;         // in REF's print order (§10.2 rules)
  std::vector<uint32_t> vector_elements;  // numt per kVector item, element 0 first
  VectorHeader vector_header;             // valid when a kVectorHeader item exists

  bool has_simt_dump = false;  // after every opcode-0x5B instruction (vbranch/join/setrpc)
  uint32_t simt_mask = 0;
  uint32_t simt_npc = 0;
  std::vector<SimtEntry> simt_entries;  // top of stack first

  std::vector<uint32_t> mem_reads;  // addresses, in access order
  std::vector<MemWrite> mem_writes;

  void clear() {
    disassembly.clear();
    reg_items.clear();
    vector_elements.clear();
    has_simt_dump = false;
    simt_entries.clear();
    mem_reads.clear();
    mem_writes.clear();
  }

  void set_instruction(uint32_t hart_id, uint32_t pc_value, uint32_t word_value) {
    hart = hart_id;
    pc = pc_value;
    word = word_value;
  }

  void add_x(uint32_t reg, uint32_t value) {
    reg_items.push_back({RegItemKind::kX, reg, value, 0, {}});
  }
  void add_f(uint32_t reg, uint64_t nan_boxed_value) {
    reg_items.push_back({RegItemKind::kF, reg, nan_boxed_value, 0, {}});
  }
  void add_csr(uint32_t number, std::string_view name, uint32_t value) {
    reg_items.push_back({RegItemKind::kCsr, number, value, 0, name});
  }
  void add_vector_header(uint32_t sew, uint32_t lmul, uint32_t vl, bool fractional = false) {
    vector_header = {sew, lmul, fractional, vl};
    reg_items.push_back({RegItemKind::kVectorHeader, 0, 0, 0, {}});
  }
  // Appends a vector write and returns its numt elements (element 0 first) to fill in;
  // numt must be set first (it is the same for every vector item of a line).
  std::span<uint32_t> add_vector(uint32_t reg, uint32_t simt_mask_after) {
    const auto first = static_cast<uint32_t>(vector_elements.size());
    reg_items.push_back({RegItemKind::kVector, reg, simt_mask_after, first, {}});
    vector_elements.resize(first + numt);
    return {vector_elements.data() + first, numt};
  }
  std::span<const uint32_t> elements(const RegItem& item) const {
    return {vector_elements.data() + item.first_element, numt};
  }
  bool has_vector_header() const {
    for (const RegItem& item : reg_items) {
      if (item.kind == RegItemKind::kVectorHeader) return true;
    }
    return false;
  }

  void set_simt(uint32_t mask, uint32_t npc) {
    has_simt_dump = true;
    simt_mask = mask;
    simt_npc = npc;
    simt_entries.clear();
  }
  void add_simt_entry(uint32_t r_pc, uint32_t else_pc, uint32_t else_mask) {
    simt_entries.push_back({r_pc, else_pc, else_mask});
  }

  void add_mem_read(uint32_t address) { mem_reads.push_back(address); }
  void add_mem_write(uint32_t address, uint64_t value, uint32_t size_bytes) {
    mem_writes.push_back({address, value, size_bytes});
  }
};

}  // namespace ventus::trace
