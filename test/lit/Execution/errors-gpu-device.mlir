// A program with values on a GPU device compiles (its kernels for the GPU,
// launched by the host schedule through the runtime); running it needs the
// GPU's driver. Without one tiny-run says which device is missing and why,
// and exits 1. The driver is named explicitly so that the test reads the
// same on a machine with a GPU.
// RUN: not tiny-run %s --entry=f -i 1,2,3,4 --gpu-driver=%t.missing-driver.so 2>&1 | FileCheck %s
// CHECK-NOT: cannot compile
// CHECK: tiny-run: error: device 'CUDA' not available: {{.*}}missing-driver.so: cannot open shared object file

tiny.function @f -> tensor<4xf32, #tiny.device<"CUDA:0">> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %c = tiny.copy %x to "CUDA:0" : tensor<4xf32, #tiny.device<"CPU">>
  %d = tiny.add %c, %c : tensor<4xf32, #tiny.device<"CUDA:0">>, tensor<4xf32, #tiny.device<"CUDA:0">>
  tiny.return %d : tensor<4xf32, #tiny.device<"CUDA:0">>
}

// One program's GPU kernels are compiled for one kind of GPU.
// RUN: not tiny-run %s --entry=two_kinds -i 1,2,3,4 2>&1 | FileCheck %s --check-prefix=KINDS
// KINDS: errors-gpu-device.mlir:[[# @LINE + 7]]:8: error: kernel 'E_4' runs on HIP and kernel 'E_4' on CUDA: the JIT compiles one program's GPU kernels for one kind of GPU
// KINDS: tiny-run: error: cannot compile @two_kinds
tiny.function @two_kinds -> tuple<tensor<4xf32, #tiny.device<"CUDA:0">>, tensor<4xf32, #tiny.device<"HIP:0">>> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %c = tiny.copy %x to "CUDA:0" : tensor<4xf32, #tiny.device<"CPU">>
  %h = tiny.copy %x to "HIP:0" : tensor<4xf32, #tiny.device<"CPU">>
  %d = tiny.add %c, %c : tensor<4xf32, #tiny.device<"CUDA:0">>, tensor<4xf32, #tiny.device<"CUDA:0">>
  %e = tiny.add %h, %h : tensor<4xf32, #tiny.device<"HIP:0">>, tensor<4xf32, #tiny.device<"HIP:0">>
  %t = tiny.tuple %d, %e : tensor<4xf32, #tiny.device<"CUDA:0">>, tensor<4xf32, #tiny.device<"HIP:0">>
  tiny.return %t : tuple<tensor<4xf32, #tiny.device<"CUDA:0">>, tensor<4xf32, #tiny.device<"HIP:0">>>
}
