// RUN: tiny-opt %s -split-input-file -tiny-rangeify -tiny-print-schedule -o /dev/null | FileCheck %s --check-prefix=COUNT
// RUN: tiny-opt %s -split-input-file -tiny-rangeify | FileCheck %s
// RUN: tiny-opt %s -split-input-file -tiny-rangeify -tiny-optimize="vector-bits=512 vector-registers=32" | FileCheck %s --check-prefix=TILED

// How a large reduce computes what is read from it. A value computed from a
// reduce at the reduce's own positions (max(mm, 0), say) keeps the
// reduction-outside form: the accumulators live in the value's buffer and
// are replaced by the value once reduced. The counts in the comments are
// tinygrad's (commit in ../shared/tinygrad/PIN, DEV=CPU,
// GlobalCounters.kernel_count after realizing the same expression).

#cpu = #tiny.device<"CPU">

// max(mm, 0) of a 16x32x32 matmul (the 0 broadcast) keeps the matmul's
// reduction-outside form: the accumulators live in the output (8 rows per
// thread iteration); once the reduce range is done, one more loop over the
// columns replaces each accumulator by its max with 0, read once and
// written once (tinygrad: 1 kernel).
// COUNT: {{^}}schedule @max_matmul: 1 kernel: r_16_32_1{{$}}
// CHECK-LABEL: func.func @max_matmul
// CHECK-SAME: %[[OUT:[a-z0-9_]+]]: memref<512xf32> {tiny.output = 0 : i64})
// CHECK-NEXT: tiny.k.kernel "r_16_32_1" {
// CHECK: tiny.k.range thread %[[T:[a-z0-9_]+]] < %c2 {
// CHECK: %[[ROW0:[a-z0-9_]+]] = arith.muli %[[T]], %c8 : index
// CHECK: tiny.k.range reduce
// CHECK: tiny.k.range loop
// CHECK-NOT: arith.maximumf
// CHECK: tiny.k.range loop %[[J:[a-z0-9_]+]] < %c32 {
// CHECK-NEXT: %[[OFF_A:[a-z0-9_]+]] = arith.muli %[[ROW0]], %c32 : index
// CHECK-NEXT: %[[OFF:[a-z0-9_]+]] = arith.addi %[[J]], %[[OFF_A]] : index
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[OFF]]] : memref<512xf32>
// CHECK-NEXT: %[[ACC:[a-z0-9_]+]] = tiny.k.load %[[P]]
// CHECK-NEXT: %[[ZERO:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[MAX:[a-z0-9_]+]] = arith.maximumf %[[ACC]], %[[ZERO]] : f32
// CHECK-NEXT: %[[OFF_B:[a-z0-9_]+]] = arith.muli %[[ROW0]], %c32 : index
// CHECK-NEXT: %[[OFF2:[a-z0-9_]+]] = arith.addi %[[J]], %[[OFF_B]] : index
// CHECK-NEXT: %[[P2:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[OFF2]]] : memref<512xf32>
// CHECK-NEXT: tiny.k.store %[[P2]], %[[MAX]]
// CHECK-NOT: tiny.k.kernel
// CHECK: return
// TILED-LABEL: func.func @max_matmul
// TILED: tiny.k.range reduce %{{[a-z0-9_]+}} < %c8 iter_args({{.*}}) -> (vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>) {
// TILED: vector.store
// TILED: tiny.k.range loop %{{[a-z0-9_]+}} < %c32 {
// TILED: arith.maximumf
// TILED: return
tiny.function @max_matmul -> tensor<16x32xf32, #cpu> {
  %a = tiny.param 0 : f32 size 512 on "CPU"
  %b = tiny.param 1 : f32 size 1024 on "CPU"
  %a3 = tiny.reshape %a to [16, 1, 32] : tensor<512xf32, #cpu>
  %ae = tiny.expand %a3 to [16, 32, 32] : tensor<16x1x32xf32, #cpu>
  %b2 = tiny.reshape %b to [32, 32] : tensor<1024xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<32x32xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 32, 32] : tensor<32x32xf32, #cpu>
  %be = tiny.expand %b3 to [16, 32, 32] : tensor<1x32x32xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<16x32x32xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<16x32x32xf32, #cpu>
  %c = tiny.reshape %s to [16, 32] : tensor<16x32x1xf32, #cpu>
  %z = tiny.const dense<0.0> : tensor<1x1xf32, #cpu>
  %r = tiny.max %c, %z : tensor<16x32xf32, #cpu>, tensor<1x1xf32, #cpu>
  tiny.return %r : tensor<16x32xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// mm + flip(mm) reads the matmul at two rows per element: the matmul gets a
// buffer, in its reduction-outside form, and the add reads it (tinygrad: 2
// kernels).
// COUNT: {{^}}schedule @matmul_flip: 2 kernels: r_16_32_1 E_16_32{{$}}
// CHECK-LABEL: func.func @matmul_flip
// CHECK-NEXT: %[[BUF:[a-z0-9_]+]] = memref.alloc() : memref<512xf32>
// CHECK-NEXT: tiny.k.kernel "r_16_32_1" {
// CHECK: tiny.k.range thread
// CHECK: tiny.k.kernel "E_16_32" {
// CHECK-NOT: tiny.k.range reduce
// CHECK: return
tiny.function @matmul_flip -> tensor<16x32xf32, #cpu> {
  %a = tiny.param 0 : f32 size 512 on "CPU"
  %b = tiny.param 1 : f32 size 1024 on "CPU"
  %a3 = tiny.reshape %a to [16, 1, 32] : tensor<512xf32, #cpu>
  %ae = tiny.expand %a3 to [16, 32, 32] : tensor<16x1x32xf32, #cpu>
  %b2 = tiny.reshape %b to [32, 32] : tensor<1024xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<32x32xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 32, 32] : tensor<32x32xf32, #cpu>
  %be = tiny.expand %b3 to [16, 32, 32] : tensor<1x32x32xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<16x32x32xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<16x32x32xf32, #cpu>
  %c = tiny.reshape %s to [16, 32] : tensor<16x32x1xf32, #cpu>
  %f = tiny.flip %c axes [0] : tensor<16x32xf32, #cpu>
  %r = tiny.add %c, %f : tensor<16x32xf32, #cpu>, tensor<16x32xf32, #cpu>
  tiny.return %r : tensor<16x32xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A mask of a matmul is i1: its buffer cannot hold the f32 accumulators, so
// the kernel computes the matmul inside the output loops instead (one
// kernel still; tinygrad: 1).
// COUNT: {{^}}schedule @matmul_mask: 1 kernel: r_16_32{{$}}
// CHECK-LABEL: func.func @matmul_mask
// CHECK-NEXT: tiny.k.kernel "r_16_32" {
// CHECK-NOT: tiny.k.range thread
// CHECK: tiny.k.range reduce %{{[a-z0-9_]+}} < %{{[a-z0-9_]+}} iter_args
// CHECK: return
tiny.function @matmul_mask -> tensor<16x32xi1, #cpu> {
  %a = tiny.param 0 : f32 size 512 on "CPU"
  %b = tiny.param 1 : f32 size 1024 on "CPU"
  %a3 = tiny.reshape %a to [16, 1, 32] : tensor<512xf32, #cpu>
  %ae = tiny.expand %a3 to [16, 32, 32] : tensor<16x1x32xf32, #cpu>
  %b2 = tiny.reshape %b to [32, 32] : tensor<1024xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<32x32xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 32, 32] : tensor<32x32xf32, #cpu>
  %be = tiny.expand %b3 to [16, 32, 32] : tensor<1x32x32xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<16x32x32xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<16x32x32xf32, #cpu>
  %c = tiny.reshape %s to [16, 32] : tensor<16x32x1xf32, #cpu>
  %z = tiny.const dense<0.0> : tensor<16x32xf32, #cpu>
  %pos = tiny.cmplt %z, %c : tensor<16x32xf32, #cpu>, tensor<16x32xf32, #cpu>
  tiny.return %pos : tensor<16x32xi1, #cpu>
}
