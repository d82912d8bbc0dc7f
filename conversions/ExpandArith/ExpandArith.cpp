//===- ExpandArith.cpp - arith ops LLVM cannot lower (-tiny-expand-arith) -===//

#include "conversions/ExpandArith/ExpandFP8.h"
#include "conversions/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYEXPANDARITH
#include "conversions/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;

namespace {
/// A select of bf16 values selects their bits: x86 has no bf16 registers,
/// so LLVM would widen a vectorized bf16 select to f32 and narrow the result
/// back through a libcall (`__truncsfbf2`) the JIT's process may lack.
struct SelectBF16AsInteger : public OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::SelectOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isBF16())
      return failure();
    Type bits = rewriter.getI16Type();
    if (auto shaped = dyn_cast<ShapedType>(type))
      bits = shaped.clone(bits);
    Location loc = op.getLoc();
    Value trueBits =
        arith::BitcastOp::create(rewriter, loc, bits, op.getTrueValue());
    Value falseBits =
        arith::BitcastOp::create(rewriter, loc, bits, op.getFalseValue());
    Value selected = arith::SelectOp::create(rewriter, loc, op.getCondition(),
                                             trueBits, falseBits);
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, type, selected);
    return success();
  }
};

struct TinyExpandArithPass
    : public tiny::impl::TinyExpandArithBase<TinyExpandArithPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    arith::populateExpandBFloat16Patterns(patterns);
    patterns.add<SelectBF16AsInteger>(&getContext());
    tiny::populateExpandFP8Patterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
