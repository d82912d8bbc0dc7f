// A reduce stored with its axes permuted: -tiny-rangeify accumulates it in
// its reduction-outside form straight into the permuted buffer (the
// innermost loop walks the buffer's last axis). Inputs/reductions.py
// computes each result with numpy; the inputs are small integers, so the
// results are exact whatever order the sums take.
//
//   matmul_t         (A @ B)^T, A 16x32, B 32x32: the innermost loop walks
//                    A's rows, read by gathers
//   conv_input_grad  a convolution's input gradient before its col2im sum,
//                    as tinygrad's backward builds it: out[b, i, kh, y, kw,
//                    x] = sum over o of w[o, i, kh, kw] * g[b, o, y, x]

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/reductions.py gen %t matmul_t conv_input_grad
// RUN: tiny-run %s --entry=matmul_t -i %t/matmul_t.0.npy -i %t/matmul_t.1.npy -o %t/matmul_t.out.npy
// RUN: tiny-run %s --entry=conv_input_grad -i %t/conv_input_grad.0.npy -i %t/conv_input_grad.1.npy -o %t/conv_input_grad.out.npy
// RUN: %python %S/Inputs/reductions.py check %t matmul_t conv_input_grad | FileCheck %s
// RUN: tiny-opt %s -tiny-rangeify | FileCheck %s --check-prefix=KERNEL

// CHECK:      matmul_t: 32x16 exact
// CHECK-NEXT: conv_input_grad: 2x8x3x10x3x10 exact

// KERNEL-LABEL: func.func @matmul_t
// KERNEL:         tiny.k.range reduce %{{.*}} < %c32
// KERNEL-NEXT:      tiny.k.range loop %{{.*}} < %c16
// KERNEL-LABEL: func.func @conv_input_grad
// KERNEL:         tiny.k.range reduce %{{.*}} < %c8
// KERNEL-NEXT:      tiny.k.range loop %{{.*}} < %c10

#cpu = #tiny.device<"CPU">

tiny.function @matmul_t -> tensor<32x16xf32, #cpu> {
  %a = tiny.param 0 : f32 size 512 on "CPU"
  %b = tiny.param 1 : f32 size 1024 on "CPU"
  %a3 = tiny.reshape %a to [16, 1, 32] : tensor<512xf32, #cpu>
  %ae = tiny.expand %a3 to [16, 32, 32] : tensor<16x1x32xf32, #cpu>
  %b2 = tiny.reshape %b to [32, 32] : tensor<1024xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<32x32xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 32, 32] : tensor<32x32xf32, #cpu>
  %be = tiny.expand %b3 to [16, 32, 32] : tensor<1x32x32xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<16x32x32xf32, #cpu>, tensor<16x32x32xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<16x32x32xf32, #cpu>
  %c = tiny.reshape %s to [16, 32] : tensor<16x32x1xf32, #cpu>
  %t = tiny.permute %c [1, 0] : tensor<16x32xf32, #cpu>
  tiny.return %t : tensor<32x16xf32, #cpu>
}

tiny.function @conv_input_grad -> tensor<2x8x3x10x3x10xf32, #cpu> {
  %w = tiny.param 0 : f32 size 576 on "CPU"
  %g = tiny.param 1 : f32 size 1600 on "CPU"
  %w4 = tiny.reshape %w to [8, 8, 3, 3, 1, 1, 1] : tensor<576xf32, #cpu>
  %wp = tiny.permute %w4 [4, 0, 1, 2, 3, 5, 6] : tensor<8x8x3x3x1x1x1xf32, #cpu>
  %we = tiny.expand %wp to [2, 8, 8, 3, 3, 10, 10] : tensor<1x8x8x3x3x1x1xf32, #cpu>
  %g4 = tiny.reshape %g to [2, 8, 1, 1, 1, 10, 10] : tensor<1600xf32, #cpu>
  %ge = tiny.expand %g4 to [2, 8, 8, 3, 3, 10, 10] : tensor<2x8x1x1x1x10x10xf32, #cpu>
  %p = tiny.mul %we, %ge : tensor<2x8x8x3x3x10x10xf32, #cpu>, tensor<2x8x8x3x3x10x10xf32, #cpu>
  %r = tiny.reduce add %p axes [1] : tensor<2x8x8x3x3x10x10xf32, #cpu>
  %r6 = tiny.reshape %r to [2, 8, 3, 3, 10, 10] : tensor<2x1x8x3x3x10x10xf32, #cpu>
  %t = tiny.permute %r6 [0, 1, 2, 4, 3, 5] : tensor<2x8x3x3x10x10xf32, #cpu>
  tiny.return %t : tensor<2x8x3x10x3x10xf32, #cpu>
}
