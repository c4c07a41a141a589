// The registers GDB sees for a warp (see gdb_registers.hpp).
#include "debug/gdb_registers.hpp"

#include <array>

#include <fmt/format.h>

#include "debug/rsp.hpp"
#include "isa/names.hpp"

namespace ventus::debug {
namespace {

constexpr unsigned kGdbFirstCsr = 65;

ShownCsr shown(uint16_t number, uint32_t value, bool address = false) {
  const isa::CsrInfo* info = isa::find_csr(number);
  return {info != nullptr ? info->name : std::string_view("?"), value, address};
}

std::string reg(std::string_view name, unsigned regnum, std::string_view type = "uint32",
                unsigned bits = 32) {
  return fmt::format("<reg name=\"{}\" bitsize=\"{}\" regnum=\"{}\" type=\"{}\"/>\n", name, bits,
                     regnum, type);
}

}  // namespace

std::array<ShownCsr, kShownCsrCount> shown_csrs(const functional::WarpCsrs& c) {
  return {shown(0x800, c.tid),       shown(0x801, c.numw),      shown(0x802, c.numt),
          shown(0x803, c.knl, true), shown(0x804, c.wgid),      shown(0x805, c.wid),
          shown(0x806, c.lds, true), shown(0x807, c.pds, true), shown(0x808, c.gidx),
          shown(0x809, c.gidy),      shown(0x80A, c.gidz),      shown(0x80C, c.rpc, true)};
}

std::string target_description(unsigned lanes) {
  std::string xml =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n<target>\n"
      "<architecture>riscv:rv32</architecture>\n<feature name=\"org.gnu.gdb.riscv.cpu\">\n";
  for (unsigned i = 0; i < 32; ++i) {
    xml += reg(isa::x_abi_name(i), i, i == 1 ? "code_ptr" : i == 2 ? "data_ptr" : "int");
  }
  xml += reg("pc", kGdbPc, "code_ptr") + "</feature>\n<feature name=\"org.ventus.gpu\">\n";
  for (unsigned i = 32; i < 64; ++i) xml += reg(fmt::format("x{}", i), i + 1, "int");
  const auto csrs = shown_csrs(functional::WarpCsrs{});
  for (unsigned i = 0; i < csrs.size(); ++i) xml += reg(csrs[i].name, kGdbFirstCsr + i);
  xml += reg("vl", 77) + reg("vtype", 78) + reg("simtmask", 79);
  xml += fmt::format("<vector id=\"lanes\" type=\"uint32\" count=\"{}\"/>\n", lanes);
  for (unsigned i = 0; i < 256; ++i) {
    xml += reg(fmt::format("v{}", i), kGdbFirstVector + i, "lanes", 32 * lanes);
  }
  return xml + "</feature>\n</target>\n";
}

std::optional<std::string> register_hex(const functional::WarpState& w, unsigned regnum) {
  if (regnum < 32) return rsp::le32_hex(w.x[regnum]);
  if (regnum == kGdbPc) return rsp::le32_hex(w.pc);
  if (regnum < kGdbFirstCsr) return rsp::le32_hex(w.x[regnum - 1]);
  if (regnum < kGdbFirstCsr + kShownCsrCount) {
    return rsp::le32_hex(shown_csrs(w.csr)[regnum - kGdbFirstCsr].value);
  }
  if (regnum == 77) return rsp::le32_hex(w.vl);
  if (regnum == 78) return rsp::le32_hex(w.vtype);
  if (regnum == 79) return rsp::le32_hex(w.mask);
  if (regnum >= kGdbRegisterCount) return std::nullopt;
  std::string out;
  const functional::VReg& v = w.v[regnum - kGdbFirstVector];
  for (unsigned i = 0; i < w.numt; ++i) out += rsp::le32_hex(v.lane[i]);
  return out;
}

std::string general_registers_hex(const functional::WarpState& warp) {
  std::string out;
  for (unsigned i = 0; i <= kGdbPc; ++i) out += *register_hex(warp, i);
  return out;
}

}  // namespace ventus::debug
