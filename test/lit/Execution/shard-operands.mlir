// Elementwise ops between a sharded value and values that are not sharded
// the same way, run per shard (-tiny-multi), on virtual devices CPU:1 and
// CPU:2; each program shards x by rows (shard 0) or columns (shard 1), so
// CPU:1 holds the first half and CPU:2 the second.
//
// fdiv_const: x = 0..11 as 4x3, divided by a constant 4 (a multiplication by
//   its reciprocal, which each device computes itself): x / 4. No byte moves
//   but the shard (24 B to CPU:2) and the gather (24 B back).
// replicated: x * y with y copied whole to both devices, y's rows 1, 2, 3, 4:
//   row r is (3r, 3r+1, 3r+2) * (r+1). Each device copies only its rows of
//   y: CPU:2 receives 24 B of x and 24 B of y.
// replicated_computed: x = 0..11 as 3x4 sharded by columns, times y + 1
//   computed on each device from y = 1, 2, 3, 4 copied to both (a row that
//   broadcasts over the rows): x[r][c] * (c + 2). The whole y (16 B) goes to
//   CPU:2, which adds 1 to it and reads its columns.
// reshard: x = 0..15 as 4x4, sharded by rows times x sharded by columns:
//   x * x elementwise. Each device gathers its rows of the column shards:
//   CPU:2 receives 32 B (rows) + 32 B (columns 2..3) + 16 B (rows 2..3 of
//   columns 0..1) and sends 16 B (rows 0..1 of columns 2..3) and its 32 B of
//   the result.
// flip_window: x = 0..11 as 4x3 by rows, flipped along the rows (CPU:1 holds
//   CPU:2's shard flipped and the other way round): rows 3, 2, 1, 0; and
//   rows 1..2 of x plus 1 read on CPU:2, which gathers both shards the
//   window overlaps: (4, 5, 6), (7, 8, 9).

// RUN: tiny-run %s --entry=fdiv_const -i 0,1,2,3,4,5,6,7,8,9,10,11 --print-device-stats | FileCheck %s --match-full-lines --check-prefix=FDIV
// RUN: tiny-run %s --entry=replicated -i 0,1,2,3,4,5,6,7,8,9,10,11 -i 1,1,1,2,2,2,3,3,3,4,4,4 --print-device-stats | FileCheck %s --match-full-lines --check-prefix=REP
// RUN: tiny-run %s --entry=replicated_computed -i 0,1,2,3,4,5,6,7,8,9,10,11 -i 1,2,3,4 --print-device-stats | FileCheck %s --match-full-lines --check-prefix=COMP
// RUN: tiny-run %s --entry=reshard -i 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --print-device-stats | FileCheck %s --match-full-lines --check-prefix=RESHARD
// RUN: tiny-run %s --entry=flip_window -i 0,1,2,3,4,5,6,7,8,9,10,11 | FileCheck %s --match-full-lines --check-prefix=FLIP

// FDIV:      {{\[\[}}0, 0.25, 0.5], [0.75, 1, 1.25], [1.5, 1.75, 2], [2.25, 2.5, 2.75]] : tensor<4x3xf32>
// FDIV-NEXT: device CPU:1: {{[0-9]+}} buffers, peak {{[0-9]+}} B, copied in 72 B, copied out 72 B
// FDIV-NEXT: device CPU:2: {{[0-9]+}} buffers, peak {{[0-9]+}} B, copied in 24 B, copied out 24 B

// REP:      {{\[\[}}0, 1, 2], [6, 8, 10], [18, 21, 24], [36, 40, 44]] : tensor<4x3xf32>
// REP-NEXT: device CPU:1: {{[0-9]+}} buffers, peak {{[0-9]+}} B, copied in 120 B, copied out 96 B
// REP-NEXT: device CPU:2: {{[0-9]+}} buffers, peak {{[0-9]+}} B, copied in 48 B, copied out 24 B

// COMP:      {{\[\[}}0, 3, 8, 15], [8, 15, 24, 35], [16, 27, 40, 55]] : tensor<3x4xf32>
// COMP-NEXT: device CPU:1: {{[0-9]+}} buffers, peak {{[0-9]+}} B, copied in 88 B, copied out 88 B
// COMP-NEXT: device CPU:2: {{[0-9]+}} buffers, peak {{[0-9]+}} B, copied in 40 B, copied out 24 B

// RESHARD:      {{\[\[}}0, 1, 4, 9], [16, 25, 36, 49], [64, 81, 100, 121], [144, 169, 196, 225]] : tensor<4x4xf32>
// RESHARD-NEXT: device CPU:1: {{[0-9]+}} buffers, peak {{[0-9]+}} B, copied in 112 B, copied out 144 B
// RESHARD-NEXT: device CPU:2: {{[0-9]+}} buffers, peak {{[0-9]+}} B, copied in 80 B, copied out 48 B

// FLIP:      {{\[\[}}9, 10, 11], [6, 7, 8], [3, 4, 5], [0, 1, 2]] : tensor<4x3xf32>
// FLIP-NEXT: {{\[\[}}4, 5, 6], [7, 8, 9]] : tensor<2x3xf32>

#d1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:2">
#pair = #tiny.device<"CPU:1", "CPU:2">

tiny.function @fdiv_const -> tensor<4x3xf32, #d1> {
  %x = tiny.param 0 : f32 size 12 on "CPU:1"
  %m = tiny.reshape %x to [4, 3] : tensor<12xf32, #d1>
  %s = tiny.copy %m to ["CPU:1", "CPU:2"] shard 0 : tensor<4x3xf32, #d1>
  %c = tiny.const dense<4.0> : tensor<4x3xf32, #pair>
  %q = tiny.fdiv %s, %c : tensor<4x3xf32, #pair>, tensor<4x3xf32, #pair>
  %g = tiny.copy %q to "CPU:1" : tensor<4x3xf32, #pair>
  tiny.return %g : tensor<4x3xf32, #d1>
}

tiny.function @replicated -> tensor<4x3xf32, #d1> {
  %x = tiny.param 0 : f32 size 12 on "CPU:1"
  %y = tiny.param 1 : f32 size 12 on "CPU:1"
  %m = tiny.reshape %x to [4, 3] : tensor<12xf32, #d1>
  %n = tiny.reshape %y to [4, 3] : tensor<12xf32, #d1>
  %s = tiny.copy %m to ["CPU:1", "CPU:2"] shard 0 : tensor<4x3xf32, #d1>
  %r = tiny.copy %n to ["CPU:1", "CPU:2"] : tensor<4x3xf32, #d1>
  %p = tiny.mul %s, %r : tensor<4x3xf32, #pair>, tensor<4x3xf32, #pair>
  %g = tiny.copy %p to "CPU:1" : tensor<4x3xf32, #pair>
  tiny.return %g : tensor<4x3xf32, #d1>
}

tiny.function @replicated_computed -> tensor<3x4xf32, #d1> {
  %x = tiny.param 0 : f32 size 12 on "CPU:1"
  %y = tiny.param 1 : f32 size 4 on "CPU:1"
  %m = tiny.reshape %x to [3, 4] : tensor<12xf32, #d1>
  %s = tiny.copy %m to ["CPU:1", "CPU:2"] shard 1 : tensor<3x4xf32, #d1>
  %r = tiny.copy %y to ["CPU:1", "CPU:2"] : tensor<4xf32, #d1>
  %one = tiny.const dense<1.0> : tensor<4xf32, #pair>
  %r1 = tiny.add %r, %one : tensor<4xf32, #pair>, tensor<4xf32, #pair>
  %p = tiny.mul %s, %r1 : tensor<3x4xf32, #pair>, tensor<4xf32, #pair>
  %g = tiny.copy %p to "CPU:1" : tensor<3x4xf32, #pair>
  tiny.return %g : tensor<3x4xf32, #d1>
}

tiny.function @reshard -> tensor<4x4xf32, #d1> {
  %x = tiny.param 0 : f32 size 16 on "CPU:1"
  %m = tiny.reshape %x to [4, 4] : tensor<16xf32, #d1>
  %rows = tiny.copy %m to ["CPU:1", "CPU:2"] shard 0 : tensor<4x4xf32, #d1>
  %cols = tiny.copy %m to ["CPU:1", "CPU:2"] shard 1 : tensor<4x4xf32, #d1>
  %p = tiny.mul %rows, %cols : tensor<4x4xf32, #pair>, tensor<4x4xf32, #pair>
  %g = tiny.copy %p to "CPU:1" : tensor<4x4xf32, #pair>
  tiny.return %g : tensor<4x4xf32, #d1>
}

tiny.function @flip_window -> tuple<tensor<4x3xf32, #d1>, tensor<2x3xf32, #d1>> {
  %x = tiny.param 0 : f32 size 12 on "CPU:1"
  %m = tiny.reshape %x to [4, 3] : tensor<12xf32, #d1>
  %s = tiny.copy %m to ["CPU:1", "CPU:2"] shard 0 : tensor<4x3xf32, #d1>
  %f = tiny.flip %s axes [0] : tensor<4x3xf32, #pair>
  %g = tiny.copy %f to "CPU:1" : tensor<4x3xf32, #pair>
  %w = tiny.shrink %s [1, 0] to [3, 3] : tensor<4x3xf32, #pair>
  %one = tiny.const dense<1.0> : tensor<2x3xf32, #pair>
  %w1 = tiny.add %w, %one : tensor<2x3xf32, #pair>, tensor<2x3xf32, #pair>
  %on2 = tiny.mselect %w1[1] : tensor<2x3xf32, #pair>
  %h = tiny.copy %on2 to "CPU:1" : tensor<2x3xf32, #d2>
  %t = tiny.tuple %g, %h : tensor<4x3xf32, #d1>, tensor<2x3xf32, #d1>
  tiny.return %t : tuple<tensor<4x3xf32, #d1>, tensor<2x3xf32, #d1>>
}
