// RUN: tiny-opt %s -loop-invariant-code-motion | FileCheck %s

// tiny.k.range is a LoopLikeOpInterface loop, so upstream loop passes apply:
// loop-invariant code motion hoists the pure op that uses neither the
// induction variable nor the carried value; the index and load of the
// induction variable's element and the accumulation stay.
// CHECK-LABEL: func.func @hoist
// CHECK-SAME: (%[[BUF:[a-z0-9_]+]]: memref<16xf32>, %[[X:[a-z0-9_]+]]: f32)
// CHECK: %[[TWICE:[a-z0-9_]+]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK-NEXT: tiny.k.range reduce %[[R:[a-z0-9_]+]] < %{{.*}} iter_args(%[[ACC:[a-z0-9_]+]] = %{{.*}}) -> (f32) {
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[BUF]][%[[R]]]
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]]
// CHECK-NEXT: %[[S:[a-z0-9_]+]] = arith.mulf %[[V]], %[[TWICE]] : f32
// CHECK-NEXT: %[[NEXT:[a-z0-9_]+]] = arith.addf %[[ACC]], %[[S]] : f32
// CHECK-NEXT: tiny.k.end %[[NEXT]] : f32
func.func @hoist(%buf: memref<16xf32>, %x: f32) -> f32 {
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %sum = tiny.k.range reduce %r < %c16 iter_args(%acc = %zero) -> (f32) {
    %p = tiny.k.index %buf[%r] : memref<16xf32>
    %v = tiny.k.load %p : !tiny.ptr<f32, global>
    %twice = arith.mulf %x, %x : f32
    %s = arith.mulf %v, %twice : f32
    %next = arith.addf %acc, %s : f32
    tiny.k.end %next : f32
  }
  return %sum : f32
}
