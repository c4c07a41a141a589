// Tests for AddressMap: lookups, overlap rejection, and the fault descriptions.
#include "memory/address_map.hpp"

#include <gtest/gtest.h>

namespace ventus::memory {
namespace {

AddressMap matadd_like_map() {
  AddressMap map;
  EXPECT_TRUE(map.add({0x90000000, 0x40, RegionKind::kGlobal, "A"}).ok());
  EXPECT_TRUE(map.add({0x90002000, 0x40, RegionKind::kGlobal, "C"}).ok());
  EXPECT_TRUE(map.add({0x90001000, 0x40, RegionKind::kGlobal, "B"}).ok());
  return map;
}

TEST(AddressMap, FindsTheRegionContainingTheWholeAccess) {
  const AddressMap map = matadd_like_map();
  ASSERT_NE(map.find(0x90001000, 4), nullptr);
  EXPECT_EQ(map.find(0x90001000, 4)->name, "B");
  EXPECT_EQ(map.find(0x9000103C, 4)->name, "B");
  EXPECT_EQ(map.find(0x9000103D, 4), nullptr);  // crosses the end
  EXPECT_EQ(map.find(0x90000FFF, 1), nullptr);
  EXPECT_EQ(map.find(0x8FFFFFFF, 1), nullptr);
  EXPECT_EQ(map.find(0x90002000, 0x40)->name, "C");
  EXPECT_EQ(map.find_base(0x90002000)->name, "C");
  EXPECT_EQ(map.find_base(0x90002004), nullptr);
  ASSERT_EQ(map.regions().size(), 3u);
  EXPECT_EQ(map.regions()[1].name, "B");  // kept sorted
}

TEST(AddressMap, RegionMayEndExactlyAtTopOfAddressSpace) {
  AddressMap map;
  ASSERT_TRUE(map.add({0x70000000, 0x90000000ull, RegionKind::kOther, "flat"}).ok());
  EXPECT_NE(map.find(0xFFFFFFFC, 4), nullptr);
  EXPECT_EQ(map.find(0xFFFFFFFE, 4), nullptr);  // would wrap past 2^32
  EXPECT_FALSE(map.add({0xFFFFF000, 0x2000, RegionKind::kOther, "too far"}).ok());
}

TEST(AddressMap, OverlapIsAnErrorNamingBothRegions) {
  AddressMap map = matadd_like_map();
  const Status below = map.add({0x90000FF0, 0x20, RegionKind::kArgs, "X"});
  ASSERT_FALSE(below.ok());
  EXPECT_NE(below.error().message.find("'X'"), std::string::npos);
  EXPECT_NE(below.error().message.find("'B'"), std::string::npos);
  const Status inside = map.add({0x90000010, 4, RegionKind::kArgs, "Y"});
  ASSERT_FALSE(inside.ok());
  EXPECT_NE(inside.error().message.find("'A'"), std::string::npos);
  EXPECT_FALSE(map.add({0x90001000, 0x40, RegionKind::kGlobal, "B2"}).ok());
  EXPECT_FALSE(map.add({0x90003000, 0, RegionKind::kGlobal, "empty"}).ok());
  // Touching but not overlapping is fine.
  EXPECT_TRUE(map.add({0x90000040, 0xFC0, RegionKind::kOther, "gap"}).ok());
  EXPECT_EQ(map.regions().size(), 4u);
}

TEST(AddressMap, RemoveOnlyByExactBase) {
  AddressMap map = matadd_like_map();
  EXPECT_FALSE(map.remove(0x90001004).ok());
  EXPECT_TRUE(map.remove(0x90001000).ok());
  EXPECT_EQ(map.find(0x90001000, 4), nullptr);
  EXPECT_FALSE(map.remove(0x90001000).ok());
}

TEST(AddressMap, FaultOutsideEveryBufferNamesTheNearestBelow) {
  AddressMap map = matadd_like_map();
  ASSERT_TRUE(map.remove(0x90002000).ok());  // B is the last buffer
  EXPECT_EQ(map.describe_fault(0x90001ffe, 4),
            "address 0x90001ffe (4 bytes) is outside every mapped buffer; nearest is 'B' "
            "[0x90001000, 0x90001040) which ends 0xfbe bytes below");
  // Between two buffers the closer one is named.
  EXPECT_NE(matadd_like_map().describe_fault(0x90001100, 4).find("'B'"), std::string::npos);
}

TEST(AddressMap, FaultOutsideEveryBufferNamesTheNearestAbove) {
  const AddressMap map = matadd_like_map();
  EXPECT_EQ(map.describe_fault(0x90001f00, 4),
            "address 0x90001f00 (4 bytes) is outside every mapped buffer; nearest is 'C' "
            "[0x90002000, 0x90002040) which starts 0x100 bytes above");
}

TEST(AddressMap, FaultBeforeTheFirstBuffer) {
  const AddressMap map = matadd_like_map();
  EXPECT_EQ(map.describe_fault(0x10, 2),
            "address 0x10 (2 bytes) is outside every mapped buffer; nearest is 'A' "
            "[0x90000000, 0x90000040) which starts 0x8ffffff0 bytes above");
}

TEST(AddressMap, FaultStraddlingABuffersEndOrStart) {
  const AddressMap map = matadd_like_map();
  EXPECT_EQ(map.describe_fault(0x9000103e, 4),
            "address 0x9000103e (4 bytes) straddles the end of 'B' [0x90001000, 0x90001040) "
            "by 2 bytes");
  EXPECT_EQ(map.describe_fault(0x90001fff, 4),
            "address 0x90001fff (4 bytes) straddles the start of 'C' [0x90002000, 0x90002040) "
            "by 3 bytes");
}

TEST(AddressMap, FaultWithNoBufferMapped) {
  const AddressMap map;
  EXPECT_EQ(map.describe_fault(0x90000000, 4),
            "address 0x90000000 (4 bytes) is outside every mapped buffer; no buffer is mapped");
}

}  // namespace
}  // namespace ventus::memory
