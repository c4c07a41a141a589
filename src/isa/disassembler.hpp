// Disassembler in two styles: llvm-objdump (reference listings) and REF/Spike (commit logs).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "isa/alias.hpp"
#include "isa/decoder.hpp"

namespace ventus::isa {

// Names addresses for branch targets in the LLVM style ("0x80000054 <.Ltmp0>").
class SymbolLookup {
 public:
  virtual ~SymbolLookup() = default;
  // "name" for an exact match, "name+0x10" inside a symbol, nullopt when nothing precedes.
  virtual std::optional<std::string> symbolize(uint32_t address) const = 0;
};

// LLVM style: "mnemonic\toperands" with ABI register names, CSR names LLVM knows, decimal
// immediates and absolute branch targets. REF style (ISA.md §10.1): mnemonic padded to 8
// columns, numeric x registers, "pc + N" targets, Ventus CSR names. Unknown words print
// "<unknown>" (LLVM) or "unknown" (REF).
std::string disassemble(const Decoded& decoded, uint32_t pc, DisasmStyle style,
                        const SymbolLookup* symbols = nullptr);
// `word` decoded in `profile` (ISA.md §5.12).
std::string disassemble(uint32_t word, uint32_t pc, DisasmStyle style,
                        const SymbolLookup* symbols = nullptr, Profile profile = kDefaultProfile);

// LLVM style on one line for messages: "sw t0, -12(sp)" (a space instead of the tab).
std::string disassemble_for_message(uint32_t word, uint32_t pc, Profile profile = kDefaultProfile);

}  // namespace ventus::isa
