// What every executor shares: which points run, and how run-point is told the policy.
#include "sweep/executors.hpp"

namespace ventus::sweep {

std::vector<size_t> points_to_run(const Plan& plan, const ExecutorOptions& options) {
  std::vector<size_t> out;
  for (const Point& point : plan.points) {
    if (needs_run(read_point(options.out, point), options.policy)) out.push_back(point.index);
  }
  return out;
}

std::vector<std::string> policy_args(RerunPolicy policy) {
  switch (policy) {
    case RerunPolicy::Force:
      return {"--force"};
    case RerunPolicy::RerunFailed:
      return {"--rerun-failed"};
    case RerunPolicy::Resume:
      break;
  }
  return {};
}

}  // namespace ventus::sweep
