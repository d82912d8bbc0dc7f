// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule="threads=2 reduce-unroll=1 row-upcast=1" | FileCheck %s
// A cache of 64 KiB (b, 128 KiB, is more than half of it) changes nothing:
// the blocks of columns read their own parts of b, and the reduce range
// stays whole inside the THREAD range (blocked, its blocks would go outside
// it, a fork per block).
// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule="threads=2 reduce-unroll=1 row-upcast=1 cache-bytes=65536 hoist-threads=false" | FileCheck %s
// Nor does pack=on: no nest here is one packOperand applies to (@batched's
// b depends on the batch), and the copy of the nest it tried is erased (it
// once erased the copy's ops while later ones still read them: a crash).
// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule="threads=2 reduce-unroll=1 row-upcast=1 cache-bytes=65536 hoist-threads=false pack=on" | FileCheck %s
// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule="threads=3 reduce-unroll=1 row-upcast=1" | FileCheck %s --check-prefix=T3
// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule="threads=8 reduce-unroll=1 row-upcast=1" | FileCheck %s --check-prefix=T8
// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule="threads=1 reduce-unroll=1 row-upcast=1" | FileCheck %s --check-prefix=T1

// A GEMV, out[j] += x[k] * b[k, j] for 64 reduced indices and 512 columns
// (32768 loads of b, at least min-work), in output ranges that run once:
// no output range to put on threads. The columns are split into one block
// per thread, each block over all the reduced indices: column
// t * 256 + c, with threads=2.
// CHECK-LABEL: func.func @gemv
// CHECK:         tiny.k.range loop %{{.*}} < %c1 {
// CHECK:           tiny.k.range loop %{{.*}} < %c512 {
// CHECK:           %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:      tiny.k.range thread %[[T:.*]] < %[[C2]] {
// CHECK-NEXT:        tiny.k.range reduce %[[K:.*]] < %c64 {
// CHECK-NEXT:          %[[C256:.*]] = arith.constant 256 : index
// CHECK-NEXT:          tiny.k.range loop %[[C:.*]] < %[[C256]] {
// CHECK-NEXT:            %[[FIRST:.*]] = arith.muli %[[T]], %[[C256]] : index
// CHECK-NEXT:            %[[J:.*]] = arith.addi %[[FIRST]], %[[C]] : index
// CHECK-NEXT:            %[[P:.*]] = tiny.k.index %{{.*}}[%[[J]]] : memref<512xf32>
// CHECK:                 %[[KB:.*]] = arith.muli %[[K]], %c512 : index
// CHECK-NEXT:            %[[IB:.*]] = arith.addi %[[KB]], %[[J]] : index
// CHECK:                 tiny.k.store %[[P]]
// CHECK-NOT:     tiny.k.range thread
// CHECK:         return
// 3 threads do not divide 512 columns: 2 blocks of 256.
// T3-LABEL: func.func @gemv
// T3:         tiny.k.range thread %{{.*}} < %c2{{.*}} {
// T3:           arith.constant 256 : index
// 8 threads: 8 blocks of 64 columns.
// T8-LABEL: func.func @gemv
// T8:         tiny.k.range thread %{{.*}} < %c8{{.*}} {
// T8:           arith.constant 64 : index
// One thread: nothing to split.
// T1-LABEL: func.func @gemv
// T1-NOT:     tiny.k.range thread
// T1:         return
func.func @gemv(%out: memref<512xf32>, %x: memref<64xf32>, %b: memref<32768xf32>) {
  tiny.k.kernel "r_1_512_1" {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c512 = arith.constant 512 : index
    tiny.k.range loop %i < %c1 {
      tiny.k.range loop %j < %c512 {
        %zero = arith.constant 0.0 : f32
        %p = tiny.k.index %out[%j] : memref<512xf32>
        tiny.k.store %p, %zero : !tiny.ptr<f32, global>
      }
      tiny.k.range reduce %k < %c64 {
        tiny.k.range loop %j < %c512 {
          %p = tiny.k.index %out[%j] : memref<512xf32>
          %acc = tiny.k.load %p : !tiny.ptr<f32, global>
          %px = tiny.k.index %x[%k] : memref<64xf32>
          %xv = tiny.k.load %px : !tiny.ptr<f32, global>
          %kb = arith.muli %k, %c512 : index
          %ib = arith.addi %kb, %j : index
          %pb = tiny.k.index %b[%ib] : memref<32768xf32>
          %bv = tiny.k.load %pb : !tiny.ptr<f32, global>
          %m = arith.mulf %xv, %bv fastmath<contract> : f32
          %s = arith.addf %acc, %m fastmath<reassoc,contract> : f32
          tiny.k.store %p, %s : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

// -----

// The same nest over 7 columns: 7 x 64 = 448 loads of b, below min-work
// (16384): too little work for threads.
// CHECK-LABEL: func.func @small_gemv
// CHECK-NOT:     tiny.k.range thread
// CHECK:         return
func.func @small_gemv(%out: memref<7xf32>, %x: memref<64xf32>, %b: memref<448xf32>) {
  tiny.k.kernel "r_1_7_1" {
    %c64 = arith.constant 64 : index
    %c7 = arith.constant 7 : index
    tiny.k.range reduce %k < %c64 {
      tiny.k.range loop %j < %c7 {
        %p = tiny.k.index %out[%j] : memref<7xf32>
        %acc = tiny.k.load %p : !tiny.ptr<f32, global>
        %px = tiny.k.index %x[%k] : memref<64xf32>
        %xv = tiny.k.load %px : !tiny.ptr<f32, global>
        %kb = arith.muli %k, %c7 : index
        %ib = arith.addi %kb, %j : index
        %pb = tiny.k.index %b[%ib] : memref<448xf32>
        %bv = tiny.k.load %pb : !tiny.ptr<f32, global>
        %m = arith.mulf %xv, %bv fastmath<contract> : f32
        %s = arith.addf %acc, %m fastmath<reassoc,contract> : f32
        tiny.k.store %p, %s : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// Each column also reads its left neighbour's accumulator (out[j + 1] +=
// out[j] ...): a block's first column would read what another thread
// writes. The columns are not independent: no threads.
// CHECK-LABEL: func.func @neighbours
// CHECK-NOT:     tiny.k.range thread
// CHECK:         return
func.func @neighbours(%out: memref<513xf32>, %b: memref<32768xf32>) {
  tiny.k.kernel "r_1_512_n" {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c512 = arith.constant 512 : index
    tiny.k.range reduce %k < %c64 {
      tiny.k.range loop %j < %c512 {
        %j1 = arith.addi %j, %c1 : index
        %p = tiny.k.index %out[%j1] : memref<513xf32>
        %acc = tiny.k.load %p : !tiny.ptr<f32, global>
        %pl = tiny.k.index %out[%j] : memref<513xf32>
        %left = tiny.k.load %pl : !tiny.ptr<f32, global>
        %kb = arith.muli %k, %c512 : index
        %ib = arith.addi %kb, %j : index
        %pb = tiny.k.index %b[%ib] : memref<32768xf32>
        %bv = tiny.k.load %pb : !tiny.ptr<f32, global>
        %m = arith.mulf %left, %bv : f32
        %s = arith.addf %acc, %m : f32
        tiny.k.store %p, %s : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// A GEMV inside an output range that runs 4 times (4 independent GEMVs):
// that range goes on threads, the columns stay whole.
// CHECK-LABEL: func.func @batched
// CHECK:         tiny.k.range thread %[[I:.*]] < %c4 {
// CHECK-NOT:     tiny.k.range thread
// CHECK:         return
func.func @batched(%out: memref<2048xf32>, %x: memref<256xf32>, %b: memref<131072xf32>) {
  tiny.k.kernel "r_4_512_1" {
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c512 = arith.constant 512 : index
    %c32768 = arith.constant 32768 : index
    tiny.k.range loop %i < %c4 {
      tiny.k.range reduce %k < %c64 {
        tiny.k.range loop %j < %c512 {
          %ob = arith.muli %i, %c512 : index
          %io = arith.addi %ob, %j : index
          %p = tiny.k.index %out[%io] : memref<2048xf32>
          %acc = tiny.k.load %p : !tiny.ptr<f32, global>
          %xb = arith.muli %i, %c64 : index
          %ix = arith.addi %xb, %k : index
          %px = tiny.k.index %x[%ix] : memref<256xf32>
          %xv = tiny.k.load %px : !tiny.ptr<f32, global>
          %bb = arith.muli %i, %c32768 : index
          %kb = arith.muli %k, %c512 : index
          %ib0 = arith.addi %bb, %kb : index
          %ib = arith.addi %ib0, %j : index
          %pb = tiny.k.index %b[%ib] : memref<131072xf32>
          %bv = tiny.k.load %pb : !tiny.ptr<f32, global>
          %m = arith.mulf %xv, %bv fastmath<contract> : f32
          %s = arith.addf %acc, %m fastmath<reassoc,contract> : f32
          tiny.k.store %p, %s : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}
