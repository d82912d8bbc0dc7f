// A function whose param is sharded: its per-shard-sized param on the device
// tuple is viewed through unshard, and a call substitutes each shard of the
// argument (-tiny-resolve-calls). The program shards x (4x3, rows 0..1 on
// CPU:1, rows 2..3 on CPU:2); the callee doubles each shard on its device (a
// constant broadcast along the rows) and adds 0.5 (a constant as long as the
// logical value, of which each shard takes its part); the result is gathered
// on CPU:1. A shard of the wrong size is the call's diagnostic, reported by
// tiny-run at run time.
//
// Expected: out[r][c] = 2 * x[r][c] + 0.5, with x = 0..11 row-major.

// RUN: tiny-run %s --entry=main -i 0,1,2,3,4,5,6,7,8,9,10,11 --print-device-stats | FileCheck %s --match-full-lines
// RUN: not tiny-run %s --entry=mismatch -i 0,1,2,3,4,5,6,7,8,9,10,11 2>&1 | FileCheck %s --check-prefix=MISMATCH

// Each shard is 2x3 f32 (24 bytes). CPU:2 receives its shard and sends back
// its result for the gather: 24 B in, 24 B out. CPU:1 takes the 48-byte
// upload of x and CPU:2's 24 B (72 B in), and sends 24 B plus the 48-byte
// download of the result (72 B out).
// CHECK:      {{\[\[}}0.5, 2.5, 4.5], [6.5, 8.5, 10.5], [12.5, 14.5, 16.5], [18.5, 20.5, 22.5]] : tensor<4x3xf32>
// CHECK-NEXT: device CPU:1: {{[0-9]+}} buffers, peak {{[0-9]+}} B, copied in 72 B, copied out 72 B
// CHECK-NEXT: device CPU:2: {{[0-9]+}} buffers, peak {{[0-9]+}} B, copied in 24 B, copied out 24 B

// MISMATCH: error: 'tiny.call' op arg 0 shape mismatch: expected size 6, got (3, 3)
// MISMATCH: tiny-run: error: cannot compile @mismatch

#d1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:2">
#pair = #tiny.device<"CPU:1", "CPU:2">

tiny.function @double -> tensor<4x3xf32, #pair> attributes {sym_visibility = "private"} {
  %p = tiny.param 0 : f32 size 6 on ["CPU:1", "CPU:2"]
  %v = tiny.reshape %p to [2, 3] : tensor<6xf32, #pair>
  %u = tiny.unshard %v axis 0 : tensor<2x3xf32, #pair>
  %two = tiny.const dense<2.0> : tensor<1x3xf32, #pair>
  %d = tiny.mul %u, %two : tensor<4x3xf32, #pair>, tensor<1x3xf32, #pair>
  %half = tiny.const dense<0.5> : tensor<4x3xf32, #pair>
  %e = tiny.add %d, %half : tensor<4x3xf32, #pair>, tensor<4x3xf32, #pair>
  tiny.return %e : tensor<4x3xf32, #pair>
}

tiny.function @main -> tensor<4x3xf32, #d1> {
  %x = tiny.param 0 : f32 size 12 on "CPU:1"
  %m = tiny.reshape %x to [4, 3] : tensor<12xf32, #d1>
  %top = tiny.shrink %m [0, 0] to [2, 3] : tensor<4x3xf32, #d1>
  %bottom = tiny.shrink %m [2, 0] to [4, 3] : tensor<4x3xf32, #d1>
  %b2 = tiny.copy %bottom to "CPU:2" : tensor<2x3xf32, #d1>
  %shards = tiny.mstack %top, %b2 : tensor<2x3xf32, #d1>, tensor<2x3xf32, #d2>
  %s = tiny.unshard %shards axis 0 : tensor<2x3xf32, #pair>
  %y = tiny.call @double(%s) : (tensor<4x3xf32, #pair>) -> tensor<4x3xf32, #pair>
  %g = tiny.copy %y to "CPU:1" : tensor<4x3xf32, #pair>
  tiny.return %g : tensor<4x3xf32, #d1>
}

tiny.function @mismatch -> tensor<4x3xf32, #d1> {
  %x = tiny.param 0 : f32 size 12 on "CPU:1"
  %m = tiny.reshape %x to [4, 3] : tensor<12xf32, #d1>
  %p = tiny.pad %m low [0, 0] high [2, 0] : tensor<4x3xf32, #d1>
  %top = tiny.shrink %p [0, 0] to [3, 3] : tensor<6x3xf32, #d1>
  %bottom = tiny.shrink %p [3, 0] to [6, 3] : tensor<6x3xf32, #d1>
  %b2 = tiny.copy %bottom to "CPU:2" : tensor<3x3xf32, #d1>
  %shards = tiny.mstack %top, %b2 : tensor<3x3xf32, #d1>, tensor<3x3xf32, #d2>
  %s = tiny.unshard %shards axis 0 : tensor<3x3xf32, #pair>
  %y = tiny.call @double(%s) : (tensor<6x3xf32, #pair>) -> tensor<4x3xf32, #pair>
  %g = tiny.copy %y to "CPU:1" : tensor<4x3xf32, #pair>
  tiny.return %g : tensor<4x3xf32, #d1>
}
