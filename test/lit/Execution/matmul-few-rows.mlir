// Matmuls of a few rows (a GEMV of a small batch) in the reduction-outside
// form: -tiny-cpu-schedule UPCASTs all their rows together (at most 4) and
// splits the columns over the threads, so each thread reads its columns of
// B once for every row, with no cache blocks and no packed copy of B (a
// block would be read by one group of rows only); -tiny-optimize leaves the
// nest untiled, reading B a row at a time as a GEMV does. Run by tiny-run
// and compared exactly with Inputs/matmul_packed.py's integer products.

// RUN: tiny-opt %s --pass-pipeline='builtin.module(tiny-to-kernels,tiny-outline-kernels,tiny-cpu-schedule{threads=2 cache-bytes=65536})' | FileCheck %s --check-prefix=SCHEDULE
// SCHEDULE-LABEL: func.func private @r_2_2048_1
// SCHEDULE-NOT:   memref.alloc
// SCHEDULE:       tiny.k.range upcast %{{.*}} < %c2 {
// SCHEDULE:         tiny.k.range thread %{{.*}} < %c2{{.*}} {
// SCHEDULE:           tiny.k.range reduce %{{.*}} < %c128 {
// SCHEDULE:             tiny.k.range loop %{{.*}} < %c1024
// SCHEDULE-NOT:   memref.alloc
// SCHEDULE-LABEL: func.func private @r_3_1024_1
// SCHEDULE-NOT:   memref.alloc
// SCHEDULE:       tiny.k.range upcast %{{.*}} < %c3 {
// SCHEDULE:         tiny.k.range thread %{{.*}} < %c2{{.*}} {
// SCHEDULE-LABEL: func.func private @r_4_2048_1
// SCHEDULE-NOT:   memref.alloc
// SCHEDULE:       tiny.k.range upcast %{{.*}} < %c4 {
// SCHEDULE:         tiny.k.range thread %{{.*}} < %c2{{.*}} {

// No register tile: the reduce loop's body reads scalars, not vectors.
// RUN: tiny-opt %s --pass-pipeline='builtin.module(tiny-to-kernels,tiny-outline-kernels,tiny-cpu-schedule{threads=2},tiny-expand-upcast,tiny-optimize{vector-bits=512 vector-registers=32})' | FileCheck %s --check-prefix=UNTILED
// UNTILED-LABEL: func.func private @r_2_2048_1
// UNTILED-NOT:   vector<
// UNTILED-LABEL: func.func private @r_3_1024_1
// UNTILED-NOT:   vector<
// UNTILED-LABEL: func.func private @r_4_2048_1
// UNTILED-NOT:   vector<
// UNTILED:       return

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/matmul_packed.py gen %t mm_few_
// RUN: tiny-run %s --entry=mm_few_2 -i %t/mm_few_2.a.npy -i %t/mm_few_2.b.npy -o %t/mm_few_2.out.npy
// RUN: tiny-run %s --entry=mm_few_3 -i %t/mm_few_3.a.npy -i %t/mm_few_3.b.npy -o %t/mm_few_3.out.npy
// RUN: tiny-run %s --entry=mm_few_4 -i %t/mm_few_4.a.npy -i %t/mm_few_4.b.npy -o %t/mm_few_4.out.npy
// RUN: %python %S/Inputs/matmul_packed.py check %t mm_few_ | FileCheck %s
// CHECK: mm_few_2: 2x2048 exact
// CHECK: mm_few_3: 3x1024 exact
// CHECK: mm_few_4: 4x2048 exact

#cpu = #tiny.device<"CPU">

tiny.function @mm_few_2 -> tensor<2x2048xf32, #cpu> {
  %a = tiny.param 0 : f32 size 1024 on "CPU"
  %b = tiny.param 1 : f32 size 1048576 on "CPU"
  %a3 = tiny.reshape %a to [2, 1, 512] : tensor<1024xf32, #cpu>
  %ae = tiny.expand %a3 to [2, 2048, 512] : tensor<2x1x512xf32, #cpu>
  %b2 = tiny.reshape %b to [512, 2048] : tensor<1048576xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<512x2048xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 2048, 512] : tensor<2048x512xf32, #cpu>
  %be = tiny.expand %b3 to [2, 2048, 512] : tensor<1x2048x512xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<2x2048x512xf32, #cpu>, tensor<2x2048x512xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<2x2048x512xf32, #cpu>
  %c = tiny.reshape %s to [2, 2048] : tensor<2x2048x1xf32, #cpu>
  tiny.return %c : tensor<2x2048xf32, #cpu>
}

tiny.function @mm_few_3 -> tensor<3x1024xf32, #cpu> {
  %a = tiny.param 0 : f32 size 3072 on "CPU"
  %b = tiny.param 1 : f32 size 1048576 on "CPU"
  %a3 = tiny.reshape %a to [3, 1, 1024] : tensor<3072xf32, #cpu>
  %ae = tiny.expand %a3 to [3, 1024, 1024] : tensor<3x1x1024xf32, #cpu>
  %b2 = tiny.reshape %b to [1024, 1024] : tensor<1048576xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<1024x1024xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 1024, 1024] : tensor<1024x1024xf32, #cpu>
  %be = tiny.expand %b3 to [3, 1024, 1024] : tensor<1x1024x1024xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<3x1024x1024xf32, #cpu>, tensor<3x1024x1024xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<3x1024x1024xf32, #cpu>
  %c = tiny.reshape %s to [3, 1024] : tensor<3x1024x1xf32, #cpu>
  %z = tiny.const dense<0.0> : tensor<3x1024xf32, #cpu>
  %y = tiny.max %c, %z : tensor<3x1024xf32, #cpu>, tensor<3x1024xf32, #cpu>
  tiny.return %y : tensor<3x1024xf32, #cpu>
}

tiny.function @mm_few_4 -> tensor<4x2048xf32, #cpu> {
  %a = tiny.param 0 : f32 size 1024 on "CPU"
  %b = tiny.param 1 : f32 size 524288 on "CPU"
  %a3 = tiny.reshape %a to [4, 1, 256] : tensor<1024xf32, #cpu>
  %ae = tiny.expand %a3 to [4, 2048, 256] : tensor<4x1x256xf32, #cpu>
  %b2 = tiny.reshape %b to [256, 2048] : tensor<524288xf32, #cpu>
  %bt = tiny.permute %b2 [1, 0] : tensor<256x2048xf32, #cpu>
  %b3 = tiny.reshape %bt to [1, 2048, 256] : tensor<2048x256xf32, #cpu>
  %be = tiny.expand %b3 to [4, 2048, 256] : tensor<1x2048x256xf32, #cpu>
  %p = tiny.mul %ae, %be : tensor<4x2048x256xf32, #cpu>, tensor<4x2048x256xf32, #cpu>
  %s = tiny.reduce add %p axes [2] : tensor<4x2048x256xf32, #cpu>
  %c = tiny.reshape %s to [4, 2048] : tensor<4x2048x1xf32, #cpu>
  tiny.return %c : tensor<4x2048xf32, #cpu>
}
