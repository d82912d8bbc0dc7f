// RUN: tiny-opt %s -split-input-file -convert-tiny-to-scf | FileCheck %s

// A kernel is inlined in place; each range is an scf.for from 0 to its bound
// by 1, a REDUCE range carrying its accumulator as iter_args, tiny.k.end
// becoming scf.yield. Loads and stores through tiny.k.index address the
// memref directly.
// CHECK-LABEL: func.func @reduce
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<12xf32>, %[[OUT:[a-z0-9_]+]]: memref<4xf32>)
// CHECK-NOT: tiny.k
// CHECK-DAG: %[[C4:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK-DAG: %[[C3:[a-z0-9_]+]] = arith.constant 3 : index
// CHECK-DAG: %[[ZERO:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[LB:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-DAG: %[[STEP:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK: scf.for %[[I:[a-z0-9_]+]] = %[[LB]] to %[[C4]] step %[[STEP]] {
// CHECK-DAG: %[[LB2:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-DAG: %[[STEP2:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK: %[[SUM:[a-z0-9_]+]] = scf.for %[[K:[a-z0-9_]+]] = %[[LB2]] to %[[C3]] step %[[STEP2]] iter_args(%[[ACC:[a-z0-9_]+]] = %[[ZERO]]) -> (f32) {
// CHECK-NEXT: %[[ROW:[a-z0-9_]+]] = arith.muli %[[I]], %[[C3]] : index
// CHECK-NEXT: %[[OFF:[a-z0-9_]+]] = arith.addi %[[ROW]], %[[K]] : index
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = memref.load %[[X]][%[[OFF]]] : memref<12xf32>
// CHECK-NEXT: %[[NEXT:[a-z0-9_]+]] = arith.addf %[[ACC]], %[[V]] : f32
// CHECK-NEXT: scf.yield %[[NEXT]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %[[SUM]], %[[OUT]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @reduce(%x: memref<12xf32>, %out: memref<4xf32>) {
  tiny.k.kernel "r_4_1" {
    %c4 = arith.constant 4 : index
    %c3 = arith.constant 3 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range loop %i < %c4 {
      %sum = tiny.k.range reduce %k < %c3 iter_args(%acc = %zero) -> (f32) {
        %row = arith.muli %i, %c3 : index
        %off = arith.addi %row, %k : index
        %p = tiny.k.index %x[%off] : memref<12xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %next = arith.addf %acc, %v : f32
        tiny.k.end %next : f32
      }
      %q = tiny.k.index %out[%i] : memref<4xf32>
      tiny.k.store %q, %sum : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// Several carried values; their order is kept from the inits through the
// block arguments to the yield and the results.
// CHECK-LABEL: func.func @two_carried
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xi32>, %[[OUT:[a-z0-9_]+]]: memref<2xi32>)
// CHECK-DAG: %[[ZERO:[a-z0-9_]+]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:[a-z0-9_]+]] = arith.constant 1 : i32
// CHECK: %[[R:[a-z0-9_]+]]:2 = scf.for %[[K:[a-z0-9_]+]] = %{{[a-z0-9_]+}} to %{{[a-z0-9_]+}} step %{{[a-z0-9_]+}} iter_args(%[[S:[a-z0-9_]+]] = %[[ZERO]], %[[P:[a-z0-9_]+]] = %[[ONE]]) -> (i32, i32) {
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = memref.load %[[X]][%[[K]]] : memref<4xi32>
// CHECK-NEXT: %[[S2:[a-z0-9_]+]] = arith.addi %[[S]], %[[V]] : i32
// CHECK-NEXT: %[[P2:[a-z0-9_]+]] = arith.muli %[[P]], %[[V]] : i32
// CHECK-NEXT: scf.yield %[[S2]], %[[P2]] : i32, i32
// CHECK-NEXT: }
// CHECK: memref.store %[[R]]#0, %[[OUT]][%{{[a-z0-9_]+}}] : memref<2xi32>
// CHECK: memref.store %[[R]]#1, %[[OUT]][%{{[a-z0-9_]+}}] : memref<2xi32>
// CHECK-NOT: tiny.k
func.func @two_carried(%x: memref<4xi32>, %out: memref<2xi32>) {
  tiny.k.kernel "r_2" {
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %r:2 = tiny.k.range reduce %k < %c4 iter_args(%s = %zero, %p = %one) -> (i32, i32) {
      %ptr = tiny.k.index %x[%k] : memref<4xi32>
      %v = tiny.k.load %ptr : !tiny.ptr<i32, global>
      %s2 = arith.addi %s, %v : i32
      %p2 = arith.muli %p, %v : i32
      tiny.k.end %s2, %p2 : i32, i32
    }
    %q0 = tiny.k.index %out[%c0] : memref<2xi32>
    tiny.k.store %q0, %r#0 : !tiny.ptr<i32, global>
    %q1 = tiny.k.index %out[%c1] : memref<2xi32>
    tiny.k.store %q1, %r#1 : !tiny.ptr<i32, global>
  }
  return
}

// -----

// A gated load is an scf.if yielding the loaded value, and the alternative
// value where the gate is false; a gated store is an scf.if with no else.
// CHECK-LABEL: func.func @gated
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32>, %[[OUT:[a-z0-9_]+]]: memref<4xf32>)
// CHECK-DAG: %[[C2:[a-z0-9_]+]] = arith.constant 2 : index
// CHECK-DAG: %[[ALT:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK: scf.for %[[I:[a-z0-9_]+]] =
// CHECK-NEXT: %[[VALID:[a-z0-9_]+]] = arith.cmpi ult, %[[I]], %[[C2]] : index
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = scf.if %[[VALID]] -> (f32) {
// CHECK-NEXT: %[[L:[a-z0-9_]+]] = memref.load %[[X]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: scf.yield %[[L]] : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ALT]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %[[VALID]] {
// CHECK-NEXT: memref.store %[[V]], %[[OUT]][%[[I]]] : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NOT: else
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NOT: tiny.k
func.func @gated(%x: memref<4xf32>, %out: memref<4xf32>) {
  tiny.k.kernel "E_4" {
    %c4 = arith.constant 4 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range loop %i < %c4 {
      %valid = arith.cmpi ult, %i, %c2 : index
      %p = tiny.k.index %x[%i] : memref<4xf32>
      %v = tiny.k.load %p if %valid else %zero : !tiny.ptr<f32, global>, f32
      %q = tiny.k.index %out[%i] : memref<4xf32>
      tiny.k.store %q, %v if %valid : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// atomic_add is memref.atomic_rmw: addf on floats, addi on integers. Every
// axis type (here GLOBAL) runs as a serial loop.
// CHECK-LABEL: func.func @atomic
// CHECK-SAME: (%[[F:[a-z0-9_]+]]: memref<4xf32>, %[[N:[a-z0-9_]+]]: memref<4xi32>, %[[V:[a-z0-9_]+]]: f32, %[[W:[a-z0-9_]+]]: i32)
// CHECK: scf.for %[[I:[a-z0-9_]+]] =
// CHECK-NEXT: memref.atomic_rmw addf %[[V]], %[[F]][%[[I]]] : (f32, memref<4xf32>) -> f32
// CHECK-NEXT: memref.atomic_rmw addi %[[W]], %[[N]][%[[I]]] : (i32, memref<4xi32>) -> i32
// CHECK-NEXT: }
// CHECK-NOT: tiny.k
func.func @atomic(%f: memref<4xf32>, %n: memref<4xi32>, %v: f32, %w: i32) {
  tiny.k.kernel "E_4" {
    %c4 = arith.constant 4 : index
    tiny.k.range global %i < %c4 {
      %p = tiny.k.index %f[%i] : memref<4xf32>
      tiny.k.atomic_add %p, %v : !tiny.ptr<f32, global>
      %q = tiny.k.index %n[%i] : memref<4xi32>
      tiny.k.atomic_add %q, %w : !tiny.ptr<i32, global>
    }
  }
  return
}
