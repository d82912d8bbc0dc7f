//===- GpuKernels.h - a program's kernels compiled for GPUs -----*- C++ -*-===//
//
// A host schedule whose kernels run on GPU devices launches them through
// `tiny_host_launch(id, grid, block, shared)` (-convert-gpu-launch-to-runtime).
// What the call does not carry, the code objects and, by launch id, the
// kernel and the argument positions of its buffers, is taken out of the
// compiled module into this table, which the JIT keeps with the machine code
// of the host function.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_JIT_GPUKERNELS_H
#define TINY_JIT_GPUKERNELS_H

#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace mlir {
namespace tiny {

/// The GPU code of one program.
struct GpuKernels {
  /// One launch of the host schedule, by its `tiny_host_launch` id.
  struct Launch {
    /// The code object holding the kernel (an index into `images`).
    unsigned image;
    /// The kernel's name in it.
    std::string kernel;
    /// The program argument each kernel argument is, in order.
    SmallVector<unsigned> arguments;
  };
  /// Code objects as the driver loads them: PTX text for CUDA, a code object
  /// for HIP.
  SmallVector<std::string> images;
  SmallVector<Launch> launches;
};

/// Moves the gpu.binary objects and the `tiny.gpu_launches` table of
/// `module` (after -convert-gpu-launch-to-runtime) into a GpuKernels,
/// leaving the module with host code only. Fails, with a diagnostic, on a
/// binary that is not one object, or a launch naming no binary.
FailureOr<GpuKernels> takeGpuKernels(ModuleOp module);

} // namespace tiny
} // namespace mlir

#endif // TINY_JIT_GPUKERNELS_H
