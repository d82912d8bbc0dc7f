/*===- HostCalls.h - the calls compiled host code makes ----------*- C -*-===*\
|*                                                                            *|
|* A compiled program's host function cannot copy between devices, launch a   *|
|* GPU kernel or run a user's host function by itself: it calls back into the *|
|* process that runs it through these entry points. The lowering (conversions/ *|
|* TinyToRuntime, conversions/GpuLaunchToRuntime) declares and calls them by  *|
|* the names below; the JIT (jit/HostSchedule, jit/HostFunctions) defines     *|
|* them and resolves the names to them. Every parameter is an int64_t, so the *|
|* lowering's declaration follows from each prototype's parameter count.     *|
|*                                                                            *|
|* One global is data rather than a call: TINY_HOST_RANK.                     *|
|*                                                                            *|
|* A call reports failure by recording it with the run it belongs to; it has  *|
|* no return value, and the calls after a failure do nothing.                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TINY_HOSTCALLS_H
#define TINY_HOSTCALLS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Copies `bytes` from the program argument `src`, at byte `src_offset`, to
/// argument `dst` at `dst_offset`, through the runtime (between devices or
/// within one).
#define TINY_HOST_COPY "tiny_host_copy"
void tiny_host_copy(int64_t dst, int64_t dst_offset, int64_t src,
                    int64_t src_offset, int64_t bytes);

/// Queues GPU launch number `launch` of the program (its kernel and buffer
/// arguments are in the program's launch table) with these dimensions and
/// bytes of dynamic shared memory.
#define TINY_HOST_LAUNCH "tiny_host_launch"
void tiny_host_launch(int64_t launch, int64_t grid_x, int64_t grid_y,
                      int64_t grid_z, int64_t block_x, int64_t block_y,
                      int64_t block_z, int64_t shared_bytes);

/// Runs the host function whose NUL-terminated name is at address `name` on
/// `num_inputs` inputs then `num_outputs` outputs. `descriptors` is the
/// address of an array of int64_t words describing each buffer in turn: its
/// data address, its dtype (a tiny_dtype_t), its rank, then its shape.
#define TINY_HOST_CALL_FUNCTION "tiny_host_call_function"
void tiny_host_call_function(int64_t name, int64_t num_inputs,
                             int64_t num_outputs, int64_t descriptors);

/// Profiling (tiny-run --profile, -tiny-profile-kernels): called right
/// before a kernel function runs, to take its start time on this thread.
#define TINY_HOST_KERNEL_BEGIN "tiny_host_kernel_begin"
void tiny_host_kernel_begin(void);

/// Called right after the kernel function whose NUL-terminated name is at
/// address `name` returns: records one launch of it, timed from this
/// thread's last tiny_host_kernel_begin, with the static estimates of its
/// work, `flops` and `bytes` (see -tiny-outline-kernels).
#define TINY_HOST_KERNEL_END "tiny_host_kernel_end"
void tiny_host_kernel_end(int64_t name, int64_t flops, int64_t bytes);

/// A compiled program whose devices live on several MPI ranks reads this
/// process's rank from the global of this name, an int64_t the JIT defines
/// and sets before each run (-tiny-guard-kernels-by-rank reads it to run
/// only the kernels of the rank's own devices).
#define TINY_HOST_RANK "tiny_host_rank"

#ifdef __cplusplus
}
#endif

#endif /* TINY_HOSTCALLS_H */
