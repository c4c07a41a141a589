// FunctionalStats: registration (names, units, descriptions) and accumulation per group.
#include "functional/functional_stats.hpp"

#include <string>
#include <vector>

namespace ventus::functional {
namespace {

std::vector<std::string> unit_labels() {
  std::vector<std::string> labels;
  for (size_t u = 0; u < isa::kUnitCount; ++u) {
    labels.emplace_back(isa::unit_name(static_cast<isa::Unit>(u)));
  }
  return labels;
}

}  // namespace

FunctionalStats::FunctionalStats(unsigned sm_count) : instructions_per_group_(0, 256, 32) {
  by_unit_.resize(isa::kUnitCount);
  by_unit_.set_labels(unit_labels());
  for (sim::VectorStat* v : {&accesses_, &bytes_}) {
    v->resize(3);
    v->set_labels({"global", "local", "private"});
  }
  set_sm_count(sm_count);
}

void FunctionalStats::set_sm_count(unsigned sm_count) {
  sm_work_groups_.resize(sm_count);
  sm_warp_instructions_.resize(sm_count);
}

void FunctionalStats::register_in(const sim::StatScope& s) {
  s.add("work_groups", work_groups_, "work-groups", "work-groups run");
  s.add("warps", warps_, "warps", "warps run");
  s.add("warp_instructions", warp_instructions_, "instructions", "warp-instructions retired");
  s.add("thread_instructions", thread_instructions_, "instructions",
        "lanes that executed: SIMT mask, and i < vl and v0 for vector rows");
  s.add_formula(
      "threads_per_instruction",
      [this] {
        const auto n = static_cast<double>(warp_instructions_.value);
        return n == 0 ? 0.0 : static_cast<double>(thread_instructions_.value) / n;
      },
      "threads", "mean executing lanes per warp-instruction");
  s.add("instructions_by_unit", by_unit_, "instructions", "warp-instructions by unit class");
  s.add("branches", branches_, "instructions", "scalar conditional branches");
  s.add("branches_taken", branches_taken_, "instructions", "scalar branches taken");
  s.add("vbranches", vbranches_, "instructions", "divergent-branch instructions (vbeq...)");
  s.add("vbranches_uniform", vbranches_uniform_, "instructions",
        "vector branches where every active lane went the same way");
  s.add("vbranches_diverged", vbranches_diverged_, "instructions",
        "vector branches that split the warp (SIMT stack push)");
  s.add("joins", joins_, "instructions", "join instructions");
  s.add("joins_popped", joins_popped_, "instructions", "joins that popped the SIMT stack");
  s.add("barriers", barriers_, "instructions", "barrier instructions executed");
  s.add("barrier_releases", barrier_releases_, "events", "barriers released");
  s.add("ref_traps", ref_traps_, "traps", "--ref-compat traps that entered mtvec");
  s.add("memcheck_accesses", memcheck_accesses_, "accesses",
        "lane accesses outside every buffer (counted with run.memcheck = report)");
  s.add("memory_accesses", accesses_, "accesses", "lane memory accesses by address space");
  s.add("memory_bytes", bytes_, "bytes", "bytes accessed by address space");
  s.add("sm_work_groups", sm_work_groups_, "work-groups", "work-groups placed on each SM");
  s.add("sm_warp_instructions", sm_warp_instructions_, "instructions",
        "warp-instructions retired on each SM");
  s.add("instructions_per_work_group", instructions_per_group_, "instructions",
        "warp-instructions of each work-group");
}

void FunctionalStats::add_group(const GroupCounters& c, unsigned warps, unsigned sm) {
  ++work_groups_;
  warps_ += warps;
  warp_instructions_ += c.warp_instructions;
  thread_instructions_ += c.thread_instructions;
  for (size_t u = 0; u < isa::kUnitCount; ++u) by_unit_[u] += c.by_unit[u];
  branches_ += c.branches;
  branches_taken_ += c.branches_taken;
  vbranches_ += c.vbranches;
  vbranches_uniform_ += c.vbranches_uniform;
  vbranches_diverged_ += c.vbranches_diverged;
  joins_ += c.joins;
  joins_popped_ += c.joins_popped;
  barriers_ += c.barriers;
  barrier_releases_ += c.barrier_releases;
  for (size_t space = 0; space < 3; ++space) {  // MemSpace::Global.. in label order
    accesses_[space] += c.memory.accesses(space + 1);
    bytes_[space] += c.memory.bytes(space + 1);
  }
  if (sm < sm_work_groups_.size()) {
    ++sm_work_groups_[sm];
    sm_warp_instructions_[sm] += c.warp_instructions;
  }
  instructions_per_group_.sample(c.warp_instructions);
}

LaunchStats FunctionalStats::summary() const {
  return {work_groups_.value, warps_.value, warp_instructions_.value, thread_instructions_.value,
          ref_traps_.value};
}

}  // namespace ventus::functional
