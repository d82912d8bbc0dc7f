// RUN: tiny-opt %s -split-input-file -tiny-rangeify | FileCheck %s

// A value with no elements is stored in a buffer with no elements: the
// runtime allocates, uploads and downloads exactly its (0) bytes, so its
// host memory may be NULL.

#d1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:2">

// CHECK-LABEL: func.func @copy_empty
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<0xf32> {tiny.buffer = #tiny.buffer<param 0 on "CPU:1">}, %[[OUT:[a-z0-9_]+]]: memref<0xf32> {tiny.buffer = #tiny.buffer<output 0 on "CPU:1">}, %[[S:[a-z0-9_]+]]: memref<0xf32> {tiny.buffer = #tiny.buffer<scratch 0 on "CPU:2">})
// CHECK-NEXT: tiny.k.copy %[[X]][0] to %[[S]][0] count 0 : memref<0xf32>, memref<0xf32>
// CHECK-NEXT: tiny.k.copy %[[S]][0] to %[[OUT]][0] count 0 : memref<0xf32>, memref<0xf32>
// CHECK-NEXT: return
tiny.function @copy_empty -> tensor<0x3xf32, #d1> {
  %x = tiny.param 0 : f32 size 0 on "CPU:1"
  %m = tiny.reshape %x to [0, 3] : tensor<0xf32, #d1>
  %b = tiny.copy %m to "CPU:2" : tensor<0x3xf32, #d1>
  %g = tiny.copy %b to "CPU:1" : tensor<0x3xf32, #d2>
  tiny.return %g : tensor<0x3xf32, #d1>
}

// -----

#cpu = #tiny.device<"CPU">

// A scalar still takes one element.
// CHECK-LABEL: func.func @empty_and_scalar
// CHECK-SAME: (%{{[a-z0-9_]+}}: memref<0xi32> {tiny.buffer = #tiny.buffer<param 0>}, %{{[a-z0-9_]+}}: memref<1xi32> {tiny.buffer = #tiny.buffer<param 1>}, %{{[a-z0-9_]+}}: memref<1xi32> {tiny.buffer = #tiny.buffer<output 0>})
tiny.function @empty_and_scalar -> tensor<i32, #cpu> {
  %e = tiny.param 0 : i32 size 0 on "CPU"
  %s = tiny.param 1 : i32 on "CPU"
  %r = tiny.reduce add %e axes [0] : tensor<0xi32, #cpu>
  %v = tiny.reshape %r to [] : tensor<1xi32, #cpu>
  %a = tiny.add %v, %s : tensor<i32, #cpu>, tensor<i32, #cpu>
  tiny.return %a : tensor<i32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A result of no elements (what a program that only stores returns) is
// written by no kernel: only the store's kernel runs.
// CHECK-LABEL: func.func @store_returns_empty
// CHECK-SAME: %[[OUT:[a-z0-9_]+]]: memref<0xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "E_4" {
// CHECK-NOT: tiny.k.kernel
// CHECK: return
tiny.function @store_returns_empty -> tensor<0xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %c = tiny.const dense<0.5> : tensor<f32, #cpu>
  %m = tiny.mul %x, %c : tensor<4xf32, #cpu>, tensor<f32, #cpu>
  %t = tiny.store %x, %m : tensor<4xf32, #cpu>
  %a = tiny.after %x(%t) : tensor<4xf32, #cpu>, !tiny.token
  %e = tiny.shrink %a [0] to [0] : tensor<4xf32, #cpu>
  tiny.return %e : tensor<0xf32, #cpu>
}
