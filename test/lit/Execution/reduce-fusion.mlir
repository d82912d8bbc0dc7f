// A large reduce and what is computed from it at its own positions (a max
// with 0, a bias, a mask), run by tiny-run: in the reduction-outside form
// the kernel accumulates in the output and computes the value from the
// accumulators there. The matmuls are of small integers (exact in f32,
// whatever the order of the additions); results are checked by numpy in
// Inputs/reduce_fusion.py, the kernel counts by -tiny-print-schedule (one
// each, but two for the flip, which reads the matmul at other rows, and two
// for the 19 rows, whose last 3 get a kernel of their own).

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/reduce_fusion.py gen %t
// RUN: tiny-run %s --entry=max_matmul -i %t/a40.npy -i %t/b.npy -o %t/max_matmul.npy
// RUN: tiny-run %s --entry=max_matmul_tail -i %t/a19.npy -i %t/b32.npy -o %t/max_matmul_tail.npy
// RUN: tiny-run %s --entry=bias_max_matmul -i %t/a40.npy -i %t/b.npy -i %t/bias.npy -o %t/bias_max_matmul.npy
// RUN: tiny-run %s --entry=mask_matmul -i %t/a40.npy -i %t/b.npy -o %t/mask_matmul.npy
// RUN: tiny-run %s --entry=flip_matmul -i %t/a40.npy -i %t/b.npy -o %t/flip_matmul.npy
// RUN: %python %S/Inputs/reduce_fusion.py check %t | FileCheck %s --check-prefix=LARGE
// RUN: tiny-opt %s -tiny-simplify -tiny-rangeify -tiny-print-schedule -o /dev/null | FileCheck %s --check-prefix=COUNT

// LARGE:      max_matmul: 40x24 exact
// LARGE-NEXT: max_matmul_tail: 19x32 exact
// LARGE-NEXT: bias_max_matmul: 40x24 exact
// LARGE-NEXT: mask_matmul: 40x24 exact
// LARGE-NEXT: flip_matmul: 40x24 exact

// COUNT: schedule @max_matmul: 1 kernel: r_40_24_1
// COUNT: schedule @max_matmul_tail: 2 kernels: r_19_32_1 r_19_32_1
// COUNT: schedule @bias_max_matmul: 1 kernel: r_40_24_1
// COUNT: schedule @mask_matmul: 1 kernel: r_40_24_1
// COUNT: schedule @flip_matmul: 2 kernels: r_40_24_1 E_40_24

#cpu = #tiny.device<"CPU">

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

// max(A @ B, 0) with A 19x32 and B 32x32: 16 rows in 8-row steps, then the
// last 3 in a kernel of their own, each kernel with its max.
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
