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

// Sharded on different axes: nothing moves.
// CHECK-LABEL: func.func @different_axes
// CHECK: %[[UA:.*]] = tiny.unshard %{{.*}} axis 0
// CHECK: %[[UB:.*]] = tiny.unshard %{{.*}} axis 1
// CHECK: tiny.add %[[UA]], %[[UB]] : tensor<4x4xf32
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
// CHECK: %[[C:.*]] = tiny.const dense<1.000000e+00> : tensor<2x3xf32, #tiny.device<"CPU:0", "CPU:1">>
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

// Raw bytes (tiny.binary) that span the sharded axis differ per shard:
// nothing moves.
// CHECK-LABEL: func.func @bytes_span_shards
// CHECK: %[[U:.*]] = tiny.unshard
// CHECK: tiny.add %[[U]], %{{.*}} : tensor<4xui8
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

// Movement of the sharded axis itself stays on the logical value.
// CHECK-LABEL: func.func @movement_of_sharded_axis
// CHECK: %[[U:.*]] = tiny.unshard
// CHECK: %[[F:.*]] = tiny.flip %[[U]] axes [0] : tensor<4xf32
// CHECK: %[[S:.*]] = tiny.shrink %[[F]] [1] to [3] : tensor<4xf32
// CHECK: tiny.pad %[[S]] low [1] high [1] : tensor<2xf32
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
// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[A:.*]]: tensor<3x2xi32
// CHECK: %[[S0:.*]] = tiny.mselect %[[A]][0]
// CHECK: %[[C0:.*]] = tiny.copy %[[S0]] to "CPU" : tensor<3x2xi32, #tiny.device<"CPU:0">>
// CHECK: %[[P0:.*]] = tiny.permute %[[C0]] [1, 0] : tensor<3x2xi32
// CHECK: %[[S1:.*]] = tiny.mselect %[[A]][1]
// CHECK: %[[C1:.*]] = tiny.copy %[[S1]] to "CPU" : tensor<3x2xi32, #tiny.device<"CPU:1">>
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

// Three shards on axis 0: no permutes.
// CHECK-LABEL: func.func @gather_axis0
// CHECK-COUNT-3: tiny.copy
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
