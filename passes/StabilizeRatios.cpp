//===- StabilizeRatios.cpp - x/(1+x) as 1 - 1/(1+x) -------------------------===//
//
// Sigmoid-like functions and their gradients multiply a value by the
// reciprocal of one plus itself: x * (1/(1+x)). At x = inf that is
// inf * 0 = NaN, though the ratio tends to 1; written 1 - 1/(1+x) it is 1.
// tinygrad's symbolic rules make this rewrite before every kernel, so its
// sigmoid, tanh and gelu gradients are finite at |x| ~ 300 where exp
// overflows; the same programs through tiny must be too. The rewrite changes
// results by rounding only, and it is not a canonicalization for that
// reason: it is a pass a pipeline may leave out.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyFoldUtils.h"
#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYSTABILIZERATIOS
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// True when `value` is a float constant whose every element is 1.
bool isFloatOne(Value value) {
  Attribute attr;
  return isa<FloatType>(getElementTypeOrSelf(value.getType())) &&
         matchPattern(value, m_Constant(&attr)) &&
         tiny::detail::isSplatOf(attr, 1);
}

/// The reciprocal `d` = 1/(1+x) (or 1/(x+1)) when `value` is one, else null.
ReciprocalOp matchReciprocalOfSuccessor(Value value, Value x) {
  auto reciprocal = value.getDefiningOp<ReciprocalOp>();
  if (!reciprocal)
    return {};
  auto sum = reciprocal.getSrc().getDefiningOp<AddOp>();
  if (!sum)
    return {};
  bool matches = (sum.getLhs() == x && isFloatOne(sum.getRhs())) ||
                 (sum.getRhs() == x && isFloatOne(sum.getLhs()));
  return matches ? reciprocal : ReciprocalOp();
}

/// 1 - d, as the core ops spell it: 1 + d * -1.
Value createOneMinus(PatternRewriter &rewriter, Location loc, Value d) {
  auto type = cast<RankedTensorType>(d.getType());
  auto scalarType =
      RankedTensorType::get({}, type.getElementType(), type.getEncoding());
  auto scalar = [&](double value) -> Value {
    return ConstOp::create(
        rewriter, loc,
        DenseElementsAttr::get(
            scalarType,
            FloatAttr::get(type.getElementType(), value)));
  };
  Value negated = MulOp::create(rewriter, loc, d, scalar(-1));
  return AddOp::create(rewriter, loc, type, scalar(1), negated);
}

/// `value` as x * c with c a float constant, or as x with no c.
std::pair<Value, Value> splitConstantFactor(Value value) {
  if (auto mul = value.getDefiningOp<MulOp>()) {
    Attribute attr;
    for (auto [x, c] : {std::pair(mul.getLhs(), mul.getRhs()),
                        std::pair(mul.getRhs(), mul.getLhs())})
      if (matchPattern(c, m_Constant(&attr)))
        return {x, c};
  }
  return {value, Value()};
}

/// x * d -> 1 - d
/// x * (d * y) -> y * (1 - d)
/// x * (d + y) -> (1 - d) + x * y
/// where d = 1/(1+x), each product and sum in either operand order. As
/// tinygrad moves constants out of product chains, x may come scaled:
/// (x * c) * d -> (1 - d) * c, and so on, which is how gradients spell a
/// negated x.
struct StabilizeRatio : OpRewritePattern<MulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MulOp op,
                                PatternRewriter &rewriter) const override {
    for (auto [side, other] : {std::pair(op.getLhs(), op.getRhs()),
                               std::pair(op.getRhs(), op.getLhs())}) {
      for (auto [x, c] : {std::pair<Value, Value>(side, Value()),
                          splitConstantFactor(side)}) {
        if (!x)
          continue;
        Value result =
            rewriteRatio(rewriter, op.getLoc(), op.getType(), x, other);
        if (!result)
          continue;
        if (c)
          result = MulOp::create(rewriter, op.getLoc(), result, c);
        rewriter.replaceOp(op, result);
        return success();
      }
    }
    return failure();
  }

private:
  /// The stable form of x * other, or null (and nothing created) when it
  /// has none. A d of the product's `type` makes every form that type: the
  /// other operands are of that type or scalars.
  static Value rewriteRatio(PatternRewriter &rewriter, Location loc,
                            Type type, Value x, Value other) {
    ReciprocalOp d = matchReciprocalOfSuccessor(other, x);
    if (d && d.getType() == type)
      return createOneMinus(rewriter, loc, d);
    Operation *inner = other.getDefiningOp();
    if (!isa_and_nonnull<MulOp, AddOp>(inner))
      return {};
    for (auto [dValue, y] :
         {std::pair(inner->getOperand(0), inner->getOperand(1)),
          std::pair(inner->getOperand(1), inner->getOperand(0))}) {
      ReciprocalOp d = matchReciprocalOfSuccessor(dValue, x);
      if (!d || d.getType() != type)
        continue;
      Value oneMinus = createOneMinus(rewriter, loc, d);
      if (isa<MulOp>(inner))
        return MulOp::create(rewriter, loc, y, oneMinus);
      Value product = MulOp::create(rewriter, loc, x, y);
      return AddOp::create(rewriter, loc, oneMinus, product);
    }
    return {};
  }
};

struct TinyStabilizeRatios
    : tiny::impl::TinyStabilizeRatiosBase<TinyStabilizeRatios> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<StabilizeRatio>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
