// With one device per rank, hierarchical has nothing to reduce or send
// inside a rank: it is exactly naive for two ranks and ring for more.
// RUN: split-file %s %t
// RUN: tiny-opt %t/two.mlir -tiny-lower-allreduce=algorithm=hierarchical > %t/two.hierarchical
// RUN: tiny-opt %t/two.mlir -tiny-lower-allreduce=algorithm=naive > %t/two.naive
// RUN: diff %t/two.hierarchical %t/two.naive
// RUN: tiny-opt %t/three.mlir -tiny-lower-allreduce=algorithm=hierarchical > %t/three.hierarchical
// RUN: tiny-opt %t/three.mlir -tiny-lower-allreduce=algorithm=ring > %t/three.ring
// RUN: diff %t/three.hierarchical %t/three.ring
// The check that the outputs are lowered at all:
// RUN: FileCheck %s --check-prefix=TWO < %t/two.hierarchical
// RUN: FileCheck %s --check-prefix=THREE < %t/three.hierarchical
// TWO-COUNT-2: tiny.copy
// TWO-NOT: tiny.copy
// TWO-NOT: tiny.allreduce
// THREE-COUNT-12: tiny.copy
// THREE-NOT: tiny.copy
// THREE-NOT: tiny.allreduce

//--- two.mlir
#d2 = #tiny.device<"CPU@1", "CPU">
func.func @two(%x: tensor<5xf32, #d2>) -> tensor<5xf32, #d2> {
  %r = tiny.allreduce add %x : tensor<5xf32, #d2>
  return %r : tensor<5xf32, #d2>
}

//--- three.mlir
#d3 = #tiny.device<"CPU", "CUDA@1", "CPU:3@2">
func.func @three(%x: tensor<2x4xf32, #d3>) -> tensor<2x4xf32, #d3> {
  %r = tiny.allreduce mul %x : tensor<2x4xf32, #d3>
  return %r : tensor<2x4xf32, #d3>
}
