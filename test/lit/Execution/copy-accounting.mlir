// Copies between devices move only what the copied view needs
// (docs/semantics.md, "Devices and copies"). A 4-element i32 buffer
// [0, 1, 2, 3] is uploaded to CPU:1 (16 bytes), copied whole to CPU:2
// (16 bytes out of CPU:1, into CPU:2), viewed
// there, and the view is copied on to CPU:3; the result is downloaded from
// CPU:3. The runtime's byte counters show what each copy moved.

// RUN: tiny-run %s --entry=shrink -i 0,1,2,3 --print-device-stats | FileCheck %s --match-full-lines --check-prefix=SHRINK
// RUN: tiny-run %s --entry=permute -i 0,1,2,3 --print-device-stats | FileCheck %s --match-full-lines --check-prefix=PERMUTE
// RUN: tiny-run %s --entry=expand -i 0,1,2,3 --print-device-stats | FileCheck %s --match-full-lines --check-prefix=EXPAND

#d1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:2">
#d3 = #tiny.device<"CPU:3">

// Elements 1..2 are one contiguous range of CPU:2's buffer: the last copy
// moves exactly their 8 bytes (CPU:2 copies out 8, CPU:3 copies in 8), with
// no kernel and no staging buffer on CPU:2. CPU:3 then copies its 8 bytes out
// when the result is downloaded.
// SHRINK:      [1, 2] : tensor<2xi32>
// SHRINK-NEXT: device CPU:1: 1 buffers, peak 16 B, copied in 16 B, copied out 16 B
// SHRINK-NEXT: device CPU:2: 1 buffers, peak 16 B, copied in 16 B, copied out 8 B
// SHRINK-NEXT: device CPU:3: 1 buffers, peak 8 B, copied in 8 B, copied out 8 B
tiny.function @shrink -> tensor<2xi32, #d3> {
  %x = tiny.param 0 : i32 size 4 on "CPU:1"
  %a = tiny.copy %x to "CPU:2" : tensor<4xi32, #d1>
  %s = tiny.shrink %a [1] to [3] : tensor<4xi32, #d2>
  %b = tiny.copy %s to "CPU:3" : tensor<2xi32, #d2>
  tiny.return %b : tensor<2xi32, #d3>
}

// The 2x2 permute is applied on CPU:2, into a second buffer there (so CPU:2
// holds 2 buffers, peak 32 B), and the permuted 16 bytes are copied:
// [[0, 1], [2, 3]] transposed is [[0, 2], [1, 3]].
// PERMUTE:      {{\[\[}}0, 2], [1, 3]] : tensor<2x2xi32>
// PERMUTE-NEXT: device CPU:1: 1 buffers, peak 16 B, copied in 16 B, copied out 16 B
// PERMUTE-NEXT: device CPU:2: 2 buffers, peak 32 B, copied in 16 B, copied out 16 B
// PERMUTE-NEXT: device CPU:3: 1 buffers, peak 16 B, copied in 16 B, copied out 16 B
tiny.function @permute -> tensor<2x2xi32, #d3> {
  %x = tiny.param 0 : i32 size 4 on "CPU:1"
  %a = tiny.copy %x to "CPU:2" : tensor<4xi32, #d1>
  %r = tiny.reshape %a to [2, 2] : tensor<4xi32, #d2>
  %p = tiny.permute %r [1, 0] : tensor<2x2xi32, #d2>
  %b = tiny.copy %p to "CPU:3" : tensor<2x2xi32, #d2>
  tiny.return %b : tensor<2x2xi32, #d3>
}

// The expand (4, 1) -> (4, 2) is materialised on CPU:2 before the copy, so
// the copy moves all 8 elements, 32 bytes, twice the 16 bytes of the data it
// repeats: a copy moves a contiguous range, and an expanded view is not one.
// (tinygrad does the same for now; sending the 16 bytes and expanding on
// CPU:3 would halve it.) CPU:2 holds its copy of x (16 B) and the expanded
// buffer (32 B): peak 48 B.
// EXPAND:      {{\[\[}}0, 0], [1, 1], [2, 2], [3, 3]] : tensor<4x2xi32>
// EXPAND-NEXT: device CPU:1: 1 buffers, peak 16 B, copied in 16 B, copied out 16 B
// EXPAND-NEXT: device CPU:2: 2 buffers, peak 48 B, copied in 16 B, copied out 32 B
// EXPAND-NEXT: device CPU:3: 1 buffers, peak 32 B, copied in 32 B, copied out 32 B
tiny.function @expand -> tensor<4x2xi32, #d3> {
  %x = tiny.param 0 : i32 size 4 on "CPU:1"
  %a = tiny.copy %x to "CPU:2" : tensor<4xi32, #d1>
  %r = tiny.reshape %a to [4, 1] : tensor<4xi32, #d2>
  %e = tiny.expand %r to [4, 2] : tensor<4x1xi32, #d2>
  %b = tiny.copy %e to "CPU:3" : tensor<4x2xi32, #d2>
  tiny.return %b : tensor<4x2xi32, #d3>
}
