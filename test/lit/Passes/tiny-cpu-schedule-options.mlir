// The options of -tiny-cpu-schedule a kernel search varies (jit/KernelSearch.h):
// row-upcast replaces the 8 rows of a reduction-outside nest UPCAST together,
// reduce-unroll the 4 reduced indices UNROLLed together, 1 turning either off;
// and a kernel marked tiny.scheduled is kept as it is, LOOP ranges included.
// The kernel: a 64x48 matmul over K = 32 as -tiny-jit-kernels makes it.

// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule | FileCheck %s --check-prefix=DEFAULT
// RUN: tiny-opt %s -split-input-file '-tiny-cpu-schedule=row-upcast=2 reduce-unroll=2' | FileCheck %s --check-prefix=TWO
// RUN: tiny-opt %s -split-input-file '-tiny-cpu-schedule=row-upcast=1 reduce-unroll=1' | FileCheck %s --check-prefix=NONE

// 64 rows = 8 groups of 8; K = 32 = 8 blocks of 4.
// DEFAULT-LABEL: func.func @mm
// DEFAULT: tiny.k.range thread %{{.*}} < %c8
// DEFAULT: tiny.k.range upcast %{{.*}} < %c8
// DEFAULT: tiny.k.range reduce %{{.*}} < %c8
// DEFAULT: tiny.k.range unroll %{{.*}} < %c4
// 64 rows = 32 groups of 2; K = 32 = 16 blocks of 2.
// TWO-LABEL: func.func @mm
// TWO: tiny.k.range thread %{{.*}} < %c32
// TWO: tiny.k.range upcast %{{.*}} < %c2
// TWO: tiny.k.range reduce %{{.*}} < %c16
// TWO: tiny.k.range unroll %{{.*}} < %c2
// Neither: the rows are threads, the reduction whole.
// NONE-LABEL: func.func @mm
// NONE: tiny.k.range thread %{{.*}} < %c64
// NONE-NOT: upcast
// NONE: tiny.k.range reduce %{{.*}} < %c32
// NONE-NOT: unroll
// NONE: return

func.func @mm(%arg0: memref<2048xf32> {tiny.buffer = #tiny.buffer<param 0>}, %arg1: memref<1536xf32> {tiny.buffer = #tiny.buffer<param 1>}, %arg2: memref<3072xf32> {tiny.buffer = #tiny.buffer<output 0>}) {
  tiny.k.kernel "r_64_48_1" {
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    tiny.k.range loop %arg3 < %c64 {
      tiny.k.range loop %arg4 < %c1 {
        tiny.k.range loop %arg5 < %c48 {
          %cst = arith.constant 0.000000e+00 : f32
          %0 = arith.muli %arg3, %c48 : index
          %1 = arith.addi %arg5, %0 : index
          %2 = tiny.k.index %arg2[%1] : memref<3072xf32>
          tiny.k.store %2, %cst : !tiny.ptr<f32, global>
        }
        tiny.k.range reduce %arg5 < %c32 {
          tiny.k.range loop %arg6 < %c48 {
            %0 = arith.muli %arg3, %c48 : index
            %1 = arith.addi %arg6, %0 : index
            %2 = tiny.k.index %arg2[%1] : memref<3072xf32>
            %3 = tiny.k.load %2 : !tiny.ptr<f32, global>
            %4 = arith.muli %arg3, %c32 : index
            %5 = arith.addi %arg5, %4 : index
            %6 = tiny.k.index %arg0[%5] : memref<2048xf32>
            %7 = tiny.k.load %6 : !tiny.ptr<f32, global>
            %8 = arith.muli %arg5, %c48 : index
            %9 = arith.addi %arg6, %8 : index
            %10 = tiny.k.index %arg1[%9] : memref<1536xf32>
            %11 = tiny.k.load %10 : !tiny.ptr<f32, global>
            %12 = arith.mulf %7, %11 fastmath<contract> : f32
            %13 = arith.addf %3, %12 fastmath<reassoc,contract> : f32
            tiny.k.store %2, %13 : !tiny.ptr<f32, global>
          }
        }
      }
    }
  }
  return
}

// -----

// Marked scheduled: every option leaves its LOOP and REDUCE ranges.
// DEFAULT-LABEL: func.func @marked
// DEFAULT: tiny.k.kernel "r_64_48_1" attributes {tiny.scheduled}
// DEFAULT-NEXT: arith.constant
// DEFAULT-NOT: thread
// DEFAULT-NOT: upcast
// DEFAULT-NOT: unroll
// DEFAULT: return
// TWO-LABEL: func.func @marked
// TWO-NOT: thread
// TWO-NOT: upcast
// TWO-NOT: unroll
// TWO: return

func.func @marked(%arg0: memref<2048xf32> {tiny.buffer = #tiny.buffer<param 0>}, %arg1: memref<1536xf32> {tiny.buffer = #tiny.buffer<param 1>}, %arg2: memref<3072xf32> {tiny.buffer = #tiny.buffer<output 0>}) {
  tiny.k.kernel "r_64_48_1" attributes {tiny.scheduled} {
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    tiny.k.range loop %arg3 < %c64 {
      tiny.k.range loop %arg4 < %c1 {
        tiny.k.range loop %arg5 < %c48 {
          %cst = arith.constant 0.000000e+00 : f32
          %0 = arith.muli %arg3, %c48 : index
          %1 = arith.addi %arg5, %0 : index
          %2 = tiny.k.index %arg2[%1] : memref<3072xf32>
          tiny.k.store %2, %cst : !tiny.ptr<f32, global>
        }
        tiny.k.range reduce %arg5 < %c32 {
          tiny.k.range loop %arg6 < %c48 {
            %0 = arith.muli %arg3, %c48 : index
            %1 = arith.addi %arg6, %0 : index
            %2 = tiny.k.index %arg2[%1] : memref<3072xf32>
            %3 = tiny.k.load %2 : !tiny.ptr<f32, global>
            %4 = arith.muli %arg3, %c32 : index
            %5 = arith.addi %arg5, %4 : index
            %6 = tiny.k.index %arg0[%5] : memref<2048xf32>
            %7 = tiny.k.load %6 : !tiny.ptr<f32, global>
            %8 = arith.muli %arg5, %c48 : index
            %9 = arith.addi %arg6, %8 : index
            %10 = tiny.k.index %arg1[%9] : memref<1536xf32>
            %11 = tiny.k.load %10 : !tiny.ptr<f32, global>
            %12 = arith.mulf %7, %11 fastmath<contract> : f32
            %13 = arith.addf %3, %12 fastmath<reassoc,contract> : f32
            tiny.k.store %2, %13 : !tiny.ptr<f32, global>
          }
        }
      }
    }
  }
  return
}
