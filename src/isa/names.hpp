// Register ABI names and the CSR table (standard CSRs and the Ventus CSRs of ISA.md §3).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace ventus::isa {

std::string_view x_abi_name(unsigned index);  // index 0..31: zero, ra, sp, ...
std::string_view f_abi_name(unsigned index);  // index 0..31: ft0, ..., ft11
// Register index from a name: "x7", "t2", "fp", "f3", "ft3" (x and f share one file, Zfinx).
std::optional<unsigned> x_register_from_name(std::string_view name);
std::optional<unsigned> v_register_from_name(std::string_view name);

struct CsrInfo {
  uint16_t number;
  std::string_view name;  // REF (Spike) name, also accepted by the assembler
  bool llvm_knows;        // llvm-objdump prints the name (else the decimal number)
};

std::span<const CsrInfo> csr_table();
const CsrInfo* find_csr(uint32_t number);
const CsrInfo* find_csr_by_name(std::string_view name);

// Ventus CSR numbers (ISA.md §3), for code that must name them.
namespace csr {
inline constexpr uint16_t kFflags = 0x001, kFrm = 0x002, kFcsr = 0x003;
inline constexpr uint16_t kVstart = 0x008, kVl = 0xC20, kVtype = 0xC21, kVlenb = 0xC22;
inline constexpr uint16_t kMstatus = 0x300, kMtvec = 0x305, kMhartid = 0xF14;
inline constexpr uint16_t kTid = 0x800, kNumw = 0x801, kNumt = 0x802, kKnl = 0x803;
inline constexpr uint16_t kWgid = 0x804, kWid = 0x805, kLds = 0x806, kPds = 0x807;
inline constexpr uint16_t kGidx = 0x808, kGidy = 0x809, kGidz = 0x80A, kPrint = 0x80B;
inline constexpr uint16_t kRpc = 0x80C;
inline constexpr uint16_t kGds = 0x814;  // profile v2.03 (ISA.md §5.18)
}  // namespace csr

}  // namespace ventus::isa
