// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule="cache-bytes=65536 hoist-threads=false" | FileCheck %s
// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule="cache-bytes=65536 pack=off hoist-threads=false" | FileCheck %s --check-prefix=OFF
// RUN: tiny-opt %s -split-input-file -tiny-cpu-schedule="cache-bytes=65536 pack=on hoist-threads=false" | FileCheck %s --check-prefix=ON
// RUN: not tiny-opt %s -split-input-file -tiny-cpu-schedule="pack=yes" 2>&1 | FileCheck %s --check-prefix=BAD

// -tiny-cpu-schedule's pack option: where the default (auto) packs a
// matmul's cache blocks of B (packOperand) and where it does not. Measured
// (bench/kernels/README.md, passes/CPUSchedule.cpp): packing pays where B's
// rows are less than half a cache line from a multiple of 4 KiB apart (they
// then share a few cache sets); tiny-cpu-schedule-pack-near.mlir has rows
// near such a multiple. Each case is C = A @ B with A 16 x K, B K x N, the
// reduce UNROLLed by 4 (4 rows of B per iteration); the cache of 64 KiB
// gives a block of B half of it, 32 KiB.
// BAD: -tiny-cpu-schedule: pack must be auto, on or off, not 'yes'

// B's rows 512 bytes apart (N = 128), 256 x 128 x 4 = 128 KiB: blocked,
// not packed (packing 1000^3, whose rows spread over the cache sets too,
// measured no faster). pack=on packs it.
// CHECK-LABEL: func.func @rows_apart
// CHECK-NOT:   memref.alloc
// CHECK:       tiny.k.range reduce
// CHECK-NOT:   memref.alloc
// CHECK:       return
// ON-LABEL:    func.func @rows_apart
// ON:          memref.alloc
func.func @rows_apart(%o: memref<2048xf32>, %a: memref<4096xf32>,
                  %b: memref<32768xf32>) {
  tiny.k.kernel "r_16_128_1" {
    %ck = arith.constant 256 : index
    %cn = arith.constant 128 : index
    %cm = arith.constant 16 : index
    tiny.k.range loop %i < %cm {
      tiny.k.range loop %j < %cn {
        %zero = arith.constant 0.000000e+00 : f32
        %0 = arith.muli %i, %cn : index
        %1 = arith.addi %j, %0 : index
        %2 = tiny.k.index %o[%1] : memref<2048xf32>
        tiny.k.store %2, %zero : !tiny.ptr<f32, global>
      }
      tiny.k.range reduce %k < %ck {
        tiny.k.range loop %j < %cn {
          %0 = arith.muli %i, %cn : index
          %1 = arith.addi %j, %0 : index
          %2 = tiny.k.index %o[%1] : memref<2048xf32>
          %3 = tiny.k.load %2 : !tiny.ptr<f32, global>
          %4 = arith.muli %i, %ck : index
          %5 = arith.addi %k, %4 : index
          %6 = tiny.k.index %a[%5] : memref<4096xf32>
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

// -----

// B's rows 4 KiB apart (N = 1024), B 64 x 1024 x 4 = 256 KiB, more than
// the block's 32 KiB: blocked packed. 4 rows of 1024 columns per iteration
// are 16 KiB: the columns are cut into blocks of 64, and the 16 iterations
// into 2 blocks of 8 (a block is fewer iterations than the range's); rows of
// 64 floats (256 bytes, 4 cache lines) padded to an odd number of lines, 5,
// 80 floats: 8 x 4 x 80 = 2560 floats. pack=off neither blocks it (its rows
// would fall in a few cache sets) nor packs it.
// CHECK-LABEL: func.func @small_conflicting
// CHECK:       memref.alloc() {alignment = 64 : i64} : memref<2560xf32>
// OFF-LABEL:   func.func @small_conflicting
// OFF-NOT:     memref.alloc
// OFF:         tiny.k.range reduce %{{.*}} < %c16{{(_[0-9]+)?}} {
// OFF-NOT:     memref.alloc
// OFF:         return
func.func @small_conflicting(%o: memref<16384xf32>, %a: memref<1024xf32>,
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

// B's rows 4 KiB apart and B 32768 x 1024 x 4 = 128 MiB, more than a quarter
// of any last-level cache up to 512 MiB: blocked either way, and packed
// (2048^3 measured 2-3% faster packed). 4 rows of 1024 columns per
// iteration are 16 KiB: 32 iterations of 64 columns (32 x 4 x 64 x 4 =
// 32 KiB) fill the block; rows of 64 floats (256 bytes) padded by a cache
// line to 80 (5 lines, an odd number): 32 x 4 x 80 = 10240 floats. pack=off blocks it unpacked.
// CHECK-LABEL: func.func @large_conflicting
// CHECK:       memref.alloc() {alignment = 64 : i64} : memref<10240xf32>
// CHECK:       memref.dealloc
// OFF-LABEL:   func.func @large_conflicting
// OFF-NOT:     memref.alloc
// OFF:         tiny.k.range reduce
// OFF-NOT:     memref.alloc
// OFF:         return
func.func @large_conflicting(%o: memref<16384xf32>, %a: memref<524288xf32>,
                  %b: memref<33554432xf32>) {
  tiny.k.kernel "r_16_1024_1" {
    %ck = arith.constant 32768 : index
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
          %6 = tiny.k.index %a[%5] : memref<524288xf32>
          %7 = tiny.k.load %6 : !tiny.ptr<f32, global>
          %8 = arith.muli %k, %cn : index
          %9 = arith.addi %j, %8 : index
          %10 = tiny.k.index %b[%9] : memref<33554432xf32>
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

// B's rows 2 KiB apart: 128 consecutive rows start in 2 of the 64 sets of
// a first-level cache. Of bf16 (N = 1024, B 64 x 1024 x 2 = 128 KiB, more
// than the block's 32 KiB): blocked packed, as 1024^3 bf16 measured faster
// packed. Of f32 (N = 512, the same bytes): blocked, not packed (512^3 f32
// measured slower packed on two threads).
// CHECK-LABEL: func.func @bf16_rows_2k
// CHECK:       memref.alloc() {alignment = 64 : i64} : memref<{{[0-9]+}}xbf16>
// CHECK-LABEL: func.func @f32_rows_2k
// CHECK-NOT:   memref.alloc
// CHECK:       tiny.k.range reduce
// CHECK-NOT:   memref.alloc
// CHECK:       return
func.func @bf16_rows_2k(%o: memref<16384xf32>, %a: memref<1024xbf16>,
                        %b: memref<65536xbf16>) {
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
          %6 = tiny.k.index %a[%5] : memref<1024xbf16>
          %7 = tiny.k.load %6 : !tiny.ptr<bf16, global>
          %8 = arith.muli %k, %cn : index
          %9 = arith.addi %j, %8 : index
          %10 = tiny.k.index %b[%9] : memref<65536xbf16>
          %11 = tiny.k.load %10 : !tiny.ptr<bf16, global>
          %aw = arith.extf %7 : bf16 to f32
          %bw = arith.extf %11 : bf16 to f32
          %12 = arith.mulf %aw, %bw : f32
          %13 = arith.addf %3, %12 : f32
          tiny.k.store %2, %13 : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

func.func @f32_rows_2k(%o: memref<8192xf32>, %a: memref<1024xf32>,
                       %b: memref<32768xf32>) {
  tiny.k.kernel "r_16_512_1" {
    %ck = arith.constant 64 : index
    %cn = arith.constant 512 : index
    %cm = arith.constant 16 : index
    tiny.k.range loop %i < %cm {
      tiny.k.range loop %j < %cn {
        %zero = arith.constant 0.000000e+00 : f32
        %0 = arith.muli %i, %cn : index
        %1 = arith.addi %j, %0 : index
        %2 = tiny.k.index %o[%1] : memref<8192xf32>
        tiny.k.store %2, %zero : !tiny.ptr<f32, global>
      }
      tiny.k.range reduce %k < %ck {
        tiny.k.range loop %j < %cn {
          %0 = arith.muli %i, %cn : index
          %1 = arith.addi %j, %0 : index
          %2 = tiny.k.index %o[%1] : memref<8192xf32>
          %3 = tiny.k.load %2 : !tiny.ptr<f32, global>
          %4 = arith.muli %i, %ck : index
          %5 = arith.addi %k, %4 : index
          %6 = tiny.k.index %a[%5] : memref<1024xf32>
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
