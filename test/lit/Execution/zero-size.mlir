// Values with no elements run like any other: they are allocated (0 bytes),
// uploaded from and downloaded to host memory that may be NULL, copied
// between devices, sharded, gathered, reduced and returned next to values
// that have elements. Every copy of them moves 0 bytes.
//
// Expected values:
// copy_between: an empty 0x3 value through CPU:2 and back: [], 0 B moved.
// middle_slot: an empty param between two others (slot 1), copied through
//   CPU:2 and returned, and x + z computed on CPU:2: [] and, for x = 1,2,3,
//   z = 10,20,30, [11, 22, 33]. CPU:1 takes the uploads of x and z (24 B)
//   and CPU:2's 12-byte sum; CPU:2 receives x and z (24 B).
// shard_empty: an empty 0x3 value sharded over CPU:1, CPU:2, plus 1 per
//   shard, gathered: [].
// reduce_empty: max over the sharded, empty axis 0 of a 0x3 value: the
//   identity of max, -inf, in each column; sum over it: 0.
// tuple: an empty result returned with a non-empty one: [] and [2, 4, 6].

// RUN: tiny-run %s --entry=copy_between -i '' --print-device-stats | FileCheck %s --match-full-lines --check-prefix=COPY
// RUN: tiny-run %s --entry=middle_slot -i 1,2,3 -i '' -i 10,20,30 --print-device-stats | FileCheck %s --match-full-lines --check-prefix=MIDDLE
// RUN: tiny-run %s --entry=shard_empty -i '' --print-device-stats | FileCheck %s --match-full-lines --check-prefix=SHARD
// RUN: tiny-run %s --entry=reduce_empty -i '' | FileCheck %s --match-full-lines --check-prefix=REDUCE
// RUN: tiny-run %s --entry=tuple -i '' -i 1,2,3 | FileCheck %s --match-full-lines --check-prefix=TUPLE

// COPY:      [] : tensor<0x3xf32>
// COPY-NEXT: device CPU:1: {{[0-9]+}} buffers, peak 0 B, copied in 0 B, copied out 0 B
// COPY-NEXT: device CPU:2: {{[0-9]+}} buffers, peak 0 B, copied in 0 B, copied out 0 B

// MIDDLE:      [] : tensor<0xf32>
// MIDDLE-NEXT: [11, 22, 33] : tensor<3xf32>
// MIDDLE-NEXT: device CPU:1: {{[0-9]+}} buffers, peak {{[0-9]+}} B, copied in 36 B, copied out 36 B
// MIDDLE-NEXT: device CPU:2: {{[0-9]+}} buffers, peak {{[0-9]+}} B, copied in 24 B, copied out 12 B

// SHARD:      [] : tensor<0x3xf32>
// SHARD-NEXT: device CPU:1: {{[0-9]+}} buffers, peak 0 B, copied in 0 B, copied out 0 B
// SHARD-NEXT: device CPU:2: {{[0-9]+}} buffers, peak 0 B, copied in 0 B, copied out 0 B

// REDUCE:      {{\[\[}}-inf, -inf, -inf]] : tensor<1x3xf32>
// REDUCE-NEXT: {{\[\[}}0, 0, 0]] : tensor<1x3xf32>

// TUPLE:      [] : tensor<0xf32>
// TUPLE-NEXT: [2, 4, 6] : tensor<3xf32>

#d1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:2">
#pair = #tiny.device<"CPU:1", "CPU:2">

tiny.function @copy_between -> tensor<0x3xf32, #d1> {
  %x = tiny.param 0 : f32 size 0 on "CPU:1"
  %m = tiny.reshape %x to [0, 3] : tensor<0xf32, #d1>
  %b = tiny.copy %m to "CPU:2" : tensor<0x3xf32, #d1>
  %g = tiny.copy %b to "CPU:1" : tensor<0x3xf32, #d2>
  tiny.return %g : tensor<0x3xf32, #d1>
}

tiny.function @middle_slot -> tuple<tensor<0xf32, #d1>, tensor<3xf32, #d1>> {
  %x = tiny.param 0 : f32 size 3 on "CPU:1"
  %e = tiny.param 1 : f32 size 0 on "CPU:1"
  %z = tiny.param 2 : f32 size 3 on "CPU:1"
  %e2 = tiny.copy %e to "CPU:2" : tensor<0xf32, #d1>
  %x2 = tiny.copy %x to "CPU:2" : tensor<3xf32, #d1>
  %z2 = tiny.copy %z to "CPU:2" : tensor<3xf32, #d1>
  %s = tiny.add %x2, %z2 : tensor<3xf32, #d2>, tensor<3xf32, #d2>
  %f = tiny.copy %e2 to "CPU:1" : tensor<0xf32, #d2>
  %g = tiny.copy %s to "CPU:1" : tensor<3xf32, #d2>
  %t = tiny.tuple %f, %g : tensor<0xf32, #d1>, tensor<3xf32, #d1>
  tiny.return %t : tuple<tensor<0xf32, #d1>, tensor<3xf32, #d1>>
}

tiny.function @shard_empty -> tensor<0x3xf32, #d1> {
  %x = tiny.param 0 : f32 size 0 on "CPU:1"
  %m = tiny.reshape %x to [0, 3] : tensor<0xf32, #d1>
  %s = tiny.copy %m to ["CPU:1", "CPU:2"] shard 0 : tensor<0x3xf32, #d1>
  %c = tiny.const dense<1.0> : tensor<0x3xf32, #pair>
  %a = tiny.add %s, %c : tensor<0x3xf32, #pair>, tensor<0x3xf32, #pair>
  %g = tiny.copy %a to "CPU:1" : tensor<0x3xf32, #pair>
  tiny.return %g : tensor<0x3xf32, #d1>
}

tiny.function @reduce_empty -> tuple<tensor<1x3xf32, #d1>, tensor<1x3xf32, #d1>> {
  %x = tiny.param 0 : f32 size 0 on "CPU:1"
  %m = tiny.reshape %x to [0, 3] : tensor<0xf32, #d1>
  %s = tiny.copy %m to ["CPU:1", "CPU:2"] shard 0 : tensor<0x3xf32, #d1>
  %r = tiny.reduce max %s axes [0] : tensor<0x3xf32, #pair>
  %g = tiny.copy %r to "CPU:1" : tensor<1x3xf32, #pair>
  %t = tiny.reduce add %s axes [0] : tensor<0x3xf32, #pair>
  %h = tiny.copy %t to "CPU:1" : tensor<1x3xf32, #pair>
  %both = tiny.tuple %g, %h : tensor<1x3xf32, #d1>, tensor<1x3xf32, #d1>
  tiny.return %both : tuple<tensor<1x3xf32, #d1>, tensor<1x3xf32, #d1>>
}

tiny.function @tuple -> tuple<tensor<0xf32, #d1>, tensor<3xf32, #d1>> {
  %e = tiny.param 0 : f32 size 0 on "CPU:1"
  %x = tiny.param 1 : f32 size 3 on "CPU:1"
  %e2 = tiny.copy %e to "CPU:2" : tensor<0xf32, #d1>
  %x2 = tiny.copy %x to "CPU:2" : tensor<3xf32, #d1>
  %d = tiny.add %x2, %x2 : tensor<3xf32, #d2>, tensor<3xf32, #d2>
  %g = tiny.copy %e2 to "CPU:1" : tensor<0xf32, #d2>
  %h = tiny.copy %d to "CPU:1" : tensor<3xf32, #d2>
  %t = tiny.tuple %g, %h : tensor<0xf32, #d1>, tensor<3xf32, #d1>
  tiny.return %t : tuple<tensor<0xf32, #d1>, tensor<3xf32, #d1>>
}
