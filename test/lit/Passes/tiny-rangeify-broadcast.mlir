// RUN: tiny-opt %s -split-input-file -tiny-rangeify -tiny-print-schedule -o /dev/null | FileCheck %s --check-prefix=COUNT
// RUN: tiny-opt %s -split-input-file -tiny-rangeify | FileCheck %s

// When an elementwise value that a broadcast reads at many positions gets a
// buffer of its own. tinygrad ends the kernel before a broadcast and then
// drops the buffer again when the value reads at most three buffers and no
// reduce (remove_bufferize); tiny also keeps recomputing it when that costs
// fewer than 2^22 ops in all (reads beyond the value's own elements times
// the value's ops and buffer reads per element).

#cpu = #tiny.device<"CPU">

// (a + b) * c / sqrt(d) reads four buffers; a weight-gradient-like sum reads
// each of its 4096 elements 256 times: recomputing it would cost
// (1048576 - 4096) * 9 ops. It is computed once, by a kernel of its own,
// and the reduce reads it from that buffer.
// COUNT: {{^}}schedule @expensive_broadcast: 2 kernels: E_64_64 r_64_1_256{{$}}
// CHECK-LABEL: func.func @expensive_broadcast
// CHECK: tiny.k.kernel "E_64_64" {
// CHECK: math.sqrt
// CHECK: tiny.k.store
// CHECK: tiny.k.kernel "r_64_1_256" {
// CHECK-NOT: math.sqrt
// CHECK: tiny.k.range reduce
// CHECK-NOT: math.sqrt
// CHECK: return
tiny.function @expensive_broadcast -> tensor<64x1x256xf32, #cpu> {
  %a = tiny.param 0 : f32 size 4096 on "CPU"
  %b = tiny.param 1 : f32 size 4096 on "CPU"
  %c = tiny.param 2 : f32 size 4096 on "CPU"
  %d = tiny.param 3 : f32 size 4096 on "CPU"
  %w = tiny.param 4 : f32 size 256 on "CPU"
  %av = tiny.reshape %a to [64, 64] : tensor<4096xf32, #cpu>
  %bv = tiny.reshape %b to [64, 64] : tensor<4096xf32, #cpu>
  %cv = tiny.reshape %c to [64, 64] : tensor<4096xf32, #cpu>
  %dv = tiny.reshape %d to [64, 64] : tensor<4096xf32, #cpu>
  %s = tiny.add %av, %bv : tensor<64x64xf32, #cpu>, tensor<64x64xf32, #cpu>
  %p = tiny.mul %s, %cv : tensor<64x64xf32, #cpu>, tensor<64x64xf32, #cpu>
  %q = tiny.sqrt %dv : tensor<64x64xf32, #cpu>
  %rq = tiny.reciprocal %q : tensor<64x64xf32, #cpu>
  %v = tiny.mul %p, %rq : tensor<64x64xf32, #cpu>, tensor<64x64xf32, #cpu>
  %v3 = tiny.reshape %v to [64, 64, 1] : tensor<64x64xf32, #cpu>
  %ve = tiny.expand %v3 to [64, 64, 256] : tensor<64x64x1xf32, #cpu>
  %wv = tiny.reshape %w to [1, 1, 256] : tensor<256xf32, #cpu>
  %m = tiny.mul %ve, %wv : tensor<64x64x256xf32, #cpu>, tensor<1x1x256xf32, #cpu>
  %r = tiny.reduce add %m axes [1] : tensor<64x64x256xf32, #cpu>
  tiny.return %r : tensor<64x1x256xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// The same value read 8 times per element instead of 256: recomputing it
// costs (32768 - 4096) * 9 ops, less than a kernel of its own is worth.
// COUNT: {{^}}schedule @cheap_broadcast: 1 kernel: r_64_1_8{{$}}
// CHECK-LABEL: func.func @cheap_broadcast
// CHECK: tiny.k.kernel "r_64_1_8" {
// CHECK: tiny.k.range reduce
// CHECK: math.sqrt
// CHECK-NOT: tiny.k.kernel
// CHECK: return
tiny.function @cheap_broadcast -> tensor<64x1x8xf32, #cpu> {
  %a = tiny.param 0 : f32 size 4096 on "CPU"
  %b = tiny.param 1 : f32 size 4096 on "CPU"
  %c = tiny.param 2 : f32 size 4096 on "CPU"
  %d = tiny.param 3 : f32 size 4096 on "CPU"
  %w = tiny.param 4 : f32 size 8 on "CPU"
  %av = tiny.reshape %a to [64, 64] : tensor<4096xf32, #cpu>
  %bv = tiny.reshape %b to [64, 64] : tensor<4096xf32, #cpu>
  %cv = tiny.reshape %c to [64, 64] : tensor<4096xf32, #cpu>
  %dv = tiny.reshape %d to [64, 64] : tensor<4096xf32, #cpu>
  %s = tiny.add %av, %bv : tensor<64x64xf32, #cpu>, tensor<64x64xf32, #cpu>
  %p = tiny.mul %s, %cv : tensor<64x64xf32, #cpu>, tensor<64x64xf32, #cpu>
  %q = tiny.sqrt %dv : tensor<64x64xf32, #cpu>
  %rq = tiny.reciprocal %q : tensor<64x64xf32, #cpu>
  %v = tiny.mul %p, %rq : tensor<64x64xf32, #cpu>, tensor<64x64xf32, #cpu>
  %v3 = tiny.reshape %v to [64, 64, 1] : tensor<64x64xf32, #cpu>
  %ve = tiny.expand %v3 to [64, 64, 8] : tensor<64x64x1xf32, #cpu>
  %wv = tiny.reshape %w to [1, 1, 8] : tensor<8xf32, #cpu>
  %m = tiny.mul %ve, %wv : tensor<64x64x8xf32, #cpu>, tensor<1x1x8xf32, #cpu>
  %r = tiny.reduce add %m axes [1] : tensor<64x64x8xf32, #cpu>
  tiny.return %r : tensor<64x1x8xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// (a + b) * sqrt(c) reads three buffers and no reduce: tinygrad's
// remove_bufferize recomputes it where it is read, however often (tinygrad:
// 1 kernel).
// COUNT: {{^}}schedule @three_buffers: 1 kernel: r_64_1_256{{$}}
// CHECK-LABEL: func.func @three_buffers
// CHECK: tiny.k.kernel "r_64_1_256" {
// CHECK: tiny.k.range reduce
// CHECK: math.sqrt
// CHECK-NOT: tiny.k.kernel
// CHECK: return
tiny.function @three_buffers -> tensor<64x1x256xf32, #cpu> {
  %a = tiny.param 0 : f32 size 4096 on "CPU"
  %b = tiny.param 1 : f32 size 4096 on "CPU"
  %c = tiny.param 2 : f32 size 4096 on "CPU"
  %w = tiny.param 3 : f32 size 256 on "CPU"
  %av = tiny.reshape %a to [64, 64] : tensor<4096xf32, #cpu>
  %bv = tiny.reshape %b to [64, 64] : tensor<4096xf32, #cpu>
  %cv = tiny.reshape %c to [64, 64] : tensor<4096xf32, #cpu>
  %s = tiny.add %av, %bv : tensor<64x64xf32, #cpu>, tensor<64x64xf32, #cpu>
  %q = tiny.sqrt %cv : tensor<64x64xf32, #cpu>
  %v = tiny.mul %s, %q : tensor<64x64xf32, #cpu>, tensor<64x64xf32, #cpu>
  %v3 = tiny.reshape %v to [64, 64, 1] : tensor<64x64xf32, #cpu>
  %ve = tiny.expand %v3 to [64, 64, 256] : tensor<64x64x1xf32, #cpu>
  %wv = tiny.reshape %w to [1, 1, 256] : tensor<256xf32, #cpu>
  %m = tiny.mul %ve, %wv : tensor<64x64x256xf32, #cpu>, tensor<1x1x256xf32, #cpu>
  %r = tiny.reduce add %m axes [1] : tensor<64x64x256xf32, #cpu>
  tiny.return %r : tensor<64x1x256xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A value broadcast by an elementwise op itself (no expand): sqrt(a) + b +
// c + d, of 64 elements, added to each row of a 64x16384 value. Recomputing
// it costs (1048576 - 64) * 8 ops: one kernel computes it, the other reads
// it.
// COUNT: {{^}}schedule @elementwise_broadcast: 2 kernels: E_64 E_16384_64{{$}}
// CHECK-LABEL: func.func @elementwise_broadcast
// CHECK: tiny.k.kernel "E_64" {
// CHECK: math.sqrt
// CHECK: tiny.k.kernel "E_16384_64" {
// CHECK-NOT: math.sqrt
// CHECK: return
tiny.function @elementwise_broadcast -> tensor<16384x64xf32, #cpu> {
  %a = tiny.param 0 : f32 size 64 on "CPU"
  %b = tiny.param 1 : f32 size 64 on "CPU"
  %c = tiny.param 2 : f32 size 64 on "CPU"
  %d = tiny.param 3 : f32 size 64 on "CPU"
  %x = tiny.param 4 : f32 size 1048576 on "CPU"
  %q = tiny.sqrt %a : tensor<64xf32, #cpu>
  %s = tiny.add %q, %b : tensor<64xf32, #cpu>, tensor<64xf32, #cpu>
  %t = tiny.add %s, %c : tensor<64xf32, #cpu>, tensor<64xf32, #cpu>
  %v = tiny.add %t, %d : tensor<64xf32, #cpu>, tensor<64xf32, #cpu>
  %v2 = tiny.reshape %v to [1, 64] : tensor<64xf32, #cpu>
  %xv = tiny.reshape %x to [16384, 64] : tensor<1048576xf32, #cpu>
  %y = tiny.add %xv, %v2 : tensor<16384x64xf32, #cpu>, tensor<1x64xf32, #cpu>
  tiny.return %y : tensor<16384x64xf32, #cpu>
}
