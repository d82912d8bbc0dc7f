// A copy to a tuple of devices with `shard k` splits the value along axis k
// into equal consecutive parts, one per device; a copy to one device
// gathers them back. The parts of a row-major value along axis 0 are
// contiguous ranges of its buffer, so each device receives exactly its part.
//
// shard_add: x = 0..11 as 4x3, rows 0..1 stay on CPU:1, rows 2..3 go to CPU:2
// (24 bytes), each device adds 1 to its part, CPU:2 sends its 24 bytes back:
// out = x + 1.
// shard_sum: x = 0..23 as 8x3 over CPU:1..CPU:4, column sums through an
// allreduce: out[c] = sum over r of (3r + c) = 84 + 8c.
// replicate: a copy to a tuple without shard gives each device the whole
// value; each doubles it, and CPU:2's result is read back: 2x.

// RUN: tiny-run %s --entry=shard_add -i 0,1,2,3,4,5,6,7,8,9,10,11 --print-device-stats | FileCheck %s --match-full-lines --check-prefix=ADD
// RUN: tiny-run %s --entry=shard_sum -i 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23 | FileCheck %s --match-full-lines --check-prefix=SUM
// RUN: tiny-run %s --entry=replicate -i 1,2,3 --print-device-stats | FileCheck %s --match-full-lines --check-prefix=REP

// CPU:1: the 48-byte upload and CPU:2's 24 bytes in; 24 bytes to CPU:2 and
// the 48-byte download out. CPU:2: its 24-byte part in and out.
// ADD:      {{\[\[}}1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]] : tensor<4x3xf32>
// ADD-NEXT: device CPU:1: {{[0-9]+}} buffers, peak {{[0-9]+}} B, copied in 72 B, copied out 72 B
// ADD-NEXT: device CPU:2: {{[0-9]+}} buffers, peak {{[0-9]+}} B, copied in 24 B, copied out 24 B

// SUM: {{\[\[}}84, 92, 100]] : tensor<1x3xf32>

// The whole 12-byte x goes to CPU:2 and its 12-byte result comes back;
// CPU:1 also takes the upload and gives the download (24 B each way).
// REP:      [2, 4, 6] : tensor<3xf32>
// REP-NEXT: device CPU:1: {{[0-9]+}} buffers, peak {{[0-9]+}} B, copied in 24 B, copied out 24 B
// REP-NEXT: device CPU:2: {{[0-9]+}} buffers, peak {{[0-9]+}} B, copied in 12 B, copied out 12 B

#d1 = #tiny.device<"CPU:1">
#pair = #tiny.device<"CPU:1", "CPU:2">
#quad = #tiny.device<"CPU:1", "CPU:2", "CPU:3", "CPU:4">

tiny.function @shard_add -> tensor<4x3xf32, #d1> {
  %x = tiny.param 0 : f32 size 12 on "CPU:1"
  %m = tiny.reshape %x to [4, 3] : tensor<12xf32, #d1>
  %s = tiny.copy %m to ["CPU:1", "CPU:2"] shard 0 : tensor<4x3xf32, #d1>
  %c = tiny.const dense<1.0> : tensor<4x3xf32, #pair>
  %a = tiny.add %s, %c : tensor<4x3xf32, #pair>, tensor<4x3xf32, #pair>
  %g = tiny.copy %a to "CPU:1" : tensor<4x3xf32, #pair>
  tiny.return %g : tensor<4x3xf32, #d1>
}

tiny.function @shard_sum -> tensor<1x3xf32, #d1> {
  %x = tiny.param 0 : f32 size 24 on "CPU:1"
  %m = tiny.reshape %x to [8, 3] : tensor<24xf32, #d1>
  %s = tiny.copy %m to ["CPU:1", "CPU:2", "CPU:3", "CPU:4"] shard 0 : tensor<8x3xf32, #d1>
  %r = tiny.reduce add %s axes [0] : tensor<8x3xf32, #quad>
  %g = tiny.copy %r to "CPU:1" : tensor<1x3xf32, #quad>
  tiny.return %g : tensor<1x3xf32, #d1>
}

tiny.function @replicate -> tensor<3xf32, #d1> {
  %x = tiny.param 0 : f32 size 3 on "CPU:1"
  %r = tiny.copy %x to ["CPU:1", "CPU:2"] : tensor<3xf32, #d1>
  %d = tiny.add %r, %r : tensor<3xf32, #pair>, tensor<3xf32, #pair>
  %d2 = tiny.mselect %d[1] : tensor<3xf32, #pair>
  %g = tiny.copy %d2 to "CPU:1" : tensor<3xf32, #tiny.device<"CPU:2">>
  tiny.return %g : tensor<3xf32, #d1>
}
