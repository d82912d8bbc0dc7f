//===- TinyToGPU.cpp - kernels to gpu.launch ------------------------------===//
//
// Each tiny.k.kernel becomes a gpu.launch:
// - GLOBAL ranges become block ids and LOCAL ranges thread ids (the
//   innermost of a nest along x); the launch is as large as the longest
//   range of each dimension, shorter ranges guard their bodies. A kernel
//   that names no grid gets one from its nest of output ranges.
// - special ids become the matching gpu ids and size the launch too.
// - a GROUP_REDUCE range is shared by the threads of a block: each thread
//   reduces a strided part, the parts meet in workgroup memory and are
//   combined as a tree, with barriers between the steps.
// - buffers in the LOCAL address space become workgroup memory; the
//   barriers between the threads' accesses to it are
//   -tiny-gpu-insert-barriers' (WorkgroupHazards.h).
// Inner ranges stay ranges for -convert-tiny-to-scf. Buffers the function
// allocates move to device memory (gpu.alloc).
//
//===----------------------------------------------------------------------===//

#include "conversions/Passes.h"
#include "conversions/TinyToGPU/Launch.h"

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/KernelDevice.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_CONVERTTINYTOGPU
#include "conversions/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;
using namespace mlir::tiny::tinytogpu;

namespace {

//===----------------------------------------------------------------------===//
// Lowering: the launch, its ids, its guards
//===----------------------------------------------------------------------===//

/// The range's body in place for its block or thread id, guarded when the
/// launch has more ids along the dimension than the range has iterations.
void lowerGridRange(IRRewriter &rewriter, LaunchLowering &lowering,
                    RangeOp range, unsigned dim) {
  bool local = range.getAxis() == AxisType::Local;
  Value id = local ? lowering.threadId(dim) : lowering.blockId(dim);
  int64_t size = local ? lowering.plan.threads[dim] : lowering.plan.blocks[dim];
  if (*getConstantIntValue(range.getBound()) == size)
    return inlineRange(rewriter, range, id);
  Location loc = range.getLoc();
  rewriter.setInsertionPoint(range);
  Value inBounds = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::ult, id, range.getBound());
  auto guard = scf::IfOp::create(rewriter, loc, inBounds,
                                 /*withElseRegion=*/false);
  rewriter.moveOpBefore(range, guard.thenBlock()->getTerminator());
  rewriter.setInsertionPoint(range);
  inlineRange(rewriter, range, id);
}

/// gpu.block_id / gpu.thread_id for a special, or the global index they
/// make. The block size is the constant, not gpu.block_dim: AMD targets
/// read the latter through a device library call.
Value lowerSpecial(IRRewriter &rewriter, LaunchLowering &lowering,
                   SpecialOp special) {
  auto [kind, dim] = parseSpecial(special);
  if (kind == "gidx")
    return lowering.blockId(dim);
  if (kind == "lidx")
    return lowering.threadId(dim);
  Location loc = special.getLoc();
  Value base = arith::MulIOp::create(
      rewriter, loc, lowering.blockId(dim),
      createIndex(rewriter, loc, lowering.plan.threads[dim]));
  return arith::AddIOp::create(rewriter, loc, base, lowering.threadId(dim));
}

/// Threads past the bound of a global id skip the whole kernel.
void guardGlobalIds(IRRewriter &rewriter, LaunchLowering &lowering) {
  Block &body = lowering.body();
  Location loc = lowering.launch.getLoc();
  rewriter.setInsertionPointToStart(&body);
  Value inBounds;
  for (unsigned dim = 0; dim < kGridDims; ++dim) {
    auto special = llvm::find_if(lowering.plan.specials, [&](SpecialOp op) {
      return parseSpecial(op).first == "idx" && parseSpecial(op).second == dim;
    });
    if (special == lowering.plan.specials.end())
      continue;
    int64_t bound = *getConstantIntValue(special->getBound());
    int64_t threads = lowering.plan.threads[dim];
    if (bound % threads == 0)
      continue;
    Value index = arith::AddIOp::create(
        rewriter, loc,
        arith::MulIOp::create(rewriter, loc, lowering.blockId(dim),
                              createIndex(rewriter, loc, threads)),
        lowering.threadId(dim));
    Value below =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, index,
                              createIndex(rewriter, loc, bound));
    inBounds =
        inBounds
            ? arith::AndIOp::create(rewriter, loc, inBounds, below).getResult()
            : below;
  }
  if (!inBounds)
    return;
  auto guard = scf::IfOp::create(rewriter, loc, inBounds,
                                 /*withElseRegion=*/false);
  Operation *end = guard.thenBlock()->getTerminator();
  for (Operation &op : llvm::make_early_inc_range(llvm::make_range(
           std::next(Block::iterator(guard)), std::prev(body.end()))))
    rewriter.moveOpBefore(&op, end);
}
//===----------------------------------------------------------------------===//
// The kernel
//===----------------------------------------------------------------------===//

/// Replaces `kernel` by a gpu.launch, in the steps the file header lists.
LogicalResult lowerKernel(IRRewriter &rewriter, KernelOp kernel,
                          int64_t blockSize) {
  FailureOr<LaunchPlan> plan = planLaunch(rewriter, kernel, blockSize);
  if (failed(plan))
    return failure();
  Location loc = kernel.getLoc();
  rewriter.setInsertionPoint(kernel);
  auto size = [&](int64_t n) { return createIndex(rewriter, loc, n); };
  LaunchLowering lowering;
  lowering.plan = *plan;
  lowering.launch = gpu::LaunchOp::create(
      rewriter, loc, size(plan->blocks[0]), size(plan->blocks[1]),
      size(plan->blocks[2]), size(plan->threads[0]), size(plan->threads[1]),
      size(plan->threads[2]));
  // Outlining names the gpu.func (and its gpu.module) after the kernel, as
  // tinygrad names kernels (E_4_4, r_16_40_1): profilers and launch errors
  // then say which kernel ran. Modules of equal names are numbered.
  lowering.launch.setFunctionAttr(
      FlatSymbolRefAttr::get(rewriter.getContext(), kernel.getName()));
  Block &body = lowering.body();
  rewriter.setInsertionPointToStart(&body);
  auto terminator = gpu::TerminatorOp::create(rewriter, loc);
  rewriter.inlineBlockBefore(&kernel.getBody().front(), terminator);
  rewriter.eraseOp(kernel);

  for (auto [range, dim] : plan->gridRanges)
    lowerGridRange(rewriter, lowering, range, dim);
  for (SpecialOp special : plan->specials) {
    rewriter.setInsertionPoint(special);
    rewriter.replaceOp(special, lowerSpecial(rewriter, lowering, special));
  }
  guardGlobalIds(rewriter, lowering);
  if (!plan->groupReduces.empty()) {
    gateWritesToFirstThread(rewriter, lowering);
    for (RangeOp range : plan->groupReduces)
      if (failed(lowerGroupReduce(rewriter, lowering, range)))
        return failure();
  }
  SmallVector<BarrierOp> barriers;
  body.walk([&](BarrierOp barrier) { barriers.push_back(barrier); });
  for (BarrierOp barrier : barriers) {
    rewriter.setInsertionPoint(barrier);
    rewriter.replaceOpWithNewOp<gpu::BarrierOp>(barrier);
  }
  return lowerLocalBuffers(rewriter, lowering);
}

struct ConvertTinyToGPUPass
    : public tiny::impl::ConvertTinyToGPUBase<ConvertTinyToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    if (blockSize < 1) {
      root->emitError("block-size must be positive, got ")
          << blockSize.getValue();
      return signalPassFailure();
    }
    IRRewriter rewriter(&getContext());
    SmallVector<KernelOp> kernels;
    root->walk([&](KernelOp kernel) {
      if (!gpuKernelsOnly || isGpuKernel(kernel))
        kernels.push_back(kernel);
    });
    for (KernelOp kernel : kernels)
      if (failed(lowerKernel(rewriter, kernel, blockSize)))
        return signalPassFailure();
    // Host kernels use the function's allocations in place.
    if (gpuKernelsOnly)
      return;

    // The function's own buffers move to device memory.
    root->walk([&](Operation *op) {
      rewriter.setInsertionPoint(op);
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        if (alloc->getParentOfType<gpu::LaunchOp>() ||
            alloc.getType().getMemorySpace())
          return;
        auto device = gpu::AllocOp::create(
            rewriter, alloc.getLoc(), alloc.getType(), /*asyncToken=*/Type(),
            /*asyncDependencies=*/ValueRange(), alloc.getDynamicSizes(),
            alloc.getSymbolOperands(), /*hostShared=*/false);
        rewriter.replaceOp(alloc, device.getMemref());
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        if (dealloc->getParentOfType<gpu::LaunchOp>() ||
            dealloc.getMemref().getType().getMemorySpace())
          return;
        gpu::DeallocOp::create(rewriter, dealloc.getLoc(),
                               /*asyncToken=*/Type(), ValueRange(),
                               dealloc.getMemref());
        rewriter.eraseOp(dealloc);
      }
    });
  }
};

} // namespace
