// tiny.max and reduce max are IEEE 754-2019 maximum (docs/semantics.md): a NaN
// operand gives NaN, and -0 < +0, whichever operand holds which; computed
// and folded alike, in every float dtype and in a reduction however LLVM
// orders it.
//
// Regression test: the CPU pipeline lowered arith.maximumf through
// -arith-expand's compare-and-select, which returns the first operand of two
// equal values: max(-0.0, +0.0) computed -0 while the folder gave +0, and a
// reduce max of [+0, -0] gave -0.
//
// Expected values, python3 (IEEE maximum written out; neither Python's max
// nor numpy's maximum orders signed zeros):
//   import math
//   from functools import reduce
//   def maximum(a, b):
//       if math.isnan(a) or math.isnan(b): return math.nan
//       if a == b == 0: return 0.0 if math.copysign(1, a) > 0 or math.copysign(1, b) > 0 else -0.0
//       return max(a, b)
//   x = [0.0, -0.0, -0.0, 0.0, math.nan, 1.0, -math.inf, math.inf]
//   y = [-0.0, 0.0, -0.0, 0.0, 1.0, math.nan, -0.0, math.nan]
//   print([maximum(a, b) for a, b in zip(x, y)])
//   for v in ([-0.0] * 8, [-0.0] * 7 + [0.0], [0.0] + [-0.0] * 7,
//             [-1.0, -0.0, -2.0, -0.0, -3.0, -4.0, -5.0, -6.0],
//             [1.0, 2.0, math.nan, 3.0, -0.0, 0.0, 5.0, 4.0], [-math.inf] * 8):
//       print(v, reduce(maximum, v, -math.inf))
//   rows = [[-0.0] * 64, [-0.0] * 63 + [0.0], [0.0] + [-0.0] * 63, [1.0] * 40 + [math.nan] + [1.0] * 23]
//   print([reduce(maximum, r, -math.inf) for r in rows])

// RUN: tiny-run %s --entry=max_f32 -i 0,-0,-0,0,nan,1,-inf,inf -i -0,0,-0,0,1,nan,-0,nan | FileCheck %s --match-full-lines --check-prefix=MAX
// RUN: tiny-run %s --entry=max_f16 -i 0,-0,-0,0,nan,1,-inf,inf -i -0,0,-0,0,1,nan,-0,nan | FileCheck %s --match-full-lines --check-prefix=MAX
// RUN: tiny-run %s --entry=max_bf16 -i 0,-0,-0,0,nan,1,-inf,inf -i -0,0,-0,0,1,nan,-0,nan | FileCheck %s --match-full-lines --check-prefix=MAX
// RUN: tiny-run %s --entry=max_f64 -i 0,-0,-0,0,nan,1,-inf,inf -i -0,0,-0,0,1,nan,-0,nan | FileCheck %s --match-full-lines --check-prefix=MAX
// RUN: tiny-run %s --entry=max_folded | FileCheck %s --match-full-lines --check-prefix=FOLDED
// RUN: tiny-opt %s -tiny-simplify | FileCheck %s --check-prefix=FOLDED-IR
// RUN: tiny-run %s --entry=reduce_max -i -0,-0,-0,-0,-0,-0,-0,-0 | FileCheck %s --match-full-lines --check-prefix=NEGZERO
// RUN: tiny-run %s --entry=reduce_max -i -0,-0,-0,-0,-0,-0,-0,0 | FileCheck %s --match-full-lines --check-prefix=POSZERO
// RUN: tiny-run %s --entry=reduce_max -i 0,-0,-0,-0,-0,-0,-0,-0 | FileCheck %s --match-full-lines --check-prefix=POSZERO
// RUN: tiny-run %s --entry=reduce_max -i -1,-0,-2,-0,-3,-4,-5,-6 | FileCheck %s --match-full-lines --check-prefix=NEGZERO
// RUN: tiny-run %s --entry=reduce_max -i 1,2,nan,3,-0,0,5,4 | FileCheck %s --match-full-lines --check-prefix=NAN
// RUN: tiny-run %s --entry=reduce_max -i -inf,-inf,-inf,-inf,-inf,-inf,-inf,-inf | FileCheck %s --match-full-lines --check-prefix=NEGINF
// RUN: %python -c "import numpy as n; a = n.full((4, 64), -0.0, n.float32); a[1, 63] = 0; a[2, 0] = 0; a[3] = 1; a[3, 40] = n.nan; n.save('%t.npy', a.ravel())"
// RUN: tiny-run %s --entry=reduce_max_rows -i %t.npy | FileCheck %s --match-full-lines --check-prefix=ROWS

#cpu = #tiny.device<"CPU">

// MAX: [0, 0, -0, 0, {{-?}}nan, {{-?}}nan, -0, {{-?}}nan] : tensor<8x{{.*}}>
tiny.function @max_f32 -> tensor<8xf32, #cpu> {
  %x = tiny.param 0 : f32 size 8 on "CPU"
  %y = tiny.param 1 : f32 size 8 on "CPU"
  %m = tiny.max %x, %y : tensor<8xf32, #cpu>, tensor<8xf32, #cpu>
  tiny.return %m : tensor<8xf32, #cpu>
}

tiny.function @max_f16 -> tensor<8xf16, #cpu> {
  %x = tiny.param 0 : f16 size 8 on "CPU"
  %y = tiny.param 1 : f16 size 8 on "CPU"
  %m = tiny.max %x, %y : tensor<8xf16, #cpu>, tensor<8xf16, #cpu>
  tiny.return %m : tensor<8xf16, #cpu>
}

tiny.function @max_bf16 -> tensor<8xbf16, #cpu> {
  %x = tiny.param 0 : bf16 size 8 on "CPU"
  %y = tiny.param 1 : bf16 size 8 on "CPU"
  %m = tiny.max %x, %y : tensor<8xbf16, #cpu>, tensor<8xbf16, #cpu>
  tiny.return %m : tensor<8xbf16, #cpu>
}

tiny.function @max_f64 -> tensor<8xf64, #cpu> {
  %x = tiny.param 0 : f64 size 8 on "CPU"
  %y = tiny.param 1 : f64 size 8 on "CPU"
  %m = tiny.max %x, %y : tensor<8xf64, #cpu>, tensor<8xf64, #cpu>
  tiny.return %m : tensor<8xf64, #cpu>
}

// The same pairs as constants: the folder computes them (no tiny.max is
// left) and agrees with the computed values above.
// FOLDED-IR-LABEL: tiny.function @max_folded
// FOLDED-IR-NOT: tiny.max
// FOLDED-IR: tiny.return
// FOLDED:      [0] : tensor<1xf32>
// FOLDED-NEXT: [0] : tensor<1xf32>
// FOLDED-NEXT: [-0] : tensor<1xf32>
// FOLDED-NEXT: [{{-?}}nan] : tensor<1xf32>
// FOLDED-NEXT: [{{-?}}nan] : tensor<1xf32>
// FOLDED-NEXT: [-0] : tensor<1xf32>
tiny.function @max_folded -> tuple<tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>> {
  %pz = tiny.const dense<0.0> : tensor<1xf32, #cpu>
  %nz = tiny.const dense<-0.0> : tensor<1xf32, #cpu>
  %nan = tiny.const dense<0x7FC00000> : tensor<1xf32, #cpu>
  %one = tiny.const dense<1.0> : tensor<1xf32, #cpu>
  %ninf = tiny.const dense<0xFF800000> : tensor<1xf32, #cpu>
  %a = tiny.max %pz, %nz : tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %b = tiny.max %nz, %pz : tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %c = tiny.max %nz, %nz : tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %d = tiny.max %nan, %one : tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %e = tiny.max %one, %nan : tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %f = tiny.max %ninf, %nz : tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %t = tiny.tuple %a, %b, %c, %d, %e, %f : tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  tiny.return %t : tuple<tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>>
}

// NEGZERO: [-0] : tensor<1xf32>
// POSZERO: [0] : tensor<1xf32>
// NAN: [{{-?}}nan] : tensor<1xf32>
// NEGINF: [-inf] : tensor<1xf32>
tiny.function @reduce_max -> tensor<1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 8 on "CPU"
  %m = tiny.reduce max %x axes [0] : tensor<8xf32, #cpu>
  tiny.return %m : tensor<1xf32, #cpu>
}

// Rows of 64: long enough for LLVM to vectorize the reduction.
// ROWS: [{{\[}}-0], [0], [0], [{{-?}}nan]] : tensor<4x1xf32>
tiny.function @reduce_max_rows -> tensor<4x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 256 on "CPU"
  %v = tiny.reshape %x to [4, 64] : tensor<256xf32, #cpu>
  %m = tiny.reduce max %v axes [1] : tensor<4x64xf32, #cpu>
  tiny.return %m : tensor<4x1xf32, #cpu>
}
