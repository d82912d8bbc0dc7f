// Reductions computed inside the loop over their elements, whose loop
// -tiny-cpu-schedule UPCASTs because a load is the same for every element
// (upcastLoop): -tiny-expand-upcast carries the elements' accumulators
// through one reduction that loads the shared value once.
// Inputs/reductions.py computes each result with numpy; the inputs are
// small integers, so the results are exact whatever order the sums take.
//
//   matvec   w (12x16) @ x (16): 3 iterations of 4 rows, x[k] loaded once
//            for the 4

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/reductions.py gen %t matvec
// RUN: tiny-run %s --entry=matvec -i %t/matvec.0.npy -i %t/matvec.1.npy -o %t/matvec.out.npy
// RUN: %python %S/Inputs/reductions.py check %t matvec | FileCheck %s
// RUN: tiny-opt %s -tiny-rangeify -tiny-cpu-schedule -tiny-expand-upcast | FileCheck %s --check-prefix=KERNEL

// CHECK: matvec: 12 exact

// KERNEL-LABEL: func.func @matvec
// KERNEL:         tiny.k.range loop %{{.*}} < %c3
// KERNEL:           tiny.k.range reduce %{{.*}} < %c16{{.*}} iter_args({{.*}}) -> (f32, f32, f32, f32)
// KERNEL-COUNT-1:     tiny.k.index %{{.*}} : memref<16xf32>
// KERNEL-NOT:         tiny.k.index %{{.*}} : memref<16xf32>
// KERNEL:             tiny.k.end

#cpu = #tiny.device<"CPU">

tiny.function @matvec -> tensor<12xf32, #cpu> {
  %w = tiny.param 0 : f32 size 192 on "CPU"
  %x = tiny.param 1 : f32 size 16 on "CPU"
  %w2 = tiny.reshape %w to [12, 16] : tensor<192xf32, #cpu>
  %x2 = tiny.reshape %x to [1, 16] : tensor<16xf32, #cpu>
  %xe = tiny.expand %x2 to [12, 16] : tensor<1x16xf32, #cpu>
  %p = tiny.mul %w2, %xe : tensor<12x16xf32, #cpu>, tensor<12x16xf32, #cpu>
  %s = tiny.reduce add %p axes [1] : tensor<12x16xf32, #cpu>
  %y = tiny.reshape %s to [12] : tensor<12x1xf32, #cpu>
  tiny.return %y : tensor<12xf32, #cpu>
}
