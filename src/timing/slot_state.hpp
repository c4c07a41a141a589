// SlotState: what one warp slot of an SM did in one cycle (docs/stats.md, the stall
// breakdown): exactly one state per slot and cycle, so a slot's states add up to the cycles
// of the launch.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ventus::timing {

enum class SlotState : uint8_t {
  Issued,         // an instruction of the warp issued to its execution unit
  Idle,           // no warp in the slot (not dispatched yet, or ended)
  Barrier,        // waiting for the other warps of its work-group at a barrier
  Control,        // a branch, vbranch or join not resolved yet (beqReg)
  Scoreboard,     // the next instruction reads or writes a register still being written
  Collector,      // the instruction in the operand collector reads its registers (banks)
  UnitBusy,       // operands read, waiting for its execution unit or the collector's output
  LsuFull,        // operands read, the LSU cannot take the memory instruction
  FetchMiss,      // no instruction buffered: the fetch missed the I-cache (or just started)
  FetchRedirect,  // no instruction buffered: refetching after a taken branch or path switch
  FetchBlocked,   // no instruction buffered and room to fetch, but a warp in a lower slot took
                  // the cycle's fetch (fixed priority, warp_scheduler.v)
  Pipeline,       // an instruction is buffered but not selectable yet (register stages, round
                  // robin lost to another warp)
  Count
};

inline constexpr size_t kSlotStates = static_cast<size_t>(SlotState::Count);

// Nothing buffered, waiting for its own fetch: the states FetchBlocked cycles are split from.
inline bool waits_for_own_fetch(SlotState state) {
  return state == SlotState::FetchMiss || state == SlotState::FetchRedirect;
}

const char* slot_state_name(SlotState state);
std::vector<std::string> slot_state_names();

}  // namespace ventus::timing
