//===- KernelWork.h - static work estimates of kernels ----------*- C++ -*-===//
//
// What a kernel costs, counted from its IR as tinygrad counts it: the FLOPs
// (arithmetic ops times the constant bounds of the ranges around them) and
// the bytes of the buffers it touches. -tiny-outline-kernels writes them on
// each kernel function (for tiny-run --profile); the JIT keeps them for the
// launches a program makes (tinygrad's GlobalCounters).
//
//===----------------------------------------------------------------------===//

#ifndef TINY_DIALECTS_TINY_UTILS_KERNELWORK_H
#define TINY_DIALECTS_TINY_UTILS_KERNELWORK_H

#include "dialects/tiny/IR/TinyKernelOps.h"

namespace mlir::tiny {

/// A kernel's static cost; each figure saturates at INT64_MAX.
struct KernelWork {
  /// Arithmetic ops of the arith and math dialects on values that are not
  /// indices (no constants, no casts), each times the constant bounds of
  /// the ranges around it and its vector lanes.
  int64_t flops = 0;
  /// The bytes of each buffer the kernel loads, stores or adds into, once,
  /// whole.
  int64_t bytes = 0;
};

/// The static estimate of `kernel`'s work.
KernelWork estimateKernelWork(k::KernelOp kernel);

} // namespace mlir::tiny

#endif // TINY_DIALECTS_TINY_UTILS_KERNELWORK_H
