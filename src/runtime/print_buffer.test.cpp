// Tests of the host side of kernel printf: conversions and record decoding (docs/printf.md).
#include "runtime/print_buffer.hpp"

#include <gtest/gtest.h>

#include <bit>

namespace ventus::runtime_detail {
namespace {

memory::DeviceMemory memory_with_string(uint32_t at, std::string_view text) {
  memory::DeviceMemory m;
  EXPECT_TRUE(m.map_region({at, 0x1000, memory::RegionKind::kGlobal, "strings"}));
  for (size_t i = 0; i < text.size(); ++i) {
    m.store().write<uint8_t>(at + static_cast<uint32_t>(i), static_cast<uint8_t>(text[i]));
  }
  return m;
}

TEST(PrintFormat, Conversions) {
  const auto m = memory_with_string(0x90000000, "abc");
  const uint32_t neg = std::bit_cast<uint32_t>(-42);
  const uint32_t f = std::bit_cast<uint32_t>(1.5f);
  const std::vector<uint32_t> args{neg, neg, 255, 255, f, 0x90000000, 'Z', 8};
  EXPECT_EQ(format_message("%d %u %x %#06X %.2f %s %c %o", args, m),
            "-42 4294967254 ff 0X00FF 1.50 abc Z 10");
  EXPECT_EQ(format_message("100%% %5d|%-4d|", std::vector<uint32_t>{7, 3}, m), "100%     7|3   |");
  EXPECT_EQ(format_message("%ld %hhu", std::vector<uint32_t>{5, 6}, m), "5 6");  // lengths ignored
  EXPECT_EQ(format_message("%d %d", std::vector<uint32_t>{1}, m), "1 (missing argument)");
  EXPECT_EQ(format_message("%s", std::vector<uint32_t>{0x10}, m), "(bad string 0x00000010)");
  EXPECT_EQ(format_message("%p %y", std::vector<uint32_t>{0x80}, m), "0x00000080 %y");
}

// Issue 13 item 10: %99999999d took 16 s and lost the field; widths and precisions are
// capped at 256 and the line says so. Strings longer than the old 511-byte buffer are whole.
TEST(PrintFormat, HugeWidthsAreCappedAndSaidSoLongFieldsAreWhole) {
  const auto m = memory_with_string(0x90000000, std::string(1000, 's'));
  const std::string capped = format_message("%99999999d|", std::vector<uint32_t>{7}, m);
  EXPECT_EQ(capped, std::string(255, ' ') + "7(field width or precision capped at 256)|");
  EXPECT_EQ(format_message("%.1000f", std::vector<uint32_t>{std::bit_cast<uint32_t>(0.5f)}, m),
            "0.5" + std::string(255, '0') + "(field width or precision capped at 256)");
  EXPECT_EQ(format_message("%0256d", std::vector<uint32_t>{1}, m), std::string(255, '0') + "1");
  EXPECT_EQ(format_message("%s", std::vector<uint32_t>{0x90000000}, m), std::string(1000, 's'));
  const std::string digits(100000, '9');  // not even a number that fits 64 bits
  EXPECT_EQ(format_message("%" + digits + "x", std::vector<uint32_t>{255}, m),
            std::string(254, ' ') + "ff(field width or precision capped at 256)");
}

TEST(PrintDrain, DecodesActiveLanesAndRefills) {
  memory::DeviceMemory m = memory_with_string(0x90000000, "v=%d\n");
  const PrintBuffer buffer{0x90001000, 2 * 64, 4, 2};  // two warps, 64-byte slots
  ASSERT_TRUE(m.map_region({0x90001000, 128, memory::RegionKind::kOther, "print"}));
  for (uint32_t at = 0; at < 128; at += 4) m.store().write32(0x90001000 + at, ~0u);
  const uint32_t slot = 0x90001000 + 64;  // warp 1
  m.store().write32(slot, 0x90000000);
  m.store().write32(slot + 4, 1);
  m.store().write32(slot + 8 + 4 * 1, 5);     // lane 1 = thread 5 active
  m.store().write32(slot + 8 + 4 * 3, 7);     // lane 3 = thread 7 active
  m.store().write32(slot + 8 + 16 + 4, 11);   // argument of lane 1
  m.store().write32(slot + 8 + 16 + 12, 13);  // argument of lane 3
  functional::PrintRequest request;
  request.group_id = {2, 1, 0};
  request.warp = 1;
  const auto lines = drain_print_slot(m, buffer, request);
  EXPECT_EQ(lines,
            (std::vector<std::string>{"[wg (2,1,0) thread 5] v=11", "[wg (2,1,0) thread 7] v=13"}));
  EXPECT_EQ(m.store().read32(slot + 8 + 4), ~0u);  // refilled for the next message
  m.store().write32(slot + 4, 9);                  // more arguments than the format allows
  EXPECT_NE(drain_print_slot(m, buffer, request)[0].find("malformed"), std::string::npos);
}

}  // namespace
}  // namespace ventus::runtime_detail
