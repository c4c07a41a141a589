// Decoder: instruction word -> table row and operand values, via a 16-bit-keyed bucket index.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "isa/insn_table.hpp"

namespace ventus::isa {

// A decoded word: its row (nullptr when no row matches) and operand values in row order.
struct Decoded {
  const InsnRow* row = nullptr;
  uint32_t word = 0;
  std::array<int32_t, kMaxOperands> values{};

  bool valid() const { return row != nullptr; }
  // Value of the operand of `kind`; 0 when the row has no such operand.
  int32_t value(OperandKind kind) const;
};

// Builds the index once; lookups hash the opcode, funct3 and bits 31:26 into one of 65536
// buckets that list only the rows compatible with those bits (most specific first), so a
// lookup compares against one to three rows instead of scanning the table.
// One decoder per ISA profile: it knows only the rows of its profile (ISA.md §5.12), so a
// word of another profile decodes to no row (an illegal instruction).
class Decoder {
 public:
  explicit Decoder(Profile profile = kDefaultProfile);
  Profile profile() const { return profile_; }
  const InsnRow* lookup(uint32_t word) const;
  Decoded decode(uint32_t word) const;

 private:
  static constexpr uint32_t kBucketCount = 1u << 16;
  static uint32_t key_of(uint32_t word);
  std::vector<uint32_t> bucket_begin_;  // kBucketCount + 1 offsets into rows_
  std::vector<uint16_t> rows_;
  Profile profile_;
};

// The immutable decoder of `profile` built from the instruction table (constructed on first use).
const Decoder& decoder(Profile profile = kDefaultProfile);

// `word` decoded as `row` (which must match it): the operand values of an instruction whose
// row is known, whatever profile it was decoded in.
Decoded decode_as(const InsnRow& row, uint32_t word);

// Convenience: decoder(profile).decode(word).
Decoded decode(uint32_t word, Profile profile = kDefaultProfile);

}  // namespace ventus::isa
