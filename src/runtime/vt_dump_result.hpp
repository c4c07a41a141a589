// ResultDump: VENTUS_DUMP_RESULT / VENTUS_DRIVER_DUMP_RESULT for the vt_* ABI: every
// vt_copy_from_dev appended to a JSON array file in the ventus-driver loader's layout
// (docs/pocl.md "Dumping results").
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "common/result.hpp"

namespace ventus::vt {

class ResultDump {
 public:
  // The dump the environment asks for (VENTUS_DUMP_RESULT, else VENTUS_DRIVER_DUMP_RESULT),
  // nullopt when neither is set or when the driver's auto-select loader, which writes the
  // same file itself, is the one that loaded this library. The file is emptied.
  static std::optional<ResultDump> from_environment();
  explicit ResultDump(std::string path) : path_(std::move(path)) {}
  // Appends {"address", "size", "data": {word address: word}} for `bytes` read from device
  // address `address` (a last partial word is padded with zero bytes).
  Status append(uint64_t address, std::span<const uint8_t> bytes) const;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace ventus::vt
