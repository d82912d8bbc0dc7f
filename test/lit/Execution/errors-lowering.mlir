// A program the CPU path cannot lower: the diagnostic of the failing pass,
// then tiny-run's own line, and exit status 1.
// RUN: not tiny-run %s -i 1,2,3,4 2>&1 | FileCheck %s
// CHECK: error: 'tiny.param' op produces a multi-device value, which needs the runtime's host schedule
// CHECK: tiny-run: error: cannot compile @sharded

tiny.function @sharded -> tensor<4xf32, #tiny.device<"CPU:0", "CPU:1">> {
  %x = tiny.param 0 : f32 size 4 on ["CPU:0", "CPU:1"]
  tiny.return %x : tensor<4xf32, #tiny.device<"CPU:0", "CPU:1">>
}
