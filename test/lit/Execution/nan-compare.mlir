// where(cond, 10, 20) with a float comparison as the condition, on NaN and
// infinite inputs (IEEE: a comparison with NaN is false for <, >, ==, <=, >=
// and true for !=). The outputs, in order: cmplt, cmpgt, cmpne, cmpeq, cmpge,
// cmple.
//
// Expected values, python3 (Python's float comparisons are IEEE):
//   import math, operator
//   ops = [("lt", operator.lt), ("gt", operator.gt), ("ne", operator.ne), ("eq", operator.eq), ("ge", operator.ge), ("le", operator.le)]
//   for xs in ([math.nan, 0.5, 1.0, 2.0], [1.0, math.nan, -math.inf, math.inf]):
//       print("x =", xs)
//       for name, op in ops:
//           print("  x", name, "1:", [10 if op(x, 1.0) else 20 for x in xs], "  1", name, "x:", [10 if op(1.0, x) else 20 for x in xs])
//       print("  isnan (x != x):", [x != x for x in xs], " x == x:", [x == x for x in xs])

// RUN: tiny-run %s --entry=x_cmp_one -i nan,0.5,1,2 | FileCheck %s --match-full-lines --check-prefix=A
// RUN: tiny-run %s --entry=x_cmp_one -i 1,nan,-inf,inf | FileCheck %s --match-full-lines --check-prefix=B
// RUN: tiny-run %s --entry=one_cmp_x -i nan,0.5,1,2 | FileCheck %s --match-full-lines --check-prefix=RA
// RUN: tiny-run %s --entry=one_cmp_x -i 1,nan,-inf,inf | FileCheck %s --match-full-lines --check-prefix=RB
// The same comparisons in f16, bf16 and f64 give the same selections.
// RUN: tiny-run %s --entry=x_cmp_one_f16 -i nan,0.5,1,2 | FileCheck %s --match-full-lines --check-prefix=A
// RUN: tiny-run %s --entry=x_cmp_one_f16 -i 1,nan,-inf,inf | FileCheck %s --match-full-lines --check-prefix=B
// RUN: tiny-run %s --entry=x_cmp_one_bf16 -i nan,0.5,1,2 | FileCheck %s --match-full-lines --check-prefix=A
// RUN: tiny-run %s --entry=x_cmp_one_f64 -i nan,0.5,1,2 | FileCheck %s --match-full-lines --check-prefix=A
// RUN: tiny-run %s --entry=x_cmp_one_f64 -i 1,nan,-inf,inf | FileCheck %s --match-full-lines --check-prefix=B
// RUN: tiny-run %s --entry=self_cmp -i nan,0.5,1,2 | FileCheck %s --match-full-lines --check-prefix=SELFA
// RUN: tiny-run %s --entry=self_cmp -i 1,nan,-inf,inf | FileCheck %s --match-full-lines --check-prefix=SELFB
// RUN: tiny-run %s --entry=nan_to_num -i nan,0.5,nan,-inf | FileCheck %s --match-full-lines --check-prefix=NAN2NUM
// RUN: tiny-run %s --entry=nan_passthrough -i nan,0.5,nan,-inf | FileCheck %s --match-full-lines --check-prefix=PASS

#cpu = #tiny.device<"CPU">

// x = [nan, 0.5, 1, 2], x op 1:
// A:      [20, 10, 20, 20] : tensor<4xf32>
// A-NEXT: [20, 20, 20, 10] : tensor<4xf32>
// A-NEXT: [10, 10, 20, 10] : tensor<4xf32>
// A-NEXT: [20, 20, 10, 20] : tensor<4xf32>
// A-NEXT: [20, 20, 10, 10] : tensor<4xf32>
// A-NEXT: [20, 10, 10, 20] : tensor<4xf32>
// x = [1, nan, -inf, inf], x op 1:
// B:      [20, 20, 10, 20] : tensor<4xf32>
// B-NEXT: [20, 20, 20, 10] : tensor<4xf32>
// B-NEXT: [20, 10, 10, 10] : tensor<4xf32>
// B-NEXT: [10, 20, 20, 20] : tensor<4xf32>
// B-NEXT: [10, 20, 20, 10] : tensor<4xf32>
// B-NEXT: [10, 20, 10, 20] : tensor<4xf32>
tiny.function @x_cmp_one -> tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<1xf32, #cpu>
  %a = tiny.const dense<10.0> : tensor<1xf32, #cpu>
  %b = tiny.const dense<20.0> : tensor<1xf32, #cpu>
  %cmplt = tiny.cmplt %x, %one : tensor<4xf32, #cpu>, tensor<1xf32, #cpu>
  %w_cmplt = tiny.where %cmplt, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpgt = tiny.cmpgt %x, %one : tensor<4xf32, #cpu>, tensor<1xf32, #cpu>
  %w_cmpgt = tiny.where %cmpgt, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpne = tiny.cmpne %x, %one : tensor<4xf32, #cpu>, tensor<1xf32, #cpu>
  %w_cmpne = tiny.where %cmpne, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpeq = tiny.cmpeq %x, %one : tensor<4xf32, #cpu>, tensor<1xf32, #cpu>
  %w_cmpeq = tiny.where %cmpeq, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpge = tiny.cmpge %x, %one : tensor<4xf32, #cpu>, tensor<1xf32, #cpu>
  %w_cmpge = tiny.where %cmpge, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmple = tiny.cmple %x, %one : tensor<4xf32, #cpu>, tensor<1xf32, #cpu>
  %w_cmple = tiny.where %cmple, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %t = tiny.tuple %w_cmplt, %w_cmpgt, %w_cmpne, %w_cmpeq, %w_cmpge, %w_cmple : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %t : tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>>
}

// 1 op x, x = [nan, 0.5, 1, 2]:
// RA:      [20, 20, 20, 10] : tensor<4xf32>
// RA-NEXT: [20, 10, 20, 20] : tensor<4xf32>
// RA-NEXT: [10, 10, 20, 10] : tensor<4xf32>
// RA-NEXT: [20, 20, 10, 20] : tensor<4xf32>
// RA-NEXT: [20, 10, 10, 20] : tensor<4xf32>
// RA-NEXT: [20, 20, 10, 10] : tensor<4xf32>
// 1 op x, x = [1, nan, -inf, inf]:
// RB:      [20, 20, 20, 10] : tensor<4xf32>
// RB-NEXT: [20, 20, 10, 20] : tensor<4xf32>
// RB-NEXT: [20, 10, 10, 10] : tensor<4xf32>
// RB-NEXT: [10, 20, 20, 20] : tensor<4xf32>
// RB-NEXT: [10, 20, 10, 20] : tensor<4xf32>
// RB-NEXT: [10, 20, 20, 10] : tensor<4xf32>
tiny.function @one_cmp_x -> tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<1xf32, #cpu>
  %a = tiny.const dense<10.0> : tensor<1xf32, #cpu>
  %b = tiny.const dense<20.0> : tensor<1xf32, #cpu>
  %cmplt = tiny.cmplt %one, %x : tensor<1xf32, #cpu>, tensor<4xf32, #cpu>
  %w_cmplt = tiny.where %cmplt, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpgt = tiny.cmpgt %one, %x : tensor<1xf32, #cpu>, tensor<4xf32, #cpu>
  %w_cmpgt = tiny.where %cmpgt, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpne = tiny.cmpne %one, %x : tensor<1xf32, #cpu>, tensor<4xf32, #cpu>
  %w_cmpne = tiny.where %cmpne, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpeq = tiny.cmpeq %one, %x : tensor<1xf32, #cpu>, tensor<4xf32, #cpu>
  %w_cmpeq = tiny.where %cmpeq, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpge = tiny.cmpge %one, %x : tensor<1xf32, #cpu>, tensor<4xf32, #cpu>
  %w_cmpge = tiny.where %cmpge, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmple = tiny.cmple %one, %x : tensor<1xf32, #cpu>, tensor<4xf32, #cpu>
  %w_cmple = tiny.where %cmple, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %t = tiny.tuple %w_cmplt, %w_cmpgt, %w_cmpne, %w_cmpeq, %w_cmpge, %w_cmple : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %t : tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>>
}

tiny.function @x_cmp_one_f16 -> tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>> {
  %x = tiny.param 0 : f16 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<1xf16, #cpu>
  %a = tiny.const dense<10.0> : tensor<1xf32, #cpu>
  %b = tiny.const dense<20.0> : tensor<1xf32, #cpu>
  %cmplt = tiny.cmplt %x, %one : tensor<4xf16, #cpu>, tensor<1xf16, #cpu>
  %w_cmplt = tiny.where %cmplt, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpgt = tiny.cmpgt %x, %one : tensor<4xf16, #cpu>, tensor<1xf16, #cpu>
  %w_cmpgt = tiny.where %cmpgt, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpne = tiny.cmpne %x, %one : tensor<4xf16, #cpu>, tensor<1xf16, #cpu>
  %w_cmpne = tiny.where %cmpne, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpeq = tiny.cmpeq %x, %one : tensor<4xf16, #cpu>, tensor<1xf16, #cpu>
  %w_cmpeq = tiny.where %cmpeq, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpge = tiny.cmpge %x, %one : tensor<4xf16, #cpu>, tensor<1xf16, #cpu>
  %w_cmpge = tiny.where %cmpge, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmple = tiny.cmple %x, %one : tensor<4xf16, #cpu>, tensor<1xf16, #cpu>
  %w_cmple = tiny.where %cmple, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %t = tiny.tuple %w_cmplt, %w_cmpgt, %w_cmpne, %w_cmpeq, %w_cmpge, %w_cmple : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %t : tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>>
}

tiny.function @x_cmp_one_f64 -> tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>> {
  %x = tiny.param 0 : f64 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<1xf64, #cpu>
  %a = tiny.const dense<10.0> : tensor<1xf32, #cpu>
  %b = tiny.const dense<20.0> : tensor<1xf32, #cpu>
  %cmplt = tiny.cmplt %x, %one : tensor<4xf64, #cpu>, tensor<1xf64, #cpu>
  %w_cmplt = tiny.where %cmplt, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpgt = tiny.cmpgt %x, %one : tensor<4xf64, #cpu>, tensor<1xf64, #cpu>
  %w_cmpgt = tiny.where %cmpgt, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpne = tiny.cmpne %x, %one : tensor<4xf64, #cpu>, tensor<1xf64, #cpu>
  %w_cmpne = tiny.where %cmpne, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpeq = tiny.cmpeq %x, %one : tensor<4xf64, #cpu>, tensor<1xf64, #cpu>
  %w_cmpeq = tiny.where %cmpeq, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpge = tiny.cmpge %x, %one : tensor<4xf64, #cpu>, tensor<1xf64, #cpu>
  %w_cmpge = tiny.where %cmpge, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmple = tiny.cmple %x, %one : tensor<4xf64, #cpu>, tensor<1xf64, #cpu>
  %w_cmple = tiny.where %cmple, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %t = tiny.tuple %w_cmplt, %w_cmpgt, %w_cmpne, %w_cmpeq, %w_cmpge, %w_cmple : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %t : tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>>
}

tiny.function @x_cmp_one_bf16 -> tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>> {
  %x = tiny.param 0 : bf16 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<1xbf16, #cpu>
  %a = tiny.const dense<10.0> : tensor<1xf32, #cpu>
  %b = tiny.const dense<20.0> : tensor<1xf32, #cpu>
  %cmplt = tiny.cmplt %x, %one : tensor<4xbf16, #cpu>, tensor<1xbf16, #cpu>
  %w_cmplt = tiny.where %cmplt, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpgt = tiny.cmpgt %x, %one : tensor<4xbf16, #cpu>, tensor<1xbf16, #cpu>
  %w_cmpgt = tiny.where %cmpgt, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpne = tiny.cmpne %x, %one : tensor<4xbf16, #cpu>, tensor<1xbf16, #cpu>
  %w_cmpne = tiny.where %cmpne, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpeq = tiny.cmpeq %x, %one : tensor<4xbf16, #cpu>, tensor<1xbf16, #cpu>
  %w_cmpeq = tiny.where %cmpeq, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmpge = tiny.cmpge %x, %one : tensor<4xbf16, #cpu>, tensor<1xbf16, #cpu>
  %w_cmpge = tiny.where %cmpge, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %cmple = tiny.cmple %x, %one : tensor<4xbf16, #cpu>, tensor<1xbf16, #cpu>
  %w_cmple = tiny.where %cmple, %a, %b : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  %t = tiny.tuple %w_cmplt, %w_cmpgt, %w_cmpne, %w_cmpeq, %w_cmpge, %w_cmple : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %t : tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>>
}

// x != x is true exactly for NaN, x == x false exactly for NaN.
// SELFA:      [true, false, false, false] : tensor<4xi1>
// SELFA-NEXT: [false, true, true, true] : tensor<4xi1>
// SELFB:      [false, true, false, false] : tensor<4xi1>
// SELFB-NEXT: [true, false, true, true] : tensor<4xi1>
tiny.function @self_cmp -> tuple<tensor<4xi1, #cpu>, tensor<4xi1, #cpu>> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %ne = tiny.cmpne %x, %x : tensor<4xf32, #cpu>
  %eq = tiny.cmpeq %x, %x : tensor<4xf32, #cpu>
  %t = tiny.tuple %ne, %eq : tensor<4xi1, #cpu>, tensor<4xi1, #cpu>
  tiny.return %t : tuple<tensor<4xi1, #cpu>, tensor<4xi1, #cpu>>
}

// nan_to_num: where(x != x, 0, x), and the number of NaNs, sum(cast(x != x)).
// x = [nan, 0.5, nan, -inf] -> [0, 0.5, 0, -inf]; 2 NaNs.
// NAN2NUM:      [0, 0.5, 0, -inf] : tensor<4xf32>
// NAN2NUM-NEXT: [2] : tensor<1xi32>
tiny.function @nan_to_num -> tuple<tensor<4xf32, #cpu>, tensor<1xi32, #cpu>> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %ne = tiny.cmpne %x, %x : tensor<4xf32, #cpu>
  %zero = tiny.const dense<0.0> : tensor<1xf32, #cpu>
  %y = tiny.where %ne, %zero, %x : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<4xf32, #cpu>
  %ni = tiny.cast %ne to i32 : tensor<4xi1, #cpu>
  %n = tiny.reduce add %ni axes [0] : tensor<4xi32, #cpu>
  %t = tiny.tuple %y, %n : tensor<4xf32, #cpu>, tensor<1xi32, #cpu>
  tiny.return %t : tuple<tensor<4xf32, #cpu>, tensor<1xi32, #cpu>>
}

// where(x < 1, x, 5): a NaN compares false, so 5 is selected for it; -inf < 1
// selects -inf, 0.5 < 1 selects 0.5. x = [nan, 0.5, nan, -inf] -> [5, 0.5, 5, -inf].
// And where(x >= 1, 5, x) passes NaN through: NaN >= 1 is false, x is selected.
// PASS:      [5, 0.5, 5, -inf] : tensor<4xf32>
// PASS-NEXT: [nan, 0.5, nan, -inf] : tensor<4xf32>
tiny.function @nan_passthrough -> tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<1xf32, #cpu>
  %five = tiny.const dense<5.0> : tensor<1xf32, #cpu>
  %lt = tiny.cmplt %x, %one : tensor<4xf32, #cpu>, tensor<1xf32, #cpu>
  %a = tiny.where %lt, %x, %five : tensor<4xi1, #cpu>, tensor<4xf32, #cpu>, tensor<1xf32, #cpu>
  %ge = tiny.cmpge %x, %one : tensor<4xf32, #cpu>, tensor<1xf32, #cpu>
  %b = tiny.where %ge, %five, %x : tensor<4xi1, #cpu>, tensor<1xf32, #cpu>, tensor<4xf32, #cpu>
  %t = tiny.tuple %a, %b : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %t : tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>>
}
