// RUN: tiny-opt %s -split-input-file -tiny-fold-movement | FileCheck %s

#cpu = #tiny.device<"CPU">

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
// A reshape chain back to the source shape disappears.
// CHECK-LABEL: func.func @reshape_round_trip
// CHECK-SAME: (%[[X:.*]]: tensor<6xf32
// CHECK-NEXT: return %[[X]]
func.func @reshape_round_trip(%x: tensor<6xf32, #cpu>) -> tensor<6xf32, #cpu> {
  %0 = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %1 = tiny.reshape %0 to [6] : tensor<2x3xf32, #cpu>
  return %1 : tensor<6xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// result axis i of the outer permute is inner axis outer[i], source axis
// inner[outer[i]]: [1, 2, 0] then [2, 0, 1] is the identity.
// CHECK-LABEL: func.func @permute_permute
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32
// CHECK-NEXT: %[[P:.*]] = tiny.permute %[[X]] [2, 1, 0]
// CHECK-NEXT: return %[[P]], %[[X]]
func.func @permute_permute(%x: tensor<2x3x4xf32, #cpu>) -> (tensor<4x3x2xf32, #cpu>, tensor<2x3x4xf32, #cpu>) {
  %0 = tiny.permute %x [1, 2, 0] : tensor<2x3x4xf32, #cpu>
  // [1, 2, 0] then [1, 0, 2] -> [2, 1, 0]
  %1 = tiny.permute %0 [1, 0, 2] : tensor<3x4x2xf32, #cpu>
  %2 = tiny.permute %0 [2, 0, 1] : tensor<3x4x2xf32, #cpu>
  return %1, %2 : tensor<4x3x2xf32, #cpu>, tensor<2x3x4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// CHECK-LABEL: func.func @shrink_shrink
// CHECK-SAME: (%[[X:.*]]: tensor<10x8xf32
// CHECK-NEXT: %[[S:.*]] = tiny.shrink %[[X]] [3, 1] to [5, 4]
// CHECK-NEXT: return %[[S]]
func.func @shrink_shrink(%x: tensor<10x8xf32, #cpu>) -> tensor<2x3xf32, #cpu> {
  %0 = tiny.shrink %x [2, 0] to [8, 6] : tensor<10x8xf32, #cpu>
  %1 = tiny.shrink %0 [1, 1] to [3, 4] : tensor<6x6xf32, #cpu>
  return %1 : tensor<2x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// CHECK-LABEL: func.func @pad_pad
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32
// CHECK-NEXT: %[[P:.*]] = tiny.pad %[[X]] low [1, 2] high [3, 0]
// CHECK-NEXT: return %[[P]]
func.func @pad_pad(%x: tensor<2x3xf32, #cpu>) -> tensor<6x5xf32, #cpu> {
  %0 = tiny.pad %x low [1, 0] high [0, 0] : tensor<2x3xf32, #cpu>
  %1 = tiny.pad %0 low [0, 2] high [3, 0] : tensor<3x3xf32, #cpu>
  return %1 : tensor<6x5xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// CHECK-LABEL: func.func @expand_expand
// CHECK-SAME: (%[[X:.*]]: tensor<1x1xf32
// CHECK-NEXT: %[[E:.*]] = tiny.expand %[[X]] to [4, 5]
// CHECK-NEXT: return %[[E]]
func.func @expand_expand(%x: tensor<1x1xf32, #cpu>) -> tensor<4x5xf32, #cpu> {
  %0 = tiny.expand %x to [4, 1] : tensor<1x1xf32, #cpu>
  %1 = tiny.expand %0 to [4, 5] : tensor<4x1xf32, #cpu>
  return %1 : tensor<4x5xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Flipping an axis twice cancels; the others stay flipped.
// CHECK-LABEL: func.func @flip_flip
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32
// CHECK-NEXT: %[[F:.*]] = tiny.flip %[[X]] axes [1, 2]
// CHECK-NEXT: return %[[F]], %[[X]]
func.func @flip_flip(%x: tensor<2x3x4xf32, #cpu>) -> (tensor<2x3x4xf32, #cpu>, tensor<2x3x4xf32, #cpu>) {
  %0 = tiny.flip %x axes [0, 1] : tensor<2x3x4xf32, #cpu>
  %1 = tiny.flip %0 axes [0, 2] : tensor<2x3x4xf32, #cpu>
  %2 = tiny.flip %0 axes [1, 0] : tensor<2x3x4xf32, #cpu>
  return %1, %2 : tensor<2x3x4xf32, #cpu>, tensor<2x3x4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
// Different movement ops do not combine.
// CHECK-LABEL: func.func @no_fold_mixed
// CHECK-NEXT: tiny.reshape
// CHECK-NEXT: tiny.permute
// CHECK-NEXT: tiny.shrink
// CHECK-NEXT: tiny.pad
// CHECK-NEXT: return
func.func @no_fold_mixed(%x: tensor<6xf32, #cpu>) -> tensor<4x2xf32, #cpu> {
  %0 = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %1 = tiny.permute %0 [1, 0] : tensor<2x3xf32, #cpu>
  %2 = tiny.shrink %1 [1, 0] to [3, 2] : tensor<3x2xf32, #cpu>
  %3 = tiny.pad %2 low [1, 0] high [1, 0] : tensor<2x2xf32, #cpu>
  return %3 : tensor<4x2xf32, #cpu>
}
