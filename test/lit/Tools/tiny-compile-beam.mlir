// tiny-compile --beam=N searches each CPU kernel's schedule as tiny-run
// --beam does and writes the searched kernels into the artifact: the
// artifact runs them with no compilation and no search. A second compile
// reads the choice from $TINY_BEAM_CACHE_DIR and times nothing. An
// artifact refuses --beam (it is compiled already). Results equal the
// matmul computed in Python integers (small integer inputs: every partial
// sum is exact in f32, so no schedule's order of additions changes them).

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np, sys; r = np.random.default_rng(11); np.save(sys.argv[1] + '/a.npy', r.integers(-3, 4, 37 * 29).astype(np.float32)); np.save(sys.argv[1] + '/b.npy', r.integers(-3, 4, 29 * 83).astype(np.float32))" %t
// RUN: env TINY_BEAM_CACHE_DIR=%t/cache TINY_CACHE_DIR=%t/jit-cold tiny-compile %s -o %t/cold.tiny --beam=2 --beam-verbose 2>&1 | FileCheck %s --check-prefix=COLD
// RUN: env TINY_BEAM_CACHE_DIR=%t/cache TINY_CACHE_DIR=%t/jit-warm tiny-compile %s -o %t/warm.tiny --beam=2 --beam-verbose 2>&1 | FileCheck %s --check-prefix=WARM
// RUN: not tiny-run %t/cold.tiny -i %t/a.npy -i %t/b.npy --beam-verbose 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: tiny-run %t/cold.tiny -i %t/a.npy -i %t/b.npy -o %t/cold.npy 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: tiny-run %t/warm.tiny -i %t/a.npy -i %t/b.npy -o %t/warm.npy
// RUN: not tiny-run %t/cold.tiny -i %t/a.npy -i %t/b.npy --beam=2 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: %python -c "import numpy as np, sys; d = sys.argv[1]; a = np.load(d + '/a.npy').astype(np.int64).reshape(37, 29); b = np.load(d + '/b.npy').astype(np.int64).reshape(29, 83); want = (a @ b).ravel(); print('mm', *(bool((np.load(d + '/' + n + '.npy').ravel() == want).all()) for n in ['cold', 'warm']))" %t | FileCheck %s --check-prefix=RESULTS

// COLD: beam: r_37_83_1: timed {{[0-9]+}} candidates, {{.*}} in {{[0-9.]+}} s
// WARM: beam: r_37_83_1: from the cache,
// WARM-NOT: timed
// REFUSED: tiny-run: error: --beam{{(-verbose)?}} acts on the compilation, and {{.*}}cold.tiny is compiled already (give it to tiny-compile)
// QUIET-NOT: beam:
// RESULTS: mm True True

#cpu = #tiny.device<"CPU">

tiny.function @mm -> tensor<37x83xf32, #cpu> {
  %a = tiny.param 0 : f32 size 1073 on "CPU"
  %b = tiny.param 1 : f32 size 2407 on "CPU"
  %a2 = tiny.reshape %a to [37, 29] : tensor<1073xf32, #cpu>
  %a3 = tiny.reshape %a2 to [37, 1, 29] : tensor<37x29xf32, #cpu>
  %ae = tiny.expand %a3 to [37, 83, 29] : tensor<37x1x29xf32, #cpu>
  %b2 = tiny.reshape %b to [29, 83] : tensor<2407xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<29x83xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 83, 29] : tensor<83x29xf32, #cpu>
  %be = tiny.expand %b3 to [37, 83, 29] : tensor<1x83x29xf32, #cpu>
  %m = tiny.mul %ae, %be : tensor<37x83x29xf32, #cpu>
  %s = tiny.reduce add %m axes [2] : tensor<37x83x29xf32, #cpu>
  %c = tiny.reshape %s to [37, 83] : tensor<37x83x1xf32, #cpu>
  tiny.return %c : tensor<37x83xf32, #cpu>
}
