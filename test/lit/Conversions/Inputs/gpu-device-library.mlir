// Kernels whose math the GPU conversions send to the device libraries
// (libdevice for NVVM, ocml for ROCDL): exp2, log2 and sin of f32, exp2 of
// f64.
#cpu = #tiny.device<"CPU">

tiny.function @f32 -> tensor<1000xf32, #cpu> {
  %x = tiny.param 0 : f32 size 1000 on "CPU"
  %e = tiny.exp2 %x : tensor<1000xf32, #cpu>
  %l = tiny.log2 %e : tensor<1000xf32, #cpu>
  %s = tiny.sin %l : tensor<1000xf32, #cpu>
  tiny.return %s : tensor<1000xf32, #cpu>
}

tiny.function @f64 -> tensor<1000xf64, #cpu> {
  %x = tiny.param 0 : f64 size 1000 on "CPU"
  %e = tiny.exp2 %x : tensor<1000xf64, #cpu>
  tiny.return %e : tensor<1000xf64, #cpu>
}
