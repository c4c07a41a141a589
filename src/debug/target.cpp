// The debug target: the burst scheduler's order, one recorded warp-instruction at a time,
// with the stops a debugger asks for (see target.hpp).
#include "debug/target.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace ventus::debug {
namespace {

Stop stop_at(StopKind kind, uint32_t thread, std::string note = {}) {
  Stop stop;
  stop.kind = kind;
  stop.thread = thread;
  stop.note = std::move(note);
  return stop;
}

}  // namespace

using functional::Fault;
using functional::StepResult;
using functional::StepStatus;
using functional::WarpEvent;
using functional::WorkGroup;

// Sees the commit record of every step: the accesses that match a watchpoint, and whether a
// vector branch pushed a SIMT-stack entry (ExecutedInstr::simt_stack, ISA.md §2.4).
class Target::AccessWatch : public functional::ExecObserver {
 public:
  explicit AccessWatch(const std::vector<Watchpoint>& watches) : watches_(watches) {}
  void on_group_start(uint32_t) override {}
  void on_ref_trap(const functional::RefTrapEvent&) override {}
  void on_retire(const functional::ExecutedInstr& record) override {
    pushed = record.simt_stack.size() > record.simt_depth_before;
    for (const functional::MemAccess& access : record.mem) {
      for (const Watchpoint& w : watches_) {
        if (!overlaps(access, w) || !kind_matches(access, w.kind)) continue;
        hit = w;
        hit->addr = std::max(access.addr, w.addr);
        hit->kind = access.is_write ? WatchKind::Write : WatchKind::Read;
        if (w.kind == WatchKind::Access) hit->kind = WatchKind::Access;
        return;
      }
    }
  }
  void reset() {
    hit.reset();
    pushed = false;
  }
  std::optional<Watchpoint> hit;
  bool pushed = false;

 private:
  static bool overlaps(const functional::MemAccess& a, const Watchpoint& w) {
    return uint64_t{a.addr} < uint64_t{w.addr} + w.length &&
           uint64_t{w.addr} < uint64_t{a.addr} + a.size;
  }
  static bool kind_matches(const functional::MemAccess& a, WatchKind kind) {
    return kind == WatchKind::Access || (kind == WatchKind::Write) == a.is_write;
  }
  const std::vector<Watchpoint>& watches_;
};

Target::Target(functional::Launch& launch)
    : launch_(launch), watch_(std::make_unique<AccessWatch>(watchpoints_)) {}

Target::~Target() = default;

uint32_t Target::thread_of(const WorkGroup& group, unsigned warp) const {
  return group.linear_id() * config().numw + warp + 1;
}

std::vector<uint32_t> Target::threads() {
  std::vector<uint32_t> ids;
  for (auto& group : launch_.live()) {
    for (unsigned j = 0; j < group->warp_count(); ++j) ids.push_back(thread_of(*group, j));
  }
  return ids;
}

WarpRef Target::find(uint32_t thread) {
  if (thread == 0) return {};
  const uint32_t linear = (thread - 1) / config().numw;
  for (auto& group : launch_.live()) {
    if (group->linear_id() == linear) return {group.get(), (thread - 1) % config().numw};
  }
  return {};
}

bool Target::remove_watchpoint(const Watchpoint& w) {
  auto it = std::find_if(watchpoints_.begin(), watchpoints_.end(), [&](const Watchpoint& x) {
    return x.addr == w.addr && x.length == w.length && x.kind == w.kind;
  });
  if (it == watchpoints_.end()) return false;
  watchpoints_.erase(it);
  return true;
}

// Every work-group the machine holds is resident, as on the GPU; they still run one after
// another in linear order, so memory sees what the burst scheduler gives it.
void Target::fill_slots() {
  while (WorkGroup* group = launch_.dispatch({})) driver_->group_started(*group);
}

WorkGroup* Target::front_group() {
  auto& live = launch_.live();
  while (!live.empty() && live.front()->finished()) {
    launch_.retire(*live.front());
    fill_slots();
  }
  return live.empty() ? nullptr : live.front().get();
}

std::optional<functional::Fault> Target::run(FrontEnd& front) {
  front_ = &front;
  driver_ = std::make_unique<Driver>(launch_, watch_.get());
  fill_slots();
  Stop stop;
  stop.kind = launch_.live().empty() ? StopKind::Ended : StopKind::Start;
  if (!launch_.live().empty()) stop.thread = thread_of(*launch_.live().front(), 0);
  for (;;) {
    if (stop.kind == StopKind::Ended) {
      front.on_end(stop);
      return std::nullopt;
    }
    const Resume resume = detached_ ? Resume{} : front.on_stop(*this, stop);
    if (stop.kind == StopKind::Fault || resume.kind == Resume::Kind::Kill) {
      if (stop.kind != StopKind::Fault) {
        stop.fault = Fault{};
        stop.fault->kernel = config().kernel_name;
        stop.fault->detail = "killed by the debugger";
      }
      front.on_end(stop);
      return stop.fault;
    }
    if (resume.kind == Resume::Kind::Detach) detached_ = true;
    if (const WarpRef ref = find(stop.thread)) passing_[stop.thread] = ref.state().pc;
    stop = run_until_stop(resume);
  }
}

// The next warp of the burst order (burst_driver.hpp run_group_bursts): the cursor's warp
// while its burst lasts and it can step, else the next steppable warp after it.
std::optional<Stop> Target::next_warp(WarpRef& next) {
  WorkGroup* group = front_group();
  if (group == nullptr) return stop_at(StopKind::Ended, 0);
  const unsigned n = group->warp_count();
  if (group->linear_id() != cursor_group_) {
    cursor_group_ = group->linear_id();
    cursor_warp_ = n - 1;  // the search below starts at warp 0
    cursor_left_ = 0;
  }
  if (cursor_left_ > 0 && group->steppable(cursor_warp_)) {
    next = {group, cursor_warp_};
    return std::nullopt;
  }
  for (unsigned k = 1; k <= n; ++k) {
    const unsigned j = (cursor_warp_ + k) % n;
    if (!group->steppable(j)) continue;
    cursor_warp_ = j;
    cursor_left_ = launch_.options().burst_instructions;
    next = {group, j};
    return std::nullopt;
  }
  return fault_stop(functional::deadlock_fault(*group), thread_of(*group, 0));
}

// Runs until a stop. A step: the warp retires one instruction, at once when it can step, else
// after the others (in the scheduler's order) released it. A continue of one warp (GDB's
// `vCont;c:T`, its software single-step) runs that warp alone while it can step.
Stop Target::run_until_stop(const Resume& resume) {
  const bool step = resume.kind == Resume::Kind::Step;
  if (const WarpRef ref = find(resume.thread); step && ref && ref.group->steppable(ref.warp)) {
    passing_.erase(resume.thread);
    if (auto stop = step_warp(ref, false)) return *stop;
    return stop_at(StopKind::Step, resume.thread);
  } else if (step && (!ref || ref.state().ended)) {
    return stop_at(StopKind::Step, resume.thread, "the warp has ended");
  }
  for (;;) {
    WarpRef ref = step ? WarpRef{} : find(resume.thread);
    if (!ref || !ref.group->steppable(ref.warp)) {
      if (auto stop = next_warp(ref)) return *stop;
    }
    const uint32_t thread = thread_of(*ref.group, ref.warp);
    if (!detached_ && (++polls_ & 1023) == 0 && front_->interrupted()) {
      return stop_at(StopKind::Interrupt, thread);
    }
    const auto passing = passing_.find(thread);
    const bool resuming = passing != passing_.end() && passing->second == ref.state().pc;
    if (passing != passing_.end()) passing_.erase(passing);
    if (auto stop = step_warp(ref, !resuming && !detached_)) return *stop;
    if (step && thread == resume.thread) return stop_at(StopKind::Step, thread);
  }
}

std::optional<Stop> Target::step_warp(WarpRef ref, bool check_breakpoint) {
  const uint32_t thread = thread_of(*ref.group, ref.warp);
  if (check_breakpoint && breakpoints_.contains(ref.state().pc)) {
    return stop_at(StopKind::Breakpoint, thread);
  }
  watch_->reset();
  StepResult result;
  if (auto fault = driver_->step(*ref.group, ref.warp, result)) return fault_stop(*fault, thread);
  if (result.status == StepStatus::Trapped) {
    return fault_stop(ref.group->fault_from_trap(ref.warp), thread);
  }
  if (ref.group->linear_id() == cursor_group_ && ref.warp == cursor_warp_ && cursor_left_ > 0) {
    --cursor_left_;
  }
  if (detached_) return std::nullopt;
  if (watch_->hit) {
    Stop stop = stop_at(StopKind::Watchpoint, thread);
    stop.watch_addr = watch_->hit->addr;
    stop.watch_kind = watch_->hit->kind;
    return stop;
  }
  return event_stop(ref, result);
}

std::optional<Stop> Target::event_stop(WarpRef ref, const StepResult& result) const {
  const uint32_t thread = thread_of(*ref.group, ref.warp);
  const auto where = [&](const char* what) {
    return stop_at(StopKind::Event, thread,
                   fmt::format("warp {} of work-group {} {} at pc 0x{:08x}", ref.warp,
                               ref.group->linear_id(), what, result.pc));
  };
  if (break_on_.barrier && result.event == WarpEvent::Barrier) return where("reached a barrier");
  if (break_on_.endprg && result.event == WarpEvent::Endprg) return where("ended (endprg)");
  if (break_on_.divergence && watch_->pushed) return where("diverged");
  return std::nullopt;
}

Stop Target::fault_stop(Fault fault, uint32_t thread) {
  Stop stop = stop_at(StopKind::Fault, thread, fault.message());
  stop.fault = std::move(fault);
  return stop;
}

// kPrivateWindow + a: byte a of the focused lane's private space (ISA.md §5.11).
bool Target::translate_private(uint32_t thread, uint32_t& addr) {
  if (addr < kPrivateWindow) return true;
  const WarpRef ref = find(thread);
  if (!ref || lane_focus_ >= ref.state().numt) return false;
  const functional::WarpCsrs& csr = ref.state().csr;
  addr = functional::private_byte_address(csr.pds, csr.numw * csr.numt, csr.tid + lane_focus_,
                                          addr - kPrivateWindow);
  return true;
}

bool Target::read_memory(uint32_t thread, uint32_t addr, std::span<uint8_t> out) {
  const WarpRef ref = find(thread);
  for (size_t i = 0; i < out.size(); ++i) {
    uint32_t a = addr + static_cast<uint32_t>(i);
    if (!translate_private(thread, a)) return false;
    const memory::DeviceMemory& m = ref ? ref.group->memory().route(a) : launch_.global();
    if (!m.read_bytes(a, out.subspan(i, 1))) return false;
  }
  return true;
}

bool Target::write_memory(uint32_t thread, uint32_t addr, std::span<const uint8_t> data) {
  const WarpRef ref = find(thread);
  for (size_t i = 0; i < data.size(); ++i) {
    uint32_t a = addr + static_cast<uint32_t>(i);
    if (!translate_private(thread, a)) return false;
    memory::DeviceMemory& m = ref ? ref.group->memory().route(a) : launch_.global();
    if (!m.write_bytes(a, data.subspan(i, 1))) return false;
  }
  return true;
}

}  // namespace ventus::debug
