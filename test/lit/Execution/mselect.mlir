// tiny.mselect picks the value of one device of a multi-device value; of an
// mstack it is the stacked value of that device (the folder returns it; so
// does -tiny-expand-multi), whichever params the program reads.
//
// second: mstack(x on CPU:1, y copied to CPU:2)[1] is y; x is never read.
//   x = 1, 2, 3 and y = 10, 20, 30 -> [10, 20, 30].
// each: x on CPU:1, y on CPU:2, z on CPU:3 stacked; each selected and
//   copied back: 100 * z + 10 * y + x = [741, 852, 963] for x = 1, 2, 3,
//   y = 4, 5, 6, z = 7, 8, 9.
// after_op: the mstack of x (CPU:1) and y (CPU:2) doubled on each device,
//   device 1's value read: 2y = [20, 40, 60].

// RUN: tiny-run %s --entry=second -i 1,2,3 -i 10,20,30 | FileCheck %s --match-full-lines --check-prefix=SECOND
// RUN: tiny-run %s --entry=each -i 1,2,3 -i 4,5,6 -i 7,8,9 | FileCheck %s --match-full-lines --check-prefix=EACH
// RUN: tiny-run %s --entry=after_op -i 1,2,3 -i 10,20,30 | FileCheck %s --match-full-lines --check-prefix=AFTER

// SECOND: [10, 20, 30] : tensor<3xf32>
// EACH: [741, 852, 963] : tensor<3xf32>
// AFTER: [20, 40, 60] : tensor<3xf32>

#d1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:2">
#d3 = #tiny.device<"CPU:3">
#pair = #tiny.device<"CPU:1", "CPU:2">
#tri = #tiny.device<"CPU:1", "CPU:2", "CPU:3">

tiny.function @second -> tensor<3xf32, #d1> {
  %x = tiny.param 0 : f32 size 3 on "CPU:1"
  %y = tiny.param 1 : f32 size 3 on "CPU:1"
  %y2 = tiny.copy %y to "CPU:2" : tensor<3xf32, #d1>
  %m = tiny.mstack %x, %y2 : tensor<3xf32, #d1>, tensor<3xf32, #d2>
  %s = tiny.mselect %m[1] : tensor<3xf32, #pair>
  %g = tiny.copy %s to "CPU:1" : tensor<3xf32, #d2>
  tiny.return %g : tensor<3xf32, #d1>
}

tiny.function @each -> tensor<3xf32, #d1> {
  %x = tiny.param 0 : f32 size 3 on "CPU:1"
  %y = tiny.param 1 : f32 size 3 on "CPU:1"
  %z = tiny.param 2 : f32 size 3 on "CPU:1"
  %y2 = tiny.copy %y to "CPU:2" : tensor<3xf32, #d1>
  %z3 = tiny.copy %z to "CPU:3" : tensor<3xf32, #d1>
  %m = tiny.mstack %x, %y2, %z3 : tensor<3xf32, #d1>, tensor<3xf32, #d2>, tensor<3xf32, #d3>
  %s0 = tiny.mselect %m[0] : tensor<3xf32, #tri>
  %s1 = tiny.mselect %m[1] : tensor<3xf32, #tri>
  %s2 = tiny.mselect %m[2] : tensor<3xf32, #tri>
  %g1 = tiny.copy %s1 to "CPU:1" : tensor<3xf32, #d2>
  %g2 = tiny.copy %s2 to "CPU:1" : tensor<3xf32, #d3>
  %ten = tiny.const dense<10.0> : tensor<3xf32, #d1>
  %hundred = tiny.const dense<100.0> : tensor<3xf32, #d1>
  %a = tiny.mul %g2, %hundred : tensor<3xf32, #d1>, tensor<3xf32, #d1>
  %b = tiny.mul %g1, %ten : tensor<3xf32, #d1>, tensor<3xf32, #d1>
  %ab = tiny.add %a, %b : tensor<3xf32, #d1>, tensor<3xf32, #d1>
  %r = tiny.add %ab, %s0 : tensor<3xf32, #d1>, tensor<3xf32, #d1>
  tiny.return %r : tensor<3xf32, #d1>
}

tiny.function @after_op -> tensor<3xf32, #d1> {
  %x = tiny.param 0 : f32 size 3 on "CPU:1"
  %y = tiny.param 1 : f32 size 3 on "CPU:1"
  %y2 = tiny.copy %y to "CPU:2" : tensor<3xf32, #d1>
  %m = tiny.mstack %x, %y2 : tensor<3xf32, #d1>, tensor<3xf32, #d2>
  %d = tiny.add %m, %m : tensor<3xf32, #pair>, tensor<3xf32, #pair>
  %s = tiny.mselect %d[1] : tensor<3xf32, #pair>
  %g = tiny.copy %s to "CPU:1" : tensor<3xf32, #d2>
  tiny.return %g : tensor<3xf32, #d1>
}
