//===- Exp2Polynomial.h - the series of 2^s for exp2 rewrites -*- C++ -*-===//
//
// The polynomials for 2^s, |s| <= 1/2, that -tiny-decompose's approximation
// (built of tiny ALU ops) and -tiny-inline-exp2 (of arith ops in CPU
// kernels) evaluate, so that the project has one exp2 series per precision.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_PASSES_EXP2POLYNOMIAL_H
#define TINY_PASSES_EXP2POLYNOMIAL_H

namespace mlir::tiny {

/// 2^s = sum (ln 2)^n / n! * s^n for |s| <= 1/2, highest power first,
/// written to 22 digits (computed with mpmath). f32 stops at s^7 (the s^8
/// term is below 8e-9 of the result), f64 at s^13 (the s^14 term: below
/// 6e-18).
inline constexpr double kExp2SeriesF32[] = {
    1.525273380405984028003e-5, 1.540353039338160995444e-4,
    1.333355814642844342341e-3, 9.618129107628477161979e-3,
    5.550410866482157995314e-2, 2.402265069591007123336e-1,
    6.931471805599453094172e-1, 1.0};
inline constexpr double kExp2SeriesF64[] = {
    1.369148885390412888089e-12, 2.567843599348820514199e-11,
    4.445538271870811497596e-10, 7.054911620801123329875e-9,
    1.017808600923969972749e-7,  1.321548679014430948840e-6,
    1.525273380405984028003e-5,  1.540353039338160995444e-4,
    1.333355814642844342341e-3,  9.618129107628477161979e-3,
    5.550410866482157995314e-2,  2.402265069591007123336e-1,
    6.931471805599453094172e-1,  1.0};

} // namespace mlir::tiny

#endif // TINY_PASSES_EXP2POLYNOMIAL_H
