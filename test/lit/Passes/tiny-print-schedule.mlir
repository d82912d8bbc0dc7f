// RUN: tiny-opt %s -split-input-file -tiny-simplify -tiny-rangeify -tiny-print-schedule -o /dev/null | FileCheck %s
// With to-stderr the lines go to stderr and stdout stays empty.
// RUN: tiny-opt %s -split-input-file -tiny-simplify -tiny-rangeify -tiny-print-schedule=to-stderr -o /dev/null 2> %t.err | count 0
// RUN: FileCheck %s < %t.err

// One line per function, in input order: the kernel count, then the kernel
// names (E_ elementwise, r_ with a reduction, then the output's shape).

#cpu = #tiny.device<"CPU">

// Movement ops, a constant and an elementwise chain fuse into one kernel.
// CHECK: {{^}}schedule @chain: 1 kernel: E_2_3{{$}}
tiny.function @chain -> tensor<2x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %y = tiny.param 1 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %w = tiny.reshape %y to [3, 2] : tensor<6xf32, #cpu>
  %t = tiny.permute %w [1, 0] : tensor<3x2xf32, #cpu>
  %a = tiny.add %v, %t : tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>
  %n = tiny.neg %a : tensor<2x3xf32, #cpu>
  %e = tiny.exp2 %n : tensor<2x3xf32, #cpu>
  %two = tiny.const dense<2.0> : tensor<f32, #cpu>
  %m = tiny.mul %e, %two : tensor<2x3xf32, #cpu>, tensor<f32, #cpu>
  tiny.return %m : tensor<2x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A reduce read once by an elementwise op (without an expand) is computed
// inside that op's kernel: sqrt(sum(x * x)) is one kernel.
// CHECK-NEXT: {{^}}schedule @reduce_fused: 1 kernel: r_4_1{{$}}
tiny.function @reduce_fused -> tensor<4x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %sq = tiny.mul %v, %v : tensor<4x3xf32, #cpu>, tensor<4x3xf32, #cpu>
  %r = tiny.reduce add %sq axes [1] : tensor<4x3xf32, #cpu>
  %s = tiny.sqrt %r : tensor<4x1xf32, #cpu>
  tiny.return %s : tensor<4x1xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// x - max(x) with the max expanded: the one kernel writing x - max(x)
// computes each row's max before the row's columns (a row value,
// -tiny-rangeify's isComputedPerRow), so the max needs no kernel or buffer.
// CHECK-NEXT: {{^}}schedule @softmax_like: 1 kernel: r_4_3{{$}}
tiny.function @softmax_like -> tensor<4x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce max %v axes [1] : tensor<4x3xf32, #cpu>
  %e = tiny.expand %r to [4, 3] : tensor<4x1xf32, #cpu>
  %s = tiny.sub %v, %e : tensor<4x3xf32, #cpu>, tensor<4x3xf32, #cpu>
  tiny.return %s : tensor<4x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// x + max(x) where the add broadcasts the (4, 1) max itself (no expand):
// the reduce still gets its own kernel rather than being recomputed for
// every column.
// CHECK-NEXT: {{^}}schedule @reduce_broadcast: 2 kernels: r_4_1 E_4_3{{$}}
tiny.function @reduce_broadcast -> tensor<4x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce max %v axes [1] : tensor<4x3xf32, #cpu>
  %s = tiny.add %v, %r : tensor<4x3xf32, #cpu>, tensor<4x1xf32, #cpu>
  tiny.return %s : tensor<4x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// x - max(x) with an implicit broadcast: -tiny-simplify turns the sub into
// add(x, mul(max, -1)), and the (4, 1) mul between the reduce and the
// broadcasting add must not hide the broadcast.
// CHECK-NEXT: {{^}}schedule @reduce_sub_broadcast: 2 kernels: r_4_1 E_4_3{{$}}
tiny.function @reduce_sub_broadcast -> tensor<4x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce max %v axes [1] : tensor<4x3xf32, #cpu>
  %s = tiny.sub %v, %r : tensor<4x3xf32, #cpu>, tensor<4x1xf32, #cpu>
  tiny.return %s : tensor<4x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Each contiguous is a kernel of its own, in program order, then the
// returned value's.
// CHECK-NEXT: {{^}}schedule @two_contiguous: 3 kernels: E_6 E_2_3 E_6{{$}}
// CHECK-NOT: schedule
tiny.function @two_contiguous -> tensor<6xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %e = tiny.exp2 %x : tensor<6xf32, #cpu>
  %c = tiny.contiguous %e : tensor<6xf32, #cpu>
  %v = tiny.reshape %c to [2, 3] : tensor<6xf32, #cpu>
  %s = tiny.sqrt %v : tensor<2x3xf32, #cpu>
  %d = tiny.contiguous %s : tensor<2x3xf32, #cpu>
  %f = tiny.reshape %d to [6] : tensor<2x3xf32, #cpu>
  %l = tiny.log2 %f : tensor<6xf32, #cpu>
  tiny.return %l : tensor<6xf32, #cpu>
}
