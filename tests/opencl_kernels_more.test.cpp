// OpenCL C kernels beyond the suite (issue 45), part 2: private arrays and non-inlined calls
// in divergent code, printf from divergent code, math built-ins against libm within the
// OpenCL 1.2 §7.4 ulp bounds, integer built-ins and narrow types. CPU references throughout.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/opencl_kernels_support.hpp"

namespace ventus::opencl_test {
namespace {

using kernels::make_device;
using kernels::random_floats;
using kernels::random_words;

class OpenClKernelMore : public ::testing::TestWithParam<Case1d> {};

INSTANTIATE_TEST_SUITE_P(Shapes, OpenClKernelMore, ::testing::ValuesIn(cases_1d()), case_1d_name);

// ---- 5. private array at divergent indices, noinline helpers called from divergent code ----

int32_t blend(int32_t a, int32_t b, uint32_t rounds, float scale, int32_t bias) {
  int32_t acc = bias;
  for (uint32_t r = 0; r < rounds; ++r) {
    acc += (r & 1) != 0 ? a - static_cast<int32_t>(r) : b * static_cast<int32_t>(r);
  }
  return acc + static_cast<int32_t>(static_cast<float>(a) * scale);
}

TEST_P(OpenClKernelMore, PrivateArrayAndNoinlineCalls) {
  const auto [tpw, s] = GetParam();
  const uint32_t n = s.n;
  const auto keys = random_words(n, 5 + tpw);
  std::vector<int32_t> want(2 * n);
  for (uint32_t i = 0; i < n; ++i) {
    int32_t table[16];
    for (int32_t j = 0; j < 16; ++j) table[j] = static_cast<int32_t>(i * 3) + j * j - 40;
    const uint32_t k = keys[i], idx = k % 16;
    table[idx] += 1000;
    table[(k >> 4) % 16] -= static_cast<int32_t>(idx);
    int32_t acc;
    if ((k & 1) != 0) {
      acc = blend(table[idx], table[(idx + 5) % 16], k % 7, 1.5f, static_cast<int32_t>(i));
    } else {
      const uint32_t at = k >> 8;
      const int32_t sign = (k & 2) != 0 ? -1 : 1;
      acc = table[15 - idx] - (sign * table[at % 16] + table[(at + 3) % 16]);
      if ((k & 4) != 0) acc += blend(acc, table[k % 11], 3, -0.25f, 7);
    }
    want[2 * i] = acc;
    want[2 * i + 1] = table[(k >> 12) % 16];
  }
  auto device = must(make_device(tpw));
  auto kernel = must(opencl_kernel("private_calls.cl", "private_calls"));
  auto in = must(kernels::upload(*device, keys));
  auto out = must(kernels::upload(*device, std::vector<int32_t>(2 * n, INT32_MIN)));
  kernel.arg(in).arg(out).arg(n);
  must(run(*device, kernel, kernels::range_1d(s.global(), s.local)));
  EXPECT_EQ(compare_words(must(out.read_as<int32_t>(2 * n)), want), "");
}

// ---- 6. printf from divergent code ------------------------------------------------------------

// The messages of one work-item in its program order, keyed by the line prefix of
// docs/printf.md ("[wg (g,0,0) thread L] "). Across work-items the order depends on which
// side of a branch a warp runs first, so only each work-item's own order is checked.
using Messages = std::map<std::string, std::vector<std::string>>;

std::string prefix(uint32_t group, uint32_t local_id) {
  return fmt::format("[wg ({},0,0) thread {}] ", group, local_id);
}

template <typename... Args>
std::string c_format(const char* format, Args... args) {
  char text[256];
  std::snprintf(text, sizeof text, format, args...);
  return text;
}

Messages by_work_item(const std::vector<std::string>& lines) {
  Messages out;
  for (const std::string& line : lines) {
    const size_t end = line.find("] ");
    if (end == std::string::npos) {
      out["(no prefix)"].push_back(line);
    } else {
      out[line.substr(0, end + 2)].push_back(line.substr(end + 2));
    }
  }
  return out;
}

// Runs `file`'s kernel (x, n) and returns its printed lines, grouped by work-item.
Messages printed(const Case1d& c, const std::string& file, const std::vector<float>& x) {
  auto device = must(make_device(c.threads_per_warp));
  auto kernel = must(opencl_kernel(file, file.substr(0, file.size() - 3)));
  auto in = must(kernels::upload(*device, x));
  kernel.arg(in).arg(c.shape.n);
  std::vector<std::string> lines;
  LaunchOptions options;
  options.print_sink = [&lines](std::string_view line) { lines.emplace_back(line); };
  must(run(*device, kernel, kernels::range_1d(c.shape.global(), c.shape.local), options));
  return by_work_item(lines);
}

TEST_P(OpenClKernelMore, PrintfOnDivergentPaths) {
  const Case1d c = GetParam();
  const auto x = random_floats(c.shape.n, 17 + c.threads_per_warp, -100.0f, 100.0f);
  Messages want;
  for (uint32_t i = 0; i < c.shape.n; ++i) {
    const std::string key = prefix(i / c.shape.local, i % c.shape.local);
    const auto id = static_cast<int>(i);
    if (i % 3 == 0) {
      want[key].push_back(c_format("item %u group %u: x=%f neg=%d", i, i / c.shape.local,
                                   static_cast<double>(x[i]), -id));
    } else if (i % 3 == 1) {
      want[key].push_back(
          c_format("odd path %d %.3e %x", id * 7, static_cast<double>(x[i] * 2.0f), i));
    }
  }
  EXPECT_EQ(printed(c, "printf_divergent.cl", x), want);
}

TEST_P(OpenClKernelMore, PrintfInDivergentLoop) {
  const Case1d c = GetParam();
  const auto x = random_floats(c.shape.n, 19 + c.threads_per_warp, -10.0f, 10.0f);
  Messages want;
  for (uint32_t i = 0; i < c.shape.n; ++i) {
    for (uint32_t j = 0; j < i % 4 && x[i] > 0.0f; ++j) {
      want[prefix(i / c.shape.local, i % c.shape.local)].push_back(
          c_format("loop %u.%u %g", i, j, static_cast<double>(x[i] + static_cast<float>(j))));
    }
  }
  EXPECT_EQ(printed(c, "printf_loop.cl", x), want);
}

// ---- 7. math built-ins against the host's libm (OpenCL 1.2 §7.4 bounds) ----------------------

// Inputs, each with its endpoints and a few exact cases first:
//   exp: x uniform in [-50, 50];           log: x log-uniform in [2^-126, 1e6] (normals);
//   pow: x uniform in [0.01, 100], y in [-4, 4];  sin, cos: x uniform in [-100, 100];
//   sqrt: x uniform in [0, 1e6] and perfect squares.
// The reference is the double-precision libm result rounded to float.
TEST_P(OpenClKernelMore, MathBuiltinsWithinUlpBounds) {
  const auto [tpw, s] = GetParam();
  const uint32_t n = s.n;
  auto with_specials = [n](std::vector<float> v, std::initializer_list<float> specials) {
    std::copy(specials.begin(), specials.end(), v.begin());
    v.resize(n);
    return v;
  };
  const auto ex =
      with_specials(random_floats(n, 21, -50.0f, 50.0f), {0.0f, 1.0f, -1.0f, 50.0f, -50.0f, 0.5f});
  std::vector<float> lg = random_floats(n, 22, std::log2(0x1p-126f), std::log2(1e6f));
  for (float& v : lg) v = std::exp2(v);
  lg = with_specials(lg, {1.0f, 1e6f, 0x1p-126f, 2.0f, 0.5f, 10.0f});
  const auto px = with_specials(random_floats(n, 23, 0.01f, 100.0f), {0.01f, 100.0f, 1.0f, 2.0f});
  const auto py = with_specials(random_floats(n, 24, -4.0f, 4.0f), {-4.0f, 4.0f, 3.5f, 0.5f});
  const auto tr = with_specials(random_floats(n, 25, -100.0f, 100.0f),
                                {0.0f, 100.0f, -100.0f, 1.5707964f, 3.1415927f});
  std::vector<float> sq = random_floats(n, 26, 0.0f, 1e6f);
  for (uint32_t i = 0; i < 32; ++i) sq[i] = static_cast<float>(i * i * 37);

  std::vector<float> want(6 * n);
  for (uint32_t i = 0; i < n; ++i) {
    want[0 * n + i] = static_cast<float>(std::exp(double{ex[i]}));
    want[1 * n + i] = static_cast<float>(std::log(double{lg[i]}));
    want[2 * n + i] = static_cast<float>(std::pow(double{px[i]}, double{py[i]}));
    want[3 * n + i] = static_cast<float>(std::sin(double{tr[i]}));
    want[4 * n + i] = static_cast<float>(std::cos(double{tr[i]}));
    want[5 * n + i] = std::sqrt(sq[i]);  // IEEE: correctly rounded in float too
  }
  auto device = must(make_device(tpw));
  auto kernel = must(opencl_kernel("math_builtins.cl", "math_builtins"));
  std::vector<Buffer> inputs;
  for (const std::vector<float>* v :
       std::initializer_list<const std::vector<float>*>{&ex, &lg, &tr, &px, &py, &sq}) {
    inputs.push_back(must(kernels::upload(*device, *v)));
    kernel.arg(inputs.back());
  }
  auto out = must(kernels::upload(*device, std::vector<float>(6 * n, NAN)));
  kernel.arg(out).arg(n);
  must(run(*device, kernel, kernels::range_1d(s.global(), s.local)));
  const auto got = must(out.read_as<float>(6 * n));
  const struct {
    const char* name;
    uint32_t max_ulp;
  } functions[] = {{"exp", 3}, {"log", 3}, {"pow", 16}, {"sin", 4}, {"cos", 4}, {"sqrt", 0}};
  for (uint32_t f = 0; f < 6; ++f) {
    const std::span<const float> g(got.data() + f * n, n), w(want.data() + f * n, n);
    EXPECT_EQ(kernels::compare_ulp(g, w, functions[f].max_ulp), "") << functions[f].name;
  }
}

// ---- 8. integer built-ins and narrow types ------------------------------------------------------

constexpr uint32_t kIntOutputs = 26;  // K of int_builtins.cl

std::vector<int32_t> int_builtins_reference(int32_t x, int32_t y) {
  const auto ux = static_cast<uint32_t>(x), uy = static_cast<uint32_t>(y);
  const auto ua = static_cast<uint8_t>(x), ub = static_cast<uint8_t>(y);
  const auto sa = static_cast<int16_t>(x), sb = static_cast<int16_t>(y);
  // The kernel's divisors: never zero.
  const auto sd = static_cast<int16_t>(sb == 0 ? 3 : sb);
  const auto ca = static_cast<int8_t>(x);
  const auto cd = static_cast<int8_t>(static_cast<int8_t>(y >> 8) == 0 ? -5 : y >> 8);
  auto i32 = [](auto v) { return static_cast<int32_t>(v); };
  return {
      std::min(x, y),
      i32(std::max(ux, uy)),
      std::clamp(x, -1000, 1000),
      i32(x < 0 ? 0u - ux : ux),
      i32(static_cast<uint32_t>((x >> 20) * (y >> 20)) + ux),
      (x >> 16) * (y >> 17),
      i32(std::rotl(ux, static_cast<int>(uy % 32))),
      i32(std::rotl(ux, 5)),
      std::popcount(ux),
      std::countl_zero(ux),
      i32((int64_t{x} + y) >> 1),
      static_cast<uint8_t>(ua + ub),
      static_cast<uint8_t>(ua * ub),
      static_cast<uint8_t>(ua - ub),
      ua > ub,
      static_cast<int16_t>(sa + sb),
      static_cast<int16_t>(sa * sb),
      static_cast<int16_t>(sa / sd),
      static_cast<int16_t>(sa % sd),
      static_cast<int8_t>(ca / cd),
      static_cast<int8_t>(ca % cd),
      static_cast<int8_t>(ca >> (uy % 8)),
      static_cast<int8_t>(ca << (uy % 8)),
      static_cast<int16_t>(sa >> (uy % 16)),
      static_cast<uint16_t>(sa) >> (uy % 16),
      x >> (uy & 31),
  };
}

// Random words after edge cases: extremes of int, short and char, zero, minus one.
std::pair<std::vector<int32_t>, std::vector<int32_t>> int_inputs(uint32_t n, uint32_t seed) {
  const int32_t edges[] = {INT32_MIN, INT32_MAX, 0,    -1,     1,   -128, 127, -32768,
                           32767,     255,       0x80, -32769, 256, -256, 3,   -3};
  std::vector<int32_t> a, b;
  for (uint32_t w : random_words(n, seed)) a.push_back(static_cast<int32_t>(w));
  for (uint32_t w : random_words(n, seed + 1)) b.push_back(static_cast<int32_t>(w));
  // Every pair of edges in the first 256 items: (edge i, edge j).
  for (uint32_t k = 0; k < std::min<uint32_t>(n, 256); ++k) {
    a[k] = edges[k / 16];
    b[k] = edges[k % 16];
  }
  return {a, b};
}

TEST_P(OpenClKernelMore, IntegerBuiltinsAndNarrowTypes) {
  const auto [tpw, s] = GetParam();
  const uint32_t n = s.n;
  const auto [a, b] = int_inputs(n, 31 + tpw);
  std::vector<int32_t> want;
  for (uint32_t i = 0; i < n; ++i) {
    const auto row = int_builtins_reference(a[i], b[i]);
    want.insert(want.end(), row.begin(), row.end());
  }
  auto device = must(make_device(tpw));
  auto kernel = must(opencl_kernel("int_builtins.cl", "int_builtins"));
  auto in_a = must(kernels::upload(*device, a));
  auto in_b = must(kernels::upload(*device, b));
  auto out = must(kernels::upload(*device, std::vector<int32_t>(kIntOutputs * n, 0x5a5a5a5a)));
  kernel.arg(in_a).arg(in_b).arg(out).arg(n);
  must(run(*device, kernel, kernels::range_1d(s.global(), s.local)));
  const auto got = must(out.read_as<int32_t>(kIntOutputs * n));
  // One comparison per output, so a failure names the built-in or operation at fault.
  static constexpr const char* kNames[kIntOutputs] = {
      "min",          "max(uint)",      "clamp",    "abs",     "mad24",   "mul24",
      "rotate(uint)", "rotate(int,5)",  "popcount", "clz",     "hadd",    "uchar +",
      "uchar *",      "uchar -",        "uchar >",  "short +", "short *", "short /",
      "short %",      "char /",         "char %",   "char >>", "char <<", "short >>",
      "ushort >>",    "int >> (masked)"};
  for (uint32_t k = 0; k < kIntOutputs; ++k) {
    std::vector<int32_t> g(n), w(n);
    for (uint32_t i = 0; i < n; ++i) {
      g[i] = got[i * kIntOutputs + k];
      w[i] = want[i * kIntOutputs + k];
    }
    EXPECT_EQ(compare_words(g, w), "") << "o[" << k << "] = " << kNames[k];
  }
}

// The number of times x can be halved before it reaches 0, counted as the kernel does.
uint32_t halvings_of(uint32_t x) {
  uint32_t steps = 0;
  for (uint32_t s = x / 2; s > 0; s /= 2) ++steps;
  return steps;
}

// A rotated loop's exit test read the loop phi after the back edge's copy had overwritten it
// (kernels/reduction.cl at -O2 skipped its last tree step): 1000 * steps + last for n = 64 is
// 5001, not 4002.
TEST_P(OpenClKernelMore, RotatedLoopExitTestsReadThePhiBeforeItsUpdate) {
  const auto [tpw, s] = GetParam();
  const uint32_t n = s.n;
  auto device = must(make_device(tpw));
  auto kernel = must(opencl_kernel("rotated_loops.cl", "halvings"));
  auto out = must(kernels::upload(*device, std::vector<uint32_t>(2 * n, 0x5a5a5a5a)));
  kernel.arg(out).arg(n).arg(n);
  must(run(*device, kernel, kernels::range_1d(s.global(), s.local)));
  const auto got = must(out.read_as<uint32_t>(2 * n));
  uint32_t last = 0;
  for (uint32_t x = n / 2; x > 0; x /= 2) last = x;
  for (uint32_t i = 0; i < n; ++i) {
    ASSERT_EQ(got[2 * i], halvings_of(n) * 1000 + last) << "work-item " << i;
    ASSERT_EQ(got[2 * i + 1], halvings_of(n + i)) << "work-item " << i;
  }
}

TEST_P(OpenClKernelMore, SelectScalarAndVector) {
  const auto [tpw, s] = GetParam();
  const uint32_t n = s.n;
  const auto [a, b] = int_inputs(n, 41 + tpw);
  std::vector<int32_t> want(2 * n);
  for (uint32_t i = 0; i < n; ++i) {
    const int32_t x = a[i], y = b[i];
    want[2 * i] = (x & 4) != 0 ? y : x;
    // Vector select: the sign bit of each condition component picks the second operand.
    const int32_t va[4] = {x, y, 7, -7}, vb[4] = {y, x, -1, 1}, vc[4] = {x, y, ~x, ~y};
    uint32_t v[4];
    for (int k = 0; k < 4; ++k) v[k] = static_cast<uint32_t>(vc[k] < 0 ? vb[k] : va[k]);
    want[2 * i + 1] = static_cast<int32_t>(v[0] ^ v[1] ^ (v[2] << 8) ^ (v[3] << 16));
  }
  auto device = must(make_device(tpw));
  auto kernel = must(opencl_kernel("int_select.cl", "int_select"));
  auto in_a = must(kernels::upload(*device, a));
  auto in_b = must(kernels::upload(*device, b));
  auto out = must(kernels::upload(*device, std::vector<int32_t>(2 * n, 0x5a5a5a5a)));
  kernel.arg(in_a).arg(in_b).arg(out).arg(n);
  must(run(*device, kernel, kernels::range_1d(s.global(), s.local)));
  EXPECT_EQ(compare_words(must(out.read_as<int32_t>(2 * n)), want), "");
}

}  // namespace
}  // namespace ventus::opencl_test
