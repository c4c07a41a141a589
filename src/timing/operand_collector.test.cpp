// OperandCollector unit tests: OC_IN -> OUT of instructions with hand-chosen source registers,
// derived cycle by cycle from the RTL's collector rule (TIMING.md §6 and the comments of
// operand_collector.hpp): reads start the cycle after OC_IN; each (file, bank) arbiter grants
// one read per cycle; the next cycle the crossbar delivers only the lowest-bank grant (scalar
// before vector); a read requests until the cycle it is delivered, so its first grant is
// followed by a duplicate; OUT = last delivered grant + operand_cycles.
#include "timing/operand_collector.hpp"

#include <gtest/gtest.h>

#include <initializer_list>

namespace ventus::timing {
namespace {

using functional::RegFile;
using functional::RegRef;

IssueParams issue_params() {
  IssueParams p;
  p.collector_units = 8;
  p.register_banks = 4;
  p.no_operand_cycles = 2;
  p.operand_cycles = 3;
  return p;
}

RegRef x(uint8_t index) {
  return {RegFile::Scalar, index};
}
RegRef v(uint8_t index) {
  return {RegFile::Vector, index};
}

struct Bench {
  IssueParams params = issue_params();
  sim::Counter dropped;
  OperandCollector collector{params, dropped};

  // OC_IN at `now` of an instruction reading `sources` for warp slot `slot`.
  OperandCollector::Unit& enter(std::initializer_list<RegRef> sources, unsigned slot, Cycle now) {
    OperandCollector::Unit* unit = collector.free_unit(now);
    EXPECT_NE(unit, nullptr);
    unit->record = functional::TimingRecord{};
    for (RegRef s : sources) unit->record.sources[unit->record.source_count++] = s;
    collector.start(*unit, slot, now);
    return *unit;
  }
  // Ticks from `from` until every unit given is OUT; at most 64 cycles.
  void run(Cycle from, std::initializer_list<const OperandCollector::Unit*> units) {
    for (Cycle now = from; now < from + 64; ++now) {
      collector.tick(now);
      bool all = true;
      for (const auto* u : units) all = all && u->ready_at != kNeverCycle;
      if (all) return;
    }
  }
};

// OC_IN -> OUT of one instruction alone in the collector (warp slot 0: bank = register mod 4).
Cycle residency(std::initializer_list<RegRef> sources) {
  Bench b;
  const auto& unit = b.enter(sources, 0, 100);
  b.run(100, {&unit});
  return unit.ready_at - 100;
}

TEST(OperandCollector, NoRegisterOperandTakesTheRegisterStageOnly) {
  EXPECT_EQ(residency({}), 2u);  // lui, auipc, jal (TIMING.md §6: measured 2)
}

TEST(OperandCollector, OneReadIsGrantedDeliveredAndOut) {
  EXPECT_EQ(residency({x(5)}), 4u);  // grant t+1, delivery t+2, OUT t+4 (measured 4)
}

// Banks 1 and 2: both granted at t+1; bank 1 delivered at t+2 and again (its duplicate) at
// t+3, the bank-2 read dropped both times; granted alone at t+3, delivered at t+4: OUT t+6.
TEST(OperandCollector, TwoReadsOfTwoBanksTakeSix) {
  EXPECT_EQ(residency({x(5), x(10)}), 6u);
}

// Bank 1 twice: one arbiter, whose pointer moves past the first read to the second, so no
// duplicate separates them: delivered at t+2 and t+3, OUT t+5.
TEST(OperandCollector, TwoReadsOfOneBankTakeFive) {
  EXPECT_EQ(residency({x(5), x(9)}), 5u);
}

// Scalar and vector banks have their own arbiters but share the crossbar: the scalar read
// wins bank 1's delivery and the vector read waits as if in another bank.
TEST(OperandCollector, AScalarAndAVectorReadOfOneBankTakeSix) {
  EXPECT_EQ(residency({x(9), v(5)}), 6u);
  EXPECT_EQ(residency({v(5), v(9)}), 5u);
}

// A masked vector instruction also reads v0 (vector bank = warp slot): three groups take
// 2 + 3 reads + 3 groups = 8, two groups 7, one group 6.
TEST(OperandCollector, ThreeReadsTakeTwoPlusReadsPlusGroups) {
  EXPECT_EQ(residency({v(1), v(2), v(0)}), 8u);
  EXPECT_EQ(residency({v(1), v(5), v(0)}), 7u);
  EXPECT_EQ(residency({v(4), v(8), v(0)}), 6u);
}

// Two warps' single reads in banks 1 and 2 entering together: the bank-1 read is delivered at
// t+2 and its duplicate at t+3, so the bank-2 read, dropped twice, is delivered at t+4.
TEST(OperandCollector, OneDeliveryPerCycleServesTheWholeSm) {
  Bench b;
  const auto& low = b.enter({x(1)}, 0, 100);
  const auto& high = b.enter({x(2)}, 0, 100);
  b.run(100, {&low, &high});
  EXPECT_EQ(low.ready_at - 100, 4u);
  EXPECT_EQ(high.ready_at - 100, 6u);
  EXPECT_EQ(b.dropped.value, 2u);
}

// The bank adds the warp slot: for slot 1, x4 and x8 are both in bank 1 ((1 + 4) mod 4 and
// (1 + 8) mod 4), one arbiter, so 5 cycles (for slot 0 they would both be in bank 0).
TEST(OperandCollector, TheWarpSlotShiftsTheBank) {
  Bench b;
  const auto& unit = b.enter({x(4), x(8)}, 1, 100);  // banks 1 and 1
  b.run(100, {&unit});
  EXPECT_EQ(unit.ready_at - 100, 5u);
}

// inst_demux takes the lowest free unit (collector_unit.v: one in S_IDLE). An instruction
// leaves ibuffer2issue at OC_IN into a pipeline register and reaches the demux at the next edge,
// and a unit whose instruction issued returns to S_IDLE at that issue's edge: so the unit that
// issues at 102 takes the instruction whose OC_IN is at 102, not only one at 103. (RTL traces:
// warp 1 issues from the lowest unit at 92, warp 2's auipc enters at 92 and issues from that
// unit at 94 ahead of warp 0's csrr, which entered at 90 into the unit above; every public
// launch starts so.)
TEST(OperandCollector, AUnitIssuingThisCycleTakesTheInstructionEnteringInIt) {
  Bench b;
  auto& first = b.enter({}, 0, 100);
  EXPECT_EQ(b.collector.free_unit(100), &b.collector.units()[1]);
  EXPECT_EQ(b.collector.free_unit(101), &b.collector.units()[1]);
  b.collector.release(first, 102);
  EXPECT_EQ(b.collector.free_unit(102), &b.collector.units()[0]);
}

}  // namespace
}  // namespace ventus::timing
