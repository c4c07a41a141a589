// golden_speed: how much a golden-model check of a launch costs against a plain functional run
// of it: for every launch of the reference corpus with a ref-log (--ref-compat), the time to
// feed the parsed log to the model (step, convert, compare) and the time of run_launch from
// the same prepared memory, summed over the corpus and `rounds` repetitions.
// Usage: golden_speed [ROUNDS]   (VENTUS_REFERENCE_DIR overrides the corpus location)
#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "functional/launch.hpp"
#include "runtime/golden_setup.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using ventus::golden::CaseLaunch;

struct Totals {
  double plain = 0, check = 0;
  uint64_t records = 0, launches = 0;
};

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// One launch: a plain run and a check, each from a freshly prepared launch.
bool measure(const CaseLaunch& c, const ventus::trace::ParsedLog& log, Totals& t) {
  auto plain = ventus::golden::prepare_case_launch(c);
  auto checked = ventus::golden::prepare_case_launch(c);
  if (!plain || !checked) return false;
  auto& p = **plain;
  ventus::functional::FunctionalStats stats(p.shape.sm_count);
  ventus::functional::LaunchHooks hooks;
  hooks.before_group = p.before_group;
  auto start = Clock::now();
  (void)ventus::functional::run_launch(p.config, p.shape, p.engine, p.memory,
                                       p.local ? &*p.local : nullptr, stats, nullptr, hooks);
  t.plain += seconds_since(start);
  auto model = ventus::golden::make_model(std::move(checked.value()));
  if (!model) return false;
  start = Clock::now();
  const auto mismatch = ventus::golden::check_log(**model, log);
  t.check += seconds_since(start);
  t.records += (*model)->fed();
  ++t.launches;
  return !mismatch;
}

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 20;
  const char* env = std::getenv("VENTUS_REFERENCE_DIR");
  const std::filesystem::path root =
      std::filesystem::path(env != nullptr && *env != '\0' ? env : VENTUS_REFERENCE_DIR) / "cases";
  Totals t;
  std::error_code error;
  for (int r = 0; r < rounds; ++r) {
    for (const auto& dir : std::filesystem::directory_iterator(root, error)) {
      for (const auto& file : std::filesystem::directory_iterator(dir.path() / "ref-logs", error)) {
        auto log = ventus::trace::read_commit_log(file.path().string());
        if (!log) continue;
        const CaseLaunch c{dir.path(), file.path().stem().string(),
                           ventus::functional::Mode::RefCompat, ""};
        if (!measure(c, *log, t)) {
          fmt::print(stderr, "golden_speed: {} does not check\n", file.path().string());
          return 1;
        }
      }
    }
  }
  if (t.launches == 0) {
    fmt::print(stderr, "golden_speed: no reference logs under {}\n", root.string());
    return 2;
  }
  fmt::print(
      "{} launches ({} rounds), {} records: plain functional run {:.4f} s, golden check "
      "{:.4f} s, {:.2f}x\n",
      t.launches, rounds, t.records, t.plain, t.check, t.check / t.plain);
  return 0;
}
