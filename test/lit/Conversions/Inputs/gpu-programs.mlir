// Programs the GPU pipeline tests compile: an elementwise kernel, a
// reduction and a matmul (tinygrad style: broadcast, multiply, reduce).
#cpu = #tiny.device<"CPU">

tiny.function @elementwise -> tensor<1000xf32, #cpu> {
  %x = tiny.param 0 : f32 size 1000 on "CPU"
  %y = tiny.param 1 : f32 size 1000 on "CPU"
  %m = tiny.mul %x, %y : tensor<1000xf32, #cpu>
  %s = tiny.add %m, %x : tensor<1000xf32, #cpu>
  tiny.return %s : tensor<1000xf32, #cpu>
}

tiny.function @rowsum -> tensor<64x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4096 on "CPU"
  %v = tiny.reshape %x to [64, 64] : tensor<4096xf32, #cpu>
  %s = tiny.reduce add %v axes [1] : tensor<64x64xf32, #cpu>
  tiny.return %s : tensor<64x1xf32, #cpu>
}

tiny.function @matmul -> tensor<16x16xf32, #cpu> {
  %a = tiny.param 0 : f32 size 256 on "CPU"
  %b = tiny.param 1 : f32 size 256 on "CPU"
  %a3 = tiny.reshape %a to [16, 1, 16] : tensor<256xf32, #cpu>
  %ae = tiny.expand %a3 to [16, 16, 16] : tensor<16x1x16xf32, #cpu>
  %b2 = tiny.reshape %b to [16, 16] : tensor<256xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<16x16xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 16, 16] : tensor<16x16xf32, #cpu>
  %be = tiny.expand %b3 to [16, 16, 16] : tensor<1x16x16xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<16x16x16xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<16x16x16xf32, #cpu>
  %c = tiny.reshape %s to [16, 16] : tensor<16x16x1xf32, #cpu>
  tiny.return %c : tensor<16x16xf32, #cpu>
}

tiny.function @truncate -> tensor<1000xf32, #cpu> {
  %x = tiny.param 0 : f32 size 1000 on "CPU"
  %t = tiny.trunc %x : tensor<1000xf32, #cpu>
  tiny.return %t : tensor<1000xf32, #cpu>
}
