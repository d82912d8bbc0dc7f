// Stores into views of a param, then the param read after the store, run by
// tiny-run, whose pipeline rewrites the stores (-tiny-remove-views, after
// each device got its own ops). Expected values are worked out by hand from
// the view's definition: the formula is next to each check.
//
// RUN: tiny-run %s --entry=row -i 1,2,3,4,5,6 -i 10,20 | FileCheck %s --match-full-lines --check-prefix=ROW
// RUN: tiny-run %s --entry=column -i 1,2,3,4,5,6 -i 10,20 | FileCheck %s --match-full-lines --check-prefix=COLUMN
// RUN: tiny-run %s --entry=block -i 1,2,3,4,5,6,7,8,9,10,11,12 -i 10,20,30,40 | FileCheck %s --match-full-lines --check-prefix=BLOCK
// RUN: tiny-run %s --entry=flip -i 1,2,3,4 -i 10,20,30,40 | FileCheck %s --match-full-lines --check-prefix=FLIP
// RUN: tiny-run %s --entry=shift -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=SHIFT
// RUN: tiny-run %s --entry=sequence -i 1,2,3,4,5,6 -i 10,20 | FileCheck %s --match-full-lines --check-prefix=SEQ
// RUN: tiny-run %s --entry=bitcast -i 7,7 -i 1,2 | FileCheck %s --match-full-lines --check-prefix=BITCAST
// RUN: tiny-run %s --entry=after_view -i 1,2,3,4,5,6 -i 10,20,30,40,50,60 | FileCheck %s --match-full-lines --check-prefix=AFTERVIEW
// RUN: tiny-run %s --entry=multi -i 1,2,3,4 -i 10,20 | FileCheck %s --match-full-lines --check-prefix=MULTI
//
// Running the pass before the pipeline (which runs it again) gives the same
// numbers: it is idempotent.
// RUN: tiny-opt %s -tiny-remove-views -o %t.twice.mlir
// RUN: tiny-run %t.twice.mlir --entry=row -i 1,2,3,4,5,6 -i 10,20 | FileCheck %s --match-full-lines --check-prefix=ROW
// RUN: tiny-run %t.twice.mlir --entry=shift -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=SHIFT

#cpu = #tiny.device<"CPU">

// x = [1..6] as (3, 2); x[1, :] = v writes flat elements 2 and 3.
// ROW: [1, 2, 10, 20, 5, 6] : tensor<6xf32>
tiny.function @row -> tensor<6xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.param 1 : f32 size 2 on "CPU"
  %r = tiny.reshape %x to [3, 2] : tensor<6xf32, #cpu>
  %s = tiny.shrink %r [1, 0] to [2, 2] : tensor<3x2xf32, #cpu>
  %w = tiny.reshape %v to [1, 2] : tensor<2xf32, #cpu>
  %t = tiny.store %s, %w : tensor<1x2xf32, #cpu>
  %a = tiny.after %x(%t) : tensor<6xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<6xf32, #cpu>
}

// q = x as (2, 3), p = q^T (3, 2): p[i, j] = q[j, i] = x[3j + i].
// p[1:3, 0] = v writes x[1] and x[2].
// COLUMN: [1, 10, 20, 4, 5, 6] : tensor<6xf32>
tiny.function @column -> tensor<6xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.param 1 : f32 size 2 on "CPU"
  %q = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %p = tiny.permute %q [1, 0] : tensor<2x3xf32, #cpu>
  %s = tiny.shrink %p [1, 0] to [3, 1] : tensor<3x2xf32, #cpu>
  %w = tiny.reshape %v to [2, 1] : tensor<2xf32, #cpu>
  %t = tiny.store %s, %w : tensor<2x1xf32, #cpu>
  %a = tiny.after %x(%t) : tensor<6xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<6xf32, #cpu>
}

// x = [1..12] as (3, 4): x[1:3, 1:3] = [[10, 20], [30, 40]] writes flat
// elements 4r + c for (r, c) in {1, 2} x {1, 2}: 5, 6, 9, 10.
// BLOCK: [1, 2, 3, 4, 5, 10, 20, 8, 9, 30, 40, 12] : tensor<12xf32>
tiny.function @block -> tensor<12xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.param 1 : f32 size 4 on "CPU"
  %r = tiny.reshape %x to [3, 4] : tensor<12xf32, #cpu>
  %s = tiny.shrink %r [1, 1] to [3, 3] : tensor<3x4xf32, #cpu>
  %w = tiny.reshape %v to [2, 2] : tensor<4xf32, #cpu>
  %t = tiny.store %s, %w : tensor<2x2xf32, #cpu>
  %a = tiny.after %x(%t) : tensor<12xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<12xf32, #cpu>
}

// flip(x) = v, so x[i] = v[3 - i].
// FLIP: [40, 30, 20, 10] : tensor<4xf32>
tiny.function @flip -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %v = tiny.param 1 : f32 size 4 on "CPU"
  %f = tiny.flip %x axes [0] : tensor<4xf32, #cpu>
  %t = tiny.store %f, %v : tensor<4xf32, #cpu>
  %a = tiny.after %x(%t) : tensor<4xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<4xf32, #cpu>
}

// x[1:5] = x[0:4] reads what it overwrites: every element takes the old
// value of its left neighbour, x[i] = old x[i - 1] for 1 <= i < 5 (an
// in-place forward copy would give [1, 1, 1, 1, 1, 6]).
// SHIFT: [1, 1, 2, 3, 4, 6] : tensor<6xf32>
tiny.function @shift -> tensor<6xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %src = tiny.shrink %x [0] to [4] : tensor<6xf32, #cpu>
  %dst = tiny.shrink %x [1] to [5] : tensor<6xf32, #cpu>
  %t = tiny.store %dst, %src : tensor<4xf32, #cpu>
  %a = tiny.after %x(%t) : tensor<6xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<6xf32, #cpu>
}

// x[0:2] = v, then x[4:6] = v + 1 into the after of the first store: both
// slices hold their values, the middle keeps x's.
// SEQ: [10, 20, 3, 4, 11, 21, 3, 4] : tensor<8xf32>
tiny.function @sequence -> tensor<8xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.param 1 : f32 size 2 on "CPU"
  %s1 = tiny.shrink %x [0] to [2] : tensor<6xf32, #cpu>
  %t1 = tiny.store %s1, %v : tensor<2xf32, #cpu>
  %a1 = tiny.after %x(%t1) : tensor<6xf32, #cpu>, !tiny.token
  %one = tiny.const dense<1.0> : tensor<f32, #cpu>
  %v1 = tiny.add %v, %one : tensor<2xf32, #cpu>, tensor<f32, #cpu>
  %s2 = tiny.shrink %a1 [4] to [6] : tensor<6xf32, #cpu>
  %t2 = tiny.store %s2, %v1 : tensor<2xf32, #cpu>
  %a2 = tiny.after %a1(%t2) : tensor<6xf32, #cpu>, !tiny.token
  // The middle read again after both stores: [3, 4].
  %mid = tiny.shrink %a2 [2] to [4] : tensor<6xf32, #cpu>
  %pad = tiny.pad %a2 low [0] high [2] : tensor<6xf32, #cpu>
  %midp = tiny.pad %mid low [6] high [0] : tensor<2xf32, #cpu>
  %r = tiny.add %pad, %midp : tensor<8xf32, #cpu>
  tiny.return %r : tensor<8xf32, #cpu>
}

// bitcast(x) = v writes v's bits: f32 1.0 is 0x3F800000 = 1065353216 and
// 2.0 is 0x40000000 = 1073741824.
// BITCAST: [1065353216, 1073741824] : tensor<2xi32>
tiny.function @bitcast -> tensor<2xi32, #cpu> {
  %x = tiny.param 0 : i32 size 2 on "CPU"
  %v = tiny.param 1 : f32 size 2 on "CPU"
  %b = tiny.bitcast %x to f32 : tensor<2xi32, #cpu>
  %t = tiny.store %b, %v : tensor<2xf32, #cpu>
  %a = tiny.after %x(%t) : tensor<2xi32, #cpu>, !tiny.token
  tiny.return %a : tensor<2xi32, #cpu>
}

// An after of a view: x = v, read back as (2, 3) rows of v.
// AFTERVIEW: [{{\[}}10, 20, 30], [40, 50, 60]] : tensor<2x3xf32>
tiny.function @after_view -> tensor<2x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.param 1 : f32 size 6 on "CPU"
  %t = tiny.store %x, %v : tensor<6xf32, #cpu>
  %r = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %a = tiny.after %r(%t) : tensor<2x3xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<2x3xf32, #cpu>
}

// A buffer on two devices set to x, then b[1:3] = v on both; device 1's
// copy read back: [x0, v0, v1, x3].
// MULTI: [1, 10, 20, 4] : tensor<4xf32>
tiny.function @multi -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %v = tiny.param 1 : f32 size 2 on "CPU"
  %b = tiny.buffer 0 : f32 size 4 on ["CPU:0", "CPU:1"]
  %xs = tiny.copy %x to ["CPU:0", "CPU:1"] : tensor<4xf32, #cpu>
  %t0 = tiny.store %b, %xs : tensor<4xf32, #tiny.device<"CPU:0", "CPU:1">>
  %b0 = tiny.after %b(%t0) : tensor<4xf32, #tiny.device<"CPU:0", "CPU:1">>, !tiny.token
  %s = tiny.shrink %b0 [1] to [3] : tensor<4xf32, #tiny.device<"CPU:0", "CPU:1">>
  %vs = tiny.copy %v to ["CPU:0", "CPU:1"] : tensor<2xf32, #cpu>
  %t1 = tiny.store %s, %vs : tensor<2xf32, #tiny.device<"CPU:0", "CPU:1">>
  %b1 = tiny.after %b0(%t1) : tensor<4xf32, #tiny.device<"CPU:0", "CPU:1">>, !tiny.token
  %d1 = tiny.mselect %b1[1] : tensor<4xf32, #tiny.device<"CPU:0", "CPU:1">>
  %c = tiny.copy %d1 to "CPU" : tensor<4xf32, #tiny.device<"CPU:1">>
  tiny.return %c : tensor<4xf32, #cpu>
}
