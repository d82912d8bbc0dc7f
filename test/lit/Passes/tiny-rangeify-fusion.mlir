// RUN: tiny-opt %s -split-input-file -tiny-rangeify -tiny-print-schedule -o /dev/null | FileCheck %s --check-prefix=COUNT
// RUN: tiny-opt %s -split-input-file -tiny-rangeify | FileCheck %s
// RUN: tiny-opt %s -split-input-file -tiny-rangeify -tiny-cpu-schedule | FileCheck %s --check-prefix=SCHED
// RUN: tiny-opt %s -split-input-file -tiny-rangeify -tiny-cpu-schedule -tiny-expand-upcast -tiny-optimize="vector-bits=512 vector-registers=32" | FileCheck %s --check-prefix=TILED

// When a reduce gets a buffer of its own, and how a large one computes what
// is read from it. tinygrad realizes a reduce whose readers index it
// differently; readers that index it alike (several ops of one elementwise
// expression) share one accumulator in one kernel. The counts in the
// comments are tinygrad's (commit in ../shared/tinygrad/PIN, DEV=CPU,
// GlobalCounters.kernel_count after realizing the same expression).

#cpu = #tiny.device<"CPU">

// relu as tinygrad writes it, where(0 < r, r, 0): the compare and the select
// read the one accumulator of the one reduce range (tinygrad: 1 kernel).
// COUNT: {{^}}schedule @relu_where: 1 kernel: r_4_1{{$}}
// CHECK-LABEL: func.func @relu_where
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<12xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "r_4_1" {
// CHECK: tiny.k.range loop %[[I:[a-z0-9_]+]] <
// CHECK: %[[SUM:[a-z0-9_]+]] = tiny.k.range reduce
// CHECK: tiny.k.end
// CHECK-NEXT: }
// CHECK-NOT: tiny.k.range
// CHECK: %[[POS:[a-z0-9_]+]] = arith.cmpf olt, %{{[a-z0-9_]+}}, %[[SUM]] : f32
// CHECK-NEXT: %[[RELU:[a-z0-9_]+]] = arith.select %[[POS]], %[[SUM]], %{{[a-z0-9_]+}} : f32
// CHECK-NEXT: %[[PO:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: tiny.k.store %[[PO]], %[[RELU]]
// CHECK-NOT: tiny.k.kernel
// CHECK: return
tiny.function @relu_where -> tensor<4x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %z = tiny.const dense<0.0> : tensor<4x1xf32, #cpu>
  %c = tiny.cmplt %z, %r : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  %w = tiny.where %c, %r, %z : tensor<4x1xi1, #cpu>, tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  tiny.return %w : tensor<4x1xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// r * r: one accumulator, multiplied by itself (tinygrad: 1 kernel).
// COUNT: {{^}}schedule @square: 1 kernel: r_4_1{{$}}
// CHECK-LABEL: func.func @square
// CHECK-NEXT: tiny.k.kernel "r_4_1" {
// CHECK: %[[SUM:[a-z0-9_]+]] = tiny.k.range reduce
// CHECK-NOT: tiny.k.range
// CHECK: arith.mulf %[[SUM]], %[[SUM]] : f32
// CHECK-NOT: tiny.k.kernel
// CHECK: return
tiny.function @square -> tensor<4x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %w = tiny.mul %r, %r : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  tiny.return %w : tensor<4x1xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// r + r, and r read through a reshape that drops its unit axis and through
// the reduce itself (tinygrad: 1 kernel).
// COUNT: {{^}}schedule @add_self: 1 kernel: r_4{{$}}
// CHECK-LABEL: func.func @add_self
// CHECK-NEXT: tiny.k.kernel "r_4" {
// CHECK: %[[SUM:[a-z0-9_]+]] = tiny.k.range reduce
// CHECK-NOT: tiny.k.range
// CHECK: arith.addf %[[SUM]], %[[SUM]] : f32
// CHECK-NOT: tiny.k.kernel
// CHECK: return
tiny.function @add_self -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %f = tiny.reshape %r to [4] : tensor<4x1xf32, #cpu>
  %w = tiny.add %f, %f : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %w : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// max(r, 0) reads r once (tinygrad: 1 kernel).
// COUNT: {{^}}schedule @max0: 1 kernel: r_4_1{{$}}
tiny.function @max0 -> tensor<4x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %z = tiny.const dense<0.0> : tensor<4x1xf32, #cpu>
  %w = tiny.max %r, %z : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  tiny.return %w : tensor<4x1xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// softmax, exp(x - max(x)) / sum(exp(x - max(x))): both reduces are read
// through a broadcast along their reduced axis, by every element of their
// row, in one kernel: it computes them once per row, before the row's loop
// (tiny-rangeify-rows.mlir; tinygrad: 3 kernels, each reduce realized).
// COUNT: {{^}}schedule @softmax: 1 kernel: r_4_3{{$}}
tiny.function @softmax -> tensor<4x3xf32, #cpu> {
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

// -----

#cpu = #tiny.device<"CPU">

// Two outputs computed from r are two kernels: r gets a buffer that both
// read, rather than being reduced again in each (tinygrad: 3 kernels).
// COUNT: {{^}}schedule @two_outputs: 3 kernels: r_4_1 E_4_1 E_4_1{{$}}
// CHECK-LABEL: func.func @two_outputs
// CHECK-NEXT: %[[BUF:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: tiny.k.kernel "r_4_1" {
// CHECK: tiny.k.range reduce
// CHECK: tiny.k.kernel "E_4_1" {
// CHECK-NOT: tiny.k.range reduce
// CHECK: tiny.k.index %[[BUF]]
// CHECK: tiny.k.kernel "E_4_1" {
// CHECK-NOT: tiny.k.range reduce
// CHECK: tiny.k.index %[[BUF]]
// CHECK: return
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

// -----

#cpu = #tiny.device<"CPU">

// Two reduces summed at their positions, the sum read by two outputs (a
// residual block: the sum of two convolutions, read by the next block twice).
// The sum gets the buffer and one kernel computes both reduces into it,
// rather than one buffer per reduce (tinygrad: 3 kernels).
// COUNT: {{^}}schedule @residual_sum: 3 kernels: r_4_1 E_4_1 E_4_1{{$}}
// CHECK-LABEL: func.func @residual_sum
// CHECK-NEXT: %[[SUM:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: tiny.k.kernel "r_4_1" {
// CHECK: %[[A:[a-z0-9_]+]] = tiny.k.range reduce
// CHECK: %[[B:[a-z0-9_]+]] = tiny.k.range reduce
// CHECK: %[[AB:[a-z0-9_]+]] = arith.addf %[[A]], %[[B]] : f32
// CHECK: %[[AT:[a-z0-9_]+]] = tiny.k.index %[[SUM]]
// CHECK-NEXT: tiny.k.store %[[AT]], %[[AB]]
// CHECK: tiny.k.kernel "E_4_1" {
// CHECK-NOT: tiny.k.range reduce
// CHECK: tiny.k.index %[[SUM]]
// CHECK: tiny.k.kernel "E_4_1" {
// CHECK-NOT: tiny.k.range reduce
// CHECK: tiny.k.index %[[SUM]]
// CHECK: return
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

// -----

#cpu = #tiny.device<"CPU">

// An output computed from r, then read by another output: r is reduced in
// the first output's kernel; the second reads that output's buffer
// (tinygrad: 2 kernels).
// COUNT: {{^}}schedule @output_read_again: 2 kernels: r_4_1 E_4_1{{$}}
// CHECK-LABEL: func.func @output_read_again
// CHECK-SAME: %[[OUT0:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>}
// CHECK-NOT: memref.alloc
// CHECK: tiny.k.kernel "r_4_1" {
// CHECK: tiny.k.kernel "E_4_1" {
// CHECK-NOT: tiny.k.range reduce
// CHECK: tiny.k.index %[[OUT0]]
// CHECK: return
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

// -----

#cpu = #tiny.device<"CPU">

// sum(r * r) over the rows: r is reduced inside the outer reduce range, once
// per row, and squared there (tinygrad: 1 kernel).
// COUNT: {{^}}schedule @nested: 1 kernel: r_1_1{{$}}
// CHECK-LABEL: func.func @nested
// CHECK-NEXT: tiny.k.kernel "r_1_1" {
// CHECK: %[[TOTAL:[a-z0-9_]+]] = tiny.k.range reduce %{{[a-z0-9_]+}} < %{{[a-z0-9_]+}} iter_args(%[[ACC:[a-z0-9_]+]] = %{{[a-z0-9_]+}}) -> (f32) {
// CHECK: %[[ROW:[a-z0-9_]+]] = tiny.k.range reduce
// CHECK: tiny.k.end
// CHECK-NEXT: }
// CHECK-NEXT: %[[SQ:[a-z0-9_]+]] = arith.mulf %[[ROW]], %[[ROW]]
// CHECK-NEXT: %[[NEXT:[a-z0-9_]+]] = arith.addf %[[ACC]], %[[SQ]]
// CHECK-NEXT: tiny.k.end %[[NEXT]] : f32
// CHECK-NOT: tiny.k.kernel
// CHECK: return
tiny.function @nested -> tensor<1x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %w = tiny.mul %r, %r : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  %s = tiny.reduce add %w axes [0] : tensor<4x1xf32, #cpu>
  tiny.return %s : tensor<1x1xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Two reduces of r: each reads all of r, so r gets a buffer (tinygrad: 2
// kernels).
// COUNT: {{^}}schedule @two_reduces: 2 kernels: r_4_1 r_1_1{{$}}
tiny.function @two_reduces -> tensor<1x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %s = tiny.reduce add %r axes [0] : tensor<4x1xf32, #cpu>
  %m = tiny.reduce max %r axes [0] : tensor<4x1xf32, #cpu>
  %p = tiny.mul %s, %m : tensor<1x1xf32, #cpu>, tensor<1x1xf32, #cpu>
  tiny.return %p : tensor<1x1xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// r + flip(r) reads r at two positions per element (tinygrad: 2 kernels).
// COUNT: {{^}}schedule @flip_read: 2 kernels: r_4_1 E_4_1{{$}}
tiny.function @flip_read -> tensor<4x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %f = tiny.flip %r axes [0] : tensor<4x1xf32, #cpu>
  %w = tiny.add %r, %f : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  tiny.return %w : tensor<4x1xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// (r * r) broadcast over the row: r * r is computed per element of the
// broadcast, but r is reduced once, into a buffer (tinygrad: 2 kernels).
// COUNT: {{^}}schedule @square_broadcast: 2 kernels: r_4_1 E_4_3{{$}}
tiny.function @square_broadcast -> tensor<4x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %w = tiny.mul %r, %r : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  %e = tiny.add %w, %v : tensor<4x1xf32, #cpu>, tensor<4x3xf32, #cpu>
  tiny.return %e : tensor<4x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// r * r kept contiguous, then read twice: the contiguous computes it once.
// COUNT: {{^}}schedule @contiguous_square: 2 kernels: r_4_1 E_4_1{{$}}
tiny.function @contiguous_square -> tensor<4x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce add %v axes [1] : tensor<4x3xf32, #cpu>
  %w = tiny.mul %r, %r : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  %c = tiny.contiguous %w : tensor<4x1xf32, #cpu>
  %e = tiny.add %c, %c : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  tiny.return %e : tensor<4x1xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// max(mm, 0) of a 16x32x32 matmul (the 0 broadcast) keeps the matmul's
// reduction-outside form: the accumulators live in the output (one row per
// iteration, 8 per thread iteration once -tiny-cpu-schedule UPCASTs them);
// once the reduce range is done, one more loop over the
// columns replaces each accumulator by its max with 0, read once and
// written once (tinygrad: 1 kernel).
// COUNT: {{^}}schedule @max_matmul: 1 kernel: r_16_32_1{{$}}
// CHECK-LABEL: func.func @max_matmul
// CHECK-SAME: %[[OUT:[a-z0-9_]+]]: memref<512xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "r_16_32_1" {
// CHECK: tiny.k.range loop %[[ROW0:[a-z0-9_]+]] < %c16 {
// The reduce range as rangeify writes it, over all 32 reduced indices
// (-tiny-cpu-schedule chooses its UNROLL, below).
// CHECK: tiny.k.range reduce %{{[a-z0-9_]+}} < %c32 {
// CHECK-NEXT: tiny.k.range loop
// CHECK-NOT: tiny.k.range unroll
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
// TILED: tiny.k.range reduce %{{[a-z0-9_]+}} < %c8{{[_0-9]*}} iter_args({{.*}}) -> (vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>) {
// TILED: vector.store
// TILED: tiny.k.range loop %{{[a-z0-9_]+}} < %c32 {
// TILED: arith.maximumf
// TILED: return
// SCHED-LABEL: func.func @max_matmul
// SCHED: tiny.k.kernel "r_16_32_1" {
// SCHED: tiny.k.range thread %[[T:[a-z0-9_]+]] < %c2 {
// SCHED: tiny.k.range upcast %{{[a-z0-9_]+}} < %c8{{[_0-9]*}} {
// SCHED: tiny.k.range reduce %{{[a-z0-9_]+}} < %c8{{[_0-9]*}} {
// SCHED-NEXT: tiny.k.range loop %{{[a-z0-9_]+}} < %c32 {
// SCHED: tiny.k.range unroll %{{[a-z0-9_]+}} < %c4{{[_0-9]*}} iter_args({{.*}}) -> (f32) {
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

// relu as tinygrad writes it, where(0 < mm, mm, 0), reads the matmul twice
// at one position: the same single kernel, whose loop after the reduce
// range reads each accumulator once for the compare and the select
// (tinygrad: 1 kernel).
// COUNT: {{^}}schedule @relu_matmul: 1 kernel: r_16_32_1{{$}}
// -tiny-optimize register-tiles the reduce range as it does a plain
// matmul's (8 rows x 32 columns of accumulators, in vectors).
// TILED-LABEL: func.func @relu_matmul
// TILED: tiny.k.range reduce %{{[a-z0-9_]+}} < %c8{{[_0-9]*}} iter_args({{.*}}) -> (vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>) {
// TILED: vector.store
// TILED: tiny.k.range loop %{{[a-z0-9_]+}} < %c32 {
// TILED: arith.cmpf olt
// TILED: return
// CHECK-LABEL: func.func @relu_matmul
// CHECK-SAME: %[[OUT:[a-z0-9_]+]]: memref<512xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "r_16_32_1" {
// CHECK: tiny.k.range loop %[[ROW0:[a-z0-9_]+]] < %c16 {
// CHECK: tiny.k.range loop
// CHECK: tiny.k.store
// CHECK: tiny.k.range reduce
// CHECK-NEXT: tiny.k.range loop
// CHECK-NOT: arith.cmpf
// CHECK: tiny.k.range loop %[[J:[a-z0-9_]+]] < %c32 {
// CHECK-NEXT: %[[ZERO:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[OFF_A:[a-z0-9_]+]] = arith.muli %[[ROW0]], %c32 : index
// CHECK-NEXT: %[[OFF:[a-z0-9_]+]] = arith.addi %[[J]], %[[OFF_A]] : index
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[OFF]]] : memref<512xf32>
// CHECK-NEXT: %[[ACC:[a-z0-9_]+]] = tiny.k.load %[[P]]
// CHECK-NEXT: %[[POS:[a-z0-9_]+]] = arith.cmpf olt, %[[ZERO]], %[[ACC]] : f32
// CHECK-NEXT: %[[RELU:[a-z0-9_]+]] = arith.select %[[POS]], %[[ACC]], %[[ZERO]] : f32
// CHECK-NEXT: %[[OFF_B:[a-z0-9_]+]] = arith.muli %[[ROW0]], %c32 : index
// CHECK-NEXT: %[[OFF2:[a-z0-9_]+]] = arith.addi %[[J]], %[[OFF_B]] : index
// CHECK-NEXT: %[[P2:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[OFF2]]] : memref<512xf32>
// CHECK-NEXT: tiny.k.store %[[P2]], %[[RELU]]
// CHECK-NOT: tiny.k.kernel
// CHECK: return
// SCHED-LABEL: func.func @relu_matmul
// SCHED: tiny.k.kernel "r_16_32_1" {
// SCHED: tiny.k.range thread %[[T:[a-z0-9_]+]] < %c2 {
tiny.function @relu_matmul -> tensor<16x32xf32, #cpu> {
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
  %r = tiny.where %pos, %c, %z : tensor<16x32xi1, #cpu>, tensor<16x32xf32, #cpu>, tensor<16x32xf32, #cpu>
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
// CHECK: tiny.k.range loop
// CHECK: tiny.k.kernel "E_16_32" {
// CHECK-NOT: tiny.k.range reduce
// CHECK: return
// SCHED-LABEL: func.func @matmul_flip
// SCHED: tiny.k.kernel "r_16_32_1" {
// SCHED: tiny.k.range thread
// SCHED: tiny.k.kernel "E_16_32" {
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
// kernel still; tinygrad: 1), its rows on threads for the 16384 products.
// COUNT: {{^}}schedule @matmul_mask: 1 kernel: r_16_32{{$}}
// CHECK-LABEL: func.func @matmul_mask
// CHECK-NEXT: tiny.k.kernel "r_16_32" {
// CHECK: tiny.k.range loop %{{[a-z0-9_]+}} < %c16 {
// CHECK-NEXT: tiny.k.range loop %{{[a-z0-9_]+}} < %c32 {
// CHECK: tiny.k.range reduce %{{[a-z0-9_]+}} < %{{[a-z0-9_]+}} iter_args
// CHECK: return
// SCHED-LABEL: func.func @matmul_mask
// SCHED: tiny.k.kernel "r_16_32" {
// SCHED: tiny.k.range thread %{{[a-z0-9_]+}} < %c16 {
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

// -----

#cpu = #tiny.device<"CPU">

// Two matmuls added (a residual block's 3x3 convolution and its 1x1
// shortcut): the larger reduce (64 deep) is accumulated in the output in
// its reduction-outside form; the loop after its reduce range computes the
// smaller one (8 deep) at each element, its reduce range inside (tinygrad:
// 1 kernel).
// COUNT: {{^}}schedule @two_matmuls_added: 1 kernel: r_16_32_1{{$}}
// CHECK-LABEL: func.func @two_matmuls_added
// CHECK-NEXT: tiny.k.kernel "r_16_32_1" {
// CHECK: tiny.k.range reduce %{{[a-z0-9_]+}} < %c64 {
// CHECK-NEXT: tiny.k.range loop %{{[a-z0-9_]+}} < %c32 {
// CHECK-NOT: tiny.k.kernel
// CHECK: tiny.k.range loop %{{[a-z0-9_]+}} < %c32 {
// CHECK: tiny.k.range reduce %{{[a-z0-9_]+}} < %c8 iter_args
// CHECK: arith.addf
// CHECK-NOT: tiny.k.kernel
// CHECK: return
tiny.function @two_matmuls_added -> tensor<16x32xf32, #cpu> {
  %a = tiny.param 0 : f32 size 1024 on "CPU"
  %b = tiny.param 1 : f32 size 2048 on "CPU"
  %a3 = tiny.reshape %a to [16, 1, 64] : tensor<1024xf32, #cpu>
  %ae = tiny.expand %a3 to [16, 32, 64] : tensor<16x1x64xf32, #cpu>
  %b2 = tiny.reshape %b to [64, 32] : tensor<2048xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<64x32xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 32, 64] : tensor<32x64xf32, #cpu>
  %be = tiny.expand %b3 to [16, 32, 64] : tensor<1x32x64xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<16x32x64xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<16x32x64xf32, #cpu>
  %big = tiny.reshape %s to [16, 32] : tensor<16x32x1xf32, #cpu>
  %c = tiny.param 2 : f32 size 128 on "CPU"
  %d = tiny.param 3 : f32 size 256 on "CPU"
  %c3 = tiny.reshape %c to [16, 1, 8] : tensor<128xf32, #cpu>
  %ce = tiny.expand %c3 to [16, 32, 8] : tensor<16x1x8xf32, #cpu>
  %d2 = tiny.reshape %d to [8, 32] : tensor<256xf32, #cpu>
  %dt = tiny.permute %d2 [1, 0] : tensor<8x32xf32, #cpu>
  %d3 = tiny.reshape %dt to [1, 32, 8] : tensor<32x8xf32, #cpu>
  %de = tiny.expand %d3 to [16, 32, 8] : tensor<1x32x8xf32, #cpu>
  %q = tiny.mul %ce, %de : tensor<16x32x8xf32, #cpu>
  %t = tiny.reduce add %q axes [2] : tensor<16x32x8xf32, #cpu>
  %small = tiny.reshape %t to [16, 32] : tensor<16x32x1xf32, #cpu>
  %r = tiny.add %big, %small : tensor<16x32xf32, #cpu>, tensor<16x32xf32, #cpu>
  tiny.return %r : tensor<16x32xf32, #cpu>
}
