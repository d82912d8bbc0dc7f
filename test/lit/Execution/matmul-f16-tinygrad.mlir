// An f16 matmul as tinygrad writes it: the product in f16, widened, summed
// in f32 and cast back to f16. -tiny-realize-wide-sums accumulates the sum
// in an f32 buffer with the reduction-outside schedule (r_40_80_1) and
// narrows it in a kernel of its own (E_40_80). Inputs k / 8 (|k| < 16) make
// every f16 product and every f32 sum exact, so the result must equal
// numpy's exact sum rounded to f16, element for element.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(11); np.save('%t/a.npy', (r.integers(-15, 16, 2560) / 8).astype(np.float16)); np.save('%t/b.npy', (r.integers(-15, 16, 5120) / 8).astype(np.float16))"
// RUN: tiny-run %s -i %t/a.npy -i %t/b.npy -o %t/out.npy --dump-dir=%t/dump
// RUN: %python -c "import numpy as np; a = np.load('%t/a.npy').astype(np.float64).reshape(40, 64); b = np.load('%t/b.npy').astype(np.float64).reshape(64, 80); out = np.load('%t/out.npy'); print(out.dtype, out.shape, 'differ:', int((out != (a @ b).astype(np.float16)).sum()))" | FileCheck %s
// RUN: ls %t/dump | FileCheck %s --check-prefix=KERNELS
// CHECK: float16 (40, 80) differ: 0
// KERNELS: E_40_80.tiny.mlir
// KERNELS: r_40_80_1.tiny.mlir

#dev = #tiny.device<"CPU">
tiny.function @mm_f16 -> tensor<40x80xf16, #dev> {
  %a = tiny.param 0 : f16 size 2560 on "CPU"
  %b = tiny.param 1 : f16 size 5120 on "CPU"
  %a3 = tiny.reshape %a to [40, 1, 64] : tensor<2560xf16, #dev>
  %ae = tiny.expand %a3 to [40, 80, 64] : tensor<40x1x64xf16, #dev>
  %b2 = tiny.reshape %b to [64, 80] : tensor<5120xf16, #dev>
  %bt = tiny.permute %b2 [1, 0] : tensor<64x80xf16, #dev>
  %b3 = tiny.reshape %bt to [1, 80, 64] : tensor<80x64xf16, #dev>
  %be = tiny.expand %b3 to [40, 80, 64] : tensor<1x80x64xf16, #dev>
  %p = tiny.mul %ae, %be : tensor<40x80x64xf16, #dev>
  %pf = tiny.cast %p to f32 : tensor<40x80x64xf16, #dev>
  %s = tiny.reduce add %pf axes [2] : tensor<40x80x64xf32, #dev>
  %h = tiny.cast %s to f16 : tensor<40x80x1xf32, #dev>
  %c = tiny.reshape %h to [40, 80] : tensor<40x80x1xf16, #dev>
  tiny.return %c : tensor<40x80xf16, #dev>
}
