//===- TreeReduction.cpp - GROUP_REDUCE as a tree in workgroup memory -----===//
//
// A GROUP_REDUCE range is shared by the threads of a block, one iteration
// each (its bound is their number, chosen by -tiny-gpu-schedule): each
// thread's part starts from the combining op's identity, the parts meet in
// workgroup memory and are combined as a tree, with barriers between the
// steps.
//
//===----------------------------------------------------------------------===//

#include "conversions/TinyToGPU/Launch.h"

#include "dialects/tiny/Utils/ReductionCombiner.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tiny;

namespace mlir::tiny::tinytogpu {

//===----------------------------------------------------------------------===//
// GROUP_REDUCE
//===----------------------------------------------------------------------===//

MemRefType getWorkgroupType(MLIRContext *context, ArrayRef<int64_t> shape,
                            Type element) {
  auto space =
      gpu::AddressSpaceAttr::get(context, gpu::AddressSpace::Workgroup);
  return MemRefType::get(shape, element, MemRefLayoutAttrInterface(), space);
}

/// Whether an enclosing loop of the launch may run `op` again.
static bool isInLoop(Operation *op, gpu::LaunchOp launch) {
  for (Operation *parent = op->getParentOp(); parent != launch;
       parent = parent->getParentOp())
    if (isa<k::RangeOp, scf::ForOp>(parent))
      return true;
  return false;
}

/// Whether `store` writes a LOCAL buffer.
static bool isLocalStore(k::StoreOp store) {
  return cast<PtrType>(store.getPtr().getType()).getAddrSpace() ==
         AddrSpace::Local;
}

/// Outside the parts of its GROUP_REDUCEs, every thread of a block computes
/// the same values: only the first one stores them.
void gateWritesToFirstThread(RewriterBase &rewriter, LaunchLowering &lowering) {
  Location loc = lowering.launch.getLoc();
  rewriter.setInsertionPointToStart(&lowering.body());
  Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                      lowering.threadId(0),
                                      createIndex(rewriter, loc, 0));
  SmallVector<Operation *> writes;
  lowering.body().walk([&](Operation *op) {
    if (isa<k::StoreOp, k::AtomicAddOp>(op))
      writes.push_back(op);
  });
  for (Operation *op : writes) {
    rewriter.setInsertionPoint(op);
    auto store = dyn_cast<k::StoreOp>(op);
    if (store && !isLocalStore(store)) {
      Value gate =
          store.getGate()
              ? arith::AndIOp::create(rewriter, loc, store.getGate(), first)
                    .getResult()
              : first;
      rewriter.modifyOpInPlace(store,
                               [&] { store.getGateMutable().assign(gate); });
      continue;
    }
    auto guard = scf::IfOp::create(rewriter, op->getLoc(), first,
                                   /*withElseRegion=*/false);
    rewriter.moveOpBefore(op, guard.thenBlock()->getTerminator());
  }
}

/// Checks that the threads of a block can share `range`: each carried value
/// has a combiner (appended to `combiners`) and the body only reads.
static LogicalResult checkGroupReduce(k::RangeOp range,
                                      SmallVectorImpl<Operation *> &combiners) {
  for (unsigned i = 0, e = range.getInitArgs().size(); i < e; ++i) {
    Operation *combiner = getReductionCombiner(range, i);
    if (!combiner)
      return range.emitOpError("carried value ")
             << i
             << " is not folded by one associative, commutative arith op "
                "(add, mul, max, min, and, or, xor), which a GROUP_REDUCE "
                "needs to combine the threads' parts";
    if (!getCombinerIdentity(combiner, range.getInitArgs()[i].getType()))
      return range.emitOpError("carried value ")
             << i << " of type " << range.getInitArgs()[i].getType()
             << " has no identity for " << combiner->getName();
    combiners.push_back(combiner);
  }
  if (combiners.empty())
    return range.emitOpError("carries nothing to reduce");
  WalkResult written = range.getBody().walk([](Operation *op) {
    if (isa<k::StoreOp, k::AtomicAddOp, k::BarrierOp>(op))
      return WalkResult(op->emitOpError(
          "in a GROUP_REDUCE would run in any order on the block's threads; "
          "a GROUP_REDUCE body may only read"));
    auto nested = dyn_cast<k::RangeOp>(op);
    if (nested && nested.getAxis() == AxisType::GroupReduce)
      return WalkResult(nested.emitOpError("is nested in a GROUP_REDUCE"));
    return WalkResult::advance();
  });
  return failure(written.wasInterrupted());
}

/// %r = group_reduce %g < G iter_args(%acc = %init) { body } becomes
///   %part = body(%g = %tid, %acc = identity)
///   smem[%tid] = %part; barrier
///   for s = G/2 .. 1: if %tid < s { smem[%tid] op= smem[%tid + s] }; barrier
///   %r = %init op smem[0]
/// The barriers are the tree's own, placed here rather than left to
/// -tiny-gpu-insert-barriers: the parts and steps are this lowering's, and
/// it is correct alone, whatever runs after it. (That pass finds them
/// enough and adds none.)
LogicalResult lowerGroupReduce(RewriterBase &rewriter, LaunchLowering &lowering,
                               k::RangeOp range) {
  SmallVector<Operation *> combiners;
  if (failed(checkGroupReduce(range, combiners)))
    return failure();
  Location loc = range.getLoc();
  int64_t groupSize = lowering.plan.groupSize;
  Value tid = lowering.threadId(0);
  rewriter.setInsertionPoint(range);
  SmallVector<Value> identities;
  for (auto [combiner, init] : llvm::zip(combiners, range.getInitArgs()))
    identities.push_back(arith::ConstantOp::create(
        rewriter, loc, getCombinerIdentity(combiner, init.getType())));
  // Each thread runs the body once, as its iteration of the range.
  Block &body = range.getBody().front();
  Operation *end = body.getTerminator();
  SmallVector<Value> parts(end->getOperands());
  SmallVector<Value> arguments{tid};
  llvm::append_range(arguments, identities);
  rewriter.inlineBlockBefore(&body, range, arguments);
  rewriter.eraseOp(end);

  rewriter.setInsertionPoint(range);
  SmallVector<Value> partials;
  for (auto [part, init] : llvm::zip(parts, range.getInitArgs())) {
    Value buffer = lowering.launch.addWorkgroupAttribution(
        getWorkgroupType(rewriter.getContext(), {groupSize}, init.getType()),
        loc);
    memref::StoreOp::create(rewriter, loc, part, buffer, tid);
    partials.push_back(buffer);
  }
  gpu::BarrierOp::create(rewriter, loc);
  for (int64_t stride = groupSize / 2; stride >= 1; stride /= 2) {
    Value strideValue = createIndex(rewriter, loc, stride);
    Value active = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ult, tid, strideValue);
    auto step = scf::IfOp::create(rewriter, loc, active,
                                  /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(step.thenBlock()->getTerminator());
      Value other = arith::AddIOp::create(rewriter, loc, tid, strideValue);
      for (auto [buffer, combiner] : llvm::zip(partials, combiners)) {
        Value mine = memref::LoadOp::create(rewriter, loc, buffer, tid);
        Value theirs = memref::LoadOp::create(rewriter, loc, buffer, other);
        memref::StoreOp::create(
            rewriter, loc, createCombine(rewriter, loc, combiner, mine, theirs),
            buffer, tid);
      }
    }
    gpu::BarrierOp::create(rewriter, loc);
  }
  SmallVector<Value> results;
  Value zero = createIndex(rewriter, loc, 0);
  for (auto [buffer, combiner, init] :
       llvm::zip(partials, combiners, range.getInitArgs())) {
    Value total = memref::LoadOp::create(rewriter, loc, buffer, zero);
    results.push_back(createCombine(rewriter, loc, combiner, init, total));
  }
  // Run again, the reduction would overwrite the parts before every thread
  // has read the total.
  if (isInLoop(range, lowering.launch))
    gpu::BarrierOp::create(rewriter, loc);
  rewriter.replaceOp(range, results);
  return success();
}

} // namespace mlir::tiny::tinytogpu
