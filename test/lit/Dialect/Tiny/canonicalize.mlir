// RUN: tiny-opt %s -split-input-file -canonicalize="test-convergence" | FileCheck %s

#cpu = #tiny.device<"CPU">

// CHECK-LABEL: func.func @identity_movements
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32
// CHECK-NEXT: return %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[X]]
func.func @identity_movements(%x: tensor<2x3xf32, #cpu>) -> (tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>) {
  // reshape(x, shape(x)) -> x
  %0 = tiny.reshape %x to [2, 3] : tensor<2x3xf32, #cpu>
  // permute(x, identity) -> x
  %1 = tiny.permute %x [0, 1] : tensor<2x3xf32, #cpu>
  // expand(x, shape(x)) -> x
  %2 = tiny.expand %x to [2, 3] : tensor<2x3xf32, #cpu>
  // pad(x, 0, 0) -> x
  %3 = tiny.pad %x low [0, 0] high [0, 0] : tensor<2x3xf32, #cpu>
  // shrink(x, full range) -> x
  %4 = tiny.shrink %x [0, 0] to [2, 3] : tensor<2x3xf32, #cpu>
  // flip(x, []) -> x
  %5 = tiny.flip %x axes [] : tensor<2x3xf32, #cpu>
  %6 = tiny.reshape %x to [1, 2, 3] : tensor<2x3xf32, #cpu>
  // flip of a size-1 axis -> x; reshape(reshape(x)) -> reshape(x) -> x
  %7 = tiny.flip %6 axes [0] : tensor<1x2x3xf32, #cpu>
  %8 = tiny.reshape %7 to [2, 3] : tensor<1x2x3xf32, #cpu>
  return %0, %1, %2, %3, %4, %5, %8 : tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// reshape(reshape(x)) -> reshape(x)
// CHECK-LABEL: func.func @reshape_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<6xf32
// CHECK-NEXT: %[[R:.*]] = tiny.reshape %[[X]] to [3, 2] : tensor<6xf32
// CHECK-NEXT: return %[[R]]
func.func @reshape_reshape(%x: tensor<6xf32, #cpu>) -> tensor<3x2xf32, #cpu> {
  %0 = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %1 = tiny.reshape %0 to [3, 2] : tensor<2x3xf32, #cpu>
  return %1 : tensor<3x2xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Movements that change the value are kept.
// CHECK-LABEL: func.func @real_movements
// CHECK-NEXT: tiny.reshape
// CHECK-NEXT: tiny.permute
// CHECK-NEXT: tiny.pad
// CHECK-NEXT: tiny.shrink
// CHECK-NEXT: tiny.flip
// CHECK-NEXT: return
func.func @real_movements(%x: tensor<2x3xf32, #cpu>) -> (tensor<3x2xf32, #cpu>, tensor<3x2xf32, #cpu>, tensor<3x3xf32, #cpu>, tensor<1x3xf32, #cpu>, tensor<2x3xf32, #cpu>) {
  %0 = tiny.reshape %x to [3, 2] : tensor<2x3xf32, #cpu>
  %1 = tiny.permute %x [1, 0] : tensor<2x3xf32, #cpu>
  %2 = tiny.pad %x low [1, 0] high [0, 0] : tensor<2x3xf32, #cpu>
  %3 = tiny.shrink %x [1, 0] to [2, 3] : tensor<2x3xf32, #cpu>
  %4 = tiny.flip %x axes [0] : tensor<2x3xf32, #cpu>
  return %0, %1, %2, %3, %4 : tensor<3x2xf32, #cpu>, tensor<3x2xf32, #cpu>, tensor<3x3xf32, #cpu>, tensor<1x3xf32, #cpu>, tensor<2x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Movement of a splat constant is the constant in the new shape.
// CHECK-LABEL: func.func @splat_movements
// CHECK-DAG: %[[E:.*]] = tiny.const dense<2.500000e+00> : tensor<4x3xf32, #tiny.device<"CPU">>
// CHECK-DAG: %[[R:.*]] = tiny.const dense<2.500000e+00> : tensor<3xf32, #tiny.device<"CPU">>
// CHECK-DAG: %[[P:.*]] = tiny.const dense<2.500000e+00> : tensor<3x1xf32, #tiny.device<"CPU">>
// CHECK-DAG: %[[S:.*]] = tiny.const dense<2.500000e+00> : tensor<1x1xf32, #tiny.device<"CPU">>
// CHECK-DAG: %[[Z:.*]] = tiny.const dense<0> : tensor<3x5xi32, #tiny.device<"CPU">>
// CHECK-NOT: tiny.expand
// CHECK-NOT: tiny.reshape
// CHECK: return %[[E]], %[[R]], %[[P]], %[[S]], %[[Z]]
func.func @splat_movements() -> (tensor<4x3xf32, #cpu>, tensor<3xf32, #cpu>, tensor<3x1xf32, #cpu>, tensor<1x1xf32, #cpu>, tensor<3x5xi32, #cpu>) {
  %c = tiny.const dense<2.5> : tensor<1x3xf32, #cpu>
  %0 = tiny.expand %c to [4, 3] : tensor<1x3xf32, #cpu>
  %1 = tiny.reshape %c to [3] : tensor<1x3xf32, #cpu>
  %2 = tiny.permute %c [1, 0] : tensor<1x3xf32, #cpu>
  %3 = tiny.shrink %c [0, 1] to [1, 2] : tensor<1x3xf32, #cpu>
  %z = tiny.const dense<0> : tensor<1x3xi32, #cpu>
  %4 = tiny.pad %z low [1, 1] high [1, 1] : tensor<1x3xi32, #cpu>
  return %0, %1, %2, %3, %4 : tensor<4x3xf32, #cpu>, tensor<3xf32, #cpu>, tensor<3x1xf32, #cpu>, tensor<1x1xf32, #cpu>, tensor<3x5xi32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Padding a non-zero constant adds zeros, so the result is no splat: kept.
// CHECK-LABEL: func.func @pad_nonzero_splat
// CHECK: %[[C:.*]] = tiny.const dense<1.000000e+00> : tensor<2xf32
// CHECK: tiny.pad %[[C]] low [1] high [0]
func.func @pad_nonzero_splat() -> tensor<3xf32, #cpu> {
  %c = tiny.const dense<1.0> : tensor<2xf32, #cpu>
  %0 = tiny.pad %c low [1] high [0] : tensor<2xf32, #cpu>
  return %0 : tensor<3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// -0.0 is not the pad value +0.0: kept.
// CHECK-LABEL: func.func @pad_negative_zero_splat
// CHECK: tiny.pad
func.func @pad_negative_zero_splat() -> tensor<3xf32, #cpu> {
  %c = tiny.const dense<-0.0> : tensor<2xf32, #cpu>
  %0 = tiny.pad %c low [1] high [0] : tensor<2xf32, #cpu>
  return %0 : tensor<3xf32, #cpu>
}
