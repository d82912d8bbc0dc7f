//===- Decompose.cpp - derived ops to primitives (-tiny-decompose) ---------===//

#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYDECOMPOSE
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// A rank-0 constant with the dtype and device of `like`; it broadcasts
/// against any shape. Integers take `value` modulo 2^width.
Value createScalar(OpBuilder &builder, Location loc, Type like, int64_t value) {
  auto likeType = cast<RankedTensorType>(like);
  Type dtype = likeType.getElementType();
  auto type = RankedTensorType::get({}, dtype, likeType.getEncoding());
  Attribute element;
  if (auto floatType = dyn_cast<FloatType>(dtype))
    element = FloatAttr::get(floatType, static_cast<double>(value));
  else
    element = IntegerAttr::get(
        dtype, APInt(dtype.getIntOrFloatBitWidth(), value, /*isSigned=*/true,
                     /*implicitTrunc=*/true));
  return ConstOp::create(builder, loc, DenseElementsAttr::get(type, element));
}

Value createTrue(OpBuilder &builder, Location loc, Type like) {
  auto likeType = cast<RankedTensorType>(like);
  auto type = RankedTensorType::get({}, builder.getI1Type(),
                                    likeType.getEncoding());
  return ConstOp::create(builder, loc,
                         DenseElementsAttr::get(type, builder.getBoolAttr(true)));
}

Value createNot(OpBuilder &builder, Location loc, Value value) {
  return CmpNeOp::create(builder, loc, value,
                         createTrue(builder, loc, value.getType()));
}

bool isFloatTensor(Value value) {
  return isa<FloatType>(getElementTypeOrSelf(value.getType()));
}

// neg(x) -> mul(x, -1)
struct DecomposeNeg : OpRewritePattern<NegOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(NegOp op,
                                PatternRewriter &rewriter) const override {
    Value minusOne = createScalar(rewriter, op.getLoc(), op.getType(), -1);
    rewriter.replaceOpWithNewOp<MulOp>(op, op.getSrc(), minusOne);
    return success();
  }
};

// sub(a, b) -> add(a, mul(b, -1))
struct DecomposeSub : OpRewritePattern<SubOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SubOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value minusOne = createScalar(rewriter, loc, op.getRhs().getType(), -1);
    Value negated = MulOp::create(rewriter, loc, op.getRhs(), minusOne);
    rewriter.replaceOpWithNewOp<AddOp>(op, op.getLhs(), negated);
    return success();
  }
};

// fdiv(a, b) -> mul(a, reciprocal(b))
struct DecomposeFDiv : OpRewritePattern<FDivOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FDivOp op,
                                PatternRewriter &rewriter) const override {
    Value inverse = ReciprocalOp::create(rewriter, op.getLoc(), op.getRhs());
    rewriter.replaceOpWithNewOp<MulOp>(op, op.getLhs(), inverse);
    return success();
  }
};

// pow(a, b) -> exp2(mul(log2(a), b))
struct DecomposePow : OpRewritePattern<PowOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PowOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value log = Log2Op::create(rewriter, loc, op.getLhs());
    Value scaled = MulOp::create(rewriter, loc, log, op.getRhs());
    rewriter.replaceOpWithNewOp<Exp2Op>(op, scaled);
    return success();
  }
};

// mulacc(a, b, c) -> add(mul(a, b), c)
struct DecomposeMulAcc : OpRewritePattern<MulAccOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MulAccOp op,
                                PatternRewriter &rewriter) const override {
    Value product = MulOp::create(rewriter, op.getLoc(), op.getA(), op.getB());
    rewriter.replaceOpWithNewOp<AddOp>(op, product, op.getC());
    return success();
  }
};

// cmpgt(a, b) -> cmplt(b, a)
struct DecomposeCmpGt : OpRewritePattern<CmpGtOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CmpGtOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<CmpLtOp>(op, op.getRhs(), op.getLhs());
    return success();
  }
};

// cmple(a, b) -> cmpge(b, a)
struct DecomposeCmpLe : OpRewritePattern<CmpLeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CmpLeOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<CmpGeOp>(op, op.getRhs(), op.getLhs());
    return success();
  }
};

// integers: cmpge(a, b) -> not(cmplt(a, b))
// floats:   cmpge(a, b) -> or(cmplt(b, a), cmpeq(a, b)), false on NaN
struct DecomposeCmpGe : OpRewritePattern<CmpGeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CmpGeOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (!isFloatTensor(op.getLhs())) {
      Value less = CmpLtOp::create(rewriter, loc, op.getLhs(), op.getRhs());
      rewriter.replaceOp(op, createNot(rewriter, loc, less));
      return success();
    }
    Value greater = CmpLtOp::create(rewriter, loc, op.getRhs(), op.getLhs());
    Value equal = CmpEqOp::create(rewriter, loc, op.getLhs(), op.getRhs());
    rewriter.replaceOpWithNewOp<OrOp>(op, greater, equal);
    return success();
  }
};

// cmpeq(a, b) -> not(cmpne(a, b)); NaN != x is true, so NaN == x is false.
struct DecomposeCmpEq : OpRewritePattern<CmpEqOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(CmpEqOp op,
                                PatternRewriter &rewriter) const override {
    Value unequal =
        CmpNeOp::create(rewriter, op.getLoc(), op.getLhs(), op.getRhs());
    rewriter.replaceOp(op, createNot(rewriter, op.getLoc(), unequal));
    return success();
  }
};

// not(x) -> cmpne(x, true)
struct DecomposeNot : OpRewritePattern<NotOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(NotOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, createNot(rewriter, op.getLoc(), op.getSrc()));
    return success();
  }
};

/// Where C division rounded toward zero and floor division differ: the
/// remainder is non-zero and its sign differs from the divisor's.
Value createNeedsFloorStep(OpBuilder &builder, Location loc, Value remainder,
                           Value divisor) {
  Value zero = createScalar(builder, loc, remainder.getType(), 0);
  Value nonZero = CmpNeOp::create(builder, loc, remainder, zero);
  Value remainderNegative = CmpLtOp::create(builder, loc, remainder, zero);
  Value divisorNegative = CmpLtOp::create(builder, loc, divisor, zero);
  Value signsDiffer =
      CmpNeOp::create(builder, loc, remainderNegative, divisorNegative);
  return AndOp::create(builder, loc, nonZero, signsDiffer);
}

bool isUnsignedTensor(Value value) {
  return getElementTypeOrSelf(value.getType()).isUnsignedInteger();
}

// floordiv(a, b) -> add(cdiv(a, b), where(step, -1, 0)); unsigned: cdiv(a, b)
struct DecomposeFloorDiv : OpRewritePattern<FloorDivOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FloorDivOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value quotient = CDivOp::create(rewriter, loc, op.getLhs(), op.getRhs());
    if (isUnsignedTensor(op.getLhs())) {
      rewriter.replaceOp(op, quotient);
      return success();
    }
    Value remainder = CModOp::create(rewriter, loc, op.getLhs(), op.getRhs());
    Value step = createNeedsFloorStep(rewriter, loc, remainder, op.getRhs());
    Value adjust = WhereOp::create(
        rewriter, loc, step, createScalar(rewriter, loc, op.getType(), -1),
        createScalar(rewriter, loc, op.getType(), 0));
    rewriter.replaceOpWithNewOp<AddOp>(op, quotient, adjust);
    return success();
  }
};

// floormod(a, b) -> add(cmod(a, b), where(step, b, 0)); unsigned: cmod(a, b)
struct DecomposeFloorMod : OpRewritePattern<FloorModOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(FloorModOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value remainder = CModOp::create(rewriter, loc, op.getLhs(), op.getRhs());
    if (isUnsignedTensor(op.getLhs())) {
      rewriter.replaceOp(op, remainder);
      return success();
    }
    Value step = createNeedsFloorStep(rewriter, loc, remainder, op.getRhs());
    Value adjust =
        WhereOp::create(rewriter, loc, step, op.getRhs(),
                        createScalar(rewriter, loc, op.getType(), 0));
    rewriter.replaceOpWithNewOp<AddOp>(op, remainder, adjust);
    return success();
  }
};

struct TinyDecomposePass
    : mlir::tiny::impl::TinyDecomposeBase<TinyDecomposePass> {
  using TinyDecomposeBase::TinyDecomposeBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateDecomposePatterns(patterns);
    if (approximateTranscendentals)
      populateTranscendentalApproxPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::tiny::populateDecomposePatterns(RewritePatternSet &patterns) {
  patterns.add<DecomposeCmpEq, DecomposeCmpGe, DecomposeCmpGt, DecomposeCmpLe,
               DecomposeFDiv, DecomposeFloorDiv, DecomposeFloorMod,
               DecomposeMulAcc, DecomposeNeg, DecomposeNot, DecomposePow,
               DecomposeSub>(patterns.getContext());
}
