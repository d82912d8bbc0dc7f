// Rows of one accumulator, as tiles load them (the heuristic leaves such
// nests untiled: tiny-optimize-single-row.mlir).
// RUN: tiny-opt %s -split-input-file -tiny-optimize="vector-bits=128 vector-registers=8 tile-single-rows=true" | FileCheck %s

// An f16 matmul row with f32 accumulation, out[j] += f32(a[k]) * f32(b[k, j])
// over 8 columns (4 f32 lanes, tiles of 8): B's row is one f16 vector load
// widened, and A's element, the same for every column, is broadcast as f16
// and then widened, so x86 loads it with one vpbroadcastw and widens it with
// one vcvtph2ps (no scalar conversion in the reduce loop). The scalar
// widening is gone.

// CHECK-LABEL: func.func @f16_row
// CHECK:         tiny.k.range reduce %[[K:.*]] < %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<8xf32>) {
// CHECK-NEXT:      %[[PA:.*]] = tiny.k.index %{{.*}}[%[[K]]] : memref<4xf16>
// CHECK-NEXT:      %[[A:.*]] = tiny.k.load %[[PA]] : !tiny.ptr<f16, global>
// CHECK-NOT:       arith.extf %[[A]] : f16 to f32
// CHECK:           %[[B:.*]] = vector.load %{{.*}}[%{{.*}}] : memref<32xf16>, vector<8xf16>
// CHECK-NEXT:      %[[BW:.*]] = arith.extf %[[B]] : vector<8xf16> to vector<8xf32>
// CHECK-NEXT:      %[[AV:.*]] = vector.broadcast %[[A]] : f16 to vector<8xf16>
// CHECK-NEXT:      %[[AW:.*]] = arith.extf %[[AV]] : vector<8xf16> to vector<8xf32>
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[AW]], %[[BW]] fastmath<contract> : vector<8xf32>
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[ACC]], %[[M]] fastmath<reassoc,contract> : vector<8xf32>
// CHECK-NEXT:      tiny.k.end %[[S]] : vector<8xf32>
func.func @f16_row(%a: memref<4xf16>, %b: memref<32xf16>, %out: memref<8xf32>) {
  tiny.k.kernel "r_8_4" {
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    tiny.k.range reduce %k < %c4 {
      tiny.k.range loop %j < %c8 {
        %p = tiny.k.index %out[%j] : memref<8xf32>
        %acc = tiny.k.load %p : !tiny.ptr<f32, global>
        %pa = tiny.k.index %a[%k] : memref<4xf16>
        %a0 = tiny.k.load %pa : !tiny.ptr<f16, global>
        %aw = arith.extf %a0 : f16 to f32
        %kb = arith.muli %k, %c8 : index
        %ib = arith.addi %kb, %j : index
        %pb = tiny.k.index %b[%ib] : memref<32xf16>
        %b0 = tiny.k.load %pb : !tiny.ptr<f16, global>
        %bw = arith.extf %b0 : f16 to f32
        %m = arith.mulf %aw, %bw fastmath<contract> : f32
        %s = arith.addf %acc, %m fastmath<reassoc,contract> : f32
        tiny.k.store %p, %s : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// The same row in bf16: A's element, the same for every column, is
// broadcast as its 16 bits into 16 i16 lanes, so each 32-bit lane holds it
// twice, and shifted left by 16 as 8 i32 lanes: bf16 << 16 is the f32
// (vpbroadcastw and vpslld on x86; no scalar shift, no vpmovzxwd). B's row
// is widened by extf, which -tiny-expand-arith expands later.

// CHECK-LABEL: func.func @bf16_row
// CHECK:         tiny.k.range reduce %[[K:.*]] < %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<8xf32>) {
// CHECK:           %[[A:.*]] = tiny.k.load %{{.*}} : !tiny.ptr<bf16, global>
// CHECK-NOT:       arith.extf %[[A]] : bf16 to f32
// CHECK:           %[[B:.*]] = vector.load %{{.*}}[%{{.*}}] : memref<32xbf16>, vector<8xbf16>
// CHECK-NEXT:      %[[BW:.*]] = arith.extf %[[B]] : vector<8xbf16> to vector<8xf32>
// CHECK-NEXT:      %[[BITS:.*]] = arith.bitcast %[[A]] : bf16 to i16
// CHECK-NEXT:      %[[HALVES:.*]] = vector.broadcast %[[BITS]] : i16 to vector<16xi16>
// CHECK-NEXT:      %[[WORDS:.*]] = vector.bitcast %[[HALVES]] : vector<16xi16> to vector<8xi32>
// CHECK-NEXT:      %[[C16:.*]] = arith.constant dense<16> : vector<8xi32>
// CHECK-NEXT:      %[[SHIFTED:.*]] = arith.shli %[[WORDS]], %[[C16]] : vector<8xi32>
// CHECK-NEXT:      %[[AW:.*]] = arith.bitcast %[[SHIFTED]] : vector<8xi32> to vector<8xf32>
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[AW]], %[[BW]] fastmath<contract> : vector<8xf32>
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[ACC]], %[[M]] fastmath<reassoc,contract> : vector<8xf32>
// CHECK-NEXT:      tiny.k.end %[[S]] : vector<8xf32>
func.func @bf16_row(%a: memref<4xbf16>, %b: memref<32xbf16>, %out: memref<8xf32>) {
  tiny.k.kernel "r_8_4" {
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    tiny.k.range reduce %k < %c4 {
      tiny.k.range loop %j < %c8 {
        %p = tiny.k.index %out[%j] : memref<8xf32>
        %acc = tiny.k.load %p : !tiny.ptr<f32, global>
        %pa = tiny.k.index %a[%k] : memref<4xbf16>
        %a0 = tiny.k.load %pa : !tiny.ptr<bf16, global>
        %aw = arith.extf %a0 : bf16 to f32
        %kb = arith.muli %k, %c8 : index
        %ib = arith.addi %kb, %j : index
        %pb = tiny.k.index %b[%ib] : memref<32xbf16>
        %b0 = tiny.k.load %pb : !tiny.ptr<bf16, global>
        %bw = arith.extf %b0 : bf16 to f32
        %m = arith.mulf %aw, %bw fastmath<contract> : f32
        %s = arith.addf %acc, %m fastmath<reassoc,contract> : f32
        tiny.k.store %p, %s : !tiny.ptr<f32, global>
      }
    }
  }
  return
}
