// A kernel that reads a bf16 value from one of four copied shards selects
// it per element. LLVM widened that vectorized bf16 select to f32 and
// narrowed it back through `__truncsfbf2`, which the JIT's process lacks
// (GCC 12's libgcc has no bf16), so the program did not compile;
// -tiny-expand-arith now selects the i16 bits. Found by test/fuzz (seed 11,
// program 54).
//
// Every shard element is 2 but one 8: -1 / x times 1, maximized, is -0.125
// wherever the 8 is (-0.5 if a wrong shard were selected).
//
// RUN: tiny-run %s -i 1,1,1,1,1,1,1,1,1,1,1,1 -i 2,2,2,2,2,2 -i 2,2,2,2,8,2 -i 2,2,2,2,2,2 -i 2,2,2,2,2,2 | FileCheck %s --match-full-lines
// RUN: tiny-run %s -i 1,1,1,1,1,1,1,1,1,1,1,1 -i 2,2,2,2,2,2 -i 2,2,2,2,2,2 -i 2,2,2,2,2,2 -i 8,2,2,2,2,2 | FileCheck %s --match-full-lines
// RUN: tiny-run %s -i 1,1,1,1,1,1,1,1,1,1,1,1 -i 2,2,2,2,2,8 -i 2,2,2,2,2,2 -i 2,2,2,2,2,2 -i 2,2,2,2,2,2 | FileCheck %s --match-full-lines
// CHECK: {{\[\[\[}}-0.125]]] : tensor<1x1x1xf32>

#cpu = #tiny.device<"CPU">
#d4 = #tiny.device<"CPU:4">
#d3 = #tiny.device<"CPU:3">
#d2 = #tiny.device<"CPU:2">
#d1 = #tiny.device<"CPU:1">
#d1_2_3_4 = #tiny.device<"CPU:1", "CPU:2", "CPU:3", "CPU:4">

tiny.function @main -> tensor<1x1x1xf32, #cpu> {
  %p0 = tiny.param 0 : f32 size 12 on "CPU"
  %p1 = tiny.param 1 : i32 size 6 on "CPU:4"
  %p2 = tiny.param 2 : i32 size 6 on "CPU:3"
  %p3 = tiny.param 3 : i32 size 6 on "CPU:2"
  %p4 = tiny.param 4 : i32 size 6 on "CPU:1"
  %c6 = tiny.const dense<-1.0> : tensor<12x2x1xbf16, #d1_2_3_4>
  %r7 = tiny.reshape %p4 to [3, 2, 1] : tensor<6xi32, #d1>
  %r8 = tiny.reshape %p3 to [3, 2, 1] : tensor<6xi32, #d2>
  %r9 = tiny.reshape %p2 to [3, 2, 1] : tensor<6xi32, #d3>
  %r10 = tiny.reshape %p1 to [3, 2, 1] : tensor<6xi32, #d4>
  %m11 = tiny.mstack %r7, %r8, %r9, %r10 : tensor<3x2x1xi32, #d1>, tensor<3x2x1xi32, #d2>, tensor<3x2x1xi32, #d3>, tensor<3x2x1xi32, #d4>
  %u13 = tiny.unshard %m11 axis 0 : tensor<3x2x1xi32, #d1_2_3_4>
  %c14 = tiny.cast %u13 to bf16 : tensor<12x2x1xi32, #d1_2_3_4>
  %f15 = tiny.fdiv %c6, %c14 : tensor<12x2x1xbf16, #d1_2_3_4>
  %c16 = tiny.copy %f15 to "CPU" : tensor<12x2x1xbf16, #d1_2_3_4>
  %r17 = tiny.reshape %p0 to [12, 1, 1] : tensor<12xf32, #cpu>
  %c18 = tiny.cast %r17 to bf16 : tensor<12x1x1xf32, #cpu>
  %m19 = tiny.mul %c16, %c18 : tensor<12x2x1xbf16, #cpu>, tensor<12x1x1xbf16, #cpu>
  %r20 = tiny.reduce max %m19 axes [1, 2, 0] : tensor<12x2x1xbf16, #cpu>
  %c23 = tiny.cast %r20 to f32 : tensor<1x1x1xbf16, #cpu>
  tiny.return %c23 : tensor<1x1x1xf32, #cpu>
}
