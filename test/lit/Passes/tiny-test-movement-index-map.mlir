// RUN: tiny-opt %s -tiny-test-movement-index-map 2>&1 | FileCheck %s

// Each movement op's index map (Tiny_MovementOpInterface) against maps
// computed by hand: the constant forms as remarks, the SSA forms as the
// functions the test pass adds (@<name>_to_source, @<name>_to_result) and
// the inverse view (@<name>_inverse_view), where there is one.

#cpu = #tiny.device<"CPU">

func.func @views(%a: tensor<4x6xf32, #cpu>, %b: tensor<2x3x4xf32, #cpu>,
                 %c: tensor<1x3xf32, #cpu>, %d: tensor<2x3xf32, #cpu>,
                 %e: tensor<4x3xf32, #cpu>) {
  // Row-major flat position kept: result [2, 5] is flat 2*8+5 = 21, source
  // [21/6, 21%6] = [3, 3]; source [1, 4] is flat 10, result [1, 2].
  // CHECK: remark: source index of [2, 5]: [3, 3]
  // CHECK: remark: source index of [0, 7]: [1, 1]
  // CHECK: remark: result index of [1, 4]: [1, 2]
  // CHECK: remark: result index of [3, 5]: [2, 7]
  %0 = tiny.reshape %a to [3, 8] {test.name = "reshape",
      test.result_indices = [array<i64: 2, 5>, array<i64: 0, 7>],
      test.source_indices = [array<i64: 1, 4>, array<i64: 3, 5>]}
      : tensor<4x6xf32, #cpu>
  // Unit axes only: the long indices carry over, unit axes read 0.
  // CHECK: remark: source index of [0, 5, 0]: [5]
  // CHECK: remark: result index of [4]: [0, 4, 0]
  %1 = tiny.reshape %a to [24] : tensor<4x6xf32, #cpu>
  %2 = tiny.reshape %1 to [1, 24, 1] {test.name = "unit_reshape",
      test.result_indices = [array<i64: 0, 5, 0>],
      test.source_indices = [array<i64: 4>]} : tensor<24xf32, #cpu>
  // Result axis i is source axis order[i]: result [3, 1, 2] of order
  // [2, 0, 1] is source [1, 2, 3].
  // CHECK: remark: source index of [3, 1, 2]: [1, 2, 3]
  // CHECK: remark: result index of [1, 2, 3]: [3, 1, 2]
  %3 = tiny.permute %b [2, 0, 1] {test.name = "permute",
      test.result_indices = [array<i64: 3, 1, 2>],
      test.source_indices = [array<i64: 1, 2, 3>]} : tensor<2x3x4xf32, #cpu>
  // A broadcast axis reads index 0; a broadcast element has no one result.
  // CHECK: remark: source index of [2, 1]: [0, 1]
  // CHECK: remark: result index of [0, 1]: none
  %4 = tiny.expand %c to [4, 3] {test.name = "expand",
      test.result_indices = [array<i64: 2, 1>],
      test.source_indices = [array<i64: 0, 1>]} : tensor<1x3xf32, #cpu>
  // low [1, 0], high [0, 2] on 2x3: result rows 1..2 and columns 0..2 are
  // the source, shifted by low.
  // CHECK: remark: source index of [0, 0]: none
  // CHECK: remark: source index of [1, 3]: none
  // CHECK: remark: source index of [2, 2]: [1, 2]
  // CHECK: remark: source index of [1, 0]: [0, 0]
  // CHECK: remark: result index of [1, 2]: [2, 2]
  %5 = tiny.pad %d low [1, 0] high [0, 2] {test.name = "pad",
      test.result_indices = [array<i64: 0, 0>, array<i64: 1, 3>,
                             array<i64: 2, 2>, array<i64: 1, 0>],
      test.source_indices = [array<i64: 1, 2>]} : tensor<2x3xf32, #cpu>
  // [1, 0] to [3, 2] of 4x3: result [i, j] is source [i + 1, j]; source
  // rows 0 and 3 and column 2 are cut off.
  // CHECK: remark: source index of [1, 1]: [2, 1]
  // CHECK: remark: result index of [2, 1]: [1, 1]
  // CHECK: remark: result index of [0, 1]: none
  // CHECK: remark: result index of [3, 0]: none
  // CHECK: remark: result index of [1, 2]: none
  %6 = tiny.shrink %e [1, 0] to [3, 2] {test.name = "shrink",
      test.result_indices = [array<i64: 1, 1>],
      test.source_indices = [array<i64: 2, 1>, array<i64: 0, 1>,
                             array<i64: 3, 0>, array<i64: 1, 2>]}
      : tensor<4x3xf32, #cpu>
  // Axis 0 of 4 flipped: index i is 3 - i, both ways.
  // CHECK: remark: source index of [0, 2]: [3, 2]
  // CHECK: remark: source index of [3, 0]: [0, 0]
  // CHECK: remark: result index of [1, 1]: [2, 1]
  %7 = tiny.flip %e axes [0] {test.name = "flip",
      test.result_indices = [array<i64: 0, 2>, array<i64: 3, 0>],
      test.source_indices = [array<i64: 1, 1>]} : tensor<4x3xf32, #cpu>
  return
}

// flat = r0 * 8 + r1; source [flat / 6, flat % 6] (axis 0 needs no rem).
// CHECK-LABEL: func.func @reshape_to_source
// CHECK-SAME: (%[[R0:.*]]: index, %[[R1:.*]]: index) -> (index, index)
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK: %[[M:.*]] = arith.muli %[[R0]], %[[C8]]
// CHECK-NEXT: %[[FLAT:.*]] = arith.addi %[[R1]], %[[M]]
// CHECK-NEXT: %[[COL:.*]] = arith.remui %[[FLAT]], %[[C6]]
// CHECK-NEXT: %[[ROW:.*]] = arith.divui %[[FLAT]], %[[C6]]
// CHECK-NEXT: return %[[ROW]], %[[COL]] : index, index
// flat = s0 * 6 + s1; result [flat / 8, flat % 8].
// CHECK-LABEL: func.func @reshape_to_result
// CHECK-SAME: (%[[S0:.*]]: index, %[[S1:.*]]: index) -> (index, index)
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[M:.*]] = arith.muli %[[S0]], %[[C6]]
// CHECK-NEXT: %[[FLAT:.*]] = arith.addi %[[S1]], %[[M]]
// CHECK-NEXT: %[[COL:.*]] = arith.remui %[[FLAT]], %[[C8]]
// CHECK-NEXT: %[[ROW:.*]] = arith.divui %[[FLAT]], %[[C8]]
// CHECK-NEXT: return %[[ROW]], %[[COL]] : index, index
// CHECK-LABEL: func.func @reshape_inverse_view
// CHECK-SAME: (%[[V:.*]]: tensor<3x8xf32
// CHECK-NEXT: %[[I:.*]] = tiny.reshape %[[V]] to [4, 6]
// CHECK-NEXT: return %[[I]]

// CHECK-LABEL: func.func @unit_reshape_to_source
// CHECK-SAME: (%{{.*}}: index, %[[R1:.*]]: index, %{{.*}}: index) -> index
// CHECK: return %[[R1]] : index
// CHECK-LABEL: func.func @unit_reshape_to_result
// CHECK-SAME: (%[[S0:.*]]: index) -> (index, index, index)
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: return %[[C0]], %[[S0]], %[[C0]] : index, index, index

// CHECK-LABEL: func.func @permute_to_source
// CHECK-SAME: (%[[R0:.*]]: index, %[[R1:.*]]: index, %[[R2:.*]]: index)
// CHECK-NEXT: return %[[R1]], %[[R2]], %[[R0]]
// CHECK-LABEL: func.func @permute_to_result
// CHECK-SAME: (%[[S0:.*]]: index, %[[S1:.*]]: index, %[[S2:.*]]: index)
// CHECK-NEXT: return %[[S2]], %[[S0]], %[[S1]]
// CHECK-LABEL: func.func @permute_inverse_view
// CHECK-NEXT: tiny.permute %{{.*}} [1, 2, 0] : tensor<4x2x3xf32

// The broadcast axis reads 0; there is no inverse (no @expand_to_result)
// and no inverse view.
// CHECK-LABEL: func.func @expand_to_source
// CHECK-SAME: (%{{.*}}: index, %[[R1:.*]]: index) -> (index, index)
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: return %[[C0]], %[[R1]]
// CHECK-NOT: @expand_to_result
// CHECK-NOT: @expand_inverse_view

// Source [r0 - 1, r1], valid where r0 - 1 <u 2 and r1 <u 3; out-of-bounds
// indices are replaced by 0.
// CHECK-LABEL: func.func @pad_to_source
// CHECK-SAME: (%[[R0:.*]]: index, %[[R1:.*]]: index) -> (index, index, i1)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[SH:.*]] = arith.subi %[[R0]], %[[C1]]
// CHECK-NEXT: %[[IN0:.*]] = arith.cmpi ult, %[[SH]], %[[C2]]
// CHECK-NEXT: %[[S0:.*]] = arith.select %[[IN0]], %[[SH]], %[[C0]]
// CHECK-NEXT: %[[IN1:.*]] = arith.cmpi ult, %[[R1]], %[[C3]]
// CHECK-NEXT: %[[VALID:.*]] = arith.andi %[[IN0]], %[[IN1]]
// CHECK-NEXT: %[[S1:.*]] = arith.select %[[IN1]], %[[R1]], %[[C0]]
// CHECK-NEXT: return %[[S0]], %[[S1]], %[[VALID]] : index, index, i1
// CHECK-LABEL: func.func @pad_to_result
// CHECK-SAME: (%[[S0:.*]]: index, %[[S1:.*]]: index) -> (index, index)
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[R0:.*]] = arith.addi %[[S0]], %[[C1]]
// CHECK-NEXT: return %[[R0]], %[[S1]]
// CHECK-NOT: @pad_inverse_view

// CHECK-LABEL: func.func @shrink_to_source
// CHECK-SAME: (%[[R0:.*]]: index, %[[R1:.*]]: index) -> (index, index)
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[S0:.*]] = arith.addi %[[R0]], %[[C1]]
// CHECK-NEXT: return %[[S0]], %[[R1]]
// Result [s0 - 1, s1], valid where s0 - 1 <u 2 and s1 <u 2.
// CHECK-LABEL: func.func @shrink_to_result
// CHECK-SAME: (%[[S0:.*]]: index, %[[S1:.*]]: index) -> (index, index, i1)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[SH:.*]] = arith.subi %[[S0]], %[[C1]]
// CHECK-NEXT: %[[IN0:.*]] = arith.cmpi ult, %[[SH]], %[[C2]]
// CHECK-NEXT: %[[R0:.*]] = arith.select %[[IN0]], %[[SH]], %[[C0]]
// CHECK-NEXT: %[[IN1:.*]] = arith.cmpi ult, %[[S1]], %[[C2]]
// CHECK-NEXT: %[[VALID:.*]] = arith.andi %[[IN0]], %[[IN1]]
// CHECK-NEXT: %[[R1:.*]] = arith.select %[[IN1]], %[[S1]], %[[C0]]
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[VALID]] : index, index, i1
// CHECK-NOT: @shrink_inverse_view

// CHECK-LABEL: func.func @flip_to_source
// CHECK-SAME: (%[[R0:.*]]: index, %[[R1:.*]]: index) -> (index, index)
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[S0:.*]] = arith.subi %[[C3]], %[[R0]]
// CHECK-NEXT: return %[[S0]], %[[R1]]
// CHECK-LABEL: func.func @flip_to_result
// CHECK-SAME: (%[[S0:.*]]: index, %[[S1:.*]]: index) -> (index, index)
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[R0:.*]] = arith.subi %[[C3]], %[[S0]]
// CHECK-NEXT: return %[[R0]], %[[S1]]
// CHECK-LABEL: func.func @flip_inverse_view
// CHECK-NEXT: tiny.flip %{{.*}} axes [0] : tensor<4x3xf32
