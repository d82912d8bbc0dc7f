// Programs composed from the primitive ops the way tinygrad composes them:
// arange, prefix sums (two constructions), a one-hot embedding lookup and
// argmax.
//
// arange / cumsum by pooling (tinygrad's _cumalu + _pool). For n = 4:
//   v (n,)                            ones for arange, the input for cumsum
//   pad low [n-1]          -> p (L,)  L = 2n-1 = 7, p = [0, 0, 0, v0, .., v3]
//   reshape (1, L); expand (k, L); reshape (k*L,)
//                          -> f       p repeated k = 5 times, f[t] = p[t mod L]
//   shrink [0, n*W)        -> (32,)   W = L+1 = 8
//   reshape (n, W)         -> row i, column j holds f[iW + j] = p[(i + j) mod L]
//                                     = p[i + j] for i, j < n (i + j <= L-1)
//   shrink columns [0, n)  -> (n, n)  row i = p[i .. i+n), the window ending at v_i
//   reduce add axes [1]    -> (n, 1)  row i = v_0 + ... + v_i
//   reshape (n,)                       cumsum(v); arange = cumsum(ones) - 1
// For n = 5 (the embedding): L = 9, W = 10, n*W = 50, k = 6 (54 >= 50).
//
// cumsum by mask: mask[i][j] = j < i + 1, from two aranges broadcast against
// each other; out[i] = sum_j where(mask[i][j], x[j], 0).
//
// Expected values, python3:
//   n = 4; L = 2 * n - 1; W = L + 1; k = 5            # k * L = 35 >= n * W = 32
//   def windows(v):
//       p = [0] * (n - 1) + v                           # pad low n-1            (L,)
//       f = p * k                                       # expand (k, L), reshape (k*L,)
//       f = f[:n * W]                                   # shrink to n*W
//       m = [f[i * W:(i + 1) * W] for i in range(n)]    # reshape (n, W)
//       return [r[:n] for r in m]                       # shrink columns [0, n)
//   print("windows(ones):", windows([1] * n))
//   print("arange:", [sum(r) - 1 for r in windows([1] * n)])
//   for x in ([1, 2, 3, 4], [0.5, -1, 2.25, 10]):
//       print("cumsum", x, [sum(r) for r in windows(x)], "check", [sum(x[:i + 1]) for i in range(n)])
//   for x in ([1, 2, 3, 4], [0.5, -1, 2.25, 10]):
//       print("masked cumsum", x, [sum(x[j] if j < i + 1 else 0 for j in range(n)) for i in range(n)])
//   T = [[10 * (r + 1), 10 * (r + 1) + 1] for r in range(5)]
//   for idx in ([3, 0, 4], [2, 2, 1]):
//       print("embedding", idx, [[sum((1 if r == s else 0) * T[r][c] for r in range(5)) for c in range(2)] for s in idx])
//   for x in ([3, 7, 7, 1], [-2, -5, -1, -1.5], [4, 4, 4, 4]):
//       mx = max(x); print("argmax", x, n - max((1 if v == mx else 0) * (n - i) for i, v in enumerate(x)), "check", x.index(mx))

// RUN: tiny-run %s --entry=arange_i32 | FileCheck %s --match-full-lines --check-prefix=ARANGE
// RUN: tiny-run %s --entry=arange_windows_f32 | FileCheck %s --match-full-lines --check-prefix=WIN
// RUN: tiny-run %s --entry=cumsum_pool -i 1,2,3,4 | FileCheck %s --match-full-lines --check-prefix=CPOOL1
// RUN: tiny-run %s --entry=cumsum_pool -i 0.5,-1,2.25,10 | FileCheck %s --match-full-lines --check-prefix=CPOOL2
// RUN: tiny-run %s --entry=cumsum_mask -i 1,2,3,4 | FileCheck %s --match-full-lines --check-prefix=CMASK1
// RUN: tiny-run %s --entry=cumsum_mask -i 0.5,-1,2.25,10 | FileCheck %s --match-full-lines --check-prefix=CMASK2
// RUN: tiny-run %s --entry=embedding -i 3,0,4 -i 10,11,20,21,30,31,40,41,50,51 | FileCheck %s --match-full-lines --check-prefix=EMB1
// RUN: tiny-run %s --entry=embedding -i 2,2,1 -i 10,11,20,21,30,31,40,41,50,51 | FileCheck %s --match-full-lines --check-prefix=EMB2
// RUN: tiny-run %s --entry=argmax -i 3,7,7,1 | FileCheck %s --match-full-lines --check-prefix=ARGMAX1
// RUN: tiny-run %s --entry=argmax -i -2,-5,-1,-1.5 | FileCheck %s --match-full-lines --check-prefix=ARGMAX2
// RUN: tiny-run %s --entry=argmax -i 4,4,4,4 | FileCheck %s --match-full-lines --check-prefix=ARGMAX3

#cpu = #tiny.device<"CPU">

// ARANGE: [0, 1, 2, 3] : tensor<4xi32>
tiny.function @arange_i32 -> tensor<4xi32, #cpu> {
  %ones = tiny.const dense<1> : tensor<4xi32, #cpu>
  %p = tiny.pad %ones low [3] high [0] : tensor<4xi32, #cpu>
  %p1 = tiny.reshape %p to [1, 7] : tensor<7xi32, #cpu>
  %pe = tiny.expand %p1 to [5, 7] : tensor<1x7xi32, #cpu>
  %f = tiny.reshape %pe to [35] : tensor<5x7xi32, #cpu>
  %fs = tiny.shrink %f [0] to [32] : tensor<35xi32, #cpu>
  %m = tiny.reshape %fs to [4, 8] : tensor<32xi32, #cpu>
  %w = tiny.shrink %m [0, 0] to [4, 4] : tensor<4x8xi32, #cpu>
  %s = tiny.reduce add %w axes [1] : tensor<4x4xi32, #cpu>
  %c = tiny.reshape %s to [4] : tensor<4x1xi32, #cpu>
  %one = tiny.const dense<1> : tensor<1xi32, #cpu>
  %a = tiny.sub %c, %one : tensor<4xi32, #cpu>, tensor<1xi32, #cpu>
  tiny.return %a : tensor<4xi32, #cpu>
}

// The windows themselves, and arange, in f32.
// WIN:      [{{\[}}0, 0, 0, 1], [0, 0, 1, 1], [0, 1, 1, 1], [1, 1, 1, 1]] : tensor<4x4xf32>
// WIN-NEXT: [0, 1, 2, 3] : tensor<4xf32>
tiny.function @arange_windows_f32 -> tuple<tensor<4x4xf32, #cpu>, tensor<4xf32, #cpu>> {
  %ones = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %p = tiny.pad %ones low [3] high [0] : tensor<4xf32, #cpu>
  %p1 = tiny.reshape %p to [1, 7] : tensor<7xf32, #cpu>
  %pe = tiny.expand %p1 to [5, 7] : tensor<1x7xf32, #cpu>
  %f = tiny.reshape %pe to [35] : tensor<5x7xf32, #cpu>
  %fs = tiny.shrink %f [0] to [32] : tensor<35xf32, #cpu>
  %m = tiny.reshape %fs to [4, 8] : tensor<32xf32, #cpu>
  %w = tiny.shrink %m [0, 0] to [4, 4] : tensor<4x8xf32, #cpu>
  %s = tiny.reduce add %w axes [1] : tensor<4x4xf32, #cpu>
  %c = tiny.reshape %s to [4] : tensor<4x1xf32, #cpu>
  %one = tiny.const dense<1.0> : tensor<1xf32, #cpu>
  %a = tiny.sub %c, %one : tensor<4xf32, #cpu>, tensor<1xf32, #cpu>
  %t = tiny.tuple %w, %a : tensor<4x4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %t : tuple<tensor<4x4xf32, #cpu>, tensor<4xf32, #cpu>>
}

// CPOOL1: [1, 3, 6, 10] : tensor<4xf32>
// CPOOL2: [0.5, -0.5, 1.75, 11.75] : tensor<4xf32>
tiny.function @cumsum_pool -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %p = tiny.pad %x low [3] high [0] : tensor<4xf32, #cpu>
  %p1 = tiny.reshape %p to [1, 7] : tensor<7xf32, #cpu>
  %pe = tiny.expand %p1 to [5, 7] : tensor<1x7xf32, #cpu>
  %f = tiny.reshape %pe to [35] : tensor<5x7xf32, #cpu>
  %fs = tiny.shrink %f [0] to [32] : tensor<35xf32, #cpu>
  %m = tiny.reshape %fs to [4, 8] : tensor<32xf32, #cpu>
  %w = tiny.shrink %m [0, 0] to [4, 4] : tensor<4x8xf32, #cpu>
  %s = tiny.reduce add %w axes [1] : tensor<4x4xf32, #cpu>
  %c = tiny.reshape %s to [4] : tensor<4x1xf32, #cpu>
  tiny.return %c : tensor<4xf32, #cpu>
}

// CMASK1: [1, 3, 6, 10] : tensor<4xf32>
// CMASK2: [0.5, -0.5, 1.75, 11.75] : tensor<4xf32>
tiny.function @cumsum_mask -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  // arange(4) in i32, by pooling ones.
  %ones = tiny.const dense<1> : tensor<4xi32, #cpu>
  %p = tiny.pad %ones low [3] high [0] : tensor<4xi32, #cpu>
  %p1 = tiny.reshape %p to [1, 7] : tensor<7xi32, #cpu>
  %pe = tiny.expand %p1 to [5, 7] : tensor<1x7xi32, #cpu>
  %f = tiny.reshape %pe to [35] : tensor<5x7xi32, #cpu>
  %fs = tiny.shrink %f [0] to [32] : tensor<35xi32, #cpu>
  %m = tiny.reshape %fs to [4, 8] : tensor<32xi32, #cpu>
  %w = tiny.shrink %m [0, 0] to [4, 4] : tensor<4x8xi32, #cpu>
  %s = tiny.reduce add %w axes [1] : tensor<4x4xi32, #cpu>
  %c = tiny.reshape %s to [4] : tensor<4x1xi32, #cpu>   // arange + 1 = [1, 2, 3, 4]
  %one = tiny.const dense<1> : tensor<1xi32, #cpu>
  %ar = tiny.sub %c, %one : tensor<4xi32, #cpu>, tensor<1xi32, #cpu>  // [0, 1, 2, 3]
  // mask[i][j] = j < i + 1: rows from arange + 1, columns from arange.
  %ri = tiny.reshape %c to [4, 1] : tensor<4xi32, #cpu>
  %re = tiny.expand %ri to [4, 4] : tensor<4x1xi32, #cpu>
  %cj = tiny.reshape %ar to [1, 4] : tensor<4xi32, #cpu>
  %ce = tiny.expand %cj to [4, 4] : tensor<1x4xi32, #cpu>
  %mask = tiny.cmplt %ce, %re : tensor<4x4xi32, #cpu>
  %xr = tiny.reshape %x to [1, 4] : tensor<4xf32, #cpu>
  %xe = tiny.expand %xr to [4, 4] : tensor<1x4xf32, #cpu>
  %zero = tiny.const dense<0.0> : tensor<1x1xf32, #cpu>
  %sel = tiny.where %mask, %xe, %zero : tensor<4x4xi1, #cpu>, tensor<4x4xf32, #cpu>, tensor<1x1xf32, #cpu>
  %sum = tiny.reduce add %sel axes [1] : tensor<4x4xf32, #cpu>
  %out = tiny.reshape %sum to [4] : tensor<4x1xf32, #cpu>
  tiny.return %out : tensor<4xf32, #cpu>
}

// One-hot embedding lookup (tinygrad's Embedding): onehot[s][r] = (r == idx[s])
// from arange(5) and the index, cast to f32, then onehot (3,5) @ T (5,2) by the
// matmul construction. It reads the rows T[idx[s]].
// EMB1: [{{\[}}40, 41], [10, 11], [50, 51]] : tensor<3x2xf32>
// EMB2: [{{\[}}30, 31], [30, 31], [20, 21]] : tensor<3x2xf32>
tiny.function @embedding -> tensor<3x2xf32, #cpu> {
  %idx = tiny.param 0 : i32 size 3 on "CPU"
  %t = tiny.param 1 : f32 size 10 on "CPU"
  // arange(5): L = 9, W = 10, k = 6.
  %ones = tiny.const dense<1> : tensor<5xi32, #cpu>
  %p = tiny.pad %ones low [4] high [0] : tensor<5xi32, #cpu>
  %p1 = tiny.reshape %p to [1, 9] : tensor<9xi32, #cpu>
  %pe = tiny.expand %p1 to [6, 9] : tensor<1x9xi32, #cpu>
  %f = tiny.reshape %pe to [54] : tensor<6x9xi32, #cpu>
  %fs = tiny.shrink %f [0] to [50] : tensor<54xi32, #cpu>
  %m = tiny.reshape %fs to [5, 10] : tensor<50xi32, #cpu>
  %w = tiny.shrink %m [0, 0] to [5, 5] : tensor<5x10xi32, #cpu>
  %s = tiny.reduce add %w axes [1] : tensor<5x5xi32, #cpu>
  %c = tiny.reshape %s to [5] : tensor<5x1xi32, #cpu>
  %one = tiny.const dense<1> : tensor<1xi32, #cpu>
  %ar = tiny.sub %c, %one : tensor<5xi32, #cpu>, tensor<1xi32, #cpu>
  // onehot (3, 5)
  %arr = tiny.reshape %ar to [1, 5] : tensor<5xi32, #cpu>
  %are = tiny.expand %arr to [3, 5] : tensor<1x5xi32, #cpu>
  %ir = tiny.reshape %idx to [3, 1] : tensor<3xi32, #cpu>
  %ie = tiny.expand %ir to [3, 5] : tensor<3x1xi32, #cpu>
  %eq = tiny.cmpeq %are, %ie : tensor<3x5xi32, #cpu>
  %oh = tiny.cast %eq to f32 : tensor<3x5xi1, #cpu>
  // onehot @ T
  %a3 = tiny.reshape %oh to [3, 1, 5] : tensor<3x5xf32, #cpu>
  %ae = tiny.expand %a3 to [3, 2, 5] : tensor<3x1x5xf32, #cpu>
  %t2 = tiny.reshape %t to [5, 2] : tensor<10xf32, #cpu>
  %tt = tiny.permute %t2 [1, 0] : tensor<5x2xf32, #cpu>
  %t3 = tiny.reshape %tt to [1, 2, 5] : tensor<2x5xf32, #cpu>
  %te = tiny.expand %t3 to [3, 2, 5] : tensor<1x2x5xf32, #cpu>
  %mul = tiny.mul %ae, %te : tensor<3x2x5xf32, #cpu>
  %red = tiny.reduce add %mul axes [2] : tensor<3x2x5xf32, #cpu>
  %out = tiny.reshape %red to [3, 2] : tensor<3x2x1xf32, #cpu>
  tiny.return %out : tensor<3x2xf32, #cpu>
}

// argmax, first occurrence (tinygrad): n - max((x == max(x)) * (n - arange(n))),
// with n - arange(4) = [4, 3, 2, 1] = 5 - cumsum(ones).
// ARGMAX1: [1] : tensor<1xi32>
// ARGMAX2: [2] : tensor<1xi32>
// ARGMAX3: [0] : tensor<1xi32>
tiny.function @argmax -> tensor<1xi32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %ones = tiny.const dense<1> : tensor<4xi32, #cpu>
  %p = tiny.pad %ones low [3] high [0] : tensor<4xi32, #cpu>
  %p1 = tiny.reshape %p to [1, 7] : tensor<7xi32, #cpu>
  %pe = tiny.expand %p1 to [5, 7] : tensor<1x7xi32, #cpu>
  %f = tiny.reshape %pe to [35] : tensor<5x7xi32, #cpu>
  %fs = tiny.shrink %f [0] to [32] : tensor<35xi32, #cpu>
  %m = tiny.reshape %fs to [4, 8] : tensor<32xi32, #cpu>
  %w = tiny.shrink %m [0, 0] to [4, 4] : tensor<4x8xi32, #cpu>
  %s = tiny.reduce add %w axes [1] : tensor<4x4xi32, #cpu>
  %c = tiny.reshape %s to [4] : tensor<4x1xi32, #cpu>
  %five = tiny.const dense<5> : tensor<1xi32, #cpu>
  %rev = tiny.sub %five, %c : tensor<1xi32, #cpu>, tensor<4xi32, #cpu>  // [4, 3, 2, 1]
  %mx = tiny.reduce max %x axes [0] : tensor<4xf32, #cpu>
  %mxe = tiny.expand %mx to [4] : tensor<1xf32, #cpu>
  %eq = tiny.cmpeq %x, %mxe : tensor<4xf32, #cpu>
  %eqi = tiny.cast %eq to i32 : tensor<4xi1, #cpu>
  %sc = tiny.mul %eqi, %rev : tensor<4xi32, #cpu>
  %best = tiny.reduce max %sc axes [0] : tensor<4xi32, #cpu>
  %four = tiny.const dense<4> : tensor<1xi32, #cpu>
  %am = tiny.sub %four, %best : tensor<1xi32, #cpu>
  tiny.return %am : tensor<1xi32, #cpu>
}
