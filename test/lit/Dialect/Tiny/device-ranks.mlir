// A device name may end in "@R", the device of MPI rank R
// (docs/device-names.md). A name without a rank is rank 0's, so "@0" adds
// nothing: the dialect holds "KIND:N@0" as "KIND:N", as it holds "KIND:0"
// as "KIND", and the two spellings are one attribute.
// RUN: tiny-opt %s | FileCheck %s
// RUN: tiny-opt %s --mlir-print-op-generic | tiny-opt | FileCheck %s

// CHECK-LABEL: func.func @ranks
func.func @ranks() {
  // CHECK: tiny.param 0 : f32 size 4 on "CPU@1"{{$}}
  %0 = tiny.param 0 : f32 size 4 on "CPU@1"
  // CHECK: tiny.param 1 : f32 size 4 on "CPU"{{$}}
  %1 = tiny.param 1 : f32 size 4 on "CPU:0@0"
  // CHECK: tiny.const dense<1.000000e+00> : tensor<4xf32, #tiny.device<"CUDA:3@12">>
  %2 = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CUDA:3@12">>
  // CHECK: tiny.buffer 2 : f32 size 4 on ["CPU", "CPU@1", "CPU:1@1", "CPU:1"]{{$}}
  %3 = tiny.buffer 2 : f32 size 4 on ["CPU@0", "CPU@1", "CPU:1@1", "CPU:1@0"]
  // CHECK: tiny.copy %{{.*}} to "CPU" : tensor<4xf32, #tiny.device<"CPU@1">>
  %4 = tiny.copy %0 to "CPU:0@0" : tensor<4xf32, #tiny.device<"CPU:0@1">>
  return
}

// "CPU@0" and "CPU" are one device: these operands share it.
// CHECK-LABEL: func.func @one_device
// CHECK: tiny.add %{{.*}}, %{{.*}} : tensor<4xf32, #tiny.device<"CPU">>{{$}}
func.func @one_device() {
  %x = tiny.param 0 : f32 size 4 on "CPU@0"
  %y = tiny.param 1 : f32 size 4 on "CPU"
  %s = tiny.add %x, %y : tensor<4xf32, #tiny.device<"CPU@0">>, tensor<4xf32, #tiny.device<"CPU">>
  return
}

// A buffer's device keeps its rank, canonically.
// CHECK-LABEL: func.func @buffers
// CHECK-SAME: #tiny.buffer<param 0 on "CPU@1">
// CHECK-SAME: #tiny.buffer<output 0 on "CPU:2">
func.func @buffers(%x: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0 on "CPU:0@1">},
                   %y: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0 on "CPU:2@0">}) {
  return
}
