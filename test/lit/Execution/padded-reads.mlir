// Padded reads through the CPU pipeline: tinygrad's cat (a sum of two pads)
// of a 5x37 and a 5x20 tensor along the last axis, and a pad of a 3x4x19
// tensor on both sides of its last two axes. -tiny-gate-padded-loads makes
// each read a gated load at its unclamped index, which LLVM vectorizes as a
// masked load: the kernels have no gathers. Rows of 57 and 24 elements
// leave partial vectors at both ends; the results must equal numpy's
// concatenate and pad exactly.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(7); np.save('%t/a.npy', r.standard_normal(185).astype(np.float32)); np.save('%t/b.npy', r.standard_normal(100).astype(np.float32)); np.save('%t/x.npy', r.standard_normal(228).astype(np.float32))"
// RUN: tiny-run %s -i %t/a.npy -i %t/b.npy -i %t/x.npy -o %t/cat.npy -o %t/pad.npy --dump-dir=%t/dump
// RUN: %python -c "import numpy as np; a = np.load('%t/a.npy').reshape(5, 37); b = np.load('%t/b.npy').reshape(5, 20); x = np.load('%t/x.npy').reshape(3, 4, 19); cat = np.load('%t/cat.npy'); pad = np.load('%t/pad.npy'); print('cat', cat.shape, 'differ:', int((cat != np.concatenate([a, b], 1)).sum())); print('pad', pad.shape, 'differ:', int((pad != np.pad(x, ((0, 0), (1, 2), (2, 3)))).sum()))" | FileCheck %s
// RUN: cat %t/dump/E_*.s | FileCheck %s --check-prefix=ASM
// CHECK: cat (5, 57) differ: 0
// CHECK: pad (3, 7, 24) differ: 0
// ASM-NOT: gather

#dev = #tiny.device<"CPU">
tiny.function @padded -> tuple<tensor<5x57xf32, #dev>, tensor<3x7x24xf32, #dev>> {
  %a = tiny.param 0 : f32 size 185 on "CPU"
  %b = tiny.param 1 : f32 size 100 on "CPU"
  %x = tiny.param 2 : f32 size 228 on "CPU"
  %a2 = tiny.reshape %a to [5, 37] : tensor<185xf32, #dev>
  %b2 = tiny.reshape %b to [5, 20] : tensor<100xf32, #dev>
  %ap = tiny.pad %a2 low [0, 0] high [0, 20] : tensor<5x37xf32, #dev>
  %bp = tiny.pad %b2 low [0, 37] high [0, 0] : tensor<5x20xf32, #dev>
  %cat = tiny.add %ap, %bp : tensor<5x57xf32, #dev>
  %x3 = tiny.reshape %x to [3, 4, 19] : tensor<228xf32, #dev>
  %xp = tiny.pad %x3 low [0, 1, 2] high [0, 2, 3] : tensor<3x4x19xf32, #dev>
  %both = tiny.tuple %cat, %xp : tensor<5x57xf32, #dev>, tensor<3x7x24xf32, #dev>
  tiny.return %both : tuple<tensor<5x57xf32, #dev>, tensor<3x7x24xf32, #dev>>
}
