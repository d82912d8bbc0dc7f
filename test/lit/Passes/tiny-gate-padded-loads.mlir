// RUN: tiny-opt %s -split-input-file -tiny-gate-padded-loads | FileCheck %s

// tinygrad's cat of two 4x3 tensors along the last axis, as rangeify writes
// it: each input read at an index clamped into its buffer and kept where
// the read is valid. Each read becomes a load gated by its condition at the
// unclamped index; the row offset, which no clamp feeds, is reused.
// CHECK-LABEL: func.func @cat
// CHECK:         %[[ROW:.*]] = arith.muli %[[I:.*]], %c3
// CHECK:         %[[OKA:.*]] = arith.cmpi ult, %[[J:.*]], %c3
// CHECK-NOT:     tiny.k.load
// CHECK:         %[[ADDRA:.*]] = arith.addi %[[J]], %[[ROW]] : index
// CHECK-NEXT:    %[[PA:.*]] = tiny.k.index %{{.*}}[%[[ADDRA]]]
// CHECK:         %[[A:.*]] = tiny.k.load %[[PA]] if %[[OKA]] else %{{.*}} : !tiny.ptr<f32, global>, f32
// CHECK:         %[[JB:.*]] = arith.subi %[[J]], %c3
// CHECK:         %[[OKB:.*]] = arith.cmpi ult, %[[JB]], %c3
// CHECK:         %[[ADDRB:.*]] = arith.addi %[[JB]], %[[ROW]] : index
// CHECK-NEXT:    %[[PB:.*]] = tiny.k.index %{{.*}}[%[[ADDRB]]]
// CHECK-NEXT:    %[[B:.*]] = tiny.k.load %[[PB]] if %[[OKB]] else %{{.*}} : !tiny.ptr<f32, global>, f32
// CHECK-NOT:     arith.select
// CHECK:         arith.addf %[[A]], %[[B]] : f32
func.func @cat(%a: memref<12xf32>, %b: memref<12xf32>, %out: memref<24xf32>) {
  tiny.k.kernel "E_4_6" {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    tiny.k.range loop %i < %c4 {
      tiny.k.range loop %j < %c6 {
        %row = arith.muli %i, %c3 : index
        %oka = arith.cmpi ult, %j, %c3 : index
        %ja = arith.select %oka, %j, %c0 : index
        %addra = arith.addi %ja, %row : index
        %pa = tiny.k.index %a[%addra] : memref<12xf32>
        %va = tiny.k.load %pa : !tiny.ptr<f32, global>
        %zero = arith.constant 0.000000e+00 : f32
        %xa = arith.select %oka, %va, %zero : f32
        %jb0 = arith.subi %j, %c3 : index
        %okb = arith.cmpi ult, %jb0, %c3 : index
        %jb = arith.select %okb, %jb0, %c0 : index
        %addrb = arith.addi %jb, %row : index
        %pb = tiny.k.index %b[%addrb] : memref<12xf32>
        %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
        %xb = arith.select %okb, %vb, %zero : f32
        %sum = arith.addf %xa, %xb : f32
        %orow = arith.muli %i, %c6 : index
        %oaddr = arith.addi %j, %orow : index
        %po = tiny.k.index %out[%oaddr] : memref<24xf32>
        tiny.k.store %po, %sum : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// A pad on two axes: the read is valid where both axes are, and both
// clamps go (each condition is one of the gate's conjuncts).
// CHECK-LABEL: func.func @pad_2d
// CHECK:         %[[OKR:.*]] = arith.cmpi ult, %[[R:.*]], %c4
// CHECK:         %[[OKC:.*]] = arith.cmpi ult, %[[C:.*]], %c4
// CHECK:         %[[OK:.*]] = arith.andi %[[OKR]], %[[OKC]] : i1
// CHECK:         %[[ROW:.*]] = arith.muli %[[R]], %c4
// CHECK-NEXT:    %[[ADDR:.*]] = arith.addi %[[C]], %[[ROW]] : index
// CHECK-NEXT:    %[[P:.*]] = tiny.k.index %{{.*}}[%[[ADDR]]]
// CHECK:         tiny.k.load %[[P]] if %[[OK]] else %{{.*}} : !tiny.ptr<f32, global>, f32
// CHECK-NOT:     arith.select
func.func @pad_2d(%x: memref<16xf32>, %out: memref<36xf32>) {
  tiny.k.kernel "E_6_6" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    tiny.k.range loop %i < %c6 {
      tiny.k.range loop %j < %c6 {
        %r = arith.subi %i, %c1 : index
        %okr = arith.cmpi ult, %r, %c4 : index
        %rc = arith.select %okr, %r, %c0 : index
        %c = arith.subi %j, %c1 : index
        %okc = arith.cmpi ult, %c, %c4 : index
        %ok = arith.andi %okr, %okc : i1
        %cc = arith.select %okc, %c, %c0 : index
        %row = arith.muli %rc, %c4 : index
        %addr = arith.addi %cc, %row : index
        %p = tiny.k.index %x[%addr] : memref<16xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %zero = arith.constant 0.000000e+00 : f32
        %y = arith.select %ok, %v, %zero : f32
        %orow = arith.muli %i, %c6 : index
        %oaddr = arith.addi %j, %orow : index
        %po = tiny.k.index %out[%oaddr] : memref<36xf32>
        tiny.k.store %po, %y : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// Left alone: a select whose condition is no clamp's (the index is not
// clamped), a load read by something else too, a clamp whose condition is
// not part of the gate (the read could go out of bounds where the gate
// holds), and a load that is already gated.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-3: tiny.k.load %{{[a-z0-9_]+}} : !tiny.ptr<f32, global>
// CHECK:         tiny.k.load %{{.*}} if %{{.*}} else %{{.*}} : !tiny.ptr<f32, global>, f32
// CHECK-NOT:     tiny.k.load
func.func @left_alone(%x: memref<8xf32>, %out: memref<32xf32>) {
  tiny.k.kernel "E_4_8" {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0.000000e+00 : f32
    tiny.k.range loop %i < %c4 {
      tiny.k.range loop %j < %c8 {
        %ok = arith.cmpi ult, %j, %c4 : index
        %p0 = tiny.k.index %x[%j] : memref<8xf32>
        %v0 = tiny.k.load %p0 : !tiny.ptr<f32, global>
        %y0 = arith.select %ok, %v0, %zero : f32
        %jc = arith.select %ok, %j, %c0 : index
        %p1 = tiny.k.index %x[%jc] : memref<8xf32>
        %v1 = tiny.k.load %p1 : !tiny.ptr<f32, global>
        %y1 = arith.select %ok, %v1, %zero : f32
        %y1b = arith.addf %y1, %v1 : f32
        %other = arith.cmpi ult, %i, %c4 : index
        %p2 = tiny.k.index %x[%jc] : memref<8xf32>
        %v2 = tiny.k.load %p2 : !tiny.ptr<f32, global>
        %y2 = arith.select %other, %v2, %zero : f32
        %v3 = tiny.k.load %p1 if %ok else %zero : !tiny.ptr<f32, global>, f32
        %s0 = arith.addf %y0, %y1b : f32
        %s1 = arith.addf %s0, %y2 : f32
        %s2 = arith.addf %s1, %v3 : f32
        %row = arith.muli %i, %c8 : index
        %addr = arith.addi %j, %row : index
        %po = tiny.k.index %out[%addr] : memref<32xf32>
        tiny.k.store %po, %s2 : !tiny.ptr<f32, global>
      }
    }
  }
  return
}
