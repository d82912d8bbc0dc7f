// Reductions with few outputs, which -tiny-gpu-schedule shares between the
// threads of a block: a sum to a scalar and the maxima of four rows.
#cpu = #tiny.device<"CPU">

tiny.function @sum -> tensor<1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 65536 on "CPU"
  %s = tiny.reduce add %x axes [0] : tensor<65536xf32, #cpu>
  tiny.return %s : tensor<1xf32, #cpu>
}

tiny.function @rowmax -> tensor<4x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 16000 on "CPU"
  %v = tiny.reshape %x to [4, 4000] : tensor<16000xf32, #cpu>
  %m = tiny.reduce max %v axes [1] : tensor<4x4000xf32, #cpu>
  tiny.return %m : tensor<4x1xf32, #cpu>
}
