// Sanitizer: shadow updates per access, barrier intervals and releases, the end of a
// work-group and the comparison of the work-groups' global accesses (docs/sanitizers.md).
#include "functional/sanitize/sanitizer.hpp"

#include <optional>
#include <unordered_map>
#include <vector>

#include "memory/local_memory.hpp"

namespace ventus::functional {

using sanitize::AccessKey;
using sanitize::ByteAccesses;

namespace {

// What a warp of an open work-group is doing, as its records tell.
struct WarpSync {
  bool waiting = false;
  bool ended = false;
  uint32_t barrier_pc = 0;
  uint8_t fences = 0;  // kLocalFence | kGlobalFence of the barrier it waits at
  uint32_t end_pc = 0;
};

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

// Work-item key of an access: warp·64 + lane + 1; 0 is the scalar access of warp 0.
uint32_t actor_of(unsigned warp, int lane) {
  return warp * 64 + static_cast<uint32_t>(lane + 1);
}

// The pcs' upper bits, which keys leave out (AccessKey).
struct Where {
  uint32_t group = 0;  // of a work-group's own shadow
  uint32_t pc_base = 0;
};

FindingSite site_of(const AccessKey& key, const Where& where, bool is_write, bool is_atomic) {
  const uint32_t actor = key.actor();
  FindingSite s;
  s.pc = key.pc(where.pc_base);
  s.group = key.group_plus_one() != 0 ? key.group_plus_one() - 1 : where.group;
  s.warp = static_cast<unsigned>(actor / 64);
  s.lane = static_cast<int>(actor % 64) - 1;
  s.is_write = is_write;
  s.is_atomic = is_atomic;
  return s;
}

// Scalar stores of one pc from several warps, all of the same value: every warp's copy of
// the start code's initialisation (crt0 stores the print buffer's address and clears .bss in
// every warp), not worth a warning.
template <unsigned kShift>
bool uniform_start_code(const sanitize::KeyPair<kShift>& writes) {
  const auto scalar = [](const AccessKey& k) { return (k.actor() & 63u) == 0; };
  return writes.a.pc(0) == writes.b.pc(0) && scalar(writes.a) && scalar(writes.b);
}

// The hazard one byte's accesses in one interval make, if any: unordered accesses of two
// owners, one of them a write (atomic pairs excepted); errors before the benign warning.
template <unsigned kShift>
std::optional<Finding> classify(const ByteAccesses<kShift>& b, const Where& group) {
  Finding f;
  const auto& w = b.writes;
  if (!w.b.empty() && b.values_differ) {
    f.kind = FindingKind::WriteWrite;
    f.first = site_of(w.a, group, true, false);
    f.second = site_of(w.b, group, true, false);
    return f;
  }
  AccessKey r = b.reads.other_than(w.a);
  if (r.empty() && b.values_differ) r = b.own_reads.other_than(w.a);
  if (!w.a.empty() && !r.empty()) {
    const bool write_first = w.a < r;
    f.kind = write_first ? FindingKind::WriteRead : FindingKind::ReadWrite;
    f.first = write_first ? site_of(w.a, group, true, false) : site_of(r, group, false, false);
    f.second = write_first ? site_of(r, group, false, false) : site_of(w.a, group, true, false);
    return f;
  }
  const AccessKey& a = b.atomics.a;
  AccessKey p = b.writes.other_than(a);
  const bool plain_write = !p.empty();
  if (!plain_write) p = b.reads.other_than(a);
  if (!a.empty() && !p.empty()) {
    f.kind = FindingKind::AtomicPlain;
    f.first = site_of(a < p ? a : p, group, a < p || plain_write, a < p);
    f.second = site_of(a < p ? p : a, group, !(a < p) || plain_write, !(a < p));
    return f;
  }
  if (!w.b.empty() && !uniform_start_code(w)) {
    f.kind = FindingKind::BenignWriteWrite;
    f.first = site_of(w.a, group, true, false);
    f.second = site_of(w.b, group, true, false);
    return f;
  }
  return std::nullopt;
}

bool same_hazard(const Finding& x, const Finding& y) {
  return x.kind == y.kind && x.first.pc == y.first.pc && x.second.pc == y.second.pc &&
         x.first.group == y.first.group && x.second.group == y.second.group &&
         x.first.warp == y.first.warp && x.second.warp == y.second.warp &&
         x.first.lane == y.first.lane && x.second.lane == y.second.lane;
}

// An uninitialised read, unless another work-item wrote the byte in the same interval: that
// read races with the write (a race, not an init finding, whatever ran first).
template <unsigned kShift>
std::optional<Finding> classify_init(const ByteAccesses<kShift>& b, const Where& group) {
  if (b.uninit_read.empty() || !b.writes.a.empty() || !b.atomics.a.empty()) return std::nullopt;
  Finding f;
  f.kind = FindingKind::UninitRead;
  f.first = site_of(b.uninit_read, group, false, false);
  return f;
}

// Adds the findings of a shadow in address order (`checks`: race, init); the bytes of one
// access pair next to each other (a word) are one finding.
template <class Shadow>
void add_hazards(const Shadow& shadow, const Where& group, MemSpace space, uint32_t interval,
                 uint8_t checks, FindingLog& log) {
  std::optional<Finding> last;
  shadow.for_each([&](uint32_t addr, const auto& bytes) {
    std::optional<Finding> f;
    if ((checks & sanitize::kInit) != 0) f = classify_init(bytes, group);
    if (!f && (checks & sanitize::kRace) != 0) f = classify(bytes, group);
    if (!f) return;
    // The local shadow holds private bytes too (both belong to one work-group).
    f->space =
        space == MemSpace::Local && !memory::is_local_window(addr) ? MemSpace::Private : space;
    f->addr = addr;
    f->interval = interval;
    if (!(last && same_hazard(*last, *f) && last->addr + 1 == addr)) log.add(*f);
    last = f;
  });
}

}  // namespace

struct Sanitizer::Group {
  explicit Group(uint32_t linear_id, unsigned warp_count, uint32_t examples)
      : linear(linear_id), warps(warp_count), log(examples) {}
  // Work-group `linear_id` starts in this one's storage (its shadows are empty: closed).
  void restart(uint32_t linear_id, uint32_t examples) {
    linear = linear_id;
    for (WarpSync& w : warps) w = WarpSync{};
    defined = {};
    local_interval = global_interval = 0;
    ended = 0;
    log = FindingLog(examples);
    scalar_writers.clear();
  }
  uint32_t linear;
  std::vector<WarpSync> warps;
  GroupShadow local;               // local window and private memory, this interval
  GroupShadow global;              // global memory, this interval
  sanitize::DefinedBytes defined;  // local and private bytes written in closed intervals
  uint32_t local_interval = 0, global_interval = 0;
  unsigned ended = 0;
  FindingLog log;
  // Global bytes each warp (bit) stored to with a scalar store, for the rest of the group.
  std::unordered_map<uint32_t, uint64_t> scalar_writers;
  bool wrote(uint32_t addr, unsigned warp) const {
    auto it = scalar_writers.find(addr);
    return it != scalar_writers.end() && ((it->second >> warp) & 1u) != 0;
  }
};

Sanitizer::Sanitizer(const LaunchConfig& config, const SanitizeOptions& options,
                     uint64_t group_count, uint32_t work_items, ExecObserver* next)
    : config_(config), options_(options), next_(next), work_items_(work_items) {
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
  for (const MemAccess& m : r.mem) access(g, r, m, atomic);
  if (r.event == static_cast<uint8_t>(WarpEvent::Barrier)) on_barrier(g, r);
  if (r.event == static_cast<uint8_t>(WarpEvent::Endprg)) on_endprg(g, r);
}

void Sanitizer::access(Group& g, const ExecutedInstr& r, const MemAccess& m, bool atomic) {
  const MemSpace space = space_of(m.addr);
  if (!m.is_write && !atomic && (options_.checks & sanitize::kInit) != 0 &&
      space != MemSpace::Global) {
    check_init(g, r, m);
  }
  if ((options_.checks & (sanitize::kRace | sanitize::kInit)) == 0) return;
  const uint32_t actor = actor_of(r.warp, m.lane);
  const AccessKey key = AccessKey::make(0, actor, r.pc);
  const AccessKey launch_key = AccessKey::make(g.linear + 1, actor, r.pc);
  GroupShadow& shadow = space == MemSpace::Global ? g.global : g.local;
  const bool scalar_global = m.lane < 0 && space == MemSpace::Global && r.warp < 64;
  for (uint32_t i = 0; i < m.size; ++i) {
    const uint32_t addr = m.addr + i;
    const auto byte = static_cast<uint8_t>(m.value >> (8 * i));
    const bool own_read = scalar_global && !m.is_write && !atomic && g.wrote(addr, r.warp);
    if (scalar_global && m.is_write) g.scalar_writers[addr] |= uint64_t{1} << r.warp;
    auto& b = shadow.at(addr);
    if (atomic) {
      b.atomics.add(key);
    } else if (m.is_write) {
      b.write(key, byte);
    } else {
      (own_read ? b.own_reads : b.reads).add(key);
    }
    if (space != MemSpace::Global || (options_.checks & sanitize::kRace) == 0) continue;
    auto& l = launch_global_.at(addr);
    if (atomic) {
      l.atomics.add(launch_key);
    } else if (m.is_write) {
      l.write(launch_key, byte);
    } else {
      (own_read ? l.own_reads : l.reads).add(launch_key);
    }
  }
}

// A read of a local or private byte is defined when a closed interval wrote it, or this
// work-item (or its warp's scalar code, which runs in program order with it) did in this one.
void Sanitizer::check_init(Group& g, const ExecutedInstr& r, const MemAccess& m) {
  const uint32_t actor = actor_of(r.warp, m.lane);
  const uint32_t scalar = actor_of(r.warp, -1);
  for (uint32_t i = 0; i < m.size; ++i) {
    const uint32_t addr = m.addr + i;
    if (g.defined.test(addr)) continue;
    auto& b = g.local.at(addr);
    const auto& w = b.writes;
    const auto& a = b.atomics;
    if (w.owned_by(actor) || w.owned_by(scalar) || a.owned_by(actor) || a.owned_by(scalar)) {
      continue;
    }
    const AccessKey key = AccessKey::make(0, actor, r.pc);
    if (key < b.uninit_read) b.uninit_read = key;
  }
}

void Sanitizer::on_barrier(Group& g, const ExecutedInstr& r) {
  WarpSync& w = g.warps.at(r.warp);
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
  WarpSync& w = g.warps.at(r.warp);
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
    close_interval(g, g.global, MemSpace::Global, g.global_interval++, false);
  }
}

// The released warps waited at one barrier pc, and no warp ended instead of arriving.
void Sanitizer::check_release(Group& g, uint32_t released) {
  std::optional<unsigned> first, other, ended;
  for (unsigned j = 0; j < g.warps.size(); ++j) {
    const WarpSync& w = g.warps[j];
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

void Sanitizer::close_interval(Group& g, GroupShadow& shadow, MemSpace space, uint32_t interval,
                               bool commit_defined) {
  note_pages();
  add_hazards(shadow, Where{g.linear, pc_base_}, space, interval, options_.checks, g.log);
  if (commit_defined) {
    shadow.for_each([&g](uint32_t addr, const ByteAccesses<sanitize::kActorOwner>& b) {
      if (!b.writes.a.empty() || !b.atomics.a.empty()) g.defined.set(addr);
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
  size_t pages = launch_global_.pages();
  for (const auto& [linear, g] : open_) pages += g->local.pages() + g->global.pages();
  peak_pages_ = std::max(peak_pages_, pages);
}

void Sanitizer::compare_groups(FindingLog& log) {
  add_hazards(launch_global_, Where{0, pc_base_}, MemSpace::Global, Finding::kBetweenGroups,
              sanitize::kRace, log);
  launch_global_.clear();
}

FindingLog Sanitizer::finish() {
  while (!open_.empty()) end_group(*open_.begin()->second);
  FindingLog all(options_.examples);
  for (const auto& [linear, log] : closed_) all.merge(log);
  closed_.clear();
  if ((options_.checks & sanitize::kRace) != 0) compare_groups(all);
  return all;
}

}  // namespace ventus::functional
