//===- TinyIntRange.cpp - integer value ranges of tiny tensor ops ----------===//
//
// InferIntRangeInterface for the integer-valued tensor-level ops: tinygrad's
// vmin/vmax rules, made sound under wraparound. The range of a tensor bounds
// every one of its elements, so broadcasting never changes it. Both the
// signed and the unsigned view of the bits are tracked; an op whose result may
// overflow in one view gets that view's full range (MLIR's overflow flags
// "none"). Unsigned dtypes and bool (0 or 1) use the unsigned forms of
// division, remainder, max, comparison and extension; signless ints the
// signed ones. Ops without a rule (param, buffer, bitcast, call, ...) get the
// dtype's full range from the analysis.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/Utils/InferIntRangeCommon.h"

using namespace mlir;
using namespace mlir::tiny;
using intrange::CmpPredicate;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// True when `value` is an integer (or bool) tensor, the only values that
/// carry a range.
bool hasIntRange(Value value) {
  return isa<IntegerType>(getElementTypeOrSelf(value.getType()));
}

/// Unsigned dtypes and bool compare, divide and extend as unsigned numbers.
bool isUnsignedDType(Type type) {
  Type dtype = getElementTypeOrSelf(type);
  return dtype.isUnsignedInteger() || dtype.isInteger(1);
}

unsigned getBitWidth(Value value) {
  return getElementTypeOrSelf(value.getType()).getIntOrFloatBitWidth();
}

/// [v, v] for a known bool, [0, 1] otherwise.
ConstantIntRanges boolRange(std::optional<bool> value) {
  if (!value)
    return ConstantIntRanges::maxRange(1);
  return ConstantIntRanges::constant(APInt(1, *value));
}

/// `range` joined with 0 (padding, out-of-bounds reads).
ConstantIntRanges unionWithZero(const ConstantIntRanges &range) {
  return range.rangeUnion(
      ConstantIntRanges::constant(APInt::getZero(range.umin().getBitWidth())));
}

/// The range of a sum of `count` elements of `range`, wrapping: computed
/// exactly in a width that cannot overflow, then each view is kept only when
/// it fits the dtype.
ConstantIntRanges scaleRange(const ConstantIntRanges &range, uint64_t count) {
  unsigned width = range.umin().getBitWidth();
  unsigned wide = width + 64;
  APInt factor(wide, count);
  APInt umin = range.umin().zext(wide) * factor;
  APInt umax = range.umax().zext(wide) * factor;
  APInt smin = range.smin().sext(wide) * factor;
  APInt smax = range.smax().sext(wide) * factor;
  ConstantIntRanges unsignedView =
      umax.isIntN(width)
          ? ConstantIntRanges::fromUnsigned(umin.trunc(width),
                                            umax.trunc(width))
          : ConstantIntRanges::maxRange(width);
  ConstantIntRanges signedView =
      smin.isSignedIntN(width) && smax.isSignedIntN(width)
          ? ConstantIntRanges::fromSigned(smin.trunc(width), smax.trunc(width))
          : ConstantIntRanges::maxRange(width);
  return unsignedView.intersection(signedView);
}

/// Python's modulo: the remainder takes the divisor's sign.
APInt floorMod(const APInt &lhs, const APInt &rhs) {
  APInt rem = lhs.srem(rhs);
  if (!rem.isZero() && rem.isNegative() != rhs.isNegative())
    rem += rhs;
  return rem;
}

/// Signed floormod: [0, d-1] for a positive divisor, [d+1, 0] for a negative
/// one, exact when the dividend stays within one period of a constant
/// divisor; unbounded when the divisor may be zero.
ConstantIntRanges inferFloorModS(ArrayRef<ConstantIntRanges> argRanges) {
  const ConstantIntRanges &lhs = argRanges[0], &rhs = argRanges[1];
  const APInt &divMin = rhs.smin(), &divMax = rhs.smax();
  unsigned width = divMin.getBitWidth();
  if (divMin == divMax && !divMin.isZero()) {
    // smax - smin is the span as an unsigned number, overflow included.
    APInt span = lhs.smax() - lhs.smin();
    if (span.ult(divMin.abs())) {
      APInt lo = floorMod(lhs.smin(), divMin);
      APInt hi = floorMod(lhs.smax(), divMin);
      if (lo.sle(hi))
        return ConstantIntRanges::fromSigned(lo, hi);
    }
  }
  if (divMin.isStrictlyPositive()) {
    APInt hi = divMax - 1;
    // A non-negative dividend below the divisor is its own remainder.
    if (lhs.smin().isNonNegative() && lhs.smax().slt(hi))
      hi = lhs.smax();
    return ConstantIntRanges::fromSigned(APInt::getZero(width), hi);
  }
  if (divMax.isNegative())
    return ConstantIntRanges::fromSigned(divMin + 1, APInt::getZero(width));
  return ConstantIntRanges::maxRange(width);
}

/// Sets the range of a comparison result: decided when the operand ranges
/// cannot overlap the other way, [0, 1] otherwise and for float operands.
void inferCompare(Operation *op, ArrayRef<IntegerValueRange> argRanges,
                  SetIntLatticeFn setResultRanges, CmpPredicate signedPred,
                  CmpPredicate unsignedPred) {
  Value lhs = op->getOperand(0), result = op->getResult(0);
  if (!hasIntRange(lhs)) {
    setResultRanges(result, boolRange(std::nullopt));
    return;
  }
  if (argRanges[0].isUninitialized() || argRanges[1].isUninitialized())
    return;
  CmpPredicate pred = isUnsignedDType(lhs.getType()) ? unsignedPred : signedPred;
  setResultRanges(result, boolRange(intrange::evaluatePred(
                              pred, argRanges[0].getValue(),
                              argRanges[1].getValue())));
}

/// Sets the result range of an op whose elements are its first operand's.
void forwardSource(Operation *op, ArrayRef<ConstantIntRanges> argRanges,
                   SetIntRangeFn setResultRanges) {
  if (hasIntRange(op->getResult(0)))
    setResultRanges(op->getResult(0), argRanges[0]);
}

} // namespace

//===----------------------------------------------------------------------===//
// Source ops
//===----------------------------------------------------------------------===//

void ConstOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                SetIntRangeFn setResultRanges) {
  // const(c) -> [c, c]; const([c0, ..., cn]) -> [min ci, max ci]
  auto dense = dyn_cast<DenseIntElementsAttr>(getValue());
  if (!hasIntRange(getResult()) || !dense)
    return;
  std::optional<ConstantIntRanges> range;
  for (const APInt &value : dense.getValues<APInt>()) {
    ConstantIntRanges element = ConstantIntRanges::constant(value);
    range = range ? range->rangeUnion(element) : element;
    if (dense.isSplat())
      break;
  }
  if (range)
    setResultRanges(getResult(), *range);
}

//===----------------------------------------------------------------------===//
// Movement ops: a view holds only its source's elements, and zeros
//===----------------------------------------------------------------------===//

void ReshapeOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                  SetIntRangeFn setResultRanges) {
  forwardSource(*this, argRanges, setResultRanges);
}

void PermuteOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                  SetIntRangeFn setResultRanges) {
  forwardSource(*this, argRanges, setResultRanges);
}

void ExpandOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                 SetIntRangeFn setResultRanges) {
  forwardSource(*this, argRanges, setResultRanges);
}

void ShrinkOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                 SetIntRangeFn setResultRanges) {
  forwardSource(*this, argRanges, setResultRanges);
}

void FlipOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                               SetIntRangeFn setResultRanges) {
  forwardSource(*this, argRanges, setResultRanges);
}

void PadOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                              SetIntRangeFn setResultRanges) {
  if (!hasIntRange(getResult()))
    return;
  // pad(x) -> range(x) | 0 when anything is padded
  bool padded = llvm::any_of(getLow(), [](int64_t n) { return n != 0; }) ||
                llvm::any_of(getHigh(), [](int64_t n) { return n != 0; });
  setResultRanges(getResult(),
                  padded ? unionWithZero(argRanges[0]) : argRanges[0]);
}

void IndexOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                SetIntRangeFn setResultRanges) {
  if (!hasIntRange(getResult()))
    return;
  // index(src, i...) -> range(src), | 0 unless every index is in bounds
  ArrayRef<int64_t> shape = cast<ShapedType>(getSrc().getType()).getShape();
  bool inBounds = true;
  for (auto [axis, index] : llvm::enumerate(getIndices())) {
    const ConstantIntRanges &range = argRanges[axis + 1];
    int64_t dim = shape[axis];
    inBounds &= isUnsignedDType(index.getType())
                    ? range.umax().ult(static_cast<uint64_t>(dim))
                    : range.smin().isNonNegative() && range.smax().slt(dim);
  }
  setResultRanges(getResult(),
                  inBounds ? argRanges[0] : unionWithZero(argRanges[0]));
}

void StackOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                SetIntRangeFn setResultRanges) {
  if (!hasIntRange(getResult()))
    return;
  // stack(a, b, ...) -> range(a) | range(b) | ...
  ConstantIntRanges result = argRanges.front();
  for (const ConstantIntRanges &range : argRanges.drop_front())
    result = result.rangeUnion(range);
  setResultRanges(getResult(), result);
}

//===----------------------------------------------------------------------===//
// Reduce
//===----------------------------------------------------------------------===//

void ReduceOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                 SetIntRangeFn setResultRanges) {
  if (!hasIntRange(getResult()))
    return;
  const ConstantIntRanges &src = argRanges[0];
  unsigned width = getBitWidth(getResult());
  ArrayRef<int64_t> shape = cast<ShapedType>(getSrc().getType()).getShape();
  uint64_t count = 1;
  for (int64_t axis : getAxes())
    count *= static_cast<uint64_t>(shape[axis]);

  ConstantIntRanges result = ConstantIntRanges::maxRange(width);
  if (count == 0) {
    // add of nothing -> 0; max and mul of nothing are left unbounded
    if (getKind() == ReduceKind::Add)
      result = ConstantIntRanges::constant(APInt::getZero(width));
  } else if (count == 1 || getKind() == ReduceKind::Max || width == 1) {
    // reduce max(x), a reduce of one element, and bool add (or) / mul (and)
    // -> range(x)
    result = src;
  } else if (getKind() == ReduceKind::Add) {
    // reduce add(x) over n elements -> n * range(x), full on overflow
    result = scaleRange(src, count);
  }
  setResultRanges(getResult(), result);
}

//===----------------------------------------------------------------------===//
// Unary ops and cast
//===----------------------------------------------------------------------===//

void NegOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                              SetIntRangeFn setResultRanges) {
  // neg(x) -> 0 - range(x), wrapping (neg(INT_MIN) is INT_MIN)
  if (!hasIntRange(getResult()))
    return;
  ConstantIntRanges zero =
      ConstantIntRanges::constant(APInt::getZero(getBitWidth(getResult())));
  setResultRanges(getResult(), intrange::inferSub({zero, argRanges[0]}));
}

void CastOp::inferResultRangesFromOptional(
    ArrayRef<IntegerValueRange> argRanges, SetIntLatticeFn setResultRanges) {
  if (!hasIntRange(getResult()))
    return;
  unsigned width = getBitWidth(getResult());
  // cast of a float -> any value of the dtype
  if (!hasIntRange(getSrc())) {
    setResultRanges(getResult(), ConstantIntRanges::maxRange(width));
    return;
  }
  if (argRanges[0].isUninitialized())
    return;
  const ConstantIntRanges &src = argRanges[0].getValue();
  unsigned srcWidth = getBitWidth(getSrc());
  ConstantIntRanges result = src;
  if (width == 1 && srcWidth != 1) {
    // cast(x, bool) -> x != 0
    ConstantIntRanges zero =
        ConstantIntRanges::constant(APInt::getZero(srcWidth));
    result = boolRange(intrange::evaluatePred(CmpPredicate::ne, src, zero));
  } else if (width > srcWidth) {
    // widening extends by the source's signedness (bool and unsigned: zeros)
    result = isUnsignedDType(getSrc().getType())
                 ? intrange::extUIRange(src, width)
                 : intrange::extSIRange(src, width);
  } else if (width < srcWidth) {
    // narrowing keeps the low bits
    result = intrange::truncRange(src, width);
  }
  // Same width (e.g. i32 <-> ui32): the bits and both views are unchanged.
  setResultRanges(getResult(), result);
}

//===----------------------------------------------------------------------===//
// Binary arithmetic (wrapping)
//===----------------------------------------------------------------------===//

/// Defines `inferResultRanges` of a binary op as `expr`, a function of the
/// operand ranges `argRanges` and `isUnsigned`.
#define TINY_BINARY_RANGE(OpClass, expr)                                       \
  void OpClass::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,       \
                                  SetIntRangeFn setResultRanges) {             \
    if (!hasIntRange(getResult()))                                             \
      return;                                                                  \
    [[maybe_unused]] bool isUnsigned = isUnsignedDType(getLhs().getType());    \
    setResultRanges(getResult(), expr);                                        \
  }

// add(a, b) -> [amin + bmin, amax + bmax] per view, full on overflow
TINY_BINARY_RANGE(AddOp, intrange::inferAdd(argRanges))
// sub(a, b) -> [amin - bmax, amax - bmin] per view, full on overflow
TINY_BINARY_RANGE(SubOp, intrange::inferSub(argRanges))
// mul(a, b) -> min/max of the corner products per view, full on overflow
TINY_BINARY_RANGE(MulOp, intrange::inferMul(argRanges))
// cdiv(a, b) -> min/max of the corner quotients when b excludes 0
TINY_BINARY_RANGE(CDivOp, isUnsigned ? intrange::inferDivU(argRanges)
                                     : intrange::inferDivS(argRanges))
// cmod(a, b) -> the dividend's sign, |result| < |b|
TINY_BINARY_RANGE(CModOp, isUnsigned ? intrange::inferRemU(argRanges)
                                     : intrange::inferRemS(argRanges))
// floordiv(a, b) -> floor of the corner quotients when b excludes 0
TINY_BINARY_RANGE(FloorDivOp, isUnsigned ? intrange::inferDivU(argRanges)
                                         : intrange::inferFloorDivS(argRanges))
// floormod(a, b) -> the divisor's sign, |result| < |b|
TINY_BINARY_RANGE(FloorModOp, isUnsigned ? intrange::inferRemU(argRanges)
                                         : inferFloorModS(argRanges))
// max(a, b) -> [max(amin, bmin), max(amax, bmax)]
TINY_BINARY_RANGE(MaxOp, isUnsigned ? intrange::inferMaxU(argRanges)
                                    : intrange::inferMaxS(argRanges))
// and / or / xor -> bounds from the bits the operands' ranges share
TINY_BINARY_RANGE(AndOp, intrange::inferAnd(argRanges))
TINY_BINARY_RANGE(OrOp, intrange::inferOr(argRanges))
TINY_BINARY_RANGE(XorOp, intrange::inferXor(argRanges))
// shl(a, c) -> a * 2^c, full on overflow or a shift >= the width
TINY_BINARY_RANGE(ShlOp, intrange::inferShl(argRanges))
// shr(a, c) -> arithmetic (signed) or logical (unsigned) shift of the bounds
TINY_BINARY_RANGE(ShrOp, isUnsigned ? intrange::inferShrU(argRanges)
                                    : intrange::inferShrS(argRanges))

#undef TINY_BINARY_RANGE

//===----------------------------------------------------------------------===//
// Comparisons: i1 results, [0, 0] or [1, 1] when decided, else [0, 1]
//===----------------------------------------------------------------------===//

#define TINY_COMPARE_RANGE(OpClass, signedPred, unsignedPred)                  \
  void OpClass::inferResultRangesFromOptional(                                 \
      ArrayRef<IntegerValueRange> argRanges,                                   \
      SetIntLatticeFn setResultRanges) {                                       \
    inferCompare(*this, argRanges, setResultRanges, CmpPredicate::signedPred,  \
                 CmpPredicate::unsignedPred);                                  \
  }

TINY_COMPARE_RANGE(CmpLtOp, slt, ult)
TINY_COMPARE_RANGE(CmpGtOp, sgt, ugt)
TINY_COMPARE_RANGE(CmpLeOp, sle, ule)
TINY_COMPARE_RANGE(CmpGeOp, sge, uge)
TINY_COMPARE_RANGE(CmpEqOp, eq, eq)
TINY_COMPARE_RANGE(CmpNeOp, ne, ne)

#undef TINY_COMPARE_RANGE

//===----------------------------------------------------------------------===//
// Select
//===----------------------------------------------------------------------===//

void WhereOp::inferResultRangesFromOptional(
    ArrayRef<IntegerValueRange> argRanges, SetIntLatticeFn setResultRanges) {
  if (!hasIntRange(getResult()))
    return;
  const IntegerValueRange &condition = argRanges[0];
  const IntegerValueRange &trueRange = argRanges[1];
  const IntegerValueRange &falseRange = argRanges[2];
  if (condition.isUninitialized())
    return;
  // where(c, a, b) with c decided -> range(a) or range(b)
  if (std::optional<APInt> pick = condition.getValue().getConstantValue()) {
    const IntegerValueRange &chosen = pick->isZero() ? falseRange : trueRange;
    if (!chosen.isUninitialized())
      setResultRanges(getResult(), chosen);
    return;
  }
  // where(c, a, b) -> range(a) | range(b)
  if (trueRange.isUninitialized() || falseRange.isUninitialized())
    return;
  setResultRanges(getResult(), IntegerValueRange::join(trueRange, falseRange));
}

//===----------------------------------------------------------------------===//
// Markers and data movement: the elements pass through unchanged
//===----------------------------------------------------------------------===//

void ContiguousOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                     SetIntRangeFn setResultRanges) {
  forwardSource(*this, argRanges, setResultRanges);
}

void ContiguousBackwardOp::inferResultRanges(
    ArrayRef<ConstantIntRanges> argRanges, SetIntRangeFn setResultRanges) {
  forwardSource(*this, argRanges, setResultRanges);
}

void DetachOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                 SetIntRangeFn setResultRanges) {
  forwardSource(*this, argRanges, setResultRanges);
}

void CopyOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                               SetIntRangeFn setResultRanges) {
  forwardSource(*this, argRanges, setResultRanges);
}

void AfterOp::inferResultRangesFromOptional(
    ArrayRef<IntegerValueRange> argRanges, SetIntLatticeFn setResultRanges) {
  // after(x, deps...) -> range(x); the dependencies (tokens) have no range
  if (hasIntRange(getResult()) && !argRanges[0].isUninitialized())
    setResultRanges(getResult(), argRanges[0]);
}
