//===- Launch.h - the gpu.launch a tiny kernel becomes ----------*- C++ -*-===//
//
// Internal to -convert-tiny-to-gpu: the plan of a kernel's launch
// (LaunchPlan.cpp), the lowering of its GROUP_REDUCE ranges
// (TreeReduction.cpp) and of its LOCAL buffers (WorkgroupBuffers.cpp), which
// the kernel's conversion pattern (TinyToGPU.cpp) puts together. Each takes
// the pattern's rewriter, so that the conversion can undo what it did.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_CONVERSIONS_TINYTOGPU_LAUNCH_H
#define TINY_CONVERSIONS_TINYTOGPU_LAUNCH_H

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/PatternMatch.h"

#include <array>

namespace mlir::tiny::tinytogpu {

/// GPUs have three grid dimensions, x y z.
constexpr unsigned kGridDims = 3;

/// Whether `axis` is a grid axis: GLOBAL (blocks) or LOCAL (threads).
bool isGridAxis(AxisType axis);

/// An index constant.
Value createIndex(OpBuilder &builder, Location loc, int64_t value);

/// The dimension a special names and whether it is a block, thread or
/// global id.
std::pair<StringRef, unsigned> parseSpecial(k::SpecialOp special);

/// What a launch needs: its size, and what reads each id.
struct LaunchPlan {
  std::array<int64_t, kGridDims> blocks = {1, 1, 1};
  std::array<int64_t, kGridDims> threads = {1, 1, 1};
  /// Each GLOBAL or LOCAL range, outer ranges first, and its dimension.
  SmallVector<std::pair<k::RangeOp, unsigned>> gridRanges;
  SmallVector<k::SpecialOp> specials;
  SmallVector<k::RangeOp> groupReduces;
  /// Threads (along x) that share each GROUP_REDUCE; 0 without one.
  int64_t groupSize = 0;
};

/// Plans the launch of `kernel` from the AxisTypes of its ranges and its
/// special ids: `blockSize` threads per block for a global id, as many as a
/// GROUP_REDUCE's bound for it. Reports (as an op's error) and fails for a
/// kernel that cannot be launched, or that carries no GPU schedule at all
/// (-tiny-gpu-schedule gives it one).
FailureOr<LaunchPlan> planLaunch(k::KernelOp kernel, int64_t blockSize);

/// The thread (block) id of `launch` along `dim`.
Value getThreadId(gpu::LaunchOp launch, unsigned dim);
Value getBlockId(gpu::LaunchOp launch, unsigned dim);

/// The state of the launch being built.
struct LaunchLowering {
  gpu::LaunchOp launch;
  LaunchPlan plan;

  Value threadId(unsigned dim) { return getThreadId(launch, dim); }
  Value blockId(unsigned dim) { return getBlockId(launch, dim); }
  Block &body() { return launch.getBody().front(); }
};

/// A memref of `shape` and `element` in workgroup memory.
MemRefType getWorkgroupType(MLIRContext *context, ArrayRef<int64_t> shape,
                            Type element);

/// Outside the parts of its GROUP_REDUCEs, every thread of a block computes
/// the same values: only the first one stores them. A store to a LOCAL
/// buffer moves under an `scf.if` (as an atomic does) rather than taking the
/// gate as an operand: modified in place, the conversion would lower it at
/// once, before the `tiny.k.index` it stores through.
void gateWritesToFirstThread(RewriterBase &rewriter, LaunchLowering &lowering);

/// %r = group_reduce %i < %n iter_args(%acc = %init) { ... } becomes
///   %part = scf.for %i = %tid to %n step %G iter_args(%acc = identity)
///   smem[%tid] = %part; barrier
///   for s = G/2 .. 1: if %tid < s { smem[%tid] op= smem[%tid + s] }; barrier
///   %r = %init op smem[0]
/// The barriers are the tree's own, placed here rather than left to
/// -tiny-gpu-insert-barriers: the parts and steps are this lowering's, and
/// it is correct alone, whatever runs after it. (That pass finds them
/// enough and adds none.)
LogicalResult lowerGroupReduce(RewriterBase &rewriter, LaunchLowering &lowering,
                               k::RangeOp range);

/// Moves the LOCAL buffers the launch addresses into its workgroup memory:
/// each buffer is replaced by a workgroup attribution of the launch, its
/// deallocations are erased. The accesses through `tiny.k.index` stay, for
/// the memory patterns of populateTinyMemoryToMemRefPatterns, which then
/// read the workgroup buffer from their adaptors.
LogicalResult lowerLocalBuffers(RewriterBase &rewriter,
                                LaunchLowering &lowering);

} // namespace mlir::tiny::tinytogpu

#endif // TINY_CONVERSIONS_TINYTOGPU_LAUNCH_H
