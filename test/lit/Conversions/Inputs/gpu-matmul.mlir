// Matmuls large enough that -tiny-rangeify writes their reductions outside
// the column loop (one row per iteration of the row loop, accumulating in
// C): 256 rows, which 4 divide, and 19, which leave a tail of 3.
#cpu = #tiny.device<"CPU">

tiny.function @matmul_256 -> tensor<256x256xf32, #cpu> {
  %a = tiny.param 0 : f32 size 65536 on "CPU"
  %b = tiny.param 1 : f32 size 65536 on "CPU"
  %a3 = tiny.reshape %a to [256, 1, 256] : tensor<65536xf32, #cpu>
  %ae = tiny.expand %a3 to [256, 256, 256] : tensor<256x1x256xf32, #cpu>
  %b2 = tiny.reshape %b to [256, 256] : tensor<65536xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<256x256xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 256, 256] : tensor<256x256xf32, #cpu>
  %be = tiny.expand %b3 to [256, 256, 256] : tensor<1x256x256xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<256x256x256xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<256x256x256xf32, #cpu>
  %c = tiny.reshape %s to [256, 256] : tensor<256x256x1xf32, #cpu>
  tiny.return %c : tensor<256x256xf32, #cpu>
}

tiny.function @matmul_19 -> tensor<19x256xf32, #cpu> {
  %a = tiny.param 0 : f32 size 4864 on "CPU"
  %b = tiny.param 1 : f32 size 65536 on "CPU"
  %a3 = tiny.reshape %a to [19, 1, 256] : tensor<4864xf32, #cpu>
  %ae = tiny.expand %a3 to [19, 256, 256] : tensor<19x1x256xf32, #cpu>
  %b2 = tiny.reshape %b to [256, 256] : tensor<65536xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<256x256xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 256, 256] : tensor<256x256xf32, #cpu>
  %be = tiny.expand %b3 to [19, 256, 256] : tensor<1x256x256xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<19x256x256xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<19x256x256xf32, #cpu>
  %c = tiny.reshape %s to [19, 256] : tensor<19x256x1xf32, #cpu>
  tiny.return %c : tensor<19x256xf32, #cpu>
}
