//===- ExpandFP8.cpp - fp8 arith ops as integer bit manipulation ----------===//
//
// LLVM has no fp8 arithmetic or conversions on the CPU (it holds fp8 values
// in i8), and upstream has no expansion that gives tinygrad's results:
// -arith-expand covers bf16, f8E8M0 and f4E2M1 only, and the APFloat
// runtime calls of -convert-arith-to-apfloat round a finite overflow of
// f8E4M3FN to NaN where tinygrad saturates. So the conversions are written
// here as integer ops on the bits (elementwise, so vectors work too), and
// other fp8 ops compute in f32 between them.
//
//===----------------------------------------------------------------------===//

#include "conversions/ExpandArith/ExpandFP8.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace {
/// What sets one fp8 format apart from the others, beyond its exponent and
/// mantissa widths (read from its APFloat semantics).
enum class FP8Kind {
  /// f8E4M3FN: no infinity; S.1111.111 is NaN.
  FiniteNaN,
  /// f8E5M2: IEEE infinities and NaNs in the top exponent.
  IEEE,
  /// f8E4M3FNUZ, f8E5M2FNUZ: 0x80 is the only NaN, no infinity, no -0.
  UnsignedZero,
};

/// The IEEE-style layout of a binary float format.
struct FloatLayout {
  /// Stored mantissa bits (the implicit leading bit not counted).
  unsigned mantissaBits;
  /// The exponent bias: a biased exponent e means 2^(e - bias).
  int64_t bias;
};
} // namespace

static FloatLayout getLayout(FloatType type) {
  const llvm::fltSemantics &semantics = type.getFloatSemantics();
  return {APFloat::semanticsPrecision(semantics) - 1,
          1 - static_cast<int64_t>(APFloat::semanticsMinExponent(semantics))};
}

/// The fp8 kind of `type` (an element type), or nothing for other types.
static std::optional<FP8Kind> getFP8Kind(Type type) {
  if (isa<Float8E4M3FNType>(type))
    return FP8Kind::FiniteNaN;
  if (isa<Float8E5M2Type>(type))
    return FP8Kind::IEEE;
  if (isa<Float8E4M3FNUZType, Float8E5M2FNUZType>(type))
    return FP8Kind::UnsignedZero;
  return std::nullopt;
}

static bool isFP8(Type type) {
  return getFP8Kind(getElementTypeOrSelf(type)).has_value();
}

/// `element` in the shape of `like` (a vector or tensor), or `element`.
static Type withElement(Type like, Type element) {
  if (auto shaped = dyn_cast<ShapedType>(like))
    return shaped.clone(element);
  return element;
}

namespace {
/// Builds elementwise integer ops on values of one integer type, scalar or
/// vector, with splat constants.
class BitBuilder {
public:
  BitBuilder(PatternRewriter &rewriter, Location loc, Type type)
      : b(rewriter), loc(loc), type(type) {}

  Value constant(uint64_t value) const {
    unsigned width = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
    return createScalarOrSplatConstant(b, loc, type, APInt(width, value));
  }
  Value andI(Value x, Value y) const {
    return arith::AndIOp::create(b, loc, x, y);
  }
  Value orI(Value x, Value y) const {
    return arith::OrIOp::create(b, loc, x, y);
  }
  Value add(Value x, Value y) const {
    return arith::AddIOp::create(b, loc, x, y);
  }
  Value sub(Value x, Value y) const {
    return arith::SubIOp::create(b, loc, x, y);
  }
  Value shl(Value x, Value y) const {
    return arith::ShLIOp::create(b, loc, x, y);
  }
  Value shr(Value x, Value y) const {
    return arith::ShRUIOp::create(b, loc, x, y);
  }
  Value minU(Value x, Value y) const {
    return arith::MinUIOp::create(b, loc, x, y);
  }
  Value maxU(Value x, Value y) const {
    return arith::MaxUIOp::create(b, loc, x, y);
  }
  Value cmp(arith::CmpIPredicate predicate, Value x, Value y) const {
    return arith::CmpIOp::create(b, loc, predicate, x, y);
  }
  Value select(Value condition, Value x, Value y) const {
    return arith::SelectOp::create(b, loc, condition, x, y);
  }

  /// `value` >> `shift` (shift >= 1) rounded to nearest, ties to even.
  Value shrRoundToNearestEven(Value value, Value shift) const {
    Value one = constant(1);
    Value kept = shr(value, shift);
    Value dropped = andI(value, sub(shl(one, shift), one));
    Value half = shl(one, sub(shift, one));
    Value above = cmp(arith::CmpIPredicate::ugt, dropped, half);
    Value tie = cmp(arith::CmpIPredicate::eq, dropped, half);
    Value odd = cmp(arith::CmpIPredicate::ne, andI(kept, one), constant(0));
    Value roundUp =
        arith::OrIOp::create(b, loc, above, arith::AndIOp::create(b, loc, tie, odd));
    return add(kept, arith::ExtUIOp::create(b, loc, type, roundUp));
  }

private:
  PatternRewriter &b;
  Location loc;
  Type type;
};

/// truncf(x : f32 or f64) to fp8; narrower sources are widened to f32
/// first (exactly).
struct TruncFToFP8 : public OpRewritePattern<arith::TruncFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    auto target = cast<FloatType>(getElementTypeOrSelf(op.getType()));
    std::optional<FP8Kind> kind = getFP8Kind(target);
    if (!kind)
      return rewriter.notifyMatchFailure(op, "not a truncation to fp8");
    Location loc = op.getLoc();
    Value in = op.getIn();
    auto source = cast<FloatType>(getElementTypeOrSelf(in.getType()));
    if (!source.isF32() && !source.isF64()) {
      source = rewriter.getF32Type();
      in = arith::ExtFOp::create(rewriter, loc,
                                 withElement(in.getType(), source), in);
    }
    unsigned width = source.getWidth();
    FloatLayout from = getLayout(source);
    FloatLayout to = getLayout(target);
    Type wide = withElement(in.getType(), rewriter.getIntegerType(width));
    Type narrow = withElement(in.getType(), rewriter.getI8Type());
    BitBuilder w(rewriter, loc, wide);
    BitBuilder n(rewriter, loc, narrow);

    // The largest finite fp8 value, in the source's encoding.
    APFloat largest = APFloat::getLargest(target.getFloatSemantics());
    bool lost;
    largest.convert(source.getFloatSemantics(), APFloat::rmTowardZero, &lost);
    uint64_t largestBits = largest.bitcastToAPInt().getZExtValue();
    uint64_t signBit = uint64_t(1) << (width - 1);
    uint64_t infBits = (signBit - 1) & ~((uint64_t(1) << from.mantissaBits) - 1);
    uint64_t rebias = from.bias - to.bias;
    unsigned dropped = from.mantissaBits - to.mantissaBits;

    Value bits = arith::BitcastOp::create(rewriter, loc, wide, in);
    Value magnitude = w.andI(bits, w.constant(signBit - 1));
    Value isNaN =
        w.cmp(arith::CmpIPredicate::ugt, magnitude, w.constant(infBits));
    Value isInf =
        w.cmp(arith::CmpIPredicate::eq, magnitude, w.constant(infBits));
    // Finite values beyond the largest saturate (magnitudes of the same sign
    // order as their bits); NaN and infinity are replaced below.
    Value clamped = w.minU(magnitude, w.constant(largestBits));
    Value exponent = w.shr(clamped, w.constant(from.mantissaBits));
    // A normal fp8 result: rebias the exponent in place, then round off the
    // extra mantissa bits (a carry moves into the exponent).
    Value normal = w.shrRoundToNearestEven(
        w.sub(clamped, w.constant(rebias << from.mantissaBits)),
        w.constant(dropped));
    // A subnormal (or zero) fp8 result: the significand with its implicit
    // bit, shifted further by how far the exponent is below fp8's smallest
    // normal one. Source subnormals shift out entirely.
    Value significand =
        w.orI(w.andI(clamped, w.constant((uint64_t(1) << from.mantissaBits) - 1)),
              w.constant(uint64_t(1) << from.mantissaBits));
    // Clamped to [dropped + 1, width - 1]: values outside are those of
    // normal results (where the subtraction wraps) and source subnormals.
    Value shift = w.maxU(
        w.minU(w.sub(w.constant(dropped + rebias + 1), exponent),
               w.constant(width - 1)),
        w.constant(dropped + 1));
    Value subnormal = w.shrRoundToNearestEven(significand, shift);
    Value isNormal =
        w.cmp(arith::CmpIPredicate::ugt, exponent, w.constant(rebias));
    Value rounded = arith::TruncIOp::create(
        rewriter, loc, narrow, w.select(isNormal, normal, subnormal));
    Value sign = n.andI(
        arith::TruncIOp::create(rewriter, loc, narrow,
                                w.shr(bits, w.constant(width - 8))),
        n.constant(0x80));

    Value result;
    if (*kind == FP8Kind::UnsignedZero) {
      // No negative zero; the one NaN stands for NaN and infinity alike.
      Value isZero =
          n.cmp(arith::CmpIPredicate::eq, rounded, n.constant(0));
      result = n.select(isZero, rounded, n.orI(sign, rounded));
      Value special = arith::OrIOp::create(rewriter, loc, isNaN, isInf);
      result = n.select(special, n.constant(0x80), result);
    } else {
      result = n.orI(sign, rounded);
      Value nan = n.orI(sign, n.constant(0x7F));
      Value inf = *kind == FP8Kind::IEEE ? n.orI(sign, n.constant(0x7C)) : nan;
      result = n.select(isNaN, nan, n.select(isInf, inf, result));
    }
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, op.getType(), result);
    return success();
  }
};

/// extf(x : fp8) to f32; to other float types through f32 (exactly: each
/// of them holds every fp8 value).
struct ExtFFromFP8 : public OpRewritePattern<arith::ExtFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::ExtFOp op,
                                PatternRewriter &rewriter) const override {
    Value in = op.getIn();
    auto source = cast<FloatType>(getElementTypeOrSelf(in.getType()));
    std::optional<FP8Kind> kind = getFP8Kind(source);
    if (!kind)
      return rewriter.notifyMatchFailure(op, "not an extension of fp8");
    Location loc = op.getLoc();
    FloatType f32 = rewriter.getF32Type();
    FloatLayout from = getLayout(source);
    FloatLayout to = getLayout(f32);
    Type wide = withElement(in.getType(), rewriter.getI32Type());
    Type narrow = withElement(in.getType(), rewriter.getI8Type());
    Type f32Type = withElement(in.getType(), f32);
    BitBuilder w(rewriter, loc, wide);

    Value bits = arith::ExtUIOp::create(
        rewriter, loc, wide,
        arith::BitcastOp::create(rewriter, loc, narrow, in));
    Value sign = w.shl(w.andI(bits, w.constant(0x80)), w.constant(24));
    Value magnitude = w.andI(bits, w.constant(0x7F));
    Value exponent = w.shr(magnitude, w.constant(from.mantissaBits));
    Value mantissa =
        w.andI(magnitude, w.constant((1u << from.mantissaBits) - 1));
    // Normal: widen the mantissa in place and rebias the exponent.
    Value normal = w.add(
        w.shl(magnitude, w.constant(to.mantissaBits - from.mantissaBits)),
        w.constant(uint64_t(to.bias - from.bias) << to.mantissaBits));
    // Subnormal or zero: mantissa * 2^(1 - bias - mantissaBits), exact in
    // f32.
    Value scaled = arith::MulFOp::create(
        rewriter, loc, arith::SIToFPOp::create(rewriter, loc, f32Type, mantissa),
        createScalarOrSplatConstant(
            rewriter, loc, f32Type,
            APFloat(std::ldexp(1.0f, static_cast<int>(1 - from.bias -
                                                      from.mantissaBits)))));
    Value subnormal = arith::BitcastOp::create(rewriter, loc, wide, scaled);
    Value isSubnormal =
        w.cmp(arith::CmpIPredicate::eq, exponent, w.constant(0));
    Value result = w.orI(sign, w.select(isSubnormal, subnormal, normal));

    Value quietNaN = w.constant(0x7FC00000);
    switch (*kind) {
    case FP8Kind::FiniteNaN: {
      Value isNaN = w.cmp(arith::CmpIPredicate::eq, magnitude, w.constant(0x7F));
      result = w.select(isNaN, w.orI(sign, quietNaN), result);
      break;
    }
    case FP8Kind::IEEE: {
      uint64_t top = (1u << (7 - from.mantissaBits)) - 1;
      Value isSpecial =
          w.cmp(arith::CmpIPredicate::eq, exponent, w.constant(top));
      Value isInf = w.cmp(arith::CmpIPredicate::eq, mantissa, w.constant(0));
      Value special =
          w.orI(sign, w.select(isInf, w.constant(0x7F800000), quietNaN));
      result = w.select(isSpecial, special, result);
      break;
    }
    case FP8Kind::UnsignedZero: {
      Value isNaN = w.cmp(arith::CmpIPredicate::eq, bits, w.constant(0x80));
      result = w.select(isNaN, quietNaN, result);
      break;
    }
    }
    Value value = arith::BitcastOp::create(rewriter, loc, f32Type, result);
    Type resultType = op.getType();
    auto resultElement = cast<FloatType>(getElementTypeOrSelf(resultType));
    if (resultElement.getWidth() > 32)
      value = arith::ExtFOp::create(rewriter, loc, resultType, value);
    else if (!resultElement.isF32())
      value = arith::TruncFOp::create(rewriter, loc, resultType, value);
    rewriter.replaceOp(op, value);
    return success();
  }
};

/// Any other arith or math op with fp8 operands or results: the same op on
/// f32 (fp8 operands extended), its fp8 results rounded back.
struct ComputeFP8InF32 : public RewritePattern {
  ComputeFP8InF32(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    Dialect *dialect = op->getDialect();
    if (!isa_and_nonnull<arith::ArithDialect, math::MathDialect>(dialect))
      return rewriter.notifyMatchFailure(op, "not an arith or math op");
    if (isa<arith::ExtFOp, arith::TruncFOp, arith::BitcastOp, arith::SelectOp,
            arith::ConstantOp>(op))
      return rewriter.notifyMatchFailure(op, "handled elsewhere or kept");
    if (op->getNumRegions() != 0 ||
        (llvm::none_of(op->getOperandTypes(), isFP8) &&
         llvm::none_of(op->getResultTypes(), isFP8)))
      return rewriter.notifyMatchFailure(op, "no fp8 values");
    Location loc = op->getLoc();
    FloatType f32 = rewriter.getF32Type();
    IRMapping widened;
    for (Value operand : op->getOperands())
      if (isFP8(operand.getType()))
        widened.map(operand,
                    arith::ExtFOp::create(
                        rewriter, loc, withElement(operand.getType(), f32),
                        operand));
    Operation *wide = rewriter.clone(*op, widened);
    rewriter.modifyOpInPlace(wide, [&] {
      for (OpResult result : wide->getResults())
        if (isFP8(result.getType()))
          result.setType(withElement(result.getType(), f32));
    });
    SmallVector<Value> results;
    for (auto [original, computed] :
         llvm::zip_equal(op->getResults(), wide->getResults()))
      results.push_back(original.getType() == computed.getType()
                            ? Value(computed)
                            : arith::TruncFOp::create(rewriter, loc,
                                                      original.getType(),
                                                      computed)
                                  .getResult());
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void mlir::tiny::populateExpandFP8Patterns(RewritePatternSet &patterns) {
  patterns.add<TruncFToFP8, ExtFFromFP8, ComputeFP8InF32>(
      patterns.getContext());
}
