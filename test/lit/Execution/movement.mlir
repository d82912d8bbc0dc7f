// Execution of the movement ops on the CPU: reshape, permute, expand, pad,
// shrink, flip, stack, and chains of them.
//
// Expected values are worked out by hand from the op definitions (the formula
// is next to each check), or with the python3 snippet shown.

// RUN: tiny-run %s --entry=reshape -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=RESHAPE
// RUN: tiny-run %s --entry=reshape3 -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=RESHAPE3
// RUN: tiny-run %s --entry=permute2d -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=PERM2
// RUN: tiny-run %s --entry=permute3d -i 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 | FileCheck %s --match-full-lines --check-prefix=PERM3
// RUN: tiny-run %s --entry=permute3d_b -i 100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123 | FileCheck %s --match-full-lines --check-prefix=PERM3B
// RUN: tiny-run %s --entry=expand_rows -i 1,2,3 | FileCheck %s --match-full-lines --check-prefix=EXPR
// RUN: tiny-run %s --entry=expand_cols -i 1,2,3 | FileCheck %s --match-full-lines --check-prefix=EXPC
// RUN: tiny-run %s --entry=pad_low_high -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=PAD
// RUN: tiny-run %s --entry=pad_both -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=PAD2
// RUN: tiny-run %s --entry=pad_then_add -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=PADADD
// RUN: tiny-run %s --entry=shrink -i 1,2,3,4,5,6,7,8,9,10,11,12 | FileCheck %s --match-full-lines --check-prefix=SHRINK
// RUN: tiny-run %s --entry=shrink_col -i 1,2,3,4,5,6,7,8,9,10,11,12 | FileCheck %s --match-full-lines --check-prefix=SHRINKC
// RUN: tiny-run %s --entry=flip0 -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=FLIP0
// RUN: tiny-run %s --entry=flip1 -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=FLIP1
// RUN: tiny-run %s --entry=flip01 -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=FLIP01
// RUN: tiny-run %s --entry=stack2 -i 1,2,3 -i 4,5,6 | FileCheck %s --match-full-lines --check-prefix=STACK2
// RUN: tiny-run %s --entry=stack3 -i 1,2 -i 3,4 -i 5,6 | FileCheck %s --match-full-lines --check-prefix=STACK3
// RUN: tiny-run %s --entry=stack_computed -i 1,2,3 -i 10,20,30 | FileCheck %s --match-full-lines --check-prefix=STACKC
// RUN: tiny-run %s --entry=chain -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=CHAIN
// RUN: tiny-run %s --entry=sym -i 1,2,3,4,5,6,7,8,9 | FileCheck %s --match-full-lines --check-prefix=SYM
// RUN: tiny-run %s --entry=computed_then_moved -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=CMOVE
// RUN: tiny-run %s --entry=perm_reshape -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=PERMRESH
// RUN: tiny-run %s --entry=perm3_reshape -i 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 | FileCheck %s --match-full-lines --check-prefix=PERM3RESH
// RUN: tiny-run %s --entry=view_reshapes -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=VIEWRESH
// RUN: tiny-run %s --entry=shrink_reshape -i 1,2,3,4,5,6,7,8,9,10,11,12 | FileCheck %s --match-full-lines --check-prefix=SHRRESH
// RUN: tiny-run %s --entry=pad_after_alu -i -1,-2 | FileCheck %s --match-full-lines --check-prefix=PADALU
// RUN: tiny-run %s --entry=pad_in_reduce -i -1,-2 | FileCheck %s --match-full-lines --check-prefix=PADRED
// RUN: tiny-run %s --entry=pad_const | FileCheck %s --match-full-lines --check-prefix=PADCONST

#cpu = #tiny.device<"CPU">

// x = [1..6] viewed as (3, 2): row r is [2r+1, 2r+2].
// RESHAPE: [{{\[}}1, 2], [3, 4], [5, 6]] : tensor<3x2xf32>
tiny.function @reshape -> tensor<3x2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [3, 2] : tensor<6xf32, #cpu>
  tiny.return %v : tensor<3x2xf32, #cpu>
}

// (6,) -> (2, 3) -> (3, 1, 2): row-major order is kept.
// RESHAPE3: [{{\[}}[1, 2]], {{\[}}[3, 4]], {{\[}}[5, 6]]] : tensor<3x1x2xi32>
tiny.function @reshape3 -> tensor<3x1x2xi32, #cpu> {
  %x = tiny.param 0 : i32 size 6 on "CPU"
  %a = tiny.reshape %x to [2, 3] : tensor<6xi32, #cpu>
  %b = tiny.reshape %a to [3, 1, 2] : tensor<2x3xi32, #cpu>
  tiny.return %b : tensor<3x1x2xi32, #cpu>
}

// Transpose of [[1,2,3],[4,5,6]]: out[i][j] = x[j][i].
// PERM2: [{{\[}}1, 4], [2, 5], [3, 6]] : tensor<3x2xf32>
tiny.function @permute2d -> tensor<3x2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %p = tiny.permute %v [1, 0] : tensor<2x3xf32, #cpu>
  tiny.return %p : tensor<3x2xf32, #cpu>
}

// src (2,3,4) with src[a][b][c] = 12a + 4b + c. Result axis i is source axis
// order[i]. python3:
//   # permute [2, 0, 1]: out[i][j][k] = src[j][k][i], shape (4, 2, 3)
//   print([[[j*12+k*4+i for k in range(3)] for j in range(2)] for i in range(4)])
//   # permute [1, 2, 0]: out[i][j][k] = src[k][i][j], shape (3, 4, 2); the
//   # i32 run uses inputs 100..123, so src[a][b][c] = 100 + 12a + 4b + c
//   # (single-digit inputs 8 and 9 hit a tiny-run input-parsing bug, see
//   # input-parse.mlir).
//   print([[[100+k*12+i*4+j for k in range(2)] for j in range(4)] for i in range(3)])
// PERM3: [{{\[}}[0, 4, 8], [12, 16, 20]], {{\[}}[1, 5, 9], [13, 17, 21]], {{\[}}[2, 6, 10], [14, 18, 22]], {{\[}}[3, 7, 11], [15, 19, 23]]] : tensor<4x2x3xf32>
tiny.function @permute3d -> tensor<4x2x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 24 on "CPU"
  %v = tiny.reshape %x to [2, 3, 4] : tensor<24xf32, #cpu>
  %p = tiny.permute %v [2, 0, 1] : tensor<2x3x4xf32, #cpu>
  tiny.return %p : tensor<4x2x3xf32, #cpu>
}

// PERM3B: [{{\[}}[100, 112], [101, 113], [102, 114], [103, 115]], {{\[}}[104, 116], [105, 117], [106, 118], [107, 119]], {{\[}}[108, 120], [109, 121], [110, 122], [111, 123]]] : tensor<3x4x2xi32>
tiny.function @permute3d_b -> tensor<3x4x2xi32, #cpu> {
  %x = tiny.param 0 : i32 size 24 on "CPU"
  %v = tiny.reshape %x to [2, 3, 4] : tensor<24xi32, #cpu>
  %p = tiny.permute %v [1, 2, 0] : tensor<2x3x4xi32, #cpu>
  tiny.return %p : tensor<3x4x2xi32, #cpu>
}

// (1, 3) broadcast to (2, 3): every row is x.
// EXPR: [{{\[}}1, 2, 3], [1, 2, 3]] : tensor<2x3xf32>
tiny.function @expand_rows -> tensor<2x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 3 on "CPU"
  %v = tiny.reshape %x to [1, 3] : tensor<3xf32, #cpu>
  %e = tiny.expand %v to [2, 3] : tensor<1x3xf32, #cpu>
  tiny.return %e : tensor<2x3xf32, #cpu>
}

// (3, 1) broadcast to (3, 4): row i is x[i] repeated 4 times.
// EXPC: [{{\[}}1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]] : tensor<3x4xi32>
tiny.function @expand_cols -> tensor<3x4xi32, #cpu> {
  %x = tiny.param 0 : i32 size 3 on "CPU"
  %v = tiny.reshape %x to [3, 1] : tensor<3xi32, #cpu>
  %e = tiny.expand %v to [3, 4] : tensor<3x1xi32, #cpu>
  tiny.return %e : tensor<3x4xi32, #cpu>
}

// pad low [1, 0] high [0, 2] of [[1,2,3],[4,5,6]]: one zero row on top, two
// zero columns on the right; (3, 5).
// PAD: [{{\[}}0, 0, 0, 0, 0], [1, 2, 3, 0, 0], [4, 5, 6, 0, 0]] : tensor<3x5xf32>
tiny.function @pad_low_high -> tensor<3x5xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %p = tiny.pad %v low [1, 0] high [0, 2] : tensor<2x3xf32, #cpu>
  tiny.return %p : tensor<3x5xf32, #cpu>
}

// pad low [0, 1] high [1, 1]: a zero column on each side, a zero row below; (3, 5).
// PAD2: [{{\[}}0, 1, 2, 3, 0], [0, 4, 5, 6, 0], [0, 0, 0, 0, 0]] : tensor<3x5xi32>
tiny.function @pad_both -> tensor<3x5xi32, #cpu> {
  %x = tiny.param 0 : i32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xi32, #cpu>
  %p = tiny.pad %v low [0, 1] high [1, 1] : tensor<2x3xi32, #cpu>
  tiny.return %p : tensor<3x5xi32, #cpu>
}

// The padded zeros take part in arithmetic: pad(x) + 10 is 10 where padded.
// pad low [1, 1] high [0, 0] of [[1,2,3],[4,5,6]] then + 10.
// PADADD: [{{\[}}10, 10, 10, 10], [10, 11, 12, 13], [10, 14, 15, 16]] : tensor<3x4xf32>
tiny.function @pad_then_add -> tensor<3x4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %p = tiny.pad %v low [1, 1] high [0, 0] : tensor<2x3xf32, #cpu>
  %ten = tiny.const dense<10.0> : tensor<1x1xf32, #cpu>
  %y = tiny.add %p, %ten : tensor<3x4xf32, #cpu>, tensor<1x1xf32, #cpu>
  tiny.return %y : tensor<3x4xf32, #cpu>
}

// x = [1..12] as (4, 3), x[r][c] = 3r + c + 1; rows [1, 3), columns [0, 2).
// SHRINK: [{{\[}}4, 5], [7, 8]] : tensor<2x2xf32>
tiny.function @shrink -> tensor<2x2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %s = tiny.shrink %v [1, 0] to [3, 2] : tensor<4x3xf32, #cpu>
  tiny.return %s : tensor<2x2xf32, #cpu>
}

// Column 2 of the same (4, 3): x[r][2] = 3r + 3.
// SHRINKC: [{{\[}}3], [6], [9], [12]] : tensor<4x1xf32>
tiny.function @shrink_col -> tensor<4x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %s = tiny.shrink %v [0, 2] to [4, 3] : tensor<4x3xf32, #cpu>
  tiny.return %s : tensor<4x1xf32, #cpu>
}

// flip axis 0 of [[1,2,3],[4,5,6]]: rows swapped.
// FLIP0: [{{\[}}4, 5, 6], [1, 2, 3]] : tensor<2x3xf32>
tiny.function @flip0 -> tensor<2x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %f = tiny.flip %v axes [0] : tensor<2x3xf32, #cpu>
  tiny.return %f : tensor<2x3xf32, #cpu>
}

// flip axis 1: each row reversed.
// FLIP1: [{{\[}}3, 2, 1], [6, 5, 4]] : tensor<2x3xf32>
tiny.function @flip1 -> tensor<2x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %f = tiny.flip %v axes [1] : tensor<2x3xf32, #cpu>
  tiny.return %f : tensor<2x3xf32, #cpu>
}

// flip both axes: out[i][j] = x[1-i][2-j], the flat order reversed.
// FLIP01: [{{\[}}6, 5, 4], [3, 2, 1]] : tensor<2x3xi32>
tiny.function @flip01 -> tensor<2x3xi32, #cpu> {
  %x = tiny.param 0 : i32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xi32, #cpu>
  %f = tiny.flip %v axes [0, 1] : tensor<2x3xi32, #cpu>
  tiny.return %f : tensor<2x3xi32, #cpu>
}

// stack a, b on a new leading axis: out[0] = a, out[1] = b.
// STACK2: [{{\[}}1, 2, 3], [4, 5, 6]] : tensor<2x3xf32>
tiny.function @stack2 -> tensor<2x3xf32, #cpu> {
  %a = tiny.param 0 : f32 size 3 on "CPU"
  %b = tiny.param 1 : f32 size 3 on "CPU"
  %s = tiny.stack %a, %b : tensor<3xf32, #cpu>, tensor<3xf32, #cpu>
  tiny.return %s : tensor<2x3xf32, #cpu>
}

// STACK3: [{{\[}}1, 2], [3, 4], [5, 6]] : tensor<3x2xi32>
tiny.function @stack3 -> tensor<3x2xi32, #cpu> {
  %a = tiny.param 0 : i32 size 2 on "CPU"
  %b = tiny.param 1 : i32 size 2 on "CPU"
  %c = tiny.param 2 : i32 size 2 on "CPU"
  %s = tiny.stack %a, %b, %c : tensor<2xi32, #cpu>, tensor<2xi32, #cpu>, tensor<2xi32, #cpu>
  tiny.return %s : tensor<3x2xi32, #cpu>
}

// Stack of computed values: [a + b, a * b, flip(a)], a = [1,2,3], b = [10,20,30].
// STACKC: [{{\[}}11, 22, 33], [10, 40, 90], [3, 2, 1]] : tensor<3x3xf32>
tiny.function @stack_computed -> tensor<3x3xf32, #cpu> {
  %a = tiny.param 0 : f32 size 3 on "CPU"
  %b = tiny.param 1 : f32 size 3 on "CPU"
  %s0 = tiny.add %a, %b : tensor<3xf32, #cpu>
  %s1 = tiny.mul %a, %b : tensor<3xf32, #cpu>
  %s2 = tiny.flip %a axes [0] : tensor<3xf32, #cpu>
  %s = tiny.stack %s0, %s1, %s2 : tensor<3xf32, #cpu>, tensor<3xf32, #cpu>, tensor<3xf32, #cpu>
  tiny.return %s : tensor<3x3xf32, #cpu>
}

// A chain, step by step from x = [[1,2,3],[4,5,6]]:
//   permute [1,0]            -> [[1,4],[2,5],[3,6]]                      (3,2)
//   pad low [1,0] high [0,1] -> [[0,0,0],[1,4,0],[2,5,0],[3,6,0]]        (4,3)
//   shrink [1,1] to [4,3]    -> [[4,0],[5,0],[6,0]]                      (3,2)
//   flip axes [0]            -> [[6,0],[5,0],[4,0]]                      (3,2)
//   reshape [1,3,2]; expand [2,3,2] -> the (3,2) block twice             (2,3,2)
// CHAIN: [{{\[}}[6, 0], [5, 0], [4, 0]], {{\[}}[6, 0], [5, 0], [4, 0]]] : tensor<2x3x2xf32>
tiny.function @chain -> tensor<2x3x2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %p = tiny.permute %v [1, 0] : tensor<2x3xf32, #cpu>
  %pd = tiny.pad %p low [1, 0] high [0, 1] : tensor<3x2xf32, #cpu>
  %s = tiny.shrink %pd [1, 1] to [4, 3] : tensor<4x3xf32, #cpu>
  %f = tiny.flip %s axes [0] : tensor<3x2xf32, #cpu>
  %r = tiny.reshape %f to [1, 3, 2] : tensor<3x2xf32, #cpu>
  %e = tiny.expand %r to [2, 3, 2] : tensor<1x3x2xf32, #cpu>
  tiny.return %e : tensor<2x3x2xf32, #cpu>
}

// x + x^T for x = [1..9] as (3,3), x[i][j] = 3i + j + 1:
// out[i][j] = (3i + j + 1) + (3j + i + 1) = 4(i + j) + 2.
// SYM: [{{\[}}2, 6, 10], [6, 10, 14], [10, 14, 18]] : tensor<3x3xf32>
tiny.function @sym -> tensor<3x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 9 on "CPU"
  %v = tiny.reshape %x to [3, 3] : tensor<9xf32, #cpu>
  %t = tiny.permute %v [1, 0] : tensor<3x3xf32, #cpu>
  %y = tiny.add %v, %t : tensor<3x3xf32, #cpu>
  tiny.return %y : tensor<3x3xf32, #cpu>
}

// Movement of a computed value: (x * 2) transposed, then flipped on axis 1.
// x*2 = [[2,4,6],[8,10,12]]; transpose = [[2,8],[4,10],[6,12]]; flip 1 =
// [[8,2],[10,4],[12,6]].
// CMOVE: [{{\[}}8, 2], [10, 4], [12, 6]] : tensor<3x2xf32>
tiny.function @computed_then_moved -> tensor<3x2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %two = tiny.const dense<2.0> : tensor<1x1xf32, #cpu>
  %m = tiny.mul %v, %two : tensor<2x3xf32, #cpu>, tensor<1x1xf32, #cpu>
  %t = tiny.permute %m [1, 0] : tensor<2x3xf32, #cpu>
  %f = tiny.flip %t axes [1] : tensor<3x2xf32, #cpu>
  tiny.return %f : tensor<3x2xf32, #cpu>
}

// Reshapes of non-contiguous views, which cannot just reinterpret the storage.
// x = [[1,2,3],[4,5,6]]; x^T = [[1,4],[2,5],[3,6]]; flat in row-major order:
// [1,4,2,5,3,6]; as (2, 3): [[1,4,2],[5,3,6]].
// PERMRESH:      [1, 4, 2, 5, 3, 6] : tensor<6xf32>
// PERMRESH-NEXT: [{{\[}}1, 4, 2], [5, 3, 6]] : tensor<2x3xf32>
tiny.function @perm_reshape -> tuple<tensor<6xf32, #cpu>, tensor<2x3xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %p = tiny.permute %v [1, 0] : tensor<2x3xf32, #cpu>
  %f = tiny.reshape %p to [6] : tensor<3x2xf32, #cpu>
  %g = tiny.reshape %p to [2, 3] : tensor<3x2xf32, #cpu>
  %t = tiny.tuple %f, %g : tensor<6xf32, #cpu>, tensor<2x3xf32, #cpu>
  tiny.return %t : tuple<tensor<6xf32, #cpu>, tensor<2x3xf32, #cpu>>
}

// src[a][b][c] = 12a + 4b + c permuted [2, 0, 1] to (4, 2, 3) (see PERM3),
// then merged to (4, 6): row i = [src[j][k][i] for j, k] = [12j + 4k + i].
// python3: print([[12*j + 4*k + i for j in range(2) for k in range(3)] for i in range(4)])
// PERM3RESH: [{{\[}}0, 4, 8, 12, 16, 20], [1, 5, 9, 13, 17, 21], [2, 6, 10, 14, 18, 22], [3, 7, 11, 15, 19, 23]] : tensor<4x6xf32>
tiny.function @perm3_reshape -> tensor<4x6xf32, #cpu> {
  %x = tiny.param 0 : f32 size 24 on "CPU"
  %v = tiny.reshape %x to [2, 3, 4] : tensor<24xf32, #cpu>
  %p = tiny.permute %v [2, 0, 1] : tensor<2x3x4xf32, #cpu>
  %r = tiny.reshape %p to [4, 6] : tensor<4x2x3xf32, #cpu>
  tiny.return %r : tensor<4x6xf32, #cpu>
}

// pad low [0,1] high [0,1] of x: [[0,1,2,3,0],[0,4,5,6,0]], flat (10,);
// its last two columns: [[3,0],[6,0]]; flip both axes of x,
// [[6,5,4],[3,2,1]], as (3, 2): [[6,5],[4,3],[2,1]].
// VIEWRESH:      [0, 1, 2, 3, 0, 0, 4, 5, 6, 0] : tensor<10xf32>
// VIEWRESH-NEXT: [{{\[}}3, 0], [6, 0]] : tensor<2x2xf32>
// VIEWRESH-NEXT: [{{\[}}6, 5], [4, 3], [2, 1]] : tensor<3x2xf32>
tiny.function @view_reshapes -> tuple<tensor<10xf32, #cpu>, tensor<2x2xf32, #cpu>, tensor<3x2xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %p = tiny.pad %v low [0, 1] high [0, 1] : tensor<2x3xf32, #cpu>
  %f = tiny.reshape %p to [10] : tensor<2x5xf32, #cpu>
  %s = tiny.shrink %p [0, 3] to [2, 5] : tensor<2x5xf32, #cpu>
  %fl = tiny.flip %v axes [0, 1] : tensor<2x3xf32, #cpu>
  %fr = tiny.reshape %fl to [3, 2] : tensor<2x3xf32, #cpu>
  %t = tiny.tuple %f, %s, %fr : tensor<10xf32, #cpu>, tensor<2x2xf32, #cpu>, tensor<3x2xf32, #cpu>
  tiny.return %t : tuple<tensor<10xf32, #cpu>, tensor<2x2xf32, #cpu>, tensor<3x2xf32, #cpu>>
}

// x = [1..12] as (3, 4), x[r][c] = 4r + c + 1; the inner block rows [1,3),
// columns [1,3) is [[6,7],[10,11]]; flat [6,7,10,11]; back to (2,2) and
// transposed: [[6,10],[7,11]].
// SHRRESH:      [6, 7, 10, 11] : tensor<4xf32>
// SHRRESH-NEXT: [{{\[}}6, 10], [7, 11]] : tensor<2x2xf32>
tiny.function @shrink_reshape -> tuple<tensor<4xf32, #cpu>, tensor<2x2xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [3, 4] : tensor<12xf32, #cpu>
  %s = tiny.shrink %v [1, 1] to [3, 3] : tensor<3x4xf32, #cpu>
  %f = tiny.reshape %s to [4] : tensor<2x2xf32, #cpu>
  %r = tiny.reshape %f to [2, 2] : tensor<4xf32, #cpu>
  %pt = tiny.permute %r [1, 0] : tensor<2x2xf32, #cpu>
  %t = tiny.tuple %f, %pt : tensor<4xf32, #cpu>, tensor<2x2xf32, #cpu>
  tiny.return %t : tuple<tensor<4xf32, #cpu>, tensor<2x2xf32, #cpu>>
}

// Padding comes after the elementwise op: the new elements are 0, not f(0).
// x = [-1, -2], each padded low [1] high [1]:
//   pad(x + 1)       = [0, 0, -1, 0]
//   pad(exp2(x))     = [0, 0.5, 0.25, 0]      (exp2(0) = 1 must not appear)
//   pad(x == x)      = [false, true, true, false]
//   pad(1 / x)       = [0, -1, -0.5, 0]       (1/0 = inf must not appear)
//   sum(pad(exp2(x)) + 1) = 0.75 + 4 = 4.75
// PADALU:      [0, 0, -1, 0] : tensor<4xf32>
// PADALU-NEXT: [0, 0.5, 0.25, 0] : tensor<4xf32>
// PADALU-NEXT: [false, true, true, false] : tensor<4xi1>
// PADALU-NEXT: [0, -1, -0.5, 0] : tensor<4xf32>
// PADALU-NEXT: [4.75] : tensor<1xf32>
tiny.function @pad_after_alu -> tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xi1, #cpu>, tensor<4xf32, #cpu>, tensor<1xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 2 on "CPU"
  %one = tiny.const dense<1.0> : tensor<1xf32, #cpu>
  %y = tiny.add %x, %one : tensor<2xf32, #cpu>, tensor<1xf32, #cpu>
  %py = tiny.pad %y low [1] high [1] : tensor<2xf32, #cpu>
  %e = tiny.exp2 %x : tensor<2xf32, #cpu>
  %pe = tiny.pad %e low [1] high [1] : tensor<2xf32, #cpu>
  %c = tiny.cmpeq %x, %x : tensor<2xf32, #cpu>
  %pc = tiny.pad %c low [1] high [1] : tensor<2xi1, #cpu>
  %r = tiny.reciprocal %x : tensor<2xf32, #cpu>
  %pr = tiny.pad %r low [1] high [1] : tensor<2xf32, #cpu>
  %pe1 = tiny.add %pe, %one : tensor<4xf32, #cpu>, tensor<1xf32, #cpu>
  %s = tiny.reduce add %pe1 axes [0] : tensor<4xf32, #cpu>
  %t = tiny.tuple %py, %pe, %pc, %pr, %s : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xi1, #cpu>, tensor<4xf32, #cpu>, tensor<1xf32, #cpu>
  tiny.return %t : tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xi1, #cpu>, tensor<4xf32, #cpu>, tensor<1xf32, #cpu>>
}

// The padded zeros take part in reductions: pad([-1, -2]) = [0, -1, -2, 0];
// max = 0 (not -1), product = 0, sum = -3.
// PADRED:      [0] : tensor<1xf32>
// PADRED-NEXT: [0] : tensor<1xf32>
// PADRED-NEXT: [-3] : tensor<1xf32>
tiny.function @pad_in_reduce -> tuple<tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 2 on "CPU"
  %p = tiny.pad %x low [1] high [1] : tensor<2xf32, #cpu>
  %a = tiny.reduce max %p axes [0] : tensor<4xf32, #cpu>
  %b = tiny.reduce mul %p axes [0] : tensor<4xf32, #cpu>
  %c = tiny.reduce add %p axes [0] : tensor<4xf32, #cpu>
  %t = tiny.tuple %a, %b, %c : tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>
  tiny.return %t : tuple<tensor<1xf32, #cpu>, tensor<1xf32, #cpu>, tensor<1xf32, #cpu>>
}

// A padded splat constant is no longer a splat: [0, 3, 3, 0], sum 6.
// PADCONST:      [0, 3, 3, 0] : tensor<4xf32>
// PADCONST-NEXT: [6] : tensor<1xf32>
tiny.function @pad_const -> tuple<tensor<4xf32, #cpu>, tensor<1xf32, #cpu>> {
  %c = tiny.const dense<3.0> : tensor<2xf32, #cpu>
  %p = tiny.pad %c low [1] high [1] : tensor<2xf32, #cpu>
  %s = tiny.reduce add %p axes [0] : tensor<4xf32, #cpu>
  %t = tiny.tuple %p, %s : tensor<4xf32, #cpu>, tensor<1xf32, #cpu>
  tiny.return %t : tuple<tensor<4xf32, #cpu>, tensor<1xf32, #cpu>>
}
