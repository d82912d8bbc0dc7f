// Matrix multiplication written the way tinygrad writes it, out of movement
// ops, a mul and a reduce:
//   a (M,K) -> reshape (M,1,K) -> expand (M,N,K)
//   b (K,N) -> permute (N,K) -> reshape (1,N,K) -> expand (M,N,K)
//   mul; reduce add over axis 2 -> (M,N,1); reshape (M,N)
//
// Expected values, python3:
//   def mm(a, b):
//       return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]
//   def rows(flat, n): return [flat[i:i+n] for i in range(0, len(flat), n)]
//   A = rows([1, 2, 3, 4, 5, 6], 3)            # (2, 3)
//   B = rows([7, 8, 9, 10, 11, 12], 2)          # (3, 2)
//   print("2x3 @ 3x2:", mm(A, B))
//   P = rows(list(range(1, 17)), 4)             # (4, 4), P[i][j] = 4i + j + 1
//   Q = rows([(-1) ** k * (k % 5) for k in range(16)], 4)
//   print("Q flat:", [(-1) ** k * (k % 5) for k in range(16)])
//   print("4x4 @ 4x4:", mm(P, Q))
//   I = [[1 if i == j else 0 for j in range(4)] for i in range(4)]
//   print("P @ I:", mm(P, I))
//   C = rows([1, -1, 2, 0], 2)                  # (2, 2)
//   print("(A @ B) @ C:", mm(mm(A, B), C))
//   R = rows(list(range(11, 27)), 4)            # (4, 4), R[i][j] = 4i + j + 11
//   print("R @ R:", mm(R, R))
//   print("relu(A @ B + bias):", [[max(v + [-100, -60][j], 0) for j, v in enumerate(r)] for r in mm(A, B)])

// RUN: tiny-run %s --entry=mm_2x3_3x2 -i 1,2,3,4,5,6 -i 7,8,9,10,11,12 | FileCheck %s --match-full-lines --check-prefix=MM23
// RUN: tiny-run %s --entry=mm_4x4 -i 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 -i 0,-1,2,-3,4,0,1,-2,3,-4,0,-1,2,-3,4,0 | FileCheck %s --match-full-lines --check-prefix=MM44
// RUN: tiny-run %s --entry=mm_4x4 -i 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 -i 1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1 | FileCheck %s --match-full-lines --check-prefix=MMID
// RUN: tiny-run %s --entry=mm_4x4_i32 -i 11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26 -i 11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26 | FileCheck %s --match-full-lines --check-prefix=MMI32
// RUN: tiny-run %s --entry=mm_chain -i 1,2,3,4,5,6 -i 7,8,9,10,11,12 -i 1,-1,2,0 | FileCheck %s --match-full-lines --check-prefix=MMCHAIN
// RUN: tiny-run %s --entry=mm_bias_relu -i 1,2,3,4,5,6 -i 7,8,9,10,11,12 -i -100,-60 | FileCheck %s --match-full-lines --check-prefix=MMRELU

#cpu = #tiny.device<"CPU">

// MM23: [{{\[}}58, 64], [139, 154]] : tensor<2x2xf32>
tiny.function @mm_2x3_3x2 -> tensor<2x2xf32, #cpu> {
  %a = tiny.param 0 : f32 size 6 on "CPU"
  %b = tiny.param 1 : f32 size 6 on "CPU"
  %a2 = tiny.reshape %a to [2, 3] : tensor<6xf32, #cpu>
  %a3 = tiny.reshape %a2 to [2, 1, 3] : tensor<2x3xf32, #cpu>
  %ae = tiny.expand %a3 to [2, 2, 3] : tensor<2x1x3xf32, #cpu>
  %b2 = tiny.reshape %b to [3, 2] : tensor<6xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<3x2xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 2, 3] : tensor<2x3xf32, #cpu>
  %be = tiny.expand %b3 to [2, 2, 3] : tensor<1x2x3xf32, #cpu>
  %m = tiny.mul %ae, %be : tensor<2x2x3xf32, #cpu>
  %s = tiny.reduce add %m axes [2] : tensor<2x2x3xf32, #cpu>
  %c = tiny.reshape %s to [2, 2] : tensor<2x2x1xf32, #cpu>
  tiny.return %c : tensor<2x2xf32, #cpu>
}

// MM44: [{{\[}}25, -25, 20, -10], [61, -57, 48, -34], [97, -89, 76, -58], [133, -121, 104, -82]] : tensor<4x4xf32>
// Times the identity: P itself.
// MMID: [{{\[}}1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]] : tensor<4x4xf32>
tiny.function @mm_4x4 -> tensor<4x4xf32, #cpu> {
  %a = tiny.param 0 : f32 size 16 on "CPU"
  %b = tiny.param 1 : f32 size 16 on "CPU"
  %a2 = tiny.reshape %a to [4, 4] : tensor<16xf32, #cpu>
  %a3 = tiny.reshape %a2 to [4, 1, 4] : tensor<4x4xf32, #cpu>
  %ae = tiny.expand %a3 to [4, 4, 4] : tensor<4x1x4xf32, #cpu>
  %b2 = tiny.reshape %b to [4, 4] : tensor<16xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<4x4xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 4, 4] : tensor<4x4xf32, #cpu>
  %be = tiny.expand %b3 to [4, 4, 4] : tensor<1x4x4xf32, #cpu>
  %m = tiny.mul %ae, %be : tensor<4x4x4xf32, #cpu>
  %s = tiny.reduce add %m axes [2] : tensor<4x4x4xf32, #cpu>
  %c = tiny.reshape %s to [4, 4] : tensor<4x4x1xf32, #cpu>
  tiny.return %c : tensor<4x4xf32, #cpu>
}

// MMI32: [{{\[}}870, 920, 970, 1020], [1142, 1208, 1274, 1340], [1414, 1496, 1578, 1660], [1686, 1784, 1882, 1980]] : tensor<4x4xi32>
tiny.function @mm_4x4_i32 -> tensor<4x4xi32, #cpu> {
  %a = tiny.param 0 : i32 size 16 on "CPU"
  %b = tiny.param 1 : i32 size 16 on "CPU"
  %a2 = tiny.reshape %a to [4, 4] : tensor<16xi32, #cpu>
  %a3 = tiny.reshape %a2 to [4, 1, 4] : tensor<4x4xi32, #cpu>
  %ae = tiny.expand %a3 to [4, 4, 4] : tensor<4x1x4xi32, #cpu>
  %b2 = tiny.reshape %b to [4, 4] : tensor<16xi32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<4x4xi32, #cpu>
  %b3 = tiny.reshape %bt to [1, 4, 4] : tensor<4x4xi32, #cpu>
  %be = tiny.expand %b3 to [4, 4, 4] : tensor<1x4x4xi32, #cpu>
  %m = tiny.mul %ae, %be : tensor<4x4x4xi32, #cpu>
  %s = tiny.reduce add %m axes [2] : tensor<4x4x4xi32, #cpu>
  %c = tiny.reshape %s to [4, 4] : tensor<4x4x1xi32, #cpu>
  tiny.return %c : tensor<4x4xi32, #cpu>
}

// (A @ B) @ C: the first product is the input of a second reduce.
// MMCHAIN: [{{\[}}186, -58], [447, -139]] : tensor<2x2xf32>
tiny.function @mm_chain -> tensor<2x2xf32, #cpu> {
  %a = tiny.param 0 : f32 size 6 on "CPU"
  %b = tiny.param 1 : f32 size 6 on "CPU"
  %cc = tiny.param 2 : f32 size 4 on "CPU"
  %a2 = tiny.reshape %a to [2, 3] : tensor<6xf32, #cpu>
  %a3 = tiny.reshape %a2 to [2, 1, 3] : tensor<2x3xf32, #cpu>
  %ae = tiny.expand %a3 to [2, 2, 3] : tensor<2x1x3xf32, #cpu>
  %b2 = tiny.reshape %b to [3, 2] : tensor<6xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<3x2xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 2, 3] : tensor<2x3xf32, #cpu>
  %be = tiny.expand %b3 to [2, 2, 3] : tensor<1x2x3xf32, #cpu>
  %m = tiny.mul %ae, %be : tensor<2x2x3xf32, #cpu>
  %s = tiny.reduce add %m axes [2] : tensor<2x2x3xf32, #cpu>
  %ab = tiny.reshape %s to [2, 2] : tensor<2x2x1xf32, #cpu>
  %x3 = tiny.reshape %ab to [2, 1, 2] : tensor<2x2xf32, #cpu>
  %xe = tiny.expand %x3 to [2, 2, 2] : tensor<2x1x2xf32, #cpu>
  %c2 = tiny.reshape %cc to [2, 2] : tensor<4xf32, #cpu>
  %ct = tiny.permute %c2 [1, 0] : tensor<2x2xf32, #cpu>
  %c3 = tiny.reshape %ct to [1, 2, 2] : tensor<2x2xf32, #cpu>
  %ce = tiny.expand %c3 to [2, 2, 2] : tensor<1x2x2xf32, #cpu>
  %m2 = tiny.mul %xe, %ce : tensor<2x2x2xf32, #cpu>
  %s2 = tiny.reduce add %m2 axes [2] : tensor<2x2x2xf32, #cpu>
  %r = tiny.reshape %s2 to [2, 2] : tensor<2x2x1xf32, #cpu>
  tiny.return %r : tensor<2x2xf32, #cpu>
}

// relu(A @ B + bias), bias (2,) broadcast over rows, relu as max with 0:
// [[58-100, 64-60], [139-100, 154-60]] -> [[0, 4], [39, 94]].
// MMRELU: [{{\[}}0, 4], [39, 94]] : tensor<2x2xf32>
tiny.function @mm_bias_relu -> tensor<2x2xf32, #cpu> {
  %a = tiny.param 0 : f32 size 6 on "CPU"
  %b = tiny.param 1 : f32 size 6 on "CPU"
  %bias = tiny.param 2 : f32 size 2 on "CPU"
  %a2 = tiny.reshape %a to [2, 3] : tensor<6xf32, #cpu>
  %a3 = tiny.reshape %a2 to [2, 1, 3] : tensor<2x3xf32, #cpu>
  %ae = tiny.expand %a3 to [2, 2, 3] : tensor<2x1x3xf32, #cpu>
  %b2 = tiny.reshape %b to [3, 2] : tensor<6xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<3x2xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 2, 3] : tensor<2x3xf32, #cpu>
  %be = tiny.expand %b3 to [2, 2, 3] : tensor<1x2x3xf32, #cpu>
  %m = tiny.mul %ae, %be : tensor<2x2x3xf32, #cpu>
  %s = tiny.reduce add %m axes [2] : tensor<2x2x3xf32, #cpu>
  %c = tiny.reshape %s to [2, 2] : tensor<2x2x1xf32, #cpu>
  %y = tiny.add %c, %bias : tensor<2x2xf32, #cpu>, tensor<2xf32, #cpu>
  %zero = tiny.const dense<0.0> : tensor<1x1xf32, #cpu>
  %r = tiny.max %y, %zero : tensor<2x2xf32, #cpu>, tensor<1x1xf32, #cpu>
  tiny.return %r : tensor<2x2xf32, #cpu>
}
