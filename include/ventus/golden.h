/* C ABI of the golden model (docs/golden.md), implemented by libventus.so.
 *
 * A golden model holds one launch of a test case (ISA.md §9: its kernel ELF, .metadata and
 * .data; `VENTUS_SAVE_CASE=DIR` writes any vt_* program's launches as such a case). An
 * implementation under test (an RTL test bench, another simulator) feeds it the instructions
 * its warps retire, one at a time, in the order it retired them: warp, pc, instruction word
 * and the register, CSR and memory writes the instruction made (the commit-record fields of
 * ISA.md §10). The model steps the same warp of its own machine and answers whether the
 * record matches; the first mismatch says what differs (expected and actual value, register
 * or address, lane). Any interleaving of warps that respects barriers is accepted.
 * Functions return 0 on success, -1 on misuse (NULL pointers, a closed model) or when the
 * model could not be created (the message is in `error`). Compiles as C99 and as C++. */
#ifndef VENTUS_GOLDEN_H_
#define VENTUS_GOLDEN_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vt_golden vt_golden;

/* Modes (docs/golden.md): the default functional semantics, or the reference simulator's
 * (--ref-compat: REF's boot ROM, one work-group at a time, trap entry, end of run). */
#define VT_GOLDEN_MODE_DEFAULT 0
#define VT_GOLDEN_MODE_REF_COMPAT 1

/* Work-group of a record: this value = the one running (REF runs one at a time). */
#define VT_GOLDEN_CURRENT_GROUP 0xffffffffu

/* Kinds of register writes. */
#define VT_GOLDEN_X 0   /* scalar register x<index> */
#define VT_GOLDEN_F 1   /* f<index> (its 64-bit NaN-boxed value) */
#define VT_GOLDEN_CSR 2 /* CSR number <index> */
#define VT_GOLDEN_V 3   /* vector register v<index>: `value` = thread mask after, `lanes` */

typedef struct vt_golden_reg_write {
  uint32_t kind;
  uint32_t index;
  uint64_t value;
  const uint32_t* lanes; /* VT_GOLDEN_V: threads-per-warp elements, lane 0 first */
} vt_golden_reg_write;

typedef struct vt_golden_mem_write {
  uint32_t address;
  uint32_t size; /* bytes: 1, 2, 4 or 8 */
  uint64_t value;
} vt_golden_mem_write;

/* One retired warp-instruction. mem_reads (the addresses loads read, in order) are compared
 * only when mem_read_count > 0. */
typedef struct vt_golden_record {
  uint32_t group; /* linear work-group id, or VT_GOLDEN_CURRENT_GROUP */
  uint32_t warp;  /* warp index in the work-group */
  uint32_t pc;
  uint32_t word;
  const vt_golden_reg_write* regs;
  size_t reg_count;
  const vt_golden_mem_write* mem_writes;
  size_t mem_write_count;
  const uint32_t* mem_reads;
  size_t mem_read_count;
} vt_golden_record;

/* The verdict of a record (or of vt_golden_finish). */
typedef struct vt_golden_result {
  int match;         /* 1: it matches; 0: mismatch (the fields below say where and what) */
  uint64_t position; /* 1-based index of the record among those fed */
  uint32_t group;
  uint32_t warp;
  uint32_t pc; /* where the model expected the warp */
  char description[512];
} vt_golden_result;

/* Creates the model of launch `launch` of the test case in `case_dir` (the launches before
 * it in cases.ini run first on its memory). `config_path` is a TOML machine description
 * (NULL = the defaults). On failure *model is NULL and `error` (if not NULL) holds the
 * message. */
int vt_golden_open_case(vt_golden** model, const char* case_dir, const char* launch, int mode,
                        const char* config_path, char* error, size_t error_size);
/* Creates the model of the launch vt_start(device, meta_data) would run now (meta_data: a
 * vt_meta_data of include/ventus.h): the kernel uploaded to the device and its memory as the
 * host left it. The device is not changed, except that the launch's print buffer slots are
 * marked empty as vt_start marks them. Then the implementation under test runs the same
 * launch and feeds its records. Same errors as vt_golden_open_case, and a device without an
 * uploaded kernel or a descriptor the device would refuse. */
int vt_golden_open_start(vt_golden** model, void* device, const void* meta_data, int mode,
                         const char* config_path, char* error, size_t error_size);
/* Checks one retired instruction. After a mismatch every record gets the same result.
 * -1 (nothing fed) for a NULL argument, a count whose array is NULL, an unknown register
 * kind or a vector write without lanes. */
int vt_golden_feed(vt_golden* model, const vt_golden_record* record, vt_golden_result* result);
/* The records ended: a mismatch when a warp or work-group has not run to its end. */
int vt_golden_finish(vt_golden* model, vt_golden_result* result);
void vt_golden_close(vt_golden* model);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* VENTUS_GOLDEN_H_ */
