/*===- HostFunctionABI.h - the C ABI of host functions ------------*- C -*-===*
 *
 * What a `tiny.custom_function "name"` calls when its program runs: a host
 * function, registered under that name (jit/HostFunctions.h from C++, or a
 * shared library that `tiny-run --host-functions=lib.so` loads). Plain C,
 * so a library of host functions needs no MLIR or LLVM.
 *
 * The function runs on the thread that runs the program, after the kernels
 * that compute its inputs and before those that read its outputs. It gets
 * one buffer per argument of the custom_function (inputs) and one per
 * result (outputs): flat, row-major, contiguous and in host memory, with
 * the dtype and the shape of the tensor it holds. It reads its inputs and
 * never writes them; it writes every element of its outputs, whose contents
 * are unspecified before the call. It returns 0, or, on failure, writes a
 * NUL-terminated message of at most `error_size` bytes into `error` and
 * returns nonzero: the program's run then fails with that message (the
 * program finishes its kernels first, on whatever the outputs hold).
 *
 *===----------------------------------------------------------------------===*/

#ifndef TINY_JIT_HOSTFUNCTIONABI_H
#define TINY_JIT_HOSTFUNCTIONABI_H

#include "tiny/runtime.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One tensor a host function reads or writes. A bool takes one byte (0 or
/// 1); a scalar has rank 0 and one element; an empty tensor may have a null
/// `data`.
typedef struct tiny_host_buffer_t {
  void *data;
  tiny_dtype_t dtype;
  int64_t rank;
  /// `rank` sizes.
  const int64_t *shape;
  /// The product of the sizes.
  int64_t num_elements;
} tiny_host_buffer_t;

/// A host function: see the file comment. `user_data` is the pointer given
/// when it was registered.
typedef int (*tiny_host_function_t)(const tiny_host_buffer_t *inputs,
                                    size_t num_inputs,
                                    const tiny_host_buffer_t *outputs,
                                    size_t num_outputs, void *user_data,
                                    char *error, size_t error_size);

/// Registers `function` under `name` (a NUL-terminated string, copied),
/// replacing a function registered under that name before.
typedef void (*tiny_host_function_registrar_t)(const char *name,
                                               tiny_host_function_t function,
                                               void *user_data);

/// The entry point a shared library of host functions exports under the
/// name TINY_REGISTER_HOST_FUNCTIONS: it registers each of its functions
/// with `registrar`.
typedef void (*tiny_register_host_functions_t)(
    tiny_host_function_registrar_t registrar);
#define TINY_REGISTER_HOST_FUNCTIONS "tiny_register_host_functions"

#ifdef __cplusplus
}
#endif

#endif /* TINY_JIT_HOSTFUNCTIONABI_H */
