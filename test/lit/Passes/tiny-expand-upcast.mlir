// RUN: tiny-opt %s -split-input-file -tiny-expand-upcast | FileCheck %s

// An UPCAST loop of 3 rows: three copies of its body in its place, the
// induction variable 0, 1 and 2 in them; the LOOP range around it stays.
// CHECK-LABEL: func.func @upcast_loop
// CHECK:      tiny.k.range loop %[[J:.*]] < %c4 {
// CHECK-NEXT:   %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:   %[[R0:.*]] = arith.muli %[[C0]], %c4 : index
// CHECK-NEXT:   %[[K0:.*]] = arith.addi %[[R0]], %[[J]] : index
// CHECK-NEXT:   %[[P0:.*]] = tiny.k.index %{{.*}}[%[[K0]]]
// CHECK-NEXT:   tiny.k.store %[[P0]], %{{.*}}
// CHECK-NEXT:   %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:   %[[R1:.*]] = arith.muli %[[C1]], %c4 : index
// CHECK-NEXT:   %[[K1:.*]] = arith.addi %[[R1]], %[[J]] : index
// CHECK-NEXT:   %[[P1:.*]] = tiny.k.index %{{.*}}[%[[K1]]]
// CHECK-NEXT:   tiny.k.store %[[P1]], %{{.*}}
// CHECK-NEXT:   %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:   %[[R2:.*]] = arith.muli %[[C2]], %c4 : index
// CHECK-NEXT:   %[[K2:.*]] = arith.addi %[[R2]], %[[J]] : index
// CHECK-NEXT:   %[[P2:.*]] = tiny.k.index %{{.*}}[%[[K2]]]
// CHECK-NEXT:   tiny.k.store %[[P2]], %{{.*}}
// CHECK-NEXT: }
// CHECK-NOT:  tiny.k.range
// CHECK:      return
func.func @upcast_loop(%o: memref<12xf32>) {
  tiny.k.kernel "E_3_4" {
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %one = arith.constant 1.0 : f32
    tiny.k.range loop %j < %c4 {
      tiny.k.range upcast %i < %c3 {
        %r = arith.muli %i, %c4 : index
        %k = arith.addi %r, %j : index
        %p = tiny.k.index %o[%k] : memref<12xf32>
        tiny.k.store %p, %one : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// An UNROLLed reduce: the accumulator flows through the copies, the first
// from the initial value, each next one from the sum before it, and the
// range's result is the last sum.
// CHECK-LABEL: func.func @unroll_reduce
// CHECK:      %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NOT:  tiny.k.range
// CHECK:      %[[P0:.*]] = tiny.k.index %{{.*}}[%[[C0:.*]]]
// CHECK-NEXT: %[[V0:.*]] = tiny.k.load %[[P0]]
// CHECK-NEXT: %[[S0:.*]] = arith.addf %[[ZERO]], %[[V0]] : f32
// CHECK:      %[[P1:.*]] = tiny.k.index %{{.*}}[%[[C1:.*]]]
// CHECK-NEXT: %[[V1:.*]] = tiny.k.load %[[P1]]
// CHECK-NEXT: %[[S1:.*]] = arith.addf %[[S0]], %[[V1]] : f32
// CHECK:      %[[P2:.*]] = tiny.k.index %{{.*}}[%[[C2:.*]]]
// CHECK-NEXT: %[[V2:.*]] = tiny.k.load %[[P2]]
// CHECK-NEXT: %[[S2:.*]] = arith.addf %[[S1]], %[[V2]] : f32
// CHECK:      %[[P3:.*]] = tiny.k.index %{{.*}}[%[[C3:.*]]]
// CHECK-NEXT: %[[V3:.*]] = tiny.k.load %[[P3]]
// CHECK-NEXT: %[[S3:.*]] = arith.addf %[[S2]], %[[V3]] : f32
// CHECK:      tiny.k.store %{{.*}}, %[[S3]]
// CHECK-NOT:  tiny.k.range
// CHECK:      return
func.func @unroll_reduce(%a: memref<4xf32>, %o: memref<1xf32>) {
  tiny.k.kernel "r_4" {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.0 : f32
    %s = tiny.k.range unroll %r < %c4 iter_args(%acc = %zero) -> (f32) {
      %p = tiny.k.index %a[%r] : memref<4xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %n = arith.addf %acc, %v : f32
      tiny.k.end %n : f32
    }
    %q = tiny.k.index %o[%c0] : memref<1xf32>
    tiny.k.store %q, %s : !tiny.ptr<f32, global>
  }
  return
}

// -----

// Nested: an UNROLL range inside an UPCAST range (two rows, each a sum of
// two elements) becomes 2 x 2 copies; the inner range is expanded first,
// so each row's copy holds its two unrolled indices. A REDUCE range around
// them stays a range, its accumulator untouched.
// CHECK-LABEL: func.func @nested
// CHECK:      %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: tiny.k.range reduce %[[K:.*]] < %c3 iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32) {
// Row 0 (the UPCAST index), reduced indices 0 and 1 (the UNROLL index):
// CHECK-NEXT:   %[[U0:.*]] = arith.constant 0 : index
// CHECK-NEXT:   %[[R00:.*]] = arith.constant 0 : index
// CHECK-NEXT:   arith.muli %[[U0]], %c6
// CHECK-NEXT:   %[[KB0:.*]] = arith.muli %[[K]], %c2
// CHECK-NEXT:   arith.addi %[[KB0]], %[[R00]]
// CHECK:        %[[V00:.*]] = tiny.k.load
// CHECK-NEXT:   %[[S00:.*]] = arith.addf %[[ZERO]], %[[V00]]
// CHECK-NEXT:   %[[R01:.*]] = arith.constant 1 : index
// CHECK-NEXT:   arith.muli %[[U0]], %c6
// CHECK-NEXT:   %[[KB1:.*]] = arith.muli %[[K]], %c2
// CHECK-NEXT:   arith.addi %[[KB1]], %[[R01]]
// CHECK:        %[[V01:.*]] = tiny.k.load
// CHECK-NEXT:   %[[S01:.*]] = arith.addf %[[S00]], %[[V01]]
// CHECK-NEXT:   %[[Q0:.*]] = tiny.k.index %{{.*}}[%[[U0]]]
// CHECK-NEXT:   tiny.k.store %[[Q0]], %[[S01]]
// Row 1: its own chain, from the unrolled range's initial value again.
// CHECK-NEXT:   %[[U1:.*]] = arith.constant 1 : index
// CHECK:        %[[V10:.*]] = tiny.k.load
// CHECK-NEXT:   %[[S10:.*]] = arith.addf %[[ZERO]], %[[V10]]
// CHECK:        %[[V11:.*]] = tiny.k.load
// CHECK-NEXT:   %[[S11:.*]] = arith.addf %[[S10]], %[[V11]]
// CHECK-NEXT:   %[[Q1:.*]] = tiny.k.index %{{.*}}[%[[U1]]]
// CHECK-NEXT:   tiny.k.store %[[Q1]], %[[S11]]
// CHECK-NEXT:   tiny.k.end %[[ACC]] : f32
// CHECK-NEXT: }
// CHECK-NOT:  tiny.k.range
// CHECK:      return
func.func @nested(%a: memref<12xf32>, %o: memref<2xf32>) {
  tiny.k.kernel "r_2_2" {
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    %zero = arith.constant 0.0 : f32
    %t = tiny.k.range reduce %k < %c3 iter_args(%outer = %zero) -> (f32) {
      tiny.k.range upcast %i < %c2 {
        %s = tiny.k.range unroll %r < %c2 iter_args(%acc = %zero) -> (f32) {
          %row = arith.muli %i, %c6 : index
          %k2 = arith.muli %k, %c2 : index
          %col = arith.addi %k2, %r : index
          %e = arith.addi %row, %col : index
          %p = tiny.k.index %a[%e] : memref<12xf32>
          %v = tiny.k.load %p : !tiny.ptr<f32, global>
          %n = arith.addf %acc, %v : f32
          tiny.k.end %n : f32
        }
        %q = tiny.k.index %o[%i] : memref<2xf32>
        tiny.k.store %q, %s : !tiny.ptr<f32, global>
      }
      tiny.k.end %outer : f32
    }
  }
  return
}

// -----

// Bound 1: the body once, the induction variable 0. Bound 0: no copy, the
// range's result is its initial value.
// CHECK-LABEL: func.func @bounds_one_and_zero
// CHECK-NOT:  tiny.k.range
// CHECK:      %[[INIT:.*]] = arith.constant 7.000000e+00 : f32
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[P:.*]] = tiny.k.index %{{.*}}[%[[C0]]]
// CHECK-NEXT: tiny.k.store %[[P]], %[[INIT]] :
// CHECK-NEXT: %[[Q:.*]] = tiny.k.index
// CHECK-NEXT: tiny.k.store %[[Q]], %[[INIT]] :
// CHECK-NOT:  tiny.k.range
// CHECK:      return
func.func @bounds_one_and_zero(%o: memref<2xf32>) {
  tiny.k.kernel "E_1" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %init = arith.constant 7.0 : f32
    tiny.k.range upcast %i < %c1 {
      %p = tiny.k.index %o[%i] : memref<2xf32>
      tiny.k.store %p, %init : !tiny.ptr<f32, global>
    }
    %s = tiny.k.range unroll %r < %c0 iter_args(%acc = %init) -> (f32) {
      %n = arith.addf %acc, %acc : f32
      tiny.k.end %n : f32
    }
    %q = tiny.k.index %o[%c1] : memref<2xf32>
    tiny.k.store %q, %s : !tiny.ptr<f32, global>
  }
  return
}

// -----

// An UPCAST range of 2 rows whose body reduces each row: one REDUCE range
// carrying both rows' accumulators, its body the two copies op by op; the
// load of x[k], the same in both copies, is emitted once and read by both
// products; each row's store after the reduction.
// CHECK-LABEL: func.func @upcast_reduction
// CHECK-DAG:  %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:  %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:  %[[C1:.*]] = arith.constant 1 : index
// CHECK:      %[[S:.*]]:2 = tiny.k.range reduce %[[K:.*]] < %c16 iter_args(%[[A0:.*]] = %[[ZERO]], %[[A1:.*]] = %[[ZERO]]) -> (f32, f32) {
// CHECK-DAG:    %[[ROW0:.*]] = arith.muli %[[C0]], %c16 : index
// CHECK-DAG:    %[[ROW1:.*]] = arith.muli %[[C1]], %c16 : index
// CHECK:        %[[PX:.*]] = tiny.k.index %{{.*}}[%[[K]]] : memref<16xf32>
// CHECK-NEXT:   %[[VX:.*]] = tiny.k.load %[[PX]]
// CHECK-NEXT:   %[[M0:.*]] = arith.mulf %{{.*}}, %[[VX]] : f32
// CHECK-NEXT:   %[[M1:.*]] = arith.mulf %{{.*}}, %[[VX]] : f32
// CHECK-NEXT:   %[[N0:.*]] = arith.addf %[[A0]], %[[M0]] : f32
// CHECK-NEXT:   %[[N1:.*]] = arith.addf %[[A1]], %[[M1]] : f32
// CHECK-NEXT:   tiny.k.end %[[N0]], %[[N1]] : f32, f32
// CHECK-NEXT: }
// CHECK-NEXT: %[[P0:.*]] = tiny.k.index %{{.*}}[%[[C0]]] : memref<2xf32>
// CHECK-NEXT: %[[P1:.*]] = tiny.k.index %{{.*}}[%[[C1]]] : memref<2xf32>
// CHECK-NEXT: tiny.k.store %[[P0]], %[[S]]#0
// CHECK-NEXT: tiny.k.store %[[P1]], %[[S]]#1
// CHECK-NOT:  tiny.k.range upcast
func.func @upcast_reduction(%w: memref<32xf32>, %x: memref<16xf32>, %y: memref<2xf32>) {
  tiny.k.kernel "r_2_16" {
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range upcast %i < %c2 {
      %s = tiny.k.range reduce %k < %c16 iter_args(%acc = %zero) -> (f32) {
        %row = arith.muli %i, %c16 : index
        %wi = arith.addi %row, %k : index
        %pw = tiny.k.index %w[%wi] : memref<32xf32>
        %vw = tiny.k.load %pw : !tiny.ptr<f32, global>
        %px = tiny.k.index %x[%k] : memref<16xf32>
        %vx = tiny.k.load %px : !tiny.ptr<f32, global>
        %m = arith.mulf %vw, %vx : f32
        %n = arith.addf %acc, %m : f32
        tiny.k.end %n : f32
      }
      %py = tiny.k.index %y[%i] : memref<2xf32>
      tiny.k.store %py, %s : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// Two rows of a reduction-outside nest, UPCAST: the copies are jammed
// through the ranges (unroll-and-jam). Each range becomes one range of the
// same type and bound whose body holds both rows' copies of its body, op by
// op: the init loop stores both rows' zeros, the column loop loads both
// accumulators, loads the element of %b they share once, and stores both
// sums. Row 1's index is the constant 1.
// CHECK-LABEL: func.func @upcast_jam
// CHECK:      %[[U0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[U1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[ROW0:.*]] = arith.muli %[[U0]], %c4 : index
// CHECK-NEXT: %[[ROW1:.*]] = arith.muli %[[U1]], %c4 : index
// CHECK-NEXT: tiny.k.range loop %[[J:.*]] < %c4 {
// CHECK-NEXT:   %[[I0:.*]] = arith.addi %[[ROW0]], %[[J]] : index
// CHECK-NEXT:   %[[I1:.*]] = arith.addi %[[ROW1]], %[[J]] : index
// CHECK-NEXT:   %[[Q0:.*]] = tiny.k.index %{{.*}}[%[[I0]]]
// CHECK-NEXT:   %[[Q1:.*]] = tiny.k.index %{{.*}}[%[[I1]]]
// CHECK-NEXT:   tiny.k.store %[[Q0]], %{{.*}}
// CHECK-NEXT:   tiny.k.store %[[Q1]], %{{.*}}
// CHECK-NEXT: }
// CHECK-NEXT: tiny.k.range reduce %[[K:.*]] < %c3 {
// CHECK-NEXT:   tiny.k.range loop %[[J2:.*]] < %c4 {
// CHECK-NEXT:     %[[A0:.*]] = arith.addi %[[ROW0]], %[[J2]] : index
// CHECK-NEXT:     %[[A1:.*]] = arith.addi %[[ROW1]], %[[J2]] : index
// CHECK-NEXT:     %[[P0:.*]] = tiny.k.index %{{.*}}[%[[A0]]]
// CHECK-NEXT:     %[[P1:.*]] = tiny.k.index %{{.*}}[%[[A1]]]
// CHECK-NEXT:     %[[ACC0:.*]] = tiny.k.load %[[P0]]
// CHECK-NEXT:     %[[ACC1:.*]] = tiny.k.load %[[P1]]
// CHECK-NEXT:     %[[KB:.*]] = arith.muli %[[K]], %c4 : index
// CHECK-NEXT:     %[[BI:.*]] = arith.addi %[[KB]], %[[J2]] : index
// CHECK-NEXT:     %[[PB:.*]] = tiny.k.index %{{.*}}[%[[BI]]]
// CHECK-NEXT:     %[[VB:.*]] = tiny.k.load %[[PB]]
// CHECK-NEXT:     %[[S0:.*]] = arith.addf %[[ACC0]], %[[VB]] : f32
// CHECK-NEXT:     %[[S1:.*]] = arith.addf %[[ACC1]], %[[VB]] : f32
// CHECK-NEXT:     tiny.k.store %[[P0]], %[[S0]]
// CHECK-NEXT:     tiny.k.store %[[P1]], %[[S1]]
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NOT:  tiny.k.range
// CHECK:      return
func.func @upcast_jam(%bm: memref<12xf32>, %o: memref<8xf32>) {
  tiny.k.kernel "r_2_4" {
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range upcast %i < %c2 {
      %row = arith.muli %i, %c4 : index
      tiny.k.range loop %j < %c4 {
        %oi = arith.addi %row, %j : index
        %q = tiny.k.index %o[%oi] : memref<8xf32>
        tiny.k.store %q, %zero : !tiny.ptr<f32, global>
      }
      tiny.k.range reduce %k < %c3 {
        tiny.k.range loop %j < %c4 {
          %oi = arith.addi %row, %j : index
          %q = tiny.k.index %o[%oi] : memref<8xf32>
          %acc = tiny.k.load %q : !tiny.ptr<f32, global>
          %kb = arith.muli %k, %c4 : index
          %bi = arith.addi %kb, %j : index
          %pb = tiny.k.index %bm[%bi] : memref<12xf32>
          %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
          %s = arith.addf %acc, %vb : f32
          tiny.k.store %q, %s : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}
