// The 40 x 64 x 80 bf16 matmul with f32 accumulation of
// Execution/matmul-bf16-order.mlir and matmul-bf16-vdpbf16ps.mlir.

#dev = #tiny.device<"CPU">
tiny.function @mm_bf16 -> tensor<40x80xf32, #dev> {
  %a = tiny.param 0 : bf16 size 2560 on "CPU"
  %b = tiny.param 1 : bf16 size 5120 on "CPU"
  %af = tiny.cast %a to f32 : tensor<2560xbf16, #dev>
  %bf = tiny.cast %b to f32 : tensor<5120xbf16, #dev>
  %a3 = tiny.reshape %af to [40, 1, 64] : tensor<2560xf32, #dev>
  %ae = tiny.expand %a3 to [40, 80, 64] : tensor<40x1x64xf32, #dev>
  %b2 = tiny.reshape %bf to [64, 80] : tensor<5120xf32, #dev>
  %bt = tiny.permute %b2 [1, 0] : tensor<64x80xf32, #dev>
  %b3 = tiny.reshape %bt to [1, 80, 64] : tensor<80x64xf32, #dev>
  %be = tiny.expand %b3 to [40, 80, 64] : tensor<1x80x64xf32, #dev>
  %p = tiny.mul %ae, %be : tensor<40x80x64xf32, #dev>
  %s = tiny.reduce add %p axes [2] : tensor<40x80x64xf32, #dev>
  %c = tiny.reshape %s to [40, 80] : tensor<40x80x1xf32, #dev>
  tiny.return %c : tensor<40x80xf32, #dev>
}
