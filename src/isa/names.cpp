// Register and CSR name tables.
#include "isa/names.hpp"

#include <algorithm>
#include <array>
#include <charconv>

namespace ventus::isa {
namespace {

constexpr std::array<std::string_view, 32> kXNames = {
    "zero", "ra", "sp", "gp", "tp",  "t0",  "t1", "t2", "s0", "s1", "a0",
    "a1",   "a2", "a3", "a4", "a5",  "a6",  "a7", "s2", "s3", "s4", "s5",
    "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};

constexpr std::array<std::string_view, 32> kFNames = {
    "ft0", "ft1", "ft2", "ft3", "ft4",  "ft5",  "ft6", "ft7", "fs0",  "fs1", "fa0",
    "fa1", "fa2", "fa3", "fa4", "fa5",  "fa6",  "fa7", "fs2", "fs3",  "fs4", "fs5",
    "fs6", "fs7", "fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11"};

constexpr std::array<CsrInfo, 47> kCsrs = {{
    {0x001, "fflags", true},
    {0x002, "frm", true},
    {0x003, "fcsr", true},
    {0x008, "vstart", true},
    {0x009, "vxsat", true},
    {0x00A, "vxrm", true},
    {0x00F, "vcsr", true},
    {0x300, "mstatus", true},
    {0x301, "misa", true},
    {0x302, "medeleg", true},
    {0x303, "mideleg", true},
    {0x304, "mie", true},
    {0x305, "mtvec", true},
    {0x306, "mcounteren", true},
    {0x340, "mscratch", true},
    {0x341, "mepc", true},
    {0x342, "mcause", true},
    {0x343, "mtval", true},
    {0x344, "mip", true},
    {0xB00, "mcycle", true},
    {0xB02, "minstret", true},
    {0xB80, "mcycleh", true},
    {0xB82, "minstreth", true},
    {0xC00, "cycle", true},
    {0xC01, "time", true},
    {0xC02, "instret", true},
    {0xC80, "cycleh", true},
    {0xC81, "timeh", true},
    {0xC82, "instreth", true},
    {0xC20, "vl", true},
    {0xC21, "vtype", true},
    {0xC22, "vlenb", true},
    {0xF11, "mvendorid", true},
    {0xF12, "marchid", true},
    {0xF13, "mimpid", true},
    {0xF14, "mhartid", true},
    // Ventus CSRs (ISA.md §3): REF prints their names, llvm-objdump prints numbers.
    {0x800, "tid", false},
    {0x801, "numw", false},
    {0x802, "numt", false},
    {0x803, "knl", false},
    {0x804, "wgid", false},
    {0x805, "wid", false},
    {0x806, "lds", false},
    {0x807, "pds", false},
    {0x808, "gidx", false},
    {0x809, "gidy", false},
    {0x80A, "gidz", false},
}};
// 0x80B print and 0x80C rpc are appended separately to keep the array literal readable.
constexpr std::array<CsrInfo, 2> kCsrsTail = {{{0x80B, "print", false}, {0x80C, "rpc", false}}};

constexpr auto kAllCsrs = [] {
  std::array<CsrInfo, kCsrs.size() + kCsrsTail.size()> all{};
  std::copy(kCsrs.begin(), kCsrs.end(), all.begin());
  std::copy(kCsrsTail.begin(), kCsrsTail.end(), all.begin() + kCsrs.size());
  return all;
}();

std::optional<unsigned> numbered(std::string_view name, char prefix, unsigned limit) {
  if (name.size() < 2 || name[0] != prefix) return std::nullopt;
  unsigned value = 0;
  const char* end = name.data() + name.size();
  auto [ptr, ec] = std::from_chars(name.data() + 1, end, value);
  if (ec != std::errc{} || ptr != end || value >= limit) return std::nullopt;
  if (name.size() > 2 && name[1] == '0') return std::nullopt;  // no leading zeros: x07
  return value;
}

std::optional<unsigned> index_in(std::span<const std::string_view> names, std::string_view name) {
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) return std::nullopt;
  return static_cast<unsigned>(it - names.begin());
}

}  // namespace

std::string_view x_abi_name(unsigned index) {
  return kXNames[index & 31u];
}
std::string_view f_abi_name(unsigned index) {
  return kFNames[index & 31u];
}

std::optional<unsigned> x_register_from_name(std::string_view name) {
  if (auto n = numbered(name, 'x', 256)) return n;
  if (auto n = numbered(name, 'f', 256)) return n;
  if (name == "fp") return 8u;
  if (auto n = index_in(kXNames, name)) return n;
  return index_in(kFNames, name);
}

std::optional<unsigned> v_register_from_name(std::string_view name) {
  return numbered(name, 'v', 256);
}

std::span<const CsrInfo> csr_table() {
  return kAllCsrs;
}

const CsrInfo* find_csr(uint32_t number) {
  const auto it = std::find_if(kAllCsrs.begin(), kAllCsrs.end(),
                               [&](const CsrInfo& c) { return c.number == number; });
  return it == kAllCsrs.end() ? nullptr : &*it;
}

const CsrInfo* find_csr_by_name(std::string_view name) {
  const auto it = std::find_if(kAllCsrs.begin(), kAllCsrs.end(),
                               [&](const CsrInfo& c) { return c.name == name; });
  return it == kAllCsrs.end() ? nullptr : &*it;
}

}  // namespace ventus::isa
