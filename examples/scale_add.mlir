// y = reshape(x, (2, 3)) * 2 + 1, on the CPU, as a tiny function.
// Run through the whole pipeline: scripts/setup.sh.
#cpu = #tiny.device<"CPU">

tiny.function @scale_add -> tensor<2x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %two = tiny.const dense<2.0> : tensor<1x1xf32, #cpu>
  %one = tiny.const dense<1.0> : tensor<1x1xf32, #cpu>
  %m = tiny.mul %v, %two : tensor<2x3xf32, #cpu>, tensor<1x1xf32, #cpu>
  %y = tiny.add %m, %one : tensor<2x3xf32, #cpu>, tensor<1x1xf32, #cpu>
  tiny.return %y : tensor<2x3xf32, #cpu>
}
