// Most nests below have one accumulator row and test how tiles load each
// kind of operand: the heuristic leaves such nests untiled
// (tiny-optimize-single-row.mlir), `tile-single-rows` tiles them.
// RUN: tiny-opt %s -split-input-file -tiny-optimize="vector-bits=128 vector-registers=8 tile-single-rows=true" | FileCheck %s

// Two accumulator rows (out[j] and out[15 + j]) over 15 columns, 128-bit
// vectors (4 f32 lanes), 8 registers: 4 hold accumulators, 2 vectors per
// row, so tiles of 8 columns; the 7 left over are one 4-lane tile and one
// tile of the last 3 columns. Each tile loads its accumulators once,
// carries them through the reduce range and stores them after it; B's row
// is one vector load shared by both rows, A's element a scalar load
// broadcast.

// CHECK-LABEL: func.func @tiles
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C15:.*]] = arith.constant 15 : index
// CHECK:         tiny.k.range loop %[[T:.*]] < %{{.*}} {
// CHECK:           %[[J:.*]] = arith.muli %[[T]], %{{.*}} : index
// CHECK-NEXT:      %[[INIT0:.*]] = vector.load %[[OUT:.*]][%[[J]]] : memref<30xf32>, vector<8xf32>
// CHECK-NEXT:      %[[ROW1:.*]] = arith.addi %[[J]], %[[C15]] : index
// CHECK-NEXT:      %[[INIT1:.*]] = vector.load %[[OUT]][%[[ROW1]]] : memref<30xf32>, vector<8xf32>
// CHECK-NEXT:      %[[RES:.*]]:2 = tiny.k.range reduce %[[K:.*]] < %[[C3]] iter_args(%[[ACC0:.*]] = %[[INIT0]], %[[ACC1:.*]] = %[[INIT1]]) -> (vector<8xf32>, vector<8xf32>) {
// CHECK-NEXT:        %[[PA0:.*]] = tiny.k.index %[[A:.*]][%[[K]]] : memref<6xf32>
// CHECK-NEXT:        %[[A0:.*]] = tiny.k.load %[[PA0]]
// CHECK-NEXT:        %[[KB:.*]] = arith.muli %[[K]], %[[C15]] : index
// CHECK-NEXT:        %[[IB:.*]] = arith.addi %[[KB]], %[[J]] : index
// CHECK-NEXT:        %[[B:.*]] = vector.load %{{.*}}[%[[IB]]] : memref<45xf32>, vector<8xf32>
// CHECK-NEXT:        %[[A0V:.*]] = vector.broadcast %[[A0]] : f32 to vector<8xf32>
// CHECK-NEXT:        %[[M0:.*]] = arith.mulf %[[A0V]], %[[B]] fastmath<contract> : vector<8xf32>
// CHECK-NEXT:        %[[S0:.*]] = arith.addf %[[ACC0]], %[[M0]] fastmath<reassoc,contract> : vector<8xf32>
// CHECK:             %[[M1:.*]] = arith.mulf %{{.*}}, %[[B]] fastmath<contract> : vector<8xf32>
// CHECK-NEXT:        %[[S1:.*]] = arith.addf %[[ACC1]], %[[M1]] fastmath<reassoc,contract> : vector<8xf32>
// CHECK-NEXT:        tiny.k.end %[[S0]], %[[S1]] : vector<8xf32>, vector<8xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      vector.store %[[RES]]#0, %[[OUT]][%[[J]]] : memref<30xf32>, vector<8xf32>
// CHECK-NEXT:      vector.store %[[RES]]#1, %[[OUT]][%[[ROW1]]] : memref<30xf32>, vector<8xf32>
// CHECK-NEXT:    }
// The one-vector tile: columns 8 to 11.
// CHECK:         tiny.k.range loop %{{.*}} < %{{.*}} {
// CHECK:           %[[J4:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT:      vector.load %[[OUT]][%[[J4]]] : memref<30xf32>, vector<4xf32>
// CHECK:           tiny.k.range reduce %{{.*}} < %[[C3]] iter_args({{.*}}) -> (vector<4xf32>, vector<4xf32>) {
// CHECK:             tiny.k.end %{{.*}}, %{{.*}} : vector<4xf32>, vector<4xf32>
// CHECK:           vector.store %{{.*}}, %[[OUT]][%[[J4]]] : memref<30xf32>, vector<4xf32>
// The rest, columns 12 to 14: one tile of 3 (no scalar columns).
// CHECK:         tiny.k.range loop %[[T3:.*]] < %{{.*}} {
// CHECK:           %[[C12:.*]] = arith.constant 12 : index
// CHECK-NEXT:      %[[J3:.*]] = arith.addi %{{.*}}, %[[C12]] : index
// CHECK-NEXT:      %[[I3:.*]] = vector.load %[[OUT]][%[[J3]]] : memref<30xf32>, vector<3xf32>
// CHECK:           %[[R3:.*]]:2 = tiny.k.range reduce %{{.*}} < %[[C3]] iter_args(%{{.*}} = %[[I3]], %{{.*}} = %{{.*}}) -> (vector<3xf32>, vector<3xf32>) {
// CHECK:             vector.load %{{.*}} : memref<45xf32>, vector<3xf32>
// CHECK:             tiny.k.end %{{.*}}, %{{.*}} : vector<3xf32>, vector<3xf32>
// CHECK:           vector.store %[[R3]]#0, %[[OUT]][%[[J3]]] : memref<30xf32>, vector<3xf32>
// CHECK-NEXT:      vector.store %[[R3]]#1
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NOT:     tiny.k.range loop %{{.*}} < %[[C15]]
// CHECK:         return
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

// -----

// Two reduced axes: both reduce ranges carry the accumulators; the outer
// one yields what the inner one returns. One accumulator row would get 4
// vectors, but 8 columns only fill 2: one tile of 8, nothing left over.

// CHECK-LABEL: func.func @two_reduces
// CHECK:         tiny.k.range loop %{{.*}} < %{{.*}} {
// CHECK:           %[[INIT:.*]] = vector.load %{{.*}}[%{{.*}}] : memref<8xi32>, vector<8xi32>
// CHECK-NEXT:      %[[OUTER:.*]] = tiny.k.range reduce %[[K1:.*]] < %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (vector<8xi32>) {
// CHECK-NEXT:        %[[ROW:.*]] = arith.muli %[[K1]], %{{.*}} : index
// CHECK-NEXT:        %[[INNER:.*]] = tiny.k.range reduce %[[K2:.*]] < %{{.*}} iter_args(%[[ACC2:.*]] = %[[ACC]]) -> (vector<8xi32>) {
// CHECK:               %[[SUM:.*]] = arith.addi %[[ACC2]], %{{.*}} : vector<8xi32>
// CHECK-NEXT:          tiny.k.end %[[SUM]] : vector<8xi32>
// CHECK-NEXT:        }
// CHECK-NEXT:        tiny.k.end %[[INNER]] : vector<8xi32>
// CHECK-NEXT:      }
// CHECK-NEXT:      vector.store %[[OUTER]], %{{.*}}[%{{.*}}] : memref<8xi32>, vector<8xi32>
// CHECK-NOT:     tiny.k.range
// CHECK:         return
func.func @two_reduces(%b: memref<48xi32>, %out: memref<8xi32>) {
  tiny.k.kernel "r_8_1_1" {
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %c24 = arith.constant 24 : index
    tiny.k.range reduce %k1 < %c2 {
      %row = arith.muli %k1, %c24 : index
      tiny.k.range reduce %k2 < %c3 {
        tiny.k.range loop %j < %c8 {
          %p = tiny.k.index %out[%j] : memref<8xi32>
          %acc = tiny.k.load %p : !tiny.ptr<i32, global>
          %k2b = arith.muli %k2, %c8 : index
          %r = arith.addi %row, %k2b : index
          %ib = arith.addi %r, %j : index
          %pb = tiny.k.index %b[%ib] : memref<48xi32>
          %bv = tiny.k.load %pb : !tiny.ptr<i32, global>
          %s = arith.addi %acc, %bv : i32
          tiny.k.store %p, %s : !tiny.ptr<i32, global>
        }
      }
    }
  }
  return
}

// -----

// A value computed from the column index itself (an arange): a strided
// index is widened to base + stride * [0, 1, 2, 3] only where a
// non-index op needs its lanes.

// CHECK-LABEL: func.func @column_values
// CHECK:         tiny.k.range reduce %[[K:.*]] < %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<4xf32>) {
// CHECK:           %[[BASE:.*]] = arith.addi %{{.*}}, %[[K]] : index
// CHECK-NEXT:      %[[SPLAT:.*]] = vector.broadcast %[[BASE]] : index to vector<4xindex>
// CHECK-NEXT:      %[[STEP:.*]] = vector.step : vector<4xindex>
// CHECK-NEXT:      %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT:      %[[TWOS:.*]] = vector.broadcast %[[TWO]] : index to vector<4xindex>
// CHECK-NEXT:      %[[STRIDES:.*]] = arith.muli %[[STEP]], %[[TWOS]] : vector<4xindex>
// CHECK-NEXT:      %[[LANES:.*]] = arith.addi %[[SPLAT]], %[[STRIDES]] : vector<4xindex>
// CHECK-NEXT:      %[[I:.*]] = arith.index_cast %[[LANES]] : vector<4xindex> to vector<4xi32>
// CHECK-NEXT:      %[[F:.*]] = arith.sitofp %[[I]] : vector<4xi32> to vector<4xf32>
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[ACC]], %[[F]] : vector<4xf32>
// CHECK-NEXT:      tiny.k.end %[[S]] : vector<4xf32>
func.func @column_values(%out: memref<4xf32>) {
  tiny.k.kernel "r_4_1" {
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    tiny.k.range reduce %k < %c5 {
      tiny.k.range loop %j < %c4 {
        %p = tiny.k.index %out[%j] : memref<4xf32>
        %acc = tiny.k.load %p : !tiny.ptr<f32, global>
        %j2 = arith.muli %j, %c2 : index
        %v = arith.addi %j2, %k : index
        %i = arith.index_cast %v : index to i32
        %f = arith.sitofp %i : i32 to f32
        %s = arith.addf %acc, %f : f32
        tiny.k.store %p, %s : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// B's load is gated by the column (a padded input): no vector load can
// stand for it, so the nest stays as it is.

// CHECK-LABEL: func.func @gated_by_column
// CHECK-NOT:     vector.
// CHECK:         tiny.k.range reduce
// CHECK-NEXT:      tiny.k.range loop
// CHECK:             tiny.k.load %{{.*}} if %{{.*}} else
func.func @gated_by_column(%b: memref<40xf32>, %out: memref<8xf32>) {
  tiny.k.kernel "r_8_1" {
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range reduce %k < %c5 {
      tiny.k.range loop %j < %c8 {
        %p = tiny.k.index %out[%j] : memref<8xf32>
        %acc = tiny.k.load %p : !tiny.ptr<f32, global>
        %valid = arith.cmpi ult, %j, %c6 : index
        %kb = arith.muli %k, %c8 : index
        %ib = arith.addi %kb, %j : index
        %pb = tiny.k.index %b[%ib] : memref<40xf32>
        %bv = tiny.k.load %pb if %valid else %zero : !tiny.ptr<f32, global>, f32
        %s = arith.addf %acc, %bv : f32
        tiny.k.store %p, %s : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// A padded read, as rangeify writes it: B's column is s = j + k - 1,
// clamped to 0 outside [0, 6) (select(ult(s, 6), s, 0)), plus the row
// offset 6 * k; the value is masked to zero there. With 4 lanes (one tile
// of two vectors, 8 columns), the tile loads B's consecutive elements from
// 6 * k + s where the lanes are in bounds and the element at the clamp
// (6 * k) in the others, which is read at the first lane's index instead
// when every lane is in bounds (the scalar loads read none at the clamp
// then).

// CHECK-LABEL: func.func @padded_column
// CHECK:         tiny.k.range loop %[[T:.*]] < %{{.*}} {
// CHECK:           %[[J:.*]] = arith.muli %[[T]], %{{.*}} : index
// CHECK-NEXT:      %[[INIT:.*]] = vector.load %{{.*}}[%[[J]]] : memref<8xf32>, vector<8xf32>
// CHECK-NEXT:      %[[RES:.*]] = tiny.k.range reduce %[[K:.*]] < %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (vector<8xf32>) {
// CHECK-NEXT:        %[[JK:.*]] = arith.addi %[[J]], %[[K]] : index
// CHECK-NEXT:        %[[S:.*]] = arith.subi %[[JK]], %{{.*}} : index
// CHECK:             %[[MASK:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : vector<8xindex>
// CHECK-NEXT:        %[[ROW:.*]] = arith.muli %[[K]], %{{.*}} : index
// CHECK-NEXT:        %[[FIRST:.*]] = arith.addi %[[S]], %[[ROW]] : index
// CHECK-NEXT:        %[[ALL:.*]] = vector.reduction <and>, %[[MASK]] : vector<8xi1> into i1
// CHECK-NEXT:        %[[AT0:.*]] = arith.addi %{{.*}}, %[[ROW]] : index
// CHECK-NEXT:        %[[OTHER:.*]] = arith.select %[[ALL]], %[[FIRST]], %[[AT0]] : index
// CHECK-NEXT:        %[[PO:.*]] = tiny.k.index %[[B:.*]][%[[OTHER]]] : memref<36xf32>
// CHECK-NEXT:        %[[VO:.*]] = tiny.k.load %[[PO]]
// CHECK-NEXT:        %[[PASS:.*]] = vector.broadcast %[[VO]] : f32 to vector<8xf32>
// CHECK-NEXT:        %[[BV:.*]] = vector.maskedload %[[B]][%[[FIRST]]], %[[MASK]], %[[PASS]] : memref<36xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK-NEXT:        %[[ZERO:.*]] = vector.broadcast %{{.*}} : f32 to vector<8xf32>
// CHECK-NEXT:        %[[MASKED:.*]] = arith.select %[[MASK]], %[[BV]], %[[ZERO]] : vector<8xi1>, vector<8xf32>
// CHECK-NEXT:        %[[SUM:.*]] = arith.addf %[[ACC]], %[[MASKED]] : vector<8xf32>
// CHECK-NEXT:        tiny.k.end %[[SUM]] : vector<8xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      vector.store %[[RES]], %{{.*}}[%[[J]]] : memref<8xf32>, vector<8xf32>
func.func @padded_column(%b: memref<36xf32>, %out: memref<8xf32>) {
  tiny.k.kernel "r_8_1" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range reduce %k < %c3 {
      tiny.k.range loop %j < %c8 {
        %p = tiny.k.index %out[%j] : memref<8xf32>
        %acc = tiny.k.load %p : !tiny.ptr<f32, global>
        %jk = arith.addi %j, %k : index
        %s = arith.subi %jk, %c1 : index
        %valid = arith.cmpi ult, %s, %c6 : index
        %clamped = arith.select %valid, %s, %c0 : index
        %row = arith.muli %k, %c6 : index
        %ib = arith.addi %clamped, %row : index
        %pb = tiny.k.index %b[%ib] : memref<36xf32>
        %bv = tiny.k.load %pb : !tiny.ptr<f32, global>
        %masked = arith.select %valid, %bv, %zero : f32
        %sum = arith.addf %acc, %masked : f32
        tiny.k.store %p, %sum : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// A clamped column every other element (s = 2 * j, a stride-2
// convolution's padded read): one load of 2 x 8 elements from s, masked to
// the even lanes that are in bounds (ult(s + lane, 12)), with element 0 (the
// clamp's) for the others as the scalar loads read it, and a shuffle of the
// even lanes.

// CHECK-LABEL: func.func @clamped_every_other
// CHECK:         %[[INIT:.*]] = vector.load %[[OUT:.*]][%[[J:.*]]] : memref<8xf32>, vector<8xf32>
// CHECK:         tiny.k.range reduce %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (vector<8xf32>) {
// CHECK:           %[[S:.*]] = arith.muli %[[J]], %{{.*}} : index
// CHECK:           %[[ELEM:.*]] = tiny.k.load
// CHECK:           %[[STEP:.*]] = vector.step : vector<16xindex>
// CHECK-NEXT:      %[[SV:.*]] = vector.broadcast %[[S]] : index to vector<16xindex>
// CHECK-NEXT:      %[[LANES:.*]] = arith.addi %[[SV]], %[[STEP]] : vector<16xindex>
// CHECK-NEXT:      %[[N:.*]] = vector.broadcast %{{.*}} : index to vector<16xindex>
// CHECK-NEXT:      %[[VALID:.*]] = arith.cmpi ult, %[[LANES]], %[[N]] : vector<16xindex>
// CHECK-NEXT:      %[[PASS:.*]] = vector.broadcast %[[ELEM]] : f32 to vector<16xf32>
// CHECK-NEXT:      %[[EVEN:.*]] = arith.constant dense<[true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false]> : vector<16xi1>
// CHECK-NEXT:      %[[MASK:.*]] = arith.andi %[[EVEN]], %[[VALID]] : vector<16xi1>
// CHECK-NEXT:      %[[WIDE:.*]] = vector.maskedload %{{.*}}[%[[S]]], %[[MASK]], %[[PASS]] : memref<80xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK-NEXT:      %[[B:.*]] = vector.shuffle %[[WIDE]], %[[WIDE]] [0, 2, 4, 6, 8, 10, 12, 14] : vector<16xf32>, vector<16xf32>
// CHECK-NEXT:      %[[SUM:.*]] = arith.addf %[[ACC]], %[[B]] : vector<8xf32>
// CHECK-NEXT:      tiny.k.end %[[SUM]] : vector<8xf32>
// CHECK:         vector.store %{{.*}}, %[[OUT]][%[[J]]] : memref<8xf32>, vector<8xf32>
// CHECK-NOT:     vector.gather
// CHECK-NOT:     tiny.k.range loop
func.func @clamped_every_other(%b: memref<80xf32>, %out: memref<8xf32>) {
  tiny.k.kernel "r_8_1" {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %c12 = arith.constant 12 : index
    tiny.k.range reduce %k < %c5 {
      tiny.k.range loop %j < %c8 {
        %p = tiny.k.index %out[%j] : memref<8xf32>
        %acc = tiny.k.load %p : !tiny.ptr<f32, global>
        %s = arith.muli %j, %c2 : index
        %valid = arith.cmpi ult, %s, %c12 : index
        %clamped = arith.select %valid, %s, %c0 : index
        %pb = tiny.k.index %b[%clamped] : memref<80xf32>
        %bv = tiny.k.load %pb : !tiny.ptr<f32, global>
        %sum = arith.addf %acc, %bv : f32
        tiny.k.store %p, %sum : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// A clamped column scaled by 2 (not an offset of it): left alone; a
// clamped index is only followed through offsets.

// CHECK-LABEL: func.func @clamped_scaled
// CHECK-NOT:     vector.
// CHECK:         tiny.k.range reduce
// CHECK-NEXT:      tiny.k.range loop
func.func @clamped_scaled(%b: memref<80xf32>, %out: memref<8xf32>) {
  tiny.k.kernel "r_8_1" {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    tiny.k.range reduce %k < %c5 {
      tiny.k.range loop %j < %c8 {
        %p = tiny.k.index %out[%j] : memref<8xf32>
        %acc = tiny.k.load %p : !tiny.ptr<f32, global>
        %valid = arith.cmpi ult, %j, %c5 : index
        %clamped = arith.select %valid, %j, %c0 : index
        %twice = arith.muli %clamped, %c2 : index
        %pb = tiny.k.index %b[%twice] : memref<80xf32>
        %bv = tiny.k.load %pb : !tiny.ptr<f32, global>
        %sum = arith.addf %acc, %bv : f32
        tiny.k.store %p, %sum : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// B read every other column, from k * 16: one load of 2 x 8 elements,
// masked to the even lanes (the odd lane after the last column may lie past
// the buffer's end: never read), and a shuffle of those lanes.

// CHECK-LABEL: func.func @column_every_other
// CHECK:         tiny.k.range reduce %[[K:.*]] < %{{.*}} iter_args(%{{.*}}) -> (vector<8xf32>) {
// CHECK:           %[[KB:.*]] = arith.muli %[[K]], %{{.*}} : index
// CHECK-NEXT:      %[[J2:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK-NEXT:      %[[IB:.*]] = arith.addi %[[KB]], %[[J2]] : index
// CHECK-NEXT:      %[[EVEN:.*]] = arith.constant dense<[true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false]> : vector<16xi1>
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK-NEXT:      %[[WIDE:.*]] = vector.maskedload %{{.*}}[%[[IB]]], %[[EVEN]], %[[ZERO]] : memref<80xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK-NEXT:      %[[B:.*]] = vector.shuffle %[[WIDE]], %[[WIDE]] [0, 2, 4, 6, 8, 10, 12, 14] : vector<16xf32>, vector<16xf32>
// CHECK-NEXT:      arith.addf %{{.*}}, %[[B]] : vector<8xf32>
// CHECK-NOT:     vector.gather
// CHECK-NOT:     tiny.k.range loop
func.func @column_every_other(%b: memref<80xf32>, %out: memref<8xf32>) {
  tiny.k.kernel "r_8_1" {
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    tiny.k.range reduce %k < %c5 {
      tiny.k.range loop %j < %c8 {
        %p = tiny.k.index %out[%j] : memref<8xf32>
        %acc = tiny.k.load %p : !tiny.ptr<f32, global>
        %kb = arith.muli %k, %c16 : index
        %j2 = arith.muli %j, %c2 : index
        %ib = arith.addi %kb, %j2 : index
        %pb = tiny.k.index %b[%ib] : memref<80xf32>
        %bv = tiny.k.load %pb : !tiny.ptr<f32, global>
        %s = arith.addf %acc, %bv : f32
        tiny.k.store %p, %s : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// Every third column, clamped (a stride-3 convolution's padded read, minus
// its offset 1): one load of 3 x 4 elements masked to lanes 0, 3, 6, 9 where
// in bounds, then those lanes; the offset is applied to the first column's
// index and to the clamp's.

// CHECK-LABEL: func.func @clamped_every_third
// CHECK:         tiny.k.range reduce %{{.*}} iter_args(%{{.*}}) -> (vector<4xf32>) {
// CHECK:           %[[S:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK:           %[[FIRST:.*]] = arith.addi %[[S]], %[[C1:.*]] : index
// CHECK:           %[[CLAMP:.*]] = arith.addi %[[C0:.*]], %[[C1]] : index
// CHECK:           vector.step : vector<12xindex>
// CHECK:           %[[EVERY3:.*]] = arith.constant dense<[true, false, false, true, false, false, true, false, false, true, false, false]> : vector<12xi1>
// CHECK-NEXT:      %[[MASK:.*]] = arith.andi %[[EVERY3]], %{{.*}} : vector<12xi1>
// CHECK-NEXT:      %[[WIDE:.*]] = vector.maskedload %{{.*}}[%[[FIRST]]], %[[MASK]], %{{.*}} : memref<80xf32>, vector<12xi1>, vector<12xf32> into vector<12xf32>
// CHECK-NEXT:      vector.shuffle %[[WIDE]], %[[WIDE]] [0, 3, 6, 9] : vector<12xf32>, vector<12xf32>
// CHECK-NOT:     vector.gather
func.func @clamped_every_third(%b: memref<80xf32>, %out: memref<4xf32>) {
  tiny.k.kernel "r_4_1" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c4 = arith.constant 4 : index
    %c10 = arith.constant 10 : index
    tiny.k.range reduce %k < %c5 {
      tiny.k.range loop %j < %c4 {
        %p = tiny.k.index %out[%j] : memref<4xf32>
        %acc = tiny.k.load %p : !tiny.ptr<f32, global>
        %s = arith.muli %j, %c3 : index
        %valid = arith.cmpi ult, %s, %c10 : index
        %clamped = arith.select %valid, %s, %c0 : index
        %shifted = arith.addi %clamped, %c1 : index
        %pb = tiny.k.index %b[%shifted] : memref<80xf32>
        %bv = tiny.k.load %pb : !tiny.ptr<f32, global>
        %sum = arith.addf %acc, %bv : f32
        tiny.k.store %p, %sum : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// Every fifth column: past the largest stride loaded wide (4), a gather.

// CHECK-LABEL: func.func @column_gather
// CHECK:           %[[STEP:.*]] = vector.step : vector<8xindex>
// CHECK:           %[[FIVE:.*]] = arith.muli %[[STEP]], %{{.*}} : vector<8xindex>
// CHECK:           %[[IDX:.*]] = arith.addi %{{.*}}, %[[FIVE]] : vector<8xindex>
// CHECK:           vector.gather %{{.*}}[%{{.*}}] [%[[IDX]]]
// CHECK-NOT:     vector.maskedload
func.func @column_gather(%b: memref<80xf32>, %out: memref<8xf32>) {
  tiny.k.kernel "r_8_1" {
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    tiny.k.range reduce %k < %c5 {
      tiny.k.range loop %j < %c8 {
        %p = tiny.k.index %out[%j] : memref<8xf32>
        %acc = tiny.k.load %p : !tiny.ptr<f32, global>
        %j5 = arith.muli %j, %c5 : index
        %ib = arith.addi %k, %j5 : index
        %pb = tiny.k.index %b[%ib] : memref<80xf32>
        %bv = tiny.k.load %pb : !tiny.ptr<f32, global>
        %s = arith.addf %acc, %bv : f32
        tiny.k.store %p, %s : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// The stored element moves with the reduced index: it is no accumulator,
// and the loops may not be interchanged.

// CHECK-LABEL: func.func @store_moves_with_k
// CHECK-NOT:     vector.
// CHECK:         tiny.k.range reduce
// CHECK-NEXT:      tiny.k.range loop
func.func @store_moves_with_k(%out: memref<16xf32>) {
  tiny.k.kernel "r_16" {
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    tiny.k.range reduce %k < %c2 {
      tiny.k.range loop %j < %c8 {
        %kb = arith.muli %k, %c8 : index
        %io = arith.addi %kb, %j : index
        %p = tiny.k.index %out[%io] : memref<16xf32>
        %acc = tiny.k.load %p : !tiny.ptr<f32, global>
        %s = arith.addf %acc, %acc : f32
        tiny.k.store %p, %s : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// Rows one element apart: row 0 at column j + 1 is row 1 at column j, so
// interchanging the loops would reorder updates of one element.

// CHECK-LABEL: func.func @rows_overlap
// CHECK-NOT:     vector.
// CHECK:         tiny.k.range reduce
// CHECK-NEXT:      tiny.k.range loop
func.func @rows_overlap(%b: memref<9xf32>, %out: memref<9xf32>) {
  tiny.k.kernel "r_9" {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    tiny.k.range reduce %k < %c3 {
      tiny.k.range loop %j < %c8 {
        %pb = tiny.k.index %b[%j] : memref<9xf32>
        %bv = tiny.k.load %pb : !tiny.ptr<f32, global>
        %p0 = tiny.k.index %out[%j] : memref<9xf32>
        %acc0 = tiny.k.load %p0 : !tiny.ptr<f32, global>
        %s0 = arith.mulf %acc0, %bv : f32
        tiny.k.store %p0, %s0 : !tiny.ptr<f32, global>
        %j1 = arith.addi %j, %c1 : index
        %p1 = tiny.k.index %out[%j1] : memref<9xf32>
        %acc1 = tiny.k.load %p1 : !tiny.ptr<f32, global>
        %s1 = arith.addf %acc1, %bv : f32
        tiny.k.store %p1, %s1 : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// A store that is not an accumulator update (nothing loads it back).

// CHECK-LABEL: func.func @plain_store
// CHECK-NOT:     vector.
// CHECK:         tiny.k.range reduce
// CHECK-NEXT:      tiny.k.range loop
func.func @plain_store(%b: memref<8xf32>, %out: memref<8xf32>) {
  tiny.k.kernel "E_8" {
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    tiny.k.range reduce %k < %c3 {
      tiny.k.range loop %j < %c8 {
        %pb = tiny.k.index %b[%j] : memref<8xf32>
        %bv = tiny.k.load %pb : !tiny.ptr<f32, global>
        %p = tiny.k.index %out[%j] : memref<8xf32>
        tiny.k.store %p, %bv : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// The nest also reads the accumulators' buffer elsewhere (out[7 - j]):
// keeping accumulators in registers would change what that load sees.

// CHECK-LABEL: func.func @reads_accumulators
// CHECK-NOT:     vector.
// CHECK:         tiny.k.range reduce
// CHECK-NEXT:      tiny.k.range loop
func.func @reads_accumulators(%out: memref<8xf32>) {
  tiny.k.kernel "r_8" {
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    tiny.k.range reduce %k < %c3 {
      tiny.k.range loop %j < %c8 {
        %io = arith.subi %c7, %j : index
        %po = tiny.k.index %out[%io] : memref<8xf32>
        %other = tiny.k.load %po : !tiny.ptr<f32, global>
        %p = tiny.k.index %out[%j] : memref<8xf32>
        %acc = tiny.k.load %p : !tiny.ptr<f32, global>
        %s = arith.addf %acc, %other : f32
        tiny.k.store %p, %s : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// Fewer columns (3) than vector lanes (4): one tile of all three, a vector
// of 3 (LLVM widens it to a register), and no scalar columns.

// CHECK-LABEL: func.func @too_narrow
// CHECK:         tiny.k.range loop %{{.*}} < %[[ONE:.*]] {
// CHECK:           vector.load %{{.*}} : memref<3xf32>, vector<3xf32>
// CHECK:           tiny.k.range reduce %{{.*}} -> (vector<3xf32>) {
// CHECK:             vector.load %{{.*}} : memref<15xf32>, vector<3xf32>
// CHECK:           vector.store %{{.*}} : memref<3xf32>, vector<3xf32>
// CHECK-NOT:     tiny.k.range
// CHECK:         return
func.func @too_narrow(%b: memref<15xf32>, %out: memref<3xf32>) {
  tiny.k.kernel "r_3" {
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    tiny.k.range reduce %k < %c5 {
      tiny.k.range loop %j < %c3 {
        %p = tiny.k.index %out[%j] : memref<3xf32>
        %acc = tiny.k.load %p : !tiny.ptr<f32, global>
        %kb = arith.muli %k, %c3 : index
        %ib = arith.addi %kb, %j : index
        %pb = tiny.k.index %b[%ib] : memref<15xf32>
        %bv = tiny.k.load %pb : !tiny.ptr<f32, global>
        %s = arith.addf %acc, %bv : f32
        tiny.k.store %p, %s : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// A reduce that carries its accumulator already (rangeify's form for small
// reductions, inside the output loop): nothing to tile.

// CHECK-LABEL: func.func @carried_reduce
// CHECK-NOT:     vector.
// CHECK:         tiny.k.range loop
// CHECK-NEXT:      %{{.*}} = arith.constant
// CHECK-NEXT:      %{{.*}} = tiny.k.range reduce %{{.*}} < %{{.*}} iter_args
func.func @carried_reduce(%b: memref<32xf32>, %out: memref<8xf32>) {
  tiny.k.kernel "r_8_4" {
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    tiny.k.range loop %j < %c8 {
      %zero = arith.constant 0.0 : f32
      %sum = tiny.k.range reduce %k < %c4 iter_args(%acc = %zero) -> (f32) {
        %jb = arith.muli %j, %c4 : index
        %ib = arith.addi %jb, %k : index
        %pb = tiny.k.index %b[%ib] : memref<32xf32>
        %bv = tiny.k.load %pb : !tiny.ptr<f32, global>
        %s = arith.addf %acc, %bv : f32
        tiny.k.end %s : f32
      }
      %p = tiny.k.index %out[%j] : memref<8xf32>
      tiny.k.store %p, %sum : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// i1 accumulators: a vector of i1 is bit-packed in memory but a buffer of
// i1 holds one per byte, so they stay scalar.

// CHECK-LABEL: func.func @bool_accumulators
// CHECK-NOT:     vector.
// CHECK:         tiny.k.range reduce
// CHECK-NEXT:      tiny.k.range loop
func.func @bool_accumulators(%b: memref<40xi1>, %out: memref<8xi1>) {
  tiny.k.kernel "r_8" {
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    tiny.k.range reduce %k < %c5 {
      tiny.k.range loop %j < %c8 {
        %p = tiny.k.index %out[%j] : memref<8xi1>
        %acc = tiny.k.load %p : !tiny.ptr<i1, global>
        %kb = arith.muli %k, %c8 : index
        %ib = arith.addi %kb, %j : index
        %pb = tiny.k.index %b[%ib] : memref<40xi1>
        %bv = tiny.k.load %pb : !tiny.ptr<i1, global>
        %s = arith.ori %acc, %bv : i1
        tiny.k.store %p, %s : !tiny.ptr<i1, global>
      }
    }
  }
  return
}

// -----

// The same nest in a kernel on a GPU device is left for the GPU path: host
// vector tiles mean nothing there.
// CHECK-LABEL: func.func @gpu_kernel
// CHECK:         tiny.k.kernel "r_8_1_1" on "CUDA:0"
// CHECK-NOT:     vector.
// CHECK:         tiny.k.range loop %{{.*}} < %{{.*}} {
// CHECK-NOT:     vector.
// CHECK:         return
func.func @gpu_kernel(%b: memref<48xi32>, %out: memref<8xi32>) {
  tiny.k.kernel "r_8_1_1" on "CUDA:0" {
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %c24 = arith.constant 24 : index
    tiny.k.range reduce %k1 < %c2 {
      %row = arith.muli %k1, %c24 : index
      tiny.k.range reduce %k2 < %c3 {
        tiny.k.range loop %j < %c8 {
          %p = tiny.k.index %out[%j] : memref<8xi32>
          %acc = tiny.k.load %p : !tiny.ptr<i32, global>
          %k2b = arith.muli %k2, %c8 : index
          %r = arith.addi %row, %k2b : index
          %ib = arith.addi %r, %j : index
          %pb = tiny.k.index %b[%ib] : memref<48xi32>
          %bv = tiny.k.load %pb : !tiny.ptr<i32, global>
          %s = arith.addi %acc, %bv : i32
          tiny.k.store %p, %s : !tiny.ptr<i32, global>
        }
      }
    }
  }
  return
}

// -----

// A kernel on a CPU device that names its device is tiled as before.
// CHECK-LABEL: func.func @named_cpu_kernel
// CHECK:         tiny.k.kernel "r_8_1_1" on "CPU:1"
// CHECK:         vector.store
func.func @named_cpu_kernel(%b: memref<48xi32>, %out: memref<8xi32>) {
  tiny.k.kernel "r_8_1_1" on "CPU:1" {
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %c24 = arith.constant 24 : index
    tiny.k.range reduce %k1 < %c2 {
      %row = arith.muli %k1, %c24 : index
      tiny.k.range reduce %k2 < %c3 {
        tiny.k.range loop %j < %c8 {
          %p = tiny.k.index %out[%j] : memref<8xi32>
          %acc = tiny.k.load %p : !tiny.ptr<i32, global>
          %k2b = arith.muli %k2, %c8 : index
          %r = arith.addi %row, %k2b : index
          %ib = arith.addi %r, %j : index
          %pb = tiny.k.index %b[%ib] : memref<48xi32>
          %bv = tiny.k.load %pb : !tiny.ptr<i32, global>
          %s = arith.addi %acc, %bv : i32
          tiny.k.store %p, %s : !tiny.ptr<i32, global>
        }
      }
    }
  }
  return
}

// -----

// A kernel a search scheduled (tiny.scheduled) has the tiles it chose, here
// none: it is kept as it is.
// CHECK-LABEL: func.func @scheduled_kernel
// CHECK:         tiny.k.kernel "r_8_1_1" attributes {tiny.scheduled}
// CHECK-NOT:     vector.
// CHECK:         tiny.k.range loop %{{.*}} < %{{.*}} {
// CHECK-NOT:     vector.
// CHECK:         return
func.func @scheduled_kernel(%b: memref<48xi32>, %out: memref<8xi32>) {
  tiny.k.kernel "r_8_1_1" attributes {tiny.scheduled} {
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    %c24 = arith.constant 24 : index
    tiny.k.range reduce %k1 < %c2 {
      %row = arith.muli %k1, %c24 : index
      tiny.k.range reduce %k2 < %c3 {
        tiny.k.range loop %j < %c8 {
          %p = tiny.k.index %out[%j] : memref<8xi32>
          %acc = tiny.k.load %p : !tiny.ptr<i32, global>
          %k2b = arith.muli %k2, %c8 : index
          %r = arith.addi %row, %k2b : index
          %ib = arith.addi %r, %j : index
          %pb = tiny.k.index %b[%ib] : memref<48xi32>
          %bv = tiny.k.load %pb : !tiny.ptr<i32, global>
          %s = arith.addi %acc, %bv : i32
          tiny.k.store %p, %s : !tiny.ptr<i32, global>
        }
      }
    }
  }
  return
}
