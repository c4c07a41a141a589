// Assembler driver: pass 1 per file (statements, labels), then linking (link.cpp).
#include "asm/assembler.hpp"

#include <algorithm>
#include <tuple>

#include "asm/file_assembler.hpp"
#include "asm/link.hpp"
#include "common/excerpt.hpp"
#include "elf/elf_file.hpp"

namespace ventus::as {
namespace {

// Pass-1 evaluation: only constants and .equ symbols already defined are known.
class ConstEnv : public ExprEnv {
 public:
  ConstEnv(const FileState& file, int depth) : file_(file), depth_(depth) {}
  std::optional<int64_t> symbol(const Expr& node, std::string& message) const override {
    if (node.op != ExprOp::Sym) return std::nullopt;
    auto it = file_.symbols.find(node.name);
    if (it == file_.symbols.end() || !it->second.defined || !it->second.equ) return std::nullopt;
    if (depth_ > 32) {
      message = "circular symbol definition";
      return std::nullopt;
    }
    ConstEnv inner(file_, depth_ + 1);
    EvalResult r = evaluate(*it->second.equ, inner);
    if (r.status == EvalResult::Status::Failed) message = r.message;
    if (depth_ == 0 && message.starts_with("circular")) {
      message = "symbol '" + node.name + "' is defined in terms of itself";
    }
    return r.ok() ? std::optional<int64_t>(r.value) : std::nullopt;
  }
  std::optional<int64_t> pcrel_hi_target(int64_t, std::string&) const override {
    return std::nullopt;
  }

 private:
  const FileState& file_;
  int depth_;
};

constexpr const char* kUnterminated = "unterminated comment: '/*' without '*/'";

// Line and column (1-based) of byte `offset` of file `file`.
Location location_of(std::string_view text, size_t file, size_t offset) {
  const std::string_view before = text.substr(0, offset);
  const size_t line_start =
      before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
  const auto line = static_cast<uint32_t>(std::count(before.begin(), before.end(), '\n') + 1);
  return Location{static_cast<uint32_t>(file), line,
                  static_cast<uint32_t>(offset - line_start + 1)};
}

}  // namespace

void Program::error(const Location& loc, std::string message) {
  if (diagnostics.size() >= kMaxDiagnostics) return;
  Diagnostic d;
  d.file = files[loc.file].name;
  d.line = loc.line;
  d.column = loc.column;
  d.message = excerpt(message, 300);  // messages quote tokens, which may be huge
  const auto& lines = files[loc.file].lines;
  if (loc.line >= 1 && loc.line <= lines.size()) d.source_line = lines[loc.line - 1];
  if (diagnostics.size() + 1 == kMaxDiagnostics) d.message += " (further errors suppressed)";
  diagnostics.push_back(std::move(d));
}

size_t Program::section_index(const std::string& name) {
  for (size_t i = 0; i < sections.size(); ++i) {
    if (sections[i].name == name) return i;
  }
  SectionData s;
  s.name = name;
  s.flags = elf::kShfAlloc | elf::kShfWrite;
  if (name == ".text") s.flags = elf::kShfAlloc | elf::kShfExecinstr, s.align = 4;
  if (name == ".rodata") s.flags = elf::kShfAlloc;
  if (name == ".bss") s.type = elf::kShtNobits;
  sections.push_back(std::move(s));
  return sections.size() - 1;
}

void FileAssembler::run(const std::vector<Statement>& statements) {
  section_ = p_.section_index(".text");
  for (const Statement& st : statements) {
    line_ = st.line;
    ++seq_;
    statement(st);
  }
}

void FileAssembler::statement(const Statement& st) {
  size_t pos = 0;
  const auto& t = st.tokens;
  // Labels: "name:" and numeric "1:", any number of them before the statement.
  while (pos + 1 < t.size() && t[pos + 1].text == ":" &&
         (t[pos].kind == TokenKind::Ident || t[pos].kind == TokenKind::Number)) {
    if (t[pos].kind == TokenKind::Number)
      define_numeric_label(t[pos].value);
    else
      define_label(t[pos].text, t[pos].column);
    pos += 2;
  }
  if (pos >= t.size()) return;
  Statement rest{st.line,
                 std::vector<Token>(t.begin() + static_cast<std::ptrdiff_t>(pos), t.end())};
  const Token& head = rest.tokens[0];
  if (head.kind != TokenKind::Ident) {
    error(head.column, "expected an instruction, a directive or a label but found " +
                           describe_token(rest.tokens, 0));
    return;
  }
  if (rest.tokens.size() > 1 && rest.tokens[1].text == "=") {
    assignment(head, rest, 2);
  } else if (head.text[0] == '.' && head.text.size() > 1 &&
             !(rest.tokens.size() > 1 && rest.tokens[1].text == ":")) {
    directive(rest);
  } else {
    instruction(rest);
  }
}

Symbol& FileAssembler::symbol(const std::string& name) {
  FileState& f = p_.files[file_];
  auto [it, inserted] = f.symbols.try_emplace(name);
  if (inserted) {
    it->second.name = name;
    f.symbol_order.push_back(name);
  }
  return it->second;
}

void FileAssembler::define_label(const std::string& name, uint32_t column) {
  if (is_register_name(name)) {
    error(column, "'" + name + "' is a register name and cannot be used as a label");
    return;
  }
  Symbol& s = symbol(name);
  if (s.defined) {
    const Location& prev = s.loc;
    error(column, "duplicate symbol '" + name + "' (first defined at line " +
                      std::to_string(prev.line) + ")");
    return;
  }
  s.defined = true, s.section = section_, s.offset = offset(), s.loc = loc(column);
}

void FileAssembler::define_numeric_label(int64_t number) {
  p_.files[file_].numeric_labels[number].push_back(NumericLabel{seq_, section_, offset()});
}

bool FileAssembler::reserve(uint64_t bytes, uint32_t column) {
  uint64_t total = bytes;
  for (const SectionData& s : p_.sections) total += s.size();
  if (total > kMaxSectionBytes) {
    error(column, "output would exceed the assembler's limit of 64 MiB");
    return false;
  }
  return true;
}

std::optional<int64_t> FileAssembler::eval_now(const ExprPtr& e, uint32_t column, bool required) {
  ConstEnv env(p_.files[file_], 0);
  env.pc = offset();
  EvalResult r = evaluate(*e, env);
  if (r.ok()) return r.value;
  if (r.status == EvalResult::Status::Failed)
    error(r.column ? r.column : column, r.message);
  else if (required)
    error(column,
          "expected a constant expression (symbols defined later and labels are not allowed here)");
  return std::nullopt;
}

AssembleOutput assemble(std::span<const SourceFile> sources, const AssembleOptions& options) {
  Program program;
  program.text_base = options.text_base;
  program.profile = options.profile;
  std::vector<SourceFile> all;
  if (options.crt0) all.push_back(SourceFile{std::string(kCrt0Name), std::string(crt0_source())});
  all.insert(all.end(), sources.begin(), sources.end());
  for (size_t i = 0; i < all.size(); ++i) {
    FileState state;
    state.name = all[i].name;
    for (std::string_view line : split_lines(all[i].text)) state.lines.emplace_back(line);
    program.files.push_back(std::move(state));
    std::optional<size_t> unterminated;
    const std::string code = strip_comments(all[i].text, &unterminated);
    if (unterminated) program.error(location_of(all[i].text, i, *unterminated), kUnterminated);
    FileAssembler(program, i).run(tokenize(code));
  }
  AssembleOutput out;
  out.image = link(program);
  if (options.line_info && program.diagnostics.empty()) add_line_info(program, out.image);
  out.diagnostics = std::move(program.diagnostics);
  // Pass-2 errors (symbols, ranges) come after pass-1 ones; show them in source order.
  std::stable_sort(out.diagnostics.begin(), out.diagnostics.end(),
                   [&](const Diagnostic& a, const Diagnostic& b) {
                     auto key = [&](const Diagnostic& d) {
                       size_t f = 0;
                       while (f < all.size() && all[f].name != d.file) ++f;
                       return std::tuple(f, d.line, d.column);
                     };
                     return key(a) < key(b);
                   });
  // A pseudo's instructions (auipc + jalr, lui + addi) share one expression: report it once.
  const auto same = [](const Diagnostic& a, const Diagnostic& b) {
    return a.file == b.file && a.line == b.line && a.column == b.column && a.message == b.message;
  };
  out.diagnostics.erase(std::unique(out.diagnostics.begin(), out.diagnostics.end(), same),
                        out.diagnostics.end());
  return out;
}

AssembleOutput assemble_text(std::string_view name, std::string_view text,
                             const AssembleOptions& options) {
  const SourceFile file{std::string(name), std::string(text)};
  return assemble(std::span<const SourceFile>(&file, 1), options);
}

}  // namespace ventus::as
