// Tests for DeviceMemory, LocalMemory and WorkGroupMemory: checked accesses, faults, routing.
#include "memory/device_memory.hpp"

#include <array>

#include <gtest/gtest.h>

#include "memory/work_group_memory.hpp"

namespace ventus::memory {
namespace {

DeviceMemory two_buffers() {
  DeviceMemory mem;
  EXPECT_TRUE(mem.map_region({0x90000000, 0x40, RegionKind::kGlobal, "A"}).ok());
  EXPECT_TRUE(mem.map_region({0x90001000, 0x40, RegionKind::kGlobal, "B"}).ok());
  return mem;
}

TEST(DeviceMemory, CheckedAccessInsideABufferSucceeds) {
  DeviceMemory mem = two_buffers();
  ASSERT_TRUE(mem.write<uint32_t>(0x9000003C, 0xCAFEF00Du).ok());
  const Checked<uint32_t> word = mem.read<uint32_t>(0x9000003C);
  ASSERT_TRUE(word.ok());
  EXPECT_EQ(word.value(), 0xCAFEF00Du);
  const Checked<uint8_t> fresh = mem.read<uint8_t>(0x90001010);  // mapped, never written
  ASSERT_TRUE(fresh.ok());
  EXPECT_EQ(fresh.value(), 0u);
}

TEST(DeviceMemory, OutOfBoundsAccessReturnsAFaultAndLeavesMemoryAlone) {
  DeviceMemory mem = two_buffers();
  const CheckedStatus bad_write = mem.write<uint32_t>(0x9000003E, 1u);
  ASSERT_FALSE(bad_write.ok());
  EXPECT_EQ(bad_write.fault().addr, 0x9000003Eu);
  EXPECT_EQ(bad_write.fault().size, 4u);
  EXPECT_TRUE(bad_write.fault().is_write);
  EXPECT_EQ(bad_write.fault().message,
            "write of address 0x9000003e (4 bytes) straddles the end of 'A' [0x90000000, "
            "0x90000040) by 2 bytes");
  EXPECT_EQ(mem.store().page_count(), 0u);

  const Checked<uint16_t> bad_read = mem.read<uint16_t>(0x90001ffe);
  ASSERT_FALSE(bad_read.ok());
  EXPECT_FALSE(bad_read.fault().is_write);
  EXPECT_EQ(bad_read.fault().message,
            "read of address 0x90001ffe (2 bytes) is outside every mapped buffer; nearest is "
            "'B' [0x90001000, 0x90001040) which ends 0xfbe bytes below");
}

TEST(DeviceMemory, ByteSpansAreCheckedAsAWhole) {
  DeviceMemory mem = two_buffers();
  std::array<uint8_t, 0x40> full{};
  full[0x3F] = 9;
  EXPECT_TRUE(mem.write_bytes(0x90001000, full).ok());
  std::array<uint8_t, 0x41> too_long{};
  const CheckedStatus r = mem.read_bytes(0x90001000, too_long);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.fault().size, 0x41u);
  EXPECT_EQ(mem.read<uint8_t>(0x9000103F).value(), 9u);
}

TEST(DeviceMemory, UncheckedModeReachesUnmappedAddresses) {
  DeviceMemory mem = two_buffers();
  mem.set_checked(false);
  ASSERT_TRUE(mem.write<uint32_t>(0x12345678, 5u).ok());
  EXPECT_EQ(mem.read<uint32_t>(0x12345678).value(), 5u);
  mem.set_checked(true);
  EXPECT_FALSE(mem.read<uint32_t>(0x12345678).ok());
}

TEST(DeviceMemory, FlatConfigurationCoversTheReferenceRange) {
  DeviceMemory mem = DeviceMemory::flat();
  EXPECT_TRUE(mem.write<uint32_t>(0x70000000, 1u).ok());
  EXPECT_TRUE(mem.write<uint32_t>(0x80001000, 1u).ok());
  EXPECT_TRUE(mem.write<uint32_t>(0xFFFFFFFC, 1u).ok());
  EXPECT_FALSE(mem.write<uint32_t>(0x6FFFFFFE, 1u).ok());
  EXPECT_FALSE(mem.read<uint32_t>(0x00001018).ok());
}

TEST(LocalMemory, RoutingIsByTheTopNibbleOfTheAddress) {
  EXPECT_FALSE(is_local_window(0x6FFFFFFF));
  EXPECT_TRUE(is_local_window(0x70000000));
  EXPECT_TRUE(is_local_window(0x7FFFFFFF));
  EXPECT_FALSE(is_local_window(0x80000000));
  EXPECT_EQ(lds_region_bytes(0x1000, 8), 0x2000u);  // stacks of 8 warps exceed ldsSize
  EXPECT_EQ(lds_region_bytes(0x4000, 4), 0x4000u);
}

TEST(LocalMemory, BuffersAreAllocatedTopDownAndBoundsChecked) {
  LocalMemory local(0x1000);
  const Result<uint32_t> first = local.allocate_buffer(0x100, "tile");
  const Result<uint32_t> second = local.allocate_buffer(0x1001, "big");
  ASSERT_TRUE(first.ok());
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(*first, 0x7FFFF000u);
  EXPECT_EQ(*second, 0x7FFFD000u);
  EXPECT_TRUE(local.write<uint32_t>(0x700000FC, 1u).ok());
  EXPECT_TRUE(local.write<uint32_t>(0x7FFFF0FC, 1u).ok());
  EXPECT_FALSE(local.write<uint32_t>(0x7FFFF100, 1u).ok());  // past 'tile'
  EXPECT_FALSE(local.write<uint32_t>(0x70001000, 1u).ok());  // past 'lds'
  EXPECT_FALSE(local.allocate_buffer(0, "empty").ok());
}

TEST(LocalMemory, TwoWorkGroupsHaveIndependentStores) {
  LocalMemory layout(0x1000);
  ASSERT_TRUE(layout.allocate_buffer(0x40, "shared").ok());
  LocalMemory wg0 = layout.with_same_layout();
  LocalMemory wg1 = layout.with_same_layout();
  ASSERT_TRUE(wg0.write<uint32_t>(0x70000010, 0xAAAAAAAAu).ok());
  ASSERT_TRUE(wg1.write<uint32_t>(0x70000010, 0xBBBBBBBBu).ok());
  ASSERT_TRUE(wg0.write<uint32_t>(0x7FFFF000, 1u).ok());
  EXPECT_EQ(wg0.read<uint32_t>(0x70000010).value(), 0xAAAAAAAAu);
  EXPECT_EQ(wg1.read<uint32_t>(0x70000010).value(), 0xBBBBBBBBu);
  EXPECT_EQ(wg1.read<uint32_t>(0x7FFFF000).value(), 0u);
  EXPECT_EQ(wg1.map().regions().size(), 2u);
  EXPECT_EQ(layout.store().page_count(), 0u);
}

TEST(WorkGroupMemory, RoutesTheLocalWindowToTheGroupsStore) {
  DeviceMemory global = DeviceMemory::flat();
  LocalMemory local0(0x1000);
  LocalMemory local1(0x1000);
  WorkGroupMemory wg0(global, local0);
  WorkGroupMemory wg1(global, local1);
  ASSERT_TRUE(wg0.write<uint32_t>(0x70000000, 10u).ok());
  ASSERT_TRUE(wg1.write<uint32_t>(0x70000000, 11u).ok());
  ASSERT_TRUE(wg0.write<uint32_t>(0x90000000, 12u).ok());
  EXPECT_EQ(wg0.read<uint32_t>(0x70000000).value(), 10u);
  EXPECT_EQ(wg1.read<uint32_t>(0x70000000).value(), 11u);
  EXPECT_EQ(wg1.read<uint32_t>(0x90000000).value(), 12u);  // global is shared
  EXPECT_EQ(global.read<uint32_t>(0x70000000).value(), 0u);
  EXPECT_FALSE(wg0.read<uint32_t>(0x70001000).ok());  // outside this group's lds

  // --ref-compat: the window is part of the one flat memory shared by every group.
  WorkGroupMemory ref(global, global);
  ASSERT_TRUE(ref.write<uint32_t>(0x7FFFF000, 13u).ok());
  EXPECT_EQ(global.read<uint32_t>(0x7FFFF000).value(), 13u);
}

}  // namespace
}  // namespace ventus::memory
