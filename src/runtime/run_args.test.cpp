// The `ventus run` argument grammar on its own: every kind of --arg, sizes, number text, and
// the limits of each number (fuzzed as fuzz/run_args.cpp).
#include "runtime/run_args.hpp"

#include <gtest/gtest.h>

#include <cstring>

namespace ventus::run_args {
namespace {

template <typename T>
T value_of(const ArgSpec& spec) {
  EXPECT_EQ(spec.kind, ArgSpec::Kind::Value);
  EXPECT_EQ(spec.value.size(), sizeof(T));
  T v{};
  std::memcpy(&v, spec.value.data(), sizeof(T));
  return v;
}

TEST(RunArgs, ValuesOfEveryKindAndTheirLimits) {
  EXPECT_EQ(value_of<uint32_t>(*parse_arg("u32:0xffffffff")), 0xffffffffu);
  EXPECT_EQ(value_of<int32_t>(*parse_arg("i32:-2147483648")), INT32_MIN);
  EXPECT_EQ(value_of<uint64_t>(*parse_arg("u64:18446744073709551615")), UINT64_MAX);
  // -2^63 was negated as a signed 64-bit number: undefined behaviour (UBSan, the fuzzer).
  EXPECT_EQ(value_of<int64_t>(*parse_arg("i64:-9223372036854775808")), INT64_MIN);
  EXPECT_EQ(value_of<float>(*parse_arg("f32:1.5")), 1.5f);
  for (const char* bad : {"u32:-1", "u32:0x100000000", "i32:2147483648", "i64:9223372036854775808",
                          "u64:", "f32:1.5x", "i32:0x"}) {
    const auto r = parse_arg(bad);
    ASSERT_FALSE(r) << bad;
    EXPECT_NE(r.error().message.find("is not a valid value"), std::string::npos) << bad;
  }
}

TEST(RunArgs, BuffersAndLocalMemory) {
  const auto in = parse_arg("buf:in:a.txt:f32");
  ASSERT_TRUE(in);
  EXPECT_EQ(in->kind, ArgSpec::Kind::BufferIn);
  EXPECT_EQ(in->path, "a.txt");
  EXPECT_EQ(in->elem, Elem::F32);
  EXPECT_TRUE(in->typed);
  const auto out = parse_arg("buf:out:c.bin:32");
  ASSERT_TRUE(out);
  EXPECT_EQ(out->kind, ArgSpec::Kind::BufferOut);
  EXPECT_EQ(out->bytes, 32u);
  EXPECT_FALSE(out->typed);
  EXPECT_EQ(parse_arg("buf:inout:-")->kind, ArgSpec::Kind::BufferInOut);
  EXPECT_EQ(parse_arg("local:4096")->bytes, 4096u);
  EXPECT_EQ(parse_arg("buf:out:c.bin").error().message, "expected buf:out:FILE:SIZE[:TYPE]");
  EXPECT_EQ(parse_arg("buf:out:c.bin:0").error().message,
            "'0' is not a buffer size in bytes (>= 1)");
  EXPECT_EQ(parse_arg("buf:up:x").error().message,
            "unknown buffer direction 'up' (in, out, inout)");
  EXPECT_EQ(parse_arg("local:0").error().message, "'0' is not a local size in bytes");
  // A .txt output holds whole numbers: 30 bytes silently lost the last 2 (issue 54 item 14).
  EXPECT_EQ(parse_arg("buf:out:c.txt:30").error().message,
            "size 30 is not a multiple of 4: a .txt output holds whole 4-byte numbers");
  EXPECT_TRUE(parse_arg("buf:out:c.bin:30"));
  // What the user typed is echoed at most 40 characters long.
  const auto huge = parse_arg("ptr:" + std::string(100000, '7'));
  EXPECT_EQ(huge.error().message,
            "unknown argument kind 'ptr' (buf, u32, i32, u64, i64, f32, local)");
  const auto kind = parse_arg(std::string(100000, 'k') + ":1");
  EXPECT_LT(kind.error().message.size(), 120u);
}

TEST(RunArgs, SizesHaveOneToThreeDimensionsOfAtLeastOne) {
  unsigned dim = 0;
  const auto d = parse_dims("8,4,2", "global", &dim);
  ASSERT_TRUE(d);
  EXPECT_EQ(dim, 3u);
  EXPECT_EQ(*d, (std::array<uint32_t, 3>{8, 4, 2}));
  EXPECT_EQ(parse_dims("1,2,3,4", "local", &dim).error().message,
            "--local '1,2,3,4' has more than 3 dimensions");
  EXPECT_EQ(parse_dims("8,0", "global", &dim).error().message,
            "--global '8,0': '0' is not a size in 1..4294967295");
  EXPECT_FALSE(parse_dims("", "global", &dim));
  // Too large is not "not >= 1" (issue 54 item 14).
  EXPECT_EQ(parse_dims("4294967296", "global", &dim).error().message,
            "--global '4294967296': '4294967296' is not a size in 1..4294967295");
}

TEST(RunArgs, GroupWindowIsFirstColonEndWithEndAboveFirst) {
  const auto w = parse_group_window("4:8");
  ASSERT_TRUE(w);
  EXPECT_EQ(*w, (std::pair<uint64_t, uint64_t>{4, 8}));
  EXPECT_EQ(*parse_group_window("0:0x10"), (std::pair<uint64_t, uint64_t>{0, 16}));
  const std::string form = "expected FIRST:END, the work-groups FIRST to END-1 by linear id";
  for (const char* bad : {"", ":", "4:", ":8", "4", "4:8:9", "a:8", "-1:8", "4-8"}) {
    const auto parsed = parse_group_window(bad);
    ASSERT_FALSE(parsed) << bad;
    EXPECT_NE(parsed.error().message.find(form), std::string::npos) << parsed.error().message;
  }
  EXPECT_EQ(parse_group_window("8:4").error().message,
            "--timing-work-groups '8:4': the window is empty or reversed (END must be above "
            "FIRST)");
  EXPECT_FALSE(parse_group_window("5:5"));
}

TEST(RunArgs, NumberTextReadsWordsAndNamesTheBadLine) {
  const auto words = parse_number_text("a.txt", Elem::U32, "1\n# c\n\n0x10 # x\n-1\n");
  ASSERT_TRUE(words);
  EXPECT_EQ(*words, (std::vector<uint8_t>{1, 0, 0, 0, 16, 0, 0, 0, 255, 255, 255, 255}));
  EXPECT_EQ(parse_number_text("a.txt", Elem::U32, "1\n4294967296\n").error().message,
            "a.txt:2: '4294967296' does not fit 32 bits");
  EXPECT_EQ(parse_number_text("h.txt", Elem::Hex, "zz\n").error().message,
            "h.txt:1: 'zz' is not a 32-bit hex word");
  EXPECT_EQ(format_number_text(*words, Elem::I32), "1\n16\n-1\n");
}

}  // namespace
}  // namespace ventus::run_args
