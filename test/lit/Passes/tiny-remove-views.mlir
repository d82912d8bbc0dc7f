// RUN: tiny-opt %s -split-input-file -tiny-remove-views | FileCheck %s
// A second run changes nothing: the same checks hold.
// RUN: tiny-opt %s -split-input-file -tiny-remove-views -tiny-remove-views | FileCheck %s

#cpu = #tiny.device<"CPU">

// store(reshape(x), v) -> store(x, reshape(v, shape(x)))
// CHECK-LABEL: tiny.function @store_reshape
// CHECK-NEXT: %[[X:.*]] = tiny.param 0 : f32 size 6
// CHECK-NEXT: %[[V:.*]] = tiny.param 1 : f32 size 6
// CHECK-NEXT: %[[VR:.*]] = tiny.reshape %[[V]] to [2, 3]
// CHECK-NEXT: %[[W:.*]] = tiny.reshape %[[VR]] to [6] : tensor<2x3xf32
// CHECK-NEXT: %[[T:.*]] = tiny.store %[[X]], %[[W]] : tensor<6xf32
// CHECK-NEXT: tiny.after %[[X]](%[[T]])
tiny.function @store_reshape -> tensor<6xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.param 1 : f32 size 6 on "CPU"
  %xr = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %vr = tiny.reshape %v to [2, 3] : tensor<6xf32, #cpu>
  %t = tiny.store %xr, %vr : tensor<2x3xf32, #cpu>
  %a = tiny.after %x(%t) : tensor<6xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<6xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// store(permute(x, [1, 2, 0]), v) -> store(x, permute(v, [2, 0, 1])): result
// axis i of the view is axis order[i] of x, so axis j of x is axis
// inverse[j] of v.
// CHECK-LABEL: tiny.function @store_permute
// CHECK-NEXT: %[[P:.*]] = tiny.param 0 : f32 size 24
// CHECK-NEXT: %[[Q:.*]] = tiny.param 1 : f32 size 24
// CHECK-NEXT: %[[V:.*]] = tiny.reshape %[[Q]] to [3, 4, 2]
// CHECK-NEXT: %[[W:.*]] = tiny.permute %[[V]] [2, 0, 1] : tensor<3x4x2xf32
// CHECK-NEXT: %[[WR:.*]] = tiny.reshape %[[W]] to [24] : tensor<2x3x4xf32
// CHECK-NEXT: tiny.store %[[P]], %[[WR]] : tensor<24xf32
tiny.function @store_permute -> tensor<24xf32, #cpu> {
  %p = tiny.param 0 : f32 size 24 on "CPU"
  %q = tiny.param 1 : f32 size 24 on "CPU"
  %x = tiny.reshape %p to [2, 3, 4] : tensor<24xf32, #cpu>
  %xp = tiny.permute %x [1, 2, 0] : tensor<2x3x4xf32, #cpu>
  %v = tiny.reshape %q to [3, 4, 2] : tensor<24xf32, #cpu>
  %t = tiny.store %xp, %v : tensor<3x4x2xf32, #cpu>
  %a = tiny.after %p(%t) : tensor<24xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<24xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// store(flip(x, axes), v) -> store(x, flip(v, axes))
// CHECK-LABEL: tiny.function @store_flip
// CHECK: %[[X:.*]] = tiny.param 0
// CHECK: %[[V:.*]] = tiny.param 1
// CHECK-NEXT: %[[W:.*]] = tiny.flip %[[V]] axes [0]
// CHECK-NEXT: tiny.store %[[X]], %[[W]] : tensor<4xf32
tiny.function @store_flip -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %v = tiny.param 1 : f32 size 4 on "CPU"
  %f = tiny.flip %x axes [0] : tensor<4xf32, #cpu>
  %t = tiny.store %f, %v : tensor<4xf32, #cpu>
  %a = tiny.after %x(%t) : tensor<4xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// store(bitcast(x), v) -> store(x, bitcast(v, dtype(x))); the last axis is
// rescaled back (2 x i32 viewed as 8 x ui8).
// CHECK-LABEL: tiny.function @store_bitcast
// CHECK: %[[X:.*]] = tiny.param 0 : i32 size 2
// CHECK: %[[V:.*]] = tiny.param 1 : ui8 size 8
// CHECK-NEXT: %[[W:.*]] = tiny.bitcast %[[V]] to i32 : tensor<8xui8
// CHECK-NEXT: tiny.store %[[X]], %[[W]] : tensor<2xi32
tiny.function @store_bitcast -> tensor<2xi32, #cpu> {
  %x = tiny.param 0 : i32 size 2 on "CPU"
  %v = tiny.param 1 : ui8 size 8 on "CPU"
  %b = tiny.bitcast %x to ui8 : tensor<2xi32, #cpu>
  %t = tiny.store %b, %v : tensor<8xui8, #cpu>
  %a = tiny.after %x(%t) : tensor<2xi32, #cpu>, !tiny.token
  tiny.return %a : tensor<2xi32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A slice assignment: store(shrink(x, [1, 1] to [3, 3]), v) on a 3x4 x ->
// store(x, where(pad(true), pad(v), x)), padded by the shrink's start below
// and by (dim - end) = (0, 1) above.
// CHECK-LABEL: tiny.function @store_shrink
// CHECK-NEXT: %[[P:.*]] = tiny.param 0 : f32 size 12
// CHECK-NEXT: %[[Q:.*]] = tiny.param 1 : f32 size 4
// CHECK-NEXT: %[[X:.*]] = tiny.reshape %[[P]] to [3, 4]
// CHECK-NEXT: %[[V:.*]] = tiny.reshape %[[Q]] to [2, 2]
// CHECK-NEXT: %[[IN:.*]] = tiny.const dense<true> : tensor<2x2xi1, #tiny.device<"CPU">>
// CHECK-NEXT: %[[M:.*]] = tiny.pad %[[IN]] low [1, 1] high [0, 1] : tensor<2x2xi1
// CHECK-NEXT: %[[PV:.*]] = tiny.pad %[[V]] low [1, 1] high [0, 1] : tensor<2x2xf32
// CHECK-NEXT: %[[W:.*]] = tiny.where %[[M]], %[[PV]], %[[X]] : tensor<3x4xi1, {{.*}}>, tensor<3x4xf32, {{.*}}>, tensor<3x4xf32
// CHECK-NEXT: %[[WR:.*]] = tiny.reshape %[[W]] to [12] : tensor<3x4xf32
// CHECK-NEXT: tiny.store %[[P]], %[[WR]] : tensor<12xf32
tiny.function @store_shrink -> tensor<12xf32, #cpu> {
  %p = tiny.param 0 : f32 size 12 on "CPU"
  %q = tiny.param 1 : f32 size 4 on "CPU"
  %x = tiny.reshape %p to [3, 4] : tensor<12xf32, #cpu>
  %s = tiny.shrink %x [1, 1] to [3, 3] : tensor<3x4xf32, #cpu>
  %v = tiny.reshape %q to [2, 2] : tensor<4xf32, #cpu>
  %t = tiny.store %s, %v : tensor<2x2xf32, #cpu>
  %a = tiny.after %p(%t) : tensor<12xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<12xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Chains compose, outermost view first: shrink(permute(reshape(p))). The
// slice update is built on the permuted view, then permuted back and
// reshaped to the flat param.
// CHECK-LABEL: tiny.function @store_shrink_permute_reshape
// CHECK: %[[P:.*]] = tiny.param 0 : f32 size 6
// CHECK: %[[Q:.*]] = tiny.param 1 : f32 size 2
// CHECK: %[[X:.*]] = tiny.reshape %[[P]] to [2, 3]
// CHECK-NEXT: %[[XP:.*]] = tiny.permute %[[X]] [1, 0]
// CHECK-NEXT: %[[V:.*]] = tiny.reshape %[[Q]] to [2, 1]
// CHECK-NEXT: %[[IN:.*]] = tiny.const dense<true> : tensor<2x1xi1
// CHECK-NEXT: %[[M:.*]] = tiny.pad %[[IN]] low [1, 0] high [0, 1]
// CHECK-NEXT: %[[PV:.*]] = tiny.pad %[[V]] low [1, 0] high [0, 1]
// CHECK-NEXT: %[[W:.*]] = tiny.where %[[M]], %[[PV]], %[[XP]]
// CHECK-NEXT: %[[WP:.*]] = tiny.permute %[[W]] [1, 0] : tensor<3x2xf32
// CHECK-NEXT: %[[WR:.*]] = tiny.reshape %[[WP]] to [6] : tensor<2x3xf32
// CHECK-NEXT: %[[T:.*]] = tiny.store %[[P]], %[[WR]] : tensor<6xf32
tiny.function @store_shrink_permute_reshape -> tensor<6xf32, #cpu> {
  %p = tiny.param 0 : f32 size 6 on "CPU"
  %q = tiny.param 1 : f32 size 2 on "CPU"
  %x = tiny.reshape %p to [2, 3] : tensor<6xf32, #cpu>
  %xp = tiny.permute %x [1, 0] : tensor<2x3xf32, #cpu>
  %s = tiny.shrink %xp [1, 0] to [3, 1] : tensor<3x2xf32, #cpu>
  %v = tiny.reshape %q to [2, 1] : tensor<2xf32, #cpu>
  %t = tiny.store %s, %v : tensor<2x1xf32, #cpu>
  %a = tiny.after %p(%t) : tensor<6xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<6xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Views that take everything need no mask: a full shrink, a pad of nothing
// and an expand to the same shape are peeled off.
// CHECK-LABEL: tiny.function @store_identity_views
// CHECK: %[[X:.*]] = tiny.buffer 0 : f32 size 4
// CHECK: %[[V:.*]] = tiny.param 0 : f32 size 4
// CHECK-NOT: tiny.where
// CHECK-NOT: tiny.const
// CHECK: tiny.store %[[X]], %[[V]] : tensor<4xf32
tiny.function @store_identity_views -> tensor<4xf32, #cpu> {
  %x = tiny.buffer 0 : f32 size 4 on "CPU"
  %v = tiny.param 0 : f32 size 4 on "CPU"
  %s = tiny.shrink %x [0] to [4] : tensor<4xf32, #cpu>
  %p = tiny.pad %s low [0] high [0] : tensor<4xf32, #cpu>
  %e = tiny.expand %p to [4] : tensor<4xf32, #cpu>
  %t = tiny.store %e, %v : tensor<4xf32, #cpu>
  %a = tiny.after %x(%t) : tensor<4xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Two slice assignments in a row, the second into the after of the first:
// store(shrink(after(x, t1)), v) -> store(after(x, t1), where(.., after))
// -> store(x, where(.., after)): the new value reads the after, which
// orders the second store after the first.
// CHECK-LABEL: tiny.function @store_slices_in_sequence
// CHECK: %[[X:.*]] = tiny.param 0 : f32 size 6
// CHECK: %[[W1:.*]] = tiny.where %{{.*}}, %{{.*}}, %[[X]]
// CHECK-NEXT: %[[T1:.*]] = tiny.store %[[X]], %[[W1]]
// CHECK-NEXT: %[[A1:.*]] = tiny.after %[[X]](%[[T1]])
// CHECK: %[[W2:.*]] = tiny.where %{{.*}}, %{{.*}}, %[[A1]]
// CHECK-NEXT: %[[T2:.*]] = tiny.store %[[X]], %[[W2]] : tensor<6xf32
// CHECK-NEXT: %[[A2:.*]] = tiny.after %[[A1]](%[[T2]])
// CHECK-NEXT: tiny.return %[[A2]]
tiny.function @store_slices_in_sequence -> tensor<6xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.param 1 : f32 size 2 on "CPU"
  %s1 = tiny.shrink %x [0] to [2] : tensor<6xf32, #cpu>
  %t1 = tiny.store %s1, %v : tensor<2xf32, #cpu>
  %a1 = tiny.after %x(%t1) : tensor<6xf32, #cpu>, !tiny.token
  %s2 = tiny.shrink %a1 [4] to [6] : tensor<6xf32, #cpu>
  %t2 = tiny.store %s2, %v : tensor<2xf32, #cpu>
  %a2 = tiny.after %a1(%t2) : tensor<6xf32, #cpu>, !tiny.token
  tiny.return %a2 : tensor<6xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A store into an after whose value does not read it keeps the after: only
// the after orders this store after t1.
// CHECK-LABEL: tiny.function @store_into_after_unread
// CHECK: %[[X:.*]] = tiny.param 0
// CHECK: %[[V:.*]] = tiny.param 1
// CHECK: %[[T1:.*]] = tiny.store %[[X]], %[[V]]
// CHECK-NEXT: %[[A1:.*]] = tiny.after %[[X]](%[[T1]])
// CHECK-NEXT: %[[T2:.*]] = tiny.store %[[A1]], %[[V]]
tiny.function @store_into_after_unread -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %v = tiny.param 1 : f32 size 4 on "CPU"
  %t1 = tiny.store %x, %v : tensor<4xf32, #cpu>
  %a1 = tiny.after %x(%t1) : tensor<4xf32, #cpu>, !tiny.token
  %t2 = tiny.store %a1, %v : tensor<4xf32, #cpu>
  %a2 = tiny.after %a1(%t2) : tensor<4xf32, #cpu>, !tiny.token
  tiny.return %a2 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// after(view(x), deps) -> view(after(x, deps)), through a chain of views.
// CHECK-LABEL: tiny.function @after_of_views
// CHECK: %[[X:.*]] = tiny.param 0 : f32 size 6
// CHECK: %[[T:.*]] = tiny.store %[[X]], %{{.*}}
// CHECK-NEXT: %[[A:.*]] = tiny.after %[[X]](%[[T]]) : tensor<6xf32, {{.*}}>, !tiny.token
// CHECK-NEXT: %[[S:.*]] = tiny.shrink %[[A]] [2] to [6] : tensor<6xf32
// CHECK-NEXT: %[[R:.*]] = tiny.reshape %[[S]] to [2, 2] : tensor<4xf32
// CHECK-NEXT: tiny.return %[[R]]
tiny.function @after_of_views -> tensor<2x2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.param 1 : f32 size 6 on "CPU"
  %t = tiny.store %x, %v : tensor<6xf32, #cpu>
  %s = tiny.shrink %x [2] to [6] : tensor<6xf32, #cpu>
  %r = tiny.reshape %s to [2, 2] : tensor<4xf32, #cpu>
  %a = tiny.after %r(%t) : tensor<2x2xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<2x2xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// An after of a view that is itself a store target: the after moves under
// the view, the store peels the view, whose slice update reads the after,
// then drops the after. (Dropping it first would leave the slice update
// reading the param without the order after t1.)
// CHECK-LABEL: tiny.function @store_into_after_of_view
// CHECK-NEXT: %[[X:.*]] = tiny.param 0 : f32 size 4
// CHECK-NEXT: %[[V:.*]] = tiny.param 1 : f32 size 4
// CHECK-NEXT: %[[T1:.*]] = tiny.store %[[X]], %[[V]]
// CHECK-NEXT: %[[A1:.*]] = tiny.after %[[X]](%[[T1]]) : tensor<4xf32
// CHECK-NEXT: %[[S:.*]] = tiny.shrink %[[A1]] [1] to [3]
// CHECK-NEXT: %[[E:.*]] = tiny.exp2 %[[S]]
// CHECK-NEXT: %[[IN:.*]] = tiny.const dense<true> : tensor<2xi1
// CHECK-NEXT: %[[M:.*]] = tiny.pad %[[IN]] low [1] high [1]
// CHECK-NEXT: %[[PE:.*]] = tiny.pad %[[E]] low [1] high [1]
// CHECK-NEXT: %[[W:.*]] = tiny.where %[[M]], %[[PE]], %[[A1]]
// CHECK-NEXT: tiny.store %[[X]], %[[W]] : tensor<4xf32
tiny.function @store_into_after_of_view -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %v = tiny.param 1 : f32 size 4 on "CPU"
  %t1 = tiny.store %x, %v : tensor<4xf32, #cpu>
  %s = tiny.shrink %x [1] to [3] : tensor<4xf32, #cpu>
  %a1 = tiny.after %s(%t1) : tensor<2xf32, #cpu>, !tiny.token
  %e = tiny.exp2 %a1 : tensor<2xf32, #cpu>
  %t2 = tiny.store %a1, %e : tensor<2xf32, #cpu>
  %a2 = tiny.after %x(%t2) : tensor<4xf32, #cpu>, !tiny.token
  tiny.return %a2 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
#cpu0 = #tiny.device<"CPU:0">
#cpu1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:0", "CPU:1">

// view(mstack(a, b)) -> mstack(view(a), view(b)), each view on its device;
// the mstack of reshapes left between them is dead and erased.
// CHECK-LABEL: tiny.function @view_of_mstack
// CHECK-NEXT: %[[A:.*]] = tiny.buffer 0 : f32 size 6 on "CPU"
// CHECK-NEXT: %[[B:.*]] = tiny.buffer 1 : f32 size 6 on "CPU:1"
// CHECK-NEXT: %[[RA:.*]] = tiny.reshape %[[A]] to [2, 3] : tensor<6xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[RB:.*]] = tiny.reshape %[[B]] to [2, 3] : tensor<6xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[PA:.*]] = tiny.pad %[[RA]] low [0, 1] high [0, 0] : tensor<2x3xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[PB:.*]] = tiny.pad %[[RB]] low [0, 1] high [0, 0] : tensor<2x3xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[PM:.*]] = tiny.mstack %[[PA]], %[[PB]] : tensor<2x4xf32, #tiny.device<"CPU">>, tensor<2x4xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: tiny.copy %[[PM]] to "CPU" : tensor<2x4xf32, #tiny.device<"CPU", "CPU:1">>
tiny.function @view_of_mstack -> tensor<2x4xf32, #cpu> {
  %a = tiny.buffer 0 : f32 size 6 on "CPU:0"
  %b = tiny.buffer 1 : f32 size 6 on "CPU:1"
  %m = tiny.mstack %a, %b : tensor<6xf32, #cpu0>, tensor<6xf32, #cpu1>
  %r = tiny.reshape %m to [2, 3] : tensor<6xf32, #d2>
  %p = tiny.pad %r low [0, 1] high [0, 0] : tensor<2x3xf32, #d2>
  %c = tiny.copy %p to "CPU" : tensor<2x4xf32, #d2>
  tiny.return %c : tensor<2x4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
#cpu0 = #tiny.device<"CPU:0">
#cpu1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:0", "CPU:1">

// A view of an mstack that is a store target stays for the store to peel
// (an mstack of views would leave the store nothing to peel). The slice
// update on the device tuple carries a mask constant on the tuple.
// CHECK-LABEL: tiny.function @store_into_view_of_mstack
// CHECK: %[[M:.*]] = tiny.mstack %{{.*}}, %{{.*}} : tensor<4xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[V:.*]] = tiny.copy
// CHECK-NEXT: %[[IN:.*]] = tiny.const dense<true> : tensor<2xi1, #tiny.device<"CPU", "CPU:1">>
// CHECK-NEXT: %[[MASK:.*]] = tiny.pad %[[IN]] low [1] high [1]
// CHECK-NEXT: %[[PV:.*]] = tiny.pad %[[V]] low [1] high [1]
// CHECK-NEXT: %[[W:.*]] = tiny.where %[[MASK]], %[[PV]], %[[M]]
// CHECK-NEXT: tiny.store %[[M]], %[[W]] : tensor<4xf32, #tiny.device<"CPU", "CPU:1">>
tiny.function @store_into_view_of_mstack -> tensor<4xf32, #cpu> {
  %a = tiny.buffer 0 : f32 size 4 on "CPU:0"
  %b = tiny.buffer 1 : f32 size 4 on "CPU:1"
  %p = tiny.param 0 : f32 size 2 on "CPU"
  %m = tiny.mstack %a, %b : tensor<4xf32, #cpu0>, tensor<4xf32, #cpu1>
  %s = tiny.shrink %m [1] to [3] : tensor<4xf32, #d2>
  %v = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<2xf32, #cpu>
  %t = tiny.store %s, %v : tensor<2xf32, #d2>
  %w = tiny.after %m(%t) : tensor<4xf32, #d2>, !tiny.token
  %c = tiny.copy %w to "CPU" : tensor<4xf32, #d2>
  tiny.return %c : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Nothing to do: a store into the param itself, views that are only read
// (rangeify indexes them), and an after that holds the param.
// CHECK-LABEL: tiny.function @nothing_to_remove
// CHECK-NEXT: %[[X:.*]] = tiny.param 0 : f32 size 6
// CHECK-NEXT: %[[R:.*]] = tiny.reshape %[[X]] to [2, 3]
// CHECK-NEXT: %[[F:.*]] = tiny.flip %[[R]] axes [1]
// CHECK-NEXT: %[[FR:.*]] = tiny.reshape %[[F]] to [6]
// CHECK-NEXT: %[[T:.*]] = tiny.store %[[X]], %[[FR]] : tensor<6xf32
// CHECK-NEXT: %[[A:.*]] = tiny.after %[[X]](%[[T]])
// CHECK-NEXT: %[[S:.*]] = tiny.shrink %[[A]] [0] to [3]
// CHECK-NEXT: tiny.return %[[S]]
tiny.function @nothing_to_remove -> tensor<3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %r = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %f = tiny.flip %r axes [1] : tensor<2x3xf32, #cpu>
  %fr = tiny.reshape %f to [6] : tensor<2x3xf32, #cpu>
  %t = tiny.store %x, %fr : tensor<6xf32, #cpu>
  %a = tiny.after %x(%t) : tensor<6xf32, #cpu>, !tiny.token
  %s = tiny.shrink %a [0] to [3] : tensor<6xf32, #cpu>
  tiny.return %s : tensor<3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// No folding happens: a reshape chain that -canonicalize would fold, and a
// view of an unshard (-tiny-multi's), are left as they are.
// CHECK-LABEL: tiny.function @no_folding
// CHECK-NEXT: %[[X:.*]] = tiny.param 0 : f32 size 6
// CHECK-NEXT: %[[R:.*]] = tiny.reshape %[[X]] to [2, 3]
// CHECK-NEXT: %[[R2:.*]] = tiny.reshape %[[R]] to [3, 2]
// CHECK-NEXT: tiny.return %[[R2]]
tiny.function @no_folding -> tensor<3x2xf32, #tiny.device<"CPU">> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %r = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %r2 = tiny.reshape %r to [3, 2] : tensor<2x3xf32, #cpu>
  tiny.return %r2 : tensor<3x2xf32, #cpu>
}

// CHECK-LABEL: func.func @view_of_unshard
// CHECK-NEXT: %[[U:.*]] = tiny.unshard %{{.*}} axis 0
// CHECK-NEXT: %[[S:.*]] = tiny.shrink %[[U]] [1, 0] to [3, 2]
// CHECK-NEXT: return %[[S]]
func.func @view_of_unshard(%x: tensor<2x2xf32, #tiny.device<"CPU:0", "CPU:1">>) -> tensor<2x2xf32, #tiny.device<"CPU:0", "CPU:1">> {
  %u = tiny.unshard %x axis 0 : tensor<2x2xf32, #tiny.device<"CPU:0", "CPU:1">>
  %s = tiny.shrink %u [1, 0] to [3, 2] : tensor<4x2xf32, #tiny.device<"CPU:0", "CPU:1">>
  return %s : tensor<2x2xf32, #tiny.device<"CPU:0", "CPU:1">>
}
