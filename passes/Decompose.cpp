//===- Decompose.cpp - derived ops to primitives (-tiny-decompose) ---------===//
//
// The direct rewrites (neg, sub, fdiv, mulacc, the comparisons, not) are
// declarative rules in DecomposePatterns.td; the ones here need C++: pow and
// the floor divisions.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Passes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <limits>

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

/// A rank-0 float constant with the dtype and device of `like`.
Value createFloatScalar(OpBuilder &builder, Location loc, Type like,
                        double value) {
  auto likeType = cast<RankedTensorType>(like);
  auto type = RankedTensorType::get({}, likeType.getElementType(),
                                    likeType.getEncoding());
  return ConstOp::create(
      builder, loc,
      DenseElementsAttr::get(
          type, FloatAttr::get(likeType.getElementType(), value)));
}

/// A rank-0 bool constant on the device of `like`.
Value createBool(OpBuilder &builder, Location loc, Type like, bool value) {
  auto likeType = cast<RankedTensorType>(like);
  auto type =
      RankedTensorType::get({}, builder.getI1Type(), likeType.getEncoding());
  return ConstOp::create(
      builder, loc, DenseElementsAttr::get(type, builder.getBoolAttr(value)));
}

/// What pow needs to know of its exponent b: b == 0, b is an integer (the
/// infinities included, NaN not), b is an odd integer.
struct ExponentClass {
  Value isZero, isIntegral, isOdd;
};

/// The classes of `exponent`: constants when it is a splat constant,
/// otherwise computed with trunc (b * 0.5 is exact, and has a fraction
/// exactly when b is odd).
ExponentClass classifyExponent(OpBuilder &builder, Location loc,
                               Value exponent) {
  Type type = exponent.getType();
  DenseElementsAttr constant;
  if (matchPattern(exponent, m_Constant(&constant)) && constant.isSplat()) {
    APFloat b = constant.getSplatValue<APFloat>();
    APFloat truncated = b;
    truncated.roundToIntegral(APFloat::rmTowardZero);
    bool integral = !b.isNaN() && truncated.bitwiseIsEqual(b);
    APFloat half = b;
    half.multiply(APFloat(b.getSemantics(), "0.5"),
                  APFloat::rmNearestTiesToEven);
    APFloat halfTruncated = half;
    halfTruncated.roundToIntegral(APFloat::rmTowardZero);
    bool odd = integral && halfTruncated.compare(half) != APFloat::cmpEqual;
    return {createBool(builder, loc, type, b.isZero()),
            createBool(builder, loc, type, integral),
            createBool(builder, loc, type, odd)};
  }
  Value zero = createFloatScalar(builder, loc, type, 0.0);
  Value isZero = CmpEqOp::create(builder, loc, exponent, zero);
  Value truncated = TruncOp::create(builder, loc, exponent);
  Value isIntegral = CmpEqOp::create(builder, loc, truncated, exponent);
  Value half = MulOp::create(builder, loc, exponent,
                             createFloatScalar(builder, loc, type, 0.5));
  Value halfTruncated = TruncOp::create(builder, loc, half);
  Value hasHalf = CmpNeOp::create(builder, loc, halfTruncated, half);
  Value isOdd = AndOp::create(builder, loc, isIntegral, hasHalf);
  return {isZero, isIntegral, isOdd};
}

// pow(a, b) -> exp2(log2(|a|) * b) with C pow's (and tinygrad's) cases:
//   b == 0: 1 (even for a NaN);  |a| == 1: 1 (even for b = inf or NaN);
//   a negative (-0 included): -|a|^b for an odd integer b, |a|^b for an
//   even one, NaN for a finite a < 0 and a non-integral b
struct DecomposePow : OpRewritePattern<PowOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PowOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value base = op.getLhs(), exponent = op.getRhs();
    Type baseType = base.getType();
    Value zero = createFloatScalar(rewriter, loc, baseType, 0.0);
    Value one = createFloatScalar(rewriter, loc, baseType, 1.0);
    Value below = CmpLtOp::create(rewriter, loc, base, zero);
    Value magnitude = WhereOp::create(
        rewriter, loc, below, NegOp::create(rewriter, loc, base), base);
    Value log = Log2Op::create(rewriter, loc, magnitude);
    Value power = Exp2Op::create(
        rewriter, loc, MulOp::create(rewriter, loc, log, exponent));
    Value unit = CmpEqOp::create(rewriter, loc, magnitude, one);
    power = WhereOp::create(rewriter, loc, unit, one, power);

    // The sign bit of a, NaN aside: 1 / -0.0 is -inf.
    Value reciprocalBelow = CmpLtOp::create(
        rewriter, loc, ReciprocalOp::create(rewriter, loc, base), zero);
    Value negative = OrOp::create(rewriter, loc, below, reciprocalBelow);
    ExponentClass b = classifyExponent(rewriter, loc, exponent);
    Value minusInf = createFloatScalar(
        rewriter, loc, baseType, -std::numeric_limits<double>::infinity());
    Value finiteBelow = AndOp::create(
        rewriter, loc, below, CmpNeOp::create(rewriter, loc, base, minusInf));
    Value nan = createFloatScalar(rewriter, loc, baseType,
                                  std::numeric_limits<double>::quiet_NaN());
    Value nonIntegral = WhereOp::create(rewriter, loc, finiteBelow, nan, power);
    Value integral =
        WhereOp::create(rewriter, loc, b.isOdd,
                        NegOp::create(rewriter, loc, power), power);
    Value ofNegative =
        WhereOp::create(rewriter, loc, b.isIntegral, integral, nonIntegral);
    Value result = WhereOp::create(rewriter, loc, negative, ofNegative, power);
    rewriter.replaceOpWithNewOp<WhereOp>(op, b.isZero, one, result);
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

} // namespace

namespace {
#include "passes/DecomposePatterns.inc"

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
  // The direct rewrites: DecomposePatterns.td.
  populateWithGenerated(patterns);
  patterns.add<DecomposeFloorDiv, DecomposeFloorMod, DecomposePow>(
      patterns.getContext());
}
