// RUN: tiny-opt %s -split-input-file -tiny-snapshot-overwritten -tiny-rangeify | FileCheck %s

// -tiny-snapshot-overwritten makes the reads of a param that a store
// overwrites read a copy (a tiny.contiguous of it). Rangeify takes that copy
// only at the store, and only when a kernel after the store reads it; until
// then kernels read the param itself.

#cpu = #tiny.device<"CPU">

// exp2(w) is computed (into the output) before the store: no copy.
// CHECK-LABEL: func.func @read_before_store
// CHECK-SAME: (%[[W:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NOT: memref.alloc
// CHECK: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[W]]
// CHECK: math.exp2
// CHECK: tiny.k.index %[[OUT]]
// CHECK: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[W]]
// CHECK: arith.mulf
// CHECK: tiny.k.index %[[W]]
// CHECK-NOT: tiny.k.kernel
// CHECK: return
tiny.function @read_before_store -> tensor<4xf32, #cpu> {
  %w = tiny.param 0 : f32 size 4 on "CPU"
  %e = tiny.exp2 %w : tensor<4xf32, #cpu>
  %c = tiny.const dense<0.5> : tensor<f32, #cpu>
  %m = tiny.mul %w, %c : tensor<4xf32, #cpu>, tensor<f32, #cpu>
  %t = tiny.store %w, %m : tensor<4xf32, #cpu>
  tiny.return %e : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// exp2(w) of the old w is computed after the store: the copy is taken
// right before the store's kernel, and exp2 reads it.
// CHECK-LABEL: func.func @read_after_store
// CHECK-SAME: (%[[W:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: %[[COPY:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: tiny.k.kernel "E_4" {
// CHECK: %[[P:[a-z0-9_]+]] = tiny.k.index %[[W]]
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]]
// CHECK-NEXT: %[[Q:[a-z0-9_]+]] = tiny.k.index %[[COPY]]
// CHECK-NEXT: tiny.k.store %[[Q]], %[[V]]
// CHECK: tiny.k.kernel "E_4" {
// CHECK: arith.mulf
// CHECK: tiny.k.index %[[W]]
// CHECK: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[COPY]]
// CHECK: math.exp2
// CHECK: tiny.k.index %[[OUT]]
// CHECK: memref.dealloc %[[COPY]]
tiny.function @read_after_store -> tensor<4xf32, #cpu> {
  %w = tiny.param 0 : f32 size 4 on "CPU"
  %c = tiny.const dense<0.5> : tensor<f32, #cpu>
  %m = tiny.mul %w, %c : tensor<4xf32, #cpu>, tensor<f32, #cpu>
  %t = tiny.store %w, %m : tensor<4xf32, #cpu>
  %e = tiny.exp2 %w : tensor<4xf32, #cpu>
  tiny.return %e : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// The old w is returned as it is: its copy is the output, written at its
// place, before the store.
// CHECK-LABEL: func.func @return_old
// CHECK-SAME: (%[[W:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NOT: memref.alloc
// CHECK: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[W]]
// CHECK: tiny.k.index %[[OUT]]
// CHECK: tiny.k.kernel "E_4" {
// CHECK: arith.mulf
// CHECK: tiny.k.index %[[W]]
// CHECK-NOT: tiny.k.kernel
// CHECK: return
tiny.function @return_old -> tensor<4xf32, #cpu> {
  %w = tiny.param 0 : f32 size 4 on "CPU"
  %c = tiny.const dense<0.5> : tensor<f32, #cpu>
  %m = tiny.mul %w, %c : tensor<4xf32, #cpu>, tensor<f32, #cpu>
  %t = tiny.store %w, %m : tensor<4xf32, #cpu>
  tiny.return %w : tensor<4xf32, #cpu>
}
