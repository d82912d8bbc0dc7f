//===- Launch.h - the gpu.launch a tiny kernel becomes ----------*- C++ -*-===//
//
// Internal to -convert-tiny-to-gpu: the plan of a kernel's launch
// (LaunchPlan.cpp), the lowering of its GROUP_REDUCE ranges
// (TreeReduction.cpp) and of its LOCAL buffers (WorkgroupBuffers.cpp), which
// TinyToGPU.cpp puts together.
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

/// Inlines `range`'s body in its place, for index `index`.
void inlineRange(IRRewriter &rewriter, RangeOp range, Value index);

/// The dimension a special names and whether it is a block, thread or
/// global id.
std::pair<StringRef, unsigned> parseSpecial(SpecialOp special);

/// What a launch needs: its size, and what reads each id.
struct LaunchPlan {
  std::array<int64_t, kGridDims> blocks = {1, 1, 1};
  std::array<int64_t, kGridDims> threads = {1, 1, 1};
  /// Each GLOBAL or LOCAL range, outer ranges first, and its dimension.
  SmallVector<std::pair<RangeOp, unsigned>> gridRanges;
  SmallVector<SpecialOp> specials;
  SmallVector<RangeOp> groupReduces;
  /// Threads (along x) that share each GROUP_REDUCE; 0 without one.
  int64_t groupSize = 0;
};

/// Plans the launch of `kernel` with blocks of `blockSize` threads, first
/// giving a kernel that names no grid one from its output ranges; reports
/// (as an op's error) and fails for a kernel that cannot be launched.
FailureOr<LaunchPlan> planLaunch(IRRewriter &rewriter, KernelOp kernel,
                                 int64_t blockSize);

/// The state of the launch being built.
struct LaunchLowering {
  gpu::LaunchOp launch;
  LaunchPlan plan;

  Value threadId(unsigned dim) {
    return std::array<Value, 3>{launch.getThreadIds().x,
                                launch.getThreadIds().y,
                                launch.getThreadIds().z}[dim];
  }
  Value blockId(unsigned dim) {
    return std::array<Value, 3>{launch.getBlockIds().x, launch.getBlockIds().y,
                                launch.getBlockIds().z}[dim];
  }
  Block &body() { return launch.getBody().front(); }
};

/// A memref of `shape` and `element` in workgroup memory.
MemRefType getWorkgroupType(MLIRContext *context, ArrayRef<int64_t> shape,
                            Type element);

/// Outside the parts of its GROUP_REDUCEs, every thread of a block computes
/// the same values: only the first one stores them.
void gateWritesToFirstThread(IRRewriter &rewriter, LaunchLowering &lowering);

/// %r = group_reduce %i < %n iter_args(%acc = %init) { ... } becomes
///   %part = scf.for %i = %tid to %n step %G iter_args(%acc = identity)
///   smem[%tid] = %part; barrier
///   for s = G/2 .. 1: if %tid < s { smem[%tid] op= smem[%tid + s] }; barrier
///   %r = %init op smem[0]
/// The barriers are the tree's own, placed here rather than left to
/// -tiny-gpu-insert-barriers: the parts and steps are this lowering's, and
/// it is correct alone, whatever runs after it. (That pass finds them
/// enough and adds none.)
LogicalResult lowerGroupReduce(IRRewriter &rewriter, LaunchLowering &lowering,
                               RangeOp range);

/// Moves the LOCAL buffers the launch addresses into its workgroup memory.
LogicalResult lowerLocalBuffers(IRRewriter &rewriter, LaunchLowering &lowering);

} // namespace mlir::tiny::tinytogpu

#endif // TINY_CONVERSIONS_TINYTOGPU_LAUNCH_H
