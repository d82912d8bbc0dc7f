// A program with values on a GPU device compiles for the GPU with
// -tiny-to-nvvm / -tiny-to-rocdl, but the JIT's host schedule launches CPU
// kernels only: tiny-run says so, with a location, and exits 1.
// RUN: not tiny-run %s -i 1,2,3,4 2>&1 | FileCheck %s
// CHECK: error: a buffer is on device 'CUDA:0': the JIT runs kernels on CPU devices only
// CHECK: tiny-run: error: cannot compile @f

tiny.function @f -> tensor<4xf32, #tiny.device<"CUDA:0">> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %c = tiny.copy %x to "CUDA:0" : tensor<4xf32, #tiny.device<"CPU">>
  %d = tiny.add %c, %c : tensor<4xf32, #tiny.device<"CUDA:0">>, tensor<4xf32, #tiny.device<"CUDA:0">>
  tiny.return %d : tensor<4xf32, #tiny.device<"CUDA:0">>
}
