//===- TinyToGPU.cpp - kernels to gpu.launch ------------------------------===//
//
// Each tiny.k.kernel becomes a gpu.launch:
// - GLOBAL ranges become block ids and LOCAL ranges thread ids (the
//   innermost of a nest along x); the launch is as large as the longest
//   range of each dimension, shorter ranges guard their bodies. The
//   AxisTypes are -tiny-gpu-schedule's: this conversion reads them and
//   reports a kernel that carries none.
// - special ids become the matching gpu ids and size the launch too.
// - a GROUP_REDUCE range is shared by the threads of a block: each thread
//   reduces a strided part, the parts meet in workgroup memory and are
//   combined as a tree, with barriers between the steps.
// - buffers in the LOCAL address space become workgroup memory, their
//   accesses memref ops (by -convert-tiny-to-scf's memory patterns); the
//   barriers between the threads' accesses to it are
//   -tiny-gpu-insert-barriers' (WorkgroupHazards.h).
// - tiny.k.barrier becomes gpu.barrier.
// Inner ranges stay ranges for -convert-tiny-to-scf. Buffers the function
// allocates move to device memory (gpu.alloc).
//
// A dialect conversion: the kernel's pattern builds the launch from the plan
// of the whole kernel (its grid, GROUP_REDUCE and LOCAL buffers); special
// ids, barriers and the accesses to workgroup memory then have patterns of
// their own, which read the launch they are in.
//
//===----------------------------------------------------------------------===//

#include "conversions/TinyToGPU/TinyToGPU.h"

#include "conversions/Passes.h"
#include "conversions/TinyToGPU/Launch.h"
#include "conversions/TinyToSCF/TinyToSCF.h"

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "dialects/tiny/Utils/KernelDevice.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Transforms/DialectConversion.h"

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
void lowerGridRange(RewriterBase &rewriter, LaunchLowering &lowering,
                    k::RangeOp range, unsigned dim) {
  bool local = range.getAxis() == AxisType::Local;
  Value id = local ? lowering.threadId(dim) : lowering.blockId(dim);
  int64_t size = local ? lowering.plan.threads[dim] : lowering.plan.blocks[dim];
  if (*getConstantIntValue(range.getBound()) == size)
    return range.inlineAt(rewriter, id);
  Location loc = range.getLoc();
  rewriter.setInsertionPoint(range);
  Value inBounds = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::ult, id, range.getBound());
  auto guard = scf::IfOp::create(rewriter, loc, inBounds,
                                 /*withElseRegion=*/false);
  rewriter.moveOpBefore(range, guard.thenBlock()->getTerminator());
  rewriter.setInsertionPoint(range);
  range.inlineAt(rewriter, id);
}

/// gpu.block_id / gpu.thread_id for a special of `launch`, or the global
/// index they make. The block size is the constant, not gpu.block_dim: AMD
/// targets read the latter through a device library call.
Value lowerSpecial(RewriterBase &rewriter, gpu::LaunchOp launch,
                   k::SpecialOp special) {
  auto [kind, dim] = parseSpecial(special);
  if (kind == "gidx")
    return getBlockId(launch, dim);
  if (kind == "lidx")
    return getThreadId(launch, dim);
  Location loc = special.getLoc();
  gpu::KernelDim3 sizes = launch.getBlockSizeOperandValues();
  Value size = std::array<Value, kGridDims>{sizes.x, sizes.y, sizes.z}[dim];
  if (std::optional<int64_t> threads = getConstantIntValue(size))
    size = createIndex(rewriter, loc, *threads);
  Value base =
      arith::MulIOp::create(rewriter, loc, getBlockId(launch, dim), size);
  return arith::AddIOp::create(rewriter, loc, base, getThreadId(launch, dim));
}

/// Threads past the bound of a global id skip the whole kernel.
void guardGlobalIds(RewriterBase &rewriter, LaunchLowering &lowering) {
  Block &body = lowering.body();
  Location loc = lowering.launch.getLoc();
  rewriter.setInsertionPointToStart(&body);
  Value inBounds;
  for (unsigned dim = 0; dim < kGridDims; ++dim) {
    auto special = llvm::find_if(lowering.plan.specials, [&](k::SpecialOp op) {
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

/// Replaces `kernel` by a gpu.launch, in the steps the file header lists;
/// special ids, barriers and the accesses to workgroup memory are left to
/// their own patterns.
LogicalResult lowerKernel(RewriterBase &rewriter, k::KernelOp kernel,
                          int64_t blockSize) {
  FailureOr<LaunchPlan> plan = planLaunch(kernel, blockSize);
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
  guardGlobalIds(rewriter, lowering);
  if (!plan->groupReduces.empty()) {
    gateWritesToFirstThread(rewriter, lowering);
    for (k::RangeOp range : plan->groupReduces)
      if (failed(lowerGroupReduce(rewriter, lowering, range)))
        return failure();
  }
  return lowerLocalBuffers(rewriter, lowering);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// tiny.k.kernel -> gpu.launch.
struct KernelOpLowering : public OpConversionPattern<k::KernelOp> {
  KernelOpLowering(MLIRContext *context, int64_t blockSize)
      : OpConversionPattern(context), blockSize(blockSize) {}

  LogicalResult
  matchAndRewrite(k::KernelOp kernel, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerKernel(rewriter, kernel, blockSize);
  }

  int64_t blockSize;
};

/// tiny.k.special -> the id of the launch it is in.
struct SpecialOpLowering : public OpConversionPattern<k::SpecialOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(k::SpecialOp special, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto launch = special->getParentOfType<gpu::LaunchOp>();
    if (!launch)
      return special.emitOpError(
          "is outside a tiny.k.kernel, so no launch gives it an id");
    rewriter.replaceOp(special, lowerSpecial(rewriter, launch, special));
    return success();
  }
};

/// tiny.k.barrier -> gpu.barrier.
struct BarrierOpLowering : public OpConversionPattern<k::BarrierOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(k::BarrierOp barrier, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!barrier->getParentOfType<gpu::LaunchOp>())
      return barrier.emitOpError(
          "is outside a tiny.k.kernel, so it has no threads to wait for");
    rewriter.replaceOpWithNewOp<gpu::BarrierOp>(barrier);
    return success();
  }
};

/// memref.alloc -> gpu.alloc.
struct AllocOpLowering : public OpConversionPattern<memref::AllocOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(memref::AllocOp alloc, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto device = gpu::AllocOp::create(
        rewriter, alloc.getLoc(), alloc.getType(), /*asyncToken=*/Type(),
        /*asyncDependencies=*/ValueRange(), adaptor.getDynamicSizes(),
        adaptor.getSymbolOperands(), /*hostShared=*/false);
    rewriter.replaceOp(alloc, device.getMemref());
    return success();
  }
};

/// memref.dealloc -> gpu.dealloc.
struct DeallocOpLowering : public OpConversionPattern<memref::DeallocOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(memref::DeallocOp dealloc, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    gpu::DeallocOp::create(rewriter, dealloc.getLoc(), /*asyncToken=*/Type(),
                           /*asyncDependencies=*/ValueRange(),
                           adaptor.getMemref());
    rewriter.eraseOp(dealloc);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Legality
//===----------------------------------------------------------------------===//

/// Whether `op` is in a kernel the conversion leaves for the CPU: the ones
/// it launches are gone before their ops are legalized.
bool isInCPUKernel(Operation *op) {
  return op->getParentOfType<k::KernelOp>() != nullptr;
}

/// Whether `op` is in a gpu.launch.
bool isInLaunch(Operation *op) {
  return op->getParentOfType<gpu::LaunchOp>() != nullptr;
}

/// Whether `op` accesses a LOCAL buffer in a launch, where the kernel's
/// pattern has made the buffer workgroup memory.
template <typename OpTy>
bool accessesWorkgroupMemory(OpTy op) {
  return cast<PtrType>(op.getPtr().getType()).getAddrSpace() ==
             AddrSpace::Local &&
         isInLaunch(op);
}

/// Whether `memRefType` is in the default memory space (the host's own
/// buffers are).
bool isDefaultMemory(Type memRefType) {
  return !cast<BaseMemRefType>(memRefType).getMemorySpace();
}

} // namespace

void mlir::tiny::populateTinyToGPUPatterns(RewritePatternSet &patterns,
                                           int64_t blockSize) {
  MLIRContext *context = patterns.getContext();
  patterns.add<KernelOpLowering>(context, blockSize);
  patterns.add<SpecialOpLowering, BarrierOpLowering>(context);
  populateTinyMemoryToMemRefPatterns(patterns);
}

void mlir::tiny::populateHostBuffersToGPUPatterns(RewritePatternSet &patterns) {
  patterns.add<AllocOpLowering, DeallocOpLowering>(patterns.getContext());
}

void mlir::tiny::configureTinyToGPUTarget(ConversionTarget &target,
                                          bool gpuKernelsOnly) {
  target.addLegalDialect<arith::ArithDialect, gpu::GPUDialect,
                         memref::MemRefDialect, scf::SCFDialect>();
  target.addDynamicallyLegalOp<k::KernelOp>(
      [gpuKernelsOnly](k::KernelOp kernel) {
        return gpuKernelsOnly && !isGpuKernel(kernel);
      });
  target.addDynamicallyLegalOp<k::SpecialOp, k::BarrierOp>(isInCPUKernel);
  target.addDynamicallyLegalOp<k::IndexOp>([](k::IndexOp index) {
    auto space = dyn_cast_or_null<AddrSpaceAttr>(
        cast<MemRefType>(index.getBuffer().getType()).getMemorySpace());
    return !space || space.getValue() != AddrSpace::Local || !isInLaunch(index);
  });
  target.addDynamicallyLegalOp<k::LoadOp>(
      [](k::LoadOp op) { return !accessesWorkgroupMemory(op); });
  target.addDynamicallyLegalOp<k::StoreOp>(
      [](k::StoreOp op) { return !accessesWorkgroupMemory(op); });
  target.addDynamicallyLegalOp<k::AtomicAddOp>(
      [](k::AtomicAddOp op) { return !accessesWorkgroupMemory(op); });
}

void mlir::tiny::configureHostBuffersToGPUTarget(ConversionTarget &target) {
  target.addDynamicallyLegalOp<memref::AllocOp>([](memref::AllocOp alloc) {
    return !isDefaultMemory(alloc.getType()) || isInLaunch(alloc);
  });
  target.addDynamicallyLegalOp<memref::DeallocOp>(
      [](memref::DeallocOp dealloc) {
        return !isDefaultMemory(dealloc.getMemref().getType()) ||
               isInLaunch(dealloc);
      });
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {

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
    ConversionTarget target(getContext());
    configureTinyToGPUTarget(target, gpuKernelsOnly);
    RewritePatternSet patterns(&getContext());
    populateTinyToGPUPatterns(patterns, blockSize);
    // Host kernels use the function's allocations in place.
    if (!gpuKernelsOnly) {
      configureHostBuffersToGPUTarget(target);
      populateHostBuffersToGPUPatterns(patterns);
    }
    // Leave the ops the patterns do not touch exactly as they are.
    ConversionConfig config;
    config.foldingMode = DialectConversionFoldingMode::Never;
    if (failed(
            applyPartialConversion(root, target, std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace
