// With $TINY_CACHE_DIR set, a program compiled once is loaded from the disk
// by later processes, with the same results; another program is compiled;
// an entry that cannot be read (here: overwritten with garbage) is compiled
// again, never run.
//
// Expected: @sums: x = 0..65535 as 256 rows of 256; row r sums to
// 256 * 256 r + 255 * 256 / 2 = 65536 r + 32640 (exact in f32 below 2^24).
// @double: 2 * [1, 2, 3].

// RUN: rm -rf %t.cache
// RUN: %python -c "import numpy as np, sys; np.save(sys.argv[1], np.arange(65536, dtype=np.float32))" %t.x.npy
// RUN: env TINY_CACHE_DIR=%t.cache tiny-run %s --entry=sums -i %t.x.npy -o %t.cold.npy --print-compile-time 2>&1 | FileCheck %s --check-prefix=COLD
// RUN: env TINY_CACHE_DIR=%t.cache tiny-run %s --entry=sums -i %t.x.npy -o %t.warm.npy --print-compile-time 2>&1 | FileCheck %s --check-prefix=WARM
// RUN: %python -c "import numpy as np, sys; want = 65536 * np.arange(256) + 32640; print('sums', *(bool((np.load(p).ravel() == want).all()) for p in sys.argv[1:]))" %t.cold.npy %t.warm.npy | FileCheck %s --check-prefix=SUMS
// RUN: env TINY_CACHE_DIR=%t.cache tiny-run %s --entry=double -i 1,2,3 --print-compile-time 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: %python -c "import glob, sys; [open(f, 'w').write('garbage') for f in glob.glob(sys.argv[1] + '/*.tiny')]" %t.cache
// RUN: env TINY_CACHE_DIR=%t.cache tiny-run %s --entry=double -i 1,2,3 --print-compile-time 2>&1 | FileCheck %s --check-prefix=OTHER

// COLD: compile time: {{[0-9.e+-]+}} s{{$}}
// WARM: compile time: {{[0-9.e+-]+}} s (from the disk cache)
// SUMS: sums True True
// OTHER: compile time: {{[0-9.e+-]+}} s{{$}}
// OTHER-NEXT: [2, 4, 6] : tensor<3xf32>

#cpu = #tiny.device<"CPU">

tiny.function @sums -> tensor<256x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 65536 on "CPU"
  %v = tiny.reshape %x to [256, 256] : tensor<65536xf32, #cpu>
  %s = tiny.reduce add %v axes [1] : tensor<256x256xf32, #cpu>
  tiny.return %s : tensor<256x1xf32, #cpu>
}

tiny.function @double -> tensor<3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 3 on "CPU"
  %y = tiny.add %x, %x : tensor<3xf32, #cpu>
  tiny.return %y : tensor<3xf32, #cpu>
}
