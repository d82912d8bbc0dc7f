// RUN: tiny-opt %s -split-input-file -tiny-lower-allreduce=algorithm=auto | FileCheck %s --check-prefixes=CHECK,NAIVE7,NAIVEBIG
// RUN: tiny-opt %s -split-input-file -tiny-lower-allreduce="algorithm=auto ring-threshold=7" | FileCheck %s --check-prefixes=CHECK,NAIVE7,RINGBIG
// RUN: tiny-opt %s -split-input-file -tiny-lower-allreduce="algorithm=auto ring-threshold=6" | FileCheck %s --check-prefixes=CHECK,RING7,RINGBIG
// Prefixes: NAIVE7 or RING7 is what 7 elements on 3 devices get (for the
// thresholds 256000, 7 and 6), NAIVEBIG or RINGBIG what 256000 get.

// auto chooses as tinygrad does (ring for more than 2 devices and more than
// ring-threshold elements, default 256000; else naive), and hierarchical
// when the devices span ranks and some rank holds more than one. Each case
// checks the first copies, which tell the algorithms apart: naive copies
// whole shards to device 0 first, ring copies chunk 0 from device 1 to
// device 2, hierarchical copies into each rank's first device.

#d2 = #tiny.device<"CPU", "CPU:1">

// Two devices: naive however large (a ring of two sends the same bytes in
// more copies).
// CHECK-LABEL: func.func @two_large
// CHECK: %[[S0:.*]] = tiny.mselect %{{.*}}[0]
// CHECK-NEXT: %[[S1:.*]] = tiny.mselect %{{.*}}[1]
// CHECK-NEXT: %[[C:.*]] = tiny.copy %[[S1]] to "CPU" : tensor<300000xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: tiny.add %[[S0]], %[[C]]
// CHECK-NOT: tiny.shrink
func.func @two_large(%x: tensor<300000xf32, #d2>) -> tensor<300000xf32, #d2> {
  %r = tiny.allreduce add %x : tensor<300000xf32, #d2>
  return %r : tensor<300000xf32, #d2>
}

// -----

#d3 = #tiny.device<"CPU", "CPU:1", "CPU:2">

// Three devices, 7 elements: naive for a threshold of 7 or more, ring for 6.
// CHECK-LABEL: func.func @three_small
// CHECK: %[[S2:.*]] = tiny.mselect %{{.*}}[2]
// NAIVE7-NEXT: tiny.copy %{{.*}} to "CPU" : tensor<7xf32, #tiny.device<"CPU:1">>
// NAIVE7-NOT: tiny.shrink
// RING7-NEXT: tiny.shrink %{{.*}} [0] to [3] : tensor<7xf32, #tiny.device<"CPU:1">>
// RING7-NEXT: tiny.copy %{{.*}} to "CPU:2" : tensor<3xf32, #tiny.device<"CPU:1">>
func.func @three_small(%x: tensor<7xf32, #d3>) -> tensor<7xf32, #d3> {
  %r = tiny.allreduce add %x : tensor<7xf32, #d3>
  return %r : tensor<7xf32, #d3>
}

// -----

#d3 = #tiny.device<"CPU", "CPU:1", "CPU:2">

// The threshold counts elements of a shard, not bytes: 256001 f32 on three
// devices is ring by default.
// CHECK-LABEL: func.func @three_large
// CHECK: tiny.mselect %{{.*}}[2]
// CHECK-NEXT: tiny.shrink %{{.*}} [0] to [85334] : tensor<256001xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: tiny.copy %{{.*}} to "CPU:2" : tensor<85334xf32, #tiny.device<"CPU:1">>
func.func @three_large(%x: tensor<256001xf32, #d3>) -> tensor<256001xf32, #d3> {
  %r = tiny.allreduce add %x : tensor<256001xf32, #d3>
  return %r : tensor<256001xf32, #d3>
}

// -----

#d3 = #tiny.device<"CPU", "CPU:1", "CPU:2">

// 256000 elements is not above the default threshold: naive; ring for a
// threshold of 7 or 6.
// CHECK-LABEL: func.func @three_at_threshold
// CHECK: tiny.mselect %{{.*}}[2]
// NAIVEBIG-NEXT: tiny.copy %{{.*}} to "CPU" : tensor<256000xf32, #tiny.device<"CPU:1">>
// NAIVEBIG-NOT: tiny.shrink
// RINGBIG-NEXT: tiny.shrink %{{.*}} [0] to [85334] : tensor<256000xf32
func.func @three_at_threshold(%x: tensor<256000xf32, #d3>) -> tensor<256000xf32, #d3> {
  %r = tiny.allreduce add %x : tensor<256000xf32, #d3>
  return %r : tensor<256000xf32, #d3>
}

// -----

#d4 = #tiny.device<"CPU", "CPU:1", "CPU@1", "CPU:1@1">

// Two ranks of two devices: hierarchical, whatever the size (CPU:1 into
// CPU, then CPU:1@1 into CPU@1; naive would copy CPU@1 into CPU next).
// CHECK-LABEL: func.func @ranks_two_each
// CHECK: %[[S3:.*]] = tiny.mselect %{{.*}}[3]
// CHECK-NEXT: tiny.copy %{{.*}} to "CPU" : tensor<7xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: tiny.add
// CHECK-NEXT: tiny.copy %[[S3]] to "CPU@1" : tensor<7xf32, #tiny.device<"CPU:1@1">>
func.func @ranks_two_each(%x: tensor<7xf32, #d4>) -> tensor<7xf32, #d4> {
  %r = tiny.allreduce add %x : tensor<7xf32, #d4>
  return %r : tensor<7xf32, #d4>
}

// -----

#d3 = #tiny.device<"CPU", "CPU:1", "CPU@1">

// One rank with two devices is enough: hierarchical (CPU:1 into CPU, then
// one copy each way between CPU and CPU@1).
// CHECK-LABEL: func.func @ranks_uneven
// CHECK: tiny.mselect %{{.*}}[2]
// CHECK-NEXT: tiny.copy %{{.*}} to "CPU" : tensor<7xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: tiny.add
// CHECK-NEXT: tiny.copy %{{.*}} to "CPU" : tensor<7xf32, #tiny.device<"CPU@1">>
// CHECK-NEXT: tiny.add
// CHECK-NEXT: tiny.copy %{{.*}} to "CPU@1" : tensor<7xf32, #tiny.device<"CPU">>
func.func @ranks_uneven(%x: tensor<7xf32, #d3>) -> tensor<7xf32, #d3> {
  %r = tiny.allreduce add %x : tensor<7xf32, #d3>
  return %r : tensor<7xf32, #d3>
}

// -----

#d3 = #tiny.device<"CPU", "CPU@1", "CPU@2">

// One device per rank: nothing to reduce inside a rank, so tinygrad's rule
// over the ranks' devices (naive for 7 elements by default, ring for a
// threshold of 6).
// CHECK-LABEL: func.func @ranks_one_each
// CHECK: tiny.mselect %{{.*}}[2]
// NAIVE7-NEXT: tiny.copy %{{.*}} to "CPU" : tensor<7xf32, #tiny.device<"CPU@1">>
// NAIVE7-NOT: tiny.shrink
// RING7-NEXT: tiny.shrink %{{.*}} [0] to [3] : tensor<7xf32, #tiny.device<"CPU@1">>
// RING7-NEXT: tiny.copy %{{.*}} to "CPU@2" : tensor<3xf32, #tiny.device<"CPU@1">>
func.func @ranks_one_each(%x: tensor<7xf32, #d3>) -> tensor<7xf32, #d3> {
  %r = tiny.allreduce add %x : tensor<7xf32, #d3>
  return %r : tensor<7xf32, #d3>
}
