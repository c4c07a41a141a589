// ResultDump: the JSON the ventus-driver loader writes for VENTUS_DUMP_RESULT: one array, an
// object per vt_copy_from_dev, hex strings "0x%08X", rewritten with four-space indentation.
#include "runtime/vt_dump_result.hpp"

#include <dlfcn.h>
#include <fmt/format.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>

#include "ventus.h"

namespace ventus::vt {

namespace {

std::string hex_word(uint64_t value) {
  return fmt::format("0x{:08X}", static_cast<uint32_t>(value));
}

// The auto-select loader exports its own vt_dev_open globally and dlopens this library
// locally: a global vt_dev_open other than ours means the loader already dumps every copy.
bool loaded_by_driver_loader() {
  void* global = dlsym(RTLD_DEFAULT, "vt_dev_open");
  return global != nullptr && global != reinterpret_cast<void*>(&vt_dev_open);
}

// The array already in the file (another device of the process may have written it).
nlohmann::json read_array(const std::string& path) {
  std::ifstream in(path);
  if (!in || in.peek() == std::ifstream::traits_type::eof()) return nlohmann::json::array();
  auto root = nlohmann::json::parse(in, nullptr, false);
  return root.is_array() ? root : nlohmann::json::array();
}

}  // namespace

std::optional<ResultDump> ResultDump::from_environment() {
  const char* path = std::getenv("VENTUS_DUMP_RESULT");
  if (path == nullptr) path = std::getenv("VENTUS_DRIVER_DUMP_RESULT");
  if (path == nullptr || *path == '\0' || loaded_by_driver_loader()) return std::nullopt;
  std::ofstream(path, std::ios::trunc);
  return ResultDump(path);
}

Status ResultDump::append(uint64_t address, std::span<const uint8_t> bytes) const {
  nlohmann::json data = nlohmann::json::object();
  for (size_t at = 0; at < bytes.size(); at += 4) {
    uint32_t word = 0;
    std::memcpy(&word, bytes.data() + at, std::min<size_t>(4, bytes.size() - at));
    data[hex_word(address + at)] = hex_word(word);
  }
  nlohmann::json root = read_array(path_);
  root.push_back(
      {{"address", hex_word(address)}, {"size", hex_word(bytes.size())}, {"data", data}});
  std::ofstream out(path_, std::ios::trunc);
  out << root.dump(4);
  if (!out) return Error{fmt::format("cannot write the result dump {}", path_)};
  return ok_status();
}

}  // namespace ventus::vt
