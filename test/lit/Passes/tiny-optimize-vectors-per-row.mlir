// RUN: tiny-opt %s -split-input-file -tiny-optimize="vector-bits=128 vector-registers=8 vectors-per-row=1" | FileCheck %s --check-prefix=ONE
// RUN: tiny-opt %s -split-input-file -tiny-optimize="vector-bits=128 vector-registers=8 vectors-per-row=3" | FileCheck %s --check-prefix=THREE
// RUN: tiny-opt %s -split-input-file -tiny-optimize="vector-bits=128 vector-registers=8 vectors-per-row=2" | FileCheck %s --check-prefix=TWO
// RUN: tiny-opt %s -split-input-file -tiny-optimize="vector-bits=128 vector-registers=8 tile-single-rows=true" | FileCheck %s --check-prefix=TWO

// -tiny-optimize's vectors-per-row fixes the width of the register tiles
// (what a kernel search varies): tiles of that many vectors per row.
// The kernel of tiny-optimize.mlir's @tiles: two accumulator rows over 15
// columns, 4 f32 lanes to a 128-bit vector; the heuristic gives each row
// 2 vectors (4 of 8 registers hold accumulators), as vectors-per-row=2
// does.
//
// vectors-per-row=1: tiles of 4 columns, 15 / 4 = 3 of them (columns 0 to
// 11), then one tile of the 3 columns left (12 to 14), a vector of 3.
// vectors-per-row=3: one tile of 12 columns (0 to 11), no room left for a
// whole vector (3 columns), then the same tile of 3.
// vectors-per-row=2: one tile of 8 (0 to 7), one of 4 (8 to 11), then the
// same.
// vectors-per-row=4 asks for tiles of 16 columns, more than the 15 there
// are: tiny-optimize-vectors-per-row-invalid.mlir.

// ONE-LABEL: func.func @tiles
// ONE:         %[[C3:.*]] = arith.constant 3 : index
// ONE:         %[[N:.*]] = arith.constant 3 : index
// ONE-NEXT:    tiny.k.range loop %[[T:.*]] < %[[N]] {
// ONE-NEXT:      %[[C4:.*]] = arith.constant 4 : index
// ONE-NEXT:      %[[J:.*]] = arith.muli %[[T]], %[[C4]] : index
// ONE-NEXT:      vector.load %{{.*}}[%[[J]]] : memref<30xf32>, vector<4xf32>
// ONE:           tiny.k.range reduce %{{.*}} < %[[C3]] iter_args({{.*}}) -> (vector<4xf32>, vector<4xf32>) {
// ONE:         tiny.k.range loop %{{.*}} < %{{.*}} {
// ONE:           %[[C12:.*]] = arith.constant 12 : index
// ONE:           tiny.k.range reduce %{{.*}} < %[[C3]] iter_args({{.*}}) -> (vector<3xf32>, vector<3xf32>) {
// ONE-NOT:     tiny.k.range
// ONE:         return

// THREE-LABEL: func.func @tiles
// THREE:         tiny.k.range loop %{{.*}} < %{{.*}} {
// THREE:           vector.load %{{.*}}[%{{.*}}] : memref<30xf32>, vector<12xf32>
// THREE:           tiny.k.range reduce %{{.*}} < %{{.*}} iter_args({{.*}}) -> (vector<12xf32>, vector<12xf32>) {
// THREE:         tiny.k.range loop %{{.*}} < %{{.*}} {
// THREE:           tiny.k.range reduce %{{.*}} < %{{.*}} iter_args({{.*}}) -> (vector<3xf32>, vector<3xf32>) {
// THREE-NOT:     tiny.k.range
// THREE:         return

// TWO-LABEL: func.func @tiles
// TWO:         tiny.k.range loop %{{.*}} < %{{.*}} {
// TWO:           tiny.k.range reduce %{{.*}} < %{{.*}} iter_args({{.*}}) -> (vector<8xf32>, vector<8xf32>) {
// TWO:         tiny.k.range loop %{{.*}} < %{{.*}} {
// TWO:           tiny.k.range reduce %{{.*}} < %{{.*}} iter_args({{.*}}) -> (vector<4xf32>, vector<4xf32>) {
// TWO:         tiny.k.range loop %{{.*}} < %{{.*}} {
// TWO:           tiny.k.range reduce %{{.*}} < %{{.*}} iter_args({{.*}}) -> (vector<3xf32>, vector<3xf32>) {
// TWO-NOT:     tiny.k.range
// TWO:         return

func.func @tiles(%a: memref<6xf32>, %b: memref<45xf32>, %out: memref<30xf32>) {
  tiny.k.kernel "r_2_15_1" {
    %c3 = arith.constant 3 : index
    %c15 = arith.constant 15 : index
    tiny.k.range reduce %k < %c3 {
      tiny.k.range loop %j < %c15 {
        %p0 = tiny.k.index %out[%j] : memref<30xf32>
        %acc0 = tiny.k.load %p0 : !tiny.ptr<f32, global>
        %pa0 = tiny.k.index %a[%k] : memref<6xf32>
        %a0 = tiny.k.load %pa0 : !tiny.ptr<f32, global>
        %kb = arith.muli %k, %c15 : index
        %ib = arith.addi %kb, %j : index
        %pb = tiny.k.index %b[%ib] : memref<45xf32>
        %bv = tiny.k.load %pb : !tiny.ptr<f32, global>
        %m0 = arith.mulf %a0, %bv fastmath<contract> : f32
        %s0 = arith.addf %acc0, %m0 fastmath<reassoc,contract> : f32
        tiny.k.store %p0, %s0 : !tiny.ptr<f32, global>
        %io1 = arith.addi %j, %c15 : index
        %p1 = tiny.k.index %out[%io1] : memref<30xf32>
        %acc1 = tiny.k.load %p1 : !tiny.ptr<f32, global>
        %ia1 = arith.addi %k, %c3 : index
        %pa1 = tiny.k.index %a[%ia1] : memref<6xf32>
        %a1 = tiny.k.load %pa1 : !tiny.ptr<f32, global>
        %m1 = arith.mulf %a1, %bv fastmath<contract> : f32
        %s1 = arith.addf %acc1, %m1 fastmath<reassoc,contract> : f32
        tiny.k.store %p1, %s1 : !tiny.ptr<f32, global>
      }
    }
  }
  return
}
