// Device and Buffer: device memory allocation (ISA.md §7.9, §8) and bounds-checked copies.
#include <fmt/format.h>
#include <algorithm>

#include "runtime/device_state.hpp"

namespace ventus {
namespace {

std::span<const uint8_t> as_u8(std::span<const std::byte> bytes) {
  return {reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()};
}

}  // namespace

Result<uint32_t> Device::State::allocate(uint64_t bytes, memory::RegionKind kind,
                                         std::string name) {
  if (bytes == 0) return Error{"cannot allocate 0 bytes"};
  if (bytes > 0xF0000000u) return Error{fmt::format("cannot allocate {} bytes", bytes)};
  auto base = allocator.allocate(static_cast<uint32_t>(bytes));
  if (!base) return base.error();
  if (!ref_compat()) {
    // Word accesses to the last bytes of an odd-sized buffer stay inside the region.
    const uint64_t mapped = (bytes + 3) & ~uint64_t{3};
    if (auto mapped_ok = memory.map_region({*base, mapped, kind, std::move(name)}); !mapped_ok) {
      (void)allocator.free(*base);
      return mapped_ok.error();
    }
  }
  buffers.emplace(*base, bytes);
  return *base;
}

Status Device::State::release(uint32_t base) {
  const auto it = buffers.find(base);
  if (it == buffers.end()) {
    return Error{fmt::format("0x{:08x} is not the address of a live device buffer", base)};
  }
  const uint64_t bytes = it->second;
  buffers.erase(it);
  defined_global.define(base, bytes);  // the next owner says what it holds
  if (!ref_compat()) {
    (void)memory.unmap_region(base);
    // The allocator hands the block out again: a buffer placed there later reads zeros, as
    // never-used space does, and the host memory of its pages is given back.
    const uint64_t block =
        (bytes + memory::BumpAllocator::kAlign - 1) & ~uint64_t{memory::BumpAllocator::kAlign - 1};
    memory.store().discard(base, block);
  }
  return allocator.free(base);
}

Status Device::State::check_range(uint32_t address, uint64_t bytes, std::string_view what) const {
  auto it = buffers.upper_bound(address);
  if (it != buffers.begin()) {
    --it;
    if (uint64_t{address} + bytes <= uint64_t{it->first} + it->second) return ok_status();
    if (address < uint64_t{it->first} + it->second) {
      return Error{
          fmt::format("{} of {} bytes at 0x{:08x} overruns the buffer [0x{:08x}, "
                      "0x{:08x})",
                      what, bytes, address, it->first, it->first + it->second)};
    }
  }
  return Error{fmt::format("{} of {} bytes at 0x{:08x}: address is not in an allocated buffer",
                           what, bytes, address)};
}

Result<std::unique_ptr<Device>> Device::create(const Config& config) {
  if (auto valid = config.validate(); !valid) return valid.error();
  return std::unique_ptr<Device>(new Device(std::make_unique<State>(config)));
}

Result<std::unique_ptr<Device>> Device::create(const MachineConfig& machine,
                                               const SimulationOptions& simulation) {
  return create(Config{machine, simulation});
}

Device::Device(std::unique_ptr<State> state) : state_(std::move(state)) {}
Device::~Device() = default;

const MachineConfig& Device::config() const {
  return state_->config.machine;
}

const SimulationOptions& Device::simulation() const {
  return state_->config.simulation;
}

Result<Buffer> Device::allocate(size_t bytes) {
  auto base = state_->allocate(bytes, memory::RegionKind::kGlobal,
                               fmt::format("buffer {}", state_->buffers.size()));
  if (!base) return base.error();
  state_->defined_global.allocate(*base, bytes);  // no data until written
  return Buffer(this, *base, bytes);
}

const std::deque<LaunchStats>& Device::launch_history() const {
  return state_->history;
}

void Device::set_progress(std::function<void(const LaunchProgress&)> observer) {
  state_->progress = std::move(observer);
}

Status Device::close_outputs() {
  State& s = *state_;
  Status status = ok_status();
  if (s.timeline) {
    status = s.timeline->finish();
    s.gpu->set_timeline(nullptr);
    s.timeline.reset();
  }
  if (s.event_log) {
    Status logged = s.event_log->finish();
    if (status) status = std::move(logged);
    s.gpu->set_event_log(nullptr);
    s.event_log.reset();
  }
  return status;
}

size_t Device::live_buffers() const {
  return state_->buffers.size();
}

Status Device::free(const Buffer& buffer) {
  if (buffer.device_ != this) return Error{"the buffer does not belong to this device"};
  return state_->release(buffer.address_);
}

// Buffer ---------------------------------------------------------------------------------

namespace {

Status check_access(const Device* device, uint32_t address, size_t size, size_t offset,
                    size_t bytes, std::string_view what) {
  if (device == nullptr) return Error{fmt::format("{}: the buffer is empty", what)};
  const auto& live = const_cast<Device*>(device)->state().buffers;
  auto it = live.find(address);
  if (it == live.end() || it->second != size) {
    return Error{fmt::format("{}: buffer 0x{:08x} was freed", what, address)};
  }
  if (offset > size || bytes > size - offset) {
    return Error{fmt::format("{} of {} bytes at offset {} does not fit the {}-byte buffer", what,
                             bytes, offset, size)};
  }
  return ok_status();
}

}  // namespace

Status Buffer::write(std::span<const std::byte> data, size_t offset) {
  if (auto ok = check_access(device_, address_, size_, offset, data.size(), "write"); !ok) {
    return ok;
  }
  device_->state().memory.store().write_bytes(address_ + static_cast<uint32_t>(offset),
                                              as_u8(data));
  device_->state().defined_global.define(address_ + static_cast<uint32_t>(offset), data.size());
  return ok_status();
}

Status Buffer::read(std::span<std::byte> out, size_t offset) const {
  if (auto ok = check_access(device_, address_, size_, offset, out.size(), "read"); !ok) return ok;
  device_->state().memory.store().read_bytes(
      address_ + static_cast<uint32_t>(offset),
      std::span<uint8_t>(reinterpret_cast<uint8_t*>(out.data()), out.size()));
  return ok_status();
}

Status Buffer::fill(uint32_t pattern, size_t offset, size_t bytes) {
  if (bytes == SIZE_MAX && offset <= size_) bytes = size_ - offset;
  if (auto ok = check_access(device_, address_, size_, offset, bytes, "fill"); !ok) return ok;
  auto& store = device_->state().memory.store();
  for (size_t i = 0; i < bytes; ++i) {
    // The pattern repeats every 4 bytes from the buffer's start (little-endian).
    const size_t at = offset + i;
    store.write<uint8_t>(address_ + static_cast<uint32_t>(at),
                         static_cast<uint8_t>(pattern >> (8 * (at % 4))));
  }
  device_->state().defined_global.define(address_ + static_cast<uint32_t>(offset), bytes);
  return ok_status();
}

Status Buffer::copy_from(const Buffer& source, size_t source_offset, size_t offset, size_t bytes) {
  if (source.device_ != device_) return Error{"copy between buffers of different devices"};
  if (auto ok = check_access(source.device_, source.address_, source.size_, source_offset, bytes,
                             "copy source");
      !ok) {
    return ok;
  }
  if (auto ok = check_access(device_, address_, size_, offset, bytes, "copy destination"); !ok) {
    return ok;
  }
  std::vector<uint8_t> temp(bytes);
  auto& store = device_->state().memory.store();
  store.read_bytes(source.address_ + static_cast<uint32_t>(source_offset), temp);
  store.write_bytes(address_ + static_cast<uint32_t>(offset), temp);
  device_->state().defined_global.define(address_ + static_cast<uint32_t>(offset), bytes);
  return ok_status();
}

}  // namespace ventus
