// RUN: not tiny-opt %s -tiny-lower-allreduce=algorithm=tree 2>&1 | FileCheck %s --check-prefix=ALGO

// ALGO: error: unknown allreduce algorithm 'tree': expected ring, all2all or naive
// ALGO-NOT: tiny.copy

#d2 = #tiny.device<"CPU:0", "CPU:1">

func.func @sum(%x: tensor<3xf32, #d2>) -> tensor<3xf32, #d2> {
  %r = tiny.allreduce add %x : tensor<3xf32, #d2>
  return %r : tensor<3xf32, #d2>
}
