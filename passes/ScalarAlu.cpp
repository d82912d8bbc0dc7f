//===- ScalarAlu.cpp - tinygrad ALU semantics on scalars -------------------===//

#include "passes/ScalarAlu.h"

#include "dialects/tiny/IR/TinyOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tiny;

Type mlir::tiny::getStorageType(Type dtype) {
  if (auto intType = dyn_cast<IntegerType>(dtype))
    return IntegerType::get(dtype.getContext(), intType.getWidth());
  return dtype;
}

static bool isUnsigned(Type dtype) { return dtype.isUnsignedInteger(); }

/// Floats the CPU has no arithmetic for: they are computed in f32 and
/// rounded once, which is exact for + - * / sqrt of f16, bf16 and fp8
/// operands (f32 has more than twice their significant bits plus two).
static bool isNarrowFloat(Type dtype) {
  return isa<Float16Type, BFloat16Type, Float8E4M3FNType, Float8E5M2Type,
             Float8E4M3FNUZType, Float8E5M2FNUZType>(dtype);
}

Value mlir::tiny::createScalarConstant(OpBuilder &builder, Location loc,
                                       Type dtype, Attribute value) {
  Type storage = getStorageType(dtype);
  if (auto intValue = dyn_cast<IntegerAttr>(value))
    return arith::ConstantOp::create(
        builder, loc, IntegerAttr::get(storage, intValue.getValue()));
  auto floatValue = cast<FloatAttr>(value);
  return arith::ConstantOp::create(
      builder, loc, FloatAttr::get(storage, floatValue.getValue()));
}

Value mlir::tiny::createReduceIdentity(OpBuilder &builder, Location loc,
                                       ReduceKind kind, Type dtype) {
  Type storage = getStorageType(dtype);
  if (auto floatType = dyn_cast<FloatType>(dtype)) {
    const llvm::fltSemantics &sem = floatType.getFloatSemantics();
    APFloat identity = kind == ReduceKind::Add   ? APFloat::getZero(sem)
                       : kind == ReduceKind::Mul ? APFloat(sem, 1)
                                                 : APFloat::getInf(sem, true);
    return arith::ConstantOp::create(builder, loc,
                                     FloatAttr::get(storage, identity));
  }
  unsigned width = dtype.getIntOrFloatBitWidth();
  APInt identity(width, 0);
  if (kind == ReduceKind::Mul)
    identity = APInt(width, 1);
  else if (kind == ReduceKind::Max && !isUnsigned(dtype) && width > 1)
    identity = APInt::getSignedMinValue(width);
  return arith::ConstantOp::create(builder, loc,
                                   IntegerAttr::get(storage, identity));
}

Value mlir::tiny::createReduceCombine(OpBuilder &builder, Location loc,
                                      ReduceKind kind, Type dtype, Value acc,
                                      Value value) {
  if (isa<FloatType>(dtype)) {
    // The order of a reduction is not part of its meaning (tinygrad splits
    // and reorders reductions freely); reassoc lets LLVM vectorize it. A sum
    // of products may fuse each product into an FMA, as tinygrad's MULACC.
    auto flags = arith::FastMathFlagsAttr::get(
        builder.getContext(),
        arith::FastMathFlags::reassoc | arith::FastMathFlags::contract);
    if (kind == ReduceKind::Add)
      if (auto product = value.getDefiningOp<arith::MulFOp>())
        product.setFastmath(arith::FastMathFlags::contract);
    switch (kind) {
    case ReduceKind::Add:
      return arith::AddFOp::create(builder, loc, acc, value, flags);
    case ReduceKind::Mul:
      return arith::MulFOp::create(builder, loc, acc, value, flags);
    case ReduceKind::Max:
      return arith::MaximumFOp::create(builder, loc, acc, value);
    }
  }
  bool isBool = dtype.isInteger(1);
  switch (kind) {
  case ReduceKind::Add:
    return isBool ? arith::OrIOp::create(builder, loc, acc, value).getResult()
                  : arith::AddIOp::create(builder, loc, acc, value).getResult();
  case ReduceKind::Mul:
    return isBool ? arith::AndIOp::create(builder, loc, acc, value).getResult()
                  : arith::MulIOp::create(builder, loc, acc, value).getResult();
  case ReduceKind::Max:
    if (isUnsigned(dtype) || isBool)
      return arith::MaxUIOp::create(builder, loc, acc, value);
    return arith::MaxSIOp::create(builder, loc, acc, value);
  }
  return acc;
}

// Casts to f16 and bf16 go through f32, which the CPU and GPU lowerings
// convert from. Rounding to nearest twice is wrong where the first rounding
// lands on a tie of the second (f64 1 + 2^-8 + 2^-30 would give bf16 1.0,
// not 1 + 2^-7). Rounding to f32 by round-to-odd instead (toward zero, the
// last bit set when anything was lost) keeps that information: f32 has at
// least two more significant bits than f16 and bf16, so the final rounding
// to nearest is the correctly rounded cast.

/// f64 `value` as f32, rounded to odd. NaN and infinities pass unchanged;
/// a finite value beyond the f32 range becomes the largest f32, which the
/// narrower format rounds on to infinity.
static Value truncToF32RoundToOdd(OpBuilder &b, Location loc, Value value) {
  Type f32 = b.getF32Type();
  Type i32 = b.getI32Type();
  Value nearest = arith::TruncFOp::create(b, loc, f32, value);
  Value back = arith::ExtFOp::create(b, loc, value.getType(), nearest);
  // Ordered: a NaN is never inexact.
  Value inexact = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE,
                                        back, value);
  Value awayFromZero = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::OGT, math::AbsFOp::create(b, loc, back),
      math::AbsFOp::create(b, loc, value));
  Value bits = arith::BitcastOp::create(b, loc, i32, nearest);
  Value one = arith::ConstantIntOp::create(b, loc, i32, 1);
  // Same sign, so one step down in the bits is one step toward zero.
  Value towardZero = arith::SelectOp::create(
      b, loc, awayFromZero, arith::SubIOp::create(b, loc, bits, one), bits);
  Value odd = arith::OrIOp::create(b, loc, towardZero, one);
  return arith::BitcastOp::create(
      b, loc, f32, arith::SelectOp::create(b, loc, inexact, odd, bits));
}

/// Integer `value` (32 or 64 bits) as f32, rounded to odd: the magnitude's
/// 24 leading bits, the last one set when a lower bit was, scaled back by a
/// power of two (exact in f32).
static Value intToF32RoundToOdd(OpBuilder &b, Location loc, Value value,
                                bool isUnsignedValue) {
  Type i64 = b.getI64Type();
  Type f32 = b.getF32Type();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, loc, i64, v);
  };
  Value wide = value;
  if (value.getType() != i64)
    wide = isUnsignedValue
               ? arith::ExtUIOp::create(b, loc, i64, value).getResult()
               : arith::ExtSIOp::create(b, loc, i64, value).getResult();
  Value zero = constant(0);
  Value negative = isUnsignedValue
                       ? arith::ConstantIntOp::create(b, loc, b.getI1Type(), 0)
                             .getResult()
                       : arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                               wide, zero)
                             .getResult();
  // The magnitude as an unsigned 64-bit value (INT64_MIN's is 2^63).
  Value magnitude = arith::SelectOp::create(
      b, loc, negative, arith::SubIOp::create(b, loc, zero, wide), wide);
  Value significantBits = arith::SubIOp::create(
      b, loc, constant(64), math::CountLeadingZerosOp::create(b, loc, magnitude));
  Value shift = arith::MaxSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, significantBits, constant(24)),
      zero);
  Value lostMask = arith::SubIOp::create(
      b, loc, arith::ShLIOp::create(b, loc, constant(1), shift), constant(1));
  Value lost = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne,
      arith::AndIOp::create(b, loc, magnitude, lostMask), zero);
  Value kept = arith::OrIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, magnitude, shift),
      arith::ExtUIOp::create(b, loc, i64, lost));
  // 2^shift as f32 bits: the biased exponent shift + 127 (shift <= 40).
  Value scaleBits = arith::ShLIOp::create(
      b, loc,
      arith::TruncIOp::create(
          b, loc, b.getI32Type(),
          arith::AddIOp::create(b, loc, shift, constant(127))),
      arith::ConstantIntOp::create(b, loc, b.getI32Type(), 23));
  Value scaled = arith::MulFOp::create(
      b, loc, arith::UIToFPOp::create(b, loc, f32, kept),
      arith::BitcastOp::create(b, loc, f32, scaleBits));
  return arith::SelectOp::create(b, loc, negative,
                                 arith::NegFOp::create(b, loc, scaled), scaled);
}

Value mlir::tiny::createScalarCast(OpBuilder &builder, Location loc,
                                   Value value, Type from, Type to) {
  if (from == to)
    return value;
  Type target = getStorageType(to);
  auto f32 = builder.getF32Type();
  if (to.isInteger(1)) {
    if (isa<FloatType>(from)) {
      // C's (bool)x: true for NaN too, hence the unordered compare.
      Value zero = arith::ConstantOp::create(
          builder, loc, FloatAttr::get(from, 0.0));
      return arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNE,
                                   value, zero);
    }
    Value zero = arith::ConstantOp::create(
        builder, loc, IntegerAttr::get(getStorageType(from), 0));
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne, value,
                                 zero);
  }
  if (isa<IntegerType>(from)) {
    bool zeroExtend = isUnsigned(from) || from.isInteger(1);
    if (auto targetInt = dyn_cast<IntegerType>(target)) {
      unsigned fromWidth = from.getIntOrFloatBitWidth();
      if (targetInt.getWidth() > fromWidth)
        return zeroExtend
                   ? arith::ExtUIOp::create(builder, loc, target, value)
                         .getResult()
                   : arith::ExtSIOp::create(builder, loc, target, value)
                         .getResult();
      if (targetInt.getWidth() < fromWidth)
        return arith::TruncIOp::create(builder, loc, target, value);
      return value;
    }
    // Up to 24 bits convert to f32 exactly; wider ones could round twice.
    if (isNarrowFloat(to) && from.getIntOrFloatBitWidth() > 24)
      return arith::TruncFOp::create(
          builder, loc, target,
          intToF32RoundToOdd(builder, loc, value, zeroExtend));
    Type floatType = isNarrowFloat(to) ? f32 : target;
    Value converted =
        zeroExtend
            ? arith::UIToFPOp::create(builder, loc, floatType, value)
                  .getResult()
            : arith::SIToFPOp::create(builder, loc, floatType, value)
                  .getResult();
    return floatType == target
               ? converted
               : arith::TruncFOp::create(builder, loc, target, converted);
  }
  // From a float.
  if (isNarrowFloat(from)) {
    value = arith::ExtFOp::create(builder, loc, f32, value);
    from = f32;
    if (to == f32)
      return value;
  }
  if (isa<IntegerType>(target))
    return isUnsigned(to)
               ? arith::FPToUIOp::create(builder, loc, target, value)
                     .getResult()
               : arith::FPToSIOp::create(builder, loc, target, value)
                     .getResult();
  if (target.getIntOrFloatBitWidth() > from.getIntOrFloatBitWidth())
    return arith::ExtFOp::create(builder, loc, target, value);
  if (isNarrowFloat(to) && from.isF64())
    value = truncToF32RoundToOdd(builder, loc, value);
  return arith::TruncFOp::create(builder, loc, target, value);
}

namespace {
/// Emits one elementwise op on scalars of its compute type.
class AluEmitter {
public:
  AluEmitter(OpBuilder &builder, Location loc, Type dtype)
      : b(builder), loc(loc), dtype(dtype), isFloat(isa<FloatType>(dtype)),
        isUnsignedInt(isUnsigned(dtype)) {}

  FailureOr<Value> emit(Operation *op, ValueRange operands);

private:
  template <typename FOp, typename IOp>
  Value byKind(Value lhs, Value rhs) {
    if (isFloat)
      return FOp::create(b, loc, lhs, rhs);
    return IOp::create(b, loc, lhs, rhs);
  }
  template <typename SOp, typename UOp>
  Value bySign(Value lhs, Value rhs) {
    if (isUnsignedInt || lhs.getType().isInteger(1))
      return UOp::create(b, loc, lhs, rhs);
    return SOp::create(b, loc, lhs, rhs);
  }
  Value compare(arith::CmpFPredicate fpred, arith::CmpIPredicate spred,
                arith::CmpIPredicate upred, Value lhs, Value rhs) {
    if (isFloat)
      return arith::CmpFOp::create(b, loc, fpred, lhs, rhs);
    bool isBool = lhs.getType().isInteger(1);
    return arith::CmpIOp::create(b, loc, isUnsignedInt || isBool ? upred : spred,
                                 lhs, rhs);
  }
  Value constant(double value, Type type) {
    if (isa<FloatType>(type))
      return arith::ConstantOp::create(b, loc, FloatAttr::get(type, value));
    return arith::ConstantOp::create(
        b, loc, IntegerAttr::get(type, static_cast<int64_t>(value)));
  }
  Value floorMod(Value lhs, Value rhs);
  Value integerDivision(Operation *op, Value lhs, Value rhs);

  OpBuilder &b;
  Location loc;
  Type dtype;
  bool isFloat;
  bool isUnsignedInt;
};
} // namespace

Value AluEmitter::floorMod(Value lhs, Value rhs) {
  if (isUnsignedInt)
    return arith::RemUIOp::create(b, loc, lhs, rhs);
  // Python's %: the remainder takes the divisor's sign.
  Value rem = arith::RemSIOp::create(b, loc, lhs, rhs);
  Value zero = constant(0, lhs.getType());
  Value nonZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, rem, zero);
  Value remNeg =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, rem, zero);
  Value rhsNeg =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, rhs, zero);
  Value signsDiffer = arith::XOrIOp::create(b, loc, remNeg, rhsNeg);
  Value adjust = arith::AndIOp::create(b, loc, nonZero, signsDiffer);
  Value adjusted = arith::AddIOp::create(b, loc, rem, rhs);
  return arith::SelectOp::create(b, loc, adjust, adjusted, rem);
}

// Integer division traps on a zero divisor and, signed, on MIN / -1; a
// program must not crash on its data. Those divisors are replaced by 1, and
// a zero divisor then gives remainder the dividend and quotient 0 (so that
// x == (x / y) * y + x % y still holds); floordiv's quotient is -1 for a
// negative dividend, as its decomposition through cdiv and cmod gives. MIN
// / -1 gives the wrapped MIN and remainder 0. tinygrad leaves both
// undefined (C semantics).
Value AluEmitter::integerDivision(Operation *op, Value lhs, Value rhs) {
  Type type = lhs.getType();
  Value zero = constant(0, type), one = constant(1, type);
  Value byZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, zero);
  Value trapping = byZero;
  if (!isUnsignedInt && !type.isInteger(1)) {
    unsigned width = type.getIntOrFloatBitWidth();
    Value min = arith::ConstantOp::create(
        b, loc, IntegerAttr::get(type, APInt::getSignedMinValue(width)));
    Value minusOne = arith::ConstantOp::create(
        b, loc, IntegerAttr::get(type, APInt::getAllOnes(width)));
    Value isMin =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs, min);
    Value isMinusOne =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, minusOne);
    trapping = arith::OrIOp::create(
        b, loc, byZero, arith::AndIOp::create(b, loc, isMin, isMinusOne));
  }
  Value divisor = arith::SelectOp::create(b, loc, trapping, one, rhs);
  bool isQuotient = isa<CDivOp, FloorDivOp>(op);
  Value result =
      llvm::TypeSwitch<Operation *, Value>(op)
          .Case([&](CDivOp) {
            return bySign<arith::DivSIOp, arith::DivUIOp>(lhs, divisor);
          })
          .Case([&](CModOp) {
            return bySign<arith::RemSIOp, arith::RemUIOp>(lhs, divisor);
          })
          .Case([&](FloorDivOp) {
            return bySign<arith::FloorDivSIOp, arith::DivUIOp>(lhs, divisor);
          })
          .Default([&](Operation *) { return floorMod(lhs, divisor); });
  Value byZeroResult = isQuotient ? zero : lhs;
  if (isa<FloorDivOp>(op) && !isUnsignedInt && !type.isInteger(1)) {
    Value negative =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, lhs, zero);
    Value minusOne = constant(-1, type);
    byZeroResult = arith::SelectOp::create(b, loc, negative, minusOne, zero);
  }
  return arith::SelectOp::create(b, loc, byZero, byZeroResult, result);
}

FailureOr<Value> AluEmitter::emit(Operation *op, ValueRange operands) {
  Value x = operands.empty() ? Value() : operands[0];
  Value y = operands.size() > 1 ? operands[1] : Value();
  Type type = x ? x.getType() : Type();
  return llvm::TypeSwitch<Operation *, FailureOr<Value>>(op)
      .Case([&](AddOp) { return byKind<arith::AddFOp, arith::AddIOp>(x, y); })
      .Case([&](SubOp) { return byKind<arith::SubFOp, arith::SubIOp>(x, y); })
      .Case([&](MulOp) { return byKind<arith::MulFOp, arith::MulIOp>(x, y); })
      .Case([&](FDivOp) { return arith::DivFOp::create(b, loc, x, y).getResult(); })
      .Case<CDivOp, CModOp, FloorDivOp, FloorModOp>(
          [&](Operation *division) { return integerDivision(division, x, y); })
      .Case([&](MaxOp) -> Value {
        if (isFloat)
          return arith::MaximumFOp::create(b, loc, x, y);
        return bySign<arith::MaxSIOp, arith::MaxUIOp>(x, y);
      })
      .Case([&](PowOp) { return math::PowFOp::create(b, loc, x, y).getResult(); })
      .Case([&](XorOp) { return arith::XOrIOp::create(b, loc, x, y).getResult(); })
      .Case([&](OrOp) { return arith::OrIOp::create(b, loc, x, y).getResult(); })
      .Case([&](AndOp) { return arith::AndIOp::create(b, loc, x, y).getResult(); })
      .Case([&](ShlOp) { return arith::ShLIOp::create(b, loc, x, y).getResult(); })
      .Case([&](ShrOp) { return bySign<arith::ShRSIOp, arith::ShRUIOp>(x, y); })
      .Case([&](CmpLtOp) {
        return compare(arith::CmpFPredicate::OLT, arith::CmpIPredicate::slt,
                       arith::CmpIPredicate::ult, x, y);
      })
      .Case([&](CmpGtOp) {
        return compare(arith::CmpFPredicate::OGT, arith::CmpIPredicate::sgt,
                       arith::CmpIPredicate::ugt, x, y);
      })
      .Case([&](CmpGeOp) {
        return compare(arith::CmpFPredicate::OGE, arith::CmpIPredicate::sge,
                       arith::CmpIPredicate::uge, x, y);
      })
      .Case([&](CmpLeOp) {
        return compare(arith::CmpFPredicate::OLE, arith::CmpIPredicate::sle,
                       arith::CmpIPredicate::ule, x, y);
      })
      .Case([&](CmpEqOp) {
        return compare(arith::CmpFPredicate::OEQ, arith::CmpIPredicate::eq,
                       arith::CmpIPredicate::eq, x, y);
      })
      .Case([&](CmpNeOp) {
        return compare(arith::CmpFPredicate::UNE, arith::CmpIPredicate::ne,
                       arith::CmpIPredicate::ne, x, y);
      })
      .Case([&](WhereOp) {
        return arith::SelectOp::create(b, loc, operands[0], operands[1],
                                       operands[2])
            .getResult();
      })
      .Case([&](MulAccOp) {
        Value product = byKind<arith::MulFOp, arith::MulIOp>(x, y);
        return byKind<arith::AddFOp, arith::AddIOp>(product, operands[2]);
      })
      .Case([&](NegOp) -> Value {
        if (isFloat)
          return arith::NegFOp::create(b, loc, x);
        return arith::SubIOp::create(b, loc, constant(0, type), x);
      })
      .Case([&](NotOp) {
        return arith::XOrIOp::create(b, loc, x, constant(1, type)).getResult();
      })
      .Case([&](ReciprocalOp) {
        return arith::DivFOp::create(b, loc, constant(1.0, type), x).getResult();
      })
      .Case([&](Exp2Op) { return math::Exp2Op::create(b, loc, x).getResult(); })
      .Case([&](Log2Op) { return math::Log2Op::create(b, loc, x).getResult(); })
      .Case([&](SinOp) { return math::SinOp::create(b, loc, x).getResult(); })
      .Case([&](SqrtOp) { return math::SqrtOp::create(b, loc, x).getResult(); })
      .Case([&](TruncOp) { return math::TruncOp::create(b, loc, x).getResult(); })
      .Default([&](Operation *other) -> FailureOr<Value> {
        return other->emitOpError("has no scalar form in a kernel");
      });
}

FailureOr<Value> mlir::tiny::createScalarAlu(OpBuilder &builder, Operation *op,
                                             ValueRange operands) {
  Location loc = op->getLoc();
  // The dtype the op computes in: where's selected values, else the first
  // operand's.
  Value typed = isa<WhereOp>(op) ? op->getOperand(1) : op->getOperand(0);
  Type dtype = cast<RankedTensorType>(typed.getType()).getElementType();
  if (!isNarrowFloat(dtype) || isa<WhereOp>(op))
    return AluEmitter(builder, loc, dtype).emit(op, operands);

  Type f32 = builder.getF32Type();
  SmallVector<Value> wide;
  for (Value operand : operands)
    wide.push_back(isa<FloatType>(operand.getType())
                       ? arith::ExtFOp::create(builder, loc, f32, operand)
                             .getResult()
                       : operand);
  FailureOr<Value> result = AluEmitter(builder, loc, f32).emit(op, wide);
  if (failed(result) || !isa<FloatType>(result->getType()))
    return result;
  return arith::TruncFOp::create(builder, loc, dtype, *result).getResult();
}
