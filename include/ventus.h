/* C ABI of the Ventus driver (vt_* functions), implemented by libventus.so on the simulator.
 *
 * Declarations are signature-compatible with the THU-DSP-LAB/ventus-driver header so that a
 * host program or the pocl "ventus" device written against that driver runs unchanged on this
 * simulator (docs/pocl.md). Every function returns 0 on success and -1 on misuse (null
 * handle or pointer, size 0 or overflowing, address outside every allocated buffer, no
 * kernel uploaded) or when the kernel stopped with a guest fault; vt_last_error() says why.
 * Compiles as C99 and as C++. */
#ifndef VENTUS_VENTUS_H_
#define VENTUS_VENTUS_H_

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
#include <queue>
/* vt_finish_all_kernel's list type in the driver's C++ ABI. */
typedef std::queue<int> vt_finished_kernel_queue;
extern "C" {
#else
/* Opaque to C: a std::queue<int> built by C++ code; C programs use vt_finished_kernels. */
typedef struct vt_finished_kernel_queue vt_finished_kernel_queue;
#endif

/* An open device (vt_dev_open). */
typedef void* vt_device_h;
/* Kept for source compatibility with older driver code; not used by this ABI. */
typedef void* vt_buffer_h;

/* Longest wait vt_ready_wait accepts, in milliseconds (one hour). */
#define MAX_TIMEOUT (60 * 60 * 1000)

/* Capability ids for vt_dev_caps. */
#define VT_CAPS_VERSION 0x0          /* implementation version */
#define VT_CAPS_MAX_CORES 0x1        /* SMs */
#define VT_CAPS_MAX_WARPS 0x2        /* warp slots per SM = max warps per work-group */
#define VT_CAPS_MAX_THREADS 0x3      /* threads per warp */
#define VT_CAPS_CACHE_LINE_SIZE 0x4  /* bytes */
#define VT_CAPS_LOCAL_MEM_SIZE 0x5   /* local memory per SM, bytes */
#define VT_CAPS_ALLOC_BASE_ADDR 0x6  /* first address vt_buf_alloc hands out (0x90000000) */
#define VT_CAPS_KERNEL_BASE_ADDR 0x7 /* start pc of kernels (0x80000000) */

/* The launch descriptor vt_start takes (ISA.md §7.9): twelve 64-bit items in this order. */
typedef struct vt_meta_data {
  uint64_t kernel_id;        /* kernel id (informational) */
  uint64_t kernel_size[3];   /* work-groups in x, y, z */
  uint64_t wf_size;          /* threads per warp */
  uint64_t wg_size;          /* warps per work-group */
  uint64_t metaDataBaseAddr; /* device address of the 64-byte KNL_* buffer (ISA.md §7.1) */
  uint64_t ldsSize;          /* local memory per work-group, bytes */
  uint64_t pdsSize;          /* private memory per thread, bytes */
  uint64_t sgprUsage;        /* scalar registers per warp */
  uint64_t vgprUsage;        /* vector registers per warp */
  uint64_t pdsBaseAddr;      /* private memory base (pdsSize x threads x work-groups bytes) */
} vt_meta_data;

/* Opens a simulated device; its machine description is configs/default.toml's defaults, or
 * the TOML file named by the environment variable VENTUS_CONFIG. */
int vt_dev_open(vt_device_h* hdevice);
/* Closes the device and frees everything it holds. */
int vt_dev_close(vt_device_h hdevice);
/* Reads capability caps_id into *value. hdevice may be NULL (pocl does this during start-up:
 * the defaults are reported) or point to an open device handle. */
int vt_dev_caps(vt_device_h* hdevice, uint64_t caps_id, uint64_t* value);

/* Per-context page tables do not exist here (physical addresses): accepted for taskID >= 0. */
int vt_root_mem_alloc(vt_device_h hdevice, int taskID);
int vt_root_mem_free(vt_device_h hdevice, int taskID);

/* Allocates size bytes of device memory, 4 KiB aligned in allocation order from 0x90000000
 * like the reference driver; *vaddr receives the address. BUF_TYPE, taskID and kernelID are
 * accepted and ignored. */
int vt_buf_alloc(vt_device_h hdevice, uint64_t size, uint64_t* vaddr, int BUF_TYPE, uint64_t taskID,
                 uint64_t kernelID);
/* Frees every buffer of the device (the reference driver's behaviour); size/vaddr ignored. */
int vt_buf_free(vt_device_h hdevice, uint64_t size, uint64_t* vaddr, uint64_t taskID,
                uint64_t kernelID);
/* Frees the one buffer whose address is *vaddr. */
int vt_one_buf_free(vt_device_h hdevice, uint64_t size, uint64_t* vaddr, uint64_t taskID,
                    uint64_t kernelID);

/* Copies size bytes between host memory and device memory; the device range must lie inside
 * one allocated buffer. */
int vt_copy_to_dev(vt_device_h hdevice, uint64_t dev_vaddr, const void* src_addr, uint64_t size,
                   uint64_t taskID, uint64_t kernelID);
int vt_copy_from_dev(vt_device_h hdevice, uint64_t dev_vaddr, void* dst_addr, uint64_t size,
                     uint64_t taskID, uint64_t kernelID);

/* Runs the uploaded kernel ELF from 0x80000000 with the launch descriptor metaData (a
 * vt_meta_data). The simulator is synchronous: the kernel has finished when this returns.
 * Kernel printf output (docs/printf.md) goes to standard output. */
int vt_start(vt_device_h hdevice, void* metaData, uint64_t taskID);
/* Returns at once: 0 when the last vt_start succeeded, -1 when it failed. */
int vt_ready_wait(vt_device_h hdevice, uint64_t timeout);

/* Moves the ids of the launches that finished since the previous call (oldest first) into
 * *finished_kernel_list (a std::queue<int> in the driver's C++ ABI): each id is the launch
 * descriptor's kernel_id, truncated to int. vt_start is synchronous, so every launch that
 * returned is finished. */
int vt_finish_all_kernel(vt_device_h hdevice, vt_finished_kernel_queue* finished_kernel_list);
/* Extension, the same for C callers: moves up to `capacity` of those ids into ids[] and
 * stores how many in *count (ids may be NULL when capacity is 0); the rest stay queued. */
int vt_finished_kernels(vt_device_h hdevice, int* ids, size_t capacity, size_t* count);

/* Loads a kernel ELF (its PT_LOAD segments at their physical addresses) from memory or a
 * file; vt_start runs the last one loaded. */
int vt_upload_kernel_bytes(vt_device_h device, const void* content, uint64_t size, int taskID);
int vt_upload_kernel_file(vt_device_h device, const char* filename, int taskID);

/* Performance-attribution context (the ventus-env perf design's sideband API): the fields
 * the next launch's event in events.sim.jsonl carries (docs/pocl.md "Performance events").
 * Strings are NUL-terminated within their 128 bytes. */
#define VT_PERF_CONTEXT_STRING_CAPACITY 128
typedef struct vt_perf_context_t {
  uint64_t launch_seq;
  uint64_t kernel_occurrence;
  uint64_t kernel_signature_hash;
  char kernel_name[VT_PERF_CONTEXT_STRING_CAPACITY];
  char scope_id[VT_PERF_CONTEXT_STRING_CAPACITY];
  char parent_event_id[VT_PERF_CONTEXT_STRING_CAPACITY];
} vt_perf_context_t;
/* Sets (a copy of *context) or clears the device's perf context. */
int vt_set_perf_context(vt_device_h hdevice, const vt_perf_context_t* context);
int vt_clear_perf_context(vt_device_h hdevice);

/* Writes the statistics of the last launch (work-groups, warps, instructions, time; on the
 * cycle model also its cycles and IPC). */
int vt_dump_perf(vt_device_h device, FILE* stream);

/* Extension: the message of the last failed call on this device ("" if none). Never NULL. */
const char* vt_last_error(vt_device_h device);

/* Extension: every statistic of the last launch that ran on this device (also one that
 * faulted), as one launch object of docs/stats.md ("" before the first launch or for an
 * invalid handle). The
 * string stays valid until the next launch on the device. Never NULL. */
const char* vt_last_launch_stats_json(vt_device_h device);

/* Extension: the cycles of the last launch that ran to its end on this device, as the RTL
 * test bench counts them (docs/timing.md), into *cycles. The device runs launches on the
 * cycle-level model when its configuration sets run.timing = true (a VENTUS_CONFIG file with
 * `[run]` `timing = true`); otherwise, and before the first launch, *cycles is 0. Returns -1
 * for an invalid handle or a NULL cycles. */
int vt_last_launch_cycles(vt_device_h device, uint64_t* cycles);

#ifdef __cplusplus
} /* extern "C" */
static_assert(sizeof(vt_meta_data) == 12 * sizeof(uint64_t), "ISA.md §7.9 layout");
#endif

#endif /* VENTUS_VENTUS_H_ */
