// RUN: tiny-opt %s -tiny-expand-upcast -tiny-optimize="vector-bits=128 vector-registers=8 tile-single-rows=true" -cse | FileCheck %s

// A matmul scheduled by hand as -tiny-rangeify and -tiny-cpu-schedule write
// a large one today (passes/RangeifyReduceOutside.cpp), with an UPCAST range
// where rangeify copies the rows itself, and one UNROLL range per row where
// -tiny-cpu-schedule's carries all rows' accumulators: 2 rows per
// iteration, the 4 reduced indices a REDUCE range of 2 UNROLLed by 2. Once
// expanded, -tiny-optimize register-tiles it as it does rangeify's form:
// the 8 columns one tile of 8 lanes (two 4-lane registers) per row, each
// row's accumulators loaded once and carried through the REDUCE range, one
// vector load of B's row per reduced index for both rows (the expanded
// copies load it once per row; -cse merges them, as the CPU pipeline's CSE
// does), each element of A broadcast, each row's sum in its reduced
// indices' order.

// CHECK-LABEL: func.func @mm
// CHECK-NOT:  tiny.k.range upcast
// CHECK-NOT:  tiny.k.range unroll
// CHECK:      %[[INIT0:.*]] = vector.load %arg2[%[[ROW0:.*]]] : memref<16xf32>, vector<8xf32>
// CHECK:      %[[INIT1:.*]] = vector.load %arg2[%[[ROW1:.*]]] : memref<16xf32>, vector<8xf32>
// CHECK-NEXT: %[[RES:.*]]:2 = tiny.k.range reduce %{{.*}} iter_args(%[[ACC0:.*]] = %[[INIT0]], %[[ACC1:.*]] = %[[INIT1]]) -> (vector<8xf32>, vector<8xf32>) {
// CHECK:        %[[B0:.*]] = vector.load %arg1[{{.*}}] : memref<32xf32>, vector<8xf32>
// CHECK-NEXT:   %[[A00:.*]] = vector.broadcast
// CHECK-NEXT:   %[[M00:.*]] = arith.mulf %[[A00]], %[[B0]]
// CHECK-NEXT:   %[[S00:.*]] = arith.addf %[[ACC0]], %[[M00]]
// CHECK:        %[[B1:.*]] = vector.load %arg1[{{.*}}] : memref<32xf32>, vector<8xf32>
// CHECK-NEXT:   %[[A01:.*]] = vector.broadcast
// CHECK-NEXT:   %[[M01:.*]] = arith.mulf %[[A01]], %[[B1]]
// CHECK-NEXT:   %[[S01:.*]] = arith.addf %[[S00]], %[[M01]]
// CHECK-NOT:    vector.load
// CHECK:        %[[M10:.*]] = arith.mulf %{{.*}}, %[[B0]]
// CHECK-NEXT:   %[[S10:.*]] = arith.addf %[[ACC1]], %[[M10]]
// CHECK-NOT:    vector.load
// CHECK:        %[[M11:.*]] = arith.mulf %{{.*}}, %[[B1]]
// CHECK-NEXT:   %[[S11:.*]] = arith.addf %[[S10]], %[[M11]]
// CHECK-NEXT:   tiny.k.end %[[S01]], %[[S11]] : vector<8xf32>, vector<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: vector.store %[[RES]]#0, %arg2[%[[ROW0]]]
// CHECK-NEXT: vector.store %[[RES]]#1, %arg2[%[[ROW1]]]
// CHECK-NOT:  tiny.k.range upcast
// CHECK-NOT:  tiny.k.range unroll
// CHECK:      return
func.func @mm(%a: memref<8xf32>, %b: memref<32xf32>, %o: memref<16xf32>) {
  tiny.k.kernel "r_2_8_4" {
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range loop %n < %c8 {
      tiny.k.range upcast %u < %c2 {
        %o8 = arith.muli %u, %c8 : index
        %e = arith.addi %n, %o8 : index
        %p = tiny.k.index %o[%e] : memref<16xf32>
        tiny.k.store %p, %zero : !tiny.ptr<f32, global>
      }
    }
    tiny.k.range reduce %kb < %c2 {
      %k0 = arith.muli %kb, %c2 : index
      tiny.k.range loop %n < %c8 {
        tiny.k.range upcast %u < %c2 {
          %o8 = arith.muli %u, %c8 : index
          %e = arith.addi %n, %o8 : index
          %p = tiny.k.index %o[%e] : memref<16xf32>
          %acc = tiny.k.load %p : !tiny.ptr<f32, global>
          %s = tiny.k.range unroll %r < %c2 iter_args(%x = %acc) -> (f32) {
            %k = arith.addi %k0, %r : index
            %a4 = arith.muli %u, %c4 : index
            %ai = arith.addi %k, %a4 : index
            %pa = tiny.k.index %a[%ai] : memref<8xf32>
            %va = tiny.k.load %pa : !tiny.ptr<f32, global>
            %b8 = arith.muli %k, %c8 : index
            %bi = arith.addi %n, %b8 : index
            %pb = tiny.k.index %b[%bi] : memref<32xf32>
            %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
            %m = arith.mulf %va, %vb fastmath<contract> : f32
            %y = arith.addf %x, %m fastmath<reassoc,contract> : f32
            tiny.k.end %y : f32
          }
          tiny.k.store %p, %s : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}
