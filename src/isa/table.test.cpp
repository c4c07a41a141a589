// Instruction-table invariants: no overlaps, complete rows, exact operand coverage, round trips.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <string>

#include "isa/decoder.hpp"
#include "isa/disassembler.hpp"
#include "isa/encoder.hpp"
#include "isa/insn_table.hpp"

namespace ventus::isa {
namespace {

// Two rows overlap when some word matches both: their fixed bits agree wherever both fix them.
bool rows_overlap(const InsnRow& a, const InsnRow& b) {
  return ((a.mask & b.mask) & (a.match ^ b.match)) == 0;
}

// Bits of the word that operand `kind` occupies.
uint32_t field_bits(OperandKind kind) {
  return insert_operand(kind, 0, -1);
}

// Documented don't-care fields: '.' bits of a pattern that no operand covers. Each entry cites
// why the reference decoder (REF MASK, ISA.md §5.0) leaves the bits free; the assembler
// writes zero there. There must be no other uncovered '.' bit in the table.
const std::map<InsnId, uint32_t>& documented_dont_cares() {
  static const std::map<InsnId, uint32_t> kDontCares = {
      // RISC-V unprivileged spec §2.7: fence rs1/rd are reserved, ignored by hardware.
      {InsnId::FENCE, 0x000F8F80u},
      // ISA.md §5.6: "REF mask leaves rs2/rs1/rd don't-care" (mask 0xFE00707F).
      {InsnId::ENDPRG, 0x01FF8F80u},
      // ISA.md §5.7: operands are literally "x0, x0"; REF mask 0xFE00707F leaves rs2 and rd free.
      {InsnId::BARRIER, 0x01F00F80u},
      {InsnId::BARRIERSUB, 0x01F00F80u},
  };
  return kDontCares;
}

// The first profile `row` belongs to (every row belongs to one: checked below).
Profile a_profile_of(const InsnRow& row) {
  return row.in(Profile::V202) ? Profile::V202 : Profile::V203;
}

bool share_a_profile(const InsnRow& a, const InsnRow& b) {
  return (a.profiles & b.profiles) != 0;
}

// ISA.md §5.12: no two rows of one profile overlap (rows of different profiles may: none
// do today, but a word's meaning is then the profile's).
TEST(InsnTable, NoTwoRowsOfOneProfileOverlap) {
  const auto table = insn_table();
  // Documented priorities (pairs allowed to overlap, more specific row wins): none today.
  const std::set<std::pair<InsnId, InsnId>> kDocumentedPriorities = {};
  for (size_t i = 0; i < table.size(); ++i) {
    EXPECT_NE(table[i].profiles & profile_set::kAll, 0) << table[i].mnemonic << ": no profile";
    for (size_t j = i + 1; j < table.size(); ++j) {
      if (!share_a_profile(table[i], table[j]) || !rows_overlap(table[i], table[j])) continue;
      EXPECT_TRUE(kDocumentedPriorities.count({table[i].id, table[j].id}) != 0)
          << table[i].mnemonic << " overlaps " << table[j].mnemonic;
    }
  }
}

TEST(InsnTable, OverlapPredicateDetectsOverlaps) {
  // Guards the predicate above: a row overlaps itself, and beq/bne (funct3 differs) do not.
  EXPECT_TRUE(rows_overlap(insn_row(InsnId::ADD), insn_row(InsnId::ADD)));
  EXPECT_FALSE(rows_overlap(insn_row(InsnId::BEQ), insn_row(InsnId::BNE)));
  // endprg (f7=0) and vftta.vv (f6=000011) share custom-0 funct3 100 but differ in bits 31:26.
  EXPECT_FALSE(rows_overlap(insn_row(InsnId::ENDPRG), insn_row(InsnId::VFTTA_VV)));
  // regpair (v2.02 only) and prefix (v2.03 only) share no profile; ld is in v2.03 only.
  EXPECT_FALSE(share_a_profile(insn_row(InsnId::REGPAIR), insn_row(InsnId::PREFIX)));
  EXPECT_TRUE(share_a_profile(insn_row(InsnId::ADD), insn_row(InsnId::LD)));
}

// ISA.md §5.12: v2.03 = v2.02 minus REGPAIR/REGPAIRI plus §5.14-§5.18; the decoder of a
// profile knows no row of the other.
TEST(InsnTable, ProfilesSelectTheirRows) {
  EXPECT_EQ(decode(0x0000500Bu, Profile::V202).row, &insn_row(InsnId::REGPAIR));
  EXPECT_FALSE(decode(0x0000500Bu, Profile::V203).valid());
  EXPECT_FALSE(decode(0x0000700Bu, Profile::V203).valid());
  // ld a0, 0(a2) = 0x00063503 (RV64I): illegal in v2.02, ld in v2.03.
  EXPECT_FALSE(decode(0x00063503u, Profile::V202).valid());
  EXPECT_EQ(decode(0x00063503u, Profile::V203).row, &insn_row(InsnId::LD));
  // §5.15's example word: pre_m_global_32 with pair = 1 and no extension.
  EXPECT_EQ(decode(0x00080026u, Profile::V203).row, &insn_row(InsnId::PRE_M_GLOBAL_32));
  EXPECT_EQ(decode(0x00080026u, Profile::V203).value(OperandKind::Pair), 1);
  // w[14:9] non-zero is no prefix (§5.15: the shaded field must be zero).
  EXPECT_FALSE(decode(0x00080226u, Profile::V203).valid());
  // PREFIX 0x02 and PREFIXI 0x0A; w[12:7] non-zero is none (§5.16).
  EXPECT_EQ(decode(0x00000002u, Profile::V203).row, &insn_row(InsnId::PREFIX));
  EXPECT_EQ(decode(0x0000000Au, Profile::V203).row, &insn_row(InsnId::PREFIXI));
  EXPECT_FALSE(decode(0x00000082u, Profile::V203).valid());
  size_t v202 = 0, v203 = 0, both = 0;
  for (const InsnRow& row : insn_table()) {
    v202 += row.in(Profile::V202) ? 1 : 0;
    v203 += row.in(Profile::V203) ? 1 : 0;
    both += row.profiles == profile_set::kAll ? 1 : 0;
  }
  EXPECT_EQ(v202, both + 2);  // regpair, regpairi
  // 8 VLx12D/VSx12D, 16 PRE_M_*, PREFIX, PREFIXI, 9 *W, ld, sd, lr.d, sc.d, 9 amo*.d,
  // 29 widening rows (§5.14-§5.18).
  EXPECT_EQ(v203, both + 8 + 16 + 2 + 9 + 2 + 2 + 9 + 29);
}

TEST(InsnTable, EveryRowIsCompleteAndMnemonicsAreUnique) {
  std::set<std::string_view> mnemonics;
  size_t index = 0;
  for (const InsnRow& row : insn_table()) {
    EXPECT_EQ(static_cast<size_t>(row.id), index++) << row.mnemonic << ": id out of table order";
    EXPECT_FALSE(row.mnemonic.empty());
    EXPECT_TRUE(mnemonics.insert(row.mnemonic).second) << "duplicate mnemonic " << row.mnemonic;
    EXPECT_FALSE(unit_name(row.unit).empty()) << row.mnemonic;
    // Only rows without operands may have an empty syntax (ecall, fence.i, ...).
    if (row.operand_count > 0 && !(row.operand_count == 1 && row.has(flag::kAqRl))) {
      EXPECT_FALSE(row.syntax.empty()) << row.mnemonic;
      EXPECT_FALSE(row.ref_syntax.empty()) << row.mnemonic;
    }
    EXPECT_EQ(row.match & ~row.mask, 0u) << row.mnemonic << ": match has bits outside mask";
    EXPECT_EQ(row.mask & 0x3u, 0x3u) << row.mnemonic << ": 32-bit encodings fix bits 1:0";
    // bits 1:0 = 11, except the v2.03 prefixes in the (compressed-free) 10 space (§5.12).
    const bool prefix_space = row.has(flag::kMemPrefix | flag::kComputePrefix);
    EXPECT_EQ(row.match & 0x3u, prefix_space ? 0x2u : 0x3u) << row.mnemonic;
    EXPECT_EQ(find_row_by_mnemonic(row.mnemonic), &row);
  }
  EXPECT_EQ(index, kInsnCount);
}

TEST(InsnTable, OperandsCoverExactlyTheFreeBitsExceptDocumentedDontCares) {
  for (const InsnRow& row : insn_table()) {
    uint32_t covered = 0;
    for (OperandKind kind : row.operand_kinds()) {
      const uint32_t bits = field_bits(kind);
      // vm/aqrl and friends are real fields; two operands sharing bits would be ambiguous.
      EXPECT_EQ(covered & bits, 0u) << row.mnemonic << ": operand $" << operand_info(kind).token
                                    << " overlaps another operand";
      EXPECT_EQ(bits & row.mask, 0u)
          << row.mnemonic << ": operand $" << operand_info(kind).token << " overlaps fixed bits";
      covered |= bits;
    }
    const uint32_t free_bits = ~row.mask;
    const auto it = documented_dont_cares().find(row.id);
    const uint32_t dont_care = it == documented_dont_cares().end() ? 0u : it->second;
    EXPECT_EQ(free_bits & ~covered, dont_care)
        << row.mnemonic << std::hex << ": uncovered free bits 0x" << (free_bits & ~covered)
        << ", documented 0x" << dont_care;
  }
}

TEST(InsnTable, DecodingEveryMatchWordGivesItsRow) {
  for (const InsnRow& row : insn_table()) {
    const Decoded d = decode(row.match, a_profile_of(row));
    ASSERT_TRUE(d.valid()) << row.mnemonic;
    EXPECT_EQ(d.row, &row) << row.mnemonic << " decoded as " << d.row->mnemonic;
    EXPECT_EQ(encode(d), row.match) << row.mnemonic;
  }
}

// A random legal value for `kind`: inside operand_range, even where required, and only the
// defined rounding modes (5 and 6 are reserved, RISC-V spec Table 11.1).
int64_t random_value(OperandKind kind, std::mt19937& rng) {
  if (kind == OperandKind::Rm) {
    static constexpr int64_t kModes[] = {0, 1, 2, 3, 4, 7};
    return kModes[std::uniform_int_distribution<size_t>(0, 5)(rng)];
  }
  const OperandRange range = operand_range(kind);
  int64_t value = std::uniform_int_distribution<int64_t>(range.min, range.max)(rng);
  if (operand_info(kind).even) value &= ~int64_t{1};
  return value;
}

// The value decode reports for an encoded `value`: Uimm12 stores negative inputs as their low
// 12 bits (ISA.md §5.4, C5) and reads them back unsigned.
int64_t decoded_form(OperandKind kind, int64_t value) {
  return kind == OperandKind::Uimm12 ? (value & 0xFFF) : value;
}

TEST(InsnTable, RandomOperandSweepRoundTripsThroughEncodeAndDecode) {
  std::mt19937 rng(20240611);  // fixed seed: failures are reproducible
  constexpr int kPerRow = 400;
  for (const InsnRow& row : insn_table()) {
    for (int n = 0; n < kPerRow; ++n) {
      std::vector<int64_t> values;
      for (OperandKind kind : row.operand_kinds()) values.push_back(random_value(kind, rng));
      const Result<uint32_t> word = encode(row, values);
      ASSERT_TRUE(word.ok()) << row.mnemonic << ": " << word.error().message;
      const Decoded d = decode(*word, a_profile_of(row));
      ASSERT_EQ(d.row, &row) << row.mnemonic << std::hex << " word 0x" << *word;
      for (size_t i = 0; i < values.size(); ++i) {
        EXPECT_EQ(d.values[i], decoded_form(row.operands[i], values[i]))
            << row.mnemonic << " operand " << i;
      }
      EXPECT_EQ(encode(d), *word) << row.mnemonic;
      EXPECT_NE(disassemble(d, 0x80000000, DisasmStyle::Llvm), "<unknown>");
    }
  }
}

TEST(InsnTable, EncoderRejectsOutOfRangeOperandsNamingThem) {
  const std::vector<int64_t> too_big = {1, 2, 2048};
  const Result<uint32_t> r = encode(insn_row(InsnId::ADDI), too_big);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("imm12"), std::string::npos) << r.error().message;
  const std::vector<int64_t> odd_branch = {1, 2, 3};
  EXPECT_FALSE(encode(insn_row(InsnId::BEQ), odd_branch).ok());
  const std::vector<int64_t> wrong_count = {1, 2};
  EXPECT_FALSE(encode(insn_row(InsnId::ADD), wrong_count).ok());
}

TEST(InsnTable, UnknownWordsDecodeAsInvalid) {
  const uint32_t kUnknown[] = {
      0x00000000u,  // all zero: defined illegal in RISC-V
      0xFFFFFFFFu,  // all ones: defined illegal in RISC-V
      0x0200400Bu,  // custom-0 funct3 100 with f7=0000001: no row (§5.0)
      0x0800400Bu,  // custom-0 funct3 100 with f6=000010 (vfexp's f6, wrong funct3)
      0x0800E00Bu,  // vfexp with rs1 != 0 (MASK 0xFC0FF07F)
      0x0000600Bu,  // custom-0 funct3 110 with f6=000000 (vfexp needs f6=000010)
      0x8000302Bu,  // custom-1 store with funct3 011: no private store of that width
      0x0000302Bu,  // custom-1 load with funct3 011
      0x00004501u,  // a 16-bit (compressed) encoding: bits 1:0 != 11
  };
  for (uint32_t word : kUnknown) {
    const Decoded d = decode(word);
    EXPECT_FALSE(d.valid()) << std::hex << word << " decoded as " << d.row->mnemonic;
    EXPECT_EQ(disassemble(word, 0x80000000, DisasmStyle::Llvm), "<unknown>") << std::hex << word;
    EXPECT_EQ(disassemble(word, 0x80000000, DisasmStyle::Ref), "unknown") << std::hex << word;
  }
}

}  // namespace
}  // namespace ventus::isa
