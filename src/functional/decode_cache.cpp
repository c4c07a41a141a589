// DecodeCache slow paths: creating a page and fetching + predecoding one word.
#include "functional/decode_cache.hpp"

namespace ventus::functional {

DecodeCache::Page& DecodeCache::page_for(uint32_t page) {
  auto& table = directory_[page >> kTableBits];
  if (!table) table = std::make_unique<Table>();
  auto& slot = (*table)[page & ((1u << kTableBits) - 1)];
  if (!slot) slot = std::make_unique<Page>();
  return *slot;
}

void DecodeCache::note_vector_destination(const Insn& insn) {
  if (insn.row == nullptr) return;  // traps before it executes
  const isa::InsnRow& row = *insn.row;
  // Every vector register a row writes is its Vd operand (the rd field, §5).
  if (!row.operand_index(isa::OperandKind::Vd) && !row.has(isa::flag::kPrefix)) return;
  // A prefix extends or widens the next instruction's registers; a pair row writes vd + 1.
  const unsigned widened = row.has(isa::flag::kPairOperands) ? 2u : 1u;
  const unsigned bound = row.has(isa::flag::kPrefix) ? kRegCount : insn.rd + widened;
  if (bound > vector_register_bound()) vector_bound_.store(bound, std::memory_order_relaxed);
}

// A prefix covers the next instruction, which is always the word after it (a prefix is not
// a branch, and a trap entry clears the prefix state, work_group_traps.cpp).
bool DecodeCache::follows_prefix(uint32_t pc) const {
  if (pc < 4) return false;
  const uint32_t before = pc - 4;
  if (memory_.checked() && memory_.map().find(before, sizeof(uint32_t)) == nullptr) return false;
  return is_prefix_word(memory_.store().read<uint32_t>(before), profile_);
}

const Insn* DecodeCache::fill(uint32_t pc, Insn& slot) {
  // An unfetchable pc is refused without building the fault's message: the cycle model's
  // speculative fetch runs past a kernel's last instruction on every loop trip.
  if (memory_.checked() && memory_.map().find(pc, sizeof(uint32_t)) == nullptr) return nullptr;
  slot = predecode(memory_.store().read<uint32_t>(pc), profile_, follows_prefix(pc));
  note_vector_destination(slot);
  return &slot;
}

}  // namespace ventus::functional
