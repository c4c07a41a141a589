// Decoder index construction and lookup (the row priority rule lives here).
#include "isa/decoder.hpp"

#include <algorithm>
#include <bit>

namespace ventus::isa {
namespace {

constexpr uint32_t kKeyMask = 0x7Fu | (0x7u << 12) | (0x3Fu << 26);

// Word bits that key `key` stands for (inverse of Decoder::key_of on kKeyMask bits).
uint32_t word_of_key(uint32_t key) {
  return ((key >> 9) & 0x7Fu) | (((key >> 6) & 0x7u) << 12) | ((key & 0x3Fu) << 26);
}

// Rows with more fixed bits first: a more specific row wins where two rows overlap
// (the overlap test in isa.test.cpp allows no overlaps today; this keeps lookups stable).
// Only the rows of `profile` take part.
std::vector<uint16_t> rows_by_priority(Profile profile) {
  std::vector<uint16_t> order;
  for (uint16_t i = 0; i < kInsnCount; ++i) {
    if (insn_table()[i].in(profile)) order.push_back(i);
  }
  std::stable_sort(order.begin(), order.end(), [](uint16_t a, uint16_t b) {
    return std::popcount(insn_table()[a].mask) > std::popcount(insn_table()[b].mask);
  });
  return order;
}

}  // namespace

int32_t Decoded::value(OperandKind kind) const {
  if (row == nullptr) return 0;
  const auto index = row->operand_index(kind);
  return index ? values[*index] : 0;
}

uint32_t Decoder::key_of(uint32_t word) {
  return ((word & 0x7Fu) << 9) | (((word >> 12) & 0x7u) << 6) | (word >> 26);
}

Decoder::Decoder(Profile profile) : bucket_begin_(kBucketCount + 1, 0), profile_(profile) {
  const std::vector<uint16_t> order = rows_by_priority(profile);
  std::vector<std::vector<uint16_t>> buckets(kBucketCount);
  for (uint32_t opcode = 0; opcode < 128; ++opcode) {
    for (uint16_t index : order) {
      const InsnRow& row = insn_table()[index];
      if (((opcode ^ row.match) & row.mask & 0x7Fu) != 0) continue;
      for (uint32_t low = 0; low < 512; ++low) {
        const uint32_t key = (opcode << 9) | low;
        if (((word_of_key(key) ^ row.match) & row.mask & kKeyMask) == 0) {
          buckets[key].push_back(index);
        }
      }
    }
  }
  for (uint32_t key = 0; key < kBucketCount; ++key) {
    bucket_begin_[key] = static_cast<uint32_t>(rows_.size());
    rows_.insert(rows_.end(), buckets[key].begin(), buckets[key].end());
  }
  bucket_begin_[kBucketCount] = static_cast<uint32_t>(rows_.size());
}

const InsnRow* Decoder::lookup(uint32_t word) const {
  const uint32_t key = key_of(word);
  for (uint32_t i = bucket_begin_[key]; i < bucket_begin_[key + 1]; ++i) {
    const InsnRow& row = insn_table()[rows_[i]];
    if (row.matches(word)) return &row;
  }
  return nullptr;
}

Decoded decode_as(const InsnRow& row, uint32_t word) {
  Decoded d;
  d.word = word;
  d.row = &row;
  for (size_t i = 0; i < row.operand_count; ++i) {
    d.values[i] = extract_operand(row.operands[i], word);
  }
  return d;
}

Decoded Decoder::decode(uint32_t word) const {
  const InsnRow* row = lookup(word);
  if (row == nullptr) return Decoded{nullptr, word, {}};
  return decode_as(*row, word);
}

const Decoder& decoder(Profile profile) {
  // Immutable after construction: tables, not state.
  static const Decoder v202(Profile::V202);
  if (profile == Profile::V202) return v202;
  static const Decoder v203(Profile::V203);
  return v203;
}

Decoded decode(uint32_t word, Profile profile) {
  return decoder(profile).decode(word);
}

}  // namespace ventus::isa
