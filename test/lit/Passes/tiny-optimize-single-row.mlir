// A nest of one accumulator row, out[j] += a[k] * b[k, j] (a GEMV), is left
// untiled by the heuristic: it reads each element of b once, and its column
// loop inside the reduce range reads b a row at a time, as it lies in
// memory. `tile-single-rows` and an explicit `vectors-per-row` tile it.
// RUN: tiny-opt %s -tiny-optimize="vector-bits=128 vector-registers=8" | FileCheck %s --check-prefix=DEFAULT
// RUN: tiny-opt %s -tiny-optimize="vector-bits=128 vector-registers=8 tile-single-rows=true" | FileCheck %s --check-prefix=TILED
// RUN: tiny-opt %s -tiny-optimize="vector-bits=128 vector-registers=8 vectors-per-row=1" | FileCheck %s --check-prefix=ONE

// DEFAULT-LABEL: func.func @gemv
// DEFAULT:         tiny.k.range reduce %[[K:.*]] < %{{.*}} {
// DEFAULT-NEXT:      tiny.k.range loop %[[J:.*]] < %{{.*}} {
// DEFAULT-NEXT:        %[[P:.*]] = tiny.k.index %{{.*}}[%[[J]]] : memref<16xf32>
// DEFAULT-NEXT:        tiny.k.load %[[P]]
// DEFAULT-NOT:     vector.
// DEFAULT:         return

// Two vectors of 4 lanes per row (4 of the 8 registers would hold 4
// accumulator rows' vectors; one row takes at most 4, and 16 columns hold
// them): tiles of 16 columns, carried through the reduce range.
// TILED-LABEL: func.func @gemv
// TILED:         tiny.k.range loop %{{.*}} < %{{.*}} {
// TILED:           %[[INIT:.*]] = vector.load %{{.*}} : memref<16xf32>, vector<16xf32>
// TILED-NEXT:      %[[RES:.*]] = tiny.k.range reduce %{{.*}} < %{{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (vector<16xf32>) {
// TILED:           vector.store %[[RES]], %{{.*}} : memref<16xf32>, vector<16xf32>

// ONE-LABEL: func.func @gemv
// ONE:           tiny.k.range reduce %{{.*}} < %{{.*}} iter_args(%{{.*}}) -> (vector<4xf32>) {
func.func @gemv(%a: memref<32xf32>, %b: memref<512xf32>, %out: memref<16xf32>) {
  tiny.k.kernel "r_16_32" {
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    tiny.k.range reduce %k < %c32 {
      tiny.k.range loop %j < %c16 {
        %p = tiny.k.index %out[%j] : memref<16xf32>
        %acc = tiny.k.load %p : !tiny.ptr<f32, global>
        %pa = tiny.k.index %a[%k] : memref<32xf32>
        %av = tiny.k.load %pa : !tiny.ptr<f32, global>
        %kb = arith.muli %k, %c16 : index
        %ib = arith.addi %kb, %j : index
        %pb = tiny.k.index %b[%ib] : memref<512xf32>
        %bv = tiny.k.load %pb : !tiny.ptr<f32, global>
        %m = arith.mulf %av, %bv fastmath<contract> : f32
        %s = arith.addf %acc, %m fastmath<reassoc,contract> : f32
        tiny.k.store %p, %s : !tiny.ptr<f32, global>
      }
    }
  }
  return
}
