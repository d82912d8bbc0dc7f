// tiny.pow follows C pow (and tinygrad, except -0 ** odd, see below) where
// exp2(log2(a) * b) alone is NaN or wrong: a negative base with an integral
// exponent (-2 ** 3 = -8, -2 ** 2 = 4), 0 ** 0 = 1, x ** 0 = 1 for every x,
// 1 ** y = 1 for every y, -1 ** +-inf = 1, NaN for a finite negative base
// and a non-integral exponent, and C's zero and infinity cases. -0 ** 3 is
// -0 and -0 ** -3 is -inf, as in C, numpy and torch (tinygrad's xpow tests
// base < 0 and gives +0 and +inf). In every float dtype, with the exponent
// a run-time value or a constant (whose class the decomposition decides
// at compile time).
//
// Regression test: pow decomposed into exp2(log2(a) * b), so (-2) ** 3,
// 0 ** 0 and (-2) ** 2 gave NaN.
//
// Expected values, numpy's power (C pow on each element):
//   import numpy as n
//   X = '-2,-2,0,-0,-0,-0,-0,-0,-1,-1,1,1,nan,-inf,-inf,-inf,-inf,-0.5,-2,2,0.5,-8,inf,-1'
//   Y = '3,2,0,3,-3,2,-2,0.5,inf,-inf,nan,inf,0,3,-3,0.5,-2,inf,-inf,-inf,-inf,0.333333,-1,nan'
//   for t in (n.float16, n.float32, n.float64):
//       x = n.array([float(v) for v in X.split(',')], t); y = n.array([float(v) for v in Y.split(',')], t)
//       with n.errstate(all='ignore'): print(n.power(x, y).tolist())
//   for c in (3, 2, 0, 0.5, -3, -n.inf, n.nan):
//       with n.errstate(all='ignore'): print(c, n.power(n.array([-2, -0.0, 0, n.nan, -n.inf, -1, 1, 0.5], n.float32), n.float32(c)).tolist())

// RUN: tiny-run %s --entry=pow_f32 -i -2,-2,0,-0,-0,-0,-0,-0,-1,-1,1,1,nan,-inf,-inf,-inf,-inf,-0.5,-2,2,0.5,-8,inf,-1 -i 3,2,0,3,-3,2,-2,0.5,inf,-inf,nan,inf,0,3,-3,0.5,-2,inf,-inf,-inf,-inf,0.333333,-1,nan | FileCheck %s --match-full-lines --check-prefix=EDGE
// RUN: tiny-run %s --entry=pow_f16 -i -2,-2,0,-0,-0,-0,-0,-0,-1,-1,1,1,nan,-inf,-inf,-inf,-inf,-0.5,-2,2,0.5,-8,inf,-1 -i 3,2,0,3,-3,2,-2,0.5,inf,-inf,nan,inf,0,3,-3,0.5,-2,inf,-inf,-inf,-inf,0.333333,-1,nan | FileCheck %s --match-full-lines --check-prefix=EDGE
// RUN: tiny-run %s --entry=pow_bf16 -i -2,-2,0,-0,-0,-0,-0,-0,-1,-1,1,1,nan,-inf,-inf,-inf,-inf,-0.5,-2,2,0.5,-8,inf,-1 -i 3,2,0,3,-3,2,-2,0.5,inf,-inf,nan,inf,0,3,-3,0.5,-2,inf,-inf,-inf,-inf,0.333333,-1,nan | FileCheck %s --match-full-lines --check-prefix=EDGE
// RUN: tiny-run %s --entry=pow_f64 -i -2,-2,0,-0,-0,-0,-0,-0,-1,-1,1,1,nan,-inf,-inf,-inf,-inf,-0.5,-2,2,0.5,-8,inf,-1 -i 3,2,0,3,-3,2,-2,0.5,inf,-inf,nan,inf,0,3,-3,0.5,-2,inf,-inf,-inf,-inf,0.333333,-1,nan | FileCheck %s --match-full-lines --check-prefix=EDGE
// With exp2 and log2 approximated by ALU ops, the cases hold too:
// RUN: tiny-opt %s -tiny-decompose=approximate-transcendentals=1 -o %t.approx.mlir
// RUN: tiny-run %t.approx.mlir --entry=pow_f32 -i -2,-2,0,-0,-0,-0,-0,-0,-1,-1,1,1,nan,-inf,-inf,-inf,-inf,-0.5,-2,2,0.5,-8,inf,-1 -i 3,2,0,3,-3,2,-2,0.5,inf,-inf,nan,inf,0,3,-3,0.5,-2,inf,-inf,-inf,-inf,0.333333,-1,nan | FileCheck %s --match-full-lines --check-prefix=EDGE
// RUN: tiny-run %s --entry=const_exponent -i -2,-0,0,nan,-inf,-1,1,0.5 | FileCheck %s --match-full-lines --check-prefix=CONST
// RUN: tiny-run %s --entry=all_const | FileCheck %s --match-full-lines --check-prefix=ALLCONST

#cpu = #tiny.device<"CPU">

// EDGE: [-8, 4, 1, -0, -inf, 0, inf, 0, 1, 1, 1, 1, 1, -inf, -0, inf, 0, 0, 0, 0, inf, {{-?}}nan, 0, {{-?}}nan] : tensor<24x{{.*}}>
tiny.function @pow_f32 -> tensor<24xf32, #cpu> {
  %x = tiny.param 0 : f32 size 24 on "CPU"
  %y = tiny.param 1 : f32 size 24 on "CPU"
  %p = tiny.pow %x, %y : tensor<24xf32, #cpu>, tensor<24xf32, #cpu>
  tiny.return %p : tensor<24xf32, #cpu>
}

tiny.function @pow_f16 -> tensor<24xf16, #cpu> {
  %x = tiny.param 0 : f16 size 24 on "CPU"
  %y = tiny.param 1 : f16 size 24 on "CPU"
  %p = tiny.pow %x, %y : tensor<24xf16, #cpu>, tensor<24xf16, #cpu>
  tiny.return %p : tensor<24xf16, #cpu>
}

tiny.function @pow_bf16 -> tensor<24xbf16, #cpu> {
  %x = tiny.param 0 : bf16 size 24 on "CPU"
  %y = tiny.param 1 : bf16 size 24 on "CPU"
  %p = tiny.pow %x, %y : tensor<24xbf16, #cpu>, tensor<24xbf16, #cpu>
  tiny.return %p : tensor<24xbf16, #cpu>
}

tiny.function @pow_f64 -> tensor<24xf64, #cpu> {
  %x = tiny.param 0 : f64 size 24 on "CPU"
  %y = tiny.param 1 : f64 size 24 on "CPU"
  %p = tiny.pow %x, %y : tensor<24xf64, #cpu>, tensor<24xf64, #cpu>
  tiny.return %p : tensor<24xf64, #cpu>
}

// x = [-2, -0, 0, nan, -inf, -1, 1, 0.5] ** 3, 2, 0, 0.5, -3, -inf, nan
// CONST:      [-8, -0, 0, {{-?}}nan, -inf, -1, 1, 0.125] : tensor<8xf32>
// CONST-NEXT: [4, 0, 0, {{-?}}nan, inf, 1, 1, 0.25] : tensor<8xf32>
// CONST-NEXT: [1, 1, 1, 1, 1, 1, 1, 1] : tensor<8xf32>
// CONST-NEXT: [{{-?}}nan, 0, 0, {{-?}}nan, inf, {{-?}}nan, 1, 0.70710677] : tensor<8xf32>
// CONST-NEXT: [-0.125, -inf, inf, {{-?}}nan, -0, -1, 1, 8] : tensor<8xf32>
// CONST-NEXT: [0, inf, inf, {{-?}}nan, 0, 1, 1, inf] : tensor<8xf32>
// CONST-NEXT: [{{-?}}nan, {{-?}}nan, {{-?}}nan, {{-?}}nan, {{-?}}nan, {{-?}}nan, 1, {{-?}}nan] : tensor<8xf32>
tiny.function @const_exponent -> tuple<tensor<8xf32, #cpu>, tensor<8xf32, #cpu>, tensor<8xf32, #cpu>, tensor<8xf32, #cpu>, tensor<8xf32, #cpu>, tensor<8xf32, #cpu>, tensor<8xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 8 on "CPU"
  %c3 = tiny.const dense<3.0> : tensor<f32, #cpu>
  %c2 = tiny.const dense<2.0> : tensor<f32, #cpu>
  %c0 = tiny.const dense<0.0> : tensor<f32, #cpu>
  %chalf = tiny.const dense<0.5> : tensor<f32, #cpu>
  %cm3 = tiny.const dense<-3.0> : tensor<f32, #cpu>
  %cminf = tiny.const dense<0xFF800000> : tensor<f32, #cpu>
  %cnan = tiny.const dense<0x7FC00000> : tensor<f32, #cpu>
  %p3 = tiny.pow %x, %c3 : tensor<8xf32, #cpu>, tensor<f32, #cpu>
  %p2 = tiny.pow %x, %c2 : tensor<8xf32, #cpu>, tensor<f32, #cpu>
  %p0 = tiny.pow %x, %c0 : tensor<8xf32, #cpu>, tensor<f32, #cpu>
  %phalf = tiny.pow %x, %chalf : tensor<8xf32, #cpu>, tensor<f32, #cpu>
  %pm3 = tiny.pow %x, %cm3 : tensor<8xf32, #cpu>, tensor<f32, #cpu>
  %pminf = tiny.pow %x, %cminf : tensor<8xf32, #cpu>, tensor<f32, #cpu>
  %pnan = tiny.pow %x, %cnan : tensor<8xf32, #cpu>, tensor<f32, #cpu>
  %t = tiny.tuple %p3, %p2, %p0, %phalf, %pm3, %pminf, %pnan : tensor<8xf32, #cpu>, tensor<8xf32, #cpu>, tensor<8xf32, #cpu>, tensor<8xf32, #cpu>, tensor<8xf32, #cpu>, tensor<8xf32, #cpu>, tensor<8xf32, #cpu>
  tiny.return %t : tuple<tensor<8xf32, #cpu>, tensor<8xf32, #cpu>, tensor<8xf32, #cpu>, tensor<8xf32, #cpu>, tensor<8xf32, #cpu>, tensor<8xf32, #cpu>, tensor<8xf32, #cpu>>
}

// Constants only: (-2) ** 3, 0 ** 0, (-2) ** 2, as the issue reported them.
// ALLCONST: [-8] : tensor<1xf32>
// ALLCONST-NEXT: [1] : tensor<1xf32>
// ALLCONST-NEXT: [4] : tensor<1xf32>
tiny.function @all_const -> tuple<tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>> {
  %m2 = tiny.const dense<-2.0> : tensor<1xf32, #cpu>
  %c0 = tiny.const dense<0.0> : tensor<1xf32, #cpu>
  %c2 = tiny.const dense<2.0> : tensor<1xf32, #cpu>
  %c3 = tiny.const dense<3.0> : tensor<1xf32, #cpu>
  %a = tiny.pow %m2, %c3 : tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %b = tiny.pow %c0, %c0 : tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %c = tiny.pow %m2, %c2 : tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %t = tiny.tuple %a, %b, %c : tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  tiny.return %t : tuple<tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>>
}
