// RUN: tiny-opt %s -split-input-file "-tiny-cpu-schedule=cache-bytes=4096 row-upcast=1" | FileCheck %s
// RUN: tiny-opt %s -split-input-file "-tiny-cpu-schedule=cache-bytes=1048576 row-upcast=1" | FileCheck %s --check-prefix=FITS

// Cache blocks of a matmul's reduced axis (blockReduce): 2 blocks of 2 rows
// (C = A @ B, A 4x64, B 64x32, then relu), the reduce-outside form
// -tiny-rangeify gives it. -tiny-cpu-schedule first UNROLLs the reduce by 4
// (16 iterations, each loading 4 rows of B: 4 x 32 x 4 = 512 bytes); all 16
// read 8 KiB of B, more than half of a 4 KiB cache, so the reduce is split
// into blocks of 4 iterations (2 KiB of B), the range of the blocks outside
// the rows, the initialization and the relu in nests of their own.
// CHECK-LABEL: func.func @matmul_relu
// CHECK:      tiny.k.range loop %[[R0:.*]] < %c2 {
// CHECK-NEXT:   arith.muli %[[R0]]
// CHECK-NEXT:   arith.addi
// CHECK-NEXT:   tiny.k.range loop %{{.*}} < %c32 {
// CHECK:          tiny.k.store %{{.*}}, %cst
// CHECK:        }
// CHECK-NEXT: }
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: tiny.k.range reduce %[[KB:.*]] < %[[C4]] {
// CHECK-NEXT:   tiny.k.range loop %[[R1:.*]] < %c2 {
// CHECK-NEXT:     arith.muli %[[R1]]
// CHECK-NEXT:     arith.addi
// CHECK-NEXT:     %[[C4B:.*]] = arith.constant 4 : index
// CHECK-NEXT:     tiny.k.range reduce %[[KK:.*]] < %[[C4B]] {
// CHECK-NEXT:       %[[SIZE:.*]] = arith.constant 4 : index
// CHECK-NEXT:       %[[START:.*]] = arith.muli %[[KB]], %[[SIZE]] : index
// CHECK-NEXT:       %[[K:.*]] = arith.addi %[[START]], %[[KK]] : index
// CHECK-NEXT:       tiny.k.range loop %{{.*}} < %c32 {
// CHECK:              tiny.k.range unroll %{{.*}} < %c4
// CHECK:                arith.muli %[[K]], %c4
// CHECK:        }
// CHECK:      }
// CHECK:      tiny.k.range loop %[[R2:.*]] < %c2 {
// CHECK-NEXT:   arith.muli %[[R2]]
// CHECK-NEXT:   arith.addi
// CHECK-NEXT:   tiny.k.range loop %{{.*}} < %c32 {
// CHECK:          arith.maximumf
// CHECK:        }
// CHECK-NEXT: }
// CHECK-NOT:  tiny.k.range
// CHECK:      return
// With a 1 MiB cache, B fits: the nest stays as it is (unrolled).
// FITS-LABEL: func.func @matmul_relu
// FITS:      tiny.k.range loop %{{.*}} < %c2 {
// FITS:        tiny.k.range loop %{{.*}} < %c32 {
// FITS:        tiny.k.range reduce %{{.*}} < %c16{{.*}} {
// FITS:        tiny.k.range loop %{{.*}} < %c32 {
// FITS:          arith.maximumf
// FITS-NOT:  tiny.k.range
// FITS:      return
func.func @matmul_relu(%a: memref<256xf32>, %b: memref<2048xf32>,
                       %o: memref<128xf32>) {
  tiny.k.kernel "r_4_32_1" {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    tiny.k.range loop %t < %c2 {
      %r0 = arith.muli %t, %c2 : index
      %r1 = arith.addi %r0, %c1 : index
      tiny.k.range loop %j < %c32 {
        %zero = arith.constant 0.0 : f32
        %o0 = arith.muli %r0, %c32 : index
        %i0 = arith.addi %o0, %j : index
        %q0 = tiny.k.index %o[%i0] : memref<128xf32>
        tiny.k.store %q0, %zero : !tiny.ptr<f32, global>
        %o1 = arith.muli %r1, %c32 : index
        %i1 = arith.addi %o1, %j : index
        %q1 = tiny.k.index %o[%i1] : memref<128xf32>
        tiny.k.store %q1, %zero : !tiny.ptr<f32, global>
      }
      tiny.k.range reduce %k < %c64 {
        tiny.k.range loop %j < %c32 {
          %kb = arith.muli %k, %c32 : index
          %bi = arith.addi %kb, %j : index
          %pb = tiny.k.index %b[%bi] : memref<2048xf32>
          %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
          %a0 = arith.muli %r0, %c64 : index
          %ai0 = arith.addi %a0, %k : index
          %pa0 = tiny.k.index %a[%ai0] : memref<256xf32>
          %va0 = tiny.k.load %pa0 : !tiny.ptr<f32, global>
          %o0 = arith.muli %r0, %c32 : index
          %i0 = arith.addi %o0, %j : index
          %q0 = tiny.k.index %o[%i0] : memref<128xf32>
          %acc0 = tiny.k.load %q0 : !tiny.ptr<f32, global>
          %m0 = arith.mulf %va0, %vb : f32
          %s0 = arith.addf %acc0, %m0 : f32
          tiny.k.store %q0, %s0 : !tiny.ptr<f32, global>
          %a1 = arith.muli %r1, %c64 : index
          %ai1 = arith.addi %a1, %k : index
          %pa1 = tiny.k.index %a[%ai1] : memref<256xf32>
          %va1 = tiny.k.load %pa1 : !tiny.ptr<f32, global>
          %o1 = arith.muli %r1, %c32 : index
          %i1 = arith.addi %o1, %j : index
          %q1 = tiny.k.index %o[%i1] : memref<128xf32>
          %acc1 = tiny.k.load %q1 : !tiny.ptr<f32, global>
          %m1 = arith.mulf %va1, %vb : f32
          %s1 = arith.addf %acc1, %m1 : f32
          tiny.k.store %q1, %s1 : !tiny.ptr<f32, global>
        }
      }
      tiny.k.range loop %j < %c32 {
        %zero = arith.constant 0.0 : f32
        %o0 = arith.muli %r0, %c32 : index
        %i0 = arith.addi %o0, %j : index
        %q0 = tiny.k.index %o[%i0] : memref<128xf32>
        %v0 = tiny.k.load %q0 : !tiny.ptr<f32, global>
        %x0 = arith.maximumf %v0, %zero : f32
        tiny.k.store %q0, %x0 : !tiny.ptr<f32, global>
        %o1 = arith.muli %r1, %c32 : index
        %i1 = arith.addi %o1, %j : index
        %q1 = tiny.k.index %o[%i1] : memref<128xf32>
        %v1 = tiny.k.load %q1 : !tiny.ptr<f32, global>
        %x1 = arith.maximumf %v1, %zero : f32
        tiny.k.store %q1, %x1 : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// One block of rows: nothing reads B twice, so it is not blocked however
// large (its reduce UNROLLed by 8, as a nest that runs once).
// CHECK-LABEL: func.func @one_row
// CHECK:      tiny.k.range loop %{{.*}} < %c1 {
// CHECK-NEXT:   arith.constant 8
// CHECK-NEXT:   tiny.k.range reduce %{{.*}} < %c8
// CHECK-NOT:  tiny.k.range reduce
// CHECK:      return
func.func @one_row(%a: memref<64xf32>, %b: memref<2048xf32>,
                   %o: memref<32xf32>) {
  tiny.k.kernel "r_1_32_1" {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    tiny.k.range loop %t < %c1 {
      tiny.k.range reduce %k < %c64 {
        tiny.k.range loop %j < %c32 {
          %kb = arith.muli %k, %c32 : index
          %bi = arith.addi %kb, %j : index
          %pb = tiny.k.index %b[%bi] : memref<2048xf32>
          %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
          %pa = tiny.k.index %a[%k] : memref<64xf32>
          %va = tiny.k.load %pa : !tiny.ptr<f32, global>
          %q = tiny.k.index %o[%j] : memref<32xf32>
          %acc = tiny.k.load %q : !tiny.ptr<f32, global>
          %m = arith.mulf %va, %vb : f32
          %s = arith.addf %acc, %m : f32
          tiny.k.store %q, %s : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

// -----

// A load in the rows' nest whose value the reduction uses (a scale read per
// row) would have to be read again in the nest of the blocks: the action
// does not apply, and the nest stays.
// CHECK-LABEL: func.func @row_load
// CHECK:      tiny.k.range loop %{{.*}} < %c2 {
// CHECK-NEXT:   tiny.k.index
// CHECK-NEXT:   tiny.k.load
// CHECK-NEXT:   arith.constant 16
// CHECK-NEXT:   tiny.k.range reduce %{{.*}} < %c16
// CHECK-NOT:  tiny.k.range reduce
// CHECK:      return
func.func @row_load(%a: memref<128xf32>, %b: memref<2048xf32>,
                    %scale: memref<2xf32>, %o: memref<64xf32>) {
  tiny.k.kernel "r_2_32_1" {
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c2 = arith.constant 2 : index
    tiny.k.range loop %t < %c2 {
      %ps = tiny.k.index %scale[%t] : memref<2xf32>
      %sc = tiny.k.load %ps : !tiny.ptr<f32, global>
      tiny.k.range reduce %k < %c64 {
        tiny.k.range loop %j < %c32 {
          %kb = arith.muli %k, %c32 : index
          %bi = arith.addi %kb, %j : index
          %pb = tiny.k.index %b[%bi] : memref<2048xf32>
          %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
          %ra = arith.muli %t, %c64 : index
          %ai = arith.addi %ra, %k : index
          %pa = tiny.k.index %a[%ai] : memref<128xf32>
          %va = tiny.k.load %pa : !tiny.ptr<f32, global>
          %ro = arith.muli %t, %c32 : index
          %oi = arith.addi %ro, %j : index
          %q = tiny.k.index %o[%oi] : memref<64xf32>
          %acc = tiny.k.load %q : !tiny.ptr<f32, global>
          %m = arith.mulf %va, %vb : f32
          %ms = arith.mulf %m, %sc : f32
          %s = arith.addf %acc, %ms : f32
          tiny.k.store %q, %s : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

// -----

// B's rows 1024 x 4 bytes apart: each tile's columns of a block would fall
// in a few cache sets, which keep them badly; B (256 KiB) is smaller than a
// quarter of any host's last-level cache this runs on, where streaming it
// again per block of rows is cheaper: the reduce is not blocked.
// CHECK-LABEL: func.func @conflicting_rows
// CHECK:      tiny.k.range thread %{{.*}} < %c2 {
// CHECK-NEXT:   arith.constant 16
// CHECK-NEXT:   tiny.k.range reduce %{{.*}} < %c16
// CHECK-NOT:  tiny.k.range reduce
// CHECK:      return
func.func @conflicting_rows(%a: memref<128xf32>, %b: memref<65536xf32>,
                            %o: memref<2048xf32>) {
  tiny.k.kernel "r_2_1024_1" {
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %c2 = arith.constant 2 : index
    tiny.k.range loop %t < %c2 {
      tiny.k.range reduce %k < %c64 {
        tiny.k.range loop %j < %c1024 {
          %kb = arith.muli %k, %c1024 : index
          %bi = arith.addi %kb, %j : index
          %pb = tiny.k.index %b[%bi] : memref<65536xf32>
          %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
          %ra = arith.muli %t, %c64 : index
          %ai = arith.addi %ra, %k : index
          %pa = tiny.k.index %a[%ai] : memref<128xf32>
          %va = tiny.k.load %pa : !tiny.ptr<f32, global>
          %ro = arith.muli %t, %c1024 : index
          %oi = arith.addi %ro, %j : index
          %q = tiny.k.index %o[%oi] : memref<2048xf32>
          %acc = tiny.k.load %q : !tiny.ptr<f32, global>
          %m = arith.mulf %va, %vb : f32
          %s = arith.addf %acc, %m : f32
          tiny.k.store %q, %s : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}
