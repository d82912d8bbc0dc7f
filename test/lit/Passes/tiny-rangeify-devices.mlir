// RUN: tiny-opt %s -split-input-file -tiny-rangeify | FileCheck %s

// Functions that span several devices: every buffer is an argument with its
// device, kernels name their device, copies between devices are tiny.k.copy.

#d1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:2">

// A copy of a param is a copy of its whole buffer; the kernel reading the
// copy runs on the copy's device and writes the output there.
// CHECK-LABEL: func.func @copy_then_compute
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0 on "CPU:1">}, %[[OUT:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0 on "CPU:2">}, %[[S:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<scratch 0 on "CPU:2">})
// CHECK-NEXT: tiny.k.copy %[[X]][0] to %[[S]][0] count 4 : memref<4xf32>, memref<4xf32>
// CHECK-NEXT: tiny.k.kernel "E_4" on "CPU:2" {
// CHECK: tiny.k.index %[[S]]
// CHECK: arith.addf
// CHECK: tiny.k.index %[[OUT]]
// CHECK: }
// CHECK-NOT: memref.alloc
// CHECK: return
tiny.function @copy_then_compute -> tensor<4xf32, #d2> {
  %x = tiny.param 0 : f32 size 4 on "CPU:1"
  %c = tiny.copy %x to "CPU:2" : tensor<4xf32, #d1>
  %s = tiny.add %c, %c : tensor<4xf32, #d2>, tensor<4xf32, #d2>
  tiny.return %s : tensor<4xf32, #d2>
}

// -----

#d1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:2">

// A value computed on CPU:1 is realized there before it is copied; the copy
// goes straight into the output buffer.
// CHECK-LABEL: func.func @compute_then_copy
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0 on "CPU:1">}, %[[OUT:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0 on "CPU:2">}, %[[S:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<scratch 0 on "CPU:1">})
// CHECK-NEXT: tiny.k.kernel "E_4" on "CPU:1" {
// CHECK: tiny.k.index %[[S]]
// CHECK: tiny.k.copy %[[S]][0] to %[[OUT]][0] count 4
// CHECK-NEXT: return
tiny.function @compute_then_copy -> tensor<4xf32, #d2> {
  %x = tiny.param 0 : f32 size 4 on "CPU:1"
  %e = tiny.exp2 %x : tensor<4xf32, #d1>
  %c = tiny.copy %e to "CPU:2" : tensor<4xf32, #d1>
  tiny.return %c : tensor<4xf32, #d2>
}

// -----

#d1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:2">

// Contiguous views copy their range: row 1 of a 3x4 param starts at element
// 4; rows 1..2 of the reshape (2, 6) -> rows 1..2 start at 6; a view with a
// single element per outer axis and a partial inner axis ([2, 1:3]) starts
// at 2 * 4 + 1.
// CHECK-LABEL: func.func @contiguous_views
// CHECK-SAME: %[[X:[a-z0-9_]+]]: memref<12xf32>
// CHECK-DAG: tiny.k.copy %[[X]][4] to %{{.*}}[0] count 4
// CHECK-DAG: tiny.k.copy %[[X]][6] to %{{.*}}[0] count 6
// CHECK-DAG: tiny.k.copy %[[X]][9] to %{{.*}}[0] count 2
// CHECK-NOT: tiny.k.kernel
tiny.function @contiguous_views -> tuple<tensor<1x4xf32, #d2>, tensor<1x6xf32, #d2>, tensor<1x2xf32, #d2>> {
  %x = tiny.param 0 : f32 size 12 on "CPU:1"
  %m = tiny.reshape %x to [3, 4] : tensor<12xf32, #d1>
  %row = tiny.shrink %m [1, 0] to [2, 4] : tensor<3x4xf32, #d1>
  %a = tiny.copy %row to "CPU:2" : tensor<1x4xf32, #d1>
  %w = tiny.reshape %x to [2, 6] : tensor<12xf32, #d1>
  %half = tiny.shrink %w [1, 0] to [2, 6] : tensor<2x6xf32, #d1>
  %b = tiny.copy %half to "CPU:2" : tensor<1x6xf32, #d1>
  %part = tiny.shrink %m [2, 1] to [3, 3] : tensor<3x4xf32, #d1>
  %c = tiny.copy %part to "CPU:2" : tensor<1x2xf32, #d1>
  %t = tiny.tuple %a, %b, %c : tensor<1x4xf32, #d2>, tensor<1x6xf32, #d2>, tensor<1x2xf32, #d2>
  tiny.return %t : tuple<tensor<1x4xf32, #d2>, tensor<1x6xf32, #d2>, tensor<1x2xf32, #d2>>
}

// -----

#d1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:2">

// A column is not a contiguous range: it is gathered by a kernel on CPU:1
// into a staging buffer there, and that buffer is copied.
// CHECK-LABEL: func.func @column
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<6xf32> {tiny.buffer = #tiny.buffer<param 0 on "CPU:1">}, %[[OUT:[a-z0-9_]+]]: memref<3xf32> {tiny.buffer = #tiny.buffer<output 0 on "CPU:2">}, %[[S:[a-z0-9_]+]]: memref<3xf32> {tiny.buffer = #tiny.buffer<scratch 0 on "CPU:1">})
// CHECK-NEXT: tiny.k.kernel "E_3_1" on "CPU:1" {
// CHECK: tiny.k.index %[[S]]
// CHECK: tiny.k.copy %[[S]][0] to %[[OUT]][0] count 3
// CHECK-NEXT: return
tiny.function @column -> tensor<3x1xf32, #d2> {
  %x = tiny.param 0 : f32 size 6 on "CPU:1"
  %m = tiny.reshape %x to [3, 2] : tensor<6xf32, #d1>
  %col = tiny.shrink %m [0, 1] to [3, 2] : tensor<3x2xf32, #d1>
  %c = tiny.copy %col to "CPU:2" : tensor<3x1xf32, #d1>
  tiny.return %c : tensor<3x1xf32, #d2>
}

// -----

#cpu = #tiny.device<"CPU">

// One device: no device attributes, intermediate buffers stay memref.alloc,
// a copy to the same device is a kernel.
// CHECK-LABEL: func.func @one_device
// CHECK-SAME: (%{{.*}}: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %{{.*}}: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NOT: on "
// CHECK-NOT: tiny.k.copy
// CHECK: tiny.k.kernel "E_4" {
func.func private @unused()
tiny.function @one_device -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %c = tiny.copy %x to "CPU" : tensor<4xf32, #cpu>
  tiny.return %c : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
#cpu0 = #tiny.device<"CPU:0">

// "CPU:0" is the host "CPU" spelled another way (one device, one attribute):
// the function is on the host alone, so no argument or kernel names a
// device, and the copy between the two spellings is a kernel on the host,
// not a tiny.k.copy between devices.
// CHECK-LABEL: func.func @host_spelled_two_ways
// CHECK-SAME: (%{{.*}}: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %{{.*}}: memref<4xf32> {tiny.buffer = #tiny.buffer<param 1>}, %{{.*}}: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NOT: on "
// CHECK-NOT: tiny.k.copy
// CHECK: tiny.k.kernel "E_4" {
// CHECK-NOT: on "
// CHECK-NOT: tiny.k.copy
// CHECK: return
tiny.function @host_spelled_two_ways -> tensor<4xf32, #cpu0> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %y = tiny.param 1 : f32 size 4 on "CPU:0"
  %c = tiny.copy %x to "CPU:0" : tensor<4xf32, #cpu>
  %s = tiny.add %c, %y : tensor<4xf32, #cpu0>, tensor<4xf32, #cpu0>
  tiny.return %s : tensor<4xf32, #cpu0>
}

// -----

#d1 = #tiny.device<"CPU:1">

// One device that is not the host: the arguments and kernels name it, so
// the runtime allocates the params and outputs there, and the function's
// own buffers too (scratch arguments: on a GPU only the runtime can
// allocate them).
// CHECK-LABEL: func.func @one_virtual_device
// CHECK-SAME: (%{{.*}}: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0 on "CPU:1">}, %{{.*}}: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0 on "CPU:1">}, %{{.*}}: memref<1xf32> {tiny.buffer = #tiny.buffer<scratch 0 on "CPU:1">})
// CHECK-NOT: memref.alloc
// CHECK: tiny.k.kernel "r_1" on "CPU:1" {
// CHECK: tiny.k.kernel "E_4" on "CPU:1" {
// CHECK-NOT: tiny.k.copy
tiny.function @one_virtual_device -> tensor<4xf32, #d1> {
  %x = tiny.param 0 : f32 size 4 on "CPU:1"
  %s = tiny.reduce add %x axes [0] : tensor<4xf32, #d1>
  %a = tiny.add %x, %s : tensor<4xf32, #d1>, tensor<1xf32, #d1>
  %b = tiny.add %a, %s : tensor<4xf32, #d1>, tensor<1xf32, #d1>
  tiny.return %b : tensor<4xf32, #d1>
}
