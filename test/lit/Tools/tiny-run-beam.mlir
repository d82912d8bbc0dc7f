// tiny-run --beam=N: each CPU kernel's schedule is searched (candidates
// compiled and timed), the choice kept in $TINY_BEAM_CACHE_DIR and read back
// by the next run, which times nothing; the results equal the matmul
// computed in Python integers (small integer inputs: every partial sum is
// exact in f32, so no schedule's order of additions can change them).
//
// Whatever the search chooses on this machine, a cached choice is applied:
// the entry is overwritten with a schedule other than the heuristic's
// (THREAD off, rows UPCAST 2 at a time, the reduction not UNROLLed, no
// cache blocking, register tiles of one vector per row, no packed blocks
// of B), which the next
// run reads and uses, with the same results. The kernel the program
// compiles (--dump-dir) has the tiles of the entry: one vector of the
// host's lanes per row, then, the entry changed to two vectors per row,
// twice as many columns (the heuristic gives both rows 4 vectors on any
// host: with 2 accumulators it would have 8), and its threads hoisted (no
// blocks here: nothing to hoist). An entry of the format before the hoist
// field (6 fields) is not read: searched again, as is an entry that is not
// one (garbage). Without --beam nothing is searched.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np, sys; r = np.random.default_rng(7); np.save(sys.argv[1] + '/a.npy', r.integers(-3, 4, 37 * 29).astype(np.float32)); np.save(sys.argv[1] + '/b.npy', r.integers(-3, 4, 29 * 83).astype(np.float32))" %t
// RUN: env TINY_BEAM_CACHE_DIR=%t/cache tiny-run %s -i %t/a.npy -i %t/b.npy -o %t/cold.npy --beam=2 --beam-verbose 2>&1 | FileCheck %s --check-prefix=COLD
// RUN: env TINY_BEAM_CACHE_DIR=%t/cache tiny-run %s -i %t/a.npy -i %t/b.npy -o %t/warm.npy --beam=2 --beam-verbose 2>&1 | FileCheck %s --check-prefix=WARM
// RUN: %python -c "import glob, sys; [open(f, 'w').write('tiny-beam 4\n2 2 1 1 1 1 0\n') for f in glob.glob(sys.argv[1] + '/*.beam')]" %t/cache
// RUN: env TINY_BEAM_CACHE_DIR=%t/cache tiny-run %s -i %t/a.npy -i %t/b.npy -o %t/chosen.npy --beam=2 --beam-verbose --dump-dir=%t/one 2>&1 | FileCheck %s --check-prefix=CHOSEN
// RUN: %python -c "import glob, sys; [open(f, 'w').write('tiny-beam 4\n2 2 1 1 2 0 1\n') for f in glob.glob(sys.argv[1] + '/*.beam')]" %t/cache
// RUN: env TINY_BEAM_CACHE_DIR=%t/cache tiny-run %s -i %t/a.npy -i %t/b.npy -o %t/two.npy --beam=2 --beam-verbose --dump-dir=%t/two 2>&1 | FileCheck %s --check-prefix=CHOSEN2
// RUN: cat %t/one/r_37_83_1.tiny.mlir > %t/tiles.txt && echo TWO-VECTORS >> %t/tiles.txt && cat %t/two/r_37_83_1.tiny.mlir >> %t/tiles.txt
// RUN: FileCheck %s --check-prefix=WIDTH < %t/tiles.txt
// RUN: %python -c "import glob, sys; [open(f, 'w').write('tiny-beam 3\n2 2 1 1 1 1\n') for f in glob.glob(sys.argv[1] + '/*.beam')]" %t/cache
// RUN: env TINY_BEAM_CACHE_DIR=%t/cache tiny-run %s -i %t/a.npy -i %t/b.npy -o %t/old.npy --beam=2 --beam-verbose 2>&1 | FileCheck %s --check-prefix=COLD
// RUN: %python -c "import glob, sys; [open(f, 'w').write('garbage') for f in glob.glob(sys.argv[1] + '/*.beam')]" %t/cache
// RUN: env TINY_BEAM_CACHE_DIR=%t/cache tiny-run %s -i %t/a.npy -i %t/b.npy -o %t/again.npy --beam=2 --beam-verbose 2>&1 | FileCheck %s --check-prefix=COLD
// RUN: tiny-run %s -i %t/a.npy -i %t/b.npy -o %t/heuristic.npy --beam-verbose 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: %python -c "import glob, sys; print('entries', len(glob.glob(sys.argv[1] + '/cache/*.beam')))" %t | FileCheck %s --check-prefix=FILES
// RUN: %python -c "import numpy as np, sys; d = sys.argv[1]; a = np.load(d + '/a.npy').astype(np.int64).reshape(37, 29); b = np.load(d + '/b.npy').astype(np.int64).reshape(29, 83); want = (a @ b).ravel(); print('mm', *(bool((np.load(d + '/' + n + '.npy').ravel() == want).all()) for n in ['cold', 'warm', 'chosen', 'two', 'old', 'again', 'heuristic']))" %t | FileCheck %s --check-prefix=RESULTS

// COLD: beam: r_37_83_1: timed {{[0-9]+}} candidates, {{.*}} in {{[0-9.]+}} s
// WARM: beam: r_37_83_1: from the cache,
// WARM-NOT: timed
// CHOSEN: beam: r_37_83_1: from the cache, thread=off row-upcast=2 reduce-unroll=1 block=off tile=1 pack=off hoist=heuristic
// CHOSEN2: beam: r_37_83_1: from the cache, thread=off row-upcast=2 reduce-unroll=1 block=off tile=2 pack=heuristic hoist=on
// WIDTH: tiny.k.kernel "r_37_83_1" attributes {tiny.scheduled}
// WIDTH: tiny.k.range reduce {{.*}} -> (vector<[[#LANES:]]xf32>, vector<{{[0-9]+}}xf32>)
// WIDTH-NOT: vector<[[#mul(LANES,2)]]xf32>
// WIDTH: TWO-VECTORS
// WIDTH: tiny.k.kernel "r_37_83_1" attributes {tiny.scheduled}
// WIDTH: tiny.k.range reduce {{.*}} -> (vector<[[#mul(LANES,2)]]xf32>, vector<[[#mul(LANES,2)]]xf32>)
// OFF-NOT: beam:
// FILES: entries 1
// RESULTS: mm True True True True True True True

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
