// LaunchLoop: the cycle loop of one launch, work-group dispatch and retirement, idle skipping
// and the kernel-end flush.
#include "timing/launch_loop.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "timing/stall_report.hpp"

namespace ventus::timing {

using functional::Fault;
using functional::WorkGroup;

namespace {

constexpr Cycle kNever = ~Cycle{0};

// The next cycle after `now` at which the GPU itself acts: a warp to dispatch, a work-group to
// retire, or (after a retirement) a work-group to place.
Cycle gpu_event(const std::deque<PendingWarp>& to_dispatch, const std::vector<GroupDone>& finishing,
                bool retired, Cycle now) {
  Cycle next = retired ? now + 1 : kNever;
  if (!to_dispatch.empty()) next = std::min(next, std::max(to_dispatch.front().earliest, now + 1));
  for (const GroupDone& g : finishing) next = std::min(next, std::max(g.at, now + 1));
  return next;
}

}  // namespace

LaunchLoop::LaunchLoop(const TimingParams& params, GpuCounters& counters, Timeline* timeline,
                       EventLog* event_log, uint32_t warp_slots, functional::Launch& launch,
                       const functional::LaunchHooks& hooks,
                       std::vector<std::optional<CacheTags>>& icache_lru)
    : params_(params),
      counters_(counters),
      timeline_(timeline),
      event_log_{event_log},
      launch_(launch),
      hooks_(hooks),
      memory_(params.memory, static_cast<unsigned>(counters.sms.size()), counters.memory),
      port_busy_before_(counters.memory.port_busy_cycles.value),
      limit_(launch.options().max_warp_instructions),
      stall_window_(stall_window(params, static_cast<unsigned>(counters.sms.size()))),
      icache_lru_(icache_lru) {
  for (uint32_t i = 0; i < counters.sms.size(); ++i) {
    sms_.push_back(
        std::make_unique<Sm>(i, params, warp_slots, memory_, launch.options(), counters.sms[i]));
    if (icache_lru_[i]) sms_.back()->icache().adopt_lru_state(*icache_lru_[i]);
    sms_.back()->set_timeline(timeline);
    sms_.back()->set_event_log(event_log);
  }
  memory_.set_event_log(event_log_);
  due_.assign(sms_.size(), SmDue{});
  for (const SmCounters& c : counters.sms) issued_before_ += c.core.issued.value;
}

LaunchLoop::~LaunchLoop() {
  for (auto& sm : sms_) {
    sm->flush_states();
    icache_lru_[sm->index()] = sm->icache().lru_state();
  }
}

// EngineOptions::on_progress hears of the cycle every this many loop steps (a step is a
// cycle with an event; a few microseconds), so that a progress line moves on a long group.
constexpr uint32_t kProgressSteps = 4096;

void LaunchLoop::report_progress() const {
  functional::LaunchProgress progress;
  progress.groups_done = launch_.groups_retired();
  progress.groups_total = launch_.group_count();
  progress.cycle = now_;
  launch_.options().on_progress(progress);
}

std::optional<Fault> LaunchLoop::run_warps(TimingResult& result) {
  const bool progress = static_cast<bool>(launch_.options().on_progress);
  uint32_t steps = 0;
  for (;; ++now_) {
    if (progress && ++steps == kProgressSteps) [[unlikely]] {
      steps = 0;
      report_progress();
    }
    if (may_place_ || !to_dispatch_.empty()) dispatch();
    if (auto fault = tick_sms(result)) {
      stop_at(now_);  // the faulting cycle has no states
      return fault;
    }
    const bool retired = retire();
    account_cycle();
    std::optional<Fault> fault;
    if (limit_ != 0 && executed_ >= limit_) fault = instruction_limit();
    const bool done = launch_.all_dispatched() && launch_.live().empty() && to_dispatch_.empty();
    if (!fault && !done && now_ - last_issue_ > stall_window_) fault = deadlock(false);
    if (!fault && !done && !skip_idle(retired)) fault = deadlock(true);
    if (fault || done) {
      if (fault) {
        stop_at(now_ + 1);
      } else {
        catch_up(now_ + 1);
      }
      return fault;
    }
  }
}

std::optional<Fault> LaunchLoop::finish(bool first_kernel, TimingResult& result) {
  const Cycle accounted = now_ + 1;  // cycles 0..now have a state in every slot
  now_ = last_done_ + params_.kernel.flush_request_cycles;
  const auto all_sms = [this](auto idle) { return std::all_of(sms_.begin(), sms_.end(), idle); };
  if (!drain([&] { return all_sms([](auto& sm) { return sm->lsu_idle(); }); })) {
    return drain_fault("the LSUs");
  }
  for (auto& sm : sms_) {
    sm->l1d().flush(now_);
    sm->icache().invalidate();
  }
  if (!drain([&] { return all_sms([](auto& sm) { return sm->l1d().idle(); }); })) {
    return drain_fault("the L1 data caches' write-backs");
  }
  // The L2's flush follows its queued line writes (TIMING.md §2: about 11 cycles, a read and
  // a write, per dirty L1 line).
  if (!drain([&] { return memory_.drained(now_); })) return drain_fault("the L2's line writes");
  result.done_cycle = now_ + params_.kernel.flush_hint_cycles + params_.kernel.flush_done_cycles;
  if (event_log_) [[unlikely]]
    event_log_.add(result.done_cycle, "L2_FLUSH_DONE", "");
  result.cycles = host_poll_count(params_.kernel, result.done_cycle, first_kernel);
  for (auto& sm : sms_) sm->account_idle(result.cycles > accounted ? result.cycles - accounted : 0);
  sample(result.cycles);
  counters_.cycles += result.cycles;
  count_issued();
  return std::nullopt;
}

void LaunchLoop::dispatch() {
  // Launch::dispatch places nothing more until a group retires (no SM has room).
  while (may_place_) {
    WorkGroup* group = launch_.dispatch(hooks_);
    may_place_ = group != nullptr;
    if (group == nullptr) break;
    const unsigned sm = launch_.sm_of(*group);
    const unsigned count = group->warp_count();
    for (unsigned n = 0; n < count; ++n) {
      const unsigned w = params_.kernel.last_warp_first ? count - 1 - n : n;
      to_dispatch_.push_back({group, w, sm, now_ + params_.kernel.first_dispatch_cycles, n == 0});
    }
    ++counters_.groups_dispatched;
  }
  for (uint32_t n = 0; n < params_.kernel.warps_dispatched_per_cycle && !to_dispatch_.empty();
       ++n) {
    const PendingWarp& p = to_dispatch_.front();
    if (p.earliest > now_) break;
    if (timeline_ != nullptr && p.opens_group) {
      timeline_->marker(p.sm, now_, fmt::format("dispatch wg {}", p.group->linear_id()));
    }
    catch_up(p.sm, now_);  // the skipped cycles in the state before the warp
    const unsigned slot = sms_[p.sm]->start_warp(*p.group, p.warp, now_ + 1);
    if (event_log_) [[unlikely]] {
      event_log_.add(now_, "DISPATCH", "sm={} warp={} wg={} index={}", p.sm, slot,
                     p.group->linear_id(), p.warp);
    }
    due_[p.sm].next = now_;
    to_dispatch_.pop_front();
  }
}

std::optional<Fault> LaunchLoop::tick_sms(TimingResult& result) {
  for (auto& sm : sms_) {
    SmDue& due = due_[sm->index()];
    due.ticked = due.next <= now_;
    if (!due.ticked) continue;
    catch_up(sm->index(), now_);
    due.last = now_;
    events_.groups_done.clear();
    sm->tick(now_, events_);
    if (events_.fault) return events_.fault;
    for (WorkGroup* g : events_.groups_done) {
      finishing_.push_back({g, now_ + params_.kernel.wg_done_cycles});
      if (event_log_) [[unlikely]] {
        event_log_.add(now_ + params_.kernel.wg_done_cycles, "WG_DONE", "sm={} wg={}", sm->index(),
                       g->linear_id());
      }
      if (timeline_ != nullptr) {
        timeline_->marker(sm->index(), now_, fmt::format("end wg {}", g->linear_id()));
      }
    }
    if (!events_.groups_done.empty()) result.last_end_cycle = now_;
  }
  return std::nullopt;
}

bool LaunchLoop::retire() {
  bool retired = false;
  for (size_t i = 0; i < finishing_.size();) {
    if (finishing_[i].at > now_) {
      ++i;
      continue;
    }
    retired = true;
    may_place_ = true;
    launch_.retire(*finishing_[i].group);
    last_done_ = now_;
    finishing_.erase(finishing_.begin() + static_cast<std::ptrdiff_t>(i));
  }
  return retired;
}

void LaunchLoop::account_cycle() {
  accepted_ = false;
  for (auto& sm : sms_) {
    SmDue& due = due_[sm->index()];
    if (!due.ticked) continue;  // its offer, if any, is refused without effect (skip_idle)
    if (sm->send_memory_request(now_)) accepted_ = true;
    sm->account_states(now_, 1);
    due.accounted = now_ + 1;
  }
  sample(now_ + 1);
  if (const uint64_t issued = issued_so_far(); issued != issued_) {
    issued_ = issued;
    last_issue_ = now_;
    // Executed as the functional engine counts: with the prefixes stepped before an issue.
    executed_ = issued_;
    for (const auto& sm : sms_) executed_ += sm->prefixes_stepped();
  }
}

uint64_t LaunchLoop::issued_so_far() const {
  uint64_t total = 0;
  for (const SmCounters& c : counters_.sms) total += c.core.issued.value;
  return total - issued_before_;
}

std::optional<Fault> LaunchLoop::instruction_limit() const {
  if (limit_ == 0 || executed_ < limit_ || launch_.live().empty()) return std::nullopt;
  const std::string detail = functional::instruction_limit_detail(executed_);
  for (auto sm = sms_.rbegin(); sm != sms_.rend(); ++sm) {
    const auto [group, warp] = (*sm)->last_issued_warp();
    const auto& live = launch_.live();  // a group retired in this cycle is not named
    const auto is_group = [group](const auto& g) { return g.get() == group; };
    if ((*sm)->issued_at(now_) && std::any_of(live.begin(), live.end(), is_group)) {
      return group->make_fault(warp, functional::TrapKind::InstructionLimit, detail);
    }
  }
  return launch_.live().front()->make_fault(0, functional::TrapKind::InstructionLimit, detail);
}

// "No progress" (docs/timing.md): at once when nothing can change any more, else after a
// window without an issue that no slow machine needs (stall_window), never a fixed count.
std::optional<Fault> LaunchLoop::deadlock(bool quiescent) const {
  if (launch_.live().empty()) return std::nullopt;
  if (!quiescent && now_ - last_issue_ <= stall_window_) return std::nullopt;
  return stall_fault(sms_, *launch_.live().front(), params_, now_, now_ - last_issue_, quiescent);
}

bool LaunchLoop::skip_idle(bool retired) {
  Cycle next = gpu_event(to_dispatch_, finishing_, retired, now_);
  for (auto& sm : sms_) {
    SmDue& due = due_[sm->index()];
    if (due.ticked || accepted_) due.next = next_tick(*sm, due);
    next = std::min(next, due.next);
  }
  if (next == kNever) return false;  // nothing in flight, no timer: a deadlock
  if (timeline_ != nullptr) {
    for (SmDue& due : due_) due.next = next;
    catch_up(next);
  }
  if (next > now_ + 1) sample(next);
  now_ = next - 1;
  return true;
}

Cycle LaunchLoop::next_tick(const Sm& sm, const SmDue& due) const {
  if (!params_.skip_idle_cycles || sm.issued_at(due.last)) return now_ + 1;
  return std::max(sm.next_event(due.last, now_ + 1), now_ + 1);
}

void LaunchLoop::stop_at(Cycle end) {
  catch_up(end);
  stopped_cycles_ = end;
}

void LaunchLoop::account_skipped(unsigned i, Cycle to) {
  SmDue& due = due_[i];
  sms_[i]->skip_cycles(to - due.accounted);
  sms_[i]->account_states(due.accounted, to - due.accounted);
  due.accounted = to;
}

void LaunchLoop::catch_up(Cycle to) {
  for (unsigned i = 0; i < sms_.size(); ++i) catch_up(i, to);
}

void LaunchLoop::sample_timeline(Cycle cycle) {
  std::vector<uint64_t> misses;
  for (auto& sm : sms_) misses.push_back(sm->l1d_misses_in_flight());
  timeline_->sample(cycle, misses, counters_.memory.port_busy_cycles.value - port_busy_before_);
}

template <class Done>
bool LaunchLoop::drain(Done done) {
  for (Cycle steps = 0; !done(); ++steps) {
    if (steps == stall_window_) return false;
    step_memory();
  }
  return true;
}

Fault LaunchLoop::drain_fault(std::string_view what) const {
  Fault fault;  // kind None: no guest instruction is at fault (Fault::message)
  fault.kernel = launch_.config().kernel_name;
  fault.detail = fmt::format(
      "the cycle model: {} did not drain within {} cycles after the last warp ended (a bug "
      "of the model: please report it with the kernel and the configuration)",
      what, stall_window_);
  return fault;
}

void LaunchLoop::step_memory() {
  ++now_;
  for (auto& sm : sms_) {
    events_.groups_done.clear();
    sm->tick(now_, events_);
    sm->send_memory_request(now_);
  }
}
}  // namespace ventus::timing
