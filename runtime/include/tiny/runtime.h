/*===- runtime.h - The tiny runtime's C API -----------------------*- C -*-===*\
|*                                                                            *|
|* Devices, buffers, copies between devices, and kernel launch on CPU and     *|
|* GPU devices, as a C API with opaque handles. Plain C99; every symbol       *|
|* starts with `tiny_` (or `TINY_` for macros and constants).                 *|
|*                                                                            *|
|* Conventions                                                                *|
|*                                                                            *|
|* - Errors. A function that can fail returns a `tiny_status_t`: NULL on     *|
|*   success, otherwise an error the caller owns and frees with              *|
|*   `tiny_status_free` after reading its code and message. The runtime     *|
|*   never aborts on bad input: unknown devices, bad sizes, exhausted        *|
|*   memory, released buffers and NULL arguments are all reported as         *|
|*   statuses, and a failed call changes nothing (no buffer is written, no   *|
|*   counter moves but `failed_allocations`) unless its documentation says  *|
|*   otherwise.                                                               *|
|* - Output parameters are named `out_*` and are written only on success.    *|
|* - Ownership. `tiny_runtime_create` / `tiny_runtime_destroy` bracket the   *|
|*   life of everything else. Devices belong to their runtime: a device      *|
|*   handle is valid until the runtime is destroyed and is never freed by    *|
|*   the caller. Buffers are reference counted: `tiny_buffer_allocate`       *|
|*   returns a buffer with one reference, `tiny_buffer_retain` adds one,     *|
|*   `tiny_buffer_release` drops one and frees the buffer when none are      *|
|*   left. Destroying a runtime frees all of its buffers.                    *|
|* - Buffer handles are checked: a handle is an (index, generation) token,  *|
|*   never a pointer the caller could dereference, so using a buffer after  *|
|*   its last release (or after its runtime is destroyed) reports           *|
|*   TINY_STATUS_INVALID_HANDLE instead of touching freed memory.            *|
|* - Thread safety. All functions may be called from any thread. A buffer   *|
|*   released on one thread while another thread copies into it stays      *|
|*   alive until that copy returns. Concurrent writes to the same bytes of a *|
|*   buffer are the caller's race, as with memory.                          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TINY_RUNTIME_H
#define TINY_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define TINY_API __attribute__((visibility("default")))
/// Marks functions whose status must be read and freed.
#define TINY_MUST_USE_RESULT __attribute__((warn_unused_result))
#else
#define TINY_API
#define TINY_MUST_USE_RESULT
#endif

/*===----------------------------------------------------------------------===*
 * Status
 *===----------------------------------------------------------------------===*/

/// Status codes. The values are stable.
enum tiny_status_code_e {
  TINY_STATUS_OK = 0,
  /// A NULL pointer, an unknown dtype, mismatched sizes or dtypes, a buffer
  /// on the wrong kind of device.
  TINY_STATUS_INVALID_ARGUMENT = 1,
  /// No device of that name (an unknown kind or an index out of range).
  TINY_STATUS_NOT_FOUND = 2,
  /// The device kind exists but cannot be used here: its driver library is
  /// missing or fails to initialize. The message gives the reason.
  TINY_STATUS_UNAVAILABLE = 3,
  /// A device's memory limit (`tiny_device_set_limit`) or the host's memory
  /// is exhausted.
  TINY_STATUS_OUT_OF_MEMORY = 4,
  /// A byte range reaches past the end of a buffer.
  TINY_STATUS_OUT_OF_RANGE = 5,
  /// A buffer, device or runtime handle that is not live: released,
  /// destroyed, or never created.
  TINY_STATUS_INVALID_HANDLE = 6,
  /// The call is valid but not now (e.g. a driver library is set after the
  /// back end was loaded).
  TINY_STATUS_FAILED_PRECONDITION = 7,
  /// The operation exists in the API but not yet for this device kind.
  TINY_STATUS_UNIMPLEMENTED = 8,
  /// A bug in the runtime or a failure it did not expect, such as a GPU
  /// driver error with no closer code (a kernel that faulted, a lost
  /// device); the message then names the driver call and its error.
  TINY_STATUS_INTERNAL = 9,
};
/// One of `tiny_status_code_e`.
typedef uint32_t tiny_status_code_t;

/// An error: a code and a message. NULL is success.
typedef struct tiny_status_s *tiny_status_t;

/// The code of `status`; TINY_STATUS_OK for NULL.
TINY_API tiny_status_code_t tiny_status_code(tiny_status_t status);

/// The message of `status` (e.g. "unknown device 'TPU'"); "" for NULL. The
/// string lives as long as the status.
TINY_API const char *tiny_status_message(tiny_status_t status);

/// Frees `status`; NULL is a no-op.
TINY_API void tiny_status_free(tiny_status_t status);

/// The name of a status code ("OK", "INVALID_ARGUMENT", ...); "UNKNOWN" for
/// values outside `tiny_status_code_e`. A static string.
TINY_API const char *tiny_status_code_name(tiny_status_code_t code);

/*===----------------------------------------------------------------------===*
 * Dtypes
 *===----------------------------------------------------------------------===*/

/// Element types. The values are stable; 0 is never a dtype.
enum tiny_dtype_e {
  TINY_DTYPE_BOOL = 1,
  TINY_DTYPE_I8 = 2,
  TINY_DTYPE_I16 = 3,
  TINY_DTYPE_I32 = 4,
  TINY_DTYPE_I64 = 5,
  TINY_DTYPE_U8 = 6,
  TINY_DTYPE_U16 = 7,
  TINY_DTYPE_U32 = 8,
  TINY_DTYPE_U64 = 9,
  TINY_DTYPE_F16 = 10,
  TINY_DTYPE_BF16 = 11,
  TINY_DTYPE_F32 = 12,
  TINY_DTYPE_F64 = 13,
  /// 8-bit floats, as the tiny dialect's f8E4M3FN, f8E5M2, f8E4M3FNUZ and
  /// f8E5M2FNUZ.
  TINY_DTYPE_F8E4M3FN = 14,
  TINY_DTYPE_F8E5M2 = 15,
  TINY_DTYPE_F8E4M3FNUZ = 16,
  TINY_DTYPE_F8E5M2FNUZ = 17,
};
/// One of `tiny_dtype_e`. An integer, so any value a caller passes is well
/// defined; unknown values are rejected.
typedef uint32_t tiny_dtype_t;

/// The size of one element in bytes (bool is 1 byte); 0 for an unknown dtype.
TINY_API size_t tiny_dtype_size(tiny_dtype_t dtype);

/// The dtype's name ("bool", "i8", ..., "f32", "bf16"); NULL for an unknown
/// dtype. A static string.
TINY_API const char *tiny_dtype_name(tiny_dtype_t dtype);

/*===----------------------------------------------------------------------===*
 * Runtime
 *===----------------------------------------------------------------------===*/

/// A runtime: a registry of devices and the buffers allocated on them.
typedef struct tiny_runtime_s *tiny_runtime_t;

/// Device kinds. The values are stable.
enum tiny_device_kind_e {
  /// Host memory: "CPU" and the virtual devices "CPU:0" .. "CPU:63".
  TINY_DEVICE_KIND_CPU = 1,
  /// NVIDIA GPUs through the CUDA driver API (libcuda.so.1, loaded with
  /// dlopen on first use).
  TINY_DEVICE_KIND_CUDA = 2,
  /// AMD GPUs through HIP (libamdhip64.so, loaded with dlopen on first use).
  TINY_DEVICE_KIND_HIP = 3,
};
/// One of `tiny_device_kind_e`.
typedef uint32_t tiny_device_kind_t;

/// The number of virtual CPU devices: "CPU:0" .. "CPU:63".
#define TINY_CPU_DEVICE_COUNT 64

/// Creates a runtime. The caller owns `*out_runtime` and destroys it with
/// `tiny_runtime_destroy`. Creating one loads no driver: GPU back ends are
/// loaded when a device of their kind is first asked for.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_runtime_create(tiny_runtime_t *out_runtime);

/// Destroys `runtime`: frees its buffers (their handles become invalid) and
/// its devices. Returns TINY_STATUS_INVALID_HANDLE for a runtime that is
/// not live (e.g. destroyed twice); NULL is a no-op.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_runtime_destroy(tiny_runtime_t runtime);

/// Sets the driver library that the back end of `kind` (CUDA or HIP) loads
/// with dlopen instead of its default ("libcuda.so.1", "libamdhip64.so").
/// Must come before the first `tiny_device_get` of that kind
/// (TINY_STATUS_FAILED_PRECONDITION after). `library` is copied.
TINY_API TINY_MUST_USE_RESULT tiny_status_t tiny_runtime_set_driver_library(
    tiny_runtime_t runtime, tiny_device_kind_t kind, const char *library);

/*===----------------------------------------------------------------------===*
 * Devices
 *===----------------------------------------------------------------------===*/

/// A device of a runtime. Owned by the runtime; valid until it is destroyed.
typedef struct tiny_device_s *tiny_device_t;

/// Finds the device named `name`: "KIND" or "KIND:N" with KIND one of CPU,
/// CUDA, HIP. As in tinygrad, "KIND" and "KIND:0" are the same device (the
/// same handle and counters). The same name always yields the same handle.
///
/// Errors: TINY_STATUS_NOT_FOUND for an unknown kind, a malformed name or an
/// index out of range (CPU:64 and up, a GPU index past the driver's device
/// count); TINY_STATUS_UNAVAILABLE with "device 'CUDA:0' not available:
/// <reason>" when the kind's driver library cannot be loaded or initialized.
TINY_API TINY_MUST_USE_RESULT tiny_status_t tiny_device_get(
    tiny_runtime_t runtime, const char *name, tiny_device_t *out_device);

/// The canonical name of `device` ("CPU", "CPU:1", "CUDA"); a string that
/// lives as long as the device.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_device_name(tiny_device_t device, const char **out_name);

/// The kind of `device`.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_device_kind(tiny_device_t device, tiny_device_kind_t *out_kind);

/// The index of `device` within its kind ("CPU" and "CPU:0" are 0).
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_device_index(tiny_device_t device, uint32_t *out_index);

/// No memory limit: the default.
#define TINY_DEVICE_UNLIMITED UINT64_MAX

/// A device's counters. All figures are in bytes of buffer contents (the
/// element count times the dtype size), not of allocator overhead.
typedef struct tiny_device_stats_t {
  /// Bytes in the device's live buffers.
  uint64_t bytes_allocated;
  /// The highest `bytes_allocated` since the device was created or its
  /// counters were last reset.
  uint64_t peak_bytes_allocated;
  /// Bytes written into the device's buffers by uploads and copies.
  uint64_t bytes_copied_in;
  /// Bytes read out of the device's buffers by downloads and copies.
  uint64_t bytes_copied_out;
  /// Buffers live on the device now.
  uint64_t live_buffers;
  /// Successful allocations since creation or the last reset.
  uint64_t allocations;
  /// Allocations refused by the memory limit, the host allocator or the
  /// back end since creation or the last reset. (Arguments rejected before
  /// the device is asked, such as an unknown dtype, do not count.)
  uint64_t failed_allocations;
  /// The limit set by `tiny_device_set_limit`; TINY_DEVICE_UNLIMITED if none.
  uint64_t memory_limit;
} tiny_device_stats_t;

/// Reads `device`'s counters. A copy from a device to itself counts its
/// bytes both in and out.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_device_stats(tiny_device_t device, tiny_device_stats_t *out_stats);

/// Resets `device`'s counters: bytes copied in and out, allocations and
/// failed allocations to 0, the peak to the current `bytes_allocated`. Live
/// buffers and the memory limit are unchanged.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_device_reset_stats(tiny_device_t device);

/// Caps the bytes that `device`'s live buffers may hold; allocations past it
/// fail with TINY_STATUS_OUT_OF_MEMORY. A limit below the current usage frees
/// nothing, it only refuses further allocations. TINY_DEVICE_UNLIMITED
/// removes the limit.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_device_set_limit(tiny_device_t device, uint64_t limit_bytes);

/*===----------------------------------------------------------------------===*
 * Buffers
 *===----------------------------------------------------------------------===*/

/// A buffer: `element_count` elements of a dtype on one device. An opaque,
/// checked token (see the file comment); NULL is never a buffer.
typedef struct tiny_buffer_s *tiny_buffer_t;

/// Allocates a zero-filled buffer of `element_count` elements of `dtype` on
/// `device`, holding one reference. Zero elements is allowed (0 bytes).
///
/// Errors: TINY_STATUS_INVALID_ARGUMENT for an unknown dtype or a byte size
/// that overflows; TINY_STATUS_OUT_OF_MEMORY past the device's limit or when
/// the host allocator or the GPU driver refuses the memory.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_buffer_allocate(tiny_device_t device, tiny_dtype_t dtype,
                     size_t element_count, tiny_buffer_t *out_buffer);

/// Adds a reference to `buffer`.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_buffer_retain(tiny_buffer_t buffer);

/// Drops a reference to `buffer`, freeing it (and invalidating its handle)
/// when it was the last. Releasing a freed buffer reports
/// TINY_STATUS_INVALID_HANDLE.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_buffer_release(tiny_buffer_t buffer);

/// The number of references to `buffer` (1 after allocation).
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_buffer_ref_count(tiny_buffer_t buffer, uint32_t *out_count);

/// The size of `buffer` in bytes: its element count times its dtype size.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_buffer_byte_size(tiny_buffer_t buffer, size_t *out_bytes);

/// The number of elements of `buffer`.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_buffer_element_count(tiny_buffer_t buffer, size_t *out_count);

/// The dtype of `buffer`.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_buffer_dtype(tiny_buffer_t buffer, tiny_dtype_t *out_dtype);

/// The device `buffer` lives on.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_buffer_device(tiny_buffer_t buffer, tiny_device_t *out_device);

/*===----------------------------------------------------------------------===*
 * Copies
 *===----------------------------------------------------------------------===*/

/// Copies `bytes` bytes from host memory at `data` into the whole of
/// `buffer`; `bytes` must equal its byte size (TINY_STATUS_INVALID_ARGUMENT
/// otherwise). Counts `bytes` copied in on the buffer's device.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_buffer_upload(tiny_buffer_t buffer, const void *data, size_t bytes);

/// Copies `bytes` bytes from host memory at `data` into `buffer` at byte
/// `offset`; TINY_STATUS_OUT_OF_RANGE if the range passes the buffer's end.
TINY_API TINY_MUST_USE_RESULT tiny_status_t tiny_buffer_upload_range(
    tiny_buffer_t buffer, size_t offset, const void *data, size_t bytes);

/// Copies the whole of `buffer` to host memory at `data`, which holds
/// `bytes` bytes; `bytes` must equal its byte size. Counts `bytes` copied
/// out on the buffer's device.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_buffer_download(tiny_buffer_t buffer, void *data, size_t bytes);

/// Copies `bytes` bytes of `buffer` from byte `offset` to host memory at
/// `data`; TINY_STATUS_OUT_OF_RANGE if the range passes the buffer's end.
TINY_API TINY_MUST_USE_RESULT tiny_status_t tiny_buffer_download_range(
    tiny_buffer_t buffer, size_t offset, void *data, size_t bytes);

/// Copies all of `src` into `dst`, on any two devices (the same one, or the
/// same buffer, included). Both must have the same dtype and element count
/// (TINY_STATUS_INVALID_ARGUMENT otherwise, with both buffers untouched).
/// Host-memory devices copy directly; others go through a peer path or,
/// without one, are staged through host memory. Counts the bytes copied out
/// on `src`'s device and copied in on `dst`'s device. (Only a GPU back end
/// failing part-way through a staged copy can leave `dst` partly written.)
TINY_API TINY_MUST_USE_RESULT tiny_status_t tiny_buffer_copy(tiny_buffer_t dst,
                                                             tiny_buffer_t src);

/// Copies `bytes` bytes from `src` at byte `src_offset` to `dst` at byte
/// `dst_offset`, regardless of dtypes (a byte copy, for views). Overlapping
/// ranges of one buffer copy as memmove does. TINY_STATUS_OUT_OF_RANGE if
/// either range passes its buffer's end.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_buffer_copy_range(tiny_buffer_t dst, size_t dst_offset, tiny_buffer_t src,
                       size_t src_offset, size_t bytes);

/*===----------------------------------------------------------------------===*
 * Kernel launch
 *===----------------------------------------------------------------------===*/

/// A compiled CPU kernel in the JIT's packed form: `args[i]` points to the
/// i-th argument, which for a buffer is a pointer to its data.
typedef void (*tiny_cpu_kernel_t)(void **args);

/// Calls `kernel` on `count` buffers, synchronously: argument i is a pointer
/// to a `void *` holding the data pointer of `buffers[i]`. All buffers must
/// be live and on CPU devices (TINY_STATUS_INVALID_ARGUMENT, naming the
/// buffer and its device, otherwise; the kernel is then not called). A
/// buffer may appear more than once. `buffers` may be NULL when `count` is 0.
TINY_API TINY_MUST_USE_RESULT tiny_status_t tiny_launch_cpu(
    tiny_cpu_kernel_t kernel, const tiny_buffer_t *buffers, size_t count);

/*===----------------------------------------------------------------------===*
 * GPU modules, kernel launch and events
 *
 * Work on a GPU device runs in order: a launch is queued behind the
 * device's earlier launches and copies, and uploads, downloads and copies
 * wait for the launches queued before them, so a download after a launch
 * sees the kernel's writes. `tiny_launch_gpu` returns once the kernel is
 * queued; a kernel that fails reports its error from the next call that
 * waits for it (`tiny_device_synchronize`, a download, ...). Freeing a GPU
 * buffer waits for the device's queued work first.
 *===----------------------------------------------------------------------===*/

/// Code loaded on one GPU device. A checked handle: using it after
/// `tiny_module_unload` (or after its runtime is destroyed) reports
/// TINY_STATUS_INVALID_HANDLE.
typedef struct tiny_module_s *tiny_module_t;

/// Loads a code object onto `device`, a CUDA or HIP device: for CUDA, PTX
/// text, a cubin or a fatbin; for HIP, an HSACO code object. `image` holds
/// `bytes` bytes; PTX needs no terminating NUL. The caller owns
/// `*out_module` and unloads it with `tiny_module_unload`; destroying the
/// runtime unloads the modules still loaded on its devices.
///
/// Errors: TINY_STATUS_INVALID_ARGUMENT for a device that is not a GPU, an
/// empty image, or an image the driver rejects (the message carries the
/// driver's error and, for PTX, its compiler log).
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_module_load(tiny_device_t device, const void *image, size_t bytes,
                 tiny_module_t *out_module);

/// Unloads `module`; its handle becomes invalid. A kernel of it that is
/// still running finishes first.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_module_unload(tiny_module_t module);

/// The device `module` was loaded on.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_module_device(tiny_module_t module, tiny_device_t *out_device);

/// Kinds of kernel arguments. The values are stable.
enum tiny_kernel_arg_kind_e {
  /// A buffer, passed as the device address of its first byte (a bare
  /// pointer, as MLIR's bare-pointer calling convention expects).
  TINY_KERNEL_ARG_BUFFER = 1,
  TINY_KERNEL_ARG_I32 = 2,
  TINY_KERNEL_ARG_I64 = 3,
  TINY_KERNEL_ARG_F32 = 4,
  TINY_KERNEL_ARG_F64 = 5,
};
/// One of `tiny_kernel_arg_kind_e`.
typedef uint32_t tiny_kernel_arg_kind_t;

/// One kernel argument: `kind` says which member of `value` it is.
typedef struct tiny_kernel_arg_t {
  tiny_kernel_arg_kind_t kind;
  union {
    tiny_buffer_t buffer;
    int32_t i32;
    int64_t i64;
    float f32;
    double f64;
  } value;
} tiny_kernel_arg_t;

/// The shape of a launch: `grid` blocks of `block` threads each, in x, y
/// and z (every entry at least 1), and the bytes of dynamic shared memory
/// each block gets.
typedef struct tiny_launch_dims_t {
  uint32_t grid[3];
  uint32_t block[3];
  uint32_t shared_memory_bytes;
} tiny_launch_dims_t;

/// Queues the kernel named `kernel` of `module` on the module's device with
/// the `count` arguments `args`, in order. Every buffer argument must be a
/// live buffer on that device. `args` may be NULL when `count` is 0.
///
/// Errors, all reported before anything is queued: TINY_STATUS_NOT_FOUND
/// for a kernel the module lacks; TINY_STATUS_INVALID_ARGUMENT for a zero
/// grid or block entry, an unknown argument kind, a buffer on another
/// device (naming the argument), or a launch the driver refuses (too many
/// threads per block, too much shared memory).
TINY_API TINY_MUST_USE_RESULT tiny_status_t tiny_launch_gpu(
    tiny_module_t module, const char *kernel, const tiny_launch_dims_t *dims,
    const tiny_kernel_arg_t *args, size_t count);

/// Waits until the work queued on `device` is done and returns the error of
/// a kernel that failed. A no-op for CPU devices, whose work is synchronous.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_device_synchronize(tiny_device_t device);

/// A point in a GPU device's queue, for timing it. A checked handle, like a
/// module.
typedef struct tiny_event_s *tiny_event_t;

/// Creates an event on `device`, a CUDA or HIP device. The caller owns
/// `*out_event` and destroys it with `tiny_event_destroy`; destroying the
/// runtime destroys the events left on its devices.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_event_create(tiny_device_t device, tiny_event_t *out_event);

/// Destroys `event`; its handle becomes invalid.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_event_destroy(tiny_event_t event);

/// Queues `event` on its device: it completes when the work queued before
/// it is done.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_event_record(tiny_event_t event);

/// Waits until `event`'s last recording has completed.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_event_synchronize(tiny_event_t event);

/// The milliseconds between two completed recordings on one device, as the
/// driver measures them. Errors: TINY_STATUS_INVALID_ARGUMENT for events of
/// two devices; the driver's error for an event never recorded or not yet
/// complete.
TINY_API TINY_MUST_USE_RESULT tiny_status_t tiny_event_elapsed_ms(
    tiny_event_t start, tiny_event_t end, float *out_milliseconds);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TINY_RUNTIME_H */
