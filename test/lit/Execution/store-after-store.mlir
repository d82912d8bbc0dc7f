// Two stores into one buffer in one program, the second into the first's
// after (tinygrad: two assigns into one tensor before a realize). Each
// value is computed from params, so the order of the stores decides the
// result; expected values by hand for x = [1, 2, 3, 4], y = [10, 20, 30, 40]:
//   second_wins:    x := y, then x := y + y            -> [20, 40, 60, 80]
//   reads_before:   x := y, then x := x_before + 1     -> [2, 3, 4, 5]
//   reads_after:    x := y, then x := x_after + 1      -> [11, 21, 31, 41]
// RUN: tiny-run %s --entry=second_wins -i 1,2,3,4 -i 10,20,30,40 | FileCheck %s --check-prefix=SECOND
// RUN: tiny-run %s --entry=reads_before -i 1,2,3,4 -i 10,20,30,40 | FileCheck %s --check-prefix=BEFORE
// RUN: tiny-run %s --entry=reads_after -i 1,2,3,4 -i 10,20,30,40 | FileCheck %s --check-prefix=AFTER
// SECOND: [20, 40, 60, 80] : tensor<4xf32>
// BEFORE: [2, 3, 4, 5] : tensor<4xf32>
// AFTER: [11, 21, 31, 41] : tensor<4xf32>

#cpu = #tiny.device<"CPU">

tiny.function @second_wins -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %y = tiny.param 1 : f32 size 4 on "CPU"
  %t0 = tiny.store %x, %y : tensor<4xf32, #cpu>
  %a0 = tiny.after %x(%t0) : tensor<4xf32, #cpu>, !tiny.token
  %v = tiny.add %y, %y : tensor<4xf32, #cpu>
  %t1 = tiny.store %a0, %v : tensor<4xf32, #cpu>
  %a1 = tiny.after %a0(%t1) : tensor<4xf32, #cpu>, !tiny.token
  %c = tiny.contiguous %a1 : tensor<4xf32, #cpu>
  tiny.return %c : tensor<4xf32, #cpu>
}

tiny.function @reads_before -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %y = tiny.param 1 : f32 size 4 on "CPU"
  %t0 = tiny.store %x, %y : tensor<4xf32, #cpu>
  %a0 = tiny.after %x(%t0) : tensor<4xf32, #cpu>, !tiny.token
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %v = tiny.add %x, %one : tensor<4xf32, #cpu>
  %t1 = tiny.store %a0, %v : tensor<4xf32, #cpu>
  %a1 = tiny.after %a0(%t1) : tensor<4xf32, #cpu>, !tiny.token
  %c = tiny.contiguous %a1 : tensor<4xf32, #cpu>
  tiny.return %c : tensor<4xf32, #cpu>
}

tiny.function @reads_after -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %y = tiny.param 1 : f32 size 4 on "CPU"
  %t0 = tiny.store %x, %y : tensor<4xf32, #cpu>
  %a0 = tiny.after %x(%t0) : tensor<4xf32, #cpu>, !tiny.token
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %v = tiny.add %a0, %one : tensor<4xf32, #cpu>
  %t1 = tiny.store %a0, %v : tensor<4xf32, #cpu>
  %a1 = tiny.after %a0(%t1) : tensor<4xf32, #cpu>, !tiny.token
  %c = tiny.contiguous %a1 : tensor<4xf32, #cpu>
  tiny.return %c : tensor<4xf32, #cpu>
}
