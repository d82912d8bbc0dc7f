// Execution of tiny.reduce (add / max / mul) over one axis, the other axis
// and both axes, for f32 and i32. Reduced axes keep length 1.
//
// Expected values, python3 (no numpy):
//   from functools import reduce as fr
//   import operator
//   def red(x, axes, op, init):           # x: 2-D list, keepdims
//       R, C = len(x), len(x[0])
//       if axes == [0]: return [[fr(op, [x[r][c] for r in range(R)], init) for c in range(C)]]
//       if axes == [1]: return [[fr(op, x[r], init)] for r in range(R)]
//       return [[fr(op, [v for row in x for v in row], init)]]
//   def wrap32(v): return (v + 2**31) % 2**32 - 2**31
//   f = [[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]]
//   for name, op, init in [("add", operator.add, 0.0), ("max", max, float("-inf")), ("mul", operator.mul, 1.0)]:
//       for axes in ([0], [1], [0, 1]): print("f32", name, axes, red(f, axes, op, init))
//   i = [[11, 2, 3, 4], [5, 6, 7, 10], [12, 13, 1, 20]]
//   for name, op, init in [("add", operator.add, 0), ("max", max, -2**31), ("mul", lambda a, b: wrap32(a*b), 1)]:
//       for axes in ([0], [1], [0, 1]): print("i32", name, axes, red(i, axes, op, init))
//   neg = [[v - 50 for v in row] for row in i]
//   for axes in ([0], [1], [0, 1]): print("i32 max of x-50", axes, red(neg, axes, max, -2**31))
//   allneg = [[-5.5, -3.25, -7.0], [-1.5, -9.0, -2.0]]
//   for axes in ([0], [1], [0, 1]): print("f32 max allneg", axes, red(allneg, axes, max, float("-inf")))
//   print("i32 mul wrap", red([[1000, 1000, 1000, 1000]], [1], lambda a, b: wrap32(a*b), 1))
//   x = f; m = [max(r) for r in x]; y = [[v - m[i] for v in r] for i, r in enumerate(x)]
//   print("x - max(x, 1):", y, "and its row sums:", [[sum(r)] for r in y])
//   m0 = [max(x[0][c], x[1][c]) for c in range(3)]
//   print("x - max(x, 0):", [[x[r][c] - m0[c] for c in range(3)] for r in range(2)])
//   a = [1, 2, 3, 4, 5, 6]; b = [10, 20, 30, 40, 50, 60]
//   A = [a[0:3], a[3:6]]; B = [b[0:3], b[3:6]]
//   print("sum(a*b, 1):", [[sum(p*q for p, q in zip(A[r], B[r]))] for r in range(2)])
//   print("sum(a*b):", sum(p*q for p, q in zip(a, b)))
//   X = [[[2*j + k + 1 + 6*i for k in range(2)] for j in range(3)] for i in range(2)]
//   print("sum axis 1:", [[[sum(X[i][j][k] for j in range(3)) for k in range(2)]] for i in range(2)])
//   print("max axes [0,2]:", [[[max(X[i][j][k] for i in range(2) for k in range(2))] for j in range(3)]])

// RUN: tiny-run %s --entry=f32_add -i 1,-2,3,4,5,-6 | FileCheck %s --match-full-lines --check-prefix=FADD
// RUN: tiny-run %s --entry=f32_max -i 1,-2,3,4,5,-6 | FileCheck %s --match-full-lines --check-prefix=FMAX
// RUN: tiny-run %s --entry=f32_max -i -5.5,-3.25,-7,-1.5,-9,-2 | FileCheck %s --match-full-lines --check-prefix=FMAXNEG
// RUN: tiny-run %s --entry=f32_mul -i 1,-2,3,4,5,-6 | FileCheck %s --match-full-lines --check-prefix=FMUL
// RUN: tiny-run %s --entry=i32_add -i 11,2,3,4,5,6,7,10,12,13,1,20 | FileCheck %s --match-full-lines --check-prefix=IADD
// RUN: tiny-run %s --entry=i32_max -i 11,2,3,4,5,6,7,10,12,13,1,20 | FileCheck %s --match-full-lines --check-prefix=IMAX
// RUN: tiny-run %s --entry=i32_max_shifted -i 11,2,3,4,5,6,7,10,12,13,1,20 | FileCheck %s --match-full-lines --check-prefix=IMAXNEG
// RUN: tiny-run %s --entry=i32_mul -i 11,2,3,4,5,6,7,10,12,13,1,20 | FileCheck %s --match-full-lines --check-prefix=IMUL
// RUN: tiny-run %s --entry=i32_mul_wrap -i 1000,1000,1000,1000 | FileCheck %s --match-full-lines --check-prefix=IMULWRAP
// RUN: tiny-run %s --entry=dot -i 1,2,3,4,5,6 -i 10,20,30,40,50,60 | FileCheck %s --match-full-lines --check-prefix=DOT
// RUN: tiny-run %s --entry=sub_max -i 1,-2,3,4,5,-6 | FileCheck %s --match-full-lines --check-prefix=SUBMAX
// RUN: tiny-run %s --entry=sub_max0 -i 1,-2,3,4,5,-6 | FileCheck %s --match-full-lines --check-prefix=SUBMAX0
// RUN: tiny-run %s --entry=normalize -i 1,2,5,3,4,9 | FileCheck %s --match-full-lines --check-prefix=NORM
// RUN: tiny-run %s --entry=middle_axis -i 1,2,3,4,5,6,7,8,9,10,11,12 | FileCheck %s --match-full-lines --check-prefix=MID
// RUN: tiny-run %s --entry=sum_expanded -i 1,2,3 | FileCheck %s --match-full-lines --check-prefix=SUMEXP

#cpu = #tiny.device<"CPU">

// f = [[1, -2, 3], [4, 5, -6]]
// FADD:      [{{\[}}5, 3, -3]] : tensor<1x3xf32>
// FADD-NEXT: [{{\[}}2], [3]] : tensor<2x1xf32>
// FADD-NEXT: [{{\[}}5]] : tensor<1x1xf32>
tiny.function @f32_add -> tuple<tensor<1x3xf32, #cpu>, tensor<2x1xf32, #cpu>, tensor<1x1xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %a = tiny.reduce add %v axes [0] : tensor<2x3xf32, #cpu>
  %b = tiny.reduce add %v axes [1] : tensor<2x3xf32, #cpu>
  %c = tiny.reduce add %v axes [0, 1] : tensor<2x3xf32, #cpu>
  %t = tiny.tuple %a, %b, %c : tensor<1x3xf32, #cpu>, tensor<2x1xf32, #cpu>, tensor<1x1xf32, #cpu>
  tiny.return %t : tuple<tensor<1x3xf32, #cpu>, tensor<2x1xf32, #cpu>, tensor<1x1xf32, #cpu>>
}

// FMAX:      [{{\[}}4, 5, 3]] : tensor<1x3xf32>
// FMAX-NEXT: [{{\[}}3], [5]] : tensor<2x1xf32>
// FMAX-NEXT: [{{\[}}5]] : tensor<1x1xf32>
// All elements negative: the max must not start from 0.
// FMAXNEG:      [{{\[}}-1.5, -3.25, -2]] : tensor<1x3xf32>
// FMAXNEG-NEXT: [{{\[}}-3.25], [-1.5]] : tensor<2x1xf32>
// FMAXNEG-NEXT: [{{\[}}-1.5]] : tensor<1x1xf32>
tiny.function @f32_max -> tuple<tensor<1x3xf32, #cpu>, tensor<2x1xf32, #cpu>, tensor<1x1xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %a = tiny.reduce max %v axes [0] : tensor<2x3xf32, #cpu>
  %b = tiny.reduce max %v axes [1] : tensor<2x3xf32, #cpu>
  %c = tiny.reduce max %v axes [0, 1] : tensor<2x3xf32, #cpu>
  %t = tiny.tuple %a, %b, %c : tensor<1x3xf32, #cpu>, tensor<2x1xf32, #cpu>, tensor<1x1xf32, #cpu>
  tiny.return %t : tuple<tensor<1x3xf32, #cpu>, tensor<2x1xf32, #cpu>, tensor<1x1xf32, #cpu>>
}

// FMUL:      [{{\[}}4, -10, -18]] : tensor<1x3xf32>
// FMUL-NEXT: [{{\[}}-6], [-120]] : tensor<2x1xf32>
// FMUL-NEXT: [{{\[}}720]] : tensor<1x1xf32>
tiny.function @f32_mul -> tuple<tensor<1x3xf32, #cpu>, tensor<2x1xf32, #cpu>, tensor<1x1xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %a = tiny.reduce mul %v axes [0] : tensor<2x3xf32, #cpu>
  %b = tiny.reduce mul %v axes [1] : tensor<2x3xf32, #cpu>
  %c = tiny.reduce mul %v axes [0, 1] : tensor<2x3xf32, #cpu>
  %t = tiny.tuple %a, %b, %c : tensor<1x3xf32, #cpu>, tensor<2x1xf32, #cpu>, tensor<1x1xf32, #cpu>
  tiny.return %t : tuple<tensor<1x3xf32, #cpu>, tensor<2x1xf32, #cpu>, tensor<1x1xf32, #cpu>>
}

// i = [[11, 2, 3, 4], [5, 6, 7, 10], [12, 13, 1, 20]]
// IADD:      [{{\[}}28, 21, 11, 34]] : tensor<1x4xi32>
// IADD-NEXT: [{{\[}}20], [28], [46]] : tensor<3x1xi32>
// IADD-NEXT: [{{\[}}94]] : tensor<1x1xi32>
tiny.function @i32_add -> tuple<tensor<1x4xi32, #cpu>, tensor<3x1xi32, #cpu>, tensor<1x1xi32, #cpu>> {
  %x = tiny.param 0 : i32 size 12 on "CPU"
  %v = tiny.reshape %x to [3, 4] : tensor<12xi32, #cpu>
  %a = tiny.reduce add %v axes [0] : tensor<3x4xi32, #cpu>
  %b = tiny.reduce add %v axes [1] : tensor<3x4xi32, #cpu>
  %c = tiny.reduce add %v axes [0, 1] : tensor<3x4xi32, #cpu>
  %t = tiny.tuple %a, %b, %c : tensor<1x4xi32, #cpu>, tensor<3x1xi32, #cpu>, tensor<1x1xi32, #cpu>
  tiny.return %t : tuple<tensor<1x4xi32, #cpu>, tensor<3x1xi32, #cpu>, tensor<1x1xi32, #cpu>>
}

// IMAX:      [{{\[}}12, 13, 7, 20]] : tensor<1x4xi32>
// IMAX-NEXT: [{{\[}}11], [10], [20]] : tensor<3x1xi32>
// IMAX-NEXT: [{{\[}}20]] : tensor<1x1xi32>
tiny.function @i32_max -> tuple<tensor<1x4xi32, #cpu>, tensor<3x1xi32, #cpu>, tensor<1x1xi32, #cpu>> {
  %x = tiny.param 0 : i32 size 12 on "CPU"
  %v = tiny.reshape %x to [3, 4] : tensor<12xi32, #cpu>
  %a = tiny.reduce max %v axes [0] : tensor<3x4xi32, #cpu>
  %b = tiny.reduce max %v axes [1] : tensor<3x4xi32, #cpu>
  %c = tiny.reduce max %v axes [0, 1] : tensor<3x4xi32, #cpu>
  %t = tiny.tuple %a, %b, %c : tensor<1x4xi32, #cpu>, tensor<3x1xi32, #cpu>, tensor<1x1xi32, #cpu>
  tiny.return %t : tuple<tensor<1x4xi32, #cpu>, tensor<3x1xi32, #cpu>, tensor<1x1xi32, #cpu>>
}

// max of i - 50 (every element negative): the i32 max must start at INT_MIN.
// IMAXNEG:      [{{\[}}-38, -37, -43, -30]] : tensor<1x4xi32>
// IMAXNEG-NEXT: [{{\[}}-39], [-40], [-30]] : tensor<3x1xi32>
// IMAXNEG-NEXT: [{{\[}}-30]] : tensor<1x1xi32>
tiny.function @i32_max_shifted -> tuple<tensor<1x4xi32, #cpu>, tensor<3x1xi32, #cpu>, tensor<1x1xi32, #cpu>> {
  %x = tiny.param 0 : i32 size 12 on "CPU"
  %v = tiny.reshape %x to [3, 4] : tensor<12xi32, #cpu>
  %k = tiny.const dense<50> : tensor<1x1xi32, #cpu>
  %s = tiny.sub %v, %k : tensor<3x4xi32, #cpu>, tensor<1x1xi32, #cpu>
  %a = tiny.reduce max %s axes [0] : tensor<3x4xi32, #cpu>
  %b = tiny.reduce max %s axes [1] : tensor<3x4xi32, #cpu>
  %c = tiny.reduce max %s axes [0, 1] : tensor<3x4xi32, #cpu>
  %t = tiny.tuple %a, %b, %c : tensor<1x4xi32, #cpu>, tensor<3x1xi32, #cpu>, tensor<1x1xi32, #cpu>
  tiny.return %t : tuple<tensor<1x4xi32, #cpu>, tensor<3x1xi32, #cpu>, tensor<1x1xi32, #cpu>>
}

// IMUL:      [{{\[}}660, 156, 21, 800]] : tensor<1x4xi32>
// IMUL-NEXT: [{{\[}}264], [2100], [3120]] : tensor<3x1xi32>
// IMUL-NEXT: [{{\[}}1729728000]] : tensor<1x1xi32>
tiny.function @i32_mul -> tuple<tensor<1x4xi32, #cpu>, tensor<3x1xi32, #cpu>, tensor<1x1xi32, #cpu>> {
  %x = tiny.param 0 : i32 size 12 on "CPU"
  %v = tiny.reshape %x to [3, 4] : tensor<12xi32, #cpu>
  %a = tiny.reduce mul %v axes [0] : tensor<3x4xi32, #cpu>
  %b = tiny.reduce mul %v axes [1] : tensor<3x4xi32, #cpu>
  %c = tiny.reduce mul %v axes [0, 1] : tensor<3x4xi32, #cpu>
  %t = tiny.tuple %a, %b, %c : tensor<1x4xi32, #cpu>, tensor<3x1xi32, #cpu>, tensor<1x1xi32, #cpu>
  tiny.return %t : tuple<tensor<1x4xi32, #cpu>, tensor<3x1xi32, #cpu>, tensor<1x1xi32, #cpu>>
}

// 1000^4 = 10^12 wraps modulo 2^32: wrap32(10**12) = -727379968.
// IMULWRAP: [{{\[}}-727379968]] : tensor<1x1xi32>
tiny.function @i32_mul_wrap -> tensor<1x1xi32, #cpu> {
  %x = tiny.param 0 : i32 size 4 on "CPU"
  %v = tiny.reshape %x to [1, 4] : tensor<4xi32, #cpu>
  %p = tiny.reduce mul %v axes [1] : tensor<1x4xi32, #cpu>
  tiny.return %p : tensor<1x1xi32, #cpu>
}

// Sum of an elementwise product (fused): per row of the (2,3) views, and of
// everything. a = [1..6], b = 10 a: row sums 10(1+4+9) = 140, 10(16+25+36) = 770;
// total 910.
// DOT:      [{{\[}}140], [770]] : tensor<2x1xf32>
// DOT-NEXT: [{{\[}}910]] : tensor<1x1xf32>
tiny.function @dot -> tuple<tensor<2x1xf32, #cpu>, tensor<1x1xf32, #cpu>> {
  %a = tiny.param 0 : f32 size 6 on "CPU"
  %b = tiny.param 1 : f32 size 6 on "CPU"
  %av = tiny.reshape %a to [2, 3] : tensor<6xf32, #cpu>
  %bv = tiny.reshape %b to [2, 3] : tensor<6xf32, #cpu>
  %m = tiny.mul %av, %bv : tensor<2x3xf32, #cpu>
  %r = tiny.reduce add %m axes [1] : tensor<2x3xf32, #cpu>
  %s = tiny.reduce add %m axes [0, 1] : tensor<2x3xf32, #cpu>
  %t = tiny.tuple %r, %s : tensor<2x1xf32, #cpu>, tensor<1x1xf32, #cpu>
  tiny.return %t : tuple<tensor<2x1xf32, #cpu>, tensor<1x1xf32, #cpu>>
}

// Softmax-style: y = x - max(x, axis 1) expanded back, then sum(y, axis 1),
// which reduces a value that itself needs a realized reduce.
// SUBMAX:      [{{\[}}-2, -5, 0], [-1, 0, -11]] : tensor<2x3xf32>
// SUBMAX-NEXT: [{{\[}}-7], [-12]] : tensor<2x1xf32>
tiny.function @sub_max -> tuple<tensor<2x3xf32, #cpu>, tensor<2x1xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %m = tiny.reduce max %v axes [1] : tensor<2x3xf32, #cpu>
  %e = tiny.expand %m to [2, 3] : tensor<2x1xf32, #cpu>
  %y = tiny.sub %v, %e : tensor<2x3xf32, #cpu>
  %s = tiny.reduce add %y axes [1] : tensor<2x3xf32, #cpu>
  %t = tiny.tuple %y, %s : tensor<2x3xf32, #cpu>, tensor<2x1xf32, #cpu>
  tiny.return %t : tuple<tensor<2x3xf32, #cpu>, tensor<2x1xf32, #cpu>>
}

// The same along axis 0: max(x, 0) = [[4, 5, 3]].
// SUBMAX0: [{{\[}}-3, -7, 0], [0, 0, -9]] : tensor<2x3xf32>
tiny.function @sub_max0 -> tensor<2x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %m = tiny.reduce max %v axes [0] : tensor<2x3xf32, #cpu>
  %e = tiny.expand %m to [2, 3] : tensor<1x3xf32, #cpu>
  %y = tiny.sub %v, %e : tensor<2x3xf32, #cpu>
  tiny.return %y : tensor<2x3xf32, #cpu>
}

// x / sum(x, axis 1) with power-of-two row sums, so every quotient is exact:
// [1, 2, 5] / 8 and [3, 4, 9] / 16.
// NORM: [{{\[}}0.125, 0.25, 0.625], [0.1875, 0.25, 0.5625]] : tensor<2x3xf32>
tiny.function @normalize -> tensor<2x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %s = tiny.reduce add %v axes [1] : tensor<2x3xf32, #cpu>
  %e = tiny.expand %s to [2, 3] : tensor<2x1xf32, #cpu>
  %y = tiny.fdiv %v, %e : tensor<2x3xf32, #cpu>
  tiny.return %y : tensor<2x3xf32, #cpu>
}

// X = [1..12] as (2, 3, 2), X[i][j][k] = 6i + 2j + k + 1. Sum over the middle
// axis, and max over the outer two ([0, 2]).
// MID:      [{{\[}}[9, 12]], {{\[}}[27, 30]]] : tensor<2x1x2xf32>
// MID-NEXT: [{{\[}}[8], [10], [12]]] : tensor<1x3x1xf32>
tiny.function @middle_axis -> tuple<tensor<2x1x2xf32, #cpu>, tensor<1x3x1xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [2, 3, 2] : tensor<12xf32, #cpu>
  %a = tiny.reduce add %v axes [1] : tensor<2x3x2xf32, #cpu>
  %b = tiny.reduce max %v axes [0, 2] : tensor<2x3x2xf32, #cpu>
  %t = tiny.tuple %a, %b : tensor<2x1x2xf32, #cpu>, tensor<1x3x1xf32, #cpu>
  tiny.return %t : tuple<tensor<2x1x2xf32, #cpu>, tensor<1x3x1xf32, #cpu>>
}

// Reduce of a broadcast: x (1,3) expanded to (4,3), summed over axis 0 = 4x.
// SUMEXP: [{{\[}}4, 8, 12]] : tensor<1x3xi32>
tiny.function @sum_expanded -> tensor<1x3xi32, #cpu> {
  %x = tiny.param 0 : i32 size 3 on "CPU"
  %v = tiny.reshape %x to [1, 3] : tensor<3xi32, #cpu>
  %e = tiny.expand %v to [4, 3] : tensor<1x3xi32, #cpu>
  %s = tiny.reduce add %e axes [0] : tensor<4x3xi32, #cpu>
  tiny.return %s : tensor<1x3xi32, #cpu>
}
