// Inputs bind by param slot, also when the lowering finds a param that the
// program never reads and drops it from the compiled function: every later
// input used to shift onto the wrong param (and an output onto a buffer of
// another size, writing past it).
//
// Expected values: @cmpeq_self: a == a is true everywhere; b + b =
// [20, 40, 60, 80]. @unused: a is ignored, b * 3 = [30, 60, 90, 120].
// @times_zero: b + a*0 = b = [10, 20, 30, 40] (a*0 folds to 0 on ints).
// @ignored_arg: @first returns its first argument, so the call is x + 0 =
// [10, 20, 30, 40] with y = [1, 2, 3, 4] dropped. @sparse_slots: slots 0 and
// 2 are the program's two inputs; y - x = [9, 18, 27, 36].

// RUN: tiny-run %s --entry=cmpeq_self -i 1,2,3,4 -i 10,20,30,40 | FileCheck %s --match-full-lines --check-prefix=CMPEQ
// RUN: tiny-run %s --entry=unused -i 1,2,3,4 -i 10,20,30,40 | FileCheck %s --match-full-lines --check-prefix=UNUSED
// RUN: tiny-run %s --entry=times_zero -i 1,2,3,4 -i 10,20,30,40 | FileCheck %s --match-full-lines --check-prefix=ZERO
// RUN: tiny-run %s --entry=ignored_arg -i 10,20,30,40 -i 1,2,3,4 | FileCheck %s --match-full-lines --check-prefix=CALL
// RUN: tiny-run %s --entry=sparse_slots -i 1,2,3,4 -i 10,20,30,40 | FileCheck %s --match-full-lines --check-prefix=SPARSE
//
// The runtime's path (buffers allocated per device, then uploaded), and the
// buffers --repeat uploads once:
// RUN: tiny-run %s --entry=unused -i 1,2,3,4 -i 10,20,30,40 --print-device-stats | FileCheck %s --check-prefix=UNUSED
// RUN: tiny-run %s --entry=unused -i 1,2,3,4 -i 10,20,30,40 --repeat=2 2>&1 | FileCheck %s --check-prefix=UNUSED
// RUN: tiny-run %s --entry=on_devices -i 1,2,3,4 -i 10,20,30,40 | FileCheck %s --match-full-lines --check-prefix=DEVICES
//
// A large param after a dropped one: 4096 floats, each doubled, checked
// against numpy.
// RUN: %python -c "import numpy as np, sys; np.save(sys.argv[1], np.arange(4096, dtype=np.float32) - 2048)" %t.b.npy
// RUN: tiny-run %s --entry=large -i 7,7,7,7 -i %t.b.npy -o %t.y.npy
// RUN: %python -c "import numpy as np, sys; b = np.load(sys.argv[1]); y = np.load(sys.argv[2]); print('large', y.dtype, y.shape, bool((y == 2 * b).all()))" %t.b.npy %t.y.npy | FileCheck %s --check-prefix=LARGE

#cpu = #tiny.device<"CPU">

// CMPEQ: [true, true, true, true] : tensor<4xi1>
// CMPEQ-NEXT: [20, 40, 60, 80] : tensor<4xf32>
tiny.function @cmpeq_self -> tuple<tensor<4xi1, #cpu>, tensor<4xf32, #cpu>> {
  %a = tiny.param 0 : i32 size 4 on "CPU"
  %b = tiny.param 1 : f32 size 4 on "CPU"
  %e = tiny.cmpeq %a, %a : tensor<4xi32, #cpu>
  %y = tiny.add %b, %b : tensor<4xf32, #cpu>
  %t = tiny.tuple %e, %y : tensor<4xi1, #cpu>, tensor<4xf32, #cpu>
  tiny.return %t : tuple<tensor<4xi1, #cpu>, tensor<4xf32, #cpu>>
}

// UNUSED: [30, 60, 90, 120] : tensor<4xf32>
tiny.function @unused -> tensor<4xf32, #cpu> {
  %a = tiny.param 0 : i8 size 4 on "CPU"
  %b = tiny.param 1 : f32 size 4 on "CPU"
  %three = tiny.const dense<3.0> : tensor<4xf32, #cpu>
  %y = tiny.mul %b, %three : tensor<4xf32, #cpu>
  tiny.return %y : tensor<4xf32, #cpu>
}

// ZERO: [10, 20, 30, 40] : tensor<4xi32>
tiny.function @times_zero -> tensor<4xi32, #cpu> {
  %a = tiny.param 0 : i32 size 4 on "CPU"
  %b = tiny.param 1 : i32 size 4 on "CPU"
  %zero = tiny.const dense<0> : tensor<4xi32, #cpu>
  %z = tiny.mul %a, %zero : tensor<4xi32, #cpu>
  %y = tiny.add %b, %z : tensor<4xi32, #cpu>
  tiny.return %y : tensor<4xi32, #cpu>
}

tiny.function @first -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %y = tiny.param 1 : f32 size 4 on "CPU"
  tiny.return %x : tensor<4xf32, #cpu>
}

// CALL: [10, 20, 30, 40] : tensor<4xf32>
tiny.function @ignored_arg -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %y = tiny.param 1 : f32 size 4 on "CPU"
  %r = tiny.call @first(%x, %y) : (tensor<4xf32, #cpu>, tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu>
  %zero = tiny.const dense<0.0> : tensor<4xf32, #cpu>
  %s = tiny.add %r, %zero : tensor<4xf32, #cpu>
  tiny.return %s : tensor<4xf32, #cpu>
}

// SPARSE: [9, 18, 27, 36] : tensor<4xi32>
tiny.function @sparse_slots -> tensor<4xi32, #cpu> {
  %y = tiny.param 2 : i32 size 4 on "CPU"
  %x = tiny.param 0 : i32 size 4 on "CPU"
  %d = tiny.sub %y, %x : tensor<4xi32, #cpu>
  tiny.return %d : tensor<4xi32, #cpu>
}

#cpu1 = #tiny.device<"CPU:1">

// DEVICES: [30, 60, 90, 120] : tensor<4xf32>
tiny.function @on_devices -> tensor<4xf32, #cpu> {
  %a = tiny.param 0 : f32 size 4 on "CPU:1"
  %b = tiny.param 1 : f32 size 4 on "CPU:1"
  %zero = tiny.const dense<0.0> : tensor<4xf32, #cpu1>
  %az = tiny.mul %a, %zero : tensor<4xf32, #cpu1>
  %cmp = tiny.cmpne %a, %a : tensor<4xf32, #cpu1>
  %three = tiny.const dense<3.0> : tensor<4xf32, #cpu1>
  %y = tiny.mul %b, %three : tensor<4xf32, #cpu1>
  %c = tiny.copy %y to "CPU" : tensor<4xf32, #cpu1>
  tiny.return %c : tensor<4xf32, #cpu>
}

// LARGE: large float32 (4096,) True
tiny.function @large -> tensor<4096xf32, #cpu> {
  %a = tiny.param 0 : i32 size 4 on "CPU"
  %b = tiny.param 1 : f32 size 4096 on "CPU"
  %e = tiny.cmpeq %a, %a : tensor<4xi32, #cpu>
  %y = tiny.add %b, %b : tensor<4096xf32, #cpu>
  tiny.return %y : tensor<4096xf32, #cpu>
}
