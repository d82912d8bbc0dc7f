//===- ExpandFP8.h - fp8 arith ops as integer bit manipulation --*- C++ -*-===//

#ifndef TINY_CONVERSIONS_EXPANDARITH_EXPANDFP8_H
#define TINY_CONVERSIONS_EXPANDARITH_EXPANDFP8_H

namespace mlir {
class RewritePatternSet;

namespace tiny {

/// Adds the patterns that leave no arith or math op computing on an 8-bit
/// float (f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ), which LLVM cannot
/// lower on the CPU:
/// - `arith.truncf` to fp8 becomes integer bit manipulation with tinygrad's
///   rules: round to nearest even (subnormals kept), a finite value beyond
///   the largest saturates to it, infinity and NaN become the format's NaN
///   (f8E5M2 keeps infinity; the fnuz formats have only 0x80) and the fnuz
///   formats have no negative zero;
/// - `arith.extf` from fp8 becomes integer bit manipulation (exact; a NaN
///   becomes a quiet NaN keeping the sign of an f8E4M3FN / f8E5M2 NaN);
/// - any other arith or math op on fp8 values computes in f32 and rounds
///   its fp8 results once.
/// fp8 constants, loads, stores, `arith.select` and `arith.bitcast` stay:
/// the LLVM lowering holds fp8 values in i8.
void populateExpandFP8Patterns(RewritePatternSet &patterns);

} // namespace tiny
} // namespace mlir

#endif // TINY_CONVERSIONS_EXPANDARITH_EXPANDFP8_H
