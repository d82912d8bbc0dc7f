// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule="cache-bytes=1048576 hoist-threads=false" | FileCheck %s

// Rows of a matmul's B near a multiple of 4 KiB apart: -tiny-cpu-schedule's
// default (pack=auto) packs their cache blocks (packOperand) when the rows
// are less than half a cache line (32 bytes) from it, so that a tile's
// columns of a block's rows do not fall in a few sets of a first-level
// cache indexed below 4 KiB; rows further from it spread over the sets and
// are blocked unpacked. Each case is C = A @ B with A 16 x 256, B 256 x N,
// the reduce UNROLLed by 4; the cache of 1 MiB gives a block of B 512 KiB.

// N = 1020: rows 4080 bytes apart, 16 from 4 KiB. 4 rows per iteration are
// 16320 bytes: blocks of 32 of the 64 iterations (510 KiB); rows of 1020
// floats (64 cache lines) padded to an odd number of lines, 65, 1040
// floats: 32 x 4 x 1040 = 133120.
// CHECK-LABEL: func.func @near_4k
// CHECK:       memref.alloc() {alignment = 64 : i64} : memref<133120xf32>
// CHECK:       memref.dealloc
func.func @near_4k(%o: memref<16320xf32>, %a: memref<4096xf32>,
                  %b: memref<261120xf32>) {
  tiny.k.kernel "r_16_1020_1" {
    %ck = arith.constant 256 : index
    %cn = arith.constant 1020 : index
    %cm = arith.constant 16 : index
    tiny.k.range loop %i < %cm {
      tiny.k.range loop %j < %cn {
        %zero = arith.constant 0.000000e+00 : f32
        %0 = arith.muli %i, %cn : index
        %1 = arith.addi %j, %0 : index
        %2 = tiny.k.index %o[%1] : memref<16320xf32>
        tiny.k.store %2, %zero : !tiny.ptr<f32, global>
      }
      tiny.k.range reduce %k < %ck {
        tiny.k.range loop %j < %cn {
          %0 = arith.muli %i, %cn : index
          %1 = arith.addi %j, %0 : index
          %2 = tiny.k.index %o[%1] : memref<16320xf32>
          %3 = tiny.k.load %2 : !tiny.ptr<f32, global>
          %4 = arith.muli %i, %ck : index
          %5 = arith.addi %k, %4 : index
          %6 = tiny.k.index %a[%5] : memref<4096xf32>
          %7 = tiny.k.load %6 : !tiny.ptr<f32, global>
          %8 = arith.muli %k, %cn : index
          %9 = arith.addi %j, %8 : index
          %10 = tiny.k.index %b[%9] : memref<261120xf32>
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

// N = 1008: rows 4032 bytes apart, 64 (a cache line) from 4 KiB: blocked
// (32 iterations of 16128 bytes), not packed.
// CHECK-LABEL: func.func @line_from_4k
// CHECK-NOT:   memref.alloc
// CHECK:       tiny.k.range reduce %{{.*}} < %{{.*}} {
// CHECK-NOT:   memref.alloc
// CHECK:       return
func.func @line_from_4k(%o: memref<16128xf32>, %a: memref<4096xf32>,
                  %b: memref<258048xf32>) {
  tiny.k.kernel "r_16_1008_1" {
    %ck = arith.constant 256 : index
    %cn = arith.constant 1008 : index
    %cm = arith.constant 16 : index
    tiny.k.range loop %i < %cm {
      tiny.k.range loop %j < %cn {
        %zero = arith.constant 0.000000e+00 : f32
        %0 = arith.muli %i, %cn : index
        %1 = arith.addi %j, %0 : index
        %2 = tiny.k.index %o[%1] : memref<16128xf32>
        tiny.k.store %2, %zero : !tiny.ptr<f32, global>
      }
      tiny.k.range reduce %k < %ck {
        tiny.k.range loop %j < %cn {
          %0 = arith.muli %i, %cn : index
          %1 = arith.addi %j, %0 : index
          %2 = tiny.k.index %o[%1] : memref<16128xf32>
          %3 = tiny.k.load %2 : !tiny.ptr<f32, global>
          %4 = arith.muli %i, %ck : index
          %5 = arith.addi %k, %4 : index
          %6 = tiny.k.index %a[%5] : memref<4096xf32>
          %7 = tiny.k.load %6 : !tiny.ptr<f32, global>
          %8 = arith.muli %k, %cn : index
          %9 = arith.addi %j, %8 : index
          %10 = tiny.k.index %b[%9] : memref<258048xf32>
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

