// Execution of tiny.index (gather along the leading axes) with ui8, i32 and
// i64 index tensors. The table is T (5, 2) with row r = [10(r+1), 10(r+1)+1],
// given as the input 10,11,20,21,30,31,40,41,50,51.
//
// Out-of-range indices: IndexOp's description does not say what an index
// outside [0, dim) reads; tinygrad's gather masks invalid indices, so these
// tests expect 0 for them (as the brief for these tests asks).
//
// Expected values, python3:
//   T = [[10 * (r + 1), 10 * (r + 1) + 1] for r in range(5)]
//   def row(i): return T[i] if 0 <= i < 5 else [0, 0]           # out of range reads 0
//   print("ui8 [4,0,2]:", [row(i) for i in [4, 0, 2]])
//   print("ui8 [1,1,3]:", [row(i) for i in [1, 1, 3]])
//   print("ui8 oob [5,0,255]:", [row(i) for i in [5, 0, 255]])
//   print("i32 [3,1,4]:", [row(i) for i in [3, 1, 4]])
//   print("i32 [x-10 for x in 14,10,7] =", [x - 10 for x in [14, 10, 7]], [row(x - 10) for x in [14, 10, 7]])
//   print("i32 oob [2, 1000000, 2147483647]:", [row(i) for i in [2, 1000000, 2147483647]])
//   I2 = [[4, 3], [0, 1]]
//   print("2-D index:", [[row(i) for i in r] for r in I2])
//   i0 = [0, 4, 2]; i1 = [1, 0]
//   print("two indices, i0 (3,1) x i1 (2,):", [[T[a][b] for b in i1] for a in i0])
//   print("i64 on doubled table [2, 0]:", [[2 * v for v in row(i)] for i in [2, 0]])

// RUN: tiny-run %s --entry=gather_ui8 -i 10,11,20,21,30,31,40,41,50,51 -i 4,0,2 | FileCheck %s --match-full-lines --check-prefix=UI8
// RUN: tiny-run %s --entry=gather_ui8 -i 10,11,20,21,30,31,40,41,50,51 -i 1,1,3 | FileCheck %s --match-full-lines --check-prefix=UI8B
// RUN: tiny-run %s --entry=gather_ui8 -i 10,11,20,21,30,31,40,41,50,51 -i 5,0,255 | FileCheck %s --match-full-lines --check-prefix=UI8OOB
// RUN: tiny-run %s --entry=gather_i32 -i 10,11,20,21,30,31,40,41,50,51 -i 3,1,4 | FileCheck %s --match-full-lines --check-prefix=I32
// RUN: tiny-run %s --entry=gather_i32 -i 10,11,20,21,30,31,40,41,50,51 -i 2,1000000,2147483647 | FileCheck %s --match-full-lines --check-prefix=I32OOB
// RUN: tiny-run %s --entry=gather_i32_negative -i 10,11,20,21,30,31,40,41,50,51 -i 14,10,7 | FileCheck %s --match-full-lines --check-prefix=I32NEG
// RUN: tiny-run %s --entry=gather_2d_index -i 10,11,20,21,30,31,40,41,50,51 -i 4,3,0,1 | FileCheck %s --match-full-lines --check-prefix=IDX2D
// RUN: tiny-run %s --entry=gather_two_indices -i 10,11,20,21,30,31,40,41,50,51 -i 0,4,2 -i 1,0 | FileCheck %s --match-full-lines --check-prefix=TWO
// RUN: tiny-run %s --entry=gather_i64_computed -i 10,11,20,21,30,31,40,41,50,51 -i 2,0 | FileCheck %s --match-full-lines --check-prefix=I64

#cpu = #tiny.device<"CPU">

// UI8: [{{\[}}50, 51], [10, 11], [30, 31]] : tensor<3x2xf32>
// UI8B: [{{\[}}20, 21], [20, 21], [40, 41]] : tensor<3x2xf32>
// UI8OOB: [{{\[}}0, 0], [10, 11], [0, 0]] : tensor<3x2xf32>
tiny.function @gather_ui8 -> tensor<3x2xf32, #cpu> {
  %t = tiny.param 0 : f32 size 10 on "CPU"
  %i = tiny.param 1 : ui8 size 3 on "CPU"
  %tv = tiny.reshape %t to [5, 2] : tensor<10xf32, #cpu>
  %y = tiny.index %tv[%i] : tensor<5x2xf32, #cpu>, tensor<3xui8, #cpu>
  tiny.return %y : tensor<3x2xf32, #cpu>
}

// I32: [{{\[}}40, 41], [20, 21], [50, 51]] : tensor<3x2xf32>
// I32OOB: [{{\[}}30, 31], [0, 0], [0, 0]] : tensor<3x2xf32>
tiny.function @gather_i32 -> tensor<3x2xf32, #cpu> {
  %t = tiny.param 0 : f32 size 10 on "CPU"
  %i = tiny.param 1 : i32 size 3 on "CPU"
  %tv = tiny.reshape %t to [5, 2] : tensor<10xf32, #cpu>
  %y = tiny.index %tv[%i] : tensor<5x2xf32, #cpu>, tensor<3xi32, #cpu>
  tiny.return %y : tensor<3x2xf32, #cpu>
}

// A negative index, computed as input - 10: [14, 10, 7] - 10 = [4, 0, -3];
// -3 is out of range and reads 0.
// I32NEG: [{{\[}}50, 51], [10, 11], [0, 0]] : tensor<3x2xf32>
tiny.function @gather_i32_negative -> tensor<3x2xf32, #cpu> {
  %t = tiny.param 0 : f32 size 10 on "CPU"
  %i = tiny.param 1 : i32 size 3 on "CPU"
  %ten = tiny.const dense<10> : tensor<1xi32, #cpu>
  %j = tiny.sub %i, %ten : tensor<3xi32, #cpu>, tensor<1xi32, #cpu>
  %tv = tiny.reshape %t to [5, 2] : tensor<10xf32, #cpu>
  %y = tiny.index %tv[%j] : tensor<5x2xf32, #cpu>, tensor<3xi32, #cpu>
  tiny.return %y : tensor<3x2xf32, #cpu>
}

// A (2, 2) index tensor: the result is (2, 2) followed by the row axis (2).
// IDX2D: [{{\[}}[50, 51], [40, 41]], {{\[}}[10, 11], [20, 21]]] : tensor<2x2x2xf32>
tiny.function @gather_2d_index -> tensor<2x2x2xf32, #cpu> {
  %t = tiny.param 0 : f32 size 10 on "CPU"
  %i = tiny.param 1 : i32 size 4 on "CPU"
  %tv = tiny.reshape %t to [5, 2] : tensor<10xf32, #cpu>
  %iv = tiny.reshape %i to [2, 2] : tensor<4xi32, #cpu>
  %y = tiny.index %tv[%iv] : tensor<5x2xf32, #cpu>, tensor<2x2xi32, #cpu>
  tiny.return %y : tensor<2x2x2xf32, #cpu>
}

// Two index tensors, i0 (3, 1) and i1 (2,), broadcast to S = (3, 2):
// result[a][b] = T[i0[a]][i1[b]].
// TWO: [{{\[}}11, 10], [51, 50], [31, 30]] : tensor<3x2xf32>
tiny.function @gather_two_indices -> tensor<3x2xf32, #cpu> {
  %t = tiny.param 0 : f32 size 10 on "CPU"
  %i0 = tiny.param 1 : i32 size 3 on "CPU"
  %i1 = tiny.param 2 : i32 size 2 on "CPU"
  %tv = tiny.reshape %t to [5, 2] : tensor<10xf32, #cpu>
  %i0v = tiny.reshape %i0 to [3, 1] : tensor<3xi32, #cpu>
  %y = tiny.index %tv[%i0v, %i1] : tensor<5x2xf32, #cpu>, tensor<3x1xi32, #cpu>, tensor<2xi32, #cpu>
  tiny.return %y : tensor<3x2xf32, #cpu>
}

// i64 indices into a computed table, 2 T.
// I64: [{{\[}}60, 62], [20, 22]] : tensor<2x2xf32>
tiny.function @gather_i64_computed -> tensor<2x2xf32, #cpu> {
  %t = tiny.param 0 : f32 size 10 on "CPU"
  %i = tiny.param 1 : i64 size 2 on "CPU"
  %tv = tiny.reshape %t to [5, 2] : tensor<10xf32, #cpu>
  %two = tiny.const dense<2.0> : tensor<1x1xf32, #cpu>
  %t2 = tiny.mul %tv, %two : tensor<5x2xf32, #cpu>, tensor<1x1xf32, #cpu>
  %y = tiny.index %t2[%i] : tensor<5x2xf32, #cpu>, tensor<2xi64, #cpu>
  tiny.return %y : tensor<2x2xf32, #cpu>
}
