//===- PushMovement.cpp - movement ops through elementwise ops -------------===//
//
// The patterns of -tiny-fold-movement: they move movement ops across
// elementwise ops where that removes work, so that less data is computed
// when the value is realized:
//   - unary(expand(x)), binary(expand(a), expand(b)) with a and b of one
//     shape, binary(expand(a), splat) -> expand(op(a, b)): the op runs on
//     the small tensor
//   - shrink(op(a, b)) with no broadcasting and no other user of op ->
//     op(shrink(a), shrink(b)): only the kept elements are computed
//   - shrink(pad(x)) inside the unpadded region -> shrink(x)
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Elementwise.h"
#include "passes/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::tiny;

namespace {

// op(expand(a), expand(b), splat...) -> expand(op(a, b, splat...))
struct HoistExpand : RewritePattern {
  HoistExpand(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isElementwise(op))
      return failure();
    RankedTensorType small;
    ArrayRef<int64_t> target;
    SmallVector<Value> operands;
    for (Value operand : op->getOperands()) {
      if (auto expand = operand.getDefiningOp<ExpandOp>()) {
        auto srcType = cast<RankedTensorType>(expand.getSrc().getType());
        if (small && srcType.getShape() != small.getShape())
          return rewriter.notifyMatchFailure(op, "expands of other shapes");
        if (!target.empty() && target != expand.getShape())
          return rewriter.notifyMatchFailure(op, "expands to other shapes");
        small = srcType;
        target = expand.getShape();
        operands.push_back(expand.getSrc());
        continue;
      }
      if (!matchPattern(operand, m_Constant()))
        return rewriter.notifyMatchFailure(op, "an operand is not expanded");
      operands.push_back(operand);
    }
    if (!small)
      return rewriter.notifyMatchFailure(op, "no expanded operand");
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    if (resultType.getShape() != target)
      return rewriter.notifyMatchFailure(op, "the op broadcasts further");
    // A splat operand larger than the expanded source would keep the op big.
    FailureOr<RankedTensorType> smallType = inferElementwiseOn(op, operands);
    if (failed(smallType) || smallType->getShape() != small.getShape())
      return rewriter.notifyMatchFailure(op, "a constant is larger");
    Value smallValue = cloneElementwiseOn(rewriter, op, operands, *smallType);
    rewriter.replaceOpWithNewOp<ExpandOp>(op, smallValue, target);
    return success();
  }
};

// shrink(op(a, b)) -> op(shrink(a), shrink(b)) when op broadcasts nothing
// and only the shrink reads it.
struct SinkShrink : OpRewritePattern<ShrinkOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ShrinkOp shrink,
                                PatternRewriter &rewriter) const override {
    Operation *op = shrink.getSrc().getDefiningOp();
    if (!op || !isElementwise(op) || !op->hasOneUse())
      return rewriter.notifyMatchFailure(shrink, "not a single-use alu op");
    ArrayRef<int64_t> full =
        cast<RankedTensorType>(shrink.getSrc().getType()).getShape();
    if (llvm::any_of(op->getOperandTypes(), [&](Type type) {
          return cast<RankedTensorType>(type).getShape() != full;
        }))
      return rewriter.notifyMatchFailure(shrink, "the op broadcasts");
    SmallVector<Value> operands;
    for (Value operand : op->getOperands())
      operands.push_back(ShrinkOp::create(rewriter, shrink.getLoc(), operand,
                                          shrink.getStarts(),
                                          shrink.getEnds()));
    rewriter.replaceOp(shrink,
                       cloneElementwiseOn(rewriter, op, operands, shrink.getType()));
    return success();
  }
};

// shrink(pad(x, low, high)) -> shrink(x) when the kept region is unpadded.
struct ShrinkOfPad : OpRewritePattern<ShrinkOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ShrinkOp shrink,
                                PatternRewriter &rewriter) const override {
    auto pad = shrink.getSrc().getDefiningOp<PadOp>();
    if (!pad)
      return rewriter.notifyMatchFailure(shrink, "source is not a pad");
    ArrayRef<int64_t> dims =
        cast<RankedTensorType>(pad.getSrc().getType()).getShape();
    SmallVector<int64_t> starts, ends;
    for (auto [start, end, low, dim] : llvm::zip_equal(
             shrink.getStarts(), shrink.getEnds(), pad.getLow(), dims)) {
      if (start < low || end > low + dim)
        return rewriter.notifyMatchFailure(shrink, "keeps padding");
      starts.push_back(start - low);
      ends.push_back(end - low);
    }
    rewriter.replaceOpWithNewOp<ShrinkOp>(shrink, pad.getSrc(), starts, ends);
    return success();
  }
};

} // namespace

void mlir::tiny::populateFoldMovementPatterns(RewritePatternSet &patterns) {
  patterns.add<HoistExpand, ShrinkOfPad, SinkShrink>(patterns.getContext());
}
