// A 7x7 stride-2 convolution with 3 padding (ResNet's stem, 3 -> 8
// channels at 40x40): -tiny-realize-padded-windows copies the padded
// input into a buffer of its own (the E_1_3_46_46 kernel) and the
// convolution reads it without masks. Inputs k / 8 (|k| < 128) make every
// product and sum exact in f32, so the result must equal numpy's f64
// convolution exactly, padding included.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(5); np.save('%t/x.npy', (r.integers(-127, 128, 4800) / 8).astype(np.float32)); np.save('%t/w.npy', (r.integers(-127, 128, 1176) / 8).astype(np.float32))"
// RUN: tiny-run %s -i %t/x.npy -i %t/w.npy -o %t/out.npy --dump-dir=%t/dump
// RUN: %python -c "import numpy as np; x = np.pad(np.load('%t/x.npy').astype(np.float64).reshape(1, 3, 40, 40), ((0, 0), (0, 0), (3, 3), (3, 3))); w = np.load('%t/w.npy').astype(np.float64).reshape(8, 3, 7, 7); ref = sum(np.einsum('oc,ncij->noij', w[:, :, r, s], x[:, :, r:r + 40:2, s:s + 40:2]) for r in range(7) for s in range(7)); out = np.load('%t/out.npy'); print('shape', out.shape, 'differ:', int((out != ref).sum()), 'of', out.size)" | FileCheck %s
// RUN: ls %t/dump | FileCheck %s --check-prefix=KERNELS
// CHECK: shape (1, 8, 20, 20) differ: 0 of 3200
// KERNELS: E_1_3_46_46.tiny.mlir
// KERNELS: r_1_8_20_20_1_1_1.tiny.mlir

#dev = #tiny.device<"CPU">
tiny.function @conv7x7_stride2 -> tensor<1x8x20x20xf32, #dev> {
  %v0 = tiny.param 1 : f32 size 1176 on "CPU"
  %v1 = tiny.reshape %v0 to [8, 3, 7, 7] : tensor<1176xf32, #dev>
  %v2 = tiny.reshape %v1 to [1, 8, 1, 1, 3, 7, 7] : tensor<8x3x7x7xf32, #dev>
  %v3 = tiny.expand %v2 to [1, 8, 20, 20, 3, 7, 7] : tensor<1x8x1x1x3x7x7xf32, #dev>
  %v4 = tiny.param 0 : f32 size 4800 on "CPU"
  %v5 = tiny.reshape %v4 to [1, 3, 40, 40] : tensor<4800xf32, #dev>
  %v6 = tiny.pad %v5 low [0, 0, 3, 3] high [0, 0, 3, 3] : tensor<1x3x40x40xf32, #dev>
  %v7 = tiny.reshape %v6 to [1, 3, 1, 46, 1, 46] : tensor<1x3x46x46xf32, #dev>
  %v8 = tiny.expand %v7 to [1, 3, 8, 46, 8, 46] : tensor<1x3x1x46x1x46xf32, #dev>
  %v9 = tiny.reshape %v8 to [1, 3, 368, 368] : tensor<1x3x8x46x8x46xf32, #dev>
  %v10 = tiny.shrink %v9 [0, 0, 0, 0] to [1, 3, 329, 329] : tensor<1x3x368x368xf32, #dev>
  %v11 = tiny.reshape %v10 to [1, 3, 7, 47, 7, 47] : tensor<1x3x329x329xf32, #dev>
  %v12 = tiny.shrink %v11 [0, 0, 0, 0, 0, 0] to [1, 3, 7, 40, 7, 40] : tensor<1x3x7x47x7x47xf32, #dev>
  %v13 = tiny.reshape %v12 to [1, 3, 7, 20, 2, 7, 20, 2] : tensor<1x3x7x40x7x40xf32, #dev>
  %v14 = tiny.shrink %v13 [0, 0, 0, 0, 0, 0, 0, 0] to [1, 3, 7, 20, 1, 7, 20, 1] : tensor<1x3x7x20x2x7x20x2xf32, #dev>
  %v15 = tiny.reshape %v14 to [1, 3, 7, 20, 7, 20] : tensor<1x3x7x20x1x7x20x1xf32, #dev>
  %v16 = tiny.permute %v15 [0, 1, 3, 5, 2, 4] : tensor<1x3x7x20x7x20xf32, #dev>
  %v17 = tiny.reshape %v16 to [1, 3, 1, 20, 20, 7, 7] : tensor<1x3x20x20x7x7xf32, #dev>
  %v18 = tiny.expand %v17 to [1, 3, 8, 20, 20, 7, 7] : tensor<1x3x1x20x20x7x7xf32, #dev>
  %v19 = tiny.permute %v18 [0, 2, 3, 4, 1, 5, 6] : tensor<1x3x8x20x20x7x7xf32, #dev>
  %v20 = tiny.mul %v19, %v3 : tensor<1x8x20x20x3x7x7xf32, #dev>
  %v21 = tiny.reduce add %v20 axes [4, 5, 6] : tensor<1x8x20x20x3x7x7xf32, #dev>
  %v22 = tiny.reshape %v21 to [1, 8, 20, 20] : tensor<1x8x20x20x1x1x1xf32, #dev>
  tiny.return %v22 : tensor<1x8x20x20xf32, #dev>
}
