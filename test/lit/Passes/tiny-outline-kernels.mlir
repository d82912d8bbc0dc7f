// RUN: tiny-opt %s -split-input-file -tiny-outline-kernels | FileCheck %s

// Each kernel becomes a private function named after it, called where the
// kernel stood, in launch order; the buffers it uses become its arguments
// in the order it first uses them. A second kernel of the same name gets
// the suffix n1. The estimates: E_6 does a mulf and an addf in a loop of 6
// (12 FLOPs) and touches two 6-element f32 buffers (48 bytes); E_6n1 does
// one negf in loops of 2 x 3 (6 FLOPs: the index math is not counted) over
// two such buffers (48 bytes).
// CHECK-LABEL: func.func @two_kernels
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<6xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<6xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: %[[TMP:[a-z0-9_]+]] = memref.alloc() : memref<6xf32>
// CHECK-NEXT: call @E_6(%[[X]], %[[TMP]]) : (memref<6xf32>, memref<6xf32>) -> ()
// CHECK-NEXT: call @E_6n1(%[[TMP]], %[[OUT]]) : (memref<6xf32>, memref<6xf32>) -> ()
// CHECK-NEXT: memref.dealloc %[[TMP]]
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @E_6(%[[A:[a-z0-9_]+]]: memref<6xf32>, %[[B:[a-z0-9_]+]]: memref<6xf32>) attributes {passthrough = ["noinline"], tiny.bytes = 48 : i64, tiny.flops = 12 : i64, tiny.kernel} {
// CHECK-NEXT: tiny.k.kernel "E_6" {
// CHECK: tiny.k.index %[[A]]
// CHECK: tiny.k.index %[[B]]
// CHECK-NEXT: tiny.k.store
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @E_6n1(%[[C:[a-z0-9_]+]]: memref<6xf32>, %[[D:[a-z0-9_]+]]: memref<6xf32>) attributes {passthrough = ["noinline"], tiny.bytes = 48 : i64, tiny.flops = 6 : i64, tiny.kernel} {
// CHECK-NEXT: tiny.k.kernel "E_6n1" {
// CHECK: tiny.k.index %[[C]]
// CHECK: arith.negf
// CHECK: tiny.k.index %[[D]]
// CHECK: return
func.func @two_kernels(%x: memref<6xf32> {tiny.buffer = #tiny.buffer<param 0>},
                       %out: memref<6xf32> {tiny.buffer = #tiny.buffer<output 0>}) {
  %tmp = memref.alloc() : memref<6xf32>
  tiny.k.kernel "E_6" {
    %c6 = arith.constant 6 : index
    tiny.k.range loop %i < %c6 {
      %p = tiny.k.index %x[%i] : memref<6xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %m = arith.mulf %v, %v : f32
      %s = arith.addf %m, %v : f32
      %q = tiny.k.index %tmp[%i] : memref<6xf32>
      tiny.k.store %q, %s : !tiny.ptr<f32, global>
    }
  }
  tiny.k.kernel "E_6" {
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    tiny.k.range loop %i < %c2 {
      tiny.k.range loop %j < %c3 {
        %row = arith.muli %i, %c3 : index
        %flat = arith.addi %row, %j : index
        %p = tiny.k.index %tmp[%flat] : memref<6xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %n = arith.negf %v : f32
        %q = tiny.k.index %out[%flat] : memref<6xf32>
        tiny.k.store %q, %n : !tiny.ptr<f32, global>
      }
    }
  }
  memref.dealloc %tmp : memref<6xf32>
  return
}

// -----

// A kernel whose name is taken by another symbol gets a suffix; a constant
// it uses from the host function is cloned into it rather than passed. A
// reduction: the addf runs 4 times, the cmpf and select 4 times each, and
// the f16 output is 2 bytes (16 + 2 bytes in all).
// CHECK-LABEL: func.func @r_1(
// CHECK-LABEL: func.func @taken
// CHECK-NEXT: call @r_1n1(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) : (memref<4xf32>, memref<1xf16>) -> ()
// CHECK-NEXT: return
// CHECK: func.func private @r_1n1(%{{.*}}: memref<4xf32>, %{{.*}}: memref<1xf16>) attributes {passthrough = ["noinline"], tiny.bytes = 18 : i64, tiny.flops = 12 : i64, tiny.kernel}
// CHECK-NEXT: tiny.k.kernel "r_1n1" {
// CHECK-NEXT: arith.constant 0.000000e+00 : f32
func.func @r_1(%a: memref<1xf32>) {
  return
}

func.func @taken(%x: memref<4xf32>, %out: memref<1xf16>) {
  %zero = arith.constant 0.0 : f32
  tiny.k.kernel "r_1" {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %sum = tiny.k.range reduce %r < %c4 iter_args(%acc = %zero) -> (f32) {
      %p = tiny.k.index %x[%r] : memref<4xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %pos = arith.cmpf ogt, %v, %zero : f32
      %w = arith.select %pos, %v, %zero : f32
      %next = arith.addf %acc, %w : f32
      tiny.k.end %next : f32
    }
    %h = arith.truncf %sum : f32 to f16
    %q = tiny.k.index %out[%c0] : memref<1xf16>
    tiny.k.store %q, %h : !tiny.ptr<f16, global>
  }
  return
}
