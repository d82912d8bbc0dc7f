//===- RemoveViews.cpp - views off the kernel graph (-tiny-remove-views) --===//
//
// Rangeify writes a `tiny.store` into the buffer of its target and reads an
// `after` or an `mstack` as the storage it holds, so none of them may sit on
// a view. Reading a view of storage needs nothing: it is index arithmetic in
// the reading kernel. These patterns move every view off the kernel graph:
//   - store(view(x), v) with a bijective view (reshape, permute, flip,
//     bitcast) -> store(x, inverse view of v)
//   - store(shrink(x), v), a slice assignment, -> store(x, where(mask,
//     pad(v), x)), mask being the shrink's region; the new value reads the
//     target only at the element it writes, so rangeify writes it in place
//     with one kernel over the whole target, not only the slice
//   - store(after(x, deps), v) -> store(x, v) when v reads the after and
//     x is no view: v's own dependence orders the store after deps
//   - after(view(x), deps) -> view(after(x, deps))
//   - view(mstack(a, b, ...)) -> mstack(view(a), view(b), ...): an mstack's
//     operands have its shape, so every view applies per device
// A pad or an expand (one that changes its shape) of a store target is an
// error: the padding has no storage, and an expanded element would be
// written more than once.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYREMOVEVIEWS
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// True for the ops that view one source tensor: the movement ops and a
/// bitcast.
bool isView(Operation *op) {
  return isa_and_nonnull<MovementOpInterface, BitcastOp>(op);
}

/// True for a pad that pads nothing and an expand that broadcasts nothing.
bool isIdentityView(Operation *op) {
  return isa<PadOp, ExpandOp>(op) &&
         op->getOperand(0).getType() == op->getResult(0).getType();
}

/// The view `view` applied to `src` instead of its own source; its result
/// type is inferred again, so `src` may live on another device.
Value createViewOf(OpBuilder &builder, Location loc, Operation *view,
                   Value src) {
  if (auto bitcast = dyn_cast<BitcastOp>(view))
    return BitcastOp::create(builder, loc, src, bitcast.getDtype());
  return cast<MovementOpInterface>(view).createOn(builder, loc, src);
}

/// True when `value` is a store's target, directly or through views and
/// afters (which the store patterns peel off first).
bool feedsStoreTarget(Value value) {
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (auto store = dyn_cast<StoreOp>(user)) {
      if (store.getTarget() == value)
        return true;
      continue;
    }
    if ((isView(user) || isa<AfterOp>(user)) && use.getOperandNumber() == 0 &&
        feedsStoreTarget(user->getResult(0)))
      return true;
  }
  return false;
}

/// True when computing `value` reads `read`.
bool dependsOn(Value value, Value read) {
  SmallVector<Value> worklist{value};
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    if (current == read)
      return true;
    if (!seen.insert(current).second)
      continue;
    if (Operation *op = current.getDefiningOp())
      llvm::append_range(worklist, op->getOperands());
  }
  return false;
}

// store(reshape(x), v) -> store(x, reshape(v, shape(x)))
// store(permute(x, order), v) -> store(x, permute(v, order^-1))
// store(flip(x, axes), v) -> store(x, flip(v, axes))
// store(bitcast(x), v) -> store(x, bitcast(v, dtype(x)))
// store(shrink(x), v) -> store(x, where(pad(true), pad(v), x))
// store(pad(x, 0, 0), v), store(expand(x, shape(x)), v) -> store(x, v)
struct StoreThroughView : OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp store,
                                PatternRewriter &rewriter) const override {
    Operation *view = store.getTarget().getDefiningOp();
    if (!isView(view))
      return rewriter.notifyMatchFailure(store, "target is not a view");
    if (isa<PadOp, ExpandOp>(view) && !isIdentityView(view))
      return rewriter.notifyMatchFailure(store, "target is padded or "
                                                "expanded (reported)");
    Location loc = store.getLoc();
    Value src = view->getOperand(0);
    Value value = store.getValue();
    // A bijective view's inverse view of v; a slice update for a shrink.
    Value stored;
    if (isa<BitcastOp>(view))
      stored = BitcastOp::create(rewriter, loc, value,
                                 getTensorType(src).getElementType());
    else if (auto shrink = dyn_cast<ShrinkOp>(view))
      stored = createSliceUpdate(rewriter, loc, shrink, value);
    else
      stored =
          cast<MovementOpInterface>(view).createInverseOn(rewriter, loc, value);
    rewriter.modifyOpInPlace(store, [&] {
      store.getTargetMutable().assign(src);
      store.getValueMutable().assign(stored);
    });
    return success();
  }

private:
  /// x with v written over the region `shrink` takes of it.
  static Value createSliceUpdate(PatternRewriter &rewriter, Location loc,
                                 ShrinkOp shrink, Value value) {
    Value src = shrink.getSrc();
    RankedTensorType srcType = getTensorType(src);
    if (shrink.getType() == srcType)
      return value;
    SmallVector<int64_t> high;
    for (auto [dim, end] :
         llvm::zip_equal(srcType.getShape(), shrink.getEnds()))
      high.push_back(dim - end);
    auto maskType =
        RankedTensorType::get(shrink.getType().getShape(), rewriter.getI1Type(),
                              srcType.getEncoding());
    Value inside =
        ConstOp::create(rewriter, loc, DenseElementsAttr::get(maskType, true));
    Value mask = PadOp::create(rewriter, loc, inside, shrink.getStarts(), high);
    Value padded =
        PadOp::create(rewriter, loc, value, shrink.getStarts(), high);
    return WhereOp::create(rewriter, loc, mask, padded, src);
  }
};

// store(after(x, deps), v) -> store(x, v) when v reads after(x, deps) and x
// is not a view
struct StoreIntoAfter : OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp store,
                                PatternRewriter &rewriter) const override {
    auto after = store.getTarget().getDefiningOp<AfterOp>();
    if (!after)
      return rewriter.notifyMatchFailure(store, "target is not an after");
    // Moved under the view first, so that a slice update of the view reads
    // the after, not the storage it orders.
    if (isView(after.getSrc().getDefiningOp()))
      return rewriter.notifyMatchFailure(store, "the after holds a view");
    // Without that read nothing else would order the store after deps.
    if (!dependsOn(store.getValue(), after.getResult()))
      return rewriter.notifyMatchFailure(store, "the value does not read the "
                                                "after");
    rewriter.modifyOpInPlace(
        store, [&] { store.getTargetMutable().assign(after.getSrc()); });
    return success();
  }
};

// after(view(x), deps) -> view(after(x, deps))
struct AfterOfView : OpRewritePattern<AfterOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AfterOp after,
                                PatternRewriter &rewriter) const override {
    Operation *view = after.getSrc().getDefiningOp();
    if (!isView(view))
      return rewriter.notifyMatchFailure(after, "source is not a view");
    Value waiting = AfterOp::create(rewriter, after.getLoc(),
                                    view->getOperand(0), after.getDeps());
    rewriter.replaceOp(after,
                       createViewOf(rewriter, view->getLoc(), view, waiting));
    return success();
  }
};

// view(mstack(a, b, ...)) -> mstack(view(a), view(b), ...)
struct ViewOfMStack : RewritePattern {
  ViewOfMStack(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *view,
                                PatternRewriter &rewriter) const override {
    if (!isView(view))
      return failure();
    auto mstack = view->getOperand(0).getDefiningOp<MStackOp>();
    if (!mstack)
      return rewriter.notifyMatchFailure(view, "source is not an mstack");
    // A store target's views go to the store first; an mstack target keeps
    // no per-device view for the store to peel.
    if (feedsStoreTarget(view->getResult(0)))
      return rewriter.notifyMatchFailure(view, "views a store target");
    SmallVector<Value> perDevice;
    for (Value src : mstack.getSrcs())
      perDevice.push_back(createViewOf(rewriter, view->getLoc(), view, src));
    rewriter.replaceOpWithNewOp<MStackOp>(view, perDevice);
    return success();
  }
};

/// Reports stores through a pad or an expand, which no rewrite can write
/// back into storage.
LogicalResult checkStoreTargets(Operation *root) {
  WalkResult result = root->walk([](StoreOp store) {
    Value target = store.getTarget();
    while (Operation *op = target.getDefiningOp()) {
      if (!isView(op) && !isa<AfterOp>(op))
        break;
      if (isa<PadOp>(op) && !isIdentityView(op)) {
        InFlightDiagnostic diag = store.emitOpError(
            "writes through a tiny.pad of its target, whose padding has no "
            "storage: store into the unpadded region instead");
        diag.attachNote(op->getLoc()) << "pad here";
        return WalkResult::interrupt();
      }
      if (isa<ExpandOp>(op) && !isIdentityView(op)) {
        InFlightDiagnostic diag = store.emitOpError(
            "writes through a tiny.expand of its target, which would write "
            "each broadcast element several times");
        diag.attachNote(op->getLoc()) << "expand here";
        return WalkResult::interrupt();
      }
      target = op->getOperand(0);
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

struct TinyRemoveViewsPass
    : mlir::tiny::impl::TinyRemoveViewsBase<TinyRemoveViewsPass> {
  void runOnOperation() override {
    if (failed(checkStoreTargets(getOperation())))
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    patterns.add<AfterOfView, StoreIntoAfter, StoreThroughView, ViewOfMStack>(
        &getContext());
    // Only these rewrites: no folding, so what is not a view stays as it is.
    GreedyRewriteConfig config;
    config.enableFolding(false).enableConstantCSE(false);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config))) {
      getOperation()->emitError("-tiny-remove-views did not converge");
      signalPassFailure();
    }
  }
};

} // namespace
