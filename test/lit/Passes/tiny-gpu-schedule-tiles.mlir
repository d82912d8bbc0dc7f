// RUN: tiny-opt %s -split-input-file -tiny-gpu-schedule | FileCheck %s
// RUN: tiny-opt %s -split-input-file -tiny-gpu-schedule=row-upcast=1 | FileCheck %s --check-prefix=OFF
// RUN: tiny-opt %s -split-input-file -tiny-gpu-schedule=block-size=1 | FileCheck %s --check-prefix=B1
// RUN: not tiny-opt %s -tiny-gpu-schedule=row-upcast=-1 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// Register tiles of reduction-outside matmuls C = A B (A rows x 4, B 4 x 8,
// C accumulated in place, the form -tiny-rangeify gives a large matmul).
// Each row's column loop loads B[k, j], which does not depend on the row:
// a thread computes 4 rows (row = 4 * group + u), so that it loads B once
// for them, and the grid takes the groups of rows.

// NEGATIVE: row-upcast must not be negative, got -1

// 8 rows: 2 groups of 4, one thread each.
// CHECK-LABEL: func.func @tile8
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: tiny.k.range local %[[G:.*]] < %[[C2]] {
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: tiny.k.range upcast %[[U:.*]] < %[[C4]] {
// CHECK-NEXT: %[[F:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[B:.*]] = arith.muli %[[G]], %[[F]]
// CHECK-NEXT: %[[ROW:.*]] = arith.addi %[[B]], %[[U]]
// CHECK-NEXT: tiny.k.range loop
// CHECK: arith.muli %[[ROW]]
// CHECK: tiny.k.range reduce
// CHECK-NEXT: tiny.k.range loop
// CHECK-NEXT: arith.muli %[[ROW]]
// CHECK-NOT: tiny.k.range
// CHECK: return
// With row-upcast=1, a thread per row, as before.
// OFF-LABEL: func.func @tile8
// OFF-NOT: upcast
// OFF: tiny.k.range local %{{.*}} < %c8{{(_[0-9]+)?}} {
// OFF-NOT: upcast
// OFF: return
func.func @tile8(%a: memref<32xf32>, %b: memref<32xf32>, %c: memref<64xf32>) {
  tiny.k.kernel "r_8_8" {
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %rows = arith.constant 8 : index
    tiny.k.range loop %i < %rows {
      tiny.k.range loop %j < %c8 {
        %zero = arith.constant 0.0 : f32
        %o = arith.muli %i, %c8 : index
        %oj = arith.addi %j, %o : index
        %p = tiny.k.index %c[%oj] : memref<64xf32>
        tiny.k.store %p, %zero : !tiny.ptr<f32, global>
      }
      tiny.k.range reduce %k < %c4 {
        tiny.k.range loop %j < %c8 {
          %o = arith.muli %i, %c8 : index
          %oj = arith.addi %j, %o : index
          %p = tiny.k.index %c[%oj] : memref<64xf32>
          %acc = tiny.k.load %p : !tiny.ptr<f32, global>
          %ai = arith.muli %i, %c4 : index
          %aik = arith.addi %k, %ai : index
          %pa = tiny.k.index %a[%aik] : memref<32xf32>
          %va = tiny.k.load %pa : !tiny.ptr<f32, global>
          %bk = arith.muli %k, %c8 : index
          %bkj = arith.addi %j, %bk : index
          %pb = tiny.k.index %b[%bkj] : memref<32xf32>
          %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
          %m = arith.mulf %va, %vb fastmath<contract> : f32
          %n = arith.addf %acc, %m fastmath<reassoc,contract> : f32
          tiny.k.store %p, %n : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

// -----

// 11 rows: rows 0-7 in 2 groups of 4; rows 8-10, the tail 4 does not
// divide, an UPCAST of 3 (row = 8 + t) that the grid's first thread runs
// after its group (a LOCAL range of one iteration: threads 1 and up skip
// it). With block-size=1 the 2 groups are 2 blocks of one thread, and the
// tail is wrapped in a GLOBAL and a LOCAL range of one iteration: block 0,
// thread 0.
// CHECK-LABEL: func.func @tail11
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: tiny.k.range local %{{.*}} < %[[C2]] {
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: tiny.k.range upcast %{{.*}} < %[[C4]] {
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: tiny.k.range local %{{.*}} < %[[C1]] {
// CHECK-NEXT: tiny.k.range upcast %[[T:.*]] < %[[C3]] {
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[ROW:.*]] = arith.addi %[[T]], %[[C8]]
// CHECK-NEXT: tiny.k.range loop
// CHECK: arith.muli %[[ROW]]
// CHECK: return
// OFF-LABEL: func.func @tail11
// OFF-NOT: upcast
// OFF: tiny.k.range local %{{.*}} < %c11{{(_[0-9]+)?}} {
// OFF-NOT: upcast
// OFF: return
// B1-LABEL: func.func @tail11
// B1: tiny.k.range global %[[BLK:.*]] < %c2{{(_[0-9]+)?}} {
// B1-NEXT: tiny.k.range local %[[L:.*]] < %{{.*}} {
// B1-NEXT: %[[M:.*]] = arith.muli %[[BLK]]
// B1-NEXT: %[[G:.*]] = arith.addi %[[M]], %[[L]]
// B1-NEXT: %[[C4:.*]] = arith.constant 4 : index
// B1-NEXT: tiny.k.range upcast %{{.*}} < %[[C4]] {
// B1: %[[C3:.*]] = arith.constant 3 : index
// B1: %[[ONE:.*]] = arith.constant 1 : index
// B1-NEXT: tiny.k.range global %{{.*}} < %[[ONE]] {
// B1-NEXT: %[[ONE2:.*]] = arith.constant 1 : index
// B1-NEXT: tiny.k.range local %{{.*}} < %[[ONE2]] {
// B1-NEXT: tiny.k.range upcast %{{.*}} < %[[C3]] {
// B1: return
func.func @tail11(%a: memref<44xf32>, %b: memref<32xf32>, %c: memref<88xf32>) {
  tiny.k.kernel "r_11_8" {
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %rows = arith.constant 11 : index
    tiny.k.range loop %i < %rows {
      tiny.k.range loop %j < %c8 {
        %zero = arith.constant 0.0 : f32
        %o = arith.muli %i, %c8 : index
        %oj = arith.addi %j, %o : index
        %p = tiny.k.index %c[%oj] : memref<88xf32>
        tiny.k.store %p, %zero : !tiny.ptr<f32, global>
      }
      tiny.k.range reduce %k < %c4 {
        tiny.k.range loop %j < %c8 {
          %o = arith.muli %i, %c8 : index
          %oj = arith.addi %j, %o : index
          %p = tiny.k.index %c[%oj] : memref<88xf32>
          %acc = tiny.k.load %p : !tiny.ptr<f32, global>
          %ai = arith.muli %i, %c4 : index
          %aik = arith.addi %k, %ai : index
          %pa = tiny.k.index %a[%aik] : memref<44xf32>
          %va = tiny.k.load %pa : !tiny.ptr<f32, global>
          %bk = arith.muli %k, %c8 : index
          %bkj = arith.addi %j, %bk : index
          %pb = tiny.k.index %b[%bkj] : memref<32xf32>
          %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
          %m = arith.mulf %va, %vb fastmath<contract> : f32
          %n = arith.addf %acc, %m fastmath<reassoc,contract> : f32
          tiny.k.store %p, %n : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

// -----

// 6 rows, fewer than 2 x 4: 4 does not divide them, 2 does: 3 threads of 2
// rows.
// CHECK-LABEL: func.func @few6
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: tiny.k.range local %{{.*}} < %[[C3]] {
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: tiny.k.range upcast %{{.*}} < %[[C2]] {
// CHECK: return
func.func @few6(%a: memref<24xf32>, %b: memref<32xf32>, %c: memref<48xf32>) {
  tiny.k.kernel "r_6_8" {
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %rows = arith.constant 6 : index
    tiny.k.range loop %i < %rows {
      tiny.k.range loop %j < %c8 {
        %zero = arith.constant 0.0 : f32
        %o = arith.muli %i, %c8 : index
        %oj = arith.addi %j, %o : index
        %p = tiny.k.index %c[%oj] : memref<48xf32>
        tiny.k.store %p, %zero : !tiny.ptr<f32, global>
      }
      tiny.k.range reduce %k < %c4 {
        tiny.k.range loop %j < %c8 {
          %o = arith.muli %i, %c8 : index
          %oj = arith.addi %j, %o : index
          %p = tiny.k.index %c[%oj] : memref<48xf32>
          %acc = tiny.k.load %p : !tiny.ptr<f32, global>
          %ai = arith.muli %i, %c4 : index
          %aik = arith.addi %k, %ai : index
          %pa = tiny.k.index %a[%aik] : memref<24xf32>
          %va = tiny.k.load %pa : !tiny.ptr<f32, global>
          %bk = arith.muli %k, %c8 : index
          %bkj = arith.addi %j, %bk : index
          %pb = tiny.k.index %b[%bkj] : memref<32xf32>
          %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
          %m = arith.mulf %va, %vb fastmath<contract> : f32
          %n = arith.addf %acc, %m fastmath<reassoc,contract> : f32
          tiny.k.store %p, %n : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}
