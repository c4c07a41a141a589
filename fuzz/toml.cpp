// Fuzz target: TOML machine files and --set assignments through sim::ParamRegistry (every
// parameter kind: bool, integers with ranges and powers of two, doubles, string choices).
#include "fuzz_target.hpp"
#include "sim/config.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ventus::sim;
  bool flag = false;
  uint32_t count = 2;
  uint32_t lanes = 8;
  uint64_t limit = 0;
  double ratio = 0.5;
  std::string mode = "burst";
  ParamRegistry registry;
  registry.add("run.flag", flag, "", "a bool");
  registry.add("gpu.sm_count", count, UIntRange{1, 256}, "", "a range");
  registry.add("sm.threads_per_warp", lanes, UIntRange{1, 32, true}, "", "a power of two");
  registry.add("run.max_warp_instructions", limit, UIntRange{}, "instructions", "64 bits");
  registry.add("memory.ratio", ratio, FloatRange{0.0, 1.0}, "", "a double");
  registry.add("run.schedule", mode, {"burst", "random"}, "a choice");
  const std::string_view text = ventus::fuzz::as_text(data, size);
  (void)registry.load_toml_text(text, "fuzz.toml");
  // Each line as a --set assignment too.
  for (size_t start = 0; start < text.size();) {
    const size_t end = std::min(text.find('\n', start), text.size());
    (void)registry.set(text.substr(start, end - start));
    start = end + 1;
  }
  return registry.format_table().empty() ? 1 : 0;
}

namespace ventus::fuzz {

std::vector<std::string> seeds() {
  return {
      "[gpu]\nsm_count = 4\n[sm]\nthreads_per_warp = 16\n[run]\nflag = true\n"
      "max_warp_instructions = 1000\nschedule = \"random\"\n[memory]\nratio = 0.25\n",
      "gpu.sm_count=3\nrun.schedule=burst\n"};
}

std::vector<std::string> tokens() {
  return {"[",       "]",        "=",     "\"",
          "\n",      "gpu.",     "sm.",   "run.",
          "memory.", "sm_count", "ratio", "threads_per_warp",
          "true",    "1e999",    "-1",    "18446744073709551616",
          "0x10",    "#",        "[[",    "{",
          "}",       "'''",      "nan",   "inf",
          ".5"};
}

}  // namespace ventus::fuzz
