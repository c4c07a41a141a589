// The RSP byte layer against hand-computed frames (GDB manual, "Overview"): checksums,
// escapes, run-lengths, acks, Ctrl-C, and malformed input that must not crash.
#include "debug/rsp.hpp"

#include <gtest/gtest.h>

namespace ventus::debug::rsp {
namespace {

std::vector<Input> decode(std::string_view bytes) {
  Decoder decoder;
  std::vector<Input> out;
  decoder.feed(bytes, out);
  return out;
}

TEST(Rsp, FramesWithTheModulo256Checksum) {
  EXPECT_EQ(frame("OK"), "$OK#9a");  // 'O' 0x4f + 'K' 0x4b = 0x9a
  EXPECT_EQ(frame(""), "$#00");
  // '#' (0x23) goes out as '}' 0x7d then 0x03: sum 0x80.
  EXPECT_EQ(frame("#"), std::string("$}\x03#80"));
}

TEST(Rsp, DecodesPacketsAcksAndInterruptsInOrder) {
  const auto in = decode("+$qC#b4-\x03$g#67");
  ASSERT_EQ(in.size(), 5u);
  EXPECT_EQ(in[0].kind, Input::Kind::Ack);
  EXPECT_EQ(in[1].kind, Input::Kind::Packet);
  EXPECT_EQ(in[1].payload, "qC");
  EXPECT_EQ(in[2].kind, Input::Kind::Nack);
  EXPECT_EQ(in[3].kind, Input::Kind::Interrupt);
  EXPECT_EQ(in[4].payload, "g");
}

TEST(Rsp, PacketsMayArriveInPieces) {
  Decoder decoder;
  std::vector<Input> out;
  for (char c : std::string_view("$m80000000,4#")) decoder.feed(std::string_view(&c, 1), out);
  EXPECT_TRUE(out.empty());
  decoder.feed("5", out);
  EXPECT_TRUE(out.empty());
  decoder.feed("5", out);  // sum of "m80000000,4" = 0x255
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].payload, "m80000000,4");
}

TEST(Rsp, BadChecksumIsReportedNotDecoded) {
  const auto in = decode("$OK#9b");
  ASSERT_EQ(in.size(), 1u);
  EXPECT_EQ(in[0].kind, Input::Kind::BadChecksum);
  EXPECT_EQ(decode("$OK#zz")[0].kind, Input::Kind::BadChecksum);
}

TEST(Rsp, UndoesEscapesAndRunLengths) {
  EXPECT_EQ(decode_body("a}\x03"
                        "b"),
            "a#b");
  EXPECT_EQ(decode_body("0* "), "0000");     // ' ' = 32: 3 more repeats
  EXPECT_EQ(decode_body("x*\""), "xxxxxx");  // '"' = 34: 5 more
  EXPECT_EQ(frame("a$b"), std::string("$a}\x04"
                                      "b#44"));
}

TEST(Rsp, RefusesMalformedBodies) {
  EXPECT_FALSE(decode_body("}"));       // escape at the end
  EXPECT_FALSE(decode_body("*!"));      // run-length with nothing to repeat
  EXPECT_FALSE(decode_body("a*"));      // run-length without a count
  EXPECT_FALSE(decode_body("a*\x10"));  // count below 3
  EXPECT_FALSE(decode_body("a*#"));     // '#' is not a count
  const std::string huge(kMaxPacket + 1, 'a');
  EXPECT_FALSE(decode_body(huge));
}

TEST(Rsp, OverlongPacketIsMalformedAndTheStreamRecovers) {
  std::string bytes = "$" + std::string(3 * kMaxPacket, 'a') + "#00$g#67";
  const auto in = decode(bytes);
  ASSERT_EQ(in.size(), 2u);
  EXPECT_EQ(in[0].kind, Input::Kind::Malformed);
  EXPECT_EQ(in[1].payload, "g");
}

TEST(Rsp, HexHelpers) {
  EXPECT_EQ(to_hex(std::string("\x01\xab", 2)), "01ab");
  EXPECT_EQ(from_hex("01AB"), std::string("\x01\xab", 2));
  EXPECT_FALSE(from_hex("1"));
  EXPECT_FALSE(from_hex("zz"));
  EXPECT_EQ(parse_hex("80000000"), 0x80000000u);
  EXPECT_FALSE(parse_hex(""));
  EXPECT_FALSE(parse_hex("12345678901234567"));
  EXPECT_EQ(le32_hex(0x80000004u), "04000080");
}

}  // namespace
}  // namespace ventus::debug::rsp
