//===- TinyElementwiseFolders.cpp - folders of tiny elementwise ops --------===//
//
// Constant folding with each dtype's own semantics (integers wrap, C-style
// cdiv/cmod, IEEE floats: NaN compares false except with cmpne) and the
// algebraic identities that need no new op. Each rule has its one-line form.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyFoldUtils.h"
#include "dialects/tiny/IR/TinyOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::tiny;
using mlir::tiny::detail::isSplatOf;
using mlir::tiny::detail::splatAs;

namespace {

using IntFn = function_ref<std::optional<APInt>(const APInt &, const APInt &,
                                                bool isUnsigned)>;
using FloatFn =
    function_ref<std::optional<APFloat>(const APFloat &, const APFloat &)>;

std::optional<APFloat> noFloatFold(const APFloat &, const APFloat &) {
  return std::nullopt;
}

/// Unsigned semantics: the unsigned dtypes, and bool (false < true, as
/// tinygrad and the kernel lowering order them).
bool isUnsignedOrBool(Type dtype) {
  return dtype.isUnsignedInteger() || dtype.isInteger(1);
}

/// Folds a binary op of two splat constants into a splat of `resultType`.
Attribute foldSplats(Attribute lhs, Attribute rhs, Type resultType,
                     IntFn intFn, FloatFn floatFn) {
  auto lhsSplat = dyn_cast_or_null<SplatElementsAttr>(lhs);
  auto rhsSplat = dyn_cast_or_null<SplatElementsAttr>(rhs);
  if (!lhsSplat || !rhsSplat)
    return {};
  auto type = cast<ShapedType>(resultType);
  Type dtype = lhsSplat.getElementType();
  if (isa<FloatType>(dtype)) {
    std::optional<APFloat> value = floatFn(lhsSplat.getSplatValue<APFloat>(),
                                           rhsSplat.getSplatValue<APFloat>());
    return value ? DenseElementsAttr::get(type, ArrayRef<APFloat>(*value))
                 : Attribute();
  }
  std::optional<APInt> value =
      intFn(lhsSplat.getSplatValue<APInt>(), rhsSplat.getSplatValue<APInt>(),
            isUnsignedOrBool(dtype));
  return value ? DenseElementsAttr::get(type, ArrayRef<APInt>(*value))
               : Attribute();
}

/// Folds a comparison of two splat constants into an i1 splat.
Attribute foldCompare(
    Attribute lhs, Attribute rhs, Type resultType,
    function_ref<bool(const APInt &, const APInt &, bool isUnsigned)> intFn,
    function_ref<bool(APFloat::cmpResult)> floatFn) {
  auto lhsSplat = dyn_cast_or_null<SplatElementsAttr>(lhs);
  auto rhsSplat = dyn_cast_or_null<SplatElementsAttr>(rhs);
  if (!lhsSplat || !rhsSplat)
    return {};
  Type dtype = lhsSplat.getElementType();
  bool value =
      isa<FloatType>(dtype)
          ? floatFn(lhsSplat.getSplatValue<APFloat>().compare(
                rhsSplat.getSplatValue<APFloat>()))
          : intFn(lhsSplat.getSplatValue<APInt>(),
                  rhsSplat.getSplatValue<APInt>(), isUnsignedOrBool(dtype));
  return DenseElementsAttr::get(cast<ShapedType>(resultType),
                                ArrayRef<bool>(value));
}

bool isNegativeZeroSplat(Attribute attr) {
  auto splat = dyn_cast_or_null<SplatElementsAttr>(attr);
  return splat && isa<FloatType>(splat.getElementType()) &&
         splat.getSplatValue<APFloat>().isNegZero();
}

bool isIntegerTensor(Type type) {
  return isa<IntegerType>(getElementTypeOrSelf(type));
}

/// `value` as the fold result when it already has the result's type (a
/// broadcasting op may not return an operand of a smaller shape).
OpFoldResult ifSameType(Value value, Type resultType) {
  return value.getType() == resultType ? OpFoldResult(value) : OpFoldResult();
}

/// An APFloat arithmetic member (add, subtract, multiply) as a fold
/// function, rounding to nearest even as IEEE arithmetic does. Not folded:
/// an fp8 result that overflows, which APFloat makes NaN or infinity where
/// the lowering saturates to the largest finite value.
template <APFloat::opStatus (APFloat::*Op)(const APFloat &,
                                            APFloat::roundingMode)>
std::optional<APFloat> applyFloat(const APFloat &a, const APFloat &b) {
  APFloat result = a;
  APFloat::opStatus status = (result.*Op)(b, APFloat::rmNearestTiesToEven);
  if ((status & APFloat::opOverflow) &&
      APFloat::getSizeInBits(result.getSemantics()) == 8)
    return std::nullopt;
  return result;
}

} // namespace

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  // add(x, 0) -> x on integers; on floats only x + -0.0 is x for every x.
  if ((isIntegerTensor(getType()) && isSplatOf(adaptor.getRhs(), 0)) ||
      isNegativeZeroSplat(adaptor.getRhs()))
    return ifSameType(getLhs(), getType());
  // add(c1, c2) -> c1 + c2, wrapping
  return foldSplats(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APInt &a, const APInt &b, bool) { return std::optional(a + b); },
      applyFloat<&APFloat::add>);
}

OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  // sub(x, 0) -> x on integers; x - +0.0 is x for every float x.
  if (isSplatOf(adaptor.getRhs(), 0))
    return ifSameType(getLhs(), getType());
  // sub(c1, c2) -> c1 - c2, wrapping
  return foldSplats(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APInt &a, const APInt &b, bool) { return std::optional(a - b); },
      applyFloat<&APFloat::subtract>);
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  // mul(x, 1) -> x
  if (isSplatOf(adaptor.getRhs(), 1))
    return ifSameType(getLhs(), getType());
  // mul(x, 0) -> 0 on integers (floats: x may be NaN or inf)
  if (isIntegerTensor(getType()) && isSplatOf(adaptor.getRhs(), 0))
    return splatAs(adaptor.getRhs(), getType());
  // mul(c1, c2) -> c1 * c2, wrapping
  return foldSplats(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APInt &a, const APInt &b, bool) { return std::optional(a * b); },
      applyFloat<&APFloat::multiply>);
}

OpFoldResult MaxOp::fold(FoldAdaptor adaptor) {
  // max(x, x) -> x
  if (getLhs() == getRhs())
    return getLhs();
  // max(c1, c2) -> IEEE 754-2019 maximum on floats: NaN wins, -0 < +0, as
  // the lowering's arith.maximumf computes it
  return foldSplats(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APInt &a, const APInt &b, bool isUnsigned) {
        return std::optional(isUnsigned ? llvm::APIntOps::umax(a, b)
                                        : llvm::APIntOps::smax(a, b));
      },
      [](const APFloat &a, const APFloat &b) {
        return std::optional(maximum(a, b));
      });
}

OpFoldResult CDivOp::fold(FoldAdaptor adaptor) {
  // cdiv(x, 1) -> x
  if (isSplatOf(adaptor.getRhs(), 1))
    return ifSameType(getLhs(), getType());
  // cdiv(c1, c2) truncates toward zero; not folded: c2 == 0, MIN / -1.
  return foldSplats(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APInt &a, const APInt &b,
         bool isUnsigned) -> std::optional<APInt> {
        if (b.isZero())
          return std::nullopt;
        if (isUnsigned)
          return a.udiv(b);
        bool overflow;
        APInt r = a.sdiv_ov(b, overflow);
        return overflow ? std::nullopt : std::optional(r);
      },
      noFloatFold);
}

OpFoldResult CModOp::fold(FoldAdaptor adaptor) {
  // cmod(c1, c2) takes the dividend's sign; not folded: c2 == 0, MIN % -1.
  return foldSplats(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APInt &a, const APInt &b,
         bool isUnsigned) -> std::optional<APInt> {
        if (b.isZero())
          return std::nullopt;
        if (isUnsigned)
          return a.urem(b);
        if (a.isMinSignedValue() && b.isAllOnes())
          return std::nullopt;
        return a.srem(b);
      },
      noFloatFold);
}

//===----------------------------------------------------------------------===//
// Bitwise
//===----------------------------------------------------------------------===//

OpFoldResult XorOp::fold(FoldAdaptor adaptor) {
  // xor(x, 0) -> x
  if (isSplatOf(adaptor.getRhs(), 0))
    return ifSameType(getLhs(), getType());
  return foldSplats(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APInt &a, const APInt &b, bool) { return std::optional(a ^ b); },
      noFloatFold);
}

OpFoldResult OrOp::fold(FoldAdaptor adaptor) {
  // or(x, x) -> x; or(x, 0) -> x
  if (getLhs() == getRhs())
    return getLhs();
  if (isSplatOf(adaptor.getRhs(), 0))
    return ifSameType(getLhs(), getType());
  return foldSplats(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APInt &a, const APInt &b, bool) { return std::optional(a | b); },
      noFloatFold);
}

OpFoldResult AndOp::fold(FoldAdaptor adaptor) {
  // and(x, x) -> x; and(x, 0) -> 0
  if (getLhs() == getRhs())
    return getLhs();
  if (isSplatOf(adaptor.getRhs(), 0))
    return splatAs(adaptor.getRhs(), getType());
  return foldSplats(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APInt &a, const APInt &b, bool) { return std::optional(a & b); },
      noFloatFold);
}

//===----------------------------------------------------------------------===//
// Comparisons: IEEE, so an unordered (NaN) compare is only != .
//===----------------------------------------------------------------------===//

OpFoldResult CmpLtOp::fold(FoldAdaptor adaptor) {
  // cmplt(x, x) -> false, floats included: NaN < NaN is false too
  if (getLhs() == getRhs())
    return DenseElementsAttr::get(cast<ShapedType>(getType()),
                                  ArrayRef<bool>(false));
  return foldCompare(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APInt &a, const APInt &b, bool isUnsigned) {
        return isUnsigned ? a.ult(b) : a.slt(b);
      },
      [](APFloat::cmpResult r) { return r == APFloat::cmpLessThan; });
}

OpFoldResult CmpNeOp::fold(FoldAdaptor adaptor) {
  // cmpne(x, x) -> false on integers only: NaN != NaN is true
  if (getLhs() == getRhs() && isIntegerTensor(getLhs().getType()))
    return DenseElementsAttr::get(cast<ShapedType>(getType()),
                                  ArrayRef<bool>(false));
  return foldCompare(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APInt &a, const APInt &b, bool) { return a != b; },
      [](APFloat::cmpResult r) { return r != APFloat::cmpEqual; });
}

OpFoldResult CmpEqOp::fold(FoldAdaptor adaptor) {
  // cmpeq(x, x) -> true on integers only: NaN == NaN is false
  if (getLhs() == getRhs() && isIntegerTensor(getLhs().getType()))
    return DenseElementsAttr::get(cast<ShapedType>(getType()),
                                  ArrayRef<bool>(true));
  return foldCompare(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APInt &a, const APInt &b, bool) { return a == b; },
      [](APFloat::cmpResult r) { return r == APFloat::cmpEqual; });
}

//===----------------------------------------------------------------------===//
// Select and cast
//===----------------------------------------------------------------------===//

OpFoldResult WhereOp::fold(FoldAdaptor adaptor) {
  // where(c, x, x) -> x
  if (getTrueValue() == getFalseValue())
    return ifSameType(getTrueValue(), getType());
  // where(true, a, b) -> a; where(false, a, b) -> b
  auto condition = dyn_cast_or_null<SplatElementsAttr>(adaptor.getCondition());
  if (!condition)
    return {};
  bool pick = condition.getSplatValue<bool>();
  Value chosen = pick ? getTrueValue() : getFalseValue();
  Attribute chosenConst = pick ? adaptor.getTrueValue() : adaptor.getFalseValue();
  if (OpFoldResult same = ifSameType(chosen, getType()))
    return same;
  return splatAs(chosenConst, getType());
}

/// True when every value of dtype `from` is exactly a value of dtype `to`,
/// so a cast to `to` loses nothing on the way to a third dtype.
static bool isLosslessCast(Type from, Type to) {
  if (to.isInteger(1))
    return from.isInteger(1);
  if (from.isInteger(1))
    return true;
  unsigned fromWidth = from.getIntOrFloatBitWidth();
  if (isa<IntegerType>(from)) {
    bool fromUnsigned = from.isUnsignedInteger();
    // The magnitude bits of the source: all of them for an unsigned one.
    unsigned valueBits = fromUnsigned ? fromWidth : fromWidth - 1;
    if (auto toFloat = dyn_cast<FloatType>(to))
      return toFloat.getFPMantissaWidth() >= valueBits;
    unsigned toWidth = to.getIntOrFloatBitWidth();
    if (to.isUnsignedInteger())
      return fromUnsigned && toWidth >= fromWidth;
    return fromUnsigned ? toWidth > fromWidth : toWidth >= fromWidth;
  }
  auto fromFloat = cast<FloatType>(from);
  auto toFloat = dyn_cast<FloatType>(to);
  return toFloat &&
         APFloat::isRepresentableAsNormalIn(fromFloat.getFloatSemantics(),
                                            toFloat.getFloatSemantics());
}

OpFoldResult CastOp::fold(FoldAdaptor) {
  // cast(x, dtype(x)) -> x
  if (OpFoldResult same = ifSameType(getSrc(), getType()))
    return same;
  // cast(cast(x, B), C) -> cast(x, C) when B holds every value of x
  auto inner = getSrc().getDefiningOp<CastOp>();
  if (!inner)
    return {};
  Type original = getElementTypeOrSelf(inner.getSrc().getType());
  if (!isLosslessCast(original, getElementTypeOrSelf(inner.getType())))
    return {};
  if (inner.getSrc().getType() == getType())
    return inner.getSrc();
  getSrcMutable().assign(inner.getSrc());
  return getResult();
}
