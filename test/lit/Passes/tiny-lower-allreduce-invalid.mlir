// RUN: not tiny-opt %s -tiny-lower-allreduce=algorithm=tree 2>&1 | FileCheck %s --check-prefix=ALGO
// Names are exact: "Hierarchical" is not "hierarchical".
// RUN: tiny-opt %s -tiny-lower-allreduce=algorithm=Hierarchical -verify-diagnostics

// ALGO: error: unknown allreduce algorithm 'tree': expected ring, all2all, naive, hierarchical or auto
// ALGO-NOT: tiny.copy

#d2 = #tiny.device<"CPU:0", "CPU:1">

// expected-error@+1 {{unknown allreduce algorithm 'Hierarchical': expected ring, all2all, naive, hierarchical or auto}}
module {
  func.func @sum(%x: tensor<3xf32, #d2>) -> tensor<3xf32, #d2> {
    %r = tiny.allreduce add %x : tensor<3xf32, #d2>
    return %r : tensor<3xf32, #d2>
  }
}
