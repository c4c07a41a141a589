// Fuzz target: the OpenCL C compiler (`ventus cc`) on mutated kernels of the suite. Every
// program is either compiled and linked, or refused with a diagnostic that names a source
// location; nothing crashes, hangs or reports an internal error.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cc/compiler.hpp"
#include "fuzz_target.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ventus;
  cc::CompileOptions options;
  options.frontend.source_name = "fuzz.cl";
  options.opt_level = static_cast<unsigned>(size % 3);  // -O0, -O1 and -O2 in turn
  auto out = cc::compile_opencl(std::string(fuzz::as_text(data, size)), options);
  if (!out) {
    const std::string& m = out.error().message;
    if (m.find("internal") != std::string::npos || m.find("fuzz.cl:") == std::string::npos) {
      std::fprintf(stderr, "refusal without a location or internal error:\n%s\n", m.c_str());
      std::abort();
    }
    return 0;
  }
  auto elf = cc::link_program(*out, "fuzz.cl", {});
  if (!elf && !out->uses_printf) {
    std::fprintf(stderr, "compiled program does not link:\n%s\n", elf.error().message.c_str());
    std::abort();
  }
  return 0;
}

namespace ventus::fuzz {

// The kernel suite's OpenCL C sources (kernels/*/*.cl), read from the source tree.
std::vector<std::string> seeds() {
  std::vector<std::string> out;
  for (const auto& dir : std::filesystem::directory_iterator(VENTUS_SOURCE_DIR "/kernels")) {
    const auto file = dir.path() / (dir.path().filename().string() + ".cl");
    if (!std::filesystem::exists(file)) continue;
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    out.push_back(text.str());
  }
  return out;
}

std::vector<std::string> tokens() {
  return {"if (", "for (int i = 0; i < 4; i++) ", "while (", "break;", "continue;", "return;",
          "barrier(CLK_LOCAL_MEM_FENCE);", "get_local_id(1)", "get_global_id(0)", "float4 ",
          "(float)", "(int)", "atomic_add(", "__local int t[8];", "__private ", "?", ":", "{",
          "}", "(", ")", ";", "[", "]", "*", "+", "-", "/", "%", "<<", ">>", "&&", "||", "==",
          "!", "0", "1", "-1", "0x7fffffff", "1.5f", "x", "n", "gid", "sqrt(", "exp(",
          "printf(\"%d\\n\", ", "switch (n) { case 1: n = 2; break; default: n = 3; }",
          "goto", "double ", "long ", "\n"};
}

}  // namespace ventus::fuzz
