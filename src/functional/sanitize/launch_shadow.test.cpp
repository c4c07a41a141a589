// LaunchShadow keeps per-byte meaning in whole-word cells (a partial access splits the word),
// and GlobalDefinedness cuts undefined ranges as bytes get written.
#include "functional/sanitize/launch_shadow.hpp"

#include <gtest/gtest.h>

#include <map>

#include "functional/sanitize/global_definedness.hpp"

namespace ventus::functional::sanitize {
namespace {

using Op = LaunchShadow::Op;

AccessKey key(uint32_t group, uint32_t actor, uint32_t pc) {
  return AccessKey::make(group + 1, actor, pc);
}

std::map<uint32_t, LaunchShadow::Bytes> bytes_of(const LaunchShadow& s) {
  std::map<uint32_t, LaunchShadow::Bytes> out;
  s.for_each([&](uint32_t addr, const LaunchShadow::Bytes& b) { out.emplace(addr, b); });
  return out;
}

// Group 0 stores 0x11223344 to a word; group 1 stores 0x11223355: only byte 0 differs. Then
// group 2 reads byte 2 alone, which splits the word: bytes 0, 1, 3 keep the two writes, byte 2
// gets the read too.
TEST(LaunchShadow, WholeWordsSplitOnAPartialAccess) {
  LaunchShadow s;
  s.add(0x1000, 4, Op::Write, key(0, 1, 0x80000010), 0x11223344u);
  s.add(0x1000, 4, Op::Write, key(1, 1, 0x80000010), 0x11223355u);
  auto before = bytes_of(s);
  ASSERT_EQ(before.size(), 4u);
  EXPECT_TRUE(before.at(0x1000).values_differ);
  EXPECT_FALSE(before.at(0x1001).values_differ);
  EXPECT_EQ(before.at(0x1003).value, 0x11);
  EXPECT_EQ(before.at(0x1002).writes.a, key(0, 1, 0x80000010));
  EXPECT_EQ(before.at(0x1002).writes.b, key(1, 1, 0x80000010));
  s.add(0x1002, 1, Op::Read, key(2, 3, 0x80000020), 0);
  auto after = bytes_of(s);
  EXPECT_EQ(after.at(0x1002).reads.a, key(2, 3, 0x80000020));
  EXPECT_TRUE(after.at(0x1001).reads.a.empty());
  EXPECT_TRUE(after.at(0x1000).values_differ);
  EXPECT_EQ(after.at(0x1003).writes.b, key(1, 1, 0x80000010));
  EXPECT_EQ(s.bytes_at(0x1002).reads.a, key(2, 3, 0x80000020));
  EXPECT_TRUE(s.bytes_at(0x2000).writes.a.empty());  // never touched
}

TEST(GlobalDefinedness, WritesCutTheUndefinedRanges) {
  GlobalDefinedness d;
  EXPECT_TRUE(d.all_defined());
  d.allocate(0x100, 0x40);  // [0x100, 0x140)
  d.define(0x110, 0x10);    // [0x100, 0x110) and [0x120, 0x140) left
  EXPECT_TRUE(d.defined(0xff));
  EXPECT_FALSE(d.defined(0x100));
  EXPECT_FALSE(d.defined(0x10f));
  EXPECT_TRUE(d.defined(0x110));
  EXPECT_TRUE(d.defined(0x11f));
  EXPECT_FALSE(d.defined(0x120));
  EXPECT_FALSE(d.defined(0x13f));
  EXPECT_TRUE(d.defined(0x140));
  d.define(0x0, 0x130);  // [0x130, 0x140) left
  EXPECT_TRUE(d.defined(0x12f));
  EXPECT_FALSE(d.defined(0x130));
  d.define_all();
  EXPECT_TRUE(d.all_defined());
  EXPECT_TRUE(d.defined(0x130));
}

}  // namespace
}  // namespace ventus::functional::sanitize
