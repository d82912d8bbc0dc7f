// The README's example program verifies and canonicalizes.
// RUN: tiny-opt --canonicalize %S/../../../examples/scale_add.mlir | FileCheck %s

// CHECK-LABEL: tiny.function @scale_add
// CHECK-DAG: %[[ONE:.*]] = tiny.const dense<1.000000e+00>
// CHECK-DAG: %[[TWO:.*]] = tiny.const dense<2.000000e+00>
// CHECK-DAG: %[[X:.*]] = tiny.param 0 : f32 size 6 on "CPU"
// CHECK: %[[V:.*]] = tiny.reshape %[[X]] to [2, 3]
// CHECK: %[[M:.*]] = tiny.mul %[[V]], %[[TWO]]
// CHECK: %[[Y:.*]] = tiny.add %[[M]], %[[ONE]]
// CHECK: tiny.return %[[Y]]
