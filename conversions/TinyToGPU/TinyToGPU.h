//===- TinyToGPU.h - kernel-level tiny to gpu.launch ------------*- C++ -*-===//
//
// The patterns of -convert-tiny-to-gpu, for passes that launch tiny kernels
// on GPUs together with other conversions.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_CONVERSIONS_TINYTOGPU_TINYTOGPU_H
#define TINY_CONVERSIONS_TINYTOGPU_TINYTOGPU_H

#include <cstdint>

namespace mlir {
class ConversionTarget;
class RewritePatternSet;

namespace tiny {

/// Adds the patterns that launch kernel-level tiny kernels on a GPU:
/// `tiny.k.kernel` becomes a `gpu.launch` (its grid and GROUP_REDUCE ranges
/// become block and thread ids and a tree in workgroup memory, blocks of
/// `blockSize` threads where the kernel does not size them; its LOCAL
/// buffers become workgroup buffers), `tiny.k.special` a block or thread
/// id, `tiny.k.barrier` a `gpu.barrier`, and the accesses to workgroup
/// buffers `memref` ops, by the patterns of
/// populateTinyMemoryToMemRefPatterns. Why a kernel cannot be launched, or
/// why an id or barrier has no launch, is reported as the op's error.
void populateTinyToGPUPatterns(RewritePatternSet &patterns, int64_t blockSize);

/// Adds the patterns that move the buffers a host function allocates
/// (`memref.alloc` and `memref.dealloc` outside `gpu.launch` regions, in the
/// default memory space) to device memory: `gpu.alloc` and `gpu.dealloc`.
void populateHostBuffersToGPUPatterns(RewritePatternSet &patterns);

/// Marks illegal `tiny.k.kernel` (with `gpuKernelsOnly`, only a kernel that
/// names a CUDA or HIP device), `tiny.k.special` and `tiny.k.barrier`
/// outside the kernels left for the CPU, and the accesses to LOCAL buffers
/// in a `gpu.launch`; arith, gpu, memref and scf, which the patterns
/// produce, legal. Inner ranges and the accesses to other buffers stay
/// (for -convert-tiny-to-scf).
void configureTinyToGPUTarget(ConversionTarget &target, bool gpuKernelsOnly);

/// Marks the buffers populateHostBuffersToGPUPatterns moves illegal.
void configureHostBuffersToGPUTarget(ConversionTarget &target);

} // namespace tiny
} // namespace mlir

#endif // TINY_CONVERSIONS_TINYTOGPU_TINYTOGPU_H
