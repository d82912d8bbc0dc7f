// RUN: tiny-opt %s -split-input-file -tiny-rangeify | FileCheck %s

// Stores whose value reads the target only at the element it writes run in
// place: one kernel loads x[i] and stores x[i] in the same iteration, with
// no staging buffer (Adam's `m = 0.9 * m + ...`).

#cpu = #tiny.device<"CPU">

// CHECK-LABEL: func.func @scale_in_place
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}
// CHECK-NOT: memref.alloc
// CHECK: tiny.k.kernel "E_4" {
// CHECK: tiny.k.range loop %[[I:[a-z0-9_]+]] < %{{.*}} {
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]]
// CHECK-NEXT: %[[C:[a-z0-9_]+]] = arith.constant 0.89
// CHECK-NEXT: %[[M:[a-z0-9_]+]] = arith.mulf %[[V]], %[[C]] : f32
// CHECK-NEXT: %[[Q:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: tiny.k.store %[[Q]], %[[M]]
// CHECK: tiny.k.kernel "E_4" {
// CHECK-NOT: tiny.k.kernel
// CHECK: return
tiny.function @scale_in_place -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %c = tiny.const dense<0.9> : tensor<f32, #cpu>
  %m = tiny.mul %x, %c : tensor<4xf32, #cpu>, tensor<f32, #cpu>
  %t = tiny.store %x, %m : tensor<4xf32, #cpu>
  %y = tiny.param 1 : f32 size 4 on "CPU"
  %e = tiny.exp2 %y : tensor<4xf32, #cpu>
  tiny.return %e : tensor<4xf32, #cpu>
}

// -----

// The second store reads the buffer after the first (through the after,
// whose token only orders it): two kernels writing n, none staged.

#cpu = #tiny.device<"CPU">

// CHECK-LABEL: func.func @init_then_update
// CHECK-SAME: (%[[N:[a-z0-9_]+]]: memref<1xi64> {tiny.buffer = #tiny.buffer<param 0>}
// CHECK-NOT: memref.alloc
// CHECK: tiny.k.kernel "E_1" {
// CHECK: tiny.k.store %{{.*}}, %c0_i64
// CHECK: tiny.k.kernel "E_1" {
// CHECK: %[[P:[a-z0-9_]+]] = tiny.k.index %[[N]][%[[C0:[a-z0-9_]+]]] : memref<1xi64>
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]]
// CHECK-NEXT: %[[ONE:[a-z0-9_]+]] = arith.constant 1 : i64
// CHECK-NEXT: %[[INC:[a-z0-9_]+]] = arith.addi %[[V]], %[[ONE]] : i64
// CHECK-NEXT: %[[Q:[a-z0-9_]+]] = tiny.k.index %[[N]][%[[C0]]] : memref<1xi64>
// CHECK-NEXT: tiny.k.store %[[Q]], %[[INC]]
// CHECK: tiny.k.kernel "E_4" {
// CHECK-NOT: tiny.k.kernel
// CHECK: return
tiny.function @init_then_update -> tensor<4xf32, #cpu> {
  %n = tiny.param 0 : i64 size 1 on "CPU"
  %zero = tiny.const dense<0> : tensor<1xi64, #cpu>
  %t0 = tiny.store %n, %zero : tensor<1xi64, #cpu>
  %a = tiny.after %n(%t0) : tensor<1xi64, #cpu>, !tiny.token
  %s = tiny.reshape %a to [] : tensor<1xi64, #cpu>
  %one = tiny.const dense<1> : tensor<i64, #cpu>
  %inc = tiny.add %s, %one : tensor<i64, #cpu>
  %r = tiny.reshape %inc to [1] : tensor<i64, #cpu>
  %t1 = tiny.store %n, %r : tensor<1xi64, #cpu>
  %y = tiny.param 1 : f32 size 4 on "CPU"
  %e = tiny.exp2 %y : tensor<4xf32, #cpu>
  tiny.return %e : tensor<4xf32, #cpu>
}

// -----

// A transpose stored into its own source reads other elements than the one
// it writes: it is computed into a staging buffer first, then copied.

#cpu = #tiny.device<"CPU">

// CHECK-LABEL: func.func @transpose_in_place
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}
// CHECK-NEXT: %[[BUF:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[X]]
// CHECK: tiny.k.store
// CHECK: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[BUF]]
// CHECK: tiny.k.index %[[X]]
tiny.function @transpose_in_place -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %v = tiny.reshape %x to [2, 2] : tensor<4xf32, #cpu>
  %p = tiny.permute %v [1, 0] : tensor<2x2xf32, #cpu>
  %f = tiny.reshape %p to [4] : tensor<2x2xf32, #cpu>
  %t = tiny.store %x, %f : tensor<4xf32, #cpu>
  %y = tiny.param 1 : f32 size 4 on "CPU"
  %e = tiny.exp2 %y : tensor<4xf32, #cpu>
  tiny.return %e : tensor<4xf32, #cpu>
}

// -----

// x - sum(x): the sum is realized first (it is read at every element), so
// the store reads x only at the element it writes and runs in place.

#cpu = #tiny.device<"CPU">

// CHECK-LABEL: func.func @subtract_sum
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}
// CHECK: %[[S:[a-z0-9_]+]] = memref.alloc() : memref<1xf32>
// CHECK: tiny.k.kernel "r_1" {
// CHECK: tiny.k.kernel "E_4" {
// CHECK: tiny.k.range loop %[[I:[a-z0-9_]+]] < %{{.*}} {
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[I]]]
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]]
// CHECK-NEXT: %[[PS:[a-z0-9_]+]] = tiny.k.index %[[S]]
// CHECK-NEXT: %[[VS:[a-z0-9_]+]] = tiny.k.load %[[PS]]
// CHECK-NEXT: %[[D:[a-z0-9_]+]] = arith.subf %[[V]], %[[VS]] : f32
// CHECK-NEXT: %[[Q:[a-z0-9_]+]] = tiny.k.index %[[X]][%[[I]]]
// CHECK-NEXT: tiny.k.store %[[Q]], %[[D]]
// CHECK-NOT: memref.alloc
// CHECK: tiny.k.kernel "E_4" {
// CHECK-NOT: tiny.k.kernel
// CHECK: return
tiny.function @subtract_sum -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %s = tiny.reduce add %x axes [0] : tensor<4xf32, #cpu>
  %d = tiny.sub %x, %s : tensor<4xf32, #cpu>, tensor<1xf32, #cpu>
  %t = tiny.store %x, %d : tensor<4xf32, #cpu>
  %y = tiny.param 1 : f32 size 4 on "CPU"
  %e = tiny.exp2 %y : tensor<4xf32, #cpu>
  tiny.return %e : tensor<4xf32, #cpu>
}

// -----

// The second store targets the first one's after and does not read it: it
// stores into the same param, in a kernel after the first store's.

#cpu = #tiny.device<"CPU">

// CHECK-LABEL: func.func @store_into_after
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[Y:[a-z0-9_]+]]: memref<4xf32>
// CHECK-NOT: memref.alloc
// CHECK: tiny.k.kernel "E_4" {
// CHECK: %[[V0:[a-z0-9_]+]] = tiny.k.load
// CHECK: %[[P0:[a-z0-9_]+]] = tiny.k.index %[[X]][
// CHECK-NEXT: tiny.k.store %[[P0]], %[[V0]]
// CHECK: tiny.k.kernel "E_4" {
// CHECK: %[[V1:[a-z0-9_]+]] = arith.addf
// CHECK: %[[P1:[a-z0-9_]+]] = tiny.k.index %[[X]][
// CHECK-NEXT: tiny.k.store %[[P1]], %[[V1]]
tiny.function @store_into_after -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %y = tiny.param 1 : f32 size 4 on "CPU"
  %t0 = tiny.store %x, %y : tensor<4xf32, #cpu>
  %a0 = tiny.after %x(%t0) : tensor<4xf32, #cpu>, !tiny.token
  %v = tiny.add %y, %y : tensor<4xf32, #cpu>
  %t1 = tiny.store %a0, %v : tensor<4xf32, #cpu>
  %a1 = tiny.after %a0(%t1) : tensor<4xf32, #cpu>, !tiny.token
  tiny.return %a1 : tensor<4xf32, #cpu>
}
