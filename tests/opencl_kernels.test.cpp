// OpenCL C kernels beyond the suite (issue 45), part 1: divergent loops on a 2-D ND-range,
// break/continue/early return, global and local atomics, float4 arithmetic. Each kernel is
// compiled by program_from_opencl, run on the simulator and checked against a CPU reference.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include <gtest/gtest.h>

#include "tests/opencl_kernels_support.hpp"

namespace ventus::opencl_test {
namespace {

using kernels::make_device;
using kernels::random_floats;
using kernels::random_words;

class OpenClKernel : public ::testing::TestWithParam<Case1d> {};

INSTANTIATE_TEST_SUITE_P(Shapes, OpenClKernel, ::testing::ValuesIn(cases_1d()), case_1d_name);

// ---- 1. 2-D ND-range: uniform loop around a divergent loop with nested divergence ----------

struct Shape2d {
  const char* name;
  uint32_t width, height, local_x, local_y;
};

// One 8x8 work-group; 3x4 work-groups of 8x4; 4x4 work-groups of 5x3 (15 work-items: a
// partly filled warp) over a 19x11 grid, so both dimensions have a guarded tail.
constexpr Shape2d kShapes2d[] = {
    {"one_group", 8, 8, 8, 8}, {"groups", 24, 16, 8, 4}, {"odd_local", 19, 11, 5, 3}};

struct Case2d {
  unsigned threads_per_warp;
  Shape2d shape;
};

std::vector<Case2d> cases_2d() {
  std::vector<Case2d> out;
  for (unsigned tpw : kThreadsPerWarp) {
    for (const Shape2d& s : kShapes2d) out.push_back({tpw, s});
  }
  return out;
}

class OpenClKernel2d : public ::testing::TestWithParam<Case2d> {};

void PrintTo(const Case2d& c, std::ostream* out) {
  *out << fmt::format("{} threads per warp, {}x{} local {}x{}", c.threads_per_warp, c.shape.width,
                      c.shape.height, c.shape.local_x, c.shape.local_y);
}

std::string case_2d_name(const ::testing::TestParamInfo<Case2d>& info) {
  return fmt::format("t{}_{}", info.param.threads_per_warp, info.param.shape.name);
}

INSTANTIATE_TEST_SUITE_P(Shapes, OpenClKernel2d, ::testing::ValuesIn(cases_2d()), case_2d_name);

TEST_P(OpenClKernel2d, CollatzStepsPerItem) {
  const auto [tpw, s] = GetParam();
  constexpr uint32_t kRounds = 3;
  const uint32_t items = s.width * s.height;
  std::vector<uint32_t> want_steps(items), want_peaks(items);
  for (uint32_t y = 0; y < s.height; ++y) {
    for (uint32_t x = 0; x < s.width; ++x) {
      uint32_t total = 0, peak = 0;
      for (uint32_t r = 0; r < kRounds; ++r) {
        for (uint32_t n = 1 + x + y * s.width + r * 37; n != 1; ++total) {
          n = (n & 1) != 0 ? 3 * n + 1 : n / 2;
          peak = std::max(peak, n);
        }
      }
      want_steps[y * s.width + x] = total;
      want_peaks[y * s.width + x] = peak;
    }
  }
  auto device = must(make_device(tpw));
  auto kernel = must(opencl_kernel("collatz2d.cl", "collatz2d"));
  const std::vector<uint32_t> sentinel(items, 0xdeadbeef);
  auto steps = must(kernels::upload(*device, sentinel));
  auto peaks = must(kernels::upload(*device, sentinel));
  kernel.arg(steps).arg(peaks).arg(s.width).arg(s.height).arg(kRounds);
  const NDRange range =
      kernels::range_2d(kernels::round_up(s.width, s.local_x),
                        kernels::round_up(s.height, s.local_y), s.local_x, s.local_y);
  const LaunchStats stats = must(run(*device, kernel, range));
  EXPECT_EQ(compare_words(must(steps.read_as<uint32_t>(items)), want_steps), "");
  EXPECT_EQ(compare_words(must(peaks.read_as<uint32_t>(items)), want_peaks), "");
  EXPECT_EQ(stats.work_groups, (range.global[0] / s.local_x) * (range.global[1] / s.local_y));
}

// ---- 2. break and continue in divergent loops, early return in divergent code --------------

TEST_P(OpenClKernel, RowSearchBreakContinueReturn) {
  const auto [tpw, s] = GetParam();
  constexpr uint32_t kCols = 24;
  constexpr int32_t kKey = 37, kLimit = 300;
  const uint32_t rows = s.n;
  // Entries in [-20, 40): about a third are skipped (continue); every fifth row holds only
  // entries below 10, so its sum stays under the limit and the loop runs to its end.
  const auto words = random_words(size_t{rows} * kCols, 45 + tpw, 60);
  std::vector<int32_t> m(words.size());
  for (size_t k = 0; k < m.size(); ++k) {
    const auto v = static_cast<int32_t>(words[k]) - 20;
    m[k] = (k / kCols) % 5 == 0 ? std::min(v, 9) : v;
  }
  std::vector<int32_t> want_found(rows), want_seen(rows);
  for (uint32_t row = 0; row < rows; ++row) {
    int32_t sum = 0, looked = 0, found = -1;
    for (uint32_t c = 0; c < kCols; ++c) {
      const int32_t v = m[row * kCols + c];
      if (v < 0) continue;
      ++looked;
      if (v == kKey) {
        found = static_cast<int32_t>(c);
        break;
      }
      sum += v;
      if (sum > kLimit) {
        found = -2 - static_cast<int32_t>(c);
        break;
      }
    }
    want_found[row] = found;
    want_seen[row] = looked;
  }
  // The data must reach all three exits, or the test would not test them.
  ASSERT_TRUE(std::ranges::count(want_found, -1) > 0 &&
              std::ranges::count_if(want_found, [](int32_t f) { return f >= 0; }) > 0 &&
              std::ranges::count_if(want_found, [](int32_t f) { return f <= -2; }) > 0);

  auto device = must(make_device(tpw));
  auto kernel = must(opencl_kernel("row_search.cl", "row_search"));
  auto matrix = must(kernels::upload(*device, m));
  const std::vector<int32_t> sentinel(rows, INT32_MIN);
  auto found = must(kernels::upload(*device, sentinel));
  auto seen = must(kernels::upload(*device, sentinel));
  kernel.arg(matrix).arg(rows).arg(kCols).arg(kKey).arg(kLimit).arg(found).arg(seen);
  must(run(*device, kernel, kernels::range_1d(s.global(), s.local)));
  EXPECT_EQ(compare_words(must(found.read_as<int32_t>(rows)), want_found), "");
  EXPECT_EQ(compare_words(must(seen.read_as<int32_t>(rows)), want_seen), "");
}

// ---- 3. atomics on local and global memory ---------------------------------------------------

TEST_P(OpenClKernel, HistogramLocalThenGlobalAtomics) {
  const auto [tpw, s] = GetParam();
  constexpr uint32_t kBins = 16;  // NBINS of histogram.cl
  const auto data = random_words(s.n, 7 + tpw);
  std::vector<uint32_t> want(kBins, 0);
  for (uint32_t v : data) want[v % kBins] += (v & 1) != 0 ? 1 : 1 + (v >> 8) % 4;

  auto device = must(make_device(tpw));
  auto kernel = must(opencl_kernel("histogram.cl", "histogram"));
  auto in = must(kernels::upload(*device, data));
  auto bins = must(kernels::upload(*device, std::vector<uint32_t>(kBins, 0)));
  kernel.arg(in).arg(s.n).arg(bins);
  must(run(*device, kernel, kernels::range_1d(s.global(), s.local)));
  EXPECT_EQ(compare_words(must(bins.read_as<uint32_t>(kBins)), want), "");
}

TEST_P(OpenClKernel, AtomicOldValues) {
  const auto [tpw, s] = GetParam();
  const uint32_t n = s.n;
  constexpr uint32_t kBuckets = 7;
  std::vector<int32_t> data;
  for (uint32_t w : random_words(n, 3 + tpw, 2001)) data.push_back(static_cast<int32_t>(w) - 1000);
  auto device = must(make_device(tpw));
  auto kernel = must(opencl_kernel("atomics.cl", "atomics"));
  auto in = must(kernels::upload(*device, data));
  auto state = must(kernels::upload(*device, std::vector<int32_t>{0, INT32_MAX, INT32_MIN, 0, 0}));
  auto owner = must(kernels::upload(*device, std::vector<int32_t>(kBuckets, -1)));
  auto olds = must(kernels::upload(*device, std::vector<int32_t>(5 * n, INT32_MIN + 1)));
  auto group_minmax = must(kernels::upload(*device, std::vector<int32_t>(2 * s.groups(), 0)));
  kernel.arg(in).arg(n).arg(kBuckets).arg(state).arg(owner).arg(olds).arg(group_minmax);
  must(run(*device, kernel, kernels::range_1d(s.global(), s.local)));

  const auto st = must(state.read_as<int32_t>(5));
  const auto old = must(olds.read_as<int32_t>(5 * n));
  auto column = [&](unsigned k) {
    std::vector<int32_t> c(n);
    for (uint32_t i = 0; i < n; ++i) c[i] = old[5 * i + k];
    return c;
  };
  // atomic_inc hands out every ticket 0..n-1 exactly once.
  auto tickets = column(0);
  std::ranges::sort(tickets);
  std::vector<int32_t> iota(n);
  std::iota(iota.begin(), iota.end(), 0);
  EXPECT_EQ(compare_words(tickets, iota), "") << "atomic_inc tickets";
  EXPECT_EQ(st[0], static_cast<int32_t>(n));
  // atomic_min/max: the extremes, and exactly one work-item saw the initial value.
  EXPECT_EQ(st[1], *std::ranges::min_element(data));
  EXPECT_EQ(st[2], *std::ranges::max_element(data));
  EXPECT_EQ(std::ranges::count(column(1), INT32_MAX), 1);
  EXPECT_EQ(std::ranges::count(column(2), INT32_MIN), 1);
  // atomic_xchg: the olds and the final value are a permutation of 0..n.
  auto swapped = column(3);
  swapped.push_back(st[3]);
  std::ranges::sort(swapped);
  iota.push_back(static_cast<int32_t>(n));
  EXPECT_EQ(compare_words(swapped, iota), "") << "atomic_xchg olds";
  // atomic_cmpxchg(-1 -> i): one winner per bucket, whose id the others read back.
  const auto owners = must(owner.read_as<int32_t>(kBuckets));
  const auto cas = column(4);
  for (uint32_t b = 0; b < kBuckets; ++b) {
    int winners = 0;
    for (uint32_t i = b; i < n; i += kBuckets) {
      if (cas[i] == -1) {
        ++winners;
        EXPECT_EQ(owners[b], static_cast<int32_t>(i)) << "bucket " << b;
      } else {
        EXPECT_EQ(cas[i], owners[b]) << "work-item " << i;
      }
    }
    EXPECT_EQ(winners, 1) << "bucket " << b;
  }
  // The atomic_cmpxchg retry loop loses no addition.
  EXPECT_EQ(st[4], std::accumulate(data.begin(), data.end(), 0));
  // Local atomic_min/max per work-group.
  const auto gmm = must(group_minmax.read_as<int32_t>(2 * s.groups()));
  for (uint32_t g = 0; g < s.groups(); ++g) {
    const auto first = data.begin() + g * s.local;
    const auto last = data.begin() + std::min(n, (g + 1) * s.local);
    EXPECT_EQ(gmm[2 * g], *std::min_element(first, last)) << "group " << g;
    EXPECT_EQ(gmm[2 * g + 1], *std::max_element(first, last)) << "group " << g;
  }
}

// ---- 4. float4 arithmetic (FP_CONTRACT OFF: exact) ------------------------------------------

struct Float4 {
  float x, y, z, w;
};

Float4 fmin4(Float4 a, Float4 b) {
  return {std::fmin(a.x, b.x), std::fmin(a.y, b.y), std::fmin(a.z, b.z), std::fmin(a.w, b.w)};
}
Float4 clamp4(Float4 v, Float4 lo, Float4 hi) {
  auto c = [](float x, float l, float h) { return std::fmin(std::fmax(x, l), h); };
  return {c(v.x, lo.x, hi.x), c(v.y, lo.y, hi.y), c(v.z, lo.z, hi.z), c(v.w, lo.w, hi.w)};
}

TEST_P(OpenClKernel, Float4SwizzlesAndClamp) {
  const auto [tpw, s] = GetParam();
  const uint32_t n = s.n;
  constexpr float kLo = -1.5f, kHi = 2.0f;
  const auto a = random_floats(4 * n, 11 + tpw), b = random_floats(4 * n, 12 + tpw);
  std::vector<float> want_out(12 * n), want_sums(n);
  for (uint32_t i = 0; i < n; ++i) {
    const Float4 x{a[4 * i], a[4 * i + 1], a[4 * i + 2], a[4 * i + 3]};
    const Float4 y{b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]};
    const Float4 s4{x.x * y.w + 0.5f, x.y * y.z + -1.0f, x.z * y.y + 2.0f, x.w * y.x + 0.25f};
    const Float4 mn = fmin4(x, y);
    const Float4 d{mn.x - std::fmax(x.y, y.x), mn.y - std::fmax(x.x, y.y),
                   mn.z - std::fmax(x.w, y.z), mn.w - std::fmax(x.z, y.w)};
    const Float4 t = clamp4(d, {kLo, kLo, kLo, kLo}, {kHi, kHi, kHi, kHi});
    const Float4 p{s4.x * x.x, s4.y * x.x, s4.z * x.y, s4.w * x.y};
    const Float4 u =
        clamp4({t.y * 3.0f, t.x * -0.5f, s4.w - s4.z, x.w}, {-8, -8, -6, -5}, {8, 7, 6, 5});
    auto relu2 = [](float v) { return std::fmax(v, 0.0f) * 2.0f; };
    const float row[12] = {s4.z + t.x, s4.w + t.y, s4.x + t.z, s4.y + t.w, u.x,        u.y,
                           u.z,        u.w,        relu2(x.x), relu2(x.y), relu2(x.z), relu2(x.w)};
    std::copy(row, row + 12, want_out.begin() + 12 * i);
    want_sums[i] = ((p.x + p.y) + p.z) + p.w;
  }
  auto device = must(make_device(tpw));
  auto kernel = must(opencl_kernel("float4_ops.cl", "float4_ops"));
  auto in_a = must(kernels::upload(*device, a));
  auto in_b = must(kernels::upload(*device, b));
  auto out = must(kernels::upload(*device, std::vector<float>(12 * n, NAN)));
  auto sums = must(kernels::upload(*device, std::vector<float>(n, NAN)));
  kernel.arg(in_a).arg(in_b).arg(out).arg(sums).arg(n).arg(kLo).arg(kHi);
  must(run(*device, kernel, kernels::range_1d(s.global(), s.local)));
  const auto got_out = must(out.read_as<float>(12 * n));
  const auto got_sums = must(sums.read_as<float>(n));
  EXPECT_EQ(kernels::compare_exact(got_out, want_out), "");
  EXPECT_EQ(kernels::compare_exact(got_sums, want_sums), "");
}

// vload4/vstore4 through float pointers that are 4-byte but not 16-byte aligned.
TEST_P(OpenClKernel, Float4VloadVstoreUnaligned) {
  const auto [tpw, s] = GetParam();
  const uint32_t n = s.n;
  const auto a = random_floats(4 * n + 1, 13 + tpw);
  std::vector<float> want(4 * n + 3, NAN);
  for (uint32_t i = 0; i < n; ++i) {
    for (uint32_t k = 0; k < 4; ++k) {
      want[3 + 4 * i + k] = a[1 + 4 * i + (3 - k)] * 2.0f - a[4 * i + k];
    }
  }
  auto device = must(make_device(tpw));
  auto kernel = must(opencl_kernel("float4_vload.cl", "float4_vload"));
  auto in = must(kernels::upload(*device, a));
  auto out = must(kernels::upload(*device, std::vector<float>(4 * n + 3, NAN)));
  kernel.arg(in).arg(out).arg(n);
  must(run(*device, kernel, kernels::range_1d(s.global(), s.local)));
  EXPECT_EQ(kernels::compare_exact(must(out.read_as<float>(4 * n + 3)), want), "");
}

}  // namespace
}  // namespace ventus::opencl_test
