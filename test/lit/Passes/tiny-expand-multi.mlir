// RUN: tiny-opt %s -split-input-file -tiny-expand-multi | FileCheck %s
// RUN: tiny-opt %S/Inputs/expand-multi-pipeline.mlir -split-input-file -tiny-resolve-calls -tiny-multi -tiny-expand-multi | FileCheck %s --check-prefix=PIPE

// Each value on a device tuple becomes one value per device.

#cpu = #tiny.device<"CPU">

// A single-device program, copies included, is left as it is.
// CHECK-LABEL: tiny.function @single_device
// CHECK-NEXT: %[[P:.*]] = tiny.param 0 : f32 size 4 on "CPU"
// CHECK-NEXT: %[[C:.*]] = tiny.copy %[[P]] to "CUDA" : tensor<4xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[B:.*]] = tiny.copy %[[C]] to "CPU" : tensor<4xf32, #tiny.device<"CUDA">>
// CHECK-NEXT: %[[A:.*]] = tiny.add %[[B]], %[[P]]
// CHECK-NEXT: tiny.return %[[A]]
tiny.function @single_device -> tensor<4xf32, #cpu> {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  %c = tiny.copy %p to "CUDA" : tensor<4xf32, #cpu>
  %b = tiny.copy %c to "CPU" : tensor<4xf32, #tiny.device<"CUDA">>
  %a = tiny.add %b, %p : tensor<4xf32, #cpu>
  tiny.return %a : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
#d2 = #tiny.device<"CPU:0", "CPU:1">

// A copy of a single-device value to a tuple replicates it; the mul and its
// constant run on each device; the copy back to one device reads device 0.
// Device 0, "CPU:0", is the host "CPU" the param is on: neither the copy
// onto it nor the copy back from it is made.
// CHECK-LABEL: tiny.function @replicate
// CHECK-NEXT: %[[P:.*]] = tiny.param 0 : f32 size 6 on "CPU"
// CHECK-NEXT: %[[R1:.*]] = tiny.copy %[[P]] to "CPU:1" : tensor<6xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[C0:.*]] = tiny.const dense<2.000000e+00> : tensor<1xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[C1:.*]] = tiny.const dense<2.000000e+00> : tensor<1xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[M0:.*]] = tiny.mul %[[P]], %[[C0]] : tensor<6xf32, #tiny.device<"CPU">>, tensor<1xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[M1:.*]] = tiny.mul %[[R1]], %[[C1]] : tensor<6xf32, #tiny.device<"CPU:1">>, tensor<1xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[G1:.*]] = tiny.copy %[[M1]] to "CPU" : tensor<6xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[T:.*]] = tiny.tuple %[[M0]], %[[G1]]
// CHECK-NEXT: tiny.return %[[T]]
tiny.function @replicate -> tuple<tensor<6xf32, #cpu>, tensor<6xf32, #cpu>> {
  %p = tiny.param 0 : f32 size 6 on "CPU"
  %r = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<6xf32, #cpu>
  %c = tiny.const dense<2.0> : tensor<1xf32, #d2>
  %m = tiny.mul %r, %c : tensor<6xf32, #d2>, tensor<1xf32, #d2>
  %g = tiny.copy %m to "CPU" : tensor<6xf32, #d2>
  %m1 = tiny.mselect %m[1] : tensor<6xf32, #d2>
  %g1 = tiny.copy %m1 to "CPU" : tensor<6xf32, #tiny.device<"CPU:1">>
  %t = tiny.tuple %g, %g1 : tensor<6xf32, #cpu>, tensor<6xf32, #cpu>
  tiny.return %t : tuple<tensor<6xf32, #cpu>, tensor<6xf32, #cpu>>
}

// -----

#cpu = #tiny.device<"CPU">
#d2 = #tiny.device<"CPU:0", "CPU:1">

// Only device 0's value is read: the other devices' work is removed. Device
// 0 ("CPU:0") is the host, so no copy is left either.
// CHECK-LABEL: tiny.function @read_device_0
// CHECK-NEXT: %[[P:.*]] = tiny.param 0 : f32 size 6 on "CPU"
// CHECK-NEXT: %[[S0:.*]] = tiny.sqrt %[[P]] : tensor<6xf32, #tiny.device<"CPU">>
// CHECK-NEXT: tiny.return %[[S0]]
tiny.function @read_device_0 -> tensor<6xf32, #cpu> {
  %p = tiny.param 0 : f32 size 6 on "CPU"
  %r = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<6xf32, #cpu>
  %s = tiny.sqrt %r : tensor<6xf32, #d2>
  %g = tiny.copy %s to "CPU" : tensor<6xf32, #d2>
  tiny.return %g : tensor<6xf32, #cpu>
}

// -----

#cpu0 = #tiny.device<"CPU:0">
#cpu1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:0", "CPU:1">

// Device 0 already holds the value: it needs no copy there, and reading it
// back on CPU:0 needs none either.
// CHECK-LABEL: tiny.function @copy_onto_own_device
// CHECK-NEXT: %[[P:.*]] = tiny.param 0 : i32 size 4 on "CPU"
// CHECK-NEXT: %[[R1:.*]] = tiny.copy %[[P]] to "CPU:1" : tensor<4xi32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[N0:.*]] = tiny.neg %[[P]] : tensor<4xi32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[N1:.*]] = tiny.neg %[[R1]] : tensor<4xi32, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[T:.*]] = tiny.tuple %[[N0]], %[[N1]]
// CHECK-NEXT: tiny.return %[[T]]
tiny.function @copy_onto_own_device -> tuple<tensor<4xi32, #cpu0>, tensor<4xi32, #cpu1>> {
  %p = tiny.param 0 : i32 size 4 on "CPU:0"
  %r = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<4xi32, #cpu0>
  %n = tiny.neg %r : tensor<4xi32, #d2>
  %g = tiny.copy %n to "CPU:0" : tensor<4xi32, #d2>
  %n1 = tiny.mselect %n[1] : tensor<4xi32, #d2>
  %t = tiny.tuple %g, %n1 : tensor<4xi32, #cpu0>, tensor<4xi32, #cpu1>
  tiny.return %t : tuple<tensor<4xi32, #cpu0>, tensor<4xi32, #cpu1>>
}

// -----

#cpu = #tiny.device<"CPU">
#cpu0 = #tiny.device<"CPU:0">
#cpu1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:0", "CPU:1">

// mstack lists the per-device values and mselect picks one: sharded with
// copies in the program, reduced per device, gathered shard by shard.
// CHECK-LABEL: tiny.function @mstack_mselect
// CHECK-NEXT: %[[P:.*]] = tiny.param 0 : f32 size 8 on "CPU"
// CHECK-NEXT: %[[X:.*]] = tiny.reshape %[[P]] to [2, 4]
// CHECK-NEXT: %[[L:.*]] = tiny.shrink %[[X]] [0, 0] to [1, 4]
// CHECK-NEXT: %[[H:.*]] = tiny.shrink %[[X]] [1, 0] to [2, 4]
// CHECK-NEXT: %[[L0:.*]] = tiny.copy %[[L]] to "CPU"
// CHECK-NEXT: %[[H1:.*]] = tiny.copy %[[H]] to "CPU:1"
// CHECK-NEXT: %[[S0:.*]] = tiny.reduce add %[[L0]] axes [1] : tensor<1x4xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[S1:.*]] = tiny.reduce add %[[H1]] axes [1] : tensor<1x4xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[G0:.*]] = tiny.copy %[[S0]] to "CPU" : tensor<1x1xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[G1:.*]] = tiny.copy %[[S1]] to "CPU" : tensor<1x1xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[ST:.*]] = tiny.stack %[[G0]], %[[G1]]
// CHECK-NEXT: tiny.return %[[ST]]
tiny.function @mstack_mselect -> tensor<2x1x1xf32, #cpu> {
  %p = tiny.param 0 : f32 size 8 on "CPU"
  %x = tiny.reshape %p to [2, 4] : tensor<8xf32, #cpu>
  %lo = tiny.shrink %x [0, 0] to [1, 4] : tensor<2x4xf32, #cpu>
  %hi = tiny.shrink %x [1, 0] to [2, 4] : tensor<2x4xf32, #cpu>
  %lo0 = tiny.copy %lo to "CPU:0" : tensor<1x4xf32, #cpu>
  %hi1 = tiny.copy %hi to "CPU:1" : tensor<1x4xf32, #cpu>
  %m = tiny.mstack %lo0, %hi1 : tensor<1x4xf32, #cpu0>, tensor<1x4xf32, #cpu1>
  %s = tiny.reduce add %m axes [1] : tensor<1x4xf32, #d2>
  %s0 = tiny.mselect %s[0] : tensor<1x1xf32, #d2>
  %s1 = tiny.mselect %s[1] : tensor<1x1xf32, #d2>
  %g0 = tiny.copy %s0 to "CPU" : tensor<1x1xf32, #cpu0>
  %g1 = tiny.copy %s1 to "CPU" : tensor<1x1xf32, #cpu1>
  %st = tiny.stack %g0, %g1 : tensor<1x1xf32, #cpu>, tensor<1x1xf32, #cpu>
  tiny.return %st : tensor<2x1x1xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
#d2 = #tiny.device<"CPU:0", "CPU:1">
#e2 = #tiny.device<"CUDA:0", "CUDA:1">
#r2 = #tiny.device<"CPU:1", "CPU:0">

// A copy between tuples of one size copies device i's value to the target's
// device i: onto CUDA, back onto the CPUs swapped, and swapped back.
// CHECK-LABEL: tiny.function @copy_between_tuples
// CHECK-NEXT: %[[P:.*]] = tiny.param 0
// CHECK-NEXT: %[[R1:.*]] = tiny.copy %[[P]] to "CPU:1"
// CHECK-NEXT: %[[E0:.*]] = tiny.copy %[[P]] to "CUDA" : tensor<3xf16, #tiny.device<"CPU">>
// CHECK-NEXT: %[[E1:.*]] = tiny.copy %[[R1]] to "CUDA:1" : tensor<3xf16, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[B0:.*]] = tiny.copy %[[E0]] to "CPU:1" : tensor<3xf16, #tiny.device<"CUDA">>
// CHECK-NEXT: %[[B1:.*]] = tiny.copy %[[E1]] to "CPU" : tensor<3xf16, #tiny.device<"CUDA:1">>
// CHECK-NEXT: %[[S0:.*]] = tiny.copy %[[B0]] to "CPU" : tensor<3xf16, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[S1:.*]] = tiny.copy %[[B1]] to "CPU:1" : tensor<3xf16, #tiny.device<"CPU">>
// CHECK-NEXT: %[[T:.*]] = tiny.tuple %[[S0]], %[[S1]]
// CHECK-NEXT: tiny.return %[[T]]
tiny.function @copy_between_tuples -> tuple<tensor<3xf16, #tiny.device<"CPU:0">>, tensor<3xf16, #tiny.device<"CPU:1">>> {
  %p = tiny.param 0 : f16 size 3 on "CPU"
  %r = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<3xf16, #cpu>
  %e = tiny.copy %r to ["CUDA:0", "CUDA:1"] : tensor<3xf16, #d2>
  %b = tiny.copy %e to ["CPU:1", "CPU:0"] : tensor<3xf16, #e2>
  %s = tiny.copy %b to ["CPU:0", "CPU:1"] : tensor<3xf16, #r2>
  %s0 = tiny.mselect %s[0] : tensor<3xf16, #d2>
  %s1 = tiny.mselect %s[1] : tensor<3xf16, #d2>
  %t = tiny.tuple %s0, %s1 : tensor<3xf16, #tiny.device<"CPU:0">>, tensor<3xf16, #tiny.device<"CPU:1">>
  tiny.return %t : tuple<tensor<3xf16, #tiny.device<"CPU:0">>, tensor<3xf16, #tiny.device<"CPU:1">>>
}

// -----

#cpu0 = #tiny.device<"CPU:0">
#cpu1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:0", "CPU:1">

// A copy from a tuple onto the same tuple moves nothing.
// CHECK-LABEL: tiny.function @copy_onto_same_tuple
// CHECK-NEXT: %[[P:.*]] = tiny.param 0
// CHECK-NEXT: %[[R1:.*]] = tiny.copy %[[P]] to "CPU:1"
// CHECK-NEXT: %[[A0:.*]] = tiny.add %[[P]], %[[P]] : tensor<2xui8, #tiny.device<"CPU">>
// CHECK-NEXT: %[[A1:.*]] = tiny.add %[[R1]], %[[R1]] : tensor<2xui8, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[T:.*]] = tiny.tuple %[[A0]], %[[A1]]
// CHECK-NEXT: tiny.return %[[T]]
tiny.function @copy_onto_same_tuple -> tuple<tensor<2xui8, #cpu0>, tensor<2xui8, #cpu1>> {
  %p = tiny.param 0 : ui8 size 2 on "CPU:0"
  %r = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<2xui8, #cpu0>
  %s = tiny.copy %r to ["CPU:0", "CPU:1"] : tensor<2xui8, #d2>
  %a = tiny.add %s, %r : tensor<2xui8, #d2>
  %a0 = tiny.mselect %a[0] : tensor<2xui8, #d2>
  %a1 = tiny.mselect %a[1] : tensor<2xui8, #d2>
  %t = tiny.tuple %a0, %a1 : tensor<2xui8, #cpu0>, tensor<2xui8, #cpu1>
  tiny.return %t : tuple<tensor<2xui8, #cpu0>, tensor<2xui8, #cpu1>>
}

// -----

#cpu = #tiny.device<"CPU">
#d2 = #tiny.device<"CPU:0", "CPU:1">

// A buffer on a tuple is one buffer per device, on slots no other buffer
// uses (here 0 and 3 are taken); two buffer ops of one slot are one buffer
// and keep sharing their new slots. Stores and afters run per device; an
// after on one device waits on every device's store.
// CHECK-LABEL: tiny.function @buffers
// CHECK-NEXT: %[[P:.*]] = tiny.param 0 : f32 size 4 on "CPU"
// CHECK-NEXT: %[[K:.*]] = tiny.buffer 3 : f32 size 4 on "CPU"
// CHECK-NEXT: %[[B0:.*]] = tiny.buffer 4 : f32 size 4 on "CPU"
// CHECK-NEXT: %[[B1:.*]] = tiny.buffer 5 : f32 size 4 on "CPU:1"
// CHECK-NEXT: %[[V1:.*]] = tiny.copy %[[P]] to "CPU:1"
// CHECK-NEXT: %[[T0:.*]] = tiny.store %[[B0]], %[[P]] : tensor<4xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[T1:.*]] = tiny.store %[[B1]], %[[V1]] : tensor<4xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[A0:.*]] = tiny.buffer 4 : f32 size 4 on "CPU"
// CHECK-NEXT: %[[A1:.*]] = tiny.buffer 5 : f32 size 4 on "CPU:1"
// CHECK-NEXT: %[[W0:.*]] = tiny.after %[[A0]](%[[T0]]) : tensor<4xf32, #tiny.device<"CPU">>, !tiny.token
// CHECK-NEXT: %[[W1:.*]] = tiny.after %[[A1]](%[[T1]]) : tensor<4xf32, #tiny.device<"CPU:1">>, !tiny.token
// CHECK-NEXT: %[[KW:.*]] = tiny.after %[[K]](%[[T0]], %[[T1]]) : tensor<4xf32, #tiny.device<"CPU">>, !tiny.token, !tiny.token
// CHECK-NEXT: %[[G1:.*]] = tiny.copy %[[W1]] to "CPU"
// CHECK-NEXT: %[[S:.*]] = tiny.add %[[W0]], %[[G1]]
// CHECK-NEXT: %[[S2:.*]] = tiny.add %[[S]], %[[KW]]
// CHECK-NEXT: tiny.return %[[S2]]
tiny.function @buffers -> tensor<4xf32, #cpu> {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  %k = tiny.buffer 3 : f32 size 4 on "CPU"
  %b = tiny.buffer 0 : f32 size 4 on ["CPU:0", "CPU:1"]
  %v = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<4xf32, #cpu>
  %t = tiny.store %b, %v : tensor<4xf32, #d2>
  %again = tiny.buffer 0 : f32 size 4 on ["CPU:0", "CPU:1"]
  %w = tiny.after %again(%t) : tensor<4xf32, #d2>, !tiny.token
  %kw = tiny.after %k(%t) : tensor<4xf32, #cpu>, !tiny.token
  %g0 = tiny.copy %w to "CPU" : tensor<4xf32, #d2>
  %w1 = tiny.mselect %w[1] : tensor<4xf32, #d2>
  %g1 = tiny.copy %w1 to "CPU" : tensor<4xf32, #tiny.device<"CPU:1">>
  %s = tiny.add %g0, %g1 : tensor<4xf32, #cpu>
  %s2 = tiny.add %s, %kw : tensor<4xf32, #cpu>
  tiny.return %s2 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
#d2 = #tiny.device<"CPU:0", "CPU:1">
#e2 = #tiny.device<"CUDA:0", "CUDA:1">

// Device i's after waits on device i's store of the same tuple, and on
// every store of another tuple. Stores are kept though nothing reads their
// tokens.
// CHECK-LABEL: tiny.function @after_other_tuple
// CHECK: %[[T0:.*]] = tiny.store {{.*}} : tensor<4xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[T1:.*]] = tiny.store {{.*}} : tensor<4xf32, #tiny.device<"CPU:1">>
// CHECK: %[[U0:.*]] = tiny.store {{.*}} : tensor<4xf32, #tiny.device<"CUDA">>
// CHECK-NEXT: %[[U1:.*]] = tiny.store {{.*}} : tensor<4xf32, #tiny.device<"CUDA:1">>
// CHECK-NEXT: tiny.after %{{.*}}(%[[T0]], %[[U0]], %[[U1]]) : tensor<4xf32, #tiny.device<"CPU">>
// CHECK-NEXT: tiny.after %{{.*}}(%[[T1]], %[[U0]], %[[U1]]) : tensor<4xf32, #tiny.device<"CPU:1">>
// CHECK: tiny.store {{.*}} : tensor<4xf32, #tiny.device<"CPU">>
// CHECK-NEXT: tiny.store {{.*}} : tensor<4xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: tiny.return
tiny.function @after_other_tuple -> tensor<4xf32, #cpu> {
  %p = tiny.param 0 : f32 size 4 on "CPU"
  %b = tiny.buffer 0 : f32 size 4 on ["CPU:0", "CPU:1"]
  %v = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<4xf32, #cpu>
  %t = tiny.store %b, %v : tensor<4xf32, #d2>
  %c = tiny.buffer 1 : f32 size 4 on ["CUDA:0", "CUDA:1"]
  %cv = tiny.copy %p to ["CUDA:0", "CUDA:1"] : tensor<4xf32, #cpu>
  %u = tiny.store %c, %cv : tensor<4xf32, #e2>
  %w = tiny.after %b(%t, %u) : tensor<4xf32, #d2>, !tiny.token, !tiny.token
  %o = tiny.buffer 2 : f32 size 4 on ["CPU:0", "CPU:1"]
  %unread = tiny.store %o, %w : tensor<4xf32, #d2>
  tiny.return %p : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
#d2 = #tiny.device<"CPU:0", "CPU:1">

// Movement, reduce, cast and tuples are cloned per device alike; an unshard
// nothing reads is dropped.
// CHECK-LABEL: tiny.function @generic_ops
// CHECK-NOT: tiny.unshard
// CHECK: %[[X0:.*]] = tiny.reshape %{{.*}} to [2, 3] : tensor<6xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[X1:.*]] = tiny.reshape %{{.*}} to [2, 3] : tensor<6xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[T0:.*]] = tiny.permute %[[X0]] [1, 0]
// CHECK-NEXT: %[[T1:.*]] = tiny.permute %[[X1]] [1, 0]
// CHECK-NEXT: %[[R0:.*]] = tiny.reduce max %[[T0]] axes [0] : tensor<3x2xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[R1:.*]] = tiny.reduce max %[[T1]] axes [0] : tensor<3x2xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[C0:.*]] = tiny.cast %[[R0]] to i32 : tensor<1x2xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[C1:.*]] = tiny.cast %[[R1]] to i32 : tensor<1x2xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[U0:.*]] = tiny.tuple %[[C0]], %[[R0]] : tensor<1x2xi32, #tiny.device<"CPU">>, tensor<1x2xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[U1:.*]] = tiny.tuple %[[C1]], %[[R1]] : tensor<1x2xi32, #tiny.device<"CPU:1">>, tensor<1x2xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[E0:.*]] = tiny.gettuple %[[U0]][0] : tuple<tensor<1x2xi32, #tiny.device<"CPU">>, tensor<1x2xf32, #tiny.device<"CPU">>>
// CHECK-NEXT: %[[E1:.*]] = tiny.gettuple %[[U1]][0] : tuple<tensor<1x2xi32, #tiny.device<"CPU:1">>, tensor<1x2xf32, #tiny.device<"CPU:1">>>
// CHECK-NEXT: %[[G1:.*]] = tiny.copy %[[E1]] to "CPU" : tensor<1x2xi32, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[A:.*]] = tiny.add %[[E0]], %[[G1]]
// CHECK-NEXT: tiny.return %[[A]]
tiny.function @generic_ops -> tensor<1x2xi32, #cpu> {
  %p = tiny.param 0 : f32 size 6 on "CPU"
  %r = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<6xf32, #cpu>
  %dead = tiny.unshard %r axis 0 : tensor<6xf32, #d2>
  %x = tiny.reshape %r to [2, 3] : tensor<6xf32, #d2>
  %t = tiny.permute %x [1, 0] : tensor<2x3xf32, #d2>
  %m = tiny.reduce max %t axes [0] : tensor<3x2xf32, #d2>
  %c = tiny.cast %m to i32 : tensor<1x2xf32, #d2>
  %u = tiny.tuple %c, %m : tensor<1x2xi32, #d2>, tensor<1x2xf32, #d2>
  %e = tiny.gettuple %u[0] : tuple<tensor<1x2xi32, #d2>, tensor<1x2xf32, #d2>>
  %g = tiny.copy %e to "CPU" : tensor<1x2xi32, #d2>
  %e1 = tiny.mselect %e[1] : tensor<1x2xi32, #d2>
  %g1 = tiny.copy %e1 to "CPU" : tensor<1x2xi32, #tiny.device<"CPU:1">>
  %a = tiny.add %g, %g1 : tensor<1x2xi32, #cpu>
  tiny.return %a : tensor<1x2xi32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
#d2 = #tiny.device<"CPU:0", "CPU:1">

// A private function is only reached through calls, whose arguments hold
// the shards of its params: it is left as it is. The public one is
// expanded (only device 0's exp2 is read; device 0 is the host, so no copy
// is left).
// CHECK-LABEL: tiny.function @callee
// CHECK-NEXT: tiny.param 0 : f32 size 2 on ["CPU", "CPU:1"]
// CHECK-NEXT: tiny.unshard
// CHECK-LABEL: tiny.function @entry
// CHECK-NEXT: %[[P:.*]] = tiny.param 0 : f32 size 2 on "CPU"
// CHECK-NEXT: %[[E0:.*]] = tiny.exp2 %[[P]] : tensor<2xf32, #tiny.device<"CPU">>
// CHECK-NEXT: tiny.return %[[E0]]
tiny.function @callee -> tensor<4xf32, #d2> attributes {sym_visibility = "private"} {
  %p = tiny.param 0 : f32 size 2 on ["CPU:0", "CPU:1"]
  %u = tiny.unshard %p axis 0 : tensor<2xf32, #d2>
  tiny.return %u : tensor<4xf32, #d2>
}

tiny.function @entry -> tensor<2xf32, #cpu> {
  %p = tiny.param 0 : f32 size 2 on "CPU"
  %r = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<2xf32, #cpu>
  %e = tiny.exp2 %r : tensor<2xf32, #d2>
  %g = tiny.copy %e to "CPU" : tensor<2xf32, #d2>
  tiny.return %g : tensor<2xf32, #cpu>
}

// The pipeline run on Inputs/expand-multi-pipeline.mlir: -tiny-multi writes
// each gather as per-shard mselect and copy, and -tiny-expand-multi leaves
// the shards' own copies feeding those, on single devices only. Shard 0 is
// on "CPU:0", the host "CPU": its gather copy is not made.

// PIPE-LABEL: tiny.function @gather
// PIPE-NEXT: %[[P:.*]] = tiny.param 0 : i32 size 12 on "CPU"
// PIPE-NEXT: %[[X:.*]] = tiny.reshape %[[P]] to [3, 4]
// PIPE-NEXT: %[[L:.*]] = tiny.shrink %[[X]] [0, 0] to [3, 2]
// PIPE-NEXT: %[[R:.*]] = tiny.shrink %[[X]] [0, 2] to [3, 4]
// PIPE-NEXT: %[[L0:.*]] = tiny.copy %[[L]] to "CPU"
// PIPE-NEXT: %[[R1:.*]] = tiny.copy %[[R]] to "CPU:1"
// PIPE-NEXT: %[[G1:.*]] = tiny.copy %[[R1]] to "CPU" : tensor<3x2xi32, #tiny.device<"CPU:1">>
// PIPE-NEXT: %[[T0:.*]] = tiny.permute %[[L0]] [1, 0]
// PIPE-NEXT: %[[T1:.*]] = tiny.permute %[[G1]] [1, 0]
// PIPE-NEXT: %[[ST:.*]] = tiny.stack %[[T0]], %[[T1]]
// PIPE-NEXT: %[[M:.*]] = tiny.reshape %[[ST]] to [4, 3]
// PIPE-NEXT: %[[B:.*]] = tiny.permute %[[M]] [1, 0]
// PIPE-NEXT: tiny.return %[[B]] : tensor<3x4xi32, #tiny.device<"CPU">>

// PIPE-LABEL: tiny.function @gather_axis0
// PIPE-COUNT-3: tiny.shrink
// PIPE-NEXT: %[[C0:.*]] = tiny.copy %{{.*}} to "CPU"
// PIPE-NEXT: %[[C1:.*]] = tiny.copy %{{.*}} to "CPU:1"
// PIPE-NEXT: %[[C2:.*]] = tiny.copy %{{.*}} to "CPU:2"
// PIPE-NEXT: %[[G1:.*]] = tiny.copy %[[C1]] to "CPU"
// PIPE-NEXT: %[[G2:.*]] = tiny.copy %[[C2]] to "CPU"
// PIPE-NEXT: %[[ST:.*]] = tiny.stack %[[C0]], %[[G1]], %[[G2]]
// PIPE-NEXT: %[[M:.*]] = tiny.reshape %[[ST]] to [6]
// PIPE-NEXT: tiny.return %[[M]]

// PIPE-LABEL: tiny.function @elementwise
// PIPE-DAG: %[[K0:.*]] = tiny.const dense<2.000000e+00> : tensor<1x3xf32, #tiny.device<"CPU">>
// PIPE-DAG: %[[K1:.*]] = tiny.const dense<2.000000e+00> : tensor<1x3xf32, #tiny.device<"CPU:1">>
// PIPE: %[[T0:.*]] = tiny.copy %{{.*}} to "CPU" : tensor<2x3xf32, #tiny.device<"CPU">>
// PIPE-NEXT: %[[B1:.*]] = tiny.copy %{{.*}} to "CPU:1" : tensor<2x3xf32, #tiny.device<"CPU">>
// PIPE-NEXT: %[[S0:.*]] = tiny.add %[[T0]], %[[T0]] : tensor<2x3xf32, #tiny.device<"CPU">>
// PIPE-NEXT: %[[S1:.*]] = tiny.add %[[B1]], %[[B1]] : tensor<2x3xf32, #tiny.device<"CPU:1">>
// PIPE-NEXT: %[[M0:.*]] = tiny.mul %[[S0]], %[[K0]]
// PIPE-NEXT: %[[M1:.*]] = tiny.mul %[[S1]], %[[K1]]
// PIPE-NEXT: %[[G1:.*]] = tiny.copy %[[M1]] to "CPU"
// PIPE-NEXT: %[[ST:.*]] = tiny.stack %[[M0]], %[[G1]]
// PIPE-NEXT: %[[R:.*]] = tiny.reshape %[[ST]] to [4, 3]
// PIPE-NEXT: tiny.return %[[R]]

// The private callee stays behind as -tiny-resolve-calls left it; the
// caller reads only device 0 of the replicated product.
// PIPE-LABEL: tiny.function @scale
// PIPE: tiny.param 0 : f32 size 3 on ["CPU", "CPU:1"]
// PIPE-LABEL: tiny.function @caller
// PIPE-NEXT: %[[K:.*]] = tiny.const dense<3.000000e+00> : tensor<3xf32, #tiny.device<"CPU">>
// PIPE-NEXT: %[[P:.*]] = tiny.param 0 : f32 size 3 on "CPU"
// PIPE-NEXT: %[[M:.*]] = tiny.mul %[[P]], %[[K]]
// PIPE-NEXT: tiny.return %[[M]]
