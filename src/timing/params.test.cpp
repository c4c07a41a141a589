// TimingParams::check: the rules between parameters (the model moves whole lines), with the
// bundled machines' values accepted.
#include <gtest/gtest.h>

#include "timing/params.hpp"

namespace ventus::timing {
namespace {

TEST(TimingParamsCheck, TheTestBenchBuildAndLinesOfEqualSizesPass) {
  EXPECT_EQ(TimingParams{}.check(), "");
  TimingParams wide;  // seed 003's 128-byte lines and blocks (configs/ventus-seed003.toml)
  wide.lsu.block_bytes = wide.lsu.l1d.line_bytes = wide.memory.l2.line_bytes = 128;
  EXPECT_EQ(wide.check(), "");
  TimingParams narrow;  // smaller units than a line are fine: several per line
  narrow.front.fetch_bytes = 4;
  narrow.lsu.block_bytes = 4;
  narrow.memory.l2.line_bytes = 64;
  EXPECT_EQ(narrow.check(), "");
}

TEST(TimingParamsCheck, AUnitLargerThanTheLineItIsServedFromIsNamed) {
  TimingParams p;
  p.front.fetch_bytes = 16;
  EXPECT_EQ(p.check(),
            "sm.fetch.packet_bytes = 16 is larger than sm.icache.line_bytes = 8: a fetch reads "
            "one line");
  p = TimingParams{};
  p.lsu.block_bytes = 32;
  EXPECT_EQ(p.check(),
            "sm.lsu.block_bytes = 32 is larger than sm.l1d.line_bytes = 8: a coalesced request "
            "is one L1 line");
  p = TimingParams{};
  p.memory.l2.line_bytes = 4;
  EXPECT_EQ(p.check(),
            "sm.l1d.line_bytes = 8 is larger than memory.l2.line_bytes = 4: an L1 fill is one L2 "
            "line");
  p = TimingParams{};
  p.front.icache.line_bytes = 16;
  p.front.fetch_bytes = 16;
  EXPECT_EQ(p.check(),
            "sm.icache.line_bytes = 16 is larger than memory.l2.line_bytes = 8: an I-cache fill "
            "is one L2 line");
}

}  // namespace
}  // namespace ventus::timing
