/* C program against libventus.so (ventus.h only): runs the reference vecadd kernel through the
 * vt_* calls the way the ventus-driver's test program does and checks c = a + b.
 * Usage: runtime_c_vecadd OBJECT_RISCV. Exit 0 pass, 1 fail, 77 skip (ELF absent). */
#include <stdio.h>
#include <string.h>

#include "ventus.h"

enum { kThreads = 16, kWarps = 4, kN = kThreads * kWarps, kPds = 0x1000 };

static int check(int ok, const char* what, vt_device_h dev) {
  if (!ok) fprintf(stderr, "FAIL: %s (%s)\n", what, dev ? vt_last_error(dev) : "");
  return ok;
}

int main(int argc, char** argv) {
  if (argc != 2) return 1;
  FILE* probe = fopen(argv[1], "rb");
  if (probe == NULL) {
    printf("SKIP: reference ELF %s absent\n", argv[1]);
    return 77;
  }
  fclose(probe);
  float a[kN], b[kN], c[kN];
  for (int i = 0; i < kN; ++i) {
    a[i] = (float)i * 0.5f;
    b[i] = 100.0f - (float)i;
    c[i] = 0.0f;
  }
  vt_device_h p = NULL;
  if (!check(vt_dev_open(&p) == 0, "vt_dev_open", NULL)) return 1;
  uint64_t va, vb, vc, vpds, vmeta, vargs, vprint;
  int ok = 1;
  ok &= check(vt_buf_alloc(p, sizeof a, &va, 0, 0, 0) == 0, "alloc a", p);
  ok &= check(vt_buf_alloc(p, sizeof b, &vb, 0, 0, 0) == 0, "alloc b", p);
  ok &= check(vt_buf_alloc(p, sizeof c, &vc, 0, 0, 0) == 0, "alloc c", p);
  ok &= check(vt_buf_alloc(p, (uint64_t)kPds * kN, &vpds, 0, 0, 0) == 0, "alloc private", p);
  ok &= check(vt_buf_alloc(p, 14 * 4, &vmeta, 0, 0, 0) == 0, "alloc metadata", p);
  ok &= check(vt_buf_alloc(p, 3 * 4, &vargs, 0, 0, 0) == 0, "alloc arguments", p);
  ok &= check(vt_buf_alloc(p, 0x1000, &vprint, 0, 0, 0) == 0, "alloc print buffer", p);
  ok &= check(va == 0x90000000u && vb == 0x90001000u, "4 KiB bump allocation", p);
  ok &= check(vt_copy_to_dev(p, va, a, sizeof a, 0, 0) == 0, "copy a", p);
  ok &= check(vt_copy_to_dev(p, vb, b, sizeof b, 0, 0) == 0, "copy b", p);
  ok &= check(vt_upload_kernel_file(p, argv[1], 0) == 0, "vt_upload_kernel_file", p);
  if (!ok) return 1;
  /* The kernel entry: vecadd is the first function after crt0 (ISA.md §7.3, §7.8). */
  vt_meta_data meta = {0x800000a8u, {1, 1, 1}, kThreads, kWarps, vmeta, 0x1000, kPds, 32, 32, vpds};
  uint32_t knl[14];
  memset(knl, 0, sizeof knl);
  knl[0] = (uint32_t)meta.kernel_id;
  knl[1] = (uint32_t)vargs;
  knl[2] = 1;
  knl[3] = kN; knl[4] = 1; knl[5] = 1;          /* global size */
  knl[6] = kN; knl[7] = 1; knl[8] = 1;          /* local size */
  knl[12] = (uint32_t)vprint;
  knl[13] = 0x1000;
  uint32_t args[3] = {(uint32_t)va, (uint32_t)vb, (uint32_t)vc};
  ok &= check(vt_copy_to_dev(p, vmeta, knl, sizeof knl, 0, 0) == 0, "copy metadata", p);
  ok &= check(vt_copy_to_dev(p, vargs, args, sizeof args, 0, 0) == 0, "copy arguments", p);
  ok &= check(vt_start(p, &meta, 0) == 0, "vt_start", p);
  ok &= check(vt_ready_wait(p, MAX_TIMEOUT) == 0, "vt_ready_wait", p);
  ok &= check(vt_copy_from_dev(p, vc, c, sizeof c, 0, 0) == 0, "copy c back", p);
  for (int i = 0; i < kN && ok; ++i) {
    if (c[i] != a[i] + b[i]) {
      fprintf(stderr, "FAIL: c[%d] = %g, expected %g\n", i, (double)c[i], (double)(a[i] + b[i]));
      ok = 0;
    }
  }
  ok &= check(vt_buf_free(p, 0, NULL, 0, 0) == 0, "vt_buf_free", p);
  ok &= check(vt_dev_close(p) == 0, "vt_dev_close", NULL);
  printf("%s: vecadd of %d floats through vt_*\n", ok ? "PASS" : "FAIL", kN);
  return ok ? 0 : 1;
}
