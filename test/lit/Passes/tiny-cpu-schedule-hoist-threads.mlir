// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule="cache-bytes=65536 hoist-threads=true threads=2" | FileCheck %s
// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule="cache-bytes=65536 hoist-threads=true threads=1" | FileCheck %s --check-prefix=ONE
// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule="cache-bytes=65536" | FileCheck %s --check-prefix=DEFAULT

// -tiny-cpu-schedule's hoist-threads (hoistThreads, passes/HoistThreads.cpp):
// the threads of a nest cut into cache blocks move outside the range of its
// blocks, with the nests of the rows' initialization and epilogue; each
// thread gets a share of the rows and, packed, a scratch buffer of its own.
// Not the default; with one thread there is nothing to share. The results
// are checked exactly in Execution/matmul-packed.mlir.

// C = A @ B, A 16 x 64, B 64 x 1024 (rows 4 KiB apart): blocked packed,
// 2 blocks of 8 iterations (4 reduced indices UNROLLed) of 64-column blocks
// in 2560 floats (tiny-cpu-schedule-pack-auto.mlir). The rows are 2 blocks
// of 8 rows (UPCAST): a share of one each. The scratch buffer doubles, and
// the copy, now a LOOP, writes the thread's half.
// CHECK-LABEL: func.func @packed
// CHECK:         %[[P:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5120xf32>
// CHECK:         tiny.k.range thread %[[T:.*]] < %c2{{(_[0-9]+)?}} {
// CHECK:           %[[S0:.*]] = arith.muli %[[T]], %c1{{(_[0-9]+)?}} : index
// CHECK:           %[[L0:.*]] = arith.subi %c2{{(_[0-9]+)?}}, %[[S0]] : index
// CHECK:           %[[N0:.*]] = arith.minsi %[[L0]], %c1{{(_[0-9]+)?}} : index
// CHECK:           tiny.k.range loop %[[I0:.*]] < %[[N0]] {
// CHECK:             arith.addi %[[S0]], %[[I0]] : index
// CHECK:             tiny.k.store
// CHECK:           tiny.k.range reduce %{{.*}} < %c2{{(_[0-9]+)?}} {
// CHECK:             tiny.k.range loop %{{.*}} < %c16{{(_[0-9]+)?}} {
// CHECK:               tiny.k.range loop %{{.*}} < %c8{{(_[0-9]+)?}} {
// CHECK:                 %[[O:.*]] = arith.muli %[[T]], %c2560{{(_[0-9]+)?}} : index
// CHECK:                 tiny.k.index %[[P]][%{{.*}}] : memref<5120xf32>
// CHECK:               arith.minsi
// CHECK:               tiny.k.range loop
// CHECK:                 tiny.k.range upcast
// CHECK:                   arith.muli %[[T]], %c2560{{(_[0-9]+)?}} : index
// CHECK:                   tiny.k.index %[[P]][%{{.*}}] : memref<5120xf32>
// CHECK:         memref.dealloc %[[P]] : memref<5120xf32>
// CHECK-NOT:     tiny.k.range thread
// CHECK:         return
// ONE-LABEL:   func.func @packed
// ONE:           memref.alloc() {alignment = 64 : i64} : memref<2560xf32>
// ONE-NOT:       arith.minsi
// ONE:           return
// DEFAULT-LABEL: func.func @packed
// DEFAULT:         memref.alloc() {alignment = 64 : i64} : memref<2560xf32>
// DEFAULT:         tiny.k.range reduce
// DEFAULT:           tiny.k.range thread
// DEFAULT-NOT:     arith.minsi
// DEFAULT:         return
func.func @packed(%o: memref<16384xf32>, %a: memref<1024xf32>,
                  %b: memref<65536xf32>) {
  tiny.k.kernel "r_16_1024_1" {
    %ck = arith.constant 64 : index
    %cn = arith.constant 1024 : index
    %cm = arith.constant 16 : index
    tiny.k.range loop %i < %cm {
      tiny.k.range loop %j < %cn {
        %zero = arith.constant 0.000000e+00 : f32
        %0 = arith.muli %i, %cn : index
        %1 = arith.addi %j, %0 : index
        %2 = tiny.k.index %o[%1] : memref<16384xf32>
        tiny.k.store %2, %zero : !tiny.ptr<f32, global>
      }
      tiny.k.range reduce %k < %ck {
        tiny.k.range loop %j < %cn {
          %0 = arith.muli %i, %cn : index
          %1 = arith.addi %j, %0 : index
          %2 = tiny.k.index %o[%1] : memref<16384xf32>
          %3 = tiny.k.load %2 : !tiny.ptr<f32, global>
          %4 = arith.muli %i, %ck : index
          %5 = arith.addi %k, %4 : index
          %6 = tiny.k.index %a[%5] : memref<1024xf32>
          %7 = tiny.k.load %6 : !tiny.ptr<f32, global>
          %8 = arith.muli %k, %cn : index
          %9 = arith.addi %j, %8 : index
          %10 = tiny.k.index %b[%9] : memref<65536xf32>
          %11 = tiny.k.load %10 : !tiny.ptr<f32, global>
          %12 = arith.mulf %7, %11 : f32
          %13 = arith.addf %3, %12 : f32
          tiny.k.store %2, %13 : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

// -----

// C = A @ B, A 24 x 256, B 256 x 128 (rows 512 bytes apart): blocked
// unpacked, 4 blocks of 16 iterations. The rows are 3 blocks of 8: shares
// of 2, the second thread's 1 (min(2, 3 - 2)).
// CHECK-LABEL: func.func @plain
// CHECK-NOT:     memref.alloc
// CHECK:         tiny.k.range thread %[[T:.*]] < %c2{{(_[0-9]+)?}} {
// CHECK:           arith.muli %[[T]], %c2{{(_[0-9]+)?}} : index
// CHECK:           arith.subi %c3{{(_[0-9]+)?}}, %{{.*}} : index
// CHECK:           arith.minsi %{{.*}}, %c2{{(_[0-9]+)?}} : index
// CHECK:           tiny.k.range loop
// CHECK:           tiny.k.range reduce %{{.*}} < %c4{{(_[0-9]+)?}} {
// CHECK:             arith.minsi %{{.*}}, %c2{{(_[0-9]+)?}} : index
// CHECK:             tiny.k.range loop
// CHECK:               tiny.k.range upcast
// CHECK:                 tiny.k.range reduce %{{.*}} < %c16{{(_[0-9]+)?}} {
// CHECK-NOT:     tiny.k.range thread
// CHECK:         return
func.func @plain(%o: memref<3072xf32>, %a: memref<6144xf32>,
                  %b: memref<32768xf32>) {
  tiny.k.kernel "r_24_128_1" {
    %ck = arith.constant 256 : index
    %cn = arith.constant 128 : index
    %cm = arith.constant 24 : index
    tiny.k.range loop %i < %cm {
      tiny.k.range loop %j < %cn {
        %zero = arith.constant 0.000000e+00 : f32
        %0 = arith.muli %i, %cn : index
        %1 = arith.addi %j, %0 : index
        %2 = tiny.k.index %o[%1] : memref<3072xf32>
        tiny.k.store %2, %zero : !tiny.ptr<f32, global>
      }
      tiny.k.range reduce %k < %ck {
        tiny.k.range loop %j < %cn {
          %0 = arith.muli %i, %cn : index
          %1 = arith.addi %j, %0 : index
          %2 = tiny.k.index %o[%1] : memref<3072xf32>
          %3 = tiny.k.load %2 : !tiny.ptr<f32, global>
          %4 = arith.muli %i, %ck : index
          %5 = arith.addi %k, %4 : index
          %6 = tiny.k.index %a[%5] : memref<6144xf32>
          %7 = tiny.k.load %6 : !tiny.ptr<f32, global>
          %8 = arith.muli %k, %cn : index
          %9 = arith.addi %j, %8 : index
          %10 = tiny.k.index %b[%9] : memref<32768xf32>
          %11 = tiny.k.load %10 : !tiny.ptr<f32, global>
          %12 = arith.mulf %7, %11 : f32
          %13 = arith.addf %3, %12 : f32
          tiny.k.store %2, %13 : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}
