// Execution of tiny.load and of tiny.stage without ranges: the source's
// elements in a new buffer on the target device. Expected values follow
// from that definition, next to each check.

// The loaded value is a buffer of its own: storing 2x into the source
// afterwards leaves it as it was. Results: the load, then the source.
// RUN: tiny-run %s --entry=load_then_store -i 1,2,3,4 | FileCheck %s --match-full-lines --check-prefix=SNAPSHOT
// SNAPSHOT: [1, 2, 3, 4] : tensor<4xf32>
// SNAPSHOT-NEXT: [2, 4, 6, 8] : tensor<4xf32>

// On the host every address space is host memory: a load into local or
// register memory holds the same values.
// RUN: tiny-run %s --entry=load_local -i 1,2,3,4 | FileCheck %s --match-full-lines --check-prefix=LOCAL
// LOCAL: [1, 3, 5, 7] : tensor<4xf32>

// A load onto another device moves the elements of its source (16 bytes),
// and a load of a view moves only the view's: a 2-element shrink, 8 bytes.
// RUN: tiny-run %s --entry=load_to_device -i 1,2,3,4 --print-device-stats | FileCheck %s --match-full-lines --check-prefix=DEVICE
// DEVICE: [1, 2, 3, 4] : tensor<4xf32>
// DEVICE-NEXT: [2, 3] : tensor<2xf32>
// DEVICE: device CPU:1: 2 buffers, peak 24 B, copied in 24 B, copied out 24 B

// A stage without ranges realizes its source like a load.
// RUN: tiny-run %s --entry=stage -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=STAGE
// STAGE: {{\[}}[1, 4], [2, 5], [3, 6]] : tensor<3x2xf32>
// RUN: tiny-run %s --entry=stage_to_device -i 1,2,3,4 --print-device-stats | FileCheck %s --match-full-lines --check-prefix=STAGEDEV
// STAGEDEV: [2, 4, 6, 8] : tensor<4xf32>
// STAGEDEV: device CPU:2: 1 buffers, peak 16 B, copied in 16 B, copied out 16 B

#cpu = #tiny.device<"CPU">
#cpu1 = #tiny.device<"CPU:1">

tiny.function @load_then_store -> tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %l = tiny.load %x to "CPU" : tensor<4xf32, #cpu>
  %two = tiny.const dense<2.0> : tensor<4xf32, #cpu>
  %d = tiny.mul %x, %two : tensor<4xf32, #cpu>
  %t = tiny.store %x, %d : tensor<4xf32, #cpu>
  %x2 = tiny.after %x(%t) : tensor<4xf32, #cpu>, !tiny.token
  %r = tiny.tuple %l, %x2 : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %r : tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>>
}

tiny.function @load_local -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %l = tiny.load %x to "CPU" addrspace local : tensor<4xf32, #cpu>
  %r = tiny.load %l to "CPU" addrspace reg : tensor<4xf32, #cpu>
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %a = tiny.add %l, %r : tensor<4xf32, #cpu>
  %s = tiny.sub %a, %one : tensor<4xf32, #cpu>
  tiny.return %s : tensor<4xf32, #cpu>
}

tiny.function @load_to_device -> tuple<tensor<4xf32, #cpu1>, tensor<2xf32, #cpu1>> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %l = tiny.load %x to "CPU:1" : tensor<4xf32, #cpu>
  %v = tiny.shrink %x [1] to [3] : tensor<4xf32, #cpu>
  %m = tiny.load %v to "CPU:1" : tensor<2xf32, #cpu>
  %r = tiny.tuple %l, %m : tensor<4xf32, #cpu1>, tensor<2xf32, #cpu1>
  tiny.return %r : tuple<tensor<4xf32, #cpu1>, tensor<2xf32, #cpu1>>
}

tiny.function @stage -> tensor<3x2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %p = tiny.permute %v [1, 0] : tensor<2x3xf32, #cpu>
  %s = tiny.stage %p [] on "CPU" : tensor<3x2xf32, #cpu>
  tiny.return %s : tensor<3x2xf32, #cpu>
}

tiny.function @stage_to_device -> tensor<4xf32, #tiny.device<"CPU:2">> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %d = tiny.add %x, %x : tensor<4xf32, #cpu>
  %s = tiny.stage %d [] on "CPU:2" : tensor<4xf32, #cpu>
  tiny.return %s : tensor<4xf32, #tiny.device<"CPU:2">>
}
