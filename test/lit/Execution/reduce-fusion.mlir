// A reduce read several times by one expression, computed once in the
// expression's kernel (-tiny-rangeify), and the cases where it gets a
// buffer instead, run by tiny-run.
//
// Small cases, on x = [[1, -2, 3], [4, 5, -6], [-7, 8, -9], [0.5, 0.25, -1]],
// whose row sums are r = [2, 3, -8, -0.25] (every value below is exact in
// f32):
//   where(0 < r, r, 0) = max(r, 0) = [2, 3, 0, 0]
//   r * r = [4, 9, 64, 0.0625]        r + r = [4, 6, -16, -0.5]
//   (2r, r + 2) = ([4, 6, -16, -0.5], [4, 5, -6, 1.75])
//   (2r, 2r + 2) = ([4, 6, -16, -0.5], [6, 8, -14, 1.5])
//   sum(r * r) = 4 + 9 + 64 + 0.0625 = 77.0625
//   sum(r) * max(r) = -3.25 * 3 = -9.75
//   r + flip(r) = [2 - 0.25, 3 - 8, -8 + 3, -0.25 + 2] = [1.75, -5, -5, 1.75]
//   r * r + x = [[5, 2, 7], [13, 14, 3], [57, 72, 55], [0.5625, 0.3125, -0.9375]]
//   c = contiguous(r * r); c + c = [8, 18, 128, 0.125]
//   s = r + rowsum(y) for y = [[1..5], [6..10], [11..15], [16..20]], whose
//   row sums are [15, 40, 65, 90]: s = [17, 43, 57, 89.75], read by two
//   outputs (one kernel computes both reduces into s's buffer):
//   (-s, 2s) = ([-17, -43, -57, -89.75], [34, 86, 114, 179.5])
// softmax in base 2, exp2(x - max(x)) / sum(exp2(x - max(x))), on rows
// whose exponents are 0 and -1: [0, 0, 1] -> [0.5, 0.5, 1] / 2,
// [5, 4, 4] -> [1, 0.5, 0.5] / 2, [-2, -2, -1] and [10, 9, 9] alike.
//
// Large cases: matmuls of small integers (exact in f32, whatever the order
// of the additions), large enough for the reduction-outside form, and what
// is computed from them at their own positions (a max with 0, a relu as
// where(0 < mm, mm, 0), a bias, a mask, a square): the kernel accumulates
// in the output and computes the value from the accumulators there.
// Results are checked by numpy in Inputs/reduce_fusion.py; the kernel
// counts by -tiny-print-schedule (one each, but two for the flip, which
// reads the matmul at other rows, two for the 19 rows, whose last 3 get a
// kernel of their own, and three for the two outputs, which read the
// matmul's buffer).

// RUN: tiny-run %s --entry=relu_where -i 1,-2,3,4,5,-6,-7,8,-9,0.5,0.25,-1 | FileCheck %s --match-full-lines --check-prefix=RELU
// RUN: tiny-run %s --entry=max0 -i 1,-2,3,4,5,-6,-7,8,-9,0.5,0.25,-1 | FileCheck %s --match-full-lines --check-prefix=RELU
// RUN: tiny-run %s --entry=square -i 1,-2,3,4,5,-6,-7,8,-9,0.5,0.25,-1 | FileCheck %s --match-full-lines --check-prefix=SQUARE
// RUN: tiny-run %s --entry=add_self -i 1,-2,3,4,5,-6,-7,8,-9,0.5,0.25,-1 | FileCheck %s --match-full-lines --check-prefix=ADDSELF
// RUN: tiny-run %s --entry=two_outputs -i 1,-2,3,4,5,-6,-7,8,-9,0.5,0.25,-1 | FileCheck %s --match-full-lines --check-prefix=TWO
// RUN: tiny-run %s --entry=output_read_again -i 1,-2,3,4,5,-6,-7,8,-9,0.5,0.25,-1 | FileCheck %s --match-full-lines --check-prefix=AGAIN
// RUN: tiny-run %s --entry=nested -i 1,-2,3,4,5,-6,-7,8,-9,0.5,0.25,-1 | FileCheck %s --match-full-lines --check-prefix=NESTED
// RUN: tiny-run %s --entry=two_reduces -i 1,-2,3,4,5,-6,-7,8,-9,0.5,0.25,-1 | FileCheck %s --match-full-lines --check-prefix=TWORED
// RUN: tiny-run %s --entry=flip_read -i 1,-2,3,4,5,-6,-7,8,-9,0.5,0.25,-1 | FileCheck %s --match-full-lines --check-prefix=FLIP
// RUN: tiny-run %s --entry=square_broadcast -i 1,-2,3,4,5,-6,-7,8,-9,0.5,0.25,-1 | FileCheck %s --match-full-lines --check-prefix=BCAST
// RUN: tiny-run %s --entry=contiguous_square -i 1,-2,3,4,5,-6,-7,8,-9,0.5,0.25,-1 | FileCheck %s --match-full-lines --check-prefix=CONTIG
// RUN: tiny-run %s --entry=residual_sum -i 1,-2,3,4,5,-6,-7,8,-9,0.5,0.25,-1 -i 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20 | FileCheck %s --match-full-lines --check-prefix=RESIDUAL
// RUN: tiny-run %s --entry=softmax2 -i 0,0,1,5,4,4,-2,-2,-1,10,9,9 | FileCheck %s --match-full-lines --check-prefix=SOFTMAX

// RELU: {{\[}}[2], [3], [0], [0]] : tensor<4x1xf32>
// SQUARE: {{\[}}[4], [9], [64], [0.0625]] : tensor<4x1xf32>
// ADDSELF: [4, 6, -16, -0.5] : tensor<4xf32>
// TWO: {{\[}}[4], [6], [-16], [-0.5]] : tensor<4x1xf32>
// TWO-NEXT: {{\[}}[4], [5], [-6], [1.75]] : tensor<4x1xf32>
// AGAIN: {{\[}}[4], [6], [-16], [-0.5]] : tensor<4x1xf32>
// AGAIN-NEXT: {{\[}}[6], [8], [-14], [1.5]] : tensor<4x1xf32>
// NESTED: {{\[}}[77.0625]] : tensor<1x1xf32>
// TWORED: {{\[}}[-9.75]] : tensor<1x1xf32>
// FLIP: {{\[}}[1.75], [-5], [-5], [1.75]] : tensor<4x1xf32>
// BCAST: {{\[}}[5, 2, 7], [13, 14, 3], [57, 72, 55], [0.5625, 0.3125, -0.9375]] : tensor<4x3xf32>
// CONTIG: {{\[}}[8], [18], [128], [0.125]] : tensor<4x1xf32>
// RESIDUAL: {{\[}}[-17], [-43], [-57], [-89.75]] : tensor<4x1xf32>
// RESIDUAL-NEXT: {{\[}}[34], [86], [114], [179.5]] : tensor<4x1xf32>
// SOFTMAX: {{\[}}[0.25, 0.25, 0.5], [0.5, 0.25, 0.25], [0.25, 0.25, 0.5], [0.5, 0.25, 0.25]] : tensor<4x3xf32>

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/reduce_fusion.py gen %t
// RUN: tiny-run %s --entry=max_matmul -i %t/a40.npy -i %t/b.npy -o %t/max_matmul.npy
// RUN: tiny-run %s --entry=max_matmul_tail -i %t/a19.npy -i %t/b32.npy -o %t/max_matmul_tail.npy
// RUN: tiny-run %s --entry=bias_max_matmul -i %t/a40.npy -i %t/b.npy -i %t/bias.npy -o %t/bias_max_matmul.npy
// RUN: tiny-run %s --entry=mask_matmul -i %t/a40.npy -i %t/b.npy -o %t/mask_matmul.npy
// RUN: tiny-run %s --entry=flip_matmul -i %t/a40.npy -i %t/b.npy -o %t/flip_matmul.npy
// RUN: tiny-run %s --entry=relu_matmul -i %t/a40.npy -i %t/b.npy -o %t/relu_matmul.npy
// RUN: tiny-run %s --entry=bias_relu_matmul -i %t/a40.npy -i %t/b.npy -i %t/bias.npy -o %t/bias_relu_matmul.npy
// RUN: tiny-run %s --entry=square_matmul -i %t/a40.npy -i %t/b.npy -o %t/square_matmul.npy
// RUN: tiny-run %s --entry=two_outputs_matmul -i %t/a40.npy -i %t/b.npy -o %t/two_outputs_matmul.0.npy -o %t/two_outputs_matmul.1.npy
// RUN: %python %S/Inputs/reduce_fusion.py check %t | FileCheck %s --check-prefix=LARGE
// RUN: tiny-opt %s -tiny-simplify -tiny-rangeify -tiny-print-schedule -o /dev/null | FileCheck %s --check-prefix=COUNT

// LARGE:      max_matmul: 40x24 exact
// LARGE-NEXT: max_matmul_tail: 19x32 exact
// LARGE-NEXT: bias_max_matmul: 40x24 exact
// LARGE-NEXT: mask_matmul: 40x24 exact
// LARGE-NEXT: flip_matmul: 40x24 exact
// LARGE-NEXT: relu_matmul: 40x24 exact
// LARGE-NEXT: bias_relu_matmul: 40x24 exact
// LARGE-NEXT: square_matmul: 40x24 exact
// LARGE-NEXT: two_outputs_matmul.0: 40x24 exact
// LARGE-NEXT: two_outputs_matmul.1: 40x24 exact

// COUNT: schedule @relu_where: 1 kernel: r_4_1
// COUNT: schedule @max_matmul: 1 kernel: r_40_24_1
// COUNT: schedule @max_matmul_tail: 1 kernel: r_19_32_1
// COUNT: schedule @bias_max_matmul: 1 kernel: r_40_24_1
// COUNT: schedule @mask_matmul: 1 kernel: r_40_24_1
// COUNT: schedule @flip_matmul: 2 kernels: r_40_24_1 E_40_24
// COUNT: schedule @relu_matmul: 1 kernel: r_40_24_1
// COUNT: schedule @bias_relu_matmul: 1 kernel: r_40_24_1
// COUNT: schedule @square_matmul: 1 kernel: r_40_24_1
// COUNT: schedule @two_outputs_matmul: 3 kernels: r_40_24_1 E_40_24 E_40_24

#cpu = #tiny.device<"CPU">

tiny.function @relu_where -> tensor<4x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %z = tiny.const dense<0.0> : tensor<4x1xf32, #cpu>
  %c = tiny.cmplt %z, %r : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  %w = tiny.where %c, %r, %z : tensor<4x1xi1, #cpu>, tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  tiny.return %w : tensor<4x1xf32, #cpu>
}

tiny.function @max0 -> tensor<4x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %z = tiny.const dense<0.0> : tensor<4x1xf32, #cpu>
  %w = tiny.max %r, %z : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  tiny.return %w : tensor<4x1xf32, #cpu>
}

tiny.function @square -> tensor<4x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %w = tiny.mul %r, %r : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  tiny.return %w : tensor<4x1xf32, #cpu>
}

tiny.function @add_self -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %f = tiny.reshape %r to [4] : tensor<4x1xf32, #cpu>
  %w = tiny.add %f, %f : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %w : tensor<4xf32, #cpu>
}

tiny.function @two_outputs -> tuple<tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %two = tiny.const dense<2.0> : tensor<4x1xf32, #cpu>
  %a = tiny.mul %r, %two : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  %b = tiny.add %r, %two : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  %t = tiny.tuple %a, %b : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  tiny.return %t : tuple<tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>>
}

tiny.function @output_read_again -> tuple<tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %two = tiny.const dense<2.0> : tensor<4x1xf32, #cpu>
  %a = tiny.mul %r, %two : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  %b = tiny.add %a, %two : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  %t = tiny.tuple %a, %b : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  tiny.return %t : tuple<tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>>
}

tiny.function @nested -> tensor<1x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %w = tiny.mul %r, %r : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  %s = tiny.reduce add %w axes [0] : tensor<4x1xf32, #cpu>
  tiny.return %s : tensor<1x1xf32, #cpu>
}

tiny.function @two_reduces -> tensor<1x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %s = tiny.reduce add %r axes [0] : tensor<4x1xf32, #cpu>
  %m = tiny.reduce max %r axes [0] : tensor<4x1xf32, #cpu>
  %p = tiny.mul %s, %m : tensor<1x1xf32, #cpu>, tensor<1x1xf32, #cpu>
  tiny.return %p : tensor<1x1xf32, #cpu>
}

tiny.function @flip_read -> tensor<4x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %f = tiny.flip %r axes [0] : tensor<4x1xf32, #cpu>
  %w = tiny.add %r, %f : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  tiny.return %w : tensor<4x1xf32, #cpu>
}

tiny.function @square_broadcast -> tensor<4x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %w = tiny.mul %r, %r : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  %e = tiny.add %w, %v : tensor<4x1xf32, #cpu>, tensor<4x3xf32, #cpu>
  tiny.return %e : tensor<4x3xf32, #cpu>
}

tiny.function @contiguous_square -> tensor<4x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %w = tiny.mul %r, %r : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  %c = tiny.contiguous %w : tensor<4x1xf32, #cpu>
  %e = tiny.add %c, %c : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  tiny.return %e : tensor<4x1xf32, #cpu>
}

tiny.function @softmax2 -> tensor<4x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %m = tiny.reduce max %v axes [1] : tensor<4x3xf32, #cpu>
  %me = tiny.expand %m to [4, 3] : tensor<4x1xf32, #cpu>
  %d = tiny.sub %v, %me : tensor<4x3xf32, #cpu>, tensor<4x3xf32, #cpu>
  %e = tiny.exp2 %d : tensor<4x3xf32, #cpu>
  %s = tiny.reduce add %e axes [1] : tensor<4x3xf32, #cpu>
  %se = tiny.expand %s to [4, 3] : tensor<4x1xf32, #cpu>
  %o = tiny.fdiv %e, %se : tensor<4x3xf32, #cpu>, tensor<4x3xf32, #cpu>
  tiny.return %o : tensor<4x3xf32, #cpu>
}

// max(A @ B, 0) with A 40x32 and B 32x24, the matmul as tinygrad writes it.
tiny.function @max_matmul -> tensor<40x24xf32, #cpu> {
  %a = tiny.param 0 : f32 size 1280 on "CPU"
  %b = tiny.param 1 : f32 size 768 on "CPU"
  %a3 = tiny.reshape %a to [40, 1, 32] : tensor<1280xf32, #cpu>
  %ae = tiny.expand %a3 to [40, 24, 32] : tensor<40x1x32xf32, #cpu>
  %b2 = tiny.reshape %b to [32, 24] : tensor<768xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<32x24xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 24, 32] : tensor<24x32xf32, #cpu>
  %be = tiny.expand %b3 to [40, 24, 32] : tensor<1x24x32xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<40x24x32xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<40x24x32xf32, #cpu>
  %c = tiny.reshape %s to [40, 24] : tensor<40x24x1xf32, #cpu>
  %z = tiny.const dense<0.0> : tensor<1x1xf32, #cpu>
  %r = tiny.max %c, %z : tensor<40x24xf32, #cpu>, tensor<1x1xf32, #cpu>
  tiny.return %r : tensor<40x24xf32, #cpu>
}

// max(A @ B, 0) with A 19x32 and B 32x32: one kernel, 16 rows in 8-row
// steps, then the last 3 together after them, each nest with its max.
tiny.function @max_matmul_tail -> tensor<19x32xf32, #cpu> {
  %a = tiny.param 0 : f32 size 608 on "CPU"
  %b = tiny.param 1 : f32 size 1024 on "CPU"
  %a3 = tiny.reshape %a to [19, 1, 32] : tensor<608xf32, #cpu>
  %ae = tiny.expand %a3 to [19, 32, 32] : tensor<19x1x32xf32, #cpu>
  %b2 = tiny.reshape %b to [32, 32] : tensor<1024xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<32x32xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 32, 32] : tensor<32x32xf32, #cpu>
  %be = tiny.expand %b3 to [19, 32, 32] : tensor<1x32x32xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<19x32x32xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<19x32x32xf32, #cpu>
  %c = tiny.reshape %s to [19, 32] : tensor<19x32x1xf32, #cpu>
  %z = tiny.const dense<0.0> : tensor<1x1xf32, #cpu>
  %r = tiny.max %c, %z : tensor<19x32xf32, #cpu>, tensor<1x1xf32, #cpu>
  tiny.return %r : tensor<19x32xf32, #cpu>
}

// max(A @ B + bias, 0), the bias broadcast over the rows.
tiny.function @bias_max_matmul -> tensor<40x24xf32, #cpu> {
  %a = tiny.param 0 : f32 size 1280 on "CPU"
  %b = tiny.param 1 : f32 size 768 on "CPU"
  %bias = tiny.param 2 : f32 size 24 on "CPU"
  %a3 = tiny.reshape %a to [40, 1, 32] : tensor<1280xf32, #cpu>
  %ae = tiny.expand %a3 to [40, 24, 32] : tensor<40x1x32xf32, #cpu>
  %b2 = tiny.reshape %b to [32, 24] : tensor<768xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<32x24xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 24, 32] : tensor<24x32xf32, #cpu>
  %be = tiny.expand %b3 to [40, 24, 32] : tensor<1x24x32xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<40x24x32xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<40x24x32xf32, #cpu>
  %c = tiny.reshape %s to [40, 24] : tensor<40x24x1xf32, #cpu>
  %bias2 = tiny.reshape %bias to [1, 24] : tensor<24xf32, #cpu>
  %biase = tiny.expand %bias2 to [40, 24] : tensor<1x24xf32, #cpu>
  %y = tiny.add %c, %biase : tensor<40x24xf32, #cpu>, tensor<40x24xf32, #cpu>
  %z = tiny.const dense<0.0> : tensor<1x1xf32, #cpu>
  %r = tiny.max %y, %z : tensor<40x24xf32, #cpu>, tensor<1x1xf32, #cpu>
  tiny.return %r : tensor<40x24xf32, #cpu>
}

// float(0 < A @ B): a mask cast back to the accumulator's dtype.
tiny.function @mask_matmul -> tensor<40x24xf32, #cpu> {
  %a = tiny.param 0 : f32 size 1280 on "CPU"
  %b = tiny.param 1 : f32 size 768 on "CPU"
  %a3 = tiny.reshape %a to [40, 1, 32] : tensor<1280xf32, #cpu>
  %ae = tiny.expand %a3 to [40, 24, 32] : tensor<40x1x32xf32, #cpu>
  %b2 = tiny.reshape %b to [32, 24] : tensor<768xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<32x24xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 24, 32] : tensor<24x32xf32, #cpu>
  %be = tiny.expand %b3 to [40, 24, 32] : tensor<1x24x32xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<40x24x32xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<40x24x32xf32, #cpu>
  %c = tiny.reshape %s to [40, 24] : tensor<40x24x1xf32, #cpu>
  %z = tiny.const dense<0.0> : tensor<40x24xf32, #cpu>
  %pos = tiny.cmplt %z, %c : tensor<40x24xf32, #cpu>, tensor<40x24xf32, #cpu>
  %r = tiny.cast %pos to f32 : tensor<40x24xi1, #cpu>
  tiny.return %r : tensor<40x24xf32, #cpu>
}

// A @ B + flip(A @ B) over the rows.
tiny.function @flip_matmul -> tensor<40x24xf32, #cpu> {
  %a = tiny.param 0 : f32 size 1280 on "CPU"
  %b = tiny.param 1 : f32 size 768 on "CPU"
  %a3 = tiny.reshape %a to [40, 1, 32] : tensor<1280xf32, #cpu>
  %ae = tiny.expand %a3 to [40, 24, 32] : tensor<40x1x32xf32, #cpu>
  %b2 = tiny.reshape %b to [32, 24] : tensor<768xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<32x24xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 24, 32] : tensor<24x32xf32, #cpu>
  %be = tiny.expand %b3 to [40, 24, 32] : tensor<1x24x32xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<40x24x32xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<40x24x32xf32, #cpu>
  %c = tiny.reshape %s to [40, 24] : tensor<40x24x1xf32, #cpu>
  %f = tiny.flip %c axes [0] : tensor<40x24xf32, #cpu>
  %r = tiny.add %c, %f : tensor<40x24xf32, #cpu>, tensor<40x24xf32, #cpu>
  tiny.return %r : tensor<40x24xf32, #cpu>
}

// relu(A @ B) with A 40x32 and B 32x24, as tinygrad writes both.
tiny.function @relu_matmul -> tensor<40x24xf32, #cpu> {
  %a = tiny.param 0 : f32 size 1280 on "CPU"
  %b = tiny.param 1 : f32 size 768 on "CPU"
  %a3 = tiny.reshape %a to [40, 1, 32] : tensor<1280xf32, #cpu>
  %ae = tiny.expand %a3 to [40, 24, 32] : tensor<40x1x32xf32, #cpu>
  %b2 = tiny.reshape %b to [32, 24] : tensor<768xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<32x24xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 24, 32] : tensor<24x32xf32, #cpu>
  %be = tiny.expand %b3 to [40, 24, 32] : tensor<1x24x32xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<40x24x32xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<40x24x32xf32, #cpu>
  %c = tiny.reshape %s to [40, 24] : tensor<40x24x1xf32, #cpu>
  %z = tiny.const dense<0.0> : tensor<40x24xf32, #cpu>
  %pos = tiny.cmplt %z, %c : tensor<40x24xf32, #cpu>, tensor<40x24xf32, #cpu>
  %r = tiny.where %pos, %c, %z : tensor<40x24xi1, #cpu>, tensor<40x24xf32, #cpu>, tensor<40x24xf32, #cpu>
  tiny.return %r : tensor<40x24xf32, #cpu>
}

// relu(A @ B + bias), the bias broadcast over the rows.
tiny.function @bias_relu_matmul -> tensor<40x24xf32, #cpu> {
  %a = tiny.param 0 : f32 size 1280 on "CPU"
  %b = tiny.param 1 : f32 size 768 on "CPU"
  %bias = tiny.param 2 : f32 size 24 on "CPU"
  %a3 = tiny.reshape %a to [40, 1, 32] : tensor<1280xf32, #cpu>
  %ae = tiny.expand %a3 to [40, 24, 32] : tensor<40x1x32xf32, #cpu>
  %b2 = tiny.reshape %b to [32, 24] : tensor<768xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<32x24xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 24, 32] : tensor<24x32xf32, #cpu>
  %be = tiny.expand %b3 to [40, 24, 32] : tensor<1x24x32xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<40x24x32xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<40x24x32xf32, #cpu>
  %c = tiny.reshape %s to [40, 24] : tensor<40x24x1xf32, #cpu>
  %bias2 = tiny.reshape %bias to [1, 24] : tensor<24xf32, #cpu>
  %biase = tiny.expand %bias2 to [40, 24] : tensor<1x24xf32, #cpu>
  %y = tiny.add %c, %biase : tensor<40x24xf32, #cpu>, tensor<40x24xf32, #cpu>
  %z = tiny.const dense<0.0> : tensor<40x24xf32, #cpu>
  %pos = tiny.cmplt %z, %y : tensor<40x24xf32, #cpu>, tensor<40x24xf32, #cpu>
  %r = tiny.where %pos, %y, %z : tensor<40x24xi1, #cpu>, tensor<40x24xf32, #cpu>, tensor<40x24xf32, #cpu>
  tiny.return %r : tensor<40x24xf32, #cpu>
}

// (A @ B) * (A @ B).
tiny.function @square_matmul -> tensor<40x24xf32, #cpu> {
  %a = tiny.param 0 : f32 size 1280 on "CPU"
  %b = tiny.param 1 : f32 size 768 on "CPU"
  %a3 = tiny.reshape %a to [40, 1, 32] : tensor<1280xf32, #cpu>
  %ae = tiny.expand %a3 to [40, 24, 32] : tensor<40x1x32xf32, #cpu>
  %b2 = tiny.reshape %b to [32, 24] : tensor<768xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<32x24xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 24, 32] : tensor<24x32xf32, #cpu>
  %be = tiny.expand %b3 to [40, 24, 32] : tensor<1x24x32xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<40x24x32xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<40x24x32xf32, #cpu>
  %c = tiny.reshape %s to [40, 24] : tensor<40x24x1xf32, #cpu>
  %r = tiny.mul %c, %c : tensor<40x24xf32, #cpu>, tensor<40x24xf32, #cpu>
  tiny.return %r : tensor<40x24xf32, #cpu>
}

// (relu(A @ B), 2 * A @ B).
tiny.function @two_outputs_matmul -> tuple<tensor<40x24xf32, #cpu>, tensor<40x24xf32, #cpu>> {
  %a = tiny.param 0 : f32 size 1280 on "CPU"
  %b = tiny.param 1 : f32 size 768 on "CPU"
  %a3 = tiny.reshape %a to [40, 1, 32] : tensor<1280xf32, #cpu>
  %ae = tiny.expand %a3 to [40, 24, 32] : tensor<40x1x32xf32, #cpu>
  %b2 = tiny.reshape %b to [32, 24] : tensor<768xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<32x24xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 24, 32] : tensor<24x32xf32, #cpu>
  %be = tiny.expand %b3 to [40, 24, 32] : tensor<1x24x32xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<40x24x32xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<40x24x32xf32, #cpu>
  %c = tiny.reshape %s to [40, 24] : tensor<40x24x1xf32, #cpu>
  %z = tiny.const dense<0.0> : tensor<40x24xf32, #cpu>
  %pos = tiny.cmplt %z, %c : tensor<40x24xf32, #cpu>, tensor<40x24xf32, #cpu>
  %r = tiny.where %pos, %c, %z : tensor<40x24xi1, #cpu>, tensor<40x24xf32, #cpu>, tensor<40x24xf32, #cpu>
  %two = tiny.const dense<2.0> : tensor<40x24xf32, #cpu>
  %d = tiny.mul %c, %two : tensor<40x24xf32, #cpu>, tensor<40x24xf32, #cpu>
  %t = tiny.tuple %r, %d : tensor<40x24xf32, #cpu>, tensor<40x24xf32, #cpu>
  tiny.return %t : tuple<tensor<40x24xf32, #cpu>, tensor<40x24xf32, #cpu>>
}

tiny.function @residual_sum -> tuple<tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>> {
  %xf = tiny.param 0 : f32 size 12 on "CPU"
  %yf = tiny.param 1 : f32 size 20 on "CPU"
  %x = tiny.reshape %xf to [4, 3] : tensor<12xf32, #cpu>
  %y = tiny.reshape %yf to [4, 5] : tensor<20xf32, #cpu>
  %a = tiny.reduce add %x axes [1] : tensor<4x3xf32, #cpu>
  %b = tiny.reduce add %y axes [1] : tensor<4x5xf32, #cpu>
  %s = tiny.add %a, %b : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  %o1 = tiny.neg %s : tensor<4x1xf32, #cpu>
  %two = tiny.const dense<2.0> : tensor<4x1xf32, #cpu>
  %o2 = tiny.mul %s, %two : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  %t = tiny.tuple %o1, %o2 : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  tiny.return %t : tuple<tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>>
}
