// tiny-run --repeat=N launches the program N more times on buffers uploaded
// once and prints the fastest launch to stderr; the results printed are
// those of the first run, and the device counters (--print-device-stats)
// count that run alone.

// RUN: tiny-run %s -i 1,2,3 --repeat=3 2>&1 | FileCheck %s
// RUN: tiny-run %s -i 1,2,3 --repeat=2 --print-device-stats 2>/dev/null | FileCheck %s --check-prefix=STATS
// RUN: tiny-run %s -i 1,2,3 2>&1 | FileCheck %s --check-prefix=NONE

// CHECK-DAG: best of 3 launches: {{[0-9]\.[0-9]{3}e[-+][0-9]+}} s
// CHECK-DAG: [3, 5, 7] : tensor<3xf32>
// STATS: [3, 5, 7] : tensor<3xf32>
// STATS-NEXT: device CPU: 2 buffers, peak 24 B, copied in 12 B, copied out 12 B
// NONE-NOT: best of
// NONE: [3, 5, 7] : tensor<3xf32>
// NONE-NOT: best of

#cpu = #tiny.device<"CPU">
tiny.function @double_plus_one -> tensor<3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 3 on "CPU"
  %two = tiny.const dense<2.0> : tensor<3xf32, #cpu>
  %one = tiny.const dense<1.0> : tensor<3xf32, #cpu>
  %y = tiny.mul %x, %two : tensor<3xf32, #cpu>
  %z = tiny.add %y, %one : tensor<3xf32, #cpu>
  tiny.return %z : tensor<3xf32, #cpu>
}
