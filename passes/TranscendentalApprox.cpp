//===- TranscendentalApprox.cpp - exp2, log2, sin from ALU ops ------------===//
//
// Rewrites `tiny.exp2`, `tiny.log2` and `tiny.sin` into polynomial
// approximations built only from tiny's primitive ALU ops, for targets
// without native transcendentals (tinygrad does the same). f32 and f64 are
// approximated in their own precision; narrower floats are widened to f32
// and the result is rounded back.
//
// The methods:
// - exp2(x) = 2^n * 2^s with n = round(x) and |s| <= 1/2: a polynomial for
//   2^s, and 2^n built directly in the exponent bits.
// - log2(x) = k + log2(m) with x = 2^k * m, m in [sqrt(1/2), sqrt(2)), both
//   read from the bits; ln(m) = 2 atanh((m - 1) / (m + 1)) as an odd
//   series, arranged so that the division only affects a small term.
// - sin(x): x reduced modulo pi/2 to r in [-pi/4, pi/4] and a quadrant,
//   Cody-Waite (pi/2 split into parts whose products are exact) for moderate
//   |x| and Payne-Hanek (the mantissa times the bits of 2/pi, in integers)
//   beyond; then the sine or cosine series of r.
//
// Every series is a Taylor series, cut where the next term is far below half
// an ulp on its interval. The exp2 coefficients (ln 2)^n / n! are in
// Exp2Polynomial.h; the sine, cosine and atanh coefficients
// (1/n!, 2/(2j + 1)) are computed here. The splits of pi/2 and 1/ln 2 and
// the bits of 2/pi were computed with mpmath at 1500 bits.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Exp2Polynomial.h"
#include "passes/Passes.h"

#include "mlir/IR/PatternMatch.h"

#include <cassert>
#include <iterator>
#include <limits>

using namespace mlir;
using namespace mlir::tiny;

namespace {

//===----------------------------------------------------------------------===//
// Building elementwise ops
//===----------------------------------------------------------------------===//

/// The bit layout of the float type an approximation computes in.
struct FloatFormat {
  unsigned width;
  unsigned mantissaBits;
  int64_t bias;

  bool isDouble() const { return width == 64; }
};

/// Builds tiny ALU ops on tensors shaped like the approximated value, with
/// rank-0 constants that broadcast against it. Float helpers compute in the
/// approximation's float type; `i*` constants are the signed integer of the
/// same width, `u64` constants ui64.
class AluBuilder {
public:
  AluBuilder(OpBuilder &builder, Location loc, RankedTensorType like)
      : builder(builder), loc(loc), encoding(like.getEncoding()),
        floatType(llvm::cast<FloatType>(like.getElementType())),
        format{floatType.getWidth(), floatType.getFPMantissaWidth() - 1u,
               floatType.getWidth() == 64 ? 1023 : 127} {}

  const FloatFormat &getFormat() const { return format; }
  FloatType getFloatType() const { return floatType; }
  /// The signed integer as wide as the float: its bits.
  Type getIntType() const { return builder.getIntegerType(format.width); }
  Type getI32Type() const { return builder.getI32Type(); }
  Type getI64Type() const { return builder.getI64Type(); }
  Type getUnsignedType(unsigned width) const {
    return builder.getIntegerType(width, /*isSigned=*/false);
  }
  Type getU64Type() const { return getUnsignedType(64); }

  Value f(double value) { return floatConstant(floatType, value); }
  Value i(int64_t value) { return intConstant(getIntType(), value); }
  Value i32(int64_t value) { return intConstant(getI32Type(), value); }
  Value i64(int64_t value) { return intConstant(getI64Type(), value); }
  Value u64(uint64_t value) {
    return intConstant(getU64Type(), static_cast<int64_t>(value));
  }

  Value add(Value a, Value b) { return AddOp::create(builder, loc, a, b); }
  Value mul(Value a, Value b) { return MulOp::create(builder, loc, a, b); }
  /// a - b as a + b * -1: exact negation, so it rounds as a subtraction.
  Value sub(Value a, Value b) { return add(a, neg(b)); }
  Value neg(Value a) {
    Type dtype = llvm::cast<RankedTensorType>(a.getType()).getElementType();
    Value minusOne = isa<FloatType>(dtype) ? floatConstant(dtype, -1.0)
                                           : intConstant(dtype, -1);
    return mul(a, minusOne);
  }
  Value max(Value a, Value b) { return MaxOp::create(builder, loc, a, b); }
  Value lt(Value a, Value b) { return CmpLtOp::create(builder, loc, a, b); }
  Value ne(Value a, Value b) { return CmpNeOp::create(builder, loc, a, b); }
  Value where(Value c, Value a, Value b) {
    return WhereOp::create(builder, loc, c, a, b);
  }
  Value bitAnd(Value a, Value b) { return AndOp::create(builder, loc, a, b); }
  Value bitOr(Value a, Value b) { return OrOp::create(builder, loc, a, b); }
  Value shl(Value a, Value b) { return ShlOp::create(builder, loc, a, b); }
  Value shr(Value a, Value b) { return ShrOp::create(builder, loc, a, b); }
  Value reciprocal(Value a) { return ReciprocalOp::create(builder, loc, a); }
  Value cast(Value a, Type dtype) {
    return CastOp::create(builder, loc, a, dtype);
  }
  Value bitcast(Value a, Type dtype) {
    return BitcastOp::create(builder, loc, a, dtype);
  }

  /// c[0] * x^(n-1) + ... + c[n-1] by Horner's rule.
  Value polynomial(Value x, ArrayRef<double> coefficients) {
    Value result = f(coefficients.front());
    for (double coefficient : coefficients.drop_front())
      result = add(mul(result, x), f(coefficient));
    return result;
  }

private:
  Value floatConstant(Type dtype, double value) {
    auto type = RankedTensorType::get({}, dtype, encoding);
    return ConstOp::create(
        builder, loc,
        DenseElementsAttr::get(type, FloatAttr::get(dtype, value)));
  }
  Value intConstant(Type dtype, int64_t value) {
    auto type = RankedTensorType::get({}, dtype, encoding);
    APInt bits(dtype.getIntOrFloatBitWidth(), static_cast<uint64_t>(value),
               /*isSigned=*/true, /*implicitTrunc=*/true);
    return ConstOp::create(
        builder, loc,
        DenseElementsAttr::get(type, IntegerAttr::get(dtype, bits)));
  }

  OpBuilder &builder;
  Location loc;
  Attribute encoding;
  FloatType floatType;
  FloatFormat format;
};

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// 2^k as a float, for an integer tensor k whose biased exponent k + bias is
/// a normal exponent (1 <= k + bias <= 2 * bias).
Value createPowerOfTwo(AluBuilder &b, Value k) {
  const FloatFormat &format = b.getFormat();
  Value biased = b.add(k, b.i(format.bias));
  return b.bitcast(b.shl(biased, b.i(format.mantissaBits)), b.getFloatType());
}

//===----------------------------------------------------------------------===//
// exp2
//===----------------------------------------------------------------------===//

/// exp2(x) = 2^k * p(x - k), k = round(x). 2^k is applied as two halves,
/// 2^(k >> 1) * 2^(k - (k >> 1)), so that each factor is a normal float for
/// every k that does not overflow or underflow the result entirely, and the
/// result is rounded once, by the last multiplication (subnormal results
/// included). Large x gives inf, very negative x gives 0, NaN stays NaN.
Value approximateExp2(AluBuilder &b, Value x) {
  bool isDouble = b.getFormat().isDouble();
  // Beyond +-limit exp2 is inf or 0 in this format; clamping there keeps
  // the float-to-int conversion of k in range (inf and NaN included).
  double limit = isDouble ? 1100.0 : 160.0;
  Value isNaN = b.ne(x, x);
  Value clamped = b.where(b.lt(x, b.f(-limit)), b.f(-limit), x);
  clamped = b.where(b.lt(b.f(limit), clamped), b.f(limit), clamped);
  clamped = b.where(isNaN, b.f(0.0), clamped);

  // k = round half away from zero (the cast truncates); s = x - k is exact.
  Value half = b.where(b.lt(clamped, b.f(0.0)), b.f(-0.5), b.f(0.5));
  Value k = b.cast(b.add(clamped, half), b.getIntType());
  Value s = b.sub(clamped, b.cast(k, b.getFloatType()));
  Value p = b.polynomial(s, isDouble ? ArrayRef<double>(kExp2SeriesF64)
                                     : ArrayRef<double>(kExp2SeriesF32));

  Value kHigh = b.shr(k, b.i(1));
  Value kLow = b.sub(k, kHigh);
  Value result =
      b.mul(b.mul(p, createPowerOfTwo(b, kHigh)), createPowerOfTwo(b, kLow));
  return b.where(isNaN, x, result);
}

//===----------------------------------------------------------------------===//
// log2
//===----------------------------------------------------------------------===//

/// 1/ln(2) as a head with 12 (f32) or 32 (f64) significant bits, so that
/// its product with a head of ln(m) chopped to 12 or 21 bits is exact, and
/// the rest.
constexpr double kInvLn2F32[] = {0x1.716p+0, -0x1.7135a8fa03d11p-13};
constexpr double kInvLn2F64[] = {0x1.71547652p+0, 0x1.705fc2eefa2p-33};

/// R(z) = sum_{j >= 1} 2 / (2j + 1) * z^j, the tail of ln(m) = 2 atanh(s)
/// in z = s^2, s <= 0.1716: through z^4 for f32 (the z^5 term is below
/// 3e-9 of the result), z^10 for f64 (z^11: below 1e-18). Highest first.
SmallVector<double> atanhTail(unsigned maxPower) {
  SmallVector<double> coefficients;
  for (unsigned j = maxPower; j >= 1; --j)
    coefficients.push_back(2.0 / (2 * j + 1));
  return coefficients;
}

/// x with the low `bits` bits of its encoding cleared: a head of x with
/// fewer significant bits.
Value chopLowBits(AluBuilder &b, Value x, unsigned bits) {
  Value encoded = b.bitcast(x, b.getIntType());
  Value chopped = b.bitAnd(encoded, b.i(-(int64_t(1) << bits)));
  return b.bitcast(chopped, b.getFloatType());
}

/// log2(x) = k + ln(m) / ln(2) with x = 2^k * m, m in [sqrt(1/2), sqrt(2)).
/// With f = m - 1 and s = f / (2 + f), ln(m) = 2 atanh(s), and since
/// 2s = f - s*f this is f - f^2/2 + s * (f^2/2 + R(s^2)). The division
/// only enters that last, small product; f - f^2/2 is split into a short
/// head and the rest so that the head's product with 1/ln(2) is exact.
/// Subnormal x are first scaled by 2^64 into the normal range (and 64 is
/// taken off k), so their exponent field reads the same way.
/// log2(+-0) = -inf, log2(x < 0) = NaN, log2(inf) = inf, NaN stays NaN.
Value approximateLog2(AluBuilder &b, Value x) {
  const FloatFormat &format = b.getFormat();
  bool isDouble = format.isDouble();
  double minNormal = isDouble ? 0x1p-1022 : 0x1p-126;
  Value isSubnormal = b.lt(x, b.f(minNormal));
  Value scaled = b.where(isSubnormal, b.mul(x, b.f(0x1p64)), x);
  Value exponentBias = b.where(isSubnormal, b.f(-64.0), b.f(0.0));

  // Offsetting the bits by those of sqrt(1/2) before reading the exponent
  // field moves the split between k and k + 1 from m = 1 to m = sqrt(1/2)
  // with no compare: m keeps the mantissa bits of the offset value plus the
  // offset, which lands in [sqrt(1/2), sqrt(2)).
  int64_t sqrtHalfBits = isDouble ? 0x3fe6a09e667f3bcdLL : 0x3f3504f3LL;
  int64_t mantissaMask = (int64_t(1) << format.mantissaBits) - 1;
  Value bits = b.bitcast(scaled, b.getIntType());
  Value offset = b.add(bits, b.i(-sqrtHalfBits));
  Value k = b.shr(offset, b.i(format.mantissaBits));
  Value mantissaBits =
      b.add(b.bitAnd(offset, b.i(mantissaMask)), b.i(sqrtHalfBits));
  Value m = b.bitcast(mantissaBits, b.getFloatType());

  // f is exact (m is within a factor 2 of 1), and so is f - head below.
  Value f = b.add(m, b.f(-1.0));
  Value s = b.mul(f, b.reciprocal(b.add(f, b.f(2.0))));
  Value z = b.mul(s, s);
  Value halfSquare = b.mul(b.mul(f, f), b.f(0.5));
  Value minusHalfSquare = b.neg(halfSquare);
  Value tail = b.mul(z, b.polynomial(z, atanhTail(isDouble ? 10 : 4)));
  Value head = chopLowBits(b, b.add(f, minusHalfSquare),
                           format.mantissaBits - (isDouble ? 20 : 11));
  Value rest = b.add(b.add(b.sub(f, head), minusHalfSquare),
                     b.mul(s, b.add(halfSquare, tail)));

  // k + head/ln(2) + rest/ln(2): the exact head product is added to k with
  // its rounding error kept (|k| >= 1 > |head/ln(2)| unless k = 0), so the
  // sum is rounded once, at the end.
  ArrayRef<double> invLn2 =
      isDouble ? ArrayRef<double>(kInvLn2F64) : ArrayRef<double>(kInvLn2F32);
  Value exponent = b.add(b.cast(k, b.getFloatType()), exponentBias);
  Value headLog = b.mul(head, b.f(invLn2[0]));
  Value high = b.add(exponent, headLog);
  Value highError = b.add(b.sub(exponent, high), headLog);
  Value restLog = b.add(b.mul(rest, b.f(invLn2[0])),
                        b.mul(b.add(head, rest), b.f(invLn2[1])));
  Value result = b.add(high, b.add(highError, restLog));

  // Special values; cmpne(x, 0) is false for -0 too.
  result = b.where(b.ne(x, b.f(0.0)), result, b.f(-kInf));
  result = b.where(b.lt(x, b.f(0.0)), b.f(kNaN), result);
  result = b.where(b.ne(x, b.f(kInf)), result, b.f(kInf));
  return b.where(b.ne(x, x), x, result);
}

//===----------------------------------------------------------------------===//
// sin: range reduction
//===----------------------------------------------------------------------===//

/// Below this |x| sin uses Cody-Waite, above it Payne-Hanek. Each bounds the
/// quadrant index q so that q times a part of pi/2 is exact: q < 2^12 with
/// 12-bit parts for f32, q < 2^20 with 33-bit parts for f64.
constexpr double kCodyWaiteLimitF32 = 4096.0;
constexpr double kCodyWaiteLimitF64 = 0x1p20;

/// pi/2 as a sum of parts, largest first: all but the last have 12 (f32) or
/// 33 (f64) significant bits; the sum is pi/2 to 2e-21 (f32) or 1e-48
/// (f64), so that q times what it leaves out stays far below an ulp of the
/// smallest |x mod pi/2| in range (4e-9 for f32, 6e-19 for f64).
constexpr double kHalfPiPartsF32[] = {0x1.922p+0, -0x1.2aep-18, -0x1.deap-31,
                                      0x1.184698p-44};
constexpr double kHalfPiPartsF64[] = {0x1.921fb544p+0, 0x1.0b4611a6p-34,
                                      0x1.3198a2ep-69, 0x1.b839a252049c1p-104};

/// The bits of 2/pi after the binary point, 32 per word, most significant
/// first, after two zero words: a window starting before the binary point
/// reads zeros. 40 words cover every f64 exponent (the first 10 every f32
/// exponent).
constexpr uint32_t kTwoOverPiWords[] = {
    0x00000000, 0x00000000, 0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0,
    0xdb629599, 0x3c439041, 0xfe5163ab, 0xdebbc561, 0xb7246e3a, 0x424dd2e0,
    0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484,
    0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b,
    0x1ff897ff, 0xde05980f, 0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7,
    0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b, 0x3d0739f7, 0x8a5292ea,
    0x6bfb5fb1, 0x1f8d5d08, 0x56033046, 0xfc7b6bab};
/// Bit i of 2/pi (i >= 1 after the binary point) is table bit i + this.
constexpr int64_t kTwoOverPiBitOffset = 63;

/// A reduced argument: x = q * pi/2 + r + rLow with |r| <= pi/4 (up to
/// rounding) and rLow a correction below about an ulp of r; q an i32 of
/// which only q mod 4 is used.
struct Reduced {
  Value r;
  Value rLow;
  Value q;
};

/// The rounding error of sum = x + y, exactly, whichever is larger
/// (Knuth's TwoSum).
Value createSumError(AluBuilder &b, Value x, Value y, Value sum) {
  Value yPart = b.sub(sum, x);
  Value xPart = b.sub(sum, yPart);
  return b.add(b.sub(x, xPart), b.sub(y, yPart));
}

/// Cody-Waite: q = round(x * 2/pi), r = x - q * pi/2 with pi/2 in parts.
/// Every product but the last is exact and the first difference too (q
/// times the first part is within a factor 2 of x); the rounding errors of
/// the later differences and the last, smallest product go to rLow, so r
/// keeps its precision even when x is close to a multiple of pi/2. For
/// 0 <= ax below the limit.
Reduced reduceCodyWaite(AluBuilder &b, Value ax) {
  bool isDouble = b.getFormat().isDouble();
  ArrayRef<double> parts = isDouble ? ArrayRef<double>(kHalfPiPartsF64)
                                    : ArrayRef<double>(kHalfPiPartsF32);
  // The cast truncates: q = round(x * 2/pi), in i32 range below the limit.
  Value quadrant = b.cast(b.add(b.mul(ax, b.f(0x1.45f306dc9c883p-1)), b.f(0.5)),
                          b.getI32Type());
  Value q = b.cast(quadrant, b.getFloatType());
  Value r = b.sub(ax, b.mul(q, b.f(parts.front())));
  Value rLow = b.f(0.0);
  for (double part : parts.drop_front().drop_back()) {
    Value step = b.neg(b.mul(q, b.f(part)));
    Value sum = b.add(r, step);
    rLow = b.add(rLow, createSumError(b, r, step, sum));
    r = sum;
  }
  rLow = b.sub(rLow, b.mul(q, b.f(parts.back())));
  return {r, rLow, quadrant};
}

/// The table word at the window's word index plus `skew`, by a chain of
/// selects over the constant words; isNotIndex[n] is `index != n`.
Value selectTwoOverPiWord(AluBuilder &b, ArrayRef<Value> isNotIndex,
                          unsigned skew) {
  Value word = b.u64(0);
  assert(isNotIndex.size() + skew <= std::size(kTwoOverPiWords) &&
         "2/pi table too short for the largest exponent");
  for (auto [n, notHere] : llvm::enumerate(isNotIndex))
    word = b.where(notHere, word, b.u64(kTwoOverPiWords[n + skew]));
  return word;
}

/// x * 2/pi mod 4 as a fixed-point number: `high` holds 2 integer bits and
/// 62 fraction bits, each of `low` (below 2^32) the next 32 fraction bits.
struct FixedPoint {
  Value high;
  SmallVector<Value> low;
};

/// x * 2/pi mod 4 for x = mantissa * 2^exponent, mantissa < 2^32 (ui64),
/// exponent an i64. Bits of 2/pi before bit exponent - 1 only add multiples
/// of 4, so a window of 32 * numLimbs bits of 2/pi from there is multiplied;
/// what the window leaves out is below mantissa * 2^(2 - 32 * numLimbs)
/// quadrants. The result keeps all but the lowest 32 bits of the product.
FixedPoint multiplyByTwoOverPi(AluBuilder &b, Value mantissa, Value exponent,
                               unsigned maxWordIndex, unsigned numLimbs) {
  // The window's first bit in the table; clamping only affects lanes that
  // the Cody-Waite result replaces, and keeps every shift in range.
  Value start =
      b.max(b.add(exponent, b.i64(kTwoOverPiBitOffset - 1)), b.i64(0));
  Value wordIndex = b.shr(start, b.i64(5));
  Value bitInWord = b.bitAnd(start, b.i64(31));
  SmallVector<Value> isNotIndex;
  for (unsigned n = 0; n <= maxWordIndex; ++n)
    isNotIndex.push_back(b.ne(wordIndex, b.i64(n)));
  SmallVector<Value> words;
  for (unsigned k = 0; k <= numLimbs; ++k)
    words.push_back(selectTwoOverPiWord(b, isNotIndex, k));

  // The 32-bit limbs of the window, most significant first, each from two
  // consecutive words, and their products with the mantissa (below 2^64).
  Value rightShift = b.cast(b.sub(b.i64(32), bitInWord), b.getU64Type());
  Value lowMask = b.u64(0xffffffff);
  Value thirtyTwo = b.u64(32);
  SmallVector<Value> products;
  for (unsigned k = 0; k < numLimbs; ++k) {
    Value pair = b.bitOr(b.shl(words[k], thirtyTwo), words[k + 1]);
    Value limb = b.bitAnd(b.shr(pair, rightShift), lowMask);
    products.push_back(b.mul(mantissa, limb));
  }
  // The product mod 2^(32 * numLimbs) in 32-bit columns: products[k] has
  // its low half in column numLimbs - 1 - k and its high half in the next.
  // Column 0 holds only a low half, so dropping it drops no carry (and at
  // most 2^(34 - 32 * numLimbs) quadrants); columns 1 up to numLimbs - 3
  // become `low`, with their carries.
  FixedPoint result;
  Value carry = b.u64(0);
  for (unsigned column = 1; column + 2 < numLimbs; ++column) {
    Value sum = b.add(b.add(b.bitAnd(products[numLimbs - 1 - column], lowMask),
                            b.shr(products[numLimbs - column], thirtyTwo)),
                      carry);
    result.low.insert(result.low.begin(), b.bitAnd(sum, lowMask));
    carry = b.shr(sum, thirtyTwo);
  }
  // The top two columns as one 64-bit word, wrapping: the high half of
  // products[0] only adds multiples of 4 quadrants.
  result.high = b.add(b.add(b.shl(products[0], thirtyTwo), products[1]),
                      b.add(b.shr(products[2], thirtyTwo), carry));
  return result;
}

/// x + y mod 4 in the fixed-point form.
FixedPoint addFixedPoint(AluBuilder &b, const FixedPoint &x,
                         const FixedPoint &y) {
  FixedPoint result;
  result.low.resize(x.low.size());
  Value carry = b.u64(0);
  for (size_t i = x.low.size(); i-- > 0;) {
    Value sum = b.add(b.add(x.low[i], y.low[i]), carry);
    result.low[i] = b.bitAnd(sum, b.u64(0xffffffff));
    carry = b.shr(sum, b.u64(32));
  }
  result.high = b.add(b.add(x.high, y.high), carry);
  return result;
}

/// Payne-Hanek: exact integer products of the mantissa with the bits of
/// 2/pi, for any finite ax >= the Cody-Waite limit. An f64 mantissa is
/// split into a 24-bit and a 29-bit piece whose fixed-point results add.
Reduced reducePayneHanek(AluBuilder &b, Value ax) {
  const FloatFormat &format = b.getFormat();
  Type u64 = b.getU64Type();
  Value bits = format.isDouble()
                   ? b.bitcast(ax, u64)
                   : b.cast(b.bitcast(ax, b.getUnsignedType(32)), u64);
  // The exponent field masked so that a -0 (sign bit set) reads as 0.
  int64_t exponentMask = 2 * format.bias + 1;
  Value exponentField =
      b.bitAnd(b.shr(bits, b.u64(format.mantissaBits)), b.u64(exponentMask));
  uint64_t implicitBit = uint64_t(1) << format.mantissaBits;
  Value mantissa =
      b.bitOr(b.bitAnd(bits, b.u64(implicitBit - 1)), b.u64(implicitBit));
  Value exponent = b.add(b.cast(exponentField, b.getI64Type()),
                         b.i64(-(format.bias + format.mantissaBits)));

  // The last word a window can start at, for the largest exponent.
  auto maxWordIndex = [&](int64_t extraExponent) {
    int64_t maxExponent = format.bias - format.mantissaBits + extraExponent;
    return unsigned((maxExponent + kTwoOverPiBitOffset - 1) >> 5);
  };
  // 94 fraction bits suffice for f32, whose |x mod pi/2| is never below
  // 2^-30; a double can come within 2^-61 of a multiple of pi/2, so f64
  // keeps 126.
  FixedPoint fixed;
  if (format.isDouble()) {
    constexpr unsigned lowBits = 29;
    constexpr unsigned numLimbs = 5;
    Value highPiece = b.shr(mantissa, b.u64(lowBits));
    Value lowPiece = b.bitAnd(mantissa, b.u64((uint64_t(1) << lowBits) - 1));
    fixed = addFixedPoint(
        b,
        multiplyByTwoOverPi(b, highPiece, b.add(exponent, b.i64(lowBits)),
                            maxWordIndex(lowBits), numLimbs),
        multiplyByTwoOverPi(b, lowPiece, exponent, maxWordIndex(0), numLimbs));
  } else {
    fixed = multiplyByTwoOverPi(b, mantissa, exponent, maxWordIndex(0),
                                /*numLimbs=*/4);
  }

  // Adding half a quadrant rounds q to nearest; the fraction is then taken
  // back to [-1/2, 1/2) quadrants, in units of 2^-62 with the low words
  // adding 32 bits each (what keeps a result close to a multiple of pi/2
  // accurate), and scaled by pi/2 * 2^-62.
  Value rounded = b.add(fixed.high, b.u64(uint64_t(1) << 61));
  Value q = b.cast(b.shr(rounded, b.u64(62)), b.getI32Type());
  Value highFraction = b.add(
      b.cast(b.bitAnd(rounded, b.u64((uint64_t(1) << 62) - 1)), b.getI64Type()),
      b.i64(-(int64_t(1) << 61)));
  // The float of highFraction and what its conversion rounded off (exact
  // in i64), plus the low words, make the fraction as a head and a tail.
  Type floatType = b.getFloatType();
  Value head = b.cast(highFraction, floatType);
  Value headError = b.add(highFraction, b.neg(b.cast(head, b.getI64Type())));
  Value lowPart = b.f(0.0);
  for (Value word : llvm::reverse(fixed.low))
    lowPart = b.mul(b.add(lowPart, b.cast(word, floatType)), b.f(0x1p-32));
  Value tail = b.add(b.cast(headError, floatType), lowPart);
  // pi/2 * 2^-62 as the format's float and its remainder.
  double scale = format.isDouble() ? 0x1.921fb54442d18p-62 : 0x1.921fb6p-62;
  double scaleRest =
      format.isDouble() ? 0x1.1a62633145c07p-116 : -0x1.777a5cf72cecep-87;
  Value r = b.mul(head, b.f(scale));
  Value rLow = b.add(b.mul(tail, b.f(scale)), b.mul(head, b.f(scaleRest)));
  return {r, rLow, q};
}

//===----------------------------------------------------------------------===//
// sin: series on [-pi/4, pi/4]
//===----------------------------------------------------------------------===//

/// n!, exact in a double for n <= 22.
double factorial(unsigned n) {
  double result = 1.0;
  for (unsigned k = 2; k <= n; ++k)
    result *= k;
  return result;
}

/// The Taylor coefficients (-1)^j / p!, p = 2j or 2j + 1, of cos(r) (even
/// maxPower) or sin(r) / r (odd maxPower) as a polynomial in r^2, highest
/// first, from the r^maxPower term down.
SmallVector<double> trigSeries(unsigned maxPower) {
  SmallVector<double> coefficients;
  for (int power = maxPower; power >= 0; power -= 2) {
    double sign = (power / 2) % 2 ? -1.0 : 1.0;
    coefficients.push_back(sign / factorial(power));
  }
  return coefficients;
}

/// sin(r + rLow) for |r| <= pi/4, rLow tiny: the series through r^9 for f32
/// (r^11/11!: below 3e-9 relative), r^17 for f64 (r^19/19!: below 2e-19),
/// plus rLow * cos(r) with cos(r) ~ 1 - r^2/2. The leading r is added last.
Value createSinSeries(AluBuilder &b, Value r, Value rLow) {
  bool isDouble = b.getFormat().isDouble();
  SmallVector<double> coefficients = trigSeries(isDouble ? 17 : 9);
  coefficients.pop_back();
  Value r2 = b.mul(r, r);
  Value odd = b.mul(b.mul(r, r2), b.polynomial(r2, coefficients));
  Value correction = b.mul(rLow, b.add(b.mul(r2, b.f(-0.5)), b.f(1.0)));
  return b.add(r, b.add(odd, correction));
}

/// cos(r + rLow) for |r| <= pi/4, rLow tiny: the series through r^10 for
/// f32 (r^12/12!: below 2e-10), r^16 for f64 (r^18/18!: below 3e-18), minus
/// rLow * sin(r) with sin(r) ~ r. The leading 1 is added last.
Value createCosSeries(AluBuilder &b, Value r, Value rLow) {
  bool isDouble = b.getFormat().isDouble();
  SmallVector<double> coefficients = trigSeries(isDouble ? 16 : 10);
  coefficients.pop_back();
  Value r2 = b.mul(r, r);
  Value even = b.mul(r2, b.polynomial(r2, coefficients));
  return b.add(b.f(1.0), b.sub(even, b.mul(rLow, r)));
}

/// sin(x) = +-sin(r) or +-cos(r) by the quadrant of |x|, with the sign of x.
/// sin(+-inf) and sin(NaN) are NaN; sin(-0) is -0.
Value approximateSin(AluBuilder &b, Value x) {
  bool isDouble = b.getFormat().isDouble();
  Value isNegative = b.lt(x, b.f(0.0));
  Value magnitude = b.where(isNegative, b.neg(x), x);
  // |x| < inf is false for inf and NaN; those lanes reduce 0 instead, so
  // that every integer conversion below stays in range.
  Value isFinite = b.lt(magnitude, b.f(kInf));
  Value ax = b.where(isFinite, magnitude, b.f(0.0));

  Value isModerate =
      b.lt(ax, b.f(isDouble ? kCodyWaiteLimitF64 : kCodyWaiteLimitF32));
  Reduced moderate = reduceCodyWaite(b, b.where(isModerate, ax, b.f(0.0)));
  Reduced large = reducePayneHanek(b, ax);
  Value r = b.where(isModerate, moderate.r, large.r);
  Value rLow = b.where(isModerate, moderate.rLow, large.rLow);
  Value q = b.where(isModerate, moderate.q, large.q);

  // Quadrants 1 and 3 take the cosine; 2 and 3 are negated.
  Value zero = b.i32(0);
  Value usesCos = b.ne(b.bitAnd(q, b.i32(1)), zero);
  Value value = b.where(usesCos, createCosSeries(b, r, rLow),
                        createSinSeries(b, r, rLow));
  Value flipsSign = b.ne(b.bitAnd(q, b.i32(2)), zero);
  Value negate = b.ne(flipsSign, isNegative);
  value = b.where(negate, b.neg(value), value);
  // The reduction's sums turn -0 into +0; sin(+-0) is x itself.
  value = b.where(b.ne(x, b.f(0.0)), value, x);
  return b.where(isFinite, value, b.f(kNaN));
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

using Approximation = Value (*)(AluBuilder &, Value);

/// Replaces a float unary op by `approximate` of its operand, computed in
/// f32 or f64; narrower floats go through f32 by casts.
template <typename OpTy>
struct ApproximateUnary : OpRewritePattern<OpTy> {
  ApproximateUnary(MLIRContext *context, Approximation approximate)
      : OpRewritePattern<OpTy>(context), approximate(approximate) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    auto dtype = type ? dyn_cast<FloatType>(type.getElementType()) : nullptr;
    if (!dtype || !(dtype.isF32() || dtype.isF64() || dtype.getWidth() < 32))
      return rewriter.notifyMatchFailure(op, "no approximation for this dtype");
    Type computeType = dtype.getWidth() < 32 ? rewriter.getF32Type() : dtype;

    Location loc = op.getLoc();
    Value x = op.getSrc();
    if (computeType != dtype)
      x = CastOp::create(rewriter, loc, x, computeType);
    AluBuilder builder(rewriter, loc, cast<RankedTensorType>(x.getType()));
    Value result = approximate(builder, x);
    if (computeType != dtype)
      result = CastOp::create(rewriter, loc, result, dtype);
    rewriter.replaceOp(op, result);
    return success();
  }

  Approximation approximate;
};

} // namespace

void mlir::tiny::populateTranscendentalApproxPatterns(
    RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ApproximateUnary<Exp2Op>>(context, approximateExp2);
  patterns.add<ApproximateUnary<Log2Op>>(context, approximateLog2);
  patterns.add<ApproximateUnary<SinOp>>(context, approximateSin);
}
