//===- TinyToSCF.cpp - kernel-level tiny to scf and memref -----------------===//
//
// Kernel-level ops are structured control flow and memory accesses already;
// each maps to one upstream op, so this is a direct rewrite in one walk
// rather than a dialect conversion with type conversion (the only tiny type
// here, !tiny.ptr, disappears with the k.index that defines it).
//
//===----------------------------------------------------------------------===//

#include "conversions/Passes.h"

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_CONVERTTINYTOSCF
#include "conversions/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// The buffer and indices a pointer addresses.
FailureOr<KIndexOp> getAddress(Operation *user, Value ptr) {
  auto index = ptr.getDefiningOp<KIndexOp>();
  if (!index)
    return user->emitOpError("needs a pointer made by tiny.k.index");
  return index;
}

/// Runs `body` under `gate` when there is one.
template <typename BodyFn>
void buildGated(IRRewriter &rewriter, Location loc, Value gate, BodyFn body) {
  if (!gate) {
    body();
    return;
  }
  auto ifOp = scf::IfOp::create(rewriter, loc, gate, /*withElse=*/false);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
  body();
}

LogicalResult lowerLoad(IRRewriter &rewriter, KLoadOp load) {
  FailureOr<KIndexOp> address = getAddress(load, load.getPtr());
  if (failed(address))
    return failure();
  Location loc = load.getLoc();
  rewriter.setInsertionPoint(load);
  if (!load.getGate()) {
    rewriter.replaceOpWithNewOp<memref::LoadOp>(load, address->getBuffer(),
                                                address->getIndices());
    return success();
  }
  auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{load.getType()},
                                load.getGate(), /*withElseRegion=*/true);
  rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
  Value loaded = memref::LoadOp::create(rewriter, loc, address->getBuffer(),
                                        address->getIndices());
  scf::YieldOp::create(rewriter, loc, loaded);
  rewriter.setInsertionPointToStart(&ifOp.getElseRegion().front());
  scf::YieldOp::create(rewriter, loc, load.getAlt());
  rewriter.replaceOp(load, ifOp.getResults());
  return success();
}

LogicalResult lowerStore(IRRewriter &rewriter, KStoreOp store) {
  FailureOr<KIndexOp> address = getAddress(store, store.getPtr());
  if (failed(address))
    return failure();
  rewriter.setInsertionPoint(store);
  buildGated(rewriter, store.getLoc(), store.getGate(), [&] {
    memref::StoreOp::create(rewriter, store.getLoc(), store.getValue(),
                            address->getBuffer(), address->getIndices());
  });
  rewriter.eraseOp(store);
  return success();
}

LogicalResult lowerAtomicAdd(IRRewriter &rewriter, AtomicAddOp atomic) {
  FailureOr<KIndexOp> address = getAddress(atomic, atomic.getPtr());
  if (failed(address))
    return failure();
  rewriter.setInsertionPoint(atomic);
  auto kind = isa<FloatType>(atomic.getValue().getType())
                  ? arith::AtomicRMWKind::addf
                  : arith::AtomicRMWKind::addi;
  memref::AtomicRMWOp::create(rewriter, atomic.getLoc(), kind,
                              atomic.getValue(), address->getBuffer(),
                              address->getIndices());
  rewriter.eraseOp(atomic);
  return success();
}

/// A THREAD range that carries nothing: its iterations are independent.
void lowerThreadRange(IRRewriter &rewriter, RangeOp range, Value zero,
                      Value one) {
  auto loop = scf::ParallelOp::create(rewriter, range.getLoc(),
                                      ValueRange{zero},
                                      ValueRange{range.getBound()},
                                      ValueRange{one});
  Block &rangeBody = range.getBody().front();
  rewriter.eraseOp(rangeBody.getTerminator());
  rewriter.inlineBlockBefore(&rangeBody, loop.getBody()->getTerminator(),
                             loop.getInductionVars());
  rewriter.eraseOp(range);
}

void lowerRange(IRRewriter &rewriter, RangeOp range) {
  Location loc = range.getLoc();
  rewriter.setInsertionPoint(range);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  if (range.getAxis() == AxisType::Thread && range.getInitArgs().empty())
    return lowerThreadRange(rewriter, range, zero, one);
  auto loop = scf::ForOp::create(rewriter, loc, zero, range.getBound(), one,
                                 range.getInitArgs());
  Block *loopBody = loop.getBody();
  if (!loopBody->empty())
    rewriter.eraseOp(loopBody->getTerminator());
  Block &rangeBody = range.getBody().front();
  auto end = cast<EndOp>(rangeBody.getTerminator());
  rewriter.setInsertionPoint(end);
  rewriter.replaceOpWithNewOp<scf::YieldOp>(end, end.getValues());
  rewriter.mergeBlocks(&rangeBody, loopBody, loopBody->getArguments());
  rewriter.replaceOp(range, loop.getResults());
}

struct ConvertTinyToSCFPass
    : public tiny::impl::ConvertTinyToSCFBase<ConvertTinyToSCFPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    WalkResult unsupported = root->walk([](Operation *op) -> WalkResult {
      if (isa<SpecialOp, BarrierOp, WmmaOp>(op))
        return op->emitOpError("is a GPU operation with no CPU lowering");
      if (isa<CustomOp>(op))
        return op->emitOpError("holds target source code, which the CPU "
                               "lowering cannot compile");
      if (isa<KCustomFunctionOp>(op))
        return op->emitOpError("calls a host function, which only the "
                               "runtime can: run -convert-tiny-to-runtime "
                               "first");
      return WalkResult::advance();
    });
    if (unsupported.wasInterrupted())
      return signalPassFailure();

    IRRewriter rewriter(&getContext());
    SmallVector<Operation *> memoryOps;
    SmallVector<RangeOp> ranges;
    SmallVector<KernelOp> kernels;
    root->walk([&](Operation *op) {
      if (isa<KLoadOp, KStoreOp, AtomicAddOp>(op))
        memoryOps.push_back(op);
      else if (auto range = dyn_cast<RangeOp>(op))
        ranges.push_back(range);
      else if (auto kernel = dyn_cast<KernelOp>(op))
        kernels.push_back(kernel);
    });

    for (Operation *op : memoryOps) {
      LogicalResult lowered = success();
      if (auto load = dyn_cast<KLoadOp>(op))
        lowered = lowerLoad(rewriter, load);
      else if (auto store = dyn_cast<KStoreOp>(op))
        lowered = lowerStore(rewriter, store);
      else
        lowered = lowerAtomicAdd(rewriter, cast<AtomicAddOp>(op));
      if (failed(lowered))
        return signalPassFailure();
    }
    WalkResult leftover = root->walk([&](KIndexOp index) -> WalkResult {
      if (!index->use_empty())
        return index.emitOpError("pointer is used by an op other than a "
                                 "tiny.k.load, tiny.k.store or "
                                 "tiny.k.atomic_add");
      rewriter.eraseOp(index);
      return WalkResult::advance();
    });
    if (leftover.wasInterrupted())
      return signalPassFailure();

    for (RangeOp range : ranges)
      lowerRange(rewriter, range);
    for (KernelOp kernel : kernels) {
      rewriter.inlineBlockBefore(&kernel.getBody().front(), kernel);
      rewriter.eraseOp(kernel);
    }
  }
};

} // namespace
