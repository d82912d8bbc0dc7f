// RUN: tiny-opt %s -split-input-file -tiny-rangeify -tiny-print-schedule -o /dev/null | FileCheck %s --check-prefix=COUNT
// RUN: tiny-opt %s -split-input-file -tiny-rangeify | FileCheck %s
// RUN: tiny-opt %s -split-input-file -tiny-rangeify -tiny-cpu-schedule -o /dev/null

// Row values: a reduce read back along its reduced axes (x - max(x,
// keepdim)) by one kernel gets no buffer; that kernel computes it once per
// row, before the row's column loop, and x's row is read from memory once
// (tinygrad realizes each such reduce: 3 kernels for softmax and
// layernorm). Where the reading kernel's loops do not hold the row loop
// outside the column loop, or several kernels would read it, or the
// reading kernel writes the reduce's source, it gets a buffer as before.

#cpu = #tiny.device<"CPU">

// softmax as tinygrad writes it: exp2((x - max) * log2(e)) / sum.
// COUNT: {{^}}schedule @softmax: 1 kernel: r_4_8{{$}}
// CHECK-LABEL: func.func @softmax
// CHECK-NEXT: tiny.k.kernel "r_4_8" {
// CHECK: tiny.k.range loop %[[ROW:[a-z0-9_]+]] < %{{[a-z0-9_]+}} {
// CHECK-NEXT: %[[NEGINF:[a-z0-9_]+]] = arith.constant 0xFF800000 : f32
// CHECK-NEXT: %[[MAX:[a-z0-9_]+]] = tiny.k.range reduce %{{[a-z0-9_]+}} < %{{[a-z0-9_]+}} iter_args(%{{[a-z0-9_]+}} = %[[NEGINF]])
// CHECK-NOT: tiny.k.range
// CHECK: arith.maximumf
// CHECK-NEXT: tiny.k.end
// CHECK-NEXT: }
// CHECK-NEXT: %[[ZERO:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[SUM:[a-z0-9_]+]] = tiny.k.range reduce %{{[a-z0-9_]+}} < %{{[a-z0-9_]+}} iter_args(%{{[a-z0-9_]+}} = %[[ZERO]])
// CHECK-NOT: tiny.k.range
// CHECK: arith.subf %{{[a-z0-9_]+}}, %[[MAX]] : f32
// CHECK: math.exp2
// CHECK-NEXT: arith.addf
// CHECK-NEXT: tiny.k.end
// CHECK-NEXT: }
// CHECK-NEXT: tiny.k.range loop %[[COL:[a-z0-9_]+]] < %{{[a-z0-9_]+}} {
// CHECK-NOT: tiny.k.range
// CHECK: arith.subf %{{[a-z0-9_]+}}, %[[MAX]] : f32
// CHECK: math.exp2
// CHECK-NEXT: arith.divf %{{[a-z0-9_]+}}, %[[SUM]] : f32
// CHECK: tiny.k.store
// CHECK-NOT: tiny.k.kernel
// CHECK: return
tiny.function @softmax -> tensor<4x8xf32, #cpu> {
  %x = tiny.param 0 : f32 size 32 on "CPU"
  %v = tiny.reshape %x to [4, 8] : tensor<32xf32, #cpu>
  %m = tiny.reduce max %v axes [1] : tensor<4x8xf32, #cpu>
  %me = tiny.expand %m to [4, 8] : tensor<4x1xf32, #cpu>
  %d = tiny.sub %v, %me : tensor<4x8xf32, #cpu>, tensor<4x8xf32, #cpu>
  %l = tiny.const dense<1.4426950408889634> : tensor<1x1xf32, #cpu>
  %le = tiny.expand %l to [4, 8] : tensor<1x1xf32, #cpu>
  %dl = tiny.mul %d, %le : tensor<4x8xf32, #cpu>, tensor<4x8xf32, #cpu>
  %e = tiny.exp2 %dl : tensor<4x8xf32, #cpu>
  %s = tiny.reduce add %e axes [1] : tensor<4x8xf32, #cpu>
  %se = tiny.expand %s to [4, 8] : tensor<4x1xf32, #cpu>
  %o = tiny.fdiv %e, %se : tensor<4x8xf32, #cpu>, tensor<4x8xf32, #cpu>
  tiny.return %o : tensor<4x8xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// layernorm as tinygrad writes it, without the affine: y = x - mean(x),
// y * rsqrt(mean(y * y) + eps). The variance's reduction reads the mean
// computed before it in the row; the mean's scale and rsqrt's ops are
// computed once per row too.
// COUNT: {{^}}schedule @layernorm: 1 kernel: r_4_8{{$}}
// CHECK-LABEL: func.func @layernorm
// CHECK-NEXT: tiny.k.kernel "r_4_8" {
// CHECK: tiny.k.range loop %[[ROW:[a-z0-9_]+]] < %{{[a-z0-9_]+}} {
// CHECK: %[[SUM:[a-z0-9_]+]] = tiny.k.range reduce
// CHECK-NOT: tiny.k.range
// CHECK: tiny.k.end
// CHECK-NEXT: }
// CHECK-NEXT: %[[INV:[a-z0-9_]+]] = arith.constant 1.250000e-01 : f32
// CHECK-NEXT: %[[MEAN:[a-z0-9_]+]] = arith.mulf %[[SUM]], %[[INV]] : f32
// CHECK: %[[SQ:[a-z0-9_]+]] = tiny.k.range reduce
// CHECK-NOT: tiny.k.range
// CHECK: arith.subf %{{[a-z0-9_]+}}, %[[MEAN]] : f32
// CHECK: tiny.k.end
// CHECK-NEXT: }
// CHECK-NEXT: %[[VAR:[a-z0-9_]+]] = arith.mulf %[[SQ]], %{{[a-z0-9_]+}} : f32
// CHECK: %[[SD:[a-z0-9_]+]] = math.sqrt
// CHECK: %[[RSTD:[a-z0-9_]+]] = arith.divf %{{[a-z0-9_]+}}, %[[SD]] : f32
// CHECK-NEXT: tiny.k.range loop %[[COL:[a-z0-9_]+]] < %{{[a-z0-9_]+}} {
// CHECK-NOT: tiny.k.range
// CHECK: arith.subf %{{[a-z0-9_]+}}, %[[MEAN]] : f32
// CHECK-NEXT: arith.mulf %{{[a-z0-9_]+}}, %[[RSTD]] : f32
// CHECK: tiny.k.store
// CHECK-NOT: tiny.k.kernel
// CHECK: return
tiny.function @layernorm -> tensor<4x8xf32, #cpu> {
  %x = tiny.param 0 : f32 size 32 on "CPU"
  %v = tiny.reshape %x to [4, 8] : tensor<32xf32, #cpu>
  %inv = tiny.const dense<0.125> : tensor<1x1xf32, #cpu>
  %inve = tiny.expand %inv to [4, 1] : tensor<1x1xf32, #cpu>
  %s = tiny.reduce add %v axes [1] : tensor<4x8xf32, #cpu>
  %mean = tiny.mul %s, %inve : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  %me = tiny.expand %mean to [4, 8] : tensor<4x1xf32, #cpu>
  %y = tiny.sub %v, %me : tensor<4x8xf32, #cpu>, tensor<4x8xf32, #cpu>
  %y2 = tiny.mul %y, %y : tensor<4x8xf32, #cpu>, tensor<4x8xf32, #cpu>
  %s2 = tiny.reduce add %y2 axes [1] : tensor<4x8xf32, #cpu>
  %var = tiny.mul %s2, %inve : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  %eps = tiny.const dense<1.0e-5> : tensor<1x1xf32, #cpu>
  %epse = tiny.expand %eps to [4, 1] : tensor<1x1xf32, #cpu>
  %ve = tiny.add %var, %epse : tensor<4x1xf32, #cpu>, tensor<4x1xf32, #cpu>
  %sd = tiny.sqrt %ve : tensor<4x1xf32, #cpu>
  %r = tiny.reciprocal %sd : tensor<4x1xf32, #cpu>
  %re = tiny.expand %r to [4, 8] : tensor<4x1xf32, #cpu>
  %o = tiny.mul %y, %re : tensor<4x8xf32, #cpu>, tensor<4x8xf32, #cpu>
  tiny.return %o : tensor<4x8xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Negative: a max over the middle axis of 2x4x8, read back along it. The
// reading kernel's loops run in the axes' order, the reduced axis outside
// the last kept one: each max would be computed once per element of axis 1,
// so it gets a buffer.
// COUNT: {{^}}schedule @middle_axis: 2 kernels: r_2_1_8 E_2_4_8{{$}}
tiny.function @middle_axis -> tensor<2x4x8xf32, #cpu> {
  %x = tiny.param 0 : f32 size 64 on "CPU"
  %v = tiny.reshape %x to [2, 4, 8] : tensor<64xf32, #cpu>
  %m = tiny.reduce max %v axes [1] : tensor<2x4x8xf32, #cpu>
  %me = tiny.expand %m to [2, 4, 8] : tensor<2x1x8xf32, #cpu>
  %d = tiny.sub %v, %me : tensor<2x4x8xf32, #cpu>, tensor<2x4x8xf32, #cpu>
  tiny.return %d : tensor<2x4x8xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Negative: the softmax assigned into x, the reduces' source. The kernel
// writing x must not reduce x's rows (a later row would read what an
// earlier one wrote): the max and the sum get buffers, and that kernel
// writes x in place from them.
// COUNT: {{^}}schedule @assign_into_source: 4 kernels: r_4_1 r_4_1 E_32 E_32{{$}}
// CHECK-LABEL: func.func @assign_into_source
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<32xf32>
// CHECK: tiny.k.kernel "r_4_1"
// CHECK: tiny.k.kernel "r_4_1"
// CHECK: tiny.k.kernel "E_32" {
// CHECK-NOT: tiny.k.range reduce
// CHECK: tiny.k.index %[[X]]
// CHECK-NOT: tiny.k.range reduce
// CHECK: tiny.k.kernel "E_32"
tiny.function @assign_into_source -> tensor<32xf32, #cpu> {
  %x = tiny.param 0 : f32 size 32 on "CPU"
  %v = tiny.reshape %x to [4, 8] : tensor<32xf32, #cpu>
  %m = tiny.reduce max %v axes [1] : tensor<4x8xf32, #cpu>
  %me = tiny.expand %m to [4, 8] : tensor<4x1xf32, #cpu>
  %d = tiny.sub %v, %me : tensor<4x8xf32, #cpu>, tensor<4x8xf32, #cpu>
  %l = tiny.const dense<1.4426950408889634> : tensor<1x1xf32, #cpu>
  %le = tiny.expand %l to [4, 8] : tensor<1x1xf32, #cpu>
  %dl = tiny.mul %d, %le : tensor<4x8xf32, #cpu>, tensor<4x8xf32, #cpu>
  %e = tiny.exp2 %dl : tensor<4x8xf32, #cpu>
  %s = tiny.reduce add %e axes [1] : tensor<4x8xf32, #cpu>
  %se = tiny.expand %s to [4, 8] : tensor<4x1xf32, #cpu>
  %o = tiny.fdiv %e, %se : tensor<4x8xf32, #cpu>, tensor<4x8xf32, #cpu>
  %f = tiny.reshape %o to [32] : tensor<4x8xf32, #cpu>
  %t = tiny.store %x, %f : tensor<32xf32, #cpu>
  %a = tiny.after %x(%t) : tensor<32xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<32xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Negative: a max along axis 1 broadcast along axis 0 (its reshape to 1x4,
// expanded to 4x4): not a row value, it gets a buffer.
// COUNT: {{^}}schedule @other_axis: 2 kernels: r_1_4 E_4_4{{$}}
tiny.function @other_axis -> tensor<4x4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 16 on "CPU"
  %v = tiny.reshape %x to [4, 4] : tensor<16xf32, #cpu>
  %m = tiny.reduce max %v axes [1] : tensor<4x4xf32, #cpu>
  %mt = tiny.reshape %m to [1, 4] : tensor<4x1xf32, #cpu>
  %me = tiny.expand %mt to [4, 4] : tensor<1x4xf32, #cpu>
  %d = tiny.sub %v, %me : tensor<4x4xf32, #cpu>, tensor<4x4xf32, #cpu>
  tiny.return %d : tensor<4x4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Negative: x - max(x) and x * max(x) both returned, two kernels reading
// the max: it gets a buffer rather than being computed by each.
// COUNT: {{^}}schedule @two_consumers: 3 kernels: r_4_1 E_4_8 E_4_8{{$}}
tiny.function @two_consumers -> tuple<tensor<4x8xf32, #cpu>, tensor<4x8xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 32 on "CPU"
  %v = tiny.reshape %x to [4, 8] : tensor<32xf32, #cpu>
  %m = tiny.reduce max %v axes [1] : tensor<4x8xf32, #cpu>
  %me = tiny.expand %m to [4, 8] : tensor<4x1xf32, #cpu>
  %d = tiny.sub %v, %me : tensor<4x8xf32, #cpu>, tensor<4x8xf32, #cpu>
  %p = tiny.mul %v, %me : tensor<4x8xf32, #cpu>, tensor<4x8xf32, #cpu>
  %r = tiny.tuple %d, %p : tensor<4x8xf32, #cpu>, tensor<4x8xf32, #cpu>
  tiny.return %r : tuple<tensor<4x8xf32, #cpu>, tensor<4x8xf32, #cpu>>
}

// -----

#cpu = #tiny.device<"CPU">

// Negative: x - max(x) returned transposed. The kernel's loops run along
// the output's axes, the row's last: each max would be computed once per
// element of its row, so it gets a buffer (the kernel fails to place it and
// is emitted again after the max's own).
// COUNT: {{^}}schedule @transposed: 2 kernels: r_4_1 E_8_4{{$}}
// CHECK-LABEL: func.func @transposed
// CHECK-NEXT: %[[BUF:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: tiny.k.kernel "r_4_1"
// CHECK: tiny.k.kernel "E_8_4" {
// CHECK-NOT: tiny.k.range reduce
// CHECK: tiny.k.index %[[BUF]]
// CHECK-NOT: tiny.k.range reduce
// CHECK: return
tiny.function @transposed -> tensor<8x4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 32 on "CPU"
  %v = tiny.reshape %x to [4, 8] : tensor<32xf32, #cpu>
  %m = tiny.reduce max %v axes [1] : tensor<4x8xf32, #cpu>
  %me = tiny.expand %m to [4, 8] : tensor<4x1xf32, #cpu>
  %d = tiny.sub %v, %me : tensor<4x8xf32, #cpu>, tensor<4x8xf32, #cpu>
  %t = tiny.permute %d [1, 0] : tensor<4x8xf32, #cpu>
  tiny.return %t : tensor<8x4xf32, #cpu>
}

// -----

#gpu = #tiny.device<"CUDA">

// Negative: on a GPU, whose kernels' loops are threads, the reduces keep
// their buffers.
// COUNT: {{^}}schedule @softmax_gpu: 3 kernels: r_4_1 r_4_1 E_4_8{{$}}
tiny.function @softmax_gpu -> tensor<4x8xf32, #gpu> {
  %x = tiny.param 0 : f32 size 32 on "CUDA"
  %v = tiny.reshape %x to [4, 8] : tensor<32xf32, #gpu>
  %m = tiny.reduce max %v axes [1] : tensor<4x8xf32, #gpu>
  %me = tiny.expand %m to [4, 8] : tensor<4x1xf32, #gpu>
  %d = tiny.sub %v, %me : tensor<4x8xf32, #gpu>, tensor<4x8xf32, #gpu>
  %l = tiny.const dense<1.4426950408889634> : tensor<1x1xf32, #gpu>
  %le = tiny.expand %l to [4, 8] : tensor<1x1xf32, #gpu>
  %dl = tiny.mul %d, %le : tensor<4x8xf32, #gpu>, tensor<4x8xf32, #gpu>
  %e = tiny.exp2 %dl : tensor<4x8xf32, #gpu>
  %s = tiny.reduce add %e axes [1] : tensor<4x8xf32, #gpu>
  %se = tiny.expand %s to [4, 8] : tensor<4x1xf32, #gpu>
  %o = tiny.fdiv %e, %se : tensor<4x8xf32, #gpu>, tensor<4x8xf32, #gpu>
  tiny.return %o : tensor<4x8xf32, #gpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Negative: x - sum(x, axis=0) on 128x256. The reading kernel's column
// loop is inside its row loop, so the column sums get a buffer; their own
// kernel is a large reduce's schedule (the rows' loop outside the columns'),
// which computes the sums as any reduce, not as a row value again (it
// recursed without end before).
// COUNT: {{^}}schedule @column_sums: 2 kernels: r_1_256 E_128_256{{$}}
// CHECK-LABEL: func.func @column_sums
// CHECK: tiny.k.kernel "r_1_256" {
// CHECK: tiny.k.range reduce
// CHECK: tiny.k.range loop
// CHECK: tiny.k.kernel "E_128_256" {
// CHECK-NOT: tiny.k.range reduce
// CHECK: return
tiny.function @column_sums -> tensor<128x256xf32, #cpu> {
  %x = tiny.param 0 : f32 size 32768 on "CPU"
  %v = tiny.reshape %x to [128, 256] : tensor<32768xf32, #cpu>
  %s = tiny.reduce add %v axes [0] : tensor<128x256xf32, #cpu>
  %se = tiny.expand %s to [128, 256] : tensor<1x256xf32, #cpu>
  %d = tiny.sub %v, %se : tensor<128x256xf32, #cpu>, tensor<128x256xf32, #cpu>
  tiny.return %d : tensor<128x256xf32, #cpu>
}
