// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule="cache-bytes=65536 pack=on hoist-threads=false" | FileCheck %s
// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule="cache-bytes=131072 pack=on hoist-threads=false" | FileCheck %s --check-prefix=WHOLE
// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule="cache-bytes=65536 pack=off hoist-threads=false" | FileCheck %s --check-prefix=NOPACK

// Packed cache blocks of a matmul's B (packOperand): C = A @ B, A 16x256,
// B 256x128, the reduce-outside form -tiny-rangeify gives it. The reduce is
// UNROLLed by 4 (64 iterations, each reading 4 rows of B: 4 x 128 x 4 =
// 2 KiB). With a 64 KiB cache (half of it, 32 KiB, for the block), 32
// iterations (128 reduced indices) of all 128 columns would take 64 KiB:
// the columns are cut into 2 blocks of 64, whose 32 iterations take
// 32 x 4 x 64 x 4 = 32 KiB. Each block is copied, on the threads, into a
// buffer of 32 x 4 rows of 64 columns, 64 x 4 = 256 bytes, padded by a
// cache line to 80 floats: 32 x 4 x 80 = 10240 floats; the rows then read
// the copy at ((%kk * 4 + %u) * 80 + %c).
// CHECK-LABEL: func.func @matmul
// CHECK:      tiny.k.kernel "r_16_128_1" {
// CHECK-NEXT:   %[[P:.*]] = memref.alloc() {alignment = 64 : i64} : memref<10240xf32>
// The initialization, unchanged, then the blocks.
// CHECK:        tiny.k.store %{{.*}}, %cst
// CHECK:        %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:   tiny.k.range reduce %[[KB:.*]] < %[[C2]] {
// CHECK-NEXT:     %[[C2B:.*]] = arith.constant 2 : index
// CHECK-NEXT:     tiny.k.range loop %[[JB:.*]] < %[[C2B]] {
// CHECK-NEXT:       %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT:       %[[J0:.*]] = arith.muli %[[JB]], %[[C64]] : index
// CHECK-NEXT:       %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT:       tiny.k.range thread %[[PK:.*]] < %[[C32]] {
// CHECK-NEXT:         %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:         tiny.k.range loop %[[PU:.*]] < %[[C4]] {
// CHECK-NEXT:           %[[C64B:.*]] = arith.constant 64 : index
// CHECK-NEXT:           tiny.k.range loop %[[PC:.*]] < %[[C64B]] {
// The source element: row (%kb * 32 + %pk) * 4 + %pu, column %j0 + %pc.
// CHECK-NEXT:             %[[J:.*]] = arith.addi %[[J0]], %[[PC]] : index
// CHECK:                  %[[B:.*]] = tiny.k.index %arg2[%{{.*}}] : memref<32768xf32>
// CHECK-NEXT:             %[[V:.*]] = tiny.k.load %[[B]]
// CHECK:                  arith.muli %[[PK]], %{{.*}} : index
// CHECK-NEXT:             arith.addi %{{.*}}, %[[PU]] : index
// CHECK-NEXT:             %[[C80:.*]] = arith.constant 80 : index
// CHECK-NEXT:             arith.muli %{{.*}}, %[[C80]] : index
// CHECK-NEXT:             %[[PI:.*]] = arith.addi %{{.*}}, %[[PC]] : index
// CHECK-NEXT:             %[[Q:.*]] = tiny.k.index %[[P]][%[[PI]]] : memref<10240xf32>
// CHECK-NEXT:             tiny.k.store %[[Q]], %[[V]]
// CHECK-NEXT:           }
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:       tiny.k.range thread %{{.*}} < %c2 {
// CHECK:              tiny.k.range upcast
// CHECK:                tiny.k.range reduce %[[KK:.*]] < %{{.*}} {
// CHECK:                  tiny.k.range loop %[[C:.*]] < %{{.*}} {
// CHECK-NEXT:               %[[COL:.*]] = arith.addi %[[J0]], %[[C]] : index
// CHECK:                    tiny.k.index %arg0[%{{.*}}] : memref<2048xf32>
// CHECK:                    tiny.k.range unroll %[[U:.*]] < %{{.*}} iter_args
// CHECK:                      arith.muli %[[KK]], %{{.*}} : index
// CHECK-NEXT:                 arith.addi %{{.*}}, %[[U]] : index
// CHECK-NEXT:                 %[[C80B:.*]] = arith.constant 80 : index
// CHECK-NEXT:                 arith.muli %{{.*}}, %[[C80B]] : index
// CHECK-NEXT:                 %[[RI:.*]] = arith.addi %{{.*}}, %[[C]] : index
// CHECK-NEXT:                 %[[R:.*]] = tiny.k.index %[[P]][%[[RI]]] : memref<10240xf32>
// CHECK-NEXT:                 tiny.k.load %[[R]]
// CHECK-NOT:              %arg2
// CHECK:        memref.dealloc %[[P]] : memref<10240xf32>
// CHECK-NEXT: }
// With a 128 KiB cache, 32 iterations of all 128 columns fit its half:
// no column blocks, rows of 128 floats (512 bytes) padded to 144.
// WHOLE-LABEL: func.func @matmul
// WHOLE:      memref.alloc() {alignment = 64 : i64} : memref<18432xf32>
// WHOLE:      tiny.k.range reduce %{{.*}} < %c2{{.*}} {
// WHOLE-NEXT:   %[[C32:.*]] = arith.constant 32 : index
// WHOLE-NEXT:   tiny.k.range thread %{{.*}} < %[[C32]] {
// WHOLE:          arith.constant 144 : index
// WHOLE:        tiny.k.range thread
// WHOLE:      memref.dealloc
// Without packing B's rows (512 bytes apart) are blocked as before: 16
// iterations of 2 KiB in half the cache.
// NOPACK-LABEL: func.func @matmul
// NOPACK-NOT:  memref.alloc
// NOPACK:      tiny.k.range reduce %{{.*}} < %c4{{.*}} {
// NOPACK-NOT:  memref.alloc
// NOPACK:      return
func.func @matmul(%o: memref<2048xf32>, %a: memref<4096xf32>,
                  %b: memref<32768xf32>) {
  tiny.k.kernel "r_16_128_1" {
    %c256 = arith.constant 256 : index
    %c128 = arith.constant 128 : index
    %c16 = arith.constant 16 : index
    tiny.k.range loop %i < %c16 {
      tiny.k.range loop %j < %c128 {
        %zero = arith.constant 0.000000e+00 : f32
        %0 = arith.muli %i, %c128 : index
        %1 = arith.addi %j, %0 : index
        %2 = tiny.k.index %o[%1] : memref<2048xf32>
        tiny.k.store %2, %zero : !tiny.ptr<f32, global>
      }
      tiny.k.range reduce %k < %c256 {
        tiny.k.range loop %j < %c128 {
          %0 = arith.muli %i, %c128 : index
          %1 = arith.addi %j, %0 : index
          %2 = tiny.k.index %o[%1] : memref<2048xf32>
          %3 = tiny.k.load %2 : !tiny.ptr<f32, global>
          %4 = arith.muli %i, %c256 : index
          %5 = arith.addi %k, %4 : index
          %6 = tiny.k.index %a[%5] : memref<4096xf32>
          %7 = tiny.k.load %6 : !tiny.ptr<f32, global>
          %8 = arith.muli %k, %c128 : index
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
