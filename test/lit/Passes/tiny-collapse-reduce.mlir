// RUN: tiny-opt %s -split-input-file -tiny-collapse-reduce -canonicalize | FileCheck %s

// tinygrad's arange(4) as -tiny-rangeify emits it: a cumsum of ones over a
// view padded by 3 on the left, sum over j < 4 of (i + j - 3 <u 4 ? 1 : 0).
// For i < 4, the j where it holds are [3 - i, 7 - i) within [0, 4): i + 1 of
// them, with no min or max left (the ranges decide them).

// CHECK-LABEL: func.func @arange
// CHECK:         tiny.k.range loop %[[I:.*]] < %{{.*}} {
// CHECK-NOT:       tiny.k.range
// CHECK-NOT:       arith.maxsi
// CHECK-NOT:       arith.minsi
// CHECK:           %[[N:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK-NEXT:      %[[V:.*]] = arith.index_cast %[[N]] : index to i32
// CHECK:           tiny.k.store %{{.*}}, %[[V]]
func.func @arange(%out: memref<4xi32>) {
  tiny.k.kernel "r_4" {
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    tiny.k.range loop %i < %c4 {
      %s = tiny.k.range reduce %j < %c4 iter_args(%acc = %zero) -> (i32) {
        %x = arith.addi %i, %j : index
        %p = arith.subi %x, %c3 : index
        %in = arith.cmpi ult, %p, %c4 : index
        %v = arith.select %in, %one, %zero : i32
        %next = arith.addi %acc, %v : i32
        tiny.k.end %next : i32
      }
      %o = tiny.k.index %out[%i] : memref<4xi32>
      tiny.k.store %o, %s : !tiny.ptr<i32, global>
    }
  }
  return
}

// -----

// An embedding: the sum over v < 50 of (v == idx ? w[v, e] : 0), with the
// compare in i32 and negated twice as tinygrad's exporter writes `==`
// (not (v != idx)). It is the read of w at idx where 0 <= idx < 50, else 0;
// idx is loaded once, outside any reduce.

// CHECK-LABEL: func.func @embedding
// CHECK:         tiny.k.range loop %[[T:.*]] < %{{.*}} {
// CHECK-NEXT:      tiny.k.range loop %[[E:.*]] < %{{.*}} {
// CHECK-NOT:       tiny.k.range reduce
// CHECK:           %[[IDXP:.*]] = tiny.k.index %{{.*}}[%[[T]]] : memref<4xi32>
// CHECK-NEXT:      %[[IDX32:.*]] = tiny.k.load %[[IDXP]]
// CHECK-NEXT:      %[[IDX:.*]] = arith.index_cast %[[IDX32]] : i32 to index
// CHECK-DAG:       %[[GE:.*]] = arith.cmpi sge, %[[IDX]], %{{.*}} : index
// CHECK-DAG:       %[[LT:.*]] = arith.cmpi slt, %[[IDX]], %{{.*}} : index
// CHECK:           %[[VALID:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK-NEXT:      %[[AT:.*]] = arith.select %[[VALID]], %[[IDX]], %{{.*}} : index
// CHECK-NEXT:      %[[ROW:.*]] = arith.muli %[[AT]], %{{.*}} : index
// CHECK-NEXT:      %[[OFF:.*]] = arith.addi %[[E]], %[[ROW]] : index
// CHECK-NEXT:      %[[WP:.*]] = tiny.k.index %{{.*}}[%[[OFF]]] : memref<400xf32>
// CHECK-NEXT:      %[[W:.*]] = tiny.k.load %[[WP]]
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[VALID]], %[[W]], %{{.*}} : f32
// CHECK:           tiny.k.store %{{.*}}, %[[R]]
func.func @embedding(%ids: memref<4xi32>, %w: memref<400xf32>,
                     %out: memref<32xf32>) {
  tiny.k.kernel "r_4_8" {
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c50 = arith.constant 50 : index
    %true = arith.constant true
    %zero = arith.constant 0.0 : f32
    tiny.k.range loop %t < %c4 {
      tiny.k.range loop %e < %c8 {
        %s = tiny.k.range reduce %v < %c50 iter_args(%acc = %zero) -> (f32) {
          %ip = tiny.k.index %ids[%t] : memref<4xi32>
          %idx = tiny.k.load %ip : !tiny.ptr<i32, global>
          %v32 = arith.index_cast %v : index to i32
          %ne = arith.cmpi ne, %v32, %idx : i32
          %eq = arith.cmpi ne, %ne, %true : i1
          %row = arith.muli %v, %c8 : index
          %off = arith.addi %e, %row : index
          %wp = tiny.k.index %w[%off] : memref<400xf32>
          %x = tiny.k.load %wp : !tiny.ptr<f32, global>
          %g = arith.select %eq, %x, %zero : f32
          %next = arith.addf %acc, %g : f32
          tiny.k.end %next : f32
        }
        %row = arith.muli %t, %c8 : index
        %off = arith.addi %e, %row : index
        %o = tiny.k.index %out[%off] : memref<32xf32>
        tiny.k.store %o, %s : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// A term that does not read r is that term times the bound; a product by a
// value fixed in the loop is that value times the sum.

// CHECK-LABEL: func.func @invariant_term
// CHECK-NOT:     tiny.k.range reduce
// CHECK-DAG:     %[[C24:.*]] = arith.constant 2.400000e+01 : f32
// CHECK-DAG:     %[[X:.*]] = tiny.k.load
// CHECK:         %[[S:.*]] = arith.mulf %[[X]], %[[C24]] : f32
// CHECK:         tiny.k.store %{{.*}}, %[[S]]
func.func @invariant_term(%in: memref<1xf32>, %out: memref<1xf32>) {
  tiny.k.kernel "r_24" {
    %c0 = arith.constant 0 : index
    %c24 = arith.constant 24 : index
    %zero = arith.constant 0.0 : f32
    %p = tiny.k.index %in[%c0] : memref<1xf32>
    %x = tiny.k.load %p : !tiny.ptr<f32, global>
    %s = tiny.k.range reduce %r < %c24 iter_args(%acc = %zero) -> (f32) {
      %next = arith.addf %acc, %x : f32
      tiny.k.end %next : f32
    }
    %o = tiny.k.index %out[%c0] : memref<1xf32>
    tiny.k.store %o, %s : !tiny.ptr<f32, global>
  }
  return
}

// -----

// sum over r < 10 of (r < k ? 2.5 : 0) + (r >= 3 ? 1 : 0) with k loaded:
// 2.5 * max(min(k, 10) - 0, 0) + 7: k's range (any i32) leaves the min and
// the max.

// CHECK-LABEL: func.func @bound_from_memory
// CHECK-NOT:     tiny.k.range reduce
// CHECK:         %[[K:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK-NEXT:    %[[HI:.*]] = arith.minsi %[[K]], %{{.*}} : index
// CHECK-NEXT:    %[[CNT:.*]] = arith.maxsi %[[HI]], %{{.*}} : index
// CHECK-NEXT:    %[[WIDE:.*]] = arith.index_cast %[[CNT]] : index to i64
// CHECK-NEXT:    %[[N:.*]] = arith.sitofp %[[WIDE]] : i64 to f32
// CHECK-NEXT:    %[[A:.*]] = arith.mulf %[[N]], %{{.*}} : f32
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[A]], %{{.*}} : f32
// CHECK:         tiny.k.store %{{.*}}, %[[S]]
func.func @bound_from_memory(%in: memref<1xi32>, %out: memref<1xf32>) {
  tiny.k.kernel "r_10" {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c10 = arith.constant 10 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %half5 = arith.constant 2.5 : f32
    %p = tiny.k.index %in[%c0] : memref<1xi32>
    %k32 = tiny.k.load %p : !tiny.ptr<i32, global>
    %k = arith.index_cast %k32 : i32 to index
    %s = tiny.k.range reduce %r < %c10 iter_args(%acc = %zero) -> (f32) {
      %below = arith.cmpi slt, %r, %k : index
      %a = arith.select %below, %half5, %zero : f32
      %from3 = arith.cmpi sge, %r, %c3 : index
      %b = arith.select %from3, %one, %zero : f32
      %t = arith.addf %a, %b : f32
      %next = arith.addf %acc, %t : f32
      tiny.k.end %next : f32
    }
    %o = tiny.k.index %out[%c0] : memref<1xf32>
    tiny.k.store %o, %s : !tiny.ptr<f32, global>
  }
  return
}

// -----

// r != 3 holds for 9 of r < 10; x * uitofp(c) is c ? x : 0; the sum adds
// to the initial value.

// CHECK-LABEL: func.func @not_equal_and_gate_product
// CHECK-NOT:     tiny.k.range reduce
// CHECK:         %[[C9:.*]] = arith.constant 9 : i32
// CHECK:         %[[X:.*]] = tiny.k.load
// CHECK:         %[[S:.*]] = arith.muli %[[X]], %[[C9]] : i32
// CHECK:         %[[T:.*]] = arith.addi %[[S]], %{{.*}} : i32
// CHECK:         tiny.k.store %{{.*}}, %[[T]]
func.func @not_equal_and_gate_product(%in: memref<1xi32>, %out: memref<1xi32>) {
  tiny.k.kernel "r_10" {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c10 = arith.constant 10 : index
    %init = arith.constant 5 : i32
    %p = tiny.k.index %in[%c0] : memref<1xi32>
    %x = tiny.k.load %p : !tiny.ptr<i32, global>
    %s = tiny.k.range reduce %r < %c10 iter_args(%acc = %init) -> (i32) {
      %ne = arith.cmpi ne, %r, %c3 : index
      %g = arith.extui %ne : i1 to i32
      %t = arith.muli %x, %g : i32
      %next = arith.addi %acc, %t : i32
      tiny.k.end %next : i32
    }
    %o = tiny.k.index %out[%c0] : memref<1xi32>
    tiny.k.store %o, %s : !tiny.ptr<i32, global>
  }
  return
}

// -----

// What stays a loop: a term that is not a count (r * r), a body that
// stores, and a compare whose operand could wrap (r as an i8, r < 300).

// CHECK-LABEL: func.func @kept
// CHECK-COUNT-3: tiny.k.range reduce
func.func @kept(%out: memref<3xi32>) {
  tiny.k.kernel "r_300" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c300 = arith.constant 300 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %k8 = arith.constant 100 : i8
    %o0 = tiny.k.index %out[%c0] : memref<3xi32>
    %o1 = tiny.k.index %out[%c1] : memref<3xi32>
    %o2 = tiny.k.index %out[%c2] : memref<3xi32>
    %a = tiny.k.range reduce %r < %c300 iter_args(%acc = %zero) -> (i32) {
      %r32 = arith.index_cast %r : index to i32
      %sq = arith.muli %r32, %r32 : i32
      %next = arith.addi %acc, %sq : i32
      tiny.k.end %next : i32
    }
    tiny.k.store %o0, %a : !tiny.ptr<i32, global>
    %b = tiny.k.range reduce %r < %c300 iter_args(%acc = %zero) -> (i32) {
      tiny.k.store %o1, %one : !tiny.ptr<i32, global>
      %next = arith.addi %acc, %one : i32
      tiny.k.end %next : i32
    }
    tiny.k.store %o1, %b : !tiny.ptr<i32, global>
    %c = tiny.k.range reduce %r < %c300 iter_args(%acc = %zero) -> (i32) {
      %r8 = arith.index_cast %r : index to i8
      %lt = arith.cmpi slt, %r8, %k8 : i8
      %v = arith.select %lt, %one, %zero : i32
      %next = arith.addi %acc, %v : i32
      tiny.k.end %next : i32
    }
    tiny.k.store %o2, %c : !tiny.ptr<i32, global>
  }
  return
}

// -----

// r + x * 2^31 < -x * 2^31 is r < -x * 2^32, with x any i32: for
// x = -2^31 the bound is 2^63, which no index holds (written as index
// arithmetic it wraps to -2^63, and the count would be 0 where it is 10).
// A bound whose range does not fit 64 bits keeps the loop.

// CHECK-LABEL: func.func @kept_wide_bound
// CHECK: tiny.k.range reduce
func.func @kept_wide_bound(%in: memref<1xi32>, %out: memref<1xi32>) {
  tiny.k.kernel "r_10" {
    %c0 = arith.constant 0 : index
    %c10 = arith.constant 10 : index
    %c2p31 = arith.constant 2147483648 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %p = tiny.k.index %in[%c0] : memref<1xi32>
    %x32 = tiny.k.load %p : !tiny.ptr<i32, global>
    %x = arith.index_cast %x32 : i32 to index
    %xs = arith.muli %x, %c2p31 : index
    %s = tiny.k.range reduce %r < %c10 iter_args(%acc = %zero) -> (i32) {
      %a = arith.addi %r, %xs : index
      %b = arith.subi %c0, %xs : index
      %lt = arith.cmpi slt, %a, %b : index
      %v = arith.select %lt, %one, %zero : i32
      %next = arith.addi %acc, %v : i32
      tiny.k.end %next : i32
    }
    %o = tiny.k.index %out[%c0] : memref<1xi32>
    tiny.k.store %o, %s : !tiny.ptr<i32, global>
  }
  return
}

// -----

// A cast of a select of two zeros sums to a zero of the cast's type, made
// before the range (not from the body's constants, which stay inside it).

// CHECK-LABEL: func.func @cast_of_zeros
// CHECK-NOT:     tiny.k.range reduce
// CHECK:         %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         tiny.k.store %{{.*}}, %[[Z]]
func.func @cast_of_zeros(%out: memref<1xf32>) {
  tiny.k.kernel "r_10" {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c10 = arith.constant 10 : index
    %zero = arith.constant 0.0 : f32
    %s = tiny.k.range reduce %r < %c10 iter_args(%acc = %zero) -> (f32) {
      %h0 = arith.constant 0.0 : f16
      %lt = arith.cmpi slt, %r, %c3 : index
      %v = arith.select %lt, %h0, %h0 : f16
      %w = arith.extf %v : f16 to f32
      %next = arith.addf %acc, %w : f32
      tiny.k.end %next : f32
    }
    %o = tiny.k.index %out[%c0] : memref<1xf32>
    tiny.k.store %o, %s : !tiny.ptr<f32, global>
  }
  return
}
