// Fuzz target: the `ventus run` argument grammar (--arg specs, --global/--local sizes, number
// text files of every element type); accepted number text survives a format/parse round trip
// for u32, i32 and hex.
#include <cstdlib>

#include "fuzz_target.hpp"
#include "runtime/run_args.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ventus::run_args;
  const std::string_view text = ventus::fuzz::as_text(data, size);
  for (size_t start = 0; start < text.size();) {
    const size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view line = text.substr(start, end - start);
    (void)parse_arg(line);
    unsigned dim = 0;
    (void)parse_dims(line, "global", &dim);
    start = end + 1;
  }
  for (Elem elem : {Elem::U32, Elem::I32, Elem::F32, Elem::Hex}) {
    auto words = parse_number_text("fuzz.txt", elem, text);
    if (!words || elem == Elem::F32) continue;  // float text is printed rounded
    auto again = parse_number_text("again.txt", elem, format_number_text(*words, elem));
    if (!again || *again != *words) std::abort();
  }
  return 0;
}

namespace ventus::fuzz {

std::vector<std::string> seeds() {
  return {
      "buf:in:a.txt:f32\nbuf:out:c.bin:32:hex\nbuf:inout:-\ni32:-5\nu64:0x10\nf32:1.5\n"
      "local:256\n8,4,2\n",
      "1\n2\n# comment\n0x10\n-7\n1.25\n"};
}

std::vector<std::string> tokens() {
  return {"buf",
          ":",
          "in",
          "out",
          "inout",
          "u32",
          "i32",
          "u64",
          "i64",
          "f32",
          "hex",
          "local",
          ",",
          "\n",
          "-",
          "0x",
          "9223372036854775808",
          "4294967296",
          "1e40",
          "nan",
          "#",
          " ",
          "18446744073709551616",
          "-0",
          ".5"};
}

}  // namespace ventus::fuzz
