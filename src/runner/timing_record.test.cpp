// The steppable core (issue 9): WorkGroup::step fills the TimingRecord field by field for
// representative instructions, checked against values derived by hand from ISA.md.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "functional/work_group_step.hpp"
#include "runner/program_runner.hpp"

namespace ventus::runner {
namespace {

using functional::MemOp;
using functional::MemSpace;
using functional::RegFile;
using functional::RegRef;
using functional::SimtOp;
using functional::StepResult;
using functional::StepStatus;
using functional::TimingPolicy;
using functional::TimingRecord;
using functional::WarpEvent;

constexpr uint32_t kData = 0x90000000u;
constexpr uint32_t kPds = 0x90100000u;
constexpr uint32_t kNumt = 8;
constexpr uint32_t kNumw = 2;

// One work-group of two 8-thread warps over an assembled program, stepped by the test.
class Stepper {
 public:
  explicit Stepper(const std::string& body, isa::Profile profile = isa::kDefaultProfile)
      : code_(memory_, profile) {
    options_.profile = profile;
    auto image = assemble_program("timing.s", ".text\n" + body, kProgramBase, profile);
    EXPECT_TRUE(image) << (image ? "" : image.error().message);
    if (!image) return;
    for (const elf::ImageSection& s : image->sections) {
      if ((s.flags & elf::kShfAlloc) == 0 || s.size() == 0) continue;
      (void)memory_.map_region({s.addr, s.size(), memory::RegionKind::kCode, s.name});
      memory_.store().write_bytes(s.addr, s.bytes);
    }
    (void)memory_.map_region({kData, 0x1000, memory::RegionKind::kGlobal, "data"});
    (void)memory_.map_region({kPds, 0x1000, memory::RegionKind::kPrivate, "pds"});
    config_.kernel_name = "timing";
    config_.start_pc = image->entry;
    config_.numt = kNumt;
    config_.numw = kNumw;
    config_.pds_base = kPds;
    config_.pds_size = 64;
    group_ =
        std::make_unique<functional::WorkGroup>(config_, options_, 0, 0, memory_, &layout_, code_);
  }

  // Steps warp `warp` and returns what it recorded; `result` gets the step's result.
  TimingRecord step(unsigned warp, StepResult* result = nullptr) {
    TimingRecord record;
    const StepResult r = group_->step<TimingPolicy>(warp, &record);
    EXPECT_EQ(r.status, StepStatus::Retired) << std::hex << record.pc;
    if (result != nullptr) *result = r;
    return record;
  }
  void step_n(unsigned warp, unsigned n) {
    for (unsigned i = 0; i < n; ++i) step(warp);
  }
  functional::WorkGroup& group() { return *group_; }
  memory::DeviceMemory& memory() { return memory_; }

 private:
  memory::DeviceMemory memory_;
  memory::LocalMemory layout_{memory::lds_region_bytes(0x1000, kNumw)};
  functional::LaunchConfig config_;
  functional::EngineOptions options_;
  functional::DecodeCache code_;
  std::unique_ptr<functional::WorkGroup> group_;
};

// li t0, 32 (addi) + vsetvli: vl = numt, like start.S.
constexpr const char* kSetVl = R"(
        li      t0, 32
        vsetvli t0, t0, e32, m1, ta, ma
)";

RegRef x(unsigned i) {
  return {RegFile::Scalar, static_cast<uint8_t>(i)};
}
RegRef v(unsigned i) {
  return {RegFile::Vector, static_cast<uint8_t>(i)};
}

TEST(TimingRecord, ScalarWithRegextHasExtendedRegisters) {
  // add x40, x33, x10: the assembler emits regext (rd prefix 1, rs1 prefix 1) first.
  Stepper s("        add x40, x33, a0\n");
  const TimingRecord prefix = s.step(0);
  EXPECT_EQ(prefix.row->unit, isa::Unit::Prefix);
  const TimingRecord r = s.step(0);
  EXPECT_EQ(r.row->mnemonic, "add");
  EXPECT_EQ(r.pc, prefix.pc + 4);
  EXPECT_EQ(r.next_pc, r.pc + 4);
  EXPECT_EQ(r.destination, x(40));
  ASSERT_EQ(r.source_count, 2u);
  EXPECT_EQ(r.sources[0], x(33));
  EXPECT_EQ(r.sources[1], x(10));
  EXPECT_EQ(r.active, 0xffu);  // scalar: the SIMT mask
  EXPECT_EQ(r.mem_op, MemOp::None);
  EXPECT_EQ(r.address_count, 0u);
  EXPECT_EQ(r.simt_op, SimtOp::None);
}

TEST(TimingRecord, MaskedVectorLoadListsActiveLaneAddresses) {
  Stepper s(std::string(kSetVl) + R"(
        li      t3, 7
        vmv.v.x v0, t3               # bit-packed v0 mask (C19): lanes 0, 1, 2
        li      a0, 0x90000000
        vle32.v v2, (a0), v0.t
)");
  TimingRecord r;
  do {
    r = s.step(0);
  } while (r.row->mnemonic != "vle32.v");
  EXPECT_EQ(r.mem_op, MemOp::Load);
  EXPECT_EQ(r.mem_space, MemSpace::Global);
  EXPECT_EQ(r.access_bytes, 4u);
  EXPECT_EQ(r.active, 0b111u);
  EXPECT_EQ(r.address_lanes, 0b111u);
  ASSERT_EQ(r.address_count, 3u);
  for (unsigned i = 0; i < 3; ++i) EXPECT_EQ(r.lane_address[i], kData + 4 * i);
  EXPECT_EQ(r.destination, v(2));
  ASSERT_EQ(r.source_count, 2u);  // a0 and the v0 mask
  EXPECT_EQ(r.sources[0], x(10));
  EXPECT_EQ(r.sources[1], v(0));
}

// Unit-stride and uniform lanes are served by one translation (lane_memory.hpp); the record
// still lists every active lane's address in ascending lane order, as lane by lane.
TEST(TimingRecord, WarpWideAccessesListEveryLaneAddress) {
  Stepper s(std::string(kSetVl) + R"(
        li      a0, 0x90000000
        vmv.v.x v1, a0               # every lane: kData (uniform)
        vid.v   v3
        vsll.vi v3, v3, 2
        vadd.vx v3, v3, a0           # lane i: kData + 4 i (unit stride)
        vsw12.v v3, 16(v3)           # kData + 16 + 4 i = kData + 4 i
        vlw12.v v2, 20(v1)           # every lane loads kData + 20 (lane 1's word)
        vsw12.v v3, 0(v1)            # every lane stores to kData: the highest lane wins
        li      t3, 60
        vmv.v.x v0, t3               # lanes 2..5
        vle32.v v4, (a0), v0.t
)");
  auto next = [&](std::string_view mnemonic) {
    TimingRecord r;
    do {
      r = s.step(0);
    } while (r.row->mnemonic != mnemonic);
    return r;
  };
  const TimingRecord unit = next("vsw12.v");
  EXPECT_EQ(unit.mem_op, MemOp::Store);
  EXPECT_EQ(unit.mem_space, MemSpace::Global);
  EXPECT_EQ(unit.access_bytes, 4u);
  EXPECT_EQ(unit.address_lanes, 0xffu);
  ASSERT_EQ(unit.address_count, kNumt);
  for (unsigned i = 0; i < kNumt; ++i) EXPECT_EQ(unit.lane_address[i], kData + 16 + 4 * i) << i;
  const TimingRecord uniform_load = next("vlw12.v");
  ASSERT_EQ(uniform_load.address_count, kNumt);
  EXPECT_EQ(uniform_load.address_lanes, 0xffu);
  for (unsigned i = 0; i < kNumt; ++i) EXPECT_EQ(uniform_load.lane_address[i], kData + 20) << i;
  EXPECT_EQ(s.group().warps()[0].pc, uniform_load.next_pc);
  const TimingRecord uniform_store = next("vsw12.v");
  ASSERT_EQ(uniform_store.address_count, kNumt);
  for (unsigned i = 0; i < kNumt; ++i) EXPECT_EQ(uniform_store.lane_address[i], kData) << i;
  EXPECT_EQ(s.memory().store().read32(kData), kData + 4 * (kNumt - 1));
  EXPECT_EQ(s.memory().store().read32(kData + 20), kData + 4);  // the unit-stride store's
  const TimingRecord run = next("vle32.v");
  EXPECT_EQ(run.active, 0b111100u);
  EXPECT_EQ(run.address_lanes, 0b111100u);
  ASSERT_EQ(run.address_count, 4u);
  for (unsigned k = 0; k < 4; ++k) EXPECT_EQ(run.lane_address[k], kData + 4 * (2 + k)) << k;
}

// Lanes 0..3 take the branch, 4..7 fall through: the taken side (ties: taken first) runs,
// the stack gets the reconvergence entry and the else entry (ISA.md §2.4).
constexpr const char* kDivergent = R"(
        vid.v   v1
        li      t2, 4
        vmv.v.x v7, t2
.Lpc:
        auipc   t1, 0
        setrpc  zero, t1, .Ljoin - .Lpc
        vblt    v1, v7, .Lthen
        addi    a2, a2, 1
        j       .Ljoin
.Lthen:
        addi    a3, a3, 1
.Ljoin:
        join    zero, zero, 0
        endprg  x0, x0, x0
)";

TEST(TimingRecord, DivergentBranchPushesAndJoinPops) {
  Stepper s(std::string(kSetVl) + kDivergent);
  TimingRecord r;
  do {
    r = s.step(0);
  } while (r.row->mnemonic != "vblt");
  EXPECT_EQ(r.simt_op, SimtOp::Push);
  EXPECT_EQ(r.simt_entries, 2u);
  EXPECT_EQ(r.simt_depth, 2u);
  EXPECT_EQ(r.active, 0xffu);
  ASSERT_EQ(r.source_count, 2u);  // vblt vs2, vs1: v1 < v7 is the condition
  EXPECT_EQ(r.sources[0], v(1));
  EXPECT_EQ(r.sources[1], v(7));
  const uint32_t then_pc = r.pc + 12;
  EXPECT_EQ(r.next_pc, then_pc);
  EXPECT_EQ(s.group().warps()[0].mask, 0x0fu);
  const TimingRecord then = s.step(0);  // addi a3 under mask 0x0f
  EXPECT_EQ(then.active, 0x0fu);
  const TimingRecord join = s.step(0);
  EXPECT_EQ(join.row->mnemonic, "join");
  EXPECT_EQ(join.simt_op, SimtOp::Pop);
  EXPECT_EQ(join.simt_entries, 1u);
  EXPECT_EQ(join.simt_depth, 1u);
  EXPECT_EQ(join.next_pc, r.pc + 4);  // the else path
  EXPECT_EQ(s.group().warps()[0].mask, 0xf0u);
}

TEST(TimingRecord, BarrierReleasesWhenTheLastWarpArrives) {
  Stepper s("        barrier x0, x0, 1\n        endprg x0, x0, x0\n");
  StepResult first;
  const TimingRecord r = s.step(0, &first);
  EXPECT_EQ(r.row->unit, isa::Unit::Barrier);
  EXPECT_EQ(first.event, WarpEvent::Barrier);
  EXPECT_EQ(first.released, 0u);
  EXPECT_FALSE(s.group().steppable(0));
  StepResult second;
  s.step(1, &second);
  EXPECT_EQ(second.released, 0b11u);
  EXPECT_TRUE(s.group().steppable(0));
  EXPECT_TRUE(s.group().steppable(1));
}

TEST(TimingRecord, AtomicIsOneReadModifyWriteAccess) {
  Stepper s(R"(
        li      a0, 0x90000010
        li      a1, 5
        amoadd.w a2, a1, (a0)
)");
  TimingRecord r;
  do {
    r = s.step(0);
  } while (r.row->mnemonic != "amoadd.w");
  EXPECT_EQ(r.mem_op, MemOp::Atomic);
  ASSERT_EQ(r.address_count, 1u);
  EXPECT_EQ(r.lane_address[0], kData + 0x10);
  EXPECT_EQ(r.address_lanes, 1u);
  EXPECT_EQ(r.access_bytes, 4u);
  EXPECT_EQ(r.destination, x(12));
  EXPECT_EQ(s.memory().store().read32(kData + 0x10), 5u);
}

TEST(TimingRecord, PrivateStoreUsesTheInterleavedAddresses) {
  // vsw.v v2, 4(v1) with v1 = 0: word 1 of thread T lives at PDS + 4 (1 * NT + T), NT = 16
  // threads of the group (ISA.md §5.11); warp 1's threads are T = 8..15.
  Stepper s(std::string(kSetVl) + R"(
        vmv.v.x v1, zero
        vid.v   v2
        vsw.v   v2, 4(v1)
)");
  s.step_n(1, 4);
  const TimingRecord r = s.step(1);
  ASSERT_EQ(r.row->mnemonic, "vsw.v");
  EXPECT_EQ(r.mem_op, MemOp::Store);
  EXPECT_EQ(r.mem_space, MemSpace::Private);
  EXPECT_EQ(r.destination.file, RegFile::None);
  ASSERT_EQ(r.address_count, kNumt);
  EXPECT_EQ(r.address_lanes, 0xffu);
  const uint32_t group_threads = kNumt * kNumw;
  for (unsigned i = 0; i < kNumt; ++i) {
    EXPECT_EQ(r.lane_address[i], kPds + 4 * (1 * group_threads + kNumt + i)) << i;
  }
}

// pre_m_global_128 (ISA.md §5.15) before vlw12.v: one address per lane covering its 16
// bytes (the LSU requests every block in them), and the prefix's cache hint (w[18:15]).
TEST(TimingRecord, WidePrefixedAccessCoversEveryWordOfEachLane) {
  Stepper s(std::string(kSetVl) + R"(
        li      a0, 0x90000000
        vid.v   v1
        vsll.vi v1, v1, 5
        vadd.vx v1, v1, a0
        pre_m_global_128 0, 0, 5
        vlw12.v v4, 16(v1)
)",
            isa::Profile::V203);
  TimingRecord r;
  do {
    r = s.step(0);
  } while (r.row->mnemonic != "vlw12.v");
  EXPECT_EQ(r.cache_hint, 5u);
  EXPECT_EQ(r.access_bytes, 16u);
  ASSERT_EQ(r.address_count, kNumt);
  EXPECT_EQ(r.address_lanes, 0xffu);
  for (unsigned i = 0; i < kNumt; ++i) EXPECT_EQ(r.lane_address[i], kData + 32 * i + 16) << i;
}

// regpair (ISA.md §5.13) makes the next add a 64-bit one: its record says so, for the cycle
// model's pair latency; the add after it is a plain one again.
TEST(TimingRecord, PairPrefixMarksTheInstructionItCovers) {
  Stepper s(R"(
        regpair zero, zero, 0
        add     a0, a2, a4
        add     a0, a2, a4
)");
  TimingRecord prefix;
  do {
    prefix = s.step(0);
  } while (prefix.row->mnemonic != "regpair");
  EXPECT_FALSE(prefix.pair_prefixed);
  const TimingRecord covered = s.step(0);
  ASSERT_EQ(covered.row->mnemonic, "add");
  EXPECT_TRUE(covered.pair_prefixed);
  EXPECT_FALSE(s.step(0).pair_prefixed);
}

}  // namespace
}  // namespace ventus::runner
