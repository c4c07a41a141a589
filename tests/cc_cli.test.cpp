// `ventus cc` from the command line: ELF, assembly and IR outputs, options, and the
// diagnostics of refused programs (file:line naming the construct), docs/opencl.md.
#include <gtest/gtest.h>

#include <string>

#include "cli_harness.hpp"

namespace ventus::testing {
namespace {

constexpr std::string_view kScale = R"(// c[i] = a[i] * SCALE + OFFSET for i < n
#include "offset.h"
__kernel void scale(__global const int* a, __global int* c, uint n) {
  size_t i = get_global_id(0);
  if (i < n) c[i] = a[i] * SCALE + OFFSET;
}
)";

class CcCli : public ::testing::Test {
 protected:
  ToolSandbox box{VENTUS_TOOL, "cc_cli"};
  void SetUp() override {
    box.write_text("scale.cl", kScale);
    std::filesystem::create_directories(box.dir() / "inc");
    box.write_text("inc/offset.h", "#define OFFSET 7\n");
    box.write_text("a.txt", "1\n2\n3\n4\n5\n");
  }
  // Compiles `source` as bad.cl and expects exit status 2 with `message` on line `line`.
  void expect_refused(std::string_view source, const std::string& line,
                      const std::string& message) {
    box.write_text("bad.cl", source);
    const ToolRun r = box.run("cc bad.cl -o bad.elf");
    EXPECT_EQ(r.exit_status, 2) << r.err;
    EXPECT_NE(r.err.find("bad.cl:" + line), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("internal"), std::string::npos) << r.err;
  }
};

TEST_F(CcCli, CompiledKernelRunsWithDefinesAndIncludeDirectories) {
  const ToolRun cc = box.run("cc scale.cl -D SCALE=3 -I inc -o scale.elf");
  ASSERT_EQ(cc.exit_status, 0) << cc.err;
  const ToolRun run = box.run(
      "run scale.elf --kernel scale --global 8 --local 4 --arg buf:in:a.txt:i32 "
      "--arg buf:out:c.txt:20:i32 --arg u32:5");
  ASSERT_EQ(run.exit_status, 0) << run.err;
  EXPECT_EQ(ToolSandbox::slurp(box.dir() / "c.txt"), "10\n13\n16\n19\n22\n");
}

TEST_F(CcCli, RunCompilesOpenClSourceOnTheFly) {
  box.write_text("inc2.cl", "__kernel void inc(__global int* a) { a[get_global_id(0)] += 1; }\n");
  const ToolRun run = box.run(
      "run inc2.cl --kernel inc --global 4 --local 4 --arg buf:inout:a.txt:i32");
  ASSERT_EQ(run.exit_status, 0) << run.err;
  EXPECT_EQ(ToolSandbox::slurp(box.dir() / "a.txt"), "2\n3\n4\n5\n5\n");
}

TEST_F(CcCli, AssemblyShowsReconvergenceAndSourceLines) {
  const ToolRun r = box.run("cc scale.cl -DSCALE=2 -Iinc -S -o -");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("scale:"), std::string::npos);
  EXPECT_NE(r.out.find("setrpc zero, t1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("join zero, zero, 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("# scale.cl:5: if (i < n) c[i] = a[i] * SCALE + OFFSET;"),
            std::string::npos) << r.out;
  const ToolRun ir = box.run("cc scale.cl -DSCALE=2 -Iinc --emit-llvm -O1 -o scale.ll");
  ASSERT_EQ(ir.exit_status, 0) << ir.err;
  EXPECT_NE(ToolSandbox::slurp(box.dir() / "scale.ll").find("spir_kernel void @scale"),
            std::string::npos);
}

TEST_F(CcCli, ClangDiagnosticsKeepTheFileLineAndColumn) {
  expect_refused("__kernel void k(__global int* a) {\n  a[0] = b;\n}\n", "2:10",
                 "use of undeclared identifier 'b'");
  const ToolRun missing = box.run("cc scale.cl -o x.elf");  // OFFSET's header not found
  EXPECT_EQ(missing.exit_status, 2);
  EXPECT_NE(missing.err.find("scale.cl:2:10: fatal error: 'offset.h' file not found"),
            std::string::npos) << missing.err;
}

TEST_F(CcCli, UnsupportedConstructsAreRefusedWithTheirLine) {
  expect_refused(
      "int f(int x) { return x > 0 ? f(x - 1) + 1 : 0; }\n"
      "__kernel void k(__global int* a) { a[0] = f(a[1]); }\n",
      "1", "recursion is not supported");
  expect_refused(
      "__kernel void k(__global float* a) {\n  double d = a[0];\n  a[1] = (float)(d * d);\n}\n",
      "2", "double is not supported");
  expect_refused(
      "__kernel void k(__global int* a) {\n  long v = a[0];\n  a[1] = (int)(v * v >> 3);\n}\n",
      "2", "64-bit integer (long) arithmetic is not supported");
  expect_refused("__kernel void k(__global float* a) {\n  a[0] = lgamma(a[1]);\n}\n", "2",
                 "'lgamma(float)' is not supported");
  expect_refused("int g(int x);\n__kernel void k(__global int* a) {\n  a[0] = g(a[1]);\n}\n",
                 "3", "'g' is not supported");
}

// Loops that work-items leave in different iterations (temporal divergence), break and an
// early return, and a return block that stores: each lane's own exit values, and lanes past
// the work-group (local size 6 on 4- and 8-lane warps) do nothing. Expected values from the
// loops computed by hand for in = 1 0 1 1 0 0 1 3 2 7 6 5, u = 2.
TEST_F(CcCli, LoopsLeftInDifferentIterationsKeepEachLanesValues) {
  box.write_text("in.txt", "1\n0\n1\n1\n0\n0\n1\n3\n2\n7\n6\n5\n");
  box.write_text("loops.cl", R"(__kernel void k(__global int* out, __global const int* in, int u) {
  int gid = get_global_id(0);
  int i = 0, acc = 0;
  while (1) {
    if (i >= in[gid]) break;
    int j = 0;
    while (j < i + u) { if ((j ^ gid) == 3) break; j++; }
    acc += j * i;
    i++;
  }
  int k2 = 0;
  for (int m = 0; m < 5; m++) { if (m * u > in[gid]) { k2 = m; break; } }
  if (gid == 12) return;
  out[gid] = i * 10 + acc * 1000 + k2;
}
)");
  for (const char* lanes : {"4", "8"}) {
    const ToolRun r = box.run(std::string("run loops.cl --kernel k --global 12 --local 6 ") +
                              "--set sm.threads_per_warp=" + lanes +
                              " --arg buf:out:out.txt:48:i32 --arg buf:in:in.txt:i32 --arg i32:2");
    ASSERT_EQ(r.exit_status, 0) << r.err;
    EXPECT_EQ(ToolSandbox::slurp(box.dir() / "out.txt"),
              "11\n1\n11\n11\n1\n1\n11\n11032\n3022\n133074\n85064\n50053\n")
        << lanes << " lanes";
  }
}

TEST_F(CcCli, BadArgumentsAreUsageErrors) {
  EXPECT_EQ(box.run("cc missing.cl").exit_status, 2);
  EXPECT_EQ(box.run("cc scale.cl -O7").exit_status, 2);
  const ToolRun profile = box.run("cc scale.cl --isa v2.03 -DSCALE=1 -Iinc");
  EXPECT_EQ(profile.exit_status, 2);
  EXPECT_NE(profile.err.find("--isa v2.03"), std::string::npos);
  box.write_text("empty.cl", "int helper(int x) { return x; }\n");
  const ToolRun none = box.run("cc empty.cl");
  EXPECT_EQ(none.exit_status, 2);
  EXPECT_NE(none.err.find("no __kernel function"), std::string::npos) << none.err;
}

}  // namespace
}  // namespace ventus::testing
