// Tests for RV32A: amo*.w read-modify-write results, lr/sc, alignment traps.
#include <gtest/gtest.h>

#include <cstdint>

#include "functional/semantics/lane_test_harness.hpp"

namespace ventus::functional::testing {
namespace {

struct AmoCase {
  const char* mnemonic;
  uint32_t memory_after;  // memory 0xFFFFFFF0 (-16) combined with x[rs2] = 5
};

TEST(Rv32a, AmoOpsReturnOldValueAndStoreResult) {
  const AmoCase cases[] = {
      {"amoswap.w", 5}, {"amoadd.w", 0xFFFFFFF5}, {"amoxor.w", 0xFFFFFFF5},
      {"amoand.w", 0},  {"amoor.w", 0xFFFFFFF5},  {"amomin.w", 0xFFFFFFF0},
      {"amomax.w", 5},  {"amominu.w", 5},         {"amomaxu.w", 0xFFFFFFF0},
  };
  for (const AmoCase& c : cases) {
    Harness h;
    h.write32(kBuf + 8, 0xFFFFFFF0);
    h.warp.x[10] = kBuf + 8;
    h.warp.x[11] = 5;
    ASSERT_TRUE(h.run(enc(c.mnemonic, {12, 11, 10, 0}))) << c.mnemonic;
    EXPECT_EQ(h.warp.x[12], 0xFFFFFFF0u) << c.mnemonic;
    EXPECT_EQ(h.read32(kBuf + 8), c.memory_after) << c.mnemonic;
    EXPECT_EQ(h.record.mem.size(), 2u) << c.mnemonic;  // one read, one write
  }
}

TEST(Rv32a, LoadReservedStoreConditional) {
  Harness h;
  h.write32(kBuf, 41);
  h.warp.x[10] = kBuf;
  ASSERT_TRUE(h.run(enc("lr.w", {5, 10, 0})));
  EXPECT_EQ(h.warp.x[5], 41u);
  h.warp.x[6] = 42;
  h.warp.x[7] = 99;
  ASSERT_TRUE(h.run(enc("sc.w", {7, 6, 10, 0})));
  EXPECT_EQ(h.warp.x[7], 0u);  // success
  EXPECT_EQ(h.read32(kBuf), 42u);
}

TEST(Rv32a, MisalignedAndUnmappedTrapWithoutWritingRd) {
  Harness h;
  h.warp.x[10] = kBuf + 2;
  h.warp.x[12] = 7;
  EXPECT_FALSE(h.run(enc("amoadd.w", {12, 11, 10, 0})));
  EXPECT_EQ(h.trap.kind, TrapKind::MisalignedAccess);
  h.warp.x[10] = 0x2000;
  EXPECT_FALSE(h.run(enc("amoswap.w", {12, 11, 10, 0})));
  EXPECT_EQ(h.trap.kind, TrapKind::AccessFault);
  EXPECT_EQ(h.warp.x[12], 7u);
}

}  // namespace
}  // namespace ventus::functional::testing
