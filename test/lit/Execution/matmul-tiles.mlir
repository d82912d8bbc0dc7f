// Matmuls whose shapes do not divide -tiny-optimize's register tiles (it
// runs in -tiny-to-llvm), and shapes it must leave alone, run by tiny-run and
// compared exactly with products computed in Python integers by
// Inputs/matmul_tiles.py: the inputs are small integers, so every partial
// sum is exact in f32 and the order of the additions cannot matter.
//
// With AVX-512 (16 f32 or i32 lanes) each case is tiled as: rows UPCAST by
// -tiny-cpu-schedule x tile columns, then one-vector tiles, then the columns
// left as one tile, a vector of their count:
//   mm_1000        8 x 32: 1000 = 31 * 32 + 8
//   mm_odd         (29 reduced, no UNROLL) 8 x 32 on its first 32 rows
//                  (UPCAST by 8): 83 = 2 * 32 + 16 + 3; 5 x 48 on the last 5
//                  (a nest of its own): 83 = 48 + 2 * 16 + 3
//   mm_i32         4 x 32 (i32): 45 = 32 + 13
//   row_1xNx1      1 x 64: 20001 = 312 * 64 + 2 * 16 + 1
//   mm_two_axes    4 x 64 through two reduce ranges: 70 = 64 + 6
//   mm_b_plus_one  4 x 32, B + 1 computed in the tile: 50 = 32 + 16 + 2
//   maxplus        8 x 32, a MAX reduce of sums: 40 = 32 + 8
//   bmm_4x20       2 x 16 over the batch (its first long axis: 4 batches
//                  UPCAST 2 at a time, each iteration jamming the 20 rows'
//                  loops of its 2 batches): 24 = 16 + 8
//   mm_blocked_relu 8 x 32, K UNROLLed by 4 in cache blocks: B (768 x 768,
//                  2.25 MiB) is more than half a second-level cache of up
//                  to 4 MiB, so -tiny-cpu-schedule blocks its reduce, and
//                  the relu runs in a nest of its own after the blocks
// and dot_1xKx1 (no column loop), mm_7x5x3 (too small for the
// reduce-outside form) and mm_pad_cols (B's loads gated by the column) are
// not tiled; nor are the nests of one accumulator row (row_1xNx1,
// gemv_1000), which -tiny-optimize leaves untiled. gemv_1000, a row vector
// times a 96 x 1000 matrix, runs its 1000 columns in one block per thread
// (-tiny-cpu-schedule's threadColumns: 2 blocks of 500 with 2 threads). Other vector widths tile differently; the results are the same.

// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/matmul_tiles.py gen %t
// RUN: tiny-run %s --entry=mm_1000 -i %t/mm_1000.a.npy -i %t/mm_1000.b.npy -o %t/mm_1000.out.npy
// RUN: tiny-run %s --entry=mm_odd -i %t/mm_odd.a.npy -i %t/mm_odd.b.npy -o %t/mm_odd.out.npy
// RUN: tiny-run %s --entry=mm_i32 -i %t/mm_i32.a.npy -i %t/mm_i32.b.npy -o %t/mm_i32.out.npy
// RUN: tiny-run %s --entry=row_1xNx1 -i %t/row_1xNx1.a.npy -i %t/row_1xNx1.b.npy -o %t/row_1xNx1.out.npy
// RUN: tiny-run %s --entry=dot_1xKx1 -i %t/dot_1xKx1.a.npy -i %t/dot_1xKx1.b.npy -o %t/dot_1xKx1.out.npy
// RUN: tiny-run %s --entry=mm_7x5x3 -i %t/mm_7x5x3.a.npy -i %t/mm_7x5x3.b.npy -o %t/mm_7x5x3.out.npy
// RUN: tiny-run %s --entry=mm_two_axes -i %t/mm_two_axes.a.npy -i %t/mm_two_axes.b.npy -o %t/mm_two_axes.out.npy
// RUN: tiny-run %s --entry=mm_pad_cols -i %t/mm_pad_cols.a.npy -i %t/mm_pad_cols.b.npy -o %t/mm_pad_cols.out.npy
// RUN: tiny-run %s --entry=mm_b_plus_one -i %t/mm_b_plus_one.a.npy -i %t/mm_b_plus_one.b.npy -o %t/mm_b_plus_one.out.npy
// RUN: tiny-run %s --entry=maxplus -i %t/maxplus.a.npy -i %t/maxplus.b.npy -o %t/maxplus.out.npy
// RUN: tiny-run %s --entry=mm_blocked_relu -i %t/mm_blocked_relu.a.npy -i %t/mm_blocked_relu.b.npy -o %t/mm_blocked_relu.out.npy
// RUN: tiny-run %s --entry=bmm_4x20 -i %t/bmm_4x20.a.npy -i %t/bmm_4x20.b.npy -o %t/bmm_4x20.out.npy
// RUN: tiny-run %s --entry=gemv_1000 -i %t/gemv_1000.a.npy -i %t/gemv_1000.b.npy -o %t/gemv_1000.out.npy
// RUN: python3 %S/Inputs/matmul_tiles.py check %t | FileCheck %s

// CHECK:      mm_1000: 1000x1000 exact
// CHECK-NEXT: mm_odd: 37x83 exact
// CHECK-NEXT: mm_i32: 20x45 exact
// CHECK-NEXT: row_1xNx1: 1x20001 exact
// CHECK-NEXT: dot_1xKx1: 1x1 exact
// CHECK-NEXT: mm_7x5x3: 7x5 exact
// CHECK-NEXT: mm_two_axes: 8x70 exact
// CHECK-NEXT: mm_pad_cols: 12x67 exact
// CHECK-NEXT: mm_b_plus_one: 12x50 exact
// CHECK-NEXT: maxplus: 16x40 exact
// CHECK-NEXT: mm_blocked_relu: 16x768 exact
// CHECK-NEXT: bmm_4x20: 80x24 exact
// CHECK-NEXT: gemv_1000: 1x1000 exact

#cpu = #tiny.device<"CPU">

// 1000 x 1000 output, K = 8: 8-row UPCAST, K UNROLLed by 4, a column remainder.
tiny.function @mm_1000 -> tensor<1000x1000xf32, #cpu> {
  %a = tiny.param 0 : f32 size 8000 on "CPU"
  %b = tiny.param 1 : f32 size 8000 on "CPU"
  %a2 = tiny.reshape %a to [1000, 8] : tensor<8000xf32, #cpu>
  %a3 = tiny.reshape %a2 to [1000, 1, 8] : tensor<1000x8xf32, #cpu>
  %ae = tiny.expand %a3 to [1000, 1000, 8] : tensor<1000x1x8xf32, #cpu>
  %b2 = tiny.reshape %b to [8, 1000] : tensor<8000xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<8x1000xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 1000, 8] : tensor<1000x8xf32, #cpu>
  %be = tiny.expand %b3 to [1000, 1000, 8] : tensor<1x1000x8xf32, #cpu>
  %m = tiny.mul %ae, %be : tensor<1000x1000x8xf32, #cpu>
  %s = tiny.reduce add %m axes [2] : tensor<1000x1000x8xf32, #cpu>
  %c = tiny.reshape %s to [1000, 1000] : tensor<1000x1000x1xf32, #cpu>
  tiny.return %c : tensor<1000x1000xf32, #cpu>
}

// Odd sizes: 37 rows (32 UPCAST by 8, then a kernel for the last 5), no
// UNROLL (29), 83 columns.
tiny.function @mm_odd -> tensor<37x83xf32, #cpu> {
  %a = tiny.param 0 : f32 size 1073 on "CPU"
  %b = tiny.param 1 : f32 size 2407 on "CPU"
  %a2 = tiny.reshape %a to [37, 29] : tensor<1073xf32, #cpu>
  %a3 = tiny.reshape %a2 to [37, 1, 29] : tensor<37x29xf32, #cpu>
  %ae = tiny.expand %a3 to [37, 83, 29] : tensor<37x1x29xf32, #cpu>
  %b2 = tiny.reshape %b to [29, 83] : tensor<2407xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<29x83xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 83, 29] : tensor<83x29xf32, #cpu>
  %be = tiny.expand %b3 to [37, 83, 29] : tensor<1x83x29xf32, #cpu>
  %m = tiny.mul %ae, %be : tensor<37x83x29xf32, #cpu>
  %s = tiny.reduce add %m axes [2] : tensor<37x83x29xf32, #cpu>
  %c = tiny.reshape %s to [37, 83] : tensor<37x83x1xf32, #cpu>
  tiny.return %c : tensor<37x83xf32, #cpu>
}

// i32: 45 columns.
tiny.function @mm_i32 -> tensor<20x45xi32, #cpu> {
  %a = tiny.param 0 : i32 size 480 on "CPU"
  %b = tiny.param 1 : i32 size 1080 on "CPU"
  %a2 = tiny.reshape %a to [20, 24] : tensor<480xi32, #cpu>
  %a3 = tiny.reshape %a2 to [20, 1, 24] : tensor<20x24xi32, #cpu>
  %ae = tiny.expand %a3 to [20, 45, 24] : tensor<20x1x24xi32, #cpu>
  %b2 = tiny.reshape %b to [24, 45] : tensor<1080xi32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<24x45xi32, #cpu>
  %b3 = tiny.reshape %bt to [1, 45, 24] : tensor<45x24xi32, #cpu>
  %be = tiny.expand %b3 to [20, 45, 24] : tensor<1x45x24xi32, #cpu>
  %m = tiny.mul %ae, %be : tensor<20x45x24xi32, #cpu>
  %s = tiny.reduce add %m axes [2] : tensor<20x45x24xi32, #cpu>
  %c = tiny.reshape %s to [20, 45] : tensor<20x45x1xi32, #cpu>
  tiny.return %c : tensor<20x45xi32, #cpu>
}

// 1 x N x 1: one row, one reduced index, 20001 columns.
tiny.function @row_1xNx1 -> tensor<1x20001xf32, #cpu> {
  %a = tiny.param 0 : f32 size 1 on "CPU"
  %b = tiny.param 1 : f32 size 20001 on "CPU"
  %a2 = tiny.reshape %a to [1, 1] : tensor<1xf32, #cpu>
  %a3 = tiny.reshape %a2 to [1, 1, 1] : tensor<1x1xf32, #cpu>
  %ae = tiny.expand %a3 to [1, 20001, 1] : tensor<1x1x1xf32, #cpu>
  %b2 = tiny.reshape %b to [1, 20001] : tensor<20001xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<1x20001xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 20001, 1] : tensor<20001x1xf32, #cpu>
  %be = tiny.expand %b3 to [1, 20001, 1] : tensor<1x20001x1xf32, #cpu>
  %m = tiny.mul %ae, %be : tensor<1x20001x1xf32, #cpu>
  %s = tiny.reduce add %m axes [2] : tensor<1x20001x1xf32, #cpu>
  %c = tiny.reshape %s to [1, 20001] : tensor<1x20001x1xf32, #cpu>
  tiny.return %c : tensor<1x20001xf32, #cpu>
}

// 1 x K x 1: a dot product (one output element, no column loop to tile).
tiny.function @dot_1xKx1 -> tensor<1x1xf32, #cpu> {
  %a = tiny.param 0 : f32 size 20000 on "CPU"
  %b = tiny.param 1 : f32 size 20000 on "CPU"
  %a2 = tiny.reshape %a to [1, 20000] : tensor<20000xf32, #cpu>
  %a3 = tiny.reshape %a2 to [1, 1, 20000] : tensor<1x20000xf32, #cpu>
  %ae = tiny.expand %a3 to [1, 1, 20000] : tensor<1x1x20000xf32, #cpu>
  %b2 = tiny.reshape %b to [20000, 1] : tensor<20000xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<20000x1xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 1, 20000] : tensor<1x20000xf32, #cpu>
  %be = tiny.expand %b3 to [1, 1, 20000] : tensor<1x1x20000xf32, #cpu>
  %m = tiny.mul %ae, %be : tensor<1x1x20000xf32, #cpu>
  %s = tiny.reduce add %m axes [2] : tensor<1x1x20000xf32, #cpu>
  %c = tiny.reshape %s to [1, 1] : tensor<1x1x1xf32, #cpu>
  tiny.return %c : tensor<1x1xf32, #cpu>
}

// 7 x 5 x 3: too small for the reduce-outside schedule.
tiny.function @mm_7x5x3 -> tensor<7x5xf32, #cpu> {
  %a = tiny.param 0 : f32 size 21 on "CPU"
  %b = tiny.param 1 : f32 size 15 on "CPU"
  %a2 = tiny.reshape %a to [7, 3] : tensor<21xf32, #cpu>
  %a3 = tiny.reshape %a2 to [7, 1, 3] : tensor<7x3xf32, #cpu>
  %ae = tiny.expand %a3 to [7, 5, 3] : tensor<7x1x3xf32, #cpu>
  %b2 = tiny.reshape %b to [3, 5] : tensor<15xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<3x5xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 5, 3] : tensor<5x3xf32, #cpu>
  %be = tiny.expand %b3 to [7, 5, 3] : tensor<1x5x3xf32, #cpu>
  %m = tiny.mul %ae, %be : tensor<7x5x3xf32, #cpu>
  %s = tiny.reduce add %m axes [2] : tensor<7x5x3xf32, #cpu>
  %c = tiny.reshape %s to [7, 5] : tensor<7x5x1xf32, #cpu>
  tiny.return %c : tensor<7x5xf32, #cpu>
}

// Two reduced axes (6 x 10): two nested reduce ranges carry the tiles.
tiny.function @mm_two_axes -> tensor<8x70xf32, #cpu> {
  %a = tiny.param 0 : f32 size 480 on "CPU"
  %b = tiny.param 1 : f32 size 4200 on "CPU"
  %a3 = tiny.reshape %a to [8, 1, 6, 10] : tensor<480xf32, #cpu>
  %ae = tiny.expand %a3 to [8, 70, 6, 10] : tensor<8x1x6x10xf32, #cpu>
  %b3 = tiny.reshape %b to [6, 10, 70] : tensor<4200xf32, #cpu>
  %bt = tiny.permute %b3 [2, 0, 1] : tensor<6x10x70xf32, #cpu>
  %b4 = tiny.reshape %bt to [1, 70, 6, 10] : tensor<70x6x10xf32, #cpu>
  %be = tiny.expand %b4 to [8, 70, 6, 10] : tensor<1x70x6x10xf32, #cpu>
  %m = tiny.mul %ae, %be : tensor<8x70x6x10xf32, #cpu>
  %s = tiny.reduce add %m axes [2, 3] : tensor<8x70x6x10xf32, #cpu>
  %c = tiny.reshape %s to [8, 70] : tensor<8x70x1x1xf32, #cpu>
  tiny.return %c : tensor<8x70xf32, #cpu>
}

// B's columns padded (1 zero column before, 2 after): its loads are gated by
// the column, so the nest keeps its loop-per-column form.
tiny.function @mm_pad_cols -> tensor<12x67xf32, #cpu> {
  %a = tiny.param 0 : f32 size 480 on "CPU"
  %b = tiny.param 1 : f32 size 2560 on "CPU"
  %a2 = tiny.reshape %a to [12, 40] : tensor<480xf32, #cpu>
  %a3 = tiny.reshape %a2 to [12, 1, 40] : tensor<12x40xf32, #cpu>
  %ae = tiny.expand %a3 to [12, 67, 40] : tensor<12x1x40xf32, #cpu>
  %b2 = tiny.reshape %b to [40, 64] : tensor<2560xf32, #cpu>
  %bp = tiny.pad %b2 low [0, 1] high [0, 2] : tensor<40x64xf32, #cpu>
  %bt = tiny.permute %bp [1, 0] : tensor<40x67xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 67, 40] : tensor<67x40xf32, #cpu>
  %be = tiny.expand %b3 to [12, 67, 40] : tensor<1x67x40xf32, #cpu>
  %m = tiny.mul %ae, %be : tensor<12x67x40xf32, #cpu>
  %s = tiny.reduce add %m axes [2] : tensor<12x67x40xf32, #cpu>
  %c = tiny.reshape %s to [12, 67] : tensor<12x67x1xf32, #cpu>
  tiny.return %c : tensor<12x67xf32, #cpu>
}

// (A @ (B + 1)): an elementwise op on the column-dependent operand.
tiny.function @mm_b_plus_one -> tensor<12x50xf32, #cpu> {
  %a = tiny.param 0 : f32 size 480 on "CPU"
  %b = tiny.param 1 : f32 size 2000 on "CPU"
  %a2 = tiny.reshape %a to [12, 40] : tensor<480xf32, #cpu>
  %a3 = tiny.reshape %a2 to [12, 1, 40] : tensor<12x40xf32, #cpu>
  %ae = tiny.expand %a3 to [12, 50, 40] : tensor<12x1x40xf32, #cpu>
  %b2 = tiny.reshape %b to [40, 50] : tensor<2000xf32, #cpu>
  %one = tiny.const dense<1.0> : tensor<1x1xf32, #cpu>
  %b1 = tiny.add %b2, %one : tensor<40x50xf32, #cpu>, tensor<1x1xf32, #cpu>
  %bt = tiny.permute %b1 [1, 0] : tensor<40x50xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 50, 40] : tensor<50x40xf32, #cpu>
  %be = tiny.expand %b3 to [12, 50, 40] : tensor<1x50x40xf32, #cpu>
  %m = tiny.mul %ae, %be : tensor<12x50x40xf32, #cpu>
  %s = tiny.reduce add %m axes [2] : tensor<12x50x40xf32, #cpu>
  %c = tiny.reshape %s to [12, 50] : tensor<12x50x1xf32, #cpu>
  tiny.return %c : tensor<12x50xf32, #cpu>
}

// max-plus product: out = max_k (a[m, k] + b[k, n]), a MAX reduce.
tiny.function @maxplus -> tensor<16x40xf32, #cpu> {
  %a = tiny.param 0 : f32 size 512 on "CPU"
  %b = tiny.param 1 : f32 size 1280 on "CPU"
  %a2 = tiny.reshape %a to [16, 32] : tensor<512xf32, #cpu>
  %a3 = tiny.reshape %a2 to [16, 1, 32] : tensor<16x32xf32, #cpu>
  %ae = tiny.expand %a3 to [16, 40, 32] : tensor<16x1x32xf32, #cpu>
  %b2 = tiny.reshape %b to [32, 40] : tensor<1280xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<32x40xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 40, 32] : tensor<40x32xf32, #cpu>
  %be = tiny.expand %b3 to [16, 40, 32] : tensor<1x40x32xf32, #cpu>
  %m = tiny.add %ae, %be : tensor<16x40x32xf32, #cpu>
  %s = tiny.reduce max %m axes [2] : tensor<16x40x32xf32, #cpu>
  %c = tiny.reshape %s to [16, 40] : tensor<16x40x1xf32, #cpu>
  tiny.return %c : tensor<16x40xf32, #cpu>
}


// 16 x 768 x 768 with a relu: the reduce split into cache blocks of B.
tiny.function @mm_blocked_relu -> tensor<16x768xf32, #cpu> {
  %a = tiny.param 0 : f32 size 12288 on "CPU"
  %b = tiny.param 1 : f32 size 589824 on "CPU"
  %a3 = tiny.reshape %a to [16, 1, 768] : tensor<12288xf32, #cpu>
  %ae = tiny.expand %a3 to [16, 768, 768] : tensor<16x1x768xf32, #cpu>
  %b2 = tiny.reshape %b to [768, 768] : tensor<589824xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<768x768xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 768, 768] : tensor<768x768xf32, #cpu>
  %be = tiny.expand %b3 to [16, 768, 768] : tensor<1x768x768xf32, #cpu>
  %m = tiny.mul %ae, %be : tensor<16x768x768xf32, #cpu>
  %s = tiny.reduce add %m axes [2] : tensor<16x768x768xf32, #cpu>
  %c = tiny.reshape %s to [16, 768] : tensor<16x768x1xf32, #cpu>
  %zero = tiny.const dense<0.0> : tensor<1x1xf32, #cpu>
  %zeros = tiny.expand %zero to [16, 768] : tensor<1x1xf32, #cpu>
  %positive = tiny.cmplt %zeros, %c : tensor<16x768xf32, #cpu>, tensor<16x768xf32, #cpu>
  %r = tiny.where %positive, %c, %zeros : tensor<16x768xi1, #cpu>, tensor<16x768xf32, #cpu>, tensor<16x768xf32, #cpu>
  tiny.return %r : tensor<16x768xf32, #cpu>
}

// 4 batches of (20 x 30) @ (30 x 24), A and B flat, as tinygrad writes a
// batched matmul.
tiny.function @bmm_4x20 -> tensor<4x20x24xf32, #cpu> {
  %a = tiny.param 0 : f32 size 2400 on "CPU"
  %b = tiny.param 1 : f32 size 2880 on "CPU"
  %a4 = tiny.reshape %a to [4, 20, 1, 30] : tensor<2400xf32, #cpu>
  %ae = tiny.expand %a4 to [4, 20, 24, 30] : tensor<4x20x1x30xf32, #cpu>
  %b3 = tiny.reshape %b to [4, 30, 24] : tensor<2880xf32, #cpu>
  %bt = tiny.permute %b3 [0, 2, 1] : tensor<4x30x24xf32, #cpu>
  %b4 = tiny.reshape %bt to [4, 1, 24, 30] : tensor<4x24x30xf32, #cpu>
  %be = tiny.expand %b4 to [4, 20, 24, 30] : tensor<4x1x24x30xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<4x20x24x30xf32, #cpu>
  %s = tiny.reduce add %p axes [3] : tensor<4x20x24x30xf32, #cpu>
  %c = tiny.reshape %s to [4, 20, 24] : tensor<4x20x24x1xf32, #cpu>
  tiny.return %c : tensor<4x20x24xf32, #cpu>
}

// A GEMV: one row of 96 times a 96 x 1000 matrix (96000 loads of B, past
// -tiny-cpu-schedule's min-work), its output ranges running once.
tiny.function @gemv_1000 -> tensor<1x1000xf32, #cpu> {
  %a = tiny.param 0 : f32 size 96 on "CPU"
  %b = tiny.param 1 : f32 size 96000 on "CPU"
  %a3 = tiny.reshape %a to [1, 1, 96] : tensor<96xf32, #cpu>
  %ae = tiny.expand %a3 to [1, 1000, 96] : tensor<1x1x96xf32, #cpu>
  %b2 = tiny.reshape %b to [96, 1000] : tensor<96000xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<96x1000xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 1000, 96] : tensor<1000x96xf32, #cpu>
  %be = tiny.expand %b3 to [1, 1000, 96] : tensor<1x1000x96xf32, #cpu>
  %m = tiny.mul %ae, %be : tensor<1x1000x96xf32, #cpu>
  %s = tiny.reduce add %m axes [2] : tensor<1x1000x96xf32, #cpu>
  %c = tiny.reshape %s to [1, 1000] : tensor<1x1000x1xf32, #cpu>
  tiny.return %c : tensor<1x1000xf32, #cpu>
}
