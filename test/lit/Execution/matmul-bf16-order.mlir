// A bf16 matmul with f32 accumulation sums each output over k one step at a
// time, each rounded once as an FMA rounds it, in one of two orders: on a
// host with AVX512_BF16 the register tiles' pairs of steps run as vdpbf16ps
// (-tiny-x86-dot-bf16; matmul-bf16-vdpbf16ps.mlir checks that they do),
// which adds each pair (k, k + 1) second first (the reduction's adds may
// reassociate, and A's rows hold the pairs that way round); elsewhere the
// f32 FMAs add k = 0, 1, 2, ... in order. %bf16_pair_order (lit.cfg.py)
// names the host's. Inputs/matmul_bf16_order.py computes the sums exactly
// as fractions and checks that its inputs round differently in the two
// orders, so a dot product pairing k the other way fails here. 40 x 64 x
// 80: rows UPCAST by 8, k UNROLLed by 4, tiles of 32, 32 and 16 columns.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/matmul_bf16_order.py gen %t
// RUN: %python %S/Inputs/matmul_bf16_order.py run %t %s %t/out.npy
// RUN: %python %S/Inputs/matmul_bf16_order.py check %t %t/out.npy %bf16_pair_order | FileCheck %s
// CHECK: 0 of 3200 sums differ from the {{in-order|pairs-swapped}} ones

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
