// Sanitizer: shadow updates per access, barrier intervals and releases, the end of a
// work-group and the comparison of the work-groups' global accesses (docs/sanitizers.md).
#include "functional/sanitize/sanitizer.hpp"

#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "functional/sanitize/classify.hpp"
#include "functional/sanitize/sanitizer_group.hpp"
#include "memory/local_memory.hpp"

namespace ventus::functional {

using sanitize::AccessKey;
using sanitize::ByteAccesses;
using namespace sanitize::classify;

namespace {

constexpr uint8_t kLocalFence = 1;
constexpr uint8_t kGlobalFence = 2;

// ISA.md §5.7: imm[0] CLK_LOCAL_MEM_FENCE, imm[1] CLK_GLOBAL_MEM_FENCE; imm[2:0] = 0 has no
// documented meaning (open question Q4), so it orders both rather than report false races.
uint8_t barrier_fences(uint32_t word) {
  const uint32_t imm = (word >> 15) & 7u;
  if (imm == 0) return kLocalFence | kGlobalFence;
  return static_cast<uint8_t>(((imm & 1u) != 0 ? kLocalFence : 0) |
                              ((imm & 2u) != 0 ? kGlobalFence : 0));
}

}  // namespace

Sanitizer::Sanitizer(const LaunchConfig& config, const SanitizeOptions& options,
                     uint64_t group_count, uint32_t work_items, ExecObserver* next,
                     sanitize::GlobalDefinedness* defined)
    : config_(config), options_(options), next_(next), work_items_(work_items), defined_(defined) {
  global_init_ =
      (options.checks & sanitize::kInit) != 0 && defined != nullptr && !defined->all_defined();
  fill_launch_ = (options.checks & sanitize::kRace) != 0 || global_init_;
  const uint32_t per_group = group_private_bytes(config);
  const uint64_t groups = config.private_slots != 0 ? config.private_slots : group_count;
  private_base_ = config.pds_base;
  private_bytes_ = per_group * groups;
  full_mask_ = config.numt >= 32 ? ~0u : (1u << config.numt) - 1u;
  pc_base_ = config.start_pc & ~0x3ffffffu;
}

Sanitizer::~Sanitizer() = default;

uint32_t Sanitizer::work_item_lanes(unsigned warp) const {
  const uint64_t first = uint64_t{warp} * config_.numt;
  if (first + config_.numt <= work_items_) return full_mask_;
  const uint64_t lanes = work_items_ > first ? work_items_ - first : 0;
  return static_cast<uint32_t>((uint64_t{1} << lanes) - 1u);
}

void Sanitizer::on_group_start(uint32_t linear) {
  group(linear);
  if (next_ != nullptr) next_->on_group_start(linear);
}

void Sanitizer::on_ref_trap(const RefTrapEvent& event) {
  if (next_ != nullptr) next_->on_ref_trap(event);
}

Sanitizer::Group& Sanitizer::group(uint32_t linear) {
  if (last_ != nullptr && last_->linear == linear) return *last_;
  std::unique_ptr<Group>& g = open_[linear];
  if (g) return *(last_ = g.get());
  if (spare_.empty()) {
    g = std::make_unique<Group>(linear, config_.numw, options_.examples);
  } else {  // the storage of an ended group: its shadow pages are allocated already
    g = std::move(spare_.back());
    spare_.pop_back();
    g->restart(linear, options_.examples);
  }
  return *(last_ = g.get());
}

MemSpace Sanitizer::space_of(uint32_t addr) const {
  if (memory::is_local_window(addr)) return MemSpace::Local;
  return addr - private_base_ < private_bytes_ ? MemSpace::Private : MemSpace::Global;
}

void Sanitizer::on_retire(const ExecutedInstr& r) {
  if (next_ != nullptr) next_->on_retire(r);
  Group& g = group(r.group);
  const bool atomic = r.row != nullptr && r.row->has(isa::flag::kAtomic);
  if ((options_.checks & sanitize::kInit) != 0) check_registers(g, r);
  for (const MemAccess& m : r.mem) access(g, r, m, atomic);
  if (r.event == static_cast<uint8_t>(WarpEvent::Barrier)) on_barrier(g, r);
  if (r.event == static_cast<uint8_t>(WarpEvent::Endprg)) on_endprg(g, r);
}

void Sanitizer::access(Group& g, const ExecutedInstr& r, const MemAccess& m, bool atomic) {
  const MemSpace space = space_of(m.addr);
  if (!m.is_write && !atomic && (options_.checks & sanitize::kInit) != 0) {
    if (space != MemSpace::Global) {
      check_init(g, r, m);
    } else if (global_init_) {
      check_global_init(g, r, m);
    }
  }
  if ((options_.checks & (sanitize::kRace | sanitize::kInit)) == 0) return;
  const uint32_t actor = actor_of(r.warp, m.lane);
  const AccessKey key = AccessKey::make(0, actor, r.pc);
  GroupShadow& shadow = space == MemSpace::Global ? g.global : g.local;
  const bool scalar_global = m.lane < 0 && space == MemSpace::Global && r.warp < 64;
  uint32_t own = 0;  // bit i: byte i is an own read (Group::wrote)
  for (uint32_t i = 0; i < m.size; ++i) {
    const uint32_t addr = m.addr + i;
    const auto byte = static_cast<uint8_t>(m.value >> (8 * i));
    const bool own_read = scalar_global && !m.is_write && !atomic && g.wrote(addr, r.warp);
    if (scalar_global && m.is_write) g.scalar_writers[addr] |= uint64_t{1} << r.warp;
    own |= uint32_t{own_read} << i;
    auto& b = shadow.at(addr);
    if (atomic) {
      b.atomics.add(key);
    } else if (m.is_write) {
      b.write(key, byte);
    } else {
      (own_read ? b.own_reads : b.reads).add(key);
    }
  }
  if (space == MemSpace::Global && fill_launch_) {
    add_launch_access(g, r, m, atomic, own);
  }
}

// The access in the launch's shadow, whose owners are work-groups.
void Sanitizer::add_launch_access(const Group& g, const ExecutedInstr& r, const MemAccess& m,
                                  bool atomic, uint32_t own) {
  using Op = sanitize::LaunchShadow::Op;
  const AccessKey key = AccessKey::make(g.linear + 1, actor_of(r.warp, m.lane), r.pc);
  const Op op = atomic ? Op::Atomic : m.is_write ? Op::Write : Op::Read;
  const uint32_t all = (1u << m.size) - 1u;
  if (op != Op::Read || own == 0 || own == all) {
    launch_global_.add(m.addr, m.size, own != 0 && op == Op::Read ? Op::OwnRead : op, key, m.value);
    return;
  }
  for (uint32_t i = 0; i < m.size; ++i) {  // some bytes own reads, some not
    launch_global_.add(m.addr + i, 1, ((own >> i) & 1u) != 0 ? Op::OwnRead : Op::Read, key, 0);
  }
}

void Sanitizer::on_barrier(Group& g, const ExecutedInstr& r) {
  sanitize::WarpSync& w = g.warps.at(r.warp);
  const uint32_t lanes = work_item_lanes(r.warp);
  if ((options_.checks & sanitize::kSync) != 0 && (r.mask_before & lanes) != lanes) {
    Finding f;
    f.kind = FindingKind::DivergentBarrier;
    f.interval = g.local_interval;
    f.first = FindingSite{r.pc, g.linear, r.warp, -1, false, false};
    f.mask = r.mask_before;
    g.log.add(f);
  }
  w.waiting = true;
  w.barrier_pc = r.pc;
  w.fences = barrier_fences(r.word);
  if (r.released != 0) release(g, r.released);
}

void Sanitizer::on_endprg(Group& g, const ExecutedInstr& r) {
  sanitize::WarpSync& w = g.warps.at(r.warp);
  if (!w.ended) ++g.ended;
  w.ended = true;
  w.end_pc = r.pc;
  if (r.released != 0) release(g, r.released);
  if (g.ended == g.warps.size()) end_group(g);
}

// Every live warp arrived (the engine released them, ISA.md §5.7): the sync checks, then the
// interval of each fenced space closes.
void Sanitizer::release(Group& g, uint32_t released) {
  if ((options_.checks & sanitize::kSync) != 0) check_release(g, released);
  uint8_t fences = 0;
  for (unsigned j = 0; j < g.warps.size(); ++j) {
    if (((released >> j) & 1u) == 0) continue;
    fences = static_cast<uint8_t>(fences | g.warps[j].fences);
    g.warps[j].waiting = false;
  }
  if ((fences & kLocalFence) != 0) {
    close_interval(g, g.local, MemSpace::Local, g.local_interval++, true);
  }
  if ((fences & kGlobalFence) != 0) {
    close_interval(g, g.global, MemSpace::Global, g.global_interval++, global_init_);
  }
}

// The released warps waited at one barrier pc, and no warp ended instead of arriving.
void Sanitizer::check_release(Group& g, uint32_t released) {
  std::optional<unsigned> first, other, ended;
  for (unsigned j = 0; j < g.warps.size(); ++j) {
    const sanitize::WarpSync& w = g.warps[j];
    if (w.ended && !ended) ended = j;
    if (((released >> j) & 1u) == 0) continue;
    if (!first) first = j;
    if (!other && w.barrier_pc != g.warps[*first].barrier_pc) other = j;
  }
  if (!first) return;
  Finding f;
  f.interval = g.local_interval;
  f.first = FindingSite{g.warps[*first].barrier_pc, g.linear, *first, -1, false, false};
  if (other) {
    f.kind = FindingKind::BarrierMismatch;
    f.second = FindingSite{g.warps[*other].barrier_pc, g.linear, *other, -1, false, false};
    g.log.add(f);
  }
  if (ended) {
    f.kind = FindingKind::EndedBeforeBarrier;
    f.second = FindingSite{g.warps[*ended].end_pc, g.linear, *ended, -1, false, false};
    g.log.add(f);
  }
}

// The interval's hazards; `commit_defined`: the bytes it wrote are defined for the rest of the
// work-group. Global uninitialised reads wait for the launch's end (keep_global_uninit).
void Sanitizer::close_interval(Group& g, GroupShadow& shadow, MemSpace space, uint32_t interval,
                               bool commit_defined) {
  note_pages();
  const bool global = space == MemSpace::Global;
  const auto checks = static_cast<uint8_t>(options_.checks & ~(global ? sanitize::kInit : 0));
  add_hazards(shadow, Where{g.linear, pc_base_}, space, interval, checks, g.log);
  if (global && global_init_) keep_global_uninit(g, interval);
  if (commit_defined) {
    sanitize::DefinedBytes& defined = global ? g.global_defined : g.defined;
    shadow.for_each([&defined](uint32_t addr, const ByteAccesses<sanitize::kActorOwner>& b) {
      if (!b.writes.a.empty() || !b.atomics.a.empty()) defined.set(addr);
    });
  }
  shadow.clear();
}

void Sanitizer::end_group(Group& g) {
  close_interval(g, g.local, MemSpace::Local, g.local_interval, false);
  close_interval(g, g.global, MemSpace::Global, g.global_interval, false);
  if (!g.log.empty()) closed_.emplace(g.linear, std::move(g.log));
  auto it = open_.find(g.linear);
  spare_.push_back(std::move(it->second));
  open_.erase(it);
  last_ = nullptr;
}

void Sanitizer::note_pages() {
  size_t pages = 0;
  for (const auto& [linear, g] : open_) pages += g->local.pages() + g->global.pages();
  peak_bytes_ = std::max(peak_bytes_, pages * sanitize::kShadowPageBytes + launch_global_.bytes());
}

namespace {

// The launch's words that more than one work-group accessed: the others make no finding
// between work-groups (LaunchShadow::for_each).
struct Contested {
  const sanitize::LaunchShadow& shadow;
  template <class F>
  void for_each(F&& f) const {
    shadow.for_each(std::forward<F>(f), true);
  }
};

}  // namespace

void Sanitizer::compare_groups(FindingLog& log) {
  add_hazards(Contested{launch_global_}, Where{0, pc_base_}, MemSpace::Global,
              Finding::kBetweenGroups, sanitize::kRace, log);
}

FindingLog Sanitizer::finish() {
  while (!open_.empty()) end_group(*open_.begin()->second);
  FindingLog all(options_.examples);
  for (const auto& [linear, log] : closed_) all.merge(log);
  closed_.clear();
  note_pages();
  if (global_init_) report_global_uninit(all);
  update_defined();
  if ((options_.checks & sanitize::kRace) != 0) compare_groups(all);
  launch_global_ = {};
  return all;
}

}  // namespace ventus::functional
