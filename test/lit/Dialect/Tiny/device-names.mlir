// "KIND:0" and "KIND" name one device (docs/semantics.md, "Device names"):
// the dialect holds every device name in its canonical spelling, "KIND" for
// index 0, whatever the text says, so the two spellings print alike and are
// one attribute (the verifiers compare attributes).
// RUN: tiny-opt %s | FileCheck %s
// RUN: tiny-opt %s --mlir-print-op-generic | tiny-opt | FileCheck %s

// CHECK-LABEL: func.func @spellings
func.func @spellings() {
  // CHECK: tiny.param 0 : f32 size 4 on "CPU"{{$}}
  %0 = tiny.param 0 : f32 size 4 on "CPU:0"
  // CHECK: tiny.const dense<1.000000e+00> : tensor<4xf32, #tiny.device<"CUDA">>
  %1 = tiny.const dense<1.0> : tensor<4xf32, #tiny.device<"CUDA:0">>
  // Only index 0 has a second spelling.
  // CHECK: tiny.buffer 1 : f32 size 4 on ["CPU", "CPU:1", "HIP", "HIP:2"]{{$}}
  %2 = tiny.buffer 1 : f32 size 4 on ["CPU:0", "CPU:1", "HIP:0", "HIP:2"]
  // CHECK: tiny.copy %{{.*}} to "CPU:1" : tensor<4xf32, #tiny.device<"CPU">>
  %3 = tiny.copy %0 to "CPU:1" : tensor<4xf32, #tiny.device<"CPU:0">>
  return
}

// Operands must share a device: "CPU" and "CPU:0" are one, so this adds.
// CHECK-LABEL: func.func @one_device
// CHECK: tiny.add %{{.*}}, %{{.*}} : tensor<4xf32, #tiny.device<"CPU">>{{$}}
func.func @one_device() {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %y = tiny.param 1 : f32 size 4 on "CPU:0"
  %s = tiny.add %x, %y : tensor<4xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU:0">>
  return
}

// A buffer's device is held canonically too.
// CHECK-LABEL: func.func @buffers
// CHECK-SAME: #tiny.buffer<param 0 on "CPU">
// CHECK-SAME: #tiny.buffer<output 0 on "CUDA">
// CHECK-SAME: #tiny.buffer<scratch 0 on "CUDA:1">
func.func @buffers(%x: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0 on "CPU:0">},
                   %y: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0 on "CUDA:0">},
                   %z: memref<4xf32> {tiny.buffer = #tiny.buffer<scratch 0 on "CUDA:1">}) {
  return
}
