// RUN: tiny-opt %s -tiny-simplify | FileCheck %s

#cpu = #tiny.device<"CPU">

// The pipeline decomposes, canonicalizes and folds movement chains.
// CHECK-LABEL: func.func @simplify
// CHECK-SAME: (%[[X:.*]]: tensor<6xf32{{.*}}>, %[[Y:.*]]: tensor<3x2xf32
// CHECK-DAG: %[[M1:.*]] = tiny.const dense<-1.000000e+00> : tensor<f32
// CHECK-DAG: %[[R:.*]] = tiny.reshape %[[X]] to [3, 2]
// CHECK: %[[N:.*]] = tiny.mul %[[Y]], %[[M1]]
// CHECK: %[[S:.*]] = tiny.add %[[R]], %[[N]]
// CHECK: return %[[S]]
func.func @simplify(%x: tensor<6xf32, #cpu>, %y: tensor<3x2xf32, #cpu>) -> tensor<3x2xf32, #cpu> {
  %0 = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %1 = tiny.reshape %0 to [3, 2] : tensor<2x3xf32, #cpu>
  %2 = tiny.permute %1 [0, 1] : tensor<3x2xf32, #cpu>
  %3 = tiny.sub %2, %y : tensor<3x2xf32, #cpu>
  return %3 : tensor<3x2xf32, #cpu>
}

// A computation emitted twice (tinygrad's gradient graph repeats a layer's
// forward ops, with views written another way) is computed once: the views
// fold to one form, then the second reduce and everything on it are the
// first's. Rangeify would otherwise run the reduce's kernel twice.
// CHECK-LABEL: func.func @computed_twice
// CHECK-SAME: (%[[X:.*]]: tensor<6xf32
// CHECK: %[[R:.*]] = tiny.reshape %[[X]] to [2, 3]
// CHECK: %[[S:.*]] = tiny.reduce add %[[R]] axes [1]
// CHECK-NOT: tiny.reduce
// CHECK: %[[E:.*]] = tiny.exp2 %[[S]]
// CHECK-NEXT: %[[A:.*]] = tiny.add %[[E]], %[[E]]
// CHECK-NEXT: return %[[A]]
func.func @computed_twice(%x: tensor<6xf32, #cpu>) -> tensor<2x1xf32, #cpu> {
  %r0 = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %s0 = tiny.reduce add %r0 axes [1] : tensor<2x3xf32, #cpu>
  %e0 = tiny.exp2 %s0 : tensor<2x1xf32, #cpu>
  %q = tiny.reshape %x to [3, 2] : tensor<6xf32, #cpu>
  %r1 = tiny.reshape %q to [2, 3] : tensor<3x2xf32, #cpu>
  %s1 = tiny.reduce add %r1 axes [1] : tensor<2x3xf32, #cpu>
  %e1 = tiny.exp2 %s1 : tensor<2x1xf32, #cpu>
  %a = tiny.add %e0, %e1 : tensor<2x1xf32, #cpu>
  return %a : tensor<2x1xf32, #cpu>
}
