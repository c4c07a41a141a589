// Fuzz target: the GDB remote-protocol byte layer (src/debug/rsp.cpp): any bytes, in any
// chunks, decode to inputs without crashing; every packet re-framed decodes to itself.
#include "debug/rsp.hpp"
#include "fuzz_target.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ventus::debug::rsp;
  const std::string_view text = ventus::fuzz::as_text(data, size);
  Decoder decoder;
  std::vector<Input> inputs;
  // Split at a data-dependent point: a packet arriving in two reads decodes the same.
  const size_t split = size == 0 ? 0 : data[0] % size;
  decoder.feed(text.substr(0, split), inputs);
  decoder.feed(text.substr(split), inputs);
  for (const Input& input : inputs) {
    if (input.kind != Input::Kind::Packet) continue;
    Decoder again;
    std::vector<Input> round;
    again.feed(frame(input.payload), round);
    if (round.size() != 1 || round[0].payload != input.payload) __builtin_trap();
  }
  (void)from_hex(text);
  (void)parse_hex(text);
  return 0;
}

namespace ventus::fuzz {

std::vector<std::string> seeds() {
  return {"+$qSupported:multiprocess+;swbreak+#c5",
          "$g#67",
          "$m80000000,4#55",
          "$vCont;s:1;c#a8",
          "\x03",
          "$X80000000,2:}\x03*#00",
          "$0* #00",
          "-$OK#9a"};
}

std::vector<std::string> tokens() {
  return {"$", "#", "}", "*", "+", "-", "\x03", "#00", "ff", "qXfer:features:read:", ","};
}

}  // namespace ventus::fuzz
