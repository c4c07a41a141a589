// Fuzz target: the commit-log parser (ISA.md §10, `ventus logdiff`, `case --check`); a log
// it accepts must compare equal to itself and format a report.
#include <cstdlib>

#include "fuzz_target.hpp"
#include "trace/commit_log_parser.hpp"
#include "trace/log_diff.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ventus::trace;
  auto log = CommitLogParser{}.parse(std::string(ventus::fuzz::as_text(data, size)), "fuzz.log");
  if (!log) return 0;
  const DiffResult same = diff_logs(*log, *log);
  if (!same.equal) std::abort();
  auto other = CommitLogParser{}.parse("core   0: 0x80000000 (0x00000013) nop\n", "other.log");
  if (!other) std::abort();
  (void)format_diff_report(diff_logs(*log, *other), "fuzz.log", "other.log");
  return 0;
}

namespace ventus::fuzz {

std::vector<std::string> seeds() {
  return {
      "core   0: 0x00001000 (0x00000297) auipc   x5, 0x0\n"
      "core   0: 3 0x00001000 (0x00000297) x5  0x00001000\n"
      "core   1: 0x8000005c (0x0042a503) lw      x10, 4(x5)\n"
      "core   1: 3 0x8000005c (0x0042a503) x10 0x90003000 mem 0x90024004\n",
      "core   0: 3 0x800000c8 (0x5e004057) c8_vstart 0x00000000 e32 m1 l8 v0  000000ff "
      "0x00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 \n",
      "core   0: 0x800002b4 (0x04c3305b) setrpc  x0, x6, 76\n"
      "core   0: 3 0x800002b4 (0x04c3305b) c2060_rpc 0x800002fc current mask:\t0000ffff "
      "current npc:\t00000000 stack size: 0\n"
      "core   0: 3 0x800002b8 (0x0200885b) c8_vstart 0x00000000 e32 m1 l16 current mask:\t"
      "0000ffff current npc:\t800002bc stack size: 0\n",
  };
}

std::vector<std::string> tokens() {
  return {"core   ",
          "0: ",
          "3 ",
          "0x80000000 ",
          "(0x00000013) ",
          "x5  ",
          "mem ",
          "c8_vstart ",
          "e32 m1 l8 ",
          "v0  ",
          "current mask:\t",
          "current npc:\t",
          "stack size: ",
          "\n",
          "\r\n",
          "exception ",
          "tval ",
          ">>>>  ",
          "\t",
          " "};
}

}  // namespace ventus::fuzz
