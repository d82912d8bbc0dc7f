// A program rangeify refuses: a kernel-level op in a tiny.function.
#cpu = #tiny.device<"CPU">

tiny.function @kernel_op -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  tiny.k.barrier
  tiny.return %x : tensor<4xf32, #cpu>
}
