// tiny-run --print-schedule prints the entry's kernels as the JIT makes
// them, then runs the program: one kernel (r_...) computes each row's mean
// before centering the row (a row value of -tiny-rangeify).
//
// RUN: tiny-run %s --entry=centered --print-schedule -i 1,2,3,4,5,6 | FileCheck %s
// CHECK: schedule @centered: 1 kernel: r_2_3{{$}}
// CHECK-NEXT: {{\[}}[-1, 0, 1], [-1, 0, 1]] : tensor<2x3xf32>
//
// Only the entry is scheduled, as only the entry is compiled.
// RUN: tiny-run %s --entry=other --print-schedule -i 1,2,3,4,5,6 | FileCheck %s --check-prefix=OTHER
// OTHER-NOT: @centered
// OTHER: schedule @other: 1 kernel: E_6
// OTHER-NOT: @centered

#cpu = #tiny.device<"CPU">

tiny.function @centered -> tensor<2x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %m = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %s = tiny.reduce add %m axes [1] : tensor<2x3xf32, #cpu>
  %three = tiny.const dense<3.0> : tensor<2x1xf32, #cpu>
  %mean = tiny.fdiv %s, %three : tensor<2x1xf32, #cpu>
  %b = tiny.expand %mean to [2, 3] : tensor<2x1xf32, #cpu>
  %r = tiny.sub %m, %b : tensor<2x3xf32, #cpu>
  tiny.return %r : tensor<2x3xf32, #cpu>
}

tiny.function @other -> tensor<6xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %y = tiny.neg %x : tensor<6xf32, #cpu>
  tiny.return %y : tensor<6xf32, #cpu>
}
