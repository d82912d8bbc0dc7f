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
