// An f16 matmul with f32 accumulation on the host: -tiny-realize-widened-
// operands widens A (broadcast over the 80 columns) once, in a kernel of
// its own, and the matmul reads it as f32; B is widened in the matmul's
// kernel. The products of values k / 8 (|k| < 128, exact in f16) and their
// sums are exact in f32, so the result must equal numpy's f64 matmul
// exactly; the dump shows the two kernels.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(3); np.save('%t/a.npy', (r.integers(-127, 128, 2560) / 8).astype(np.float16)); np.save('%t/b.npy', (r.integers(-127, 128, 5120) / 8).astype(np.float16))"
// RUN: tiny-run %s -i %t/a.npy -i %t/b.npy -o %t/out.npy --dump-dir=%t/dump
// RUN: %python -c "import numpy as np; a = np.load('%t/a.npy').astype(np.float64).reshape(40, 64); b = np.load('%t/b.npy').astype(np.float64).reshape(64, 80); out = np.load('%t/out.npy'); print('differ:', int((out != a @ b).sum()), 'of', out.size)" | FileCheck %s
// RUN: ls %t/dump | FileCheck %s --check-prefix=KERNELS
// CHECK: differ: 0 of 3200
// KERNELS: E_2560.tiny.mlir
// KERNELS: r_40_80_1.tiny.mlir

#dev = #tiny.device<"CPU">
tiny.function @mm_f16 -> tensor<40x80xf32, #dev> {
  %a = tiny.param 0 : f16 size 2560 on "CPU"
  %b = tiny.param 1 : f16 size 5120 on "CPU"
  %af = tiny.cast %a to f32 : tensor<2560xf16, #dev>
  %bf = tiny.cast %b to f32 : tensor<5120xf16, #dev>
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
