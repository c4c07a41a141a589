/* A program that behaves like the ventus-driver's auto-select loader: it opens the backend
 * library VENTUS_BACKEND names from a directory, looks up the sixteen required vt_* functions
 * by name with the loader's signatures (exit 1 if one is missing), then replays reference
 * test cases (ISA.md §9: cases.ini, .metadata, .data, object.riscv) through them and
 * compares every launch's buffers with expected/<launch>.out.
 * MODEL (functional or cycle) is the model the backend must have run: vt_dump_perf reports
 * cycles only for the cycle model.
 * Usage: loader_backend LIBDIR MODEL CASE_DIR...  Exit 0 pass, 1 fail, 77 skip (case absent). */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ventus.h"

/* The loader's table: VENTUS_BACKEND (default spike) -> file in the loader's directory. */
static const char* backend_file(const char* backend) {
  static const char* const map[][2] = {
      {"isa", "libspike_driver.so"},         {"spike", "libspike_driver.so"},
      {"rtlsim", "librtlsim_driver.so"},     {"rtl", "librtlsim_driver.so"},
      {"gpgpu", "librtlsim_driver.so"},      {"cycle", "libcyclesim_driver.so"},
      {"cyclesim", "libcyclesim_driver.so"}, {"simulator", "libcyclesim_driver.so"},
      {"systemc", "libcyclesim_driver.so"}};
  for (size_t i = 0; i < sizeof map / sizeof map[0]; ++i) {
    if (strcasecmp(backend, map[i][0]) == 0) return map[i][1];
  }
  return NULL;
}

/* The sixteen functions with the loader's signatures (vt_finish_all_kernel's list is a
 * std::queue<int> there; C sees it as an opaque pointer). */
typedef struct {
  int (*dev_open)(vt_device_h*);
  int (*dev_close)(vt_device_h);
  int (*dev_caps)(vt_device_h*, uint64_t, uint64_t*);
  int (*root_mem_alloc)(vt_device_h, int);
  int (*root_mem_free)(vt_device_h, int);
  int (*buf_alloc)(vt_device_h, uint64_t, uint64_t*, int, uint64_t, uint64_t);
  int (*buf_free)(vt_device_h, uint64_t, uint64_t*, uint64_t, uint64_t);
  int (*one_buf_free)(vt_device_h, uint64_t, uint64_t*, uint64_t, uint64_t);
  int (*copy_to_dev)(vt_device_h, uint64_t, const void*, uint64_t, uint64_t, uint64_t);
  int (*copy_from_dev)(vt_device_h, uint64_t, void*, uint64_t, uint64_t, uint64_t);
  int (*start)(vt_device_h, void*, uint64_t);
  int (*ready_wait)(vt_device_h, uint64_t);
  int (*finish_all_kernel)(vt_device_h, vt_finished_kernel_queue*);
  int (*upload_kernel_bytes)(vt_device_h, const void*, uint64_t, int);
  int (*upload_kernel_file)(vt_device_h, const char*, int);
  int (*dump_perf)(vt_device_h, FILE*);
} Api;

static void* need(void* lib, const char* name, int* missing) {
  void* f = dlsym(lib, name);
  if (f == NULL) {
    fprintf(stderr, "FAIL: the backend lacks %s\n", name);
    *missing = 1;
  }
  return f;
}

/* Function pointers travel through void* as POSIX dlsym requires. */
#define LOOKUP(field, name) memcpy(&api->field, (void*[]){need(lib, name, &missing)}, sizeof(void*))

static int load_api(void* lib, Api* api) {
  int missing = 0;
  LOOKUP(dev_open, "vt_dev_open");
  LOOKUP(dev_close, "vt_dev_close");
  LOOKUP(dev_caps, "vt_dev_caps");
  LOOKUP(root_mem_alloc, "vt_root_mem_alloc");
  LOOKUP(root_mem_free, "vt_root_mem_free");
  LOOKUP(buf_alloc, "vt_buf_alloc");
  LOOKUP(buf_free, "vt_buf_free");
  LOOKUP(one_buf_free, "vt_one_buf_free");
  LOOKUP(copy_to_dev, "vt_copy_to_dev");
  LOOKUP(copy_from_dev, "vt_copy_from_dev");
  LOOKUP(start, "vt_start");
  LOOKUP(ready_wait, "vt_ready_wait");
  LOOKUP(finish_all_kernel, "vt_finish_all_kernel");
  LOOKUP(upload_kernel_bytes, "vt_upload_kernel_bytes");
  LOOKUP(upload_kernel_file, "vt_upload_kernel_file");
  LOOKUP(dump_perf, "vt_dump_perf");
  return missing ? -1 : 0;
}

/* Reads a file of 8-hex-digit words, one per line (ISA.md §9.1, §9.2). */
static uint32_t* read_words(const char* path, size_t* count) {
  FILE* f = fopen(path, "r");
  if (f == NULL) return NULL;
  size_t n = 0, cap = 256;
  uint32_t* words = malloc(cap * sizeof *words);
  unsigned long value;
  while (words != NULL && fscanf(f, "%lx", &value) == 1) {
    if (n == cap) words = realloc(words, (cap *= 2) * sizeof *words);
    if (words != NULL) words[n++] = (uint32_t)value;
  }
  fclose(f);
  *count = n;
  return words;
}

typedef struct {
  uint64_t item[14];
  uint64_t base[64], size[64], alloc[64];
  uint64_t n;
} Metadata;

static int read_metadata(const char* path, Metadata* m) {
  size_t count = 0;
  uint32_t* w = read_words(path, &count);
  if (w == NULL || count < 28) return free(w), -1;
  for (int i = 0; i < 14; ++i) m->item[i] = w[2 * i] | (uint64_t)w[2 * i + 1] << 32;
  m->n = m->item[13];
  if (m->n > 64 || count < 2 * (14 + 3 * m->n)) return free(w), -1;
  for (uint64_t b = 0; b < m->n; ++b) {
    const size_t at = 2 * (14 + b);
    m->base[b] = w[at] | (uint64_t)w[at + 1] << 32;
    m->size[b] = w[at + 2 * m->n] | (uint64_t)w[at + 2 * m->n + 1] << 32;
    m->alloc[b] = w[at + 4 * m->n] | (uint64_t)w[at + 4 * m->n + 1] << 32;
  }
  free(w);
  return 0;
}

typedef struct {
  Api api;
  vt_device_h dev;
  uint64_t allocated[128];
  int allocations;
} Session;

static int is_allocated(const Session* s, uint64_t base) {
  for (int i = 0; i < s->allocations; ++i) {
    if (s->allocated[i] == base) return 1;
  }
  return 0;
}

/* Device buffers come from vt_buf_alloc in address order (4 KiB aligned from 0x90000000), so
 * the case's addresses are reproduced; a gap before `base` is filled with a spacer. */
static int alloc_at(Session* s, uint64_t base, uint64_t size) {
  uint64_t got = 0, spacer = 0;
  if (s->api.buf_alloc(s->dev, size, &got, 0, 0, 0) != 0) return -1;
  if (got < base) {
    s->api.one_buf_free(s->dev, 0, &got, 0, 0);
    if (s->api.buf_alloc(s->dev, base - got, &spacer, 0, 0, 0) != 0) return -1;
    if (s->api.buf_alloc(s->dev, size, &got, 0, 0, 0) != 0) return -1;
  }
  if (got != base) {
    fprintf(stderr, "FAIL: vt_buf_alloc gave 0x%llx, the case needs 0x%llx\n",
            (unsigned long long)got, (unsigned long long)base);
    return -1;
  }
  if (s->allocations < 128) s->allocated[s->allocations++] = base;
  return 0;
}

/* Device buffers of the launch (code at 0x80000000 comes from the uploaded ELF instead). */
static int device_buffer(const Metadata* m, uint64_t b) {
  return m->base[b] >= 0x90000000u && m->alloc[b] > 0;
}

static int allocate_buffers(Session* s, const Metadata* m) {
  for (;;) { /* the lowest buffer not yet allocated, until none is left */
    uint64_t pick = m->n;
    for (uint64_t b = 0; b < m->n; ++b) {
      if (device_buffer(m, b) && !is_allocated(s, m->base[b]) &&
          (pick == m->n || m->base[b] < m->base[pick])) {
        pick = b;
      }
    }
    if (pick == m->n) return 0;
    if (alloc_at(s, m->base[pick], m->alloc[pick]) != 0) return -1;
  }
}

/* Copies (to_device) or compares (!to_device) the buffers of `words` in metadata order. */
static int walk_buffers(Session* s, const Metadata* m, const uint32_t* words, size_t count,
                        int to_device, const char* launch) {
  size_t at = 0;
  for (uint64_t b = 0; b < m->n; ++b) {
    const size_t n = (size_t)(m->size[b] + 3) / 4;
    if (n == 0) continue;
    if (at + n > count) return fprintf(stderr, "FAIL: %s: short file\n", launch), -1;
    if (device_buffer(m, b)) {
      uint32_t* got = malloc(n * 4);
      int ok = got != NULL;
      if (ok && to_device)
        ok = s->api.copy_to_dev(s->dev, m->base[b], words + at, n * 4, 0, 0) == 0;
      if (ok && !to_device) {
        ok = s->api.copy_from_dev(s->dev, m->base[b], got, n * 4, 0, 0) == 0 &&
             memcmp(got, words + at, n * 4) == 0;
        if (!ok)
          fprintf(stderr, "FAIL: %s: buffer 0x%llx differs\n", launch,
                  (unsigned long long)m->base[b]);
      }
      free(got);
      if (!ok) return -1;
    }
    at += n;
  }
  return 0;
}

static int run_launch(Session* s, const char* dir, const char* launch) {
  char path[4096];
  Metadata m;
  snprintf(path, sizeof path, "%s/%s.metadata", dir, launch);
  if (read_metadata(path, &m) != 0) return fprintf(stderr, "FAIL: %s unreadable\n", path), -1;
  size_t count = 0, expected_count = 0;
  snprintf(path, sizeof path, "%s/%s.data", dir, launch);
  uint32_t* data = read_words(path, &count);
  snprintf(path, sizeof path, "%s/expected/%s.out", dir, launch);
  uint32_t* expected = read_words(path, &expected_count);
  snprintf(path, sizeof path, "%s/object.riscv", dir);
  int ok = data != NULL && expected != NULL && allocate_buffers(s, &m) == 0 &&
           walk_buffers(s, &m, data, count, 1, launch) == 0 &&
           s->api.upload_kernel_file(s->dev, path, 0) == 0;
  vt_meta_data meta = {m.item[1],  {m.item[2], m.item[3], m.item[4]},
                       m.item[5],  m.item[6],
                       m.item[7],  m.item[8],
                       m.item[9],  m.item[10],
                       m.item[11], m.item[12]};
  ok = ok && s->api.start(s->dev, &meta, 0) == 0 && s->api.ready_wait(s->dev, MAX_TIMEOUT) == 0;
  if (!ok) fprintf(stderr, "FAIL: %s did not run\n", launch);
  ok = ok && walk_buffers(s, &m, expected, expected_count, 0, launch) == 0;
  free(data);
  free(expected);
  return ok ? 0 : -1;
}

/* Runs every launch of cases.ini's Files= line in order on one device. */
static int run_case(Session* s, const char* dir) {
  char path[4096], line[4096];
  snprintf(path, sizeof path, "%s/cases.ini", dir);
  FILE* f = fopen(path, "r");
  if (f == NULL) return 77;
  int status = 1;
  while (fgets(line, sizeof line, f) != NULL) {
    if (strncmp(line, "Files=", 6) != 0) continue;
    status = 0;
    for (char* name = strtok(line + 6, ",\r\n"); name != NULL; name = strtok(NULL, ",\r\n")) {
      if (run_launch(s, dir, name) != 0) status = 1;
    }
  }
  fclose(f);
  return status;
}

/* vt_dump_perf's report names cycles exactly when the launches ran on the cycle model. */
static int check_model(const Api* api, vt_device_h dev, const char* model) {
  char text[1024] = {0};
  FILE* f = tmpfile();
  if (f == NULL || api->dump_perf(dev, f) != 0) return fprintf(stderr, "FAIL: vt_dump_perf\n"), 1;
  rewind(f);
  const size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = '\0';
  fputs(text, stdout);
  const int cycles = strstr(text, "cycles ") != NULL;
  if (cycles == (strcmp(model, "cycle") == 0)) return 0;
  return fprintf(stderr, "FAIL: expected the %s model\n", model), 1;
}

int main(int argc, char** argv) {
  if (argc < 4) return fprintf(stderr, "usage: loader_backend LIBDIR MODEL CASE_DIR...\n"), 2;
  const char* backend = getenv("VENTUS_BACKEND") != NULL ? getenv("VENTUS_BACKEND") : "spike";
  const char* file = backend_file(backend);
  if (file == NULL) return fprintf(stderr, "FAIL: unsupported VENTUS_BACKEND %s\n", backend), 1;
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", argv[1], file);
  void* lib = dlopen(path, RTLD_LAZY);
  if (lib == NULL) return fprintf(stderr, "FAIL: dlopen: %s\n", dlerror()), 1;
  Api api;
  if (load_api(lib, &api) != 0) exit(EXIT_FAILURE);
  int status = 0;
  for (int i = 3; i < argc && status == 0; ++i) { /* a fresh device per case */
    Session s = {.api = api};
    if (api.dev_open(&s.dev) != 0) return fprintf(stderr, "FAIL: vt_dev_open\n"), 1;
    status = run_case(&s, argv[i]);
    if (status == 77) printf("SKIP: reference case %s absent\n", argv[i]);
    if (status == 0) status = check_model(&api, s.dev, argv[2]);
    api.dev_close(s.dev);
  }
  if (status == 0) printf("PASS: %s (%s)\n", backend, file);
  return status;
}
