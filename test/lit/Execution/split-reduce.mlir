// Long reductions give numpy's results. On the CPU, -tiny-split-reduce
// makes the sum to one element two kernels: 64 partials over contiguous
// blocks of 16384 (r_64_1, spread over the cores), then their sum; the
// row sums and maxima, to several elements, run as one kernel each.
// scripts/gpu-check.sh runs this file on CUDA too, where -tiny-split-reduce
// makes each two or three kernels of partial results.
//
// RUN: %python -c "import numpy as np, sys; np.save(sys.argv[1], (np.arange(1 << 20) %% 7).astype(np.float32)); np.save(sys.argv[2], np.random.default_rng(7).permutation(1 << 20).astype(np.int32))" %t.f.npy %t.i.npy
// RUN: tiny-run %s --entry=sums -i %t.f.npy -i %t.i.npy --print-schedule 2>&1 | FileCheck %s --check-prefix=SCHED
// RUN: tiny-run %s --entry=sums -i %t.f.npy -i %t.i.npy -o %t.total.npy -o %t.rows.npy -o %t.max.npy
// RUN: %python -c "import numpy as np, sys; f = np.load(sys.argv[1]); i = np.load(sys.argv[2]); print('total', np.load(sys.argv[3]).ravel().tolist(), 'numpy', [float(f.sum(dtype=np.float64))]); print('rows', bool((np.load(sys.argv[4]).ravel() == f.reshape(4, -1).sum(1, dtype=np.float64)).all())); print('max', bool((np.load(sys.argv[5]).ravel() == i.reshape(2, -1).max(1)).all()))" %t.f.npy %t.i.npy %t.total.npy %t.rows.npy %t.max.npy | FileCheck %s

// SCHED: schedule @sums: 4 kernels: r_64_1 r_1 r_4_1 r_2_1

// Sum of i % 7 over 2^20 = 7 * 149796 + 4 elements: 149796 * 21 + 0+1+2+3;
// exact in f32 (below 2^24), in any order of additions.
// CHECK: total [3145722.0] numpy [3145722.0]
// CHECK: rows True
// The maximum of each half of a permutation of 0..2^20-1.
// CHECK: max True

#cpu = #tiny.device<"CPU">

tiny.function @sums -> tuple<tensor<1xf32, #cpu>, tensor<4x1xf32, #cpu>, tensor<2x1xi32, #cpu>> {
  %f = tiny.param 0 : f32 size 1048576 on "CPU"
  %i = tiny.param 1 : i32 size 1048576 on "CPU"
  %total = tiny.reduce add %f axes [0] : tensor<1048576xf32, #cpu>
  %f2 = tiny.reshape %f to [4, 262144] : tensor<1048576xf32, #cpu>
  %rows = tiny.reduce add %f2 axes [1] : tensor<4x262144xf32, #cpu>
  %i2 = tiny.reshape %i to [2, 524288] : tensor<1048576xi32, #cpu>
  %max = tiny.reduce max %i2 axes [1] : tensor<2x524288xi32, #cpu>
  %t = tiny.tuple %total, %rows, %max : tensor<1xf32, #cpu>, tensor<4x1xf32, #cpu>, tensor<2x1xi32, #cpu>
  tiny.return %t : tuple<tensor<1xf32, #cpu>, tensor<4x1xf32, #cpu>, tensor<2x1xi32, #cpu>>
}
