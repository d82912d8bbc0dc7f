// Matmuls whose cache blocks of B -tiny-cpu-schedule packs into a scratch
// buffer (packOperand, passes/ScheduleActions.h), run by tiny-run and
// compared exactly with products computed in float64 by
// Inputs/matmul_packed.py: the inputs are small integers, so every partial
// sum is exact in f32 and the order of the additions cannot matter.
//
// With a 1 MiB second-level cache (half of it for a block of B; the
// PACKED run gives the pass that size, tiny-run the host's) the cases are
// packed as:
//   mm_packed_512   K UNROLLed by 4: 128 iterations of 4 rows of 512
//                   columns (8 KiB); blocks of 64 iterations, all columns,
//                   rows of 512 floats padded by a cache line to 528:
//                   64 x 4 x 528 = 135168 floats
//   mm_packed_cols  64 iterations of 4 rows of 2048 columns (32 KiB): 32
//                   iterations of all columns would take 1 MiB, so the
//                   columns are cut into 2 blocks of 1024 (rows padded to
//                   1040), 2 blocks of 32 iterations: 32 x 4 x 1040 = 133120
//   mm_packed_odd   K = 1023, not UNROLLed: rows of 1023 floats (4092 bytes,
//                   64 cache lines) padded to 65 lines, 1040 floats, blocks
//                   of 93 of them: 93 x 1040 = 96720
//   mm_packed_relu  256 iterations of 4 rows of 1024 columns (16 KiB), blocks
//                   of 32, rows padded to 1040: 133120; the relu runs in a
//                   nest of its own after the blocks
//   mm_packed_auto  B 4096 x 1024 (16 MiB, rows 4 KiB apart): 1024
//                   iterations of 16 KiB, blocks of 32, rows padded to
//                   1040: 133120
// tiny-run packs by default (pack=auto) the cases whose B rows are within
// half a cache line of a multiple of 4 KiB apart (cols, odd, relu, auto) and
// runs mm_packed_512 (rows 2 KiB apart) unpacked; the PACKED run (pack=on)
// packs them all.
// Other cache sizes block and pack differently; the results are the same.

// RUN: tiny-opt %s --pass-pipeline='builtin.module(tiny-to-kernels,tiny-outline-kernels,tiny-cpu-schedule{cache-bytes=1048576 pack=on hoist-threads=false})' | FileCheck %s --check-prefix=PACKED
// PACKED-LABEL: func.func private @r_16_512_1
// PACKED:         memref.alloc() {alignment = 64 : i64} : memref<135168xf32>
// PACKED-LABEL: func.func private @r_8_2048_1
// PACKED:         memref.alloc() {alignment = 64 : i64} : memref<133120xf32>
// PACKED-LABEL: func.func private @r_24_1023_1
// PACKED:         memref.alloc() {alignment = 64 : i64} : memref<96720xf32>
// PACKED-LABEL: func.func private @r_16_1024_1
// PACKED:         memref.alloc() {alignment = 64 : i64} : memref<133120xf32>
// PACKED-LABEL: func.func private @r_16_1024_1
// PACKED:         memref.alloc() {alignment = 64 : i64} : memref<133120xf32>

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/matmul_packed.py gen %t
// RUN: tiny-run %s --entry=mm_packed_512 -i %t/mm_packed_512.a.npy -i %t/mm_packed_512.b.npy -o %t/mm_packed_512.out.npy
// RUN: tiny-run %s --entry=mm_packed_cols -i %t/mm_packed_cols.a.npy -i %t/mm_packed_cols.b.npy -o %t/mm_packed_cols.out.npy
// RUN: tiny-run %s --entry=mm_packed_odd -i %t/mm_packed_odd.a.npy -i %t/mm_packed_odd.b.npy -o %t/mm_packed_odd.out.npy
// RUN: tiny-run %s --entry=mm_packed_relu -i %t/mm_packed_relu.a.npy -i %t/mm_packed_relu.b.npy -o %t/mm_packed_relu.out.npy
// RUN: tiny-run %s --entry=mm_packed_auto -i %t/mm_packed_auto.a.npy -i %t/mm_packed_auto.b.npy -o %t/mm_packed_auto.out.npy
// RUN: %python %S/Inputs/matmul_packed.py check %t | FileCheck %s

// The same with the threads of the blocked nests hoisted (hoistThreads) on
// 3 threads: each case's rows in shares of ceil(blocks / 3), each thread
// packing its own copy of every block.
// RUN: mkdir -p %t/hoisted
// RUN: %python %S/Inputs/matmul_packed.py gen %t/hoisted
// RUN: tiny-run %s --entry=mm_packed_512 --cpu-schedule="hoist-threads=true threads=3" -i %t/hoisted/mm_packed_512.a.npy -i %t/hoisted/mm_packed_512.b.npy -o %t/hoisted/mm_packed_512.out.npy
// RUN: tiny-run %s --entry=mm_packed_cols --cpu-schedule="hoist-threads=true threads=3" -i %t/hoisted/mm_packed_cols.a.npy -i %t/hoisted/mm_packed_cols.b.npy -o %t/hoisted/mm_packed_cols.out.npy
// RUN: tiny-run %s --entry=mm_packed_odd --cpu-schedule="hoist-threads=true threads=3" -i %t/hoisted/mm_packed_odd.a.npy -i %t/hoisted/mm_packed_odd.b.npy -o %t/hoisted/mm_packed_odd.out.npy
// RUN: tiny-run %s --entry=mm_packed_relu --cpu-schedule="hoist-threads=true threads=3" -i %t/hoisted/mm_packed_relu.a.npy -i %t/hoisted/mm_packed_relu.b.npy -o %t/hoisted/mm_packed_relu.out.npy
// RUN: tiny-run %s --entry=mm_packed_auto --cpu-schedule="hoist-threads=true threads=3" -i %t/hoisted/mm_packed_auto.a.npy -i %t/hoisted/mm_packed_auto.b.npy -o %t/hoisted/mm_packed_auto.out.npy
// RUN: %python %S/Inputs/matmul_packed.py check %t/hoisted | FileCheck %s

// CHECK:      mm_packed_512: 16x512 exact
// CHECK-NEXT: mm_packed_cols: 8x2048 exact
// CHECK-NEXT: mm_packed_odd: 24x1023 exact
// CHECK-NEXT: mm_packed_relu: 16x1024 exact
// CHECK-NEXT: mm_packed_auto: 16x1024 exact

#cpu = #tiny.device<"CPU">

tiny.function @mm_packed_512 -> tensor<16x512xf32, #cpu> {
  %a = tiny.param 0 : f32 size 8192 on "CPU"
  %b = tiny.param 1 : f32 size 262144 on "CPU"
  %a3 = tiny.reshape %a to [16, 1, 512] : tensor<8192xf32, #cpu>
  %ae = tiny.expand %a3 to [16, 512, 512] : tensor<16x1x512xf32, #cpu>
  %b2 = tiny.reshape %b to [512, 512] : tensor<262144xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<512x512xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 512, 512] : tensor<512x512xf32, #cpu>
  %be = tiny.expand %b3 to [16, 512, 512] : tensor<1x512x512xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<16x512x512xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<16x512x512xf32, #cpu>
  %c = tiny.reshape %s to [16, 512] : tensor<16x512x1xf32, #cpu>
  tiny.return %c : tensor<16x512xf32, #cpu>
}

tiny.function @mm_packed_cols -> tensor<8x2048xf32, #cpu> {
  %a = tiny.param 0 : f32 size 2048 on "CPU"
  %b = tiny.param 1 : f32 size 524288 on "CPU"
  %a3 = tiny.reshape %a to [8, 1, 256] : tensor<2048xf32, #cpu>
  %ae = tiny.expand %a3 to [8, 2048, 256] : tensor<8x1x256xf32, #cpu>
  %b2 = tiny.reshape %b to [256, 2048] : tensor<524288xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<256x2048xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 2048, 256] : tensor<2048x256xf32, #cpu>
  %be = tiny.expand %b3 to [8, 2048, 256] : tensor<1x2048x256xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<8x2048x256xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<8x2048x256xf32, #cpu>
  %c = tiny.reshape %s to [8, 2048] : tensor<8x2048x1xf32, #cpu>
  tiny.return %c : tensor<8x2048xf32, #cpu>
}

tiny.function @mm_packed_odd -> tensor<24x1023xf32, #cpu> {
  %a = tiny.param 0 : f32 size 24552 on "CPU"
  %b = tiny.param 1 : f32 size 1046529 on "CPU"
  %a3 = tiny.reshape %a to [24, 1, 1023] : tensor<24552xf32, #cpu>
  %ae = tiny.expand %a3 to [24, 1023, 1023] : tensor<24x1x1023xf32, #cpu>
  %b2 = tiny.reshape %b to [1023, 1023] : tensor<1046529xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<1023x1023xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 1023, 1023] : tensor<1023x1023xf32, #cpu>
  %be = tiny.expand %b3 to [24, 1023, 1023] : tensor<1x1023x1023xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<24x1023x1023xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<24x1023x1023xf32, #cpu>
  %c = tiny.reshape %s to [24, 1023] : tensor<24x1023x1xf32, #cpu>
  tiny.return %c : tensor<24x1023xf32, #cpu>
}

tiny.function @mm_packed_relu -> tensor<16x1024xf32, #cpu> {
  %a = tiny.param 0 : f32 size 16384 on "CPU"
  %b = tiny.param 1 : f32 size 1048576 on "CPU"
  %a3 = tiny.reshape %a to [16, 1, 1024] : tensor<16384xf32, #cpu>
  %ae = tiny.expand %a3 to [16, 1024, 1024] : tensor<16x1x1024xf32, #cpu>
  %b2 = tiny.reshape %b to [1024, 1024] : tensor<1048576xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<1024x1024xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 1024, 1024] : tensor<1024x1024xf32, #cpu>
  %be = tiny.expand %b3 to [16, 1024, 1024] : tensor<1x1024x1024xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<16x1024x1024xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<16x1024x1024xf32, #cpu>
  %c = tiny.reshape %s to [16, 1024] : tensor<16x1024x1xf32, #cpu>
  %zero = tiny.const dense<0.0> : tensor<1x1xf32, #cpu>
  %zeros = tiny.expand %zero to [16, 1024] : tensor<1x1xf32, #cpu>
  %positive = tiny.cmplt %zeros, %c : tensor<16x1024xf32, #cpu>, tensor<16x1024xf32, #cpu>
  %r = tiny.where %positive, %c, %zeros : tensor<16x1024xi1, #cpu>, tensor<16x1024xf32, #cpu>, tensor<16x1024xf32, #cpu>
  tiny.return %r : tensor<16x1024xf32, #cpu>
}

tiny.function @mm_packed_auto -> tensor<16x1024xf32, #cpu> {
  %a = tiny.param 0 : f32 size 65536 on "CPU"
  %b = tiny.param 1 : f32 size 4194304 on "CPU"
  %a3 = tiny.reshape %a to [16, 1, 4096] : tensor<65536xf32, #cpu>
  %ae = tiny.expand %a3 to [16, 1024, 4096] : tensor<16x1x4096xf32, #cpu>
  %b2 = tiny.reshape %b to [4096, 1024] : tensor<4194304xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<4096x1024xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 1024, 4096] : tensor<1024x4096xf32, #cpu>
  %be = tiny.expand %b3 to [16, 1024, 4096] : tensor<1x1024x4096xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<16x1024x4096xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<16x1024x4096xf32, #cpu>
  %c = tiny.reshape %s to [16, 1024] : tensor<16x1024x1xf32, #cpu>
  tiny.return %c : tensor<16x1024xf32, #cpu>
}
