// RUN: tiny-opt %s | FileCheck %s
// RUN: tiny-opt %s | tiny-opt | FileCheck %s

// #tiny.buffer round-trips on function arguments: the three roles, with and
// without a device (none means the host, "CPU").
// CHECK-LABEL: func.func @roles(
// CHECK-SAME: %{{.*}}: memref<6xf32> {tiny.buffer = #tiny.buffer<param 0>},
// CHECK-SAME: %{{.*}}: memref<2xi32> {tiny.buffer = #tiny.buffer<param 3 on "CPU:1">},
// CHECK-SAME: %{{.*}}: memref<6xf32> {tiny.buffer = #tiny.buffer<output 0 on "CUDA">},
// CHECK-SAME: %{{.*}}: memref<4xf16> {tiny.buffer = #tiny.buffer<scratch 0 on "CUDA:2">})
func.func @roles(%x: memref<6xf32> {tiny.buffer = #tiny.buffer<param 0>},
                 %y: memref<2xi32> {tiny.buffer = #tiny.buffer<param 3 on "CPU:1">},
                 %out: memref<6xf32> {tiny.buffer = #tiny.buffer<output 0 on "CUDA">},
                 %s: memref<4xf16> {tiny.buffer = #tiny.buffer<scratch 0 on "CUDA:2">}) {
  return
}

// One index per role: param 0, output 0 and scratch 0 are three buffers.
// CHECK-LABEL: func.func @same_index_other_roles(
// CHECK-SAME: #tiny.buffer<param 0>
// CHECK-SAME: #tiny.buffer<output 0>
// CHECK-SAME: #tiny.buffer<scratch 0>
func.func @same_index_other_roles(%a: memref<1xf32> {tiny.buffer = #tiny.buffer<param 0>},
                                  %b: memref<1xf32> {tiny.buffer = #tiny.buffer<output 0>},
                                  %c: memref<1xf32> {tiny.buffer = #tiny.buffer<scratch 0>}) {
  return
}

// After lowering the buffer is a pointer; the attribute stays until
// -tiny-strip-buffer-roles drops it.
// CHECK-LABEL: llvm.func @lowered(
// CHECK-SAME: %{{.*}}: !llvm.ptr {llvm.noalias, tiny.buffer = #tiny.buffer<param 0>}
llvm.func @lowered(%a: !llvm.ptr {llvm.noalias, tiny.buffer = #tiny.buffer<param 0>}) {
  llvm.return
}
