// RUN: tiny-opt %s -split-input-file -tiny-fold-movement | FileCheck %s

// Movement ops move across elementwise ops where that removes work.

#cpu = #tiny.device<"CPU">

// exp2(expand(x)) -> expand(exp2(x)): 4 exp2 instead of 12.
// CHECK-LABEL: func.func @unary_of_expand
// CHECK-SAME: (%[[X:.*]]: tensor<4x1xf32
// CHECK-NEXT: %[[E:.*]] = tiny.exp2 %[[X]] : tensor<4x1xf32
// CHECK-NEXT: %[[R:.*]] = tiny.expand %[[E]] to [4, 3] : tensor<4x1xf32
// CHECK-NEXT: return %[[R]]
func.func @unary_of_expand(%x: tensor<4x1xf32, #cpu>) -> tensor<4x3xf32, #cpu> {
  %e = tiny.expand %x to [4, 3] : tensor<4x1xf32, #cpu>
  %r = tiny.exp2 %e : tensor<4x3xf32, #cpu>
  return %r : tensor<4x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Both operands expanded from one shape, and a splat constant.
// CHECK-LABEL: func.func @binary_of_expands
// CHECK-SAME: (%[[A:.*]]: tensor<4x1xf32{{.*}}>, %[[B:.*]]: tensor<4x1xf32
// CHECK-NEXT: %[[C:.*]] = tiny.const dense<2.000000e+00> : tensor<1x1xf32
// CHECK-NEXT: %[[S:.*]] = tiny.add %[[A]], %[[B]] : tensor<4x1xf32
// CHECK-NEXT: %[[M:.*]] = tiny.mul %[[S]], %[[C]] : tensor<4x1xf32{{.*}}>, tensor<1x1xf32
// CHECK-NEXT: %[[R:.*]] = tiny.expand %[[M]] to [4, 3] : tensor<4x1xf32
// CHECK-NEXT: return %[[R]]
func.func @binary_of_expands(%a: tensor<4x1xf32, #cpu>, %b: tensor<4x1xf32, #cpu>) -> tensor<4x3xf32, #cpu> {
  %ea = tiny.expand %a to [4, 3] : tensor<4x1xf32, #cpu>
  %eb = tiny.expand %b to [4, 3] : tensor<4x1xf32, #cpu>
  %s = tiny.add %ea, %eb : tensor<4x3xf32, #cpu>
  %two = tiny.const dense<2.0> : tensor<1x1xf32, #cpu>
  %m = tiny.mul %s, %two : tensor<4x3xf32, #cpu>, tensor<1x1xf32, #cpu>
  return %m : tensor<4x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Expands from different shapes (an outer product): nothing moves.
// CHECK-LABEL: func.func @outer_product
// CHECK: tiny.expand
// CHECK: tiny.expand
// CHECK: tiny.mul %{{.*}}, %{{.*}} : tensor<4x3xf32
func.func @outer_product(%a: tensor<4x1xf32, #cpu>, %b: tensor<1x3xf32, #cpu>) -> tensor<4x3xf32, #cpu> {
  %ea = tiny.expand %a to [4, 3] : tensor<4x1xf32, #cpu>
  %eb = tiny.expand %b to [4, 3] : tensor<1x3xf32, #cpu>
  %m = tiny.mul %ea, %eb : tensor<4x3xf32, #cpu>
  return %m : tensor<4x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// An operand that is not expanded: nothing moves.
// CHECK-LABEL: func.func @mixed
// CHECK: %[[E:.*]] = tiny.expand
// CHECK: tiny.add %[[E]], %{{.*}} : tensor<4x3xf32
func.func @mixed(%a: tensor<4x1xf32, #cpu>, %b: tensor<4x3xf32, #cpu>) -> tensor<4x3xf32, #cpu> {
  %ea = tiny.expand %a to [4, 3] : tensor<4x1xf32, #cpu>
  %s = tiny.add %ea, %b : tensor<4x3xf32, #cpu>
  return %s : tensor<4x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// shrink(add(a, b)) -> add(shrink(a), shrink(b)): 2 adds instead of 6.
// CHECK-LABEL: func.func @shrink_of_add
// CHECK-SAME: (%[[A:.*]]: tensor<6xi32{{.*}}>, %[[B:.*]]: tensor<6xi32
// CHECK-DAG: %[[SA:.*]] = tiny.shrink %[[A]] [1] to [3]
// CHECK-DAG: %[[SB:.*]] = tiny.shrink %[[B]] [1] to [3]
// CHECK: %[[R:.*]] = tiny.add %[[SA]], %[[SB]] : tensor<2xi32
// CHECK-NEXT: return %[[R]]
func.func @shrink_of_add(%a: tensor<6xi32, #cpu>, %b: tensor<6xi32, #cpu>) -> tensor<2xi32, #cpu> {
  %s = tiny.add %a, %b : tensor<6xi32, #cpu>
  %r = tiny.shrink %s [1] to [3] : tensor<6xi32, #cpu>
  return %r : tensor<2xi32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// The add has another user: it is computed whole anyway, so it stays.
// CHECK-LABEL: func.func @shrink_of_shared_add
// CHECK: %[[S:.*]] = tiny.add
// CHECK: tiny.shrink %[[S]]
func.func @shrink_of_shared_add(%a: tensor<6xi32, #cpu>, %b: tensor<6xi32, #cpu>) -> (tensor<2xi32, #cpu>, tensor<6xi32, #cpu>) {
  %s = tiny.add %a, %b : tensor<6xi32, #cpu>
  %r = tiny.shrink %s [1] to [3] : tensor<6xi32, #cpu>
  return %r, %s : tensor<2xi32, #cpu>, tensor<6xi32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A broadcasting add under a shrink: the shrink stays.
// CHECK-LABEL: func.func @shrink_of_broadcast
// CHECK: %[[S:.*]] = tiny.add
// CHECK: tiny.shrink %[[S]]
func.func @shrink_of_broadcast(%a: tensor<2x3xi32, #cpu>, %b: tensor<1x3xi32, #cpu>) -> tensor<1x3xi32, #cpu> {
  %s = tiny.add %a, %b : tensor<2x3xi32, #cpu>, tensor<1x3xi32, #cpu>
  %r = tiny.shrink %s [0, 0] to [1, 3] : tensor<2x3xi32, #cpu>
  return %r : tensor<1x3xi32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// shrink(pad(x)) inside the unpadded region reads x only.
// CHECK-LABEL: func.func @shrink_inside_pad
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32
// CHECK-NEXT: %[[R:.*]] = tiny.shrink %[[X]] [1] to [3] : tensor<4xf32
// CHECK-NEXT: return %[[R]]
func.func @shrink_inside_pad(%x: tensor<4xf32, #cpu>) -> tensor<2xf32, #cpu> {
  %p = tiny.pad %x low [2] high [1] : tensor<4xf32, #cpu>
  %r = tiny.shrink %p [3] to [5] : tensor<7xf32, #cpu>
  return %r : tensor<2xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// shrink(pad(x)) exactly undoing the pad is x.
// CHECK-LABEL: func.func @shrink_undoes_pad
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32
// CHECK-NEXT: return %[[X]]
func.func @shrink_undoes_pad(%x: tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu> {
  %p = tiny.pad %x low [2] high [1] : tensor<4xf32, #cpu>
  %r = tiny.shrink %p [2] to [6] : tensor<7xf32, #cpu>
  return %r : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A shrink that keeps some padding stays.
// CHECK-LABEL: func.func @shrink_keeps_padding
// CHECK: %[[P:.*]] = tiny.pad
// CHECK: tiny.shrink %[[P]] [1] to [4]
func.func @shrink_keeps_padding(%x: tensor<4xf32, #cpu>) -> tensor<3xf32, #cpu> {
  %p = tiny.pad %x low [2] high [1] : tensor<4xf32, #cpu>
  %r = tiny.shrink %p [1] to [4] : tensor<7xf32, #cpu>
  return %r : tensor<3xf32, #cpu>
}
