// A program the CPU path cannot lower: the diagnostic of the failing pass,
// then tiny-run's own line, and exit status 1.
// RUN: not tiny-run %s -i 1,2,3,4 2>&1 | FileCheck %s
// CHECK: error: 'tiny.k.barrier' op is a kernel-level op; rangeify lowers the tensor-level ops of a tiny.function
// CHECK: tiny-run: error: cannot compile @kernel_op

tiny.function @kernel_op -> tensor<4xf32, #tiny.device<"CPU">> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  tiny.k.barrier
  tiny.return %x : tensor<4xf32, #tiny.device<"CPU">>
}
