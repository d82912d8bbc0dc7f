// A store whose value reads its own target at other indices: the value is
// computed into a buffer of its own before the target is overwritten.
// Expected: flip of [1, 2, 3, 4] is [4, 3, 2, 1] (closed form: y[i] = x[3-i]).
// RUN: tiny-run %s --entry=self -i 1,2,3,4 | FileCheck %s --check-prefix=SELF
// RUN: tiny-run %s --entry=alias -i 1,2,3,4 | FileCheck %s --check-prefix=ALIAS
// SELF: [4, 3, 2, 1] : tensor<4xf32>
// ALIAS: [4, 3, 2, 1] : tensor<4xf32>

#cpu = #tiny.device<"CPU">

tiny.function @self -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %f = tiny.flip %x axes [0] : tensor<4xf32, #cpu>
  %t = tiny.store %x, %f : tensor<4xf32, #cpu>
  %a = tiny.after %x(%t) : tensor<4xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<4xf32, #cpu>
}

// Two params of one slot are one buffer.
tiny.function @alias -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %y = tiny.param 0 : f32 size 4 on "CPU"
  %f = tiny.flip %y axes [0] : tensor<4xf32, #cpu>
  %t = tiny.store %x, %f : tensor<4xf32, #cpu>
  %a = tiny.after %x(%t) : tensor<4xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<4xf32, #cpu>
}
