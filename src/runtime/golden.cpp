// The golden model's core: per-warp stepping of a functional Launch in the order records
// arrive, each step's commit record compared with the fed one as logdiff compares entries
// (ISA.md §10.2), REF's one-group-at-a-time end protocol in --ref-compat (ISA.md §2.5, §7.3).
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "functional/launch.hpp"
#include "functional/work_group_step.hpp"
#include "runner/commit_conversion.hpp"
#include "runtime/golden_setup.hpp"
#include "trace/entry_compare.hpp"

namespace ventus::golden {

namespace {

using functional::Mode;
using functional::StepStatus;
using functional::WorkGroup;

// One work-group the records have started.
struct GroupRun {
  std::unique_ptr<WorkGroup> group;
  runner::SimtNpcTracker npc;
  bool resumed = false;  // --ref-compat: hart 0 resumed after the last warp ended
  bool done = false;
};

// Captures REF's trap entry for comparison with a fed exception line.
class TrapCapture final : public functional::ExecObserver {
 public:
  void on_group_start(uint32_t) override {}
  void on_retire(const functional::ExecutedInstr&) override {}
  void on_ref_trap(const functional::RefTrapEvent& event) override { event_ = event; }
  const functional::RefTrapEvent& event() const { return event_; }

 private:
  functional::RefTrapEvent event_;
};

bool same_items(const trace::CommitRecord& a, const trace::CommitRecord& b) {
  if (a.reg_items.size() != b.reg_items.size()) return false;
  for (size_t i = 0; i < a.reg_items.size(); ++i) {
    const trace::RegItem& x = a.reg_items[i];
    const trace::RegItem& y = b.reg_items[i];
    if (x.kind != y.kind || x.index != y.index || x.value != y.value || x.csr_name != y.csr_name) {
      return false;
    }
    if (x.kind == trace::RegItemKind::kVector &&
        !std::ranges::equal(a.elements(x), b.elements(y))) {
      return false;
    }
  }
  const trace::VectorHeader& h = a.vector_header;
  const trace::VectorHeader& k = b.vector_header;
  return !a.has_vector_header() || (h.sew == k.sew && h.lmul == k.lmul &&
                                    h.lmul_fractional == k.lmul_fractional && h.vl == k.vl);
}

bool same_writes(const std::vector<trace::MemWrite>& a, const std::vector<trace::MemWrite>& b) {
  return std::ranges::equal(a, b, [](const trace::MemWrite& x, const trace::MemWrite& y) {
    return x.address == y.address && x.value == y.value && x.size_bytes == y.size_bytes;
  });
}

// Field for field the same commit (items in the same order): then compare_entries, which
// compares register items as a set, agrees; anything else goes to it.
bool identical(const trace::LogEntry& a, const trace::LogEntry& b) {
  const trace::CommitRecord& x = a.record;
  const trace::CommitRecord& y = b.record;
  if (b.legacy_format || x.pc != y.pc || x.word != y.word || x.privilege != y.privilege ||
      x.has_simt_dump != y.has_simt_dump || x.mem_reads != y.mem_reads ||
      !same_writes(x.mem_writes, y.mem_writes) || !same_items(x, y)) {
    return false;
  }
  if (!x.has_simt_dump) return true;
  return x.simt_mask == y.simt_mask && x.simt_npc == y.simt_npc && a.stack_size == b.stack_size &&
         std::ranges::equal(x.simt_entries, y.simt_entries,
                            [](const trace::SimtEntry& p, const trace::SimtEntry& q) {
                              return p.r_pc == q.r_pc && p.else_pc == q.else_pc &&
                                     p.else_mask == q.else_mask;
                            });
}

class LaunchModel final : public GoldenModel {
 public:
  explicit LaunchModel(std::unique_ptr<PreparedLaunch> p)
      : p_(std::move(p)),
        stats_(p_->shape.sm_count),
        launch_(p_->config, p_->shape, p_->engine, p_->memory, p_->local ? &*p_->local : nullptr,
                stats_) {}
  Status prepare() { return launch_.prepare(); }

  std::optional<Mismatch> feed(const trace::LogEntry& entry, uint32_t group) override;
  std::optional<Mismatch> finish() override;
  void set_scope(const CompareScope& scope) override { scope_ = scope; }
  uint64_t fed() const override { return fed_; }
  uint32_t threads_per_warp() const override { return p_->config.numt; }

 private:
  Result<GroupRun*> group_for(uint32_t group);
  GroupRun& start_group(uint32_t linear);
  std::optional<std::string> check_warp(GroupRun& run, const trace::LogEntry& entry) const;
  std::optional<std::string> step_commit(GroupRun& run, const trace::LogEntry& entry);
  std::optional<std::string> step_trap(GroupRun& run, const trace::LogEntry& entry);
  std::optional<std::string> compare(const trace::LogEntry& entry);
  void after_step(GroupRun& run, const functional::StepResult& result);
  void retire(uint32_t linear, GroupRun& run);
  Mismatch mismatch(uint32_t group, uint32_t warp, uint32_t pc, uint32_t line, std::string text);

  std::unique_ptr<PreparedLaunch> p_;
  functional::FunctionalStats stats_;
  functional::Launch launch_;
  CompareScope scope_;
  std::map<uint32_t, GroupRun> live_;
  std::set<uint32_t> retired_;
  uint32_t next_sequential_ = 0;     // the group kCurrentGroup starts next
  std::optional<uint32_t> current_;  // the group kCurrentGroup feeds
  uint64_t fed_ = 0;
  functional::ExecutedInstr executed_;
  trace::LogEntry expected_;
  std::optional<Mismatch> mismatch_;
};

Mismatch LaunchModel::mismatch(uint32_t group, uint32_t warp, uint32_t pc, uint32_t line,
                               std::string text) {
  mismatch_ = Mismatch{fed_, line, group, warp, pc, std::move(text)};
  return *mismatch_;
}

GroupRun& LaunchModel::start_group(uint32_t linear) {
  if (p_->before_group) p_->before_group(linear);
  GroupRun& run = live_[linear];
  run.group = launch_.make_group(linear, launch_.burst_slot(linear));
  return run;
}

Result<GroupRun*> LaunchModel::group_for(uint32_t group) {
  const uint64_t count = launch_.group_count();
  if (group == kCurrentGroup) {
    if (current_) return &live_.at(*current_);
    if (next_sequential_ >= count) {
      return Error{fmt::format("all {} work-groups have ended", count)};
    }
    current_ = next_sequential_++;
    return &start_group(*current_);
  }
  if (group >= count)
    return Error{fmt::format("no work-group {} ({} in the launch)", group, count)};
  auto it = live_.find(group);
  if (it != live_.end()) return &it->second;
  if (retired_.contains(group)) return Error{fmt::format("work-group {} has ended", group)};
  return &start_group(group);
}

std::optional<std::string> LaunchModel::check_warp(GroupRun& run,
                                                   const trace::LogEntry& entry) const {
  const WorkGroup& g = *run.group;
  const uint32_t w = entry.hart();
  const uint32_t pc = entry.kind == trace::EntryKind::kTrap ? entry.epc : entry.record.pc;
  if (w >= g.warp_count()) {
    return fmt::format("no warp {} (the work-group has {} warps)", w, g.warp_count());
  }
  const functional::WarpState& warp = g.warps()[w];
  if (warp.ended) return fmt::format("warp {} has ended, actual pc 0x{:08x}", w, pc);
  if (warp.at_barrier) {
    return fmt::format(
        "warp {} waits at a barrier until every warp arrives ({}), actual pc 0x{:08x}", w,
        g.describe_warps(), pc);
  }
  if (warp.pc != pc) return fmt::format("pc: expected 0x{:08x}, actual 0x{:08x}", warp.pc, pc);
  return std::nullopt;
}

std::optional<std::string> LaunchModel::compare(const trace::LogEntry& entry) {
  trace::CommitRecord& want = expected_.record;
  if (!scope_.simt_dump && !entry.record.has_simt_dump) want.has_simt_dump = false;
  if (!scope_.mem_reads && entry.record.mem_reads.empty()) want.mem_reads.clear();
  if (!scope_.vector_header && !entry.record.has_vector_header()) {
    std::erase_if(want.reg_items, [](const trace::RegItem& item) {
      return item.kind == trace::RegItemKind::kVectorHeader;
    });
  }
  if (identical(expected_, entry)) return std::nullopt;  // the common case, without sorting
  std::vector<std::string> details;
  if (trace::detail::compare_entries(expected_, entry, {}, &details)) return std::nullopt;
  return describe_differences(details);
}

std::optional<std::string> LaunchModel::step_commit(GroupRun& run, const trace::LogEntry& entry) {
  WorkGroup& g = *run.group;
  const uint32_t w = entry.hart();
  executed_.clear();
  const functional::StepResult r = g.step<functional::CommitPolicy>(w, &executed_);
  if (r.status == StepStatus::Trapped) {
    return fmt::format("expected a trap ({}), actual a retired instruction",
                       g.fault_from_trap(w).message());
  }
  expected_.kind = trace::EntryKind::kCommit;
  runner::to_commit_record(executed_, p_->config.numt, run.npc.update(executed_), expected_.record,
                           false);
  // What REF prints as the dump's `stack size` (the writer prints the entries it holds).
  expected_.stack_size = static_cast<uint32_t>(expected_.record.simt_entries.size());
  auto differs = compare(entry);
  after_step(run, r);
  return differs;
}

std::optional<std::string> LaunchModel::step_trap(GroupRun& run, const trace::LogEntry& entry) {
  WorkGroup& g = *run.group;
  const uint32_t w = entry.hart();
  executed_.clear();
  const functional::StepResult r = g.step<functional::CommitPolicy>(w, &executed_);
  if (r.status != StepStatus::Trapped) {
    return fmt::format("expected the instruction to retire, actual exception {}", entry.name);
  }
  if (p_->engine.mode != Mode::RefCompat) return g.fault_from_trap(w).message();
  TrapCapture capture;
  if (auto fault = g.enter_ref_trap(w, &capture)) return fault->message();
  trace::LogEntry want;
  want.kind = trace::EntryKind::kTrap;
  want.name = capture.event().ref_name;
  want.epc = capture.event().pc;
  want.has_tval = capture.event().has_tval;
  want.tval = capture.event().tval;
  std::vector<std::string> details;
  if (trace::detail::compare_entries(want, entry, {}, &details)) return std::nullopt;
  return describe_differences(details);
}

// --ref-compat ends a group as REF does: the tohost store, or hart 0 resumed once after the
// last warp's endprg (run_round_robin); the default mode when every warp has ended.
void LaunchModel::after_step(GroupRun& run, const functional::StepResult& result) {
  WorkGroup& g = *run.group;
  if (p_->engine.mode == Mode::RefCompat) {
    if (result.status == StepStatus::Finished) run.done = true;
    if (!run.done && g.finished()) {
      if (run.resumed) {
        run.done = true;
      } else {
        run.resumed = true;
        g.resume_first_warp();
      }
    }
  } else {
    run.done = g.finished();
  }
}

void LaunchModel::retire(uint32_t linear, GroupRun& run) {
  launch_.retire_detached(*run.group, launch_.burst_sm(linear));
  retired_.insert(linear);
  if (current_ == linear) current_.reset();
  live_.erase(linear);
}

std::optional<Mismatch> LaunchModel::feed(const trace::LogEntry& entry, uint32_t group) {
  if (mismatch_) return mismatch_;
  const bool trap = entry.kind == trace::EntryKind::kTrap;
  if (!trap && entry.kind != trace::EntryKind::kCommit) return std::nullopt;
  ++fed_;
  const uint32_t pc = trap ? entry.epc : entry.record.pc;
  auto run = group_for(group);
  if (!run) return mismatch(group, entry.hart(), pc, entry.first_line, run.error().message);
  const uint32_t linear = group == kCurrentGroup ? *current_ : group;
  const uint32_t expected_pc =
      entry.hart() < (*run)->group->warp_count() ? (*run)->group->warps()[entry.hart()].pc : 0;
  auto differs = check_warp(**run, entry);
  if (!differs) differs = trap ? step_trap(**run, entry) : step_commit(**run, entry);
  if (differs) return mismatch(linear, entry.hart(), expected_pc, entry.first_line, *differs);
  if ((*run)->done) retire(linear, **run);
  return std::nullopt;
}

std::optional<Mismatch> LaunchModel::finish() {
  if (mismatch_) return mismatch_;
  ++fed_;  // the position after the last record
  for (auto& [linear, run] : live_) {
    const auto& warps = run.group->warps();
    uint32_t w = 0;
    while (w + 1 < warps.size() && warps[w].ended) ++w;
    return mismatch(linear, w, warps[w].pc, 0,
                    fmt::format("the records ended before work-group {} did; expected warp {} "
                                "to continue at pc 0x{:08x}",
                                linear, w, warps[w].pc));
  }
  if (retired_.size() < launch_.group_count()) {
    return mismatch(0, 0, 0, 0,
                    fmt::format("the records ended after {} of {} work-groups", retired_.size(),
                                launch_.group_count()));
  }
  return std::nullopt;
}

}  // namespace

Result<std::unique_ptr<GoldenModel>> make_model(std::unique_ptr<PreparedLaunch> launch) {
  auto model = std::make_unique<LaunchModel>(std::move(launch));
  if (auto ok = model->prepare(); !ok) return ok.error();
  return std::unique_ptr<GoldenModel>(std::move(model));
}

std::optional<Mismatch> check_log(GoldenModel& model, const trace::ParsedLog& log) {
  for (const trace::LogEntry& entry : log.entries()) {
    if (auto m = model.feed(entry)) return m;
  }
  return model.finish();
}

}  // namespace ventus::golden
