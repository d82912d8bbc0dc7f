// A reduce of booleans over the axis their shards split: each device reduces
// its rows, and the allreduce combines the per-device rows as tinygrad's bool
// ALU does (mul is and, add and max are or), with each algorithm.
//
// x, 6x4, two rows on each of CPU:1, CPU:2 and CPU:3 (the allreduce of 4
// elements over 3 devices splits them into uneven chunks of 2, 1 and 1):
//   CPU:1  1 1 1 0      column 0: true everywhere
//          1 1 0 0      column 1: one false, on CPU:3
//   CPU:2  1 1 0 0      column 2: one true, on CPU:1
//          1 1 0 0      column 3: false everywhere
//   CPU:3  1 1 0 0
//          1 0 0 0
// all (mul): [true, false, false, false]; any (max) and add: [true, true,
// true, false].

// RUN: tiny-run %s --entry=all -i 1,1,1,0,1,1,0,0,1,1,0,0,1,1,0,0,1,1,0,0,1,0,0,0 | FileCheck %s --match-full-lines --check-prefix=ALL
// RUN: tiny-run %s --entry=all --allreduce=all2all -i 1,1,1,0,1,1,0,0,1,1,0,0,1,1,0,0,1,1,0,0,1,0,0,0 | FileCheck %s --match-full-lines --check-prefix=ALL
// RUN: tiny-run %s --entry=all --allreduce=naive -i 1,1,1,0,1,1,0,0,1,1,0,0,1,1,0,0,1,1,0,0,1,0,0,0 | FileCheck %s --match-full-lines --check-prefix=ALL
// RUN: tiny-run %s --entry=any -i 1,1,1,0,1,1,0,0,1,1,0,0,1,1,0,0,1,1,0,0,1,0,0,0 | FileCheck %s --match-full-lines --check-prefix=ANY
// RUN: tiny-run %s --entry=any --allreduce=all2all -i 1,1,1,0,1,1,0,0,1,1,0,0,1,1,0,0,1,1,0,0,1,0,0,0 | FileCheck %s --match-full-lines --check-prefix=ANY
// RUN: tiny-run %s --entry=any --allreduce=naive -i 1,1,1,0,1,1,0,0,1,1,0,0,1,1,0,0,1,1,0,0,1,0,0,0 | FileCheck %s --match-full-lines --check-prefix=ANY
// RUN: tiny-run %s --entry=sum -i 1,1,1,0,1,1,0,0,1,1,0,0,1,1,0,0,1,1,0,0,1,0,0,0 | FileCheck %s --match-full-lines --check-prefix=ANY
// RUN: tiny-run %s --entry=sum --allreduce=all2all -i 1,1,1,0,1,1,0,0,1,1,0,0,1,1,0,0,1,1,0,0,1,0,0,0 | FileCheck %s --match-full-lines --check-prefix=ANY
// RUN: tiny-run %s --entry=sum --allreduce=naive -i 1,1,1,0,1,1,0,0,1,1,0,0,1,1,0,0,1,1,0,0,1,0,0,0 | FileCheck %s --match-full-lines --check-prefix=ANY

// ALL: {{\[\[}}true, false, false, false]] : tensor<1x4xi1>
// ANY: {{\[\[}}true, true, true, false]] : tensor<1x4xi1>

#d1 = #tiny.device<"CPU:1">
#tri = #tiny.device<"CPU:1", "CPU:2", "CPU:3">

tiny.function @all -> tensor<1x4xi1, #d1> {
  %x = tiny.param 0 : i1 size 24 on "CPU:1"
  %m = tiny.reshape %x to [6, 4] : tensor<24xi1, #d1>
  %s = tiny.copy %m to ["CPU:1", "CPU:2", "CPU:3"] shard 0 : tensor<6x4xi1, #d1>
  %r = tiny.reduce mul %s axes [0] : tensor<6x4xi1, #tri>
  %g = tiny.copy %r to "CPU:1" : tensor<1x4xi1, #tri>
  tiny.return %g : tensor<1x4xi1, #d1>
}

tiny.function @any -> tensor<1x4xi1, #d1> {
  %x = tiny.param 0 : i1 size 24 on "CPU:1"
  %m = tiny.reshape %x to [6, 4] : tensor<24xi1, #d1>
  %s = tiny.copy %m to ["CPU:1", "CPU:2", "CPU:3"] shard 0 : tensor<6x4xi1, #d1>
  %r = tiny.reduce max %s axes [0] : tensor<6x4xi1, #tri>
  %g = tiny.copy %r to "CPU:1" : tensor<1x4xi1, #tri>
  tiny.return %g : tensor<1x4xi1, #d1>
}

tiny.function @sum -> tensor<1x4xi1, #d1> {
  %x = tiny.param 0 : i1 size 24 on "CPU:1"
  %m = tiny.reshape %x to [6, 4] : tensor<24xi1, #d1>
  %s = tiny.copy %m to ["CPU:1", "CPU:2", "CPU:3"] shard 0 : tensor<6x4xi1, #d1>
  %r = tiny.reduce add %s axes [0] : tensor<6x4xi1, #tri>
  %g = tiny.copy %r to "CPU:1" : tensor<1x4xi1, #tri>
  tiny.return %g : tensor<1x4xi1, #d1>
}
