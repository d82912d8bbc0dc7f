/*===- Compiler.h - Compile and run tiny programs from C ----------*- C -*-===*\
|*                                                                            *|
|* Compiles a tensor-level `tiny.function` (IR text or bytecode) for the     *|
|* host with the JIT, describes its inputs and outputs, and runs it on host  *|
|* buffers. Builds on the runtime's C API (tiny/runtime.h): the same         *|
|* `tiny_status_t` errors, dtypes and conventions.                           *|
|*                                                                            *|
|* - Errors. Every call that can fail returns a `tiny_status_t` (NULL on     *|
|*   success) the caller frees with `tiny_status_free`. A program that does  *|
|*   not parse, verify or lower fails with TINY_STATUS_INVALID_ARGUMENT and  *|
|*   a message holding every MLIR diagnostic, with its location             *|
|*   ("prog.mlir:4:8: error: ..."). Nothing aborts the process on bad IR or  *|
|*   bad arguments.                                                          *|
|* - Ownership. `tiny_program_compile` returns a program the caller releases *|
|*   with `tiny_program_release`. Compiled code is cached by the program's   *|
|*   content for the life of the process: compiling the same text twice     *|
|*   costs one lookup. A program saved as an artifact                        *|
|*   (`tiny_program_save_artifact`, or the tool tiny-compile) is loaded by   *|
|*   `tiny_program_load_artifact` with no compilation.                       *|
|* - Thread safety. A program may be run from several threads at once on    *|
|*   distinct buffers.                                                      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TINY_C_COMPILER_H
#define TINY_C_COMPILER_H

#include "tiny/runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A compiled program.
typedef struct tiny_program_s *tiny_program_t;

/// The most dimensions a `tiny_tensor_info_t` describes.
#define TINY_MAX_RANK 16

/// One input or output of a program.
typedef struct tiny_tensor_info_t {
  /// For an input, its param slot; for an output, its index.
  int64_t slot;
  tiny_dtype_t dtype;
  /// The logical shape (an input's is its flat storage: `{size}`, or `{}`
  /// for a scalar param).
  int64_t rank;
  int64_t shape[TINY_MAX_RANK];
  int64_t num_elements;
  /// The number of bytes of its host buffer: num_elements times the dtype's
  /// size.
  size_t num_bytes;
  /// The device it lives on ("CPU", "CPU:1", "CUDA:0"); a static string that
  /// lives as long as the program.
  const char *device;
} tiny_tensor_info_t;

/// Compiles `entry`, a `tiny.function` of the module in `source` (MLIR text
/// or bytecode of `length` bytes; `name` labels it in diagnostics, e.g. a
/// file name, or NULL). A NULL `entry` picks the module's only function.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_program_compile(const char *source, size_t length, const char *name,
                     const char *entry, tiny_program_t *out_program);

/// Choices of `tiny_program_compile_with_options`; a zeroed struct asks for
/// what `tiny_program_compile` does.
typedef struct tiny_compile_options_t {
  /// The beam width of the kernel search: each CPU kernel's schedule is the
  /// fastest of candidates compiled and timed on this machine (the
  /// heuristic's unless another is 5% faster), kept in a cache
  /// ($TINY_BEAM_CACHE_DIR, else $TINY_CACHE_DIR/beam, else
  /// ~/.cache/tiny/beam) that later compilations read instead of timing.
  /// 0 keeps the heuristic's schedules; at most 64.
  uint32_t beam;
  /// Options of -tiny-cpu-schedule for the CPU kernels, as a pass pipeline
  /// spells them ("pack=off hoist-threads=true"); NULL or "" keeps its
  /// defaults. Not with a beam, which chooses them.
  const char *cpu_schedule;
} tiny_compile_options_t;

/// `tiny_program_compile` with `options` (NULL: the defaults). A beam
/// width above 64, schedule options the pass does not take, and schedule
/// options with a beam are TINY_STATUS_INVALID_ARGUMENT.
TINY_API TINY_MUST_USE_RESULT tiny_status_t tiny_program_compile_with_options(
    const char *source, size_t length, const char *name, const char *entry,
    const tiny_compile_options_t *options, tiny_program_t *out_program);

/// Loads a program compiled before from the artifact file `path`, which
/// tiny-compile or `tiny_program_save_artifact` wrote: its machine code is
/// linked, nothing is compiled. An artifact runs only with the tiny and
/// LLVM that wrote it, on a CPU with the features of the one it was
/// compiled on. Errors: TINY_STATUS_NOT_FOUND for a file that cannot be
/// read; TINY_STATUS_INVALID_ARGUMENT, with one line saying why, for a file
/// that is not an artifact, a truncated or damaged one, or one compiled
/// elsewhere ("prog.tiny was built for LLVM 21.1.0, this is LLVM 22.1.0").
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_program_load_artifact(const char *path, tiny_program_t *out_program);

/// Writes `program` to the file `path` as an artifact, replacing it whole
/// (a reader never sees a part). Errors: TINY_STATUS_INVALID_ARGUMENT for a
/// NULL argument; TINY_STATUS_UNAVAILABLE for a file that cannot be
/// written.
TINY_API TINY_MUST_USE_RESULT tiny_status_t
tiny_program_save_artifact(tiny_program_t program, const char *path);

/// Releases `program`; NULL is a no-op.
TINY_API void tiny_program_release(tiny_program_t program);

/// The number of inputs (one per declared param slot, in slot order) and
/// of outputs (one per returned tensor).
TINY_API size_t tiny_program_num_inputs(tiny_program_t program);
TINY_API size_t tiny_program_num_outputs(tiny_program_t program);

/// Describes input or output `index`. TINY_STATUS_OUT_OF_RANGE past the
/// last one.
TINY_API TINY_MUST_USE_RESULT tiny_status_t tiny_program_input_info(
    tiny_program_t program, size_t index, tiny_tensor_info_t *out_info);
TINY_API TINY_MUST_USE_RESULT tiny_status_t tiny_program_output_info(
    tiny_program_t program, size_t index, tiny_tensor_info_t *out_info);

/// Runs `program` on host buffers: `inputs[i]` holds `input_bytes[i]` bytes
/// of input i and `outputs[j]` receives `output_bytes[j]` bytes of output j;
/// each count must be the tensor's `num_bytes` (a buffer of 0 bytes may be
/// NULL). An input may be written to when the program stores into its
/// param. Programs on several devices run through a runtime made for the
/// call. Errors: TINY_STATUS_INVALID_ARGUMENT for a wrong count of buffers
/// or of bytes, a NULL buffer; the runtime's errors for a failed run.
TINY_API TINY_MUST_USE_RESULT tiny_status_t tiny_program_run(
    tiny_program_t program, void *const *inputs, const size_t *input_bytes,
    size_t num_inputs, void *const *outputs, const size_t *output_bytes,
    size_t num_outputs);

/// Runs `program` in place on buffers of `runtime`: `inputs[i]` is input i
/// and `outputs[j]` receives output j, each a buffer the caller allocated
/// (`tiny_buffer_allocate`) on the tensor's device with its dtype and
/// element count. Nothing is copied to or from host memory: the program's
/// kernels read and write these buffers, and its copies between devices go
/// through `runtime`, whose counters see them. A buffer may appear only
/// once among the inputs and outputs. The caller keeps its references.
/// Errors: TINY_STATUS_INVALID_ARGUMENT for a wrong count of buffers, a
/// NULL or repeated buffer, one on another device or with another dtype or
/// element count; TINY_STATUS_INVALID_HANDLE for a released buffer; the
/// runtime's errors for a failed run.
TINY_API TINY_MUST_USE_RESULT tiny_status_t tiny_program_run_buffers(
    tiny_program_t program, tiny_runtime_t runtime,
    const tiny_buffer_t *inputs, size_t num_inputs,
    const tiny_buffer_t *outputs, size_t num_outputs);

/// One launch a program makes when it runs, with its static cost (the
/// estimates `tiny-run --profile` prints): a kernel, with its FLOPs and the
/// bytes of the buffers it touches (`name` is tinygrad's, which two kernels
/// may share), or a copy between devices (`is_copy`,
/// `name` empty, `flops` 0) of `bytes` bytes. `name` lives as long as the
/// program.
typedef struct tiny_launch_info_t {
  int is_copy;
  const char *name;
  int64_t flops;
  int64_t bytes;
} tiny_launch_info_t;

/// The number of launches (kernels and copies between devices) one run of
/// `program` makes, or -1 when that is unknown: a program loaded from an
/// artifact or the disk cache keeps no IR to count them in.
TINY_API int64_t tiny_program_num_launches(tiny_program_t program);

/// Describes launch `index`, in the order a run makes them.
/// TINY_STATUS_OUT_OF_RANGE past the last one (or when they are unknown).
TINY_API TINY_MUST_USE_RESULT tiny_status_t tiny_program_launch_info(
    tiny_program_t program, size_t index, tiny_launch_info_t *out_info);

/// The number of programs compiled so far in this process (not served from
/// the cache).
TINY_API size_t tiny_program_num_compilations(void);

#ifdef __cplusplus
}
#endif

#endif /* TINY_C_COMPILER_H */
