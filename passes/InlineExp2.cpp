//===- InlineExp2.cpp - f32 exp2 computed in place in CPU code -----------===//
//
// -tiny-inline-exp2: each f32 `math.exp2` becomes a polynomial evaluated in
// place. Left as an intrinsic, LLVM turns a vector exp2 into a call of the
// vector math library (or of libm per element), around which every live
// vector register is spilled; inline, the loop vectorizer keeps the whole
// computation in registers, about twice as fast per element on AVX-512.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/Utils/KernelDevice.h"
#include "passes/Exp2Polynomial.h"
#include "passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/TargetParser/Host.h"

#include <optional>

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYINLINEEXP2
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

/// How 2^n * p is computed.
enum class Scaling {
  /// llvm.ldexp: one instruction with AVX-512 (vscalefps), a libm call per
  /// element on CPUs without one.
  Ldexp,
  /// Two multiplications by powers of two made in the exponent bits.
  Multiply,
};

/// The exponents that bound the computation: below kMinExponent exp2 rounds
/// to 0 (2^-150 is half the smallest subnormal, a tie rounded to the even
/// 0), from kMaxExponent up it is inf.
constexpr double kMinExponent = -150.0;
constexpr double kMaxExponent = 128.0;

/// Builds the rewrite of one exp2 on f32 values of type `type` (f32 or a
/// vector of f32).
class Exp2Builder {
public:
  Exp2Builder(ImplicitLocOpBuilder &builder, Type type)
      : builder(builder), type(type),
        intType(getSameShape(builder.getI32Type())) {}

  Value build(Value x, Scaling scaling) {
    // minnumf and maxnumf give the constant for NaN, so n is always an
    // integer that converts; the NaN comes back at the end.
    Value clamped = arith::MinNumFOp::create(
        builder, arith::MaxNumFOp::create(builder, x, f32(kMinExponent)),
        f32(kMaxExponent));
    Value n = math::RoundEvenOp::create(builder, clamped);
    // Exact: |clamped - n| <= 1/2 and both are below 2^8.
    Value s = arith::SubFOp::create(builder, clamped, n);
    Value p = polynomial(s);
    Value k = arith::FPToSIOp::create(builder, intType, n);
    Value result =
        scaling == Scaling::Ldexp ? ldexp(p, k) : multiplyByPowerOfTwo(p, k);
    Value isNaN =
        arith::CmpFOp::create(builder, arith::CmpFPredicate::UNO, x, x);
    return arith::SelectOp::create(builder, isNaN, x, result);
  }

private:
  Type getSameShape(Type element) const {
    if (auto vector = dyn_cast<VectorType>(type))
      return vector.clone(element);
    return element;
  }

  Value constant(TypedAttr scalar) {
    if (auto vector = dyn_cast<VectorType>(type))
      return arith::ConstantOp::create(
          builder, DenseElementsAttr::get(vector.clone(scalar.getType()),
                                          Attribute(scalar)));
    return arith::ConstantOp::create(builder, scalar);
  }
  Value f32(double value) {
    return constant(builder.getF32FloatAttr(static_cast<float>(value)));
  }
  Value i32(int32_t value) {
    return constant(builder.getI32IntegerAttr(value));
  }

  /// Horner's rule; each product and sum may contract into an FMA.
  Value polynomial(Value s) {
    auto contract = arith::FastMathFlags::contract;
    Value result = f32(kExp2SeriesF32[0]);
    for (double coefficient : ArrayRef(kExp2SeriesF32).drop_front()) {
      Value product = arith::MulFOp::create(builder, result, s, contract);
      result =
          arith::AddFOp::create(builder, product, f32(coefficient), contract);
    }
    return result;
  }

  /// llvm.ldexp(p, k). The LLVM dialect's ldexp op takes a scalar
  /// exponent only, so a vector one is a call of the intrinsic by name.
  Value ldexp(Value p, Value k) {
    if (isa<VectorType>(type))
      return LLVM::CallIntrinsicOp::create(builder, type,
                                           builder.getStringAttr("llvm.ldexp"),
                                           ValueRange{p, k})
          ->getResult(0);
    return LLVM::LoadExpOp::create(builder, type, p, k);
  }

  /// 2^k as a float, for k in [-126, 127]: k + 127 in the exponent bits.
  Value powerOfTwo(Value k) {
    Value biased = arith::AddIOp::create(builder, k, i32(127));
    Value bits = arith::ShLIOp::create(builder, biased, i32(23));
    return arith::BitcastOp::create(builder, type, bits);
  }

  /// p * 2^(k >> 1) * 2^(k - (k >> 1)): for k in [-150, 128] both factors
  /// are normal floats, so the first product is exact and the second
  /// rounds once, as ldexp does.
  Value multiplyByPowerOfTwo(Value p, Value k) {
    Value high = arith::ShRSIOp::create(builder, k, i32(1));
    Value low = arith::SubIOp::create(builder, k, high);
    Value scaled = arith::MulFOp::create(builder, p, powerOfTwo(high));
    return arith::MulFOp::create(builder, scaled, powerOfTwo(low));
  }

  ImplicitLocOpBuilder &builder;
  Type type;
  Type intType;
};

/// Whether `type` is f32 or a vector of f32.
bool isF32OrVectorOfF32(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    type = vector.getElementType();
  return type.isF32();
}

struct TinyInlineExp2Pass
    : public tiny::impl::TinyInlineExp2Base<TinyInlineExp2Pass> {
  using Base::Base;

  void runOnOperation() override {
    std::optional<Scaling> scaling =
        llvm::StringSwitch<std::optional<Scaling>>(scale)
            .Case("auto", llvm::sys::getHostCPUFeatures().lookup("avx512f")
                              ? Scaling::Ldexp
                              : Scaling::Multiply)
            .Case("ldexp", Scaling::Ldexp)
            .Case("multiply", Scaling::Multiply)
            .Default(std::nullopt);
    if (!scaling) {
      getOperation()->emitError()
          << "-tiny-inline-exp2: scale must be auto, ldexp or multiply, not '"
          << scale << "'";
      return signalPassFailure();
    }
    SmallVector<math::Exp2Op> exps;
    getOperation()->walk([&](math::Exp2Op exp) {
      auto kernel = exp->getParentOfType<k::KernelOp>();
      if (isF32OrVectorOfF32(exp.getType()) && !(kernel && isGpuKernel(kernel)))
        exps.push_back(exp);
    });
    for (math::Exp2Op exp : exps) {
      ImplicitLocOpBuilder builder(exp.getLoc(), exp);
      Value result =
          Exp2Builder(builder, exp.getType()).build(exp.getOperand(), *scaling);
      exp.replaceAllUsesWith(result);
      exp.erase();
    }
  }
};

} // namespace
