// The C ABI of the golden model (include/ventus/golden.h) over GoldenModel: records become
// the trace layer's commit entries; parts a C record does not carry are not compared.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

#include "isa/names.hpp"
#include "runtime/case_export.hpp"
#include "runtime/golden.hpp"
#include "runtime/vt_device.hpp"
#include "ventus/golden.h"

struct vt_golden {
  std::unique_ptr<ventus::golden::GoldenModel> model;
  uint32_t numt = 0;
  ventus::trace::LogEntry entry;  // reused: no allocation per record once grown
};

namespace {

using ventus::trace::RegItemKind;

void copy_text(char* out, size_t size, const std::string& text) {
  if (out == nullptr || size == 0) return;
  const size_t n = std::min(size - 1, text.size());
  std::memcpy(out, text.data(), n);
  out[n] = '\0';
}

void fill_result(vt_golden_result* result, const std::optional<ventus::golden::Mismatch>& m,
                 uint64_t fed) {
  *result = vt_golden_result{};
  result->match = m ? 0 : 1;
  result->position = m ? m->position : fed;
  if (!m) return;
  result->group = m->group;
  result->warp = m->warp;
  result->pc = m->pc;
  copy_text(result->description, sizeof result->description, m->description);
}

void add_reg(ventus::trace::CommitRecord& r, const vt_golden_reg_write& w) {
  switch (w.kind) {
    case VT_GOLDEN_X:
      r.add_x(w.index, static_cast<uint32_t>(w.value));
      return;
    case VT_GOLDEN_F:
      r.add_f(w.index, w.value);
      return;
    case VT_GOLDEN_CSR: {
      const ventus::isa::CsrInfo* info = ventus::isa::find_csr(w.index);
      r.add_csr(w.index, info != nullptr ? info->name : "", static_cast<uint32_t>(w.value));
      return;
    }
    default: {
      auto lanes = r.add_vector(w.index, static_cast<uint32_t>(w.value));
      std::copy_n(w.lanes, lanes.size(), lanes.begin());
    }
  }
}

// Arrays a record promises must be there, and every register write of a known kind (a
// vector one with its lanes).
bool valid_record(const vt_golden_record& in) {
  if ((in.reg_count != 0 && in.regs == nullptr) ||
      (in.mem_write_count != 0 && in.mem_writes == nullptr) ||
      (in.mem_read_count != 0 && in.mem_reads == nullptr)) {
    return false;
  }
  for (size_t i = 0; i < in.reg_count; ++i) {
    if (in.regs[i].kind > VT_GOLDEN_V ||
        (in.regs[i].kind == VT_GOLDEN_V && in.regs[i].lanes == nullptr)) {
      return false;
    }
  }
  return true;
}

void to_entry(const vt_golden_record& in, uint32_t numt, ventus::trace::LogEntry& entry) {
  entry.kind = ventus::trace::EntryKind::kCommit;
  entry.first_line = 0;
  ventus::trace::CommitRecord& r = entry.record;
  r.clear();
  r.numt = numt;
  r.set_instruction(in.warp, in.pc, in.word);
  for (size_t i = 0; i < in.reg_count; ++i) add_reg(r, in.regs[i]);
  for (size_t i = 0; i < in.mem_read_count; ++i) r.add_mem_read(in.mem_reads[i]);
  for (size_t i = 0; i < in.mem_write_count; ++i) {
    r.add_mem_write(in.mem_writes[i].address, in.mem_writes[i].value, in.mem_writes[i].size);
  }
}

ventus::functional::Mode mode_of(int mode) {
  return mode == VT_GOLDEN_MODE_REF_COMPAT ? ventus::functional::Mode::RefCompat
                                           : ventus::functional::Mode::Default;
}

int open_model(vt_golden** model, const ventus::golden::CaseLaunch& c, char* error,
               size_t error_size) {
  auto opened = ventus::golden::GoldenModel::open_case(c);
  if (!opened) {
    copy_text(error, error_size, opened.error().message);
    return -1;
  }
  auto* g = new vt_golden;
  g->model = std::move(opened.value());
  g->model->set_scope({.vector_header = false, .simt_dump = false, .mem_reads = false});
  g->numt = g->model->threads_per_warp();
  *model = g;
  return 0;
}

// A private folder for the launch saved as a test case (removed once the model holds it).
ventus::Result<std::filesystem::path> make_case_folder() {
  std::string pattern = (std::filesystem::temp_directory_path() / "ventus-golden-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) {
    return ventus::Error{"cannot create a folder in " +
                         std::filesystem::temp_directory_path().string()};
  }
  return std::filesystem::path(pattern);
}

// The launch vt_start would run now, saved as a case (its .metadata, .data from the device's
// memory, and the uploaded ELF), then opened as one: the same path as VENTUS_SAVE_CASE.
int open_start(vt_golden** model, ventus::vt::VtDevice* d, const vt_meta_data& meta, int mode,
               const char* config_path, std::string& error) {
  auto& state = d->device->state();
  if (!state.uploaded) return error = "no kernel uploaded (vt_upload_kernel_file)", -1;
  auto plan = ventus::vt::plan_from(d, meta);
  if (!plan) return error = plan.error().message, -1;
  auto folder = make_case_folder();
  if (!folder) return error = folder.error().message, -1;
  ventus::runtime_detail::CaseExporter exporter(*folder);
  auto saved = exporter.before_launch(state, *state.uploaded, *plan);
  if (saved) saved = exporter.after_launch(state);
  char text[512] = "";
  const int status = !saved ? -1
                            : open_model(model,
                                         {*folder, plan->config.kernel_name + "_0", mode_of(mode),
                                          config_path != nullptr ? config_path : ""},
                                         text, sizeof text);
  std::error_code ignored;
  std::filesystem::remove_all(*folder, ignored);
  error = !saved ? saved.error().message : text;
  return status;
}

}  // namespace

extern "C" {

int vt_golden_open_case(vt_golden** model, const char* case_dir, const char* launch, int mode,
                        const char* config_path, char* error, size_t error_size) {
  if (model == nullptr) return -1;
  *model = nullptr;
  if (case_dir == nullptr || launch == nullptr) {
    copy_text(error, error_size, "vt_golden_open_case: case_dir or launch is NULL");
    return -1;
  }
  return open_model(model,
                    {case_dir, launch, mode_of(mode), config_path != nullptr ? config_path : ""},
                    error, error_size);
}

int vt_golden_open_start(vt_golden** model, vt_device_h device, const void* meta_data, int mode,
                         const char* config_path, char* error, size_t error_size) {
  if (model == nullptr) return -1;
  *model = nullptr;
  ventus::vt::VtDevice* d = ventus::vt::from_handle(device);
  if (d == nullptr || meta_data == nullptr) {
    copy_text(error, error_size, "vt_golden_open_start: device or meta_data is NULL");
    return -1;
  }
  std::string message;
  const int status = open_start(model, d, *static_cast<const vt_meta_data*>(meta_data), mode,
                                config_path, message);
  if (status != 0) copy_text(error, error_size, "vt_golden_open_start: " + message);
  return status;
}

int vt_golden_feed(vt_golden* model, const vt_golden_record* record, vt_golden_result* result) {
  if (model == nullptr || record == nullptr || result == nullptr || !valid_record(*record)) {
    return -1;
  }
  to_entry(*record, model->numt, model->entry);
  fill_result(result, model->model->feed(model->entry, record->group), model->model->fed());
  return 0;
}

int vt_golden_finish(vt_golden* model, vt_golden_result* result) {
  if (model == nullptr || result == nullptr) return -1;
  fill_result(result, model->model->finish(), model->model->fed());
  return 0;
}

void vt_golden_close(vt_golden* model) {
  delete model;
}

}  // extern "C"
