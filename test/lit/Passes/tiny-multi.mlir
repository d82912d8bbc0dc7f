// RUN: tiny-opt %s -split-input-file -tiny-multi | FileCheck %s

// Sharding propagation: unshard moves down through its users.

#d2 = #tiny.device<"CPU:0", "CPU:1">

// Elementwise ops on values sharded alike, with a constant broadcast along
// the sharded axis, run per shard.
// CHECK-LABEL: func.func @elementwise
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32, {{.*}}>, %[[B:.*]]: tensor<2x3xf32
// CHECK: %[[C:.*]] = tiny.const dense<2.000000e+00> : tensor<1x3xf32
// CHECK: %[[S:.*]] = tiny.add %[[A]], %[[B]] : tensor<2x3xf32
// CHECK: %[[M:.*]] = tiny.mul %[[S]], %[[C]] : tensor<2x3xf32{{.*}}>, tensor<1x3xf32
// CHECK: %[[U:.*]] = tiny.unshard %[[M]] axis 0 : tensor<2x3xf32
// CHECK: return %[[U]]
func.func @elementwise(%a: tensor<2x3xf32, #d2>, %b: tensor<2x3xf32, #d2>) -> tensor<4x3xf32, #d2> {
  %ua = tiny.unshard %a axis 0 : tensor<2x3xf32, #d2>
  %ub = tiny.unshard %b axis 0 : tensor<2x3xf32, #d2>
  %c = tiny.const dense<2.0> : tensor<1x3xf32, #d2>
  %s = tiny.add %ua, %ub : tensor<4x3xf32, #d2>
  %m = tiny.mul %s, %c : tensor<4x3xf32, #d2>, tensor<1x3xf32, #d2>
  return %m : tensor<4x3xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// Sharded on different axes: the op runs on the first operand's shards (rows)
// and each device gathers its rows of the other from both of its shards
// (column blocks): rows 0..1 on CPU:0, rows 2..3 on CPU:1.
// CHECK-LABEL: func.func @different_axes
// CHECK-SAME: (%[[A:.*]]: tensor<2x4xf32, {{.*}}>, %[[B:.*]]: tensor<4x2xf32
// CHECK: %[[T:.*]] = tiny.shrink %[[B]] [0, 0] to [2, 2] : tensor<4x2xf32
// CHECK: %[[T0:.*]] = tiny.mselect %[[T]][0]
// CHECK: %[[T1:.*]] = tiny.mselect %[[T]][1]
// CHECK: %[[T1ON0:.*]] = tiny.copy %[[T1]] to "CPU" : tensor<2x2xf32, #tiny.device<"CPU:1">>
// CHECK: tiny.stack %{{.*}}, %{{.*}} : tensor<2x2xf32, #tiny.device<"CPU">>
// CHECK: %[[TOP:.*]] = tiny.permute %{{.*}} [1, 0] : tensor<4x2xf32, #tiny.device<"CPU">>
// CHECK: %[[D:.*]] = tiny.shrink %[[B]] [2, 0] to [4, 2] : tensor<4x2xf32
// CHECK: %[[D0:.*]] = tiny.mselect %[[D]][0]
// CHECK: %[[D0ON1:.*]] = tiny.copy %[[D0]] to "CPU:1" : tensor<2x2xf32, #tiny.device<"CPU">>
// CHECK: %[[D1:.*]] = tiny.mselect %[[D]][1]
// CHECK: %[[BOTTOM:.*]] = tiny.permute %{{.*}} [1, 0] : tensor<4x2xf32, #tiny.device<"CPU:1">>
// CHECK: %[[M:.*]] = tiny.mstack %[[TOP]], %[[BOTTOM]] : tensor<2x4xf32, #tiny.device<"CPU">>, tensor<2x4xf32, #tiny.device<"CPU:1">>
// CHECK: %[[S:.*]] = tiny.add %[[A]], %[[M]] : tensor<2x4xf32
// CHECK: %[[U:.*]] = tiny.unshard %[[S]] axis 0 : tensor<2x4xf32
// CHECK: return %[[U]]
func.func @different_axes(%a: tensor<2x4xf32, #d2>, %b: tensor<4x2xf32, #d2>) -> tensor<4x4xf32, #d2> {
  %ua = tiny.unshard %a axis 0 : tensor<2x4xf32, #d2>
  %ub = tiny.unshard %b axis 1 : tensor<4x2xf32, #d2>
  %s = tiny.add %ua, %ub : tensor<4x4xf32, #d2>
  return %s : tensor<4x4xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// A tiny.const that spans the sharded axis holds one value everywhere: each
// shard adds the same constant, one shard long.
// CHECK-LABEL: func.func @constant_spans_shards
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32
// CHECK: %[[C:.*]] = tiny.const dense<1.000000e+00> : tensor<2x3xf32, #tiny.device<"CPU", "CPU:1">>
// CHECK: %[[S:.*]] = tiny.add %[[A]], %[[C]] : tensor<2x3xf32
// CHECK: %[[U:.*]] = tiny.unshard %[[S]] axis 0
// CHECK: return %[[U]]
func.func @constant_spans_shards(%a: tensor<2x3xf32, #d2>) -> tensor<4x3xf32, #d2> {
  %ua = tiny.unshard %a axis 0 : tensor<2x3xf32, #d2>
  %c = tiny.const dense<1.0> : tensor<4x3xf32, #d2>
  %s = tiny.add %ua, %c : tensor<4x3xf32, #d2>
  return %s : tensor<4x3xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// Raw bytes (tiny.binary) are whole on every device: each shard reads its
// part of them.
// CHECK-LABEL: func.func @bytes_span_shards
// CHECK-SAME: (%[[A:.*]]: tensor<2xui8
// CHECK: %[[B:.*]] = tiny.binary dense<[1, 2, 3, 4]>
// CHECK: %[[B0:.*]] = tiny.mselect %[[B]][0]
// CHECK: %[[P0:.*]] = tiny.shrink %[[B0]] [0] to [2] : tensor<4xui8, #tiny.device<"CPU">>
// CHECK: %[[B1:.*]] = tiny.mselect %[[B]][1]
// CHECK: %[[P1:.*]] = tiny.shrink %[[B1]] [2] to [4] : tensor<4xui8, #tiny.device<"CPU:1">>
// CHECK: %[[M:.*]] = tiny.mstack %[[P0]], %[[P1]]
// CHECK: %[[S:.*]] = tiny.add %[[A]], %[[M]] : tensor<2xui8
// CHECK: %[[U:.*]] = tiny.unshard %[[S]] axis 0
// CHECK: return %[[U]]
func.func @bytes_span_shards(%a: tensor<2xui8, #d2>) -> tensor<4xui8, #d2> {
  %ua = tiny.unshard %a axis 0 : tensor<2xui8, #d2>
  %b = tiny.binary dense<[1, 2, 3, 4]> : tensor<4xui8, #d2>
  %s = tiny.add %ua, %b : tensor<4xui8, #d2>
  return %s : tensor<4xui8, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// Reduce over the sharded axis: per-shard reduce, then allreduce.
// CHECK-LABEL: func.func @reduce_sharded_axis
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32
// CHECK: %[[R:.*]] = tiny.reduce add %[[A]] axes [0] : tensor<2x3xf32
// CHECK: %[[S:.*]] = tiny.allreduce add %[[R]] : tensor<1x3xf32
// CHECK: return %[[S]]
func.func @reduce_sharded_axis(%a: tensor<2x3xf32, #d2>) -> tensor<1x3xf32, #d2> {
  %ua = tiny.unshard %a axis 0 : tensor<2x3xf32, #d2>
  %r = tiny.reduce add %ua axes [0] : tensor<4x3xf32, #d2>
  return %r : tensor<1x3xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// Reduce over another axis stays sharded.
// CHECK-LABEL: func.func @reduce_other_axis
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32
// CHECK: %[[R:.*]] = tiny.reduce max %[[A]] axes [1] : tensor<2x3xf32
// CHECK: %[[U:.*]] = tiny.unshard %[[R]] axis 0 : tensor<2x1xf32
// CHECK: return %[[U]]
func.func @reduce_other_axis(%a: tensor<2x3xf32, #d2>) -> tensor<4x1xf32, #d2> {
  %ua = tiny.unshard %a axis 0 : tensor<2x3xf32, #d2>
  %r = tiny.reduce max %ua axes [1] : tensor<4x3xf32, #d2>
  return %r : tensor<4x1xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// Reshape keeping the shard boundary, then permute: the sharded axis moves
// from 0 to 2.
// CHECK-LABEL: func.func @reshape_permute
// CHECK-SAME: (%[[A:.*]]: tensor<2x6xf32
// CHECK: %[[R:.*]] = tiny.reshape %[[A]] to [2, 3, 2] : tensor<2x6xf32
// CHECK: %[[P:.*]] = tiny.permute %[[R]] [1, 2, 0] : tensor<2x3x2xf32
// CHECK: %[[U:.*]] = tiny.unshard %[[P]] axis 2 : tensor<3x2x2xf32
// CHECK: return %[[U]]
func.func @reshape_permute(%a: tensor<2x6xf32, #d2>) -> tensor<3x2x4xf32, #d2> {
  %ua = tiny.unshard %a axis 0 : tensor<2x6xf32, #d2>
  %r = tiny.reshape %ua to [4, 3, 2] : tensor<4x6xf32, #d2>
  %p = tiny.permute %r [1, 2, 0] : tensor<4x3x2xf32, #d2>
  return %p : tensor<3x2x4xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// A reshape that merges the sharded axis with the next one keeps whole
// shards: (6, 2) in shards of 3 rows -> (4, 3) in shards of 2 rows.
// CHECK-LABEL: func.func @reshape_merge
// CHECK: %[[R:.*]] = tiny.reshape %{{.*}} to [2, 3] : tensor<3x2xf32
// CHECK: tiny.unshard %[[R]] axis 0 : tensor<2x3xf32
func.func @reshape_merge(%a: tensor<3x2xf32, #d2>) -> tensor<4x3xf32, #d2> {
  %ua = tiny.unshard %a axis 0 : tensor<3x2xf32, #d2>
  %r = tiny.reshape %ua to [4, 3] : tensor<6x2xf32, #d2>
  return %r : tensor<4x3xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// Expand, pad, shrink and flip that leave the sharded axis alone.
// CHECK-LABEL: func.func @movement_per_shard
// CHECK-SAME: (%[[A:.*]]: tensor<2x1xf32
// CHECK: %[[E:.*]] = tiny.expand %[[A]] to [2, 4] : tensor<2x1xf32
// CHECK: %[[P:.*]] = tiny.pad %[[E]] low [0, 1] high [0, 1] : tensor<2x4xf32
// CHECK: %[[S:.*]] = tiny.shrink %[[P]] [0, 2] to [2, 5] : tensor<2x6xf32
// CHECK: %[[F:.*]] = tiny.flip %[[S]] axes [1] : tensor<2x3xf32
// CHECK: %[[U:.*]] = tiny.unshard %[[F]] axis 0 : tensor<2x3xf32
// CHECK: return %[[U]]
func.func @movement_per_shard(%a: tensor<2x1xf32, #d2>) -> tensor<4x3xf32, #d2> {
  %ua = tiny.unshard %a axis 0 : tensor<2x1xf32, #d2>
  %e = tiny.expand %ua to [4, 4] : tensor<4x1xf32, #d2>
  %p = tiny.pad %e low [0, 1] high [0, 1] : tensor<4x4xf32, #d2>
  %s = tiny.shrink %p [0, 2] to [4, 5] : tensor<4x6xf32, #d2>
  %f = tiny.flip %s axes [1] : tensor<4x3xf32, #d2>
  return %f : tensor<4x3xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// Flipping the sharded axis swaps the shards: device i holds shard n-1-i,
// flipped (the mstack of the flipped shards folds into the mselects that
// read it). A shrink of part of the sharded axis leaves a value that no
// longer splits evenly: each device gathers the shards the window overlaps
// and cuts it, so every device holds the whole window, which the pad then
// pads on each device.
// CHECK-LABEL: func.func @movement_of_sharded_axis
// CHECK-SAME: (%[[A:.*]]: tensor<2xf32
// CHECK: %[[A1:.*]] = tiny.mselect %[[A]][1]
// CHECK: %[[A1ON0:.*]] = tiny.copy %[[A1]] to "CPU"
// CHECK: %[[F0:.*]] = tiny.flip %[[A1ON0]] axes [0] : tensor<2xf32, #tiny.device<"CPU">>
// CHECK: %[[A0:.*]] = tiny.mselect %[[A]][0]
// CHECK: %[[A0ON1:.*]] = tiny.copy %[[A0]] to "CPU:1"
// CHECK: %[[F1:.*]] = tiny.flip %[[A0ON1]] axes [0] : tensor<2xf32, #tiny.device<"CPU:1">>
// CHECK: %[[F1ON0:.*]] = tiny.copy %[[F1]] to "CPU"
// CHECK: %[[ST0:.*]] = tiny.stack %[[F0]], %[[F1ON0]] : tensor<2xf32, #tiny.device<"CPU">>
// CHECK: %[[G0:.*]] = tiny.reshape %[[ST0]] to [4]
// CHECK: %[[W0:.*]] = tiny.shrink %[[G0]] [1] to [3] : tensor<4xf32, #tiny.device<"CPU">>
// CHECK: %[[F0ON1:.*]] = tiny.copy %[[F0]] to "CPU:1"
// CHECK: %[[ST1:.*]] = tiny.stack %[[F0ON1]], %[[F1]] : tensor<2xf32, #tiny.device<"CPU:1">>
// CHECK: %[[G1:.*]] = tiny.reshape %[[ST1]] to [4]
// CHECK: %[[W1:.*]] = tiny.shrink %[[G1]] [1] to [3] : tensor<4xf32, #tiny.device<"CPU:1">>
// CHECK: %[[W:.*]] = tiny.mstack %[[W0]], %[[W1]]
// CHECK: %[[P:.*]] = tiny.pad %[[W]] low [1] high [1] : tensor<2xf32, #tiny.device<"CPU", "CPU:1">>
// CHECK: return %[[P]]
func.func @movement_of_sharded_axis(%a: tensor<2xf32, #d2>) -> tensor<4xf32, #d2> {
  %ua = tiny.unshard %a axis 0 : tensor<2xf32, #d2>
  %f = tiny.flip %ua axes [0] : tensor<4xf32, #d2>
  %s = tiny.shrink %f [1] to [3] : tensor<4xf32, #d2>
  %p = tiny.pad %s low [1] high [1] : tensor<2xf32, #d2>
  return %p : tensor<4xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// A copy to one device gathers the shards along the sharded axis (1 here):
// each shard is selected and copied, moved to the front, stacked, merged.
// Shard 0 is on "CPU:0", which is the target "CPU": it is not copied.
// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[A:.*]]: tensor<3x2xi32
// CHECK: %[[S0:.*]] = tiny.mselect %[[A]][0]
// CHECK-NOT: tiny.copy %[[S0]]
// CHECK: %[[S1:.*]] = tiny.mselect %[[A]][1]
// CHECK: %[[C1:.*]] = tiny.copy %[[S1]] to "CPU" : tensor<3x2xi32, #tiny.device<"CPU:1">>
// CHECK: %[[P0:.*]] = tiny.permute %[[S0]] [1, 0] : tensor<3x2xi32
// CHECK: %[[P1:.*]] = tiny.permute %[[C1]] [1, 0] : tensor<3x2xi32
// CHECK: %[[ST:.*]] = tiny.stack %[[P0]], %[[P1]] : tensor<2x3xi32
// CHECK: %[[M:.*]] = tiny.reshape %[[ST]] to [4, 3] : tensor<2x2x3xi32
// CHECK: %[[G:.*]] = tiny.permute %[[M]] [1, 0] : tensor<4x3xi32
// CHECK: return %[[G]] : tensor<3x4xi32, #tiny.device<"CPU">>
func.func @gather(%a: tensor<3x2xi32, #d2>) -> tensor<3x4xi32, #tiny.device<"CPU">> {
  %ua = tiny.unshard %a axis 1 : tensor<3x2xi32, #d2>
  %g = tiny.copy %ua to "CPU" : tensor<3x4xi32, #d2>
  return %g : tensor<3x4xi32, #tiny.device<"CPU">>
}

// -----

#d3 = #tiny.device<"CPU:0", "CPU:1", "CPU:2">

// Three shards on axis 0: no permutes; shard 0 is on the target already.
// CHECK-LABEL: func.func @gather_axis0
// CHECK-COUNT-2: tiny.copy
// CHECK-NOT: tiny.permute
// CHECK: %[[ST:.*]] = tiny.stack
// CHECK: %[[M:.*]] = tiny.reshape %[[ST]] to [6] : tensor<3x2xf32
// CHECK: return %[[M]]
func.func @gather_axis0(%a: tensor<2xf32, #d3>) -> tensor<6xf32, #tiny.device<"CPU">> {
  %ua = tiny.unshard %a axis 0 : tensor<2xf32, #d3>
  %g = tiny.copy %ua to "CPU" : tensor<6xf32, #d3>
  return %g : tensor<6xf32, #tiny.device<"CPU">>
}

// -----

#d1 = #tiny.device<"CPU:1">
#d3 = #tiny.device<"CPU:1", "CPU:2", "CPU:3">

// A sharding copy is the unshard of the mstack of the value's equal parts
// along the axis, each copied to its device (the part already on its device
// is not copied).
// CHECK-LABEL: func.func @sharding_copy
// CHECK-SAME: (%[[X:.*]]: tensor<2x6xf32
// CHECK: %[[P0:.*]] = tiny.shrink %[[X]] [0, 0] to [2, 2] : tensor<2x6xf32
// CHECK: %[[P1:.*]] = tiny.shrink %[[X]] [0, 2] to [2, 4] : tensor<2x6xf32
// CHECK: %[[C1:.*]] = tiny.copy %[[P1]] to "CPU:2" : tensor<2x2xf32
// CHECK: %[[P2:.*]] = tiny.shrink %[[X]] [0, 4] to [2, 6] : tensor<2x6xf32
// CHECK: %[[C2:.*]] = tiny.copy %[[P2]] to "CPU:3" : tensor<2x2xf32
// CHECK: %[[M:.*]] = tiny.mstack %[[P0]], %[[C1]], %[[C2]]
// CHECK: %[[U:.*]] = tiny.unshard %[[M]] axis 1 : tensor<2x2xf32
// CHECK: return %[[U]]
func.func @sharding_copy(%x: tensor<2x6xf32, #d1>) -> tensor<2x6xf32, #d3> {
  %s = tiny.copy %x to ["CPU:1", "CPU:2", "CPU:3"] shard 1 : tensor<2x6xf32, #d1>
  return %s : tensor<2x6xf32, #d3>
}

// -----

#d1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:1", "CPU:2">

// A copy to a tuple without shard replicates: nothing moves.
// CHECK-LABEL: func.func @replicating_copy
// CHECK: tiny.copy %{{.*}} to ["CPU:1", "CPU:2"] : tensor<4xf32
// CHECK-NOT: tiny.unshard
func.func @replicating_copy(%x: tensor<4xf32, #d1>) -> tensor<4xf32, #d2> {
  %s = tiny.copy %x to ["CPU:1", "CPU:2"] : tensor<4xf32, #d1>
  return %s : tensor<4xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// A division by a constant is a multiplication by its reciprocal, which no
// folder computes: the reciprocal is a value every device holds whole, and
// each shard multiplies by its part of it.
// CHECK-LABEL: func.func @reciprocal_of_constant
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32
// CHECK: %[[C:.*]] = tiny.const dense<4.000000e+00> : tensor<4x3xf32
// CHECK: %[[R:.*]] = tiny.reciprocal %[[C]] : tensor<4x3xf32
// CHECK: %[[R0:.*]] = tiny.mselect %[[R]][0]
// CHECK: %[[P0:.*]] = tiny.shrink %[[R0]] [0, 0] to [2, 3] : tensor<4x3xf32, #tiny.device<"CPU">>
// CHECK: %[[R1:.*]] = tiny.mselect %[[R]][1]
// CHECK: %[[P1:.*]] = tiny.shrink %[[R1]] [2, 0] to [4, 3] : tensor<4x3xf32, #tiny.device<"CPU:1">>
// CHECK: %[[M:.*]] = tiny.mstack %[[P0]], %[[P1]]
// CHECK: %[[S:.*]] = tiny.mul %[[A]], %[[M]] : tensor<2x3xf32
// CHECK: %[[U:.*]] = tiny.unshard %[[S]] axis 0
// CHECK: return %[[U]]
func.func @reciprocal_of_constant(%a: tensor<2x3xf32, #d2>) -> tensor<4x3xf32, #d2> {
  %ua = tiny.unshard %a axis 0 : tensor<2x3xf32, #d2>
  %c = tiny.const dense<4.0> : tensor<4x3xf32, #d2>
  %r = tiny.reciprocal %c : tensor<4x3xf32, #d2>
  %m = tiny.mul %ua, %r : tensor<4x3xf32, #d2>, tensor<4x3xf32, #d2>
  return %m : tensor<4x3xf32, #d2>
}

// -----

#d1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:1", "CPU:2">

// A value copied to every device from one: each device copies only its part
// (the part already on its device is not copied).
// CHECK-LABEL: func.func @replicating_copy_operand
// CHECK-SAME: (%[[A:.*]]: tensor<1x4xf32, {{.*}}>, %[[X:.*]]: tensor<2x4xf32
// CHECK: %[[P0:.*]] = tiny.shrink %[[X]] [0, 0] to [1, 4] : tensor<2x4xf32, #tiny.device<"CPU:1">>
// CHECK: %[[P1:.*]] = tiny.shrink %[[X]] [1, 0] to [2, 4] : tensor<2x4xf32, #tiny.device<"CPU:1">>
// CHECK: %[[C1:.*]] = tiny.copy %[[P1]] to "CPU:2"
// CHECK: %[[M:.*]] = tiny.mstack %[[P0]], %[[C1]]
// CHECK: %[[S:.*]] = tiny.sub %[[M]], %[[A]] : tensor<1x4xf32
// CHECK: %[[U:.*]] = tiny.unshard %[[S]] axis 0
// CHECK: return %[[U]]
func.func @replicating_copy_operand(%a: tensor<1x4xf32, #d2>, %x: tensor<2x4xf32, #d1>) -> tensor<2x4xf32, #d2> {
  %ua = tiny.unshard %a axis 0 : tensor<1x4xf32, #d2>
  %r = tiny.copy %x to ["CPU:1", "CPU:2"] : tensor<2x4xf32, #d1>
  %s = tiny.sub %r, %ua : tensor<2x4xf32, #d2>, tensor<2x4xf32, #d2>
  return %s : tensor<2x4xf32, #d2>
}

// -----

#d1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:1", "CPU:2">

// A value computed on every device from whole values: each device takes its
// part of its own; one that broadcasts along the sharded axis is read whole.
// CHECK-LABEL: func.func @replicated_operands
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32, {{.*}}>, %[[X:.*]]: tensor<4x3xf32, {{.*}}>, %[[ROW:.*]]: tensor<1x3xf32
// CHECK: %[[E:.*]] = tiny.exp2 %[[X]] : tensor<4x3xf32, #tiny.device<"CPU:1", "CPU:2">>
// CHECK: %[[E0:.*]] = tiny.mselect %[[E]][0]
// CHECK: %[[P0:.*]] = tiny.shrink %[[E0]] [0, 0] to [2, 3]
// CHECK: %[[E1:.*]] = tiny.mselect %[[E]][1]
// CHECK: %[[P1:.*]] = tiny.shrink %[[E1]] [2, 0] to [4, 3]
// CHECK: %[[M:.*]] = tiny.mstack %[[P0]], %[[P1]]
// CHECK: %[[W:.*]] = tiny.where %{{.*}}, %[[M]], %[[ROW]] : tensor<2x3xi1, {{.*}}>, tensor<2x3xf32, {{.*}}>, tensor<1x3xf32
// CHECK: %[[U:.*]] = tiny.unshard %[[W]] axis 0 : tensor<2x3xf32
// CHECK: return %[[U]]
func.func @replicated_operands(%a: tensor<2x3xf32, #d2>, %x: tensor<4x3xf32, #d2>, %row: tensor<1x3xf32, #d2>) -> tensor<4x3xf32, #d2> {
  %ua = tiny.unshard %a axis 0 : tensor<2x3xf32, #d2>
  %e = tiny.exp2 %x : tensor<4x3xf32, #d2>
  %z = tiny.const dense<0.0> : tensor<f32, #d2>
  %m = tiny.cmplt %ua, %z : tensor<4x3xf32, #d2>, tensor<f32, #d2>
  %w = tiny.where %m, %e, %row : tensor<4x3xi1, #d2>, tensor<4x3xf32, #d2>, tensor<1x3xf32, #d2>
  return %w : tensor<4x3xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// A sharded operand may broadcast along other axes: the shards broadcast.
// CHECK-LABEL: func.func @sharded_operand_broadcasts
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32, {{.*}}>, %[[B:.*]]: tensor<2x1xf32
// CHECK: %[[S:.*]] = tiny.sub %[[A]], %[[B]] : tensor<2x3xf32, {{.*}}>, tensor<2x1xf32
// CHECK: %[[U:.*]] = tiny.unshard %[[S]] axis 0 : tensor<2x3xf32
// CHECK: return %[[U]]
func.func @sharded_operand_broadcasts(%a: tensor<2x3xf32, #d2>, %b: tensor<2x1xf32, #d2>) -> tensor<4x3xf32, #d2> {
  %ua = tiny.unshard %a axis 0 : tensor<2x3xf32, #d2>
  %ub = tiny.unshard %b axis 0 : tensor<2x1xf32, #d2>
  %s = tiny.sub %ua, %ub : tensor<4x3xf32, #d2>, tensor<4x1xf32, #d2>
  return %s : tensor<4x3xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// Without a sharded operand nothing moves.
// CHECK-LABEL: func.func @nothing_sharded
// CHECK-NEXT: %[[S:.*]] = tiny.add %{{.*}}, %{{.*}} : tensor<4x3xf32
// CHECK-NEXT: return %[[S]]
func.func @nothing_sharded(%a: tensor<4x3xf32, #d2>, %b: tensor<4x3xf32, #d2>) -> tensor<4x3xf32, #d2> {
  %s = tiny.add %a, %b : tensor<4x3xf32, #d2>
  return %s : tensor<4x3xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// A stack of a sharded value and a splat runs per shard; the sharded axis
// moves one axis in.
// CHECK-LABEL: func.func @stack
// CHECK-SAME: (%[[A:.*]]: tensor<3x2xf32
// CHECK: %[[C:.*]] = tiny.const dense<1.000000e+00> : tensor<3x2xf32
// CHECK: %[[S:.*]] = tiny.stack %[[A]], %[[C]] : tensor<3x2xf32
// CHECK: %[[U:.*]] = tiny.unshard %[[S]] axis 2 : tensor<2x3x2xf32
// CHECK: return %[[U]]
func.func @stack(%a: tensor<3x2xf32, #d2>) -> tensor<2x3x4xf32, #d2> {
  %ua = tiny.unshard %a axis 1 : tensor<3x2xf32, #d2>
  %c = tiny.const dense<1.0> : tensor<3x4xf32, #d2>
  %s = tiny.stack %ua, %c : tensor<3x4xf32, #d2>, tensor<3x4xf32, #d2>
  return %s : tensor<2x3x4xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// contiguous and bitcast run per shard; a bitcast to a narrower dtype
// lengthens each shard's last axis.
// CHECK-LABEL: func.func @pass_through
// CHECK-SAME: (%[[A:.*]]: tensor<2x2xf32
// CHECK: %[[C:.*]] = tiny.contiguous %[[A]] : tensor<2x2xf32
// CHECK: %[[B:.*]] = tiny.bitcast %[[C]] to ui8 : tensor<2x2xf32
// CHECK: %[[U:.*]] = tiny.unshard %[[B]] axis 1 : tensor<2x8xui8
// CHECK: return %[[U]]
func.func @pass_through(%a: tensor<2x2xf32, #d2>) -> tensor<2x16xui8, #d2> {
  %ua = tiny.unshard %a axis 1 : tensor<2x2xf32, #d2>
  %c = tiny.contiguous %ua : tensor<2x4xf32, #d2>
  %b = tiny.bitcast %c to ui8 : tensor<2x4xf32, #d2>
  return %b : tensor<2x16xui8, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// A gather along an axis that is not sharded, with indices every device
// holds, runs per shard; so does one of a whole source with sharded indices.
// CHECK-LABEL: func.func @index
// CHECK-SAME: (%[[A:.*]]: tensor<5x2xf32, {{.*}}>, %[[I:.*]]: tensor<3xi32, {{.*}}>, %[[X:.*]]: tensor<5x4xf32, {{.*}}>, %[[J:.*]]: tensor<1xi32
// CHECK: %[[G:.*]] = tiny.index %[[A]][%[[I]]] : tensor<5x2xf32
// CHECK: %[[UG:.*]] = tiny.unshard %[[G]] axis 1 : tensor<3x2xf32
// CHECK: %[[H:.*]] = tiny.index %[[X]][%[[J]]] : tensor<5x4xf32
// CHECK: %[[UH:.*]] = tiny.unshard %[[H]] axis 0 : tensor<1x4xf32
// CHECK: tiny.tuple %[[UG]], %[[UH]]
func.func @index(%a: tensor<5x2xf32, #d2>, %i: tensor<3xi32, #d2>, %x: tensor<5x4xf32, #d2>, %j: tensor<1xi32, #d2>) -> tuple<tensor<3x4xf32, #d2>, tensor<2x4xf32, #d2>> {
  %ua = tiny.unshard %a axis 1 : tensor<5x2xf32, #d2>
  %g = tiny.index %ua[%i] : tensor<5x4xf32, #d2>, tensor<3xi32, #d2>
  %uj = tiny.unshard %j axis 0 : tensor<1xi32, #d2>
  %h = tiny.index %x[%uj] : tensor<5x4xf32, #d2>, tensor<2xi32, #d2>
  %t = tiny.tuple %g, %h : tensor<3x4xf32, #d2>, tensor<2x4xf32, #d2>
  return %t : tuple<tensor<3x4xf32, #d2>, tensor<2x4xf32, #d2>>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// A window inside one shard: every device takes that shard (the window is
// all of it, so nothing is cut).
// CHECK-LABEL: func.func @shrink_one_shard
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32
// CHECK: %[[A1:.*]] = tiny.mselect %[[A]][1]
// CHECK: %[[ON0:.*]] = tiny.copy %[[A1]] to "CPU"
// CHECK: %[[M:.*]] = tiny.mstack %[[ON0]], %[[A1]]
// CHECK: return %[[M]]
func.func @shrink_one_shard(%a: tensor<2x3xf32, #d2>) -> tensor<2x3xf32, #d2> {
  %ua = tiny.unshard %a axis 0 : tensor<2x3xf32, #d2>
  %s = tiny.shrink %ua [2, 0] to [4, 3] : tensor<4x3xf32, #d2>
  return %s : tensor<2x3xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">
#r2 = #tiny.device<"CPU:1", "CPU:0">

// A copy of a sharded value to a device tuple gives every device the whole
// value, gathered there.
// CHECK-LABEL: func.func @copy_to_tuple
// CHECK-SAME: (%[[A:.*]]: tensor<2xf32
// CHECK: %[[A0:.*]] = tiny.mselect %[[A]][0]
// CHECK: %[[A0ON1:.*]] = tiny.copy %[[A0]] to "CPU:1"
// CHECK: %[[A1:.*]] = tiny.mselect %[[A]][1]
// CHECK: %[[S1:.*]] = tiny.stack %[[A0ON1]], %[[A1]]
// CHECK: %[[G1:.*]] = tiny.reshape %[[S1]] to [4] : tensor<2x2xf32, #tiny.device<"CPU:1">>
// CHECK: %[[A1ON0:.*]] = tiny.copy %{{.*}} to "CPU"
// CHECK: %[[S0:.*]] = tiny.stack %{{.*}}, %[[A1ON0]]
// CHECK: %[[G0:.*]] = tiny.reshape %[[S0]] to [4] : tensor<2x2xf32, #tiny.device<"CPU">>
// CHECK: %[[M:.*]] = tiny.mstack %[[G1]], %[[G0]]
// CHECK: return %[[M]]
func.func @copy_to_tuple(%a: tensor<2xf32, #d2>) -> tensor<4xf32, #r2> {
  %ua = tiny.unshard %a axis 0 : tensor<2xf32, #d2>
  %c = tiny.copy %ua to ["CPU:1", "CPU:0"] : tensor<4xf32, #d2>
  return %c : tensor<4xf32, #r2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// A store into a sharded target stores each shard of the value into the
// target's shard on its device (a splat: one shard long); an after of the
// sharded target waits per shard.
// CHECK-LABEL: func.func @store
// CHECK-SAME: (%[[B:.*]]: tensor<2x3xf32
// CHECK: %[[C:.*]] = tiny.const dense<1.000000e+00> : tensor<2x3xf32
// CHECK: %[[T:.*]] = tiny.store %[[B]], %[[C]] : tensor<2x3xf32
// CHECK: %[[A:.*]] = tiny.after %[[B]](%[[T]]) : tensor<2x3xf32
// CHECK: %[[U:.*]] = tiny.unshard %[[A]] axis 0 : tensor<2x3xf32
// CHECK: return %[[U]]
func.func @store(%b: tensor<2x3xf32, #d2>) -> tensor<4x3xf32, #d2> {
  %ub = tiny.unshard %b axis 0 : tensor<2x3xf32, #d2>
  %c = tiny.const dense<1.0> : tensor<4x3xf32, #d2>
  %t = tiny.store %ub, %c : tensor<4x3xf32, #d2>
  %a = tiny.after %ub(%t) : tensor<4x3xf32, #d2>, !tiny.token
  return %a : tensor<4x3xf32, #d2>
}
