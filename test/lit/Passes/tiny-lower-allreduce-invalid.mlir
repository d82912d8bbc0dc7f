// RUN: tiny-opt %s -split-input-file -tiny-lower-allreduce -verify-diagnostics
// RUN: not tiny-opt %s -tiny-lower-allreduce=algorithm=tree 2>&1 | FileCheck %s --check-prefix=ALGO

// ALGO: error: unknown allreduce algorithm 'tree': expected ring, all2all or naive
// ALGO-NOT: tiny.copy

#d2 = #tiny.device<"CPU:0", "CPU:1">

// i1 has no add: a sum of booleans is not a boolean.
func.func @bool_add(%x: tensor<3xi1, #d2>) -> tensor<3xi1, #d2> {
  // expected-error @+1 {{'tiny.allreduce' op cannot combine 'i1' shards with add}}
  %r = tiny.allreduce add %x : tensor<3xi1, #d2>
  return %r : tensor<3xi1, #d2>
}

// -----

#d3 = #tiny.device<"CPU:0", "CPU:1", "CPU:2">

func.func @bool_mul(%x: tensor<2x2xi1, #d3>) -> tensor<2x2xi1, #d3> {
  // expected-error @+1 {{'tiny.allreduce' op cannot combine 'i1' shards with mul}}
  %r = tiny.allreduce mul %x : tensor<2x2xi1, #d3>
  return %r : tensor<2x2xi1, #d3>
}
