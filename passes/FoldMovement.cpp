//===- FoldMovement.cpp - movement-op algebra (-tiny-fold-movement) --------===//

#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SmallBitVector.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYFOLDMOVEMENT
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

// permute(permute(x, p1), p2) -> permute(x, [p1[p2[i]] for i])
struct ComposePermutes : OpRewritePattern<PermuteOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PermuteOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<PermuteOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "source is not a permute");
    SmallVector<int64_t> order;
    for (int64_t axis : op.getOrder())
      order.push_back(inner.getOrder()[axis]);
    rewriter.replaceOpWithNewOp<PermuteOp>(op, inner.getSrc(), order);
    return success();
  }
};

// shrink(shrink(x, [s1, e1)), [s2, e2)) -> shrink(x, [s1 + s2, s1 + e2))
struct ComposeShrinks : OpRewritePattern<ShrinkOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ShrinkOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<ShrinkOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "source is not a shrink");
    SmallVector<int64_t> starts, ends;
    for (auto [outer, innerStart, outerEnd] :
         llvm::zip_equal(op.getStarts(), inner.getStarts(), op.getEnds())) {
      starts.push_back(innerStart + outer);
      ends.push_back(innerStart + outerEnd);
    }
    rewriter.replaceOpWithNewOp<ShrinkOp>(op, inner.getSrc(), starts, ends);
    return success();
  }
};

// pad(pad(x, l1, h1), l2, h2) -> pad(x, l1 + l2, h1 + h2): both pad zeros.
struct ComposePads : OpRewritePattern<PadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PadOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<PadOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "source is not a pad");
    SmallVector<int64_t> low, high;
    for (auto [a, b] : llvm::zip_equal(inner.getLow(), op.getLow()))
      low.push_back(a + b);
    for (auto [a, b] : llvm::zip_equal(inner.getHigh(), op.getHigh()))
      high.push_back(a + b);
    rewriter.replaceOpWithNewOp<PadOp>(op, inner.getSrc(), low, high);
    return success();
  }
};

// expand(expand(x, s1), s2) -> expand(x, s2)
struct ComposeExpands : OpRewritePattern<ExpandOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ExpandOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<ExpandOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "source is not an expand");
    rewriter.replaceOpWithNewOp<ExpandOp>(op, inner.getSrc(), op.getShape());
    return success();
  }
};

// flip(flip(x, a1), a2) -> flip(x, a1 xor a2)
struct ComposeFlips : OpRewritePattern<FlipOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FlipOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<FlipOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "source is not a flip");
    llvm::SmallBitVector flipped(op.getType().getRank());
    for (int64_t axis : inner.getAxes())
      flipped.flip(axis);
    for (int64_t axis : op.getAxes())
      flipped.flip(axis);
    SmallVector<int64_t> axes;
    for (int axis : flipped.set_bits())
      axes.push_back(axis);
    rewriter.replaceOpWithNewOp<FlipOp>(op, inner.getSrc(), axes);
    return success();
  }
};

struct TinyFoldMovementPass
    : mlir::tiny::impl::TinyFoldMovementBase<TinyFoldMovementPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateFoldMovementPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::tiny::populateFoldMovementPatterns(RewritePatternSet &patterns) {
  patterns.add<ComposeExpands, ComposeFlips, ComposePads, ComposePermutes,
               ComposeShrinks>(patterns.getContext());
  populatePushMovementPatterns(patterns);
}
