// CacheWarmer: `--warm-caches`, the functional launches' instruction fetches fed into the cycle
// model's I-cache replacement state, and every record passed on to the commit log if one runs.
#pragma once

#include <cstdint>

#include "functional/engine.hpp"
#include "timing/gpu_model.hpp"

namespace ventus::runner {

class CacheWarmer : public functional::ExecObserver {
 public:
  // `next`: the launch's commit-log observer, or null. `sm_count`: the machine's SMs; the
  // functional burst schedule runs one work-group at a time, so group g runs on SM g mod
  // sm_count (functional::Launch::dispatch, round robin from SM 0).
  CacheWarmer(timing::GpuModel& gpu, uint32_t sm_count, functional::ExecObserver* next)
      : gpu_(gpu), sm_count_(sm_count), next_(next) {}

  void on_group_start(uint32_t group_linear_id) override {
    if (next_ != nullptr) next_->on_group_start(group_linear_id);
  }
  void on_retire(const functional::ExecutedInstr& record) override {
    gpu_.warm_fetch(record.group % sm_count_, record.pc);
    if (next_ != nullptr) next_->on_retire(record);
  }
  void on_ref_trap(const functional::RefTrapEvent& event) override {
    if (next_ != nullptr) next_->on_ref_trap(event);
  }

 private:
  timing::GpuModel& gpu_;
  uint32_t sm_count_;
  functional::ExecObserver* next_;
};

}  // namespace ventus::runner
