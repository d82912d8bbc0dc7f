//===- TinyToGPU.cpp - kernels to gpu.launch -------------------------------===//
//
// Each tiny.k.kernel becomes a gpu.launch. Its outermost output range is the
// GLOBAL axis: it is split into blocks of LOCAL threads, each thread taking
// one index (guarded when the bound is not a multiple of the block). The
// inner ranges stay ranges inside the launch, for -convert-tiny-to-scf.
// Buffers the function allocates move to device memory (gpu.alloc);
// special ids and barriers become their gpu ops.
//
//===----------------------------------------------------------------------===//

#include "conversions/Passes.h"

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_CONVERTTINYTOGPU
#include "conversions/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The range a kernel's threads split: the first range of its body when
/// that range carries nothing.
RangeOp getGlobalRange(KernelOp kernel) {
  for (Operation &op : kernel.getBody().front())
    if (auto range = dyn_cast<RangeOp>(op))
      return range.getInits().empty() ? range : RangeOp();
  return {};
}

LogicalResult lowerKernel(IRRewriter &rewriter, KernelOp kernel,
                          int64_t blockSize) {
  Location loc = kernel.getLoc();
  RangeOp global = getGlobalRange(kernel);
  rewriter.setInsertionPoint(kernel);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value threads = one, blocks = one;
  std::optional<int64_t> bound;
  if (global) {
    IntegerAttr boundAttr;
    if (auto constant = global.getBound().getDefiningOp<arith::ConstantOp>())
      boundAttr = dyn_cast<IntegerAttr>(constant.getValue());
    if (!boundAttr)
      return global.emitOpError("needs a constant bound to become a grid");
    bound = boundAttr.getInt();
    int64_t perBlock = std::min(*bound, blockSize);
    threads = arith::ConstantIndexOp::create(rewriter, loc, perBlock);
    blocks = arith::ConstantIndexOp::create(rewriter, loc,
                                            (*bound + perBlock - 1) / perBlock);
  }
  // Values the kernel defines before its range (constants) stay outside.
  auto launch = gpu::LaunchOp::create(rewriter, loc, blocks, one, one, threads,
                                      one, one);
  Block &body = launch.getBody().front();
  rewriter.setInsertionPointToStart(&body);
  auto terminator = gpu::TerminatorOp::create(rewriter, loc);

  Block &kernelBody = kernel.getBody().front();
  if (!global) {
    rewriter.inlineBlockBefore(&kernelBody, terminator);
    rewriter.eraseOp(kernel);
    return success();
  }
  // Everything in the kernel but the global range runs once per thread
  // too: it is constants and index math, which is cheap.
  // The block size is the constant, not gpu.block_dim: AMD targets read the
  // latter through a device library call.
  rewriter.setInsertionPoint(terminator);
  Value index = arith::AddIOp::create(
      rewriter, loc,
      arith::MulIOp::create(rewriter, loc, launch.getBlockIds().x, threads),
      launch.getThreadIds().x);
  Value inBounds = arith::CmpIOp::create(rewriter, loc,
                                         arith::CmpIPredicate::ult, index,
                                         global.getBound());
  auto guard = scf::IfOp::create(rewriter, loc, inBounds, /*withElse=*/false);
  Block &rangeBody = global.getBody().front();
  rewriter.eraseOp(rangeBody.getTerminator());
  rewriter.inlineBlockBefore(&rangeBody,
                             guard.getThenRegion().front().getTerminator(),
                             ValueRange{index});
  rewriter.eraseOp(global);
  // The kernel's own ops (index constants) go first in the launch body.
  rewriter.inlineBlockBefore(&kernelBody, &body, body.begin());
  rewriter.eraseOp(kernel);
  return success();
}

/// gpu.block_id / gpu.thread_id / their global combination for `special`.
Value lowerSpecial(IRRewriter &rewriter, SpecialOp special) {
  StringRef name = special.getName();
  auto dim = static_cast<gpu::Dimension>(name.back() - '0');
  Location loc = special.getLoc();
  if (name.starts_with("gidx"))
    return gpu::BlockIdOp::create(rewriter, loc, dim);
  if (name.starts_with("lidx"))
    return gpu::ThreadIdOp::create(rewriter, loc, dim);
  return gpu::GlobalIdOp::create(rewriter, loc, dim);
}

struct ConvertTinyToGPUPass
    : public tiny::impl::ConvertTinyToGPUBase<ConvertTinyToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    IRRewriter rewriter(&getContext());
    SmallVector<KernelOp> kernels;
    root->walk([&](KernelOp kernel) { kernels.push_back(kernel); });
    for (KernelOp kernel : kernels)
      if (failed(lowerKernel(rewriter, kernel, blockSize)))
        return signalPassFailure();

    root->walk([&](Operation *op) {
      rewriter.setInsertionPoint(op);
      if (auto special = dyn_cast<SpecialOp>(op)) {
        rewriter.replaceOp(special, lowerSpecial(rewriter, special));
      } else if (isa<BarrierOp>(op)) {
        gpu::BarrierOp::create(rewriter, op->getLoc());
        rewriter.eraseOp(op);
      } else if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        if (alloc->getParentOfType<gpu::LaunchOp>())
          return;
        auto device = gpu::AllocOp::create(
            rewriter, alloc.getLoc(), alloc.getType(), /*asyncToken=*/Type(),
            /*asyncDependencies=*/ValueRange(), alloc.getDynamicSizes(),
            alloc.getSymbolOperands(), /*hostShared=*/false);
        rewriter.replaceOp(alloc, device.getMemref());
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        if (dealloc->getParentOfType<gpu::LaunchOp>())
          return;
        gpu::DeallocOp::create(rewriter, dealloc.getLoc(), /*asyncToken=*/Type(),
                               ValueRange(), dealloc.getMemref());
        rewriter.eraseOp(dealloc);
      }
    });
  }
};

} // namespace
