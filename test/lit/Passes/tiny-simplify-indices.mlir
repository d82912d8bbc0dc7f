// RUN: tiny-opt %s -split-input-file -tiny-simplify-indices | FileCheck %s

// (i * 25 + j) mod 24 with i < 5, j < 20: i * 25 = i * 24 + i, and
// i + j < 24, so the remainder is i + j (tinygrad's convolution reads its
// input at x + kx through such a remainder).

// CHECK-LABEL: func.func @mod_in_range
// CHECK-NOT:     arith.remui
// CHECK:         tiny.k.range loop %[[I:.*]] < %{{.*}} {
// CHECK-NEXT:      tiny.k.range loop %[[J:.*]] < %{{.*}} {
// CHECK-NEXT:        %[[R:.*]] = arith.addi %[[I]], %[[J]] : index
// CHECK-NEXT:        tiny.k.index %{{.*}}[%[[R]]]
func.func @mod_in_range(%out: memref<1000xf32>) {
  tiny.k.kernel "E_5_20" {
    %c5 = arith.constant 5 : index
    %c20 = arith.constant 20 : index
    %c24 = arith.constant 24 : index
    %c25 = arith.constant 25 : index
    %one = arith.constant 1.0 : f32
    tiny.k.range loop %i < %c5 {
      tiny.k.range loop %j < %c20 {
        %a = arith.muli %i, %c25 : index
        %x = arith.addi %a, %j : index
        %r = arith.remui %x, %c24 : index
        %p = tiny.k.index %out[%r] : memref<1000xf32>
        tiny.k.store %p, %one : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// (i * 25 + j) div 24 with the same ranges: i + (i + j) div 24 = i.
// (i * 25 + j) div 125 = 0 and (i * 25 + j + 125 * k) div 125 = k.

// CHECK-LABEL: func.func @div_in_range
// CHECK-NOT:     arith.divui
// CHECK:         tiny.k.range loop %[[K:.*]] < %{{.*}} {
// CHECK-NEXT:      tiny.k.range loop %[[I:.*]] < %{{.*}} {
// CHECK-NEXT:        tiny.k.range loop %[[J:.*]] < %{{.*}} {
// CHECK-NEXT:          %[[P0:.*]] = tiny.k.index %{{.*}}[%[[I]]]
// CHECK:               %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:          %[[P1:.*]] = tiny.k.index %{{.*}}[%[[ZERO]]]
// CHECK:               %[[P2:.*]] = tiny.k.index %{{.*}}[%[[K]]]
func.func @div_in_range(%out: memref<1000xf32>) {
  tiny.k.kernel "E_3_5_20" {
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c20 = arith.constant 20 : index
    %c24 = arith.constant 24 : index
    %c25 = arith.constant 25 : index
    %c125 = arith.constant 125 : index
    %one = arith.constant 1.0 : f32
    tiny.k.range loop %k < %c3 {
      tiny.k.range loop %i < %c5 {
        tiny.k.range loop %j < %c20 {
          %a = arith.muli %i, %c25 : index
          %x = arith.addi %a, %j : index
          %q0 = arith.divui %x, %c24 : index
          %p0 = tiny.k.index %out[%q0] : memref<1000xf32>
          tiny.k.store %p0, %one : !tiny.ptr<f32, global>
          %q1 = arith.divui %x, %c125 : index
          %p1 = tiny.k.index %out[%q1] : memref<1000xf32>
          tiny.k.store %p1, %one : !tiny.ptr<f32, global>
          %b = arith.muli %k, %c125 : index
          %y = arith.addi %x, %b : index
          %q2 = arith.divui %y, %c125 : index
          %p2 = tiny.k.index %out[%q2] : memref<1000xf32>
          tiny.k.store %p2, %one : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

// -----

// tinygrad's convolution reads its input (H = W = 24, a 5 x 5 window,
// 20 x 20 outputs) through 6 x 6 copies of it flattened to 144 x 144, shrunk
// to 125 x 125 and split into 5 x 25: at (kh, oh, kw, ow) the flat offset is
// f = (25 * kh + oh) * 144 + 25 * kw + ow, and the input's row and column
// are (f div 144) mod 24 = kh + oh and f mod 24 = kw + ow.

// CHECK-LABEL: func.func @pool_window
// CHECK-NOT:     arith.divui
// CHECK-NOT:     arith.remui
// CHECK:         tiny.k.range loop %[[KH:.*]] < %{{.*}} {
// CHECK-NEXT:      tiny.k.range loop %[[OH:.*]] < %{{.*}} {
// CHECK-NEXT:        tiny.k.range loop %[[KW:.*]] < %{{.*}} {
// CHECK-NEXT:          tiny.k.range loop %[[OW:.*]] < %{{.*}} {
// CHECK:                 %[[ROW:.*]] = arith.addi %[[KH]], %[[OH]] : index
// CHECK:                 %[[COL:.*]] = arith.addi %[[KW]], %[[OW]] : index
// CHECK:                 %[[R24:.*]] = arith.muli %[[ROW]], %{{.*}} : index
// CHECK-NEXT:            %[[X:.*]] = arith.addi %[[R24]], %[[COL]] : index
// CHECK-NEXT:            tiny.k.index %{{.*}}[%[[X]]]
func.func @pool_window(%x: memref<576xf32>, %out: memref<48000xf32>) {
  tiny.k.kernel "r_20_20_5_5" {
    %c5 = arith.constant 5 : index
    %c20 = arith.constant 20 : index
    %c24 = arith.constant 24 : index
    %c25 = arith.constant 25 : index
    %c144 = arith.constant 144 : index
    %c400 = arith.constant 400 : index
    tiny.k.range loop %kh < %c5 {
      tiny.k.range loop %oh < %c20 {
        tiny.k.range loop %kw < %c5 {
          tiny.k.range loop %ow < %c20 {
            %h0 = arith.muli %kh, %c25 : index
            %h = arith.addi %h0, %oh : index
            %w0 = arith.muli %kw, %c25 : index
            %w = arith.addi %w0, %ow : index
            %f0 = arith.muli %h, %c144 : index
            %f = arith.addi %f0, %w : index
            %d = arith.divui %f, %c144 : index
            %row = arith.remui %d, %c24 : index
            %col = arith.remui %f, %c24 : index
            %r24 = arith.muli %row, %c24 : index
            %i = arith.addi %r24, %col : index
            %p = tiny.k.index %x[%i] : memref<576xf32>
            %v = tiny.k.load %p : !tiny.ptr<f32, global>
            %o0 = arith.muli %h, %c400 : index
            %o = arith.addi %o0, %w : index
            %q = tiny.k.index %out[%o] : memref<48000xf32>
            tiny.k.store %q, %v : !tiny.ptr<f32, global>
          }
        }
      }
    }
  }
  return
}

// -----

// i + 24 * j with i < 30 (two quotients): the multiple of 24 leaves the
// remainder, and goes to the quotient.

// CHECK-LABEL: func.func @split
// CHECK:         %[[C24:.*]] = arith.constant 24 : index
// CHECK:         tiny.k.range loop %[[I:.*]] < %{{.*}} {
// CHECK-NEXT:      tiny.k.range loop %[[J:.*]] < %{{.*}} {
// CHECK-NEXT:        %[[R:.*]] = arith.remui %[[I]], %[[C24]] : index
// CHECK-NEXT:        tiny.k.index %{{.*}}[%[[R]]]
// CHECK-NEXT:        tiny.k.store
// CHECK-NEXT:        %[[D:.*]] = arith.divui %[[I]], %[[C24]] : index
// CHECK-NEXT:        %[[Q:.*]] = arith.addi %[[J]], %[[D]] : index
// CHECK-NEXT:        tiny.k.index %{{.*}}[%[[Q]]]
func.func @split(%out: memref<1000xf32>) {
  tiny.k.kernel "E_30_4" {
    %c4 = arith.constant 4 : index
    %c24 = arith.constant 24 : index
    %c30 = arith.constant 30 : index
    %one = arith.constant 1.0 : f32
    tiny.k.range loop %i < %c30 {
      tiny.k.range loop %j < %c4 {
        %a = arith.muli %j, %c24 : index
        %x = arith.addi %i, %a : index
        %r = arith.remui %x, %c24 : index
        %p0 = tiny.k.index %out[%r] : memref<1000xf32>
        tiny.k.store %p0, %one : !tiny.ptr<f32, global>
        %q = arith.divui %x, %c24 : index
        %p1 = tiny.k.index %out[%q] : memref<1000xf32>
        tiny.k.store %p1, %one : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// A padded read's clamped index, select(ult(i - 1, 24), i - 1, 0), is in
// [0, 23]: its remainder by 24 is itself, its quotient 0.

// CHECK-LABEL: func.func @padded
// CHECK-NOT:     arith.remui
// CHECK-NOT:     arith.divui
// CHECK:         %[[S:.*]] = arith.select
// CHECK-NEXT:    tiny.k.index %{{.*}}[%[[S]]]
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:    tiny.k.index %{{.*}}[%[[ZERO]]]
func.func @padded(%out: memref<1000xf32>) {
  tiny.k.kernel "E_26" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c24 = arith.constant 24 : index
    %c26 = arith.constant 26 : index
    %one = arith.constant 1.0 : f32
    tiny.k.range loop %i < %c26 {
      %s = arith.subi %i, %c1 : index
      %in = arith.cmpi ult, %s, %c24 : index
      %c = arith.select %in, %s, %c0 : index
      %r = arith.remui %c, %c24 : index
      %p0 = tiny.k.index %out[%r] : memref<1000xf32>
      tiny.k.store %p0, %one : !tiny.ptr<f32, global>
      %q = arith.divui %c, %c24 : index
      %p1 = tiny.k.index %out[%q] : memref<1000xf32>
      tiny.k.store %p1, %one : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// Divisions of divisions merge whatever the ranges: (x div 4) div 6 =
// x div 24, (x mod 12) mod 4 = x mod 4; (x mod 12) mod 5 stays.

// CHECK-LABEL: func.func @nested
// CHECK-SAME:    (%{{.*}}: memref<1000xf32>, %[[X:.*]]: index)
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG:     %[[C12:.*]] = arith.constant 12 : index
// CHECK:         %[[C24:.*]] = arith.constant 24 : index
// CHECK-NEXT:    %[[D:.*]] = arith.divui %[[X]], %[[C24]] : index
// CHECK-NEXT:    tiny.k.index %{{.*}}[%[[D]]]
// CHECK-NEXT:    tiny.k.store
// CHECK-NEXT:    %[[M:.*]] = arith.remui %[[X]], %[[C12]] : index
// CHECK-NEXT:    %[[R:.*]] = arith.remui %[[X]], %[[C4]] : index
// CHECK-NEXT:    tiny.k.index %{{.*}}[%[[R]]]
// CHECK-NEXT:    tiny.k.store
// CHECK-NEXT:    %[[M5:.*]] = arith.remui %[[M]], %[[C5]] : index
// CHECK-NEXT:    tiny.k.index %{{.*}}[%[[M5]]]
func.func @nested(%out: memref<1000xf32>, %x: index) {
  tiny.k.kernel "E_1" {
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c12 = arith.constant 12 : index
    %one = arith.constant 1.0 : f32
    %d = arith.divui %x, %c4 : index
    %dd = arith.divui %d, %c6 : index
    %p0 = tiny.k.index %out[%dd] : memref<1000xf32>
    tiny.k.store %p0, %one : !tiny.ptr<f32, global>
    %m = arith.remui %x, %c12 : index
    %mm = arith.remui %m, %c4 : index
    %p1 = tiny.k.index %out[%mm] : memref<1000xf32>
    tiny.k.store %p1, %one : !tiny.ptr<f32, global>
    %m5 = arith.remui %m, %c5 : index
    %p2 = tiny.k.index %out[%m5] : memref<1000xf32>
    tiny.k.store %p2, %one : !tiny.ptr<f32, global>
  }
  return
}

// -----

// Left alone: an index that may wrap below zero ((i - 3) mod 4 for i < 10:
// i - 3 is 2^64 - 3 for i = 0), one whose range is unknown (an argument),
// one whose range overflows (i * 2^62 for i < 4), a division by zero, and
// one with nothing to simplify (i mod 7 for i < 10).

// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-4: arith.remui
// CHECK:         arith.divui
// CHECK:         arith.remui
// CHECK-NOT:     arith.remui
func.func @left_alone(%out: memref<1000xf32>, %y: index) {
  tiny.k.kernel "E_10" {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c7 = arith.constant 7 : index
    %c10 = arith.constant 10 : index
    %c24 = arith.constant 24 : index
    %big = arith.constant 4611686018427387904 : index
    %one = arith.constant 1.0 : f32
    tiny.k.range loop %i < %c10 {
      %s = arith.subi %i, %c3 : index
      %r0 = arith.remui %s, %c4 : index
      %p0 = tiny.k.index %out[%r0] : memref<1000xf32>
      tiny.k.store %p0, %one : !tiny.ptr<f32, global>
      %t = arith.muli %y, %c24 : index
      %u = arith.addi %t, %y : index
      %r1 = arith.remui %u, %c24 : index
      %p1 = tiny.k.index %out[%r1] : memref<1000xf32>
      tiny.k.store %p1, %one : !tiny.ptr<f32, global>
      %b = arith.muli %i, %big : index
      %v = arith.addi %b, %i : index
      %r2 = arith.remui %v, %c4 : index
      %p2 = tiny.k.index %out[%r2] : memref<1000xf32>
      tiny.k.store %p2, %one : !tiny.ptr<f32, global>
      %r3 = arith.remui %i, %c7 : index
      %p3 = tiny.k.index %out[%r3] : memref<1000xf32>
      tiny.k.store %p3, %one : !tiny.ptr<f32, global>
      %d0 = arith.divui %i, %c0 : index
      %p4 = tiny.k.index %out[%d0] : memref<1000xf32>
      tiny.k.store %p4, %one : !tiny.ptr<f32, global>
      %r4 = arith.remui %i, %c0 : index
      %p5 = tiny.k.index %out[%r4] : memref<1000xf32>
      tiny.k.store %p5, %one : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// The digits of a flattened 8x7x7 offset joined back (a realized
// tensor read through a reshape: tinygrad's flatten before a linear
// layer): (x mod 7) + 7 * ((x div 7) mod 7) + 49 * (x div 49) = x, here
// times 2 with an offset of 5; x mod 7 + 7 * (x div 7) = x for any x.

// CHECK-LABEL: func.func @join_digits
// CHECK-NOT:     arith.remui
// CHECK-NOT:     arith.divui
// CHECK:         tiny.k.range loop %[[X:.*]] < %{{.*}} {
// CHECK:           %[[TWICE:.*]] = arith.muli %[[X]], %{{.*}} : index
// CHECK:           %[[A:.*]] = arith.addi %[[TWICE]], %{{.*}} : index
// CHECK-NEXT:      tiny.k.index %{{.*}}[%[[A]]]
// CHECK:           tiny.k.index %{{.*}}[%[[X]]]
func.func @join_digits(%out: memref<1000xf32>) {
  tiny.k.kernel "E_392" {
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c14 = arith.constant 14 : index
    %c98 = arith.constant 98 : index
    %c392 = arith.constant 392 : index
    %one = arith.constant 1.0 : f32
    tiny.k.range loop %x < %c392 {
      %lo = arith.remui %x, %c7 : index
      %q = arith.divui %x, %c7 : index
      %mid = arith.remui %q, %c7 : index
      %q2 = arith.divui %q, %c7 : index
      %lo2 = arith.muli %lo, %c2 : index
      %mid2 = arith.muli %mid, %c14 : index
      %hi2 = arith.muli %q2, %c98 : index
      %s0 = arith.addi %lo2, %c5 : index
      %s1 = arith.addi %s0, %mid2 : index
      %a = arith.addi %s1, %hi2 : index
      %p = tiny.k.index %out[%a] : memref<1000xf32>
      tiny.k.store %p, %one : !tiny.ptr<f32, global>
      %q7 = arith.muli %q, %c7 : index
      %b = arith.addi %lo, %q7 : index
      %pb = tiny.k.index %out[%b] : memref<1000xf32>
      tiny.k.store %pb, %one : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// Left alone: the quotient's coefficient is not the divisor's multiple,
// and the two digits are of different values.

// CHECK-LABEL: func.func @digits_left_alone
// CHECK:         %[[LO:.*]] = arith.remui %[[X:.*]], %c7
// CHECK:         %[[Q:.*]] = arith.divui %[[X]], %c7
// CHECK:         arith.muli %[[Q]], %c8
// CHECK:         %[[QY:.*]] = arith.divui %[[Y:.*]], %c7
// CHECK:         arith.muli %[[QY]], %c7
func.func @digits_left_alone(%out: memref<4000xf32>) {
  tiny.k.kernel "E_392_392" {
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c392 = arith.constant 392 : index
    %one = arith.constant 1.0 : f32
    tiny.k.range loop %x < %c392 {
      tiny.k.range loop %y < %c392 {
        %lo = arith.remui %x, %c7 : index
        %q = arith.divui %x, %c7 : index
        %q8 = arith.muli %q, %c8 : index
        %a = arith.addi %lo, %q8 : index
        %p = tiny.k.index %out[%a] : memref<4000xf32>
        tiny.k.store %p, %one : !tiny.ptr<f32, global>
        %qy = arith.divui %y, %c7 : index
        %qy7 = arith.muli %qy, %c7 : index
        %b = arith.addi %lo, %qy7 : index
        %pb = tiny.k.index %out[%b] : memref<4000xf32>
        tiny.k.store %pb, %one : !tiny.ptr<f32, global>
      }
    }
  }
  return
}
