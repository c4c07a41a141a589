// Sanitizer: the observer of a launch's ExecutedInstr records that finds data races, reads of
// uninitialised local and private memory, and barrier misuse (docs/sanitizers.md). It reasons
// about happens-before (barrier intervals of a work-group, nothing between work-groups), not
// about the order the engine ran the warps in, so every schedule gives the same findings.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "functional/engine.hpp"
#include "functional/sanitize/byte_shadow.hpp"
#include "functional/sanitize/findings.hpp"
#include "functional/sanitize/global_definedness.hpp"
#include "functional/sanitize/launch_shadow.hpp"
#include "functional/sanitize/sanitize_checks.hpp"
#include "functional/work_group.hpp"

namespace ventus::functional {

class Sanitizer final : public ExecObserver {
 public:
  // `next` (may be null) sees every event too (a commit log written at the same time).
  // `work_items`: of a work-group (the local size; the last warp's lanes past it are none).
  // `defined` (may be null: global memory is not checked by init) says which global bytes
  // held data when the launch started; finish() adds the bytes the launch stored.
  Sanitizer(const LaunchConfig& config, const SanitizeOptions& options, uint64_t group_count,
            uint32_t work_items, ExecObserver* next, sanitize::GlobalDefinedness* defined);
  ~Sanitizer() override;
  Sanitizer(const Sanitizer&) = delete;
  Sanitizer& operator=(const Sanitizer&) = delete;

  void on_group_start(uint32_t group) override;
  void on_retire(const ExecutedInstr& record) override;
  void on_ref_trap(const RefTrapEvent& event) override;

  // Closes the work-groups a fault left open, compares the work-groups' global accesses and
  // returns every finding: each work-group's in linear order, then those between work-groups.
  FindingLog finish();
  // Host bytes of shadow memory allocated at most at once (the overhead, bench/).
  uint64_t peak_bytes() const { return peak_bytes_; }

 private:
  struct Group;
  using GroupShadow = sanitize::PagedShadow<sanitize::ByteAccesses<sanitize::kActorOwner>>;

  Group& group(uint32_t linear);
  MemSpace space_of(uint32_t addr) const;
  void access(Group& g, const ExecutedInstr& r, const MemAccess& m, bool atomic);
  void add_launch_access(const Group& g, const ExecutedInstr& r, const MemAccess& m, bool atomic,
                         uint32_t own);
  void check_init(Group& g, const ExecutedInstr& r, const MemAccess& m);
  void check_registers(Group& g, const ExecutedInstr& r);
  void check_global_init(Group& g, const ExecutedInstr& r, const MemAccess& m);
  void keep_global_uninit(Group& g, uint32_t interval);
  void report_global_uninit(FindingLog& log);
  void update_defined();
  void on_barrier(Group& g, const ExecutedInstr& r);
  void on_endprg(Group& g, const ExecutedInstr& r);
  void release(Group& g, uint32_t released);
  void check_release(Group& g, uint32_t released);
  void close_interval(Group& g, GroupShadow& shadow, MemSpace space, uint32_t interval,
                      bool commit_defined);
  void end_group(Group& g);
  void compare_groups(FindingLog& log);
  void note_pages();

  const LaunchConfig& config_;
  SanitizeOptions options_;
  ExecObserver* next_;
  uint32_t private_base_ = 0;
  uint64_t private_bytes_ = 0;  // of every work-group of the launch
  uint32_t full_mask_ = 0;
  uint32_t work_items_ = 0;  // per work-group
  // The lanes of warp `warp` that are work-items.
  uint32_t work_item_lanes(unsigned warp) const;
  uint32_t pc_base_ = 0;  // upper bits of every pc (the keys keep 64 MiB of code)
  std::map<uint32_t, std::unique_ptr<Group>> open_;
  std::vector<std::unique_ptr<Group>> spare_;  // storage of ended groups, reused
  Group* last_ = nullptr;                      // the group of the last record
  std::map<uint32_t, FindingLog> closed_;      // per work-group, merged in linear order
  // Global bytes of the whole launch, owners = work-groups: races between work-groups.
  sanitize::LaunchShadow launch_global_;
  bool fill_launch_ = false;  // launch_global_ is kept (race, or global_init_)
  uint64_t peak_bytes_ = 0;
  // init of global memory: the bytes defined before the launch, and whether some are not.
  sanitize::GlobalDefinedness* defined_ = nullptr;
  bool global_init_ = false;
  // Reads of global bytes undefined before the launch that nothing ordered before them
  // wrote in their work-group: the smallest (key of the work-group's owner) per byte, and its
  // barrier interval; reported unless another work-group wrote the byte (a race, finish()).
  struct Uninit {
    sanitize::AccessKey key;
    uint32_t interval = 0;
  };
  std::map<uint32_t, Uninit> global_uninit_;
};

}  // namespace ventus::functional
