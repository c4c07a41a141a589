// Directives: sections, symbols (.globl/.type/.kernel/.equ), data, alignment (GNU as subset).
#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "asm/file_assembler.hpp"
#include "elf/elf_file.hpp"

namespace ventus::as {
namespace {

constexpr std::array<std::string_view, 10> kIgnored = {
    ".option",      ".file", ".ident",         ".attribute",   ".addrsig",
    ".addrsig_sym", ".loc",  ".cfi_startproc", ".cfi_endproc", ".cfi_def_cfa_offset"};

constexpr std::array<std::string_view, 42> kAllDirectives = {
    ".text",    ".data",   ".rodata", ".bss",   ".sdata",     ".sbss",    ".tohost",
    ".section", ".globl",  ".global", ".local", ".weak",      ".type",    ".size",
    ".kernel",  ".equ",    ".set",    ".word",  ".long",      ".4byte",   ".half",
    ".short",   ".2byte",  ".byte",   ".1byte", ".float",     ".single",  ".ascii",
    ".asciz",   ".string", ".zero",   ".space", ".skip",      ".align",   ".p2align",
    ".balign",  ".option", ".file",   ".ident", ".attribute", ".addrsig", ".loc"};

// GNU as directives this assembler does not implement: say so rather than suggest a directive
// that merely looks alike ('.include' is not a misspelt '.single').
constexpr std::array<std::pair<std::string_view, std::string_view>, 14> kUnsupported = {{
    {".include", "pass every source file to 'ventus as' instead"},
    {".incbin", "write the bytes with .byte or .word instead"},
    {".macro", "macros are not supported"},
    {".endm", "macros are not supported"},
    {".rept", "repetition blocks are not supported"},
    {".irp", "repetition blocks are not supported"},
    {".irpc", "repetition blocks are not supported"},
    {".endr", "repetition blocks are not supported"},
    {".if", "conditional assembly is not supported"},
    {".ifdef", "conditional assembly is not supported"},
    {".ifndef", "conditional assembly is not supported"},
    {".else", "conditional assembly is not supported"},
    {".elseif", "conditional assembly is not supported"},
    {".endif", "conditional assembly is not supported"},
}};

// The output section a name belongs to (".text.foo" is .text, ".sbss" is .bss, ...).
std::string canonical_section(const std::string& name) {
  for (std::string_view base :
       {".text", ".rodata", ".sdata", ".sbss", ".data", ".bss", ".tohost"}) {
    if (name == base || (name.starts_with(base) && name[base.size()] == '.')) {
      return base == ".sbss" ? ".bss" : std::string(base);
    }
  }
  return {};
}

}  // namespace

std::vector<std::vector<Token>> FileAssembler::split_args(const Statement& st, size_t from) const {
  std::vector<std::vector<Token>> args;
  if (from >= st.tokens.size()) return args;
  args.emplace_back();
  int depth = 0;
  for (size_t i = from; i < st.tokens.size(); ++i) {
    const Token& t = st.tokens[i];
    if (t.text == "(") ++depth;
    if (t.text == ")") --depth;
    if (t.text == "," && depth <= 0 && t.kind == TokenKind::Punct) {
      args.emplace_back();
      continue;
    }
    args.back().push_back(t);
  }
  return args;
}

void FileAssembler::directive(const Statement& st) {
  const std::string& name = st.tokens[0].text;
  if (section_directive(name, st) || symbol_directive(name, st) || data_directive(name, st) ||
      layout_directive(name, st)) {
    return;
  }
  for (std::string_view ignored : kIgnored) {
    if (name == ignored || name.starts_with(".cfi_")) return;
  }
  for (const auto& [unsupported, advice] : kUnsupported) {
    if (name == unsupported) {
      return error(st.tokens[0].column, "'" + name + "' is not supported: " + std::string(advice));
    }
  }
  const std::string guess = nearest_name(name, kAllDirectives);
  error(st.tokens[0].column,
        "unknown directive '" + name + "'" +
            (guess.empty() ? std::string() : "; did you mean '" + guess + "'?"));
}

bool FileAssembler::section_directive(const std::string& name, const Statement& st) {
  std::string target = canonical_section(name);
  if (name == ".section") {
    if (st.tokens.size() < 2 ||
        (st.tokens[1].kind != TokenKind::Ident && st.tokens[1].kind != TokenKind::String)) {
      error(st.tokens[0].column, "expected a section name after .section");
      return true;
    }
    target = canonical_section(st.tokens[1].text);
    if (target.empty()) {
      error(st.tokens[1].column, "unsupported section '" + st.tokens[1].text +
                                     "' (expected .text, .rodata, .data, .sdata, .bss or .tohost)");
      return true;
    }
  } else if (target.empty() || target != name) {
    return false;
  } else if (st.tokens.size() > 1) {
    error(st.tokens[1].column, "unexpected " + describe_token(st.tokens, 1) + " after " + name);
  }
  section_ = p_.section_index(target);
  return true;
}

bool FileAssembler::symbol_directive(const std::string& name, const Statement& st) {
  const bool global = name == ".globl" || name == ".global" || name == ".weak" || name == ".kernel";
  if (!global && name != ".local" && name != ".type" && name != ".size" && name != ".equ" &&
      name != ".set") {
    return false;
  }
  auto args = split_args(st, 1);
  if (args.empty() || args[0].size() != 1 || args[0][0].kind != TokenKind::Ident) {
    error(args.empty() || args[0].empty() ? st.tokens[0].column : args[0][0].column,
          "expected a symbol name after " + name);
    return true;
  }
  if (name == ".equ" || name == ".set") {
    const size_t comma = 2;
    if (st.tokens.size() <= comma || st.tokens[comma].text != ",") {
      error(st.tokens[0].column, name + " needs a name and a value: " + name + " NAME, VALUE");
      return true;
    }
    assignment(st.tokens[1], st, comma + 1);
    return true;
  }
  Symbol& sym = symbol(args[0][0].text);
  if (global || name == ".local") {
    for (size_t i = 1; i < args.size() && name != ".kernel"; ++i) {
      if (args[i].size() == 1 && args[i][0].kind == TokenKind::Ident)
        symbol(args[i][0].text).global = global;
    }
    sym.global = global;
    if (name == ".kernel") sym.kernel = true, sym.type = elf::kSttFunc;
  } else if (name == ".type") {
    const std::string kind = args.size() == 2 && !args[1].empty() ? args[1].back().text : "";
    if (kind == "function" || kind == "STT_FUNC")
      sym.type = elf::kSttFunc;
    else if (kind == "object" || kind == "STT_OBJECT")
      sym.type = elf::kSttObject;
    else if (kind != "notype" && kind != "STT_NOTYPE")
      error(st.tokens[0].column, "expected '.type NAME, @function' or '@object'");
  } else if (args.size() == 2 && !args[1].empty()) {  // .size NAME, EXPR
    size_t pos = 0;
    ParseFailure pf;
    ExprPtr e = parse_expr(args[1], pos, seq_, false, pf);
    if (!e || pos != args[1].size()) {
      error(e ? args[1][pos].column : pf.column, e ? "unexpected token in .size" : pf.message);
    } else if (auto v = eval_now(e, args[1][0].column, false)) {
      sym.size_expr = make_num(*v);
    } else {
      // ".size f, .-f": '.' is here, so rewrite it to a label-like constant offset later.
      sym.size_expr = e, sym.size_section = section_, sym.size_offset = offset();
    }
  } else {
    error(st.tokens[0].column, "expected '.size NAME, EXPRESSION'");
  }
  return true;
}

void FileAssembler::assignment(const Token& name, const Statement& st, size_t expr_pos) {
  size_t pos = expr_pos;
  ParseFailure pf;
  ExprPtr e = parse_expr(st.tokens, pos, seq_, false, pf);
  if (!e) return error(pf.column, pf.message);
  if (pos != st.tokens.size())
    return error(st.tokens[pos].column,
                 "unexpected " + describe_token(st.tokens, pos) + " after the value");
  if (is_register_name(name.text))
    return error(name.column, "'" + name.text + "' is a register name");
  Symbol& s = symbol(name.text);
  if (s.defined && !s.equ) {
    return error(name.column, "duplicate symbol '" + name.text + "' (first defined at line " +
                                  std::to_string(s.loc.line) + ")");
  }
  // .set may redefine; the value is taken as of the last definition.
  if (auto v = eval_now(e, name.column, false)) e = make_num(*v);
  s.defined = true, s.equ = e, s.section.reset(), s.loc = loc(name.column);
}

}  // namespace ventus::as
