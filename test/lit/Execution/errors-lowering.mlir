// A program the CPU path cannot lower: the diagnostic of the failing pass,
// then tiny-run's own line, and exit status 1.
// RUN: not tiny-run %s -i 1,2,3,4 2>&1 | FileCheck %s
// CHECK: error: 'tiny.cast' op has an fp8 result, which the CPU lowering does not support yet
// CHECK: tiny-run: error: cannot compile @fp8

tiny.function @fp8 -> tensor<4xf8E4M3FN, #tiny.device<"CPU">> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %c = tiny.cast %x to f8E4M3FN : tensor<4xf32, #tiny.device<"CPU">>
  tiny.return %c : tensor<4xf8E4M3FN, #tiny.device<"CPU">>
}
