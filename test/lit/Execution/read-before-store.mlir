// A read of a param that a store overwrites, not through tiny.after, sees
// the param before the store, whatever the program order (tinygrad's
// `old = w * 2; w.assign(w + 1)`, and `s.assign(w * 2)` after
// `w.assign(w + 1)`). Before -tiny-snapshot-overwritten, rangeify fused the
// read into a kernel that ran after the store: `old` printed [4, 6, 8, 10]
// (2 * (w + 1)) and @assign_order's s [4, 6, 8, 10].
//
// RUN: tiny-run %s --entry=old_and_new -i 1,2,3,4 | FileCheck %s --check-prefix=OLD
// w + 1 = [2, 3, 4, 5]; old = 2 * w = [2, 4, 6, 8]; their sum:
// OLD: [4, 7, 10, 13] : tensor<4xf32>
//
// RUN: tiny-run %s --entry=assign_order -i 1,2,3,4 -i 0,0,0,0 | FileCheck %s --check-prefix=ORDER
// The tuple (w after, s after): w + 1 and 2 * w.
// ORDER: [2, 3, 4, 5] : tensor<4xf32>
// ORDER-NEXT: [2, 4, 6, 8] : tensor<4xf32>
//
// RUN: tiny-run %s --entry=middle_read -i 1,2,3,4 | FileCheck %s --check-prefix=MIDDLE
// w after the first assign is w + 1 = [2, 3, 4, 5]; m reads it (2 * that),
// the second assign makes w 3 * that. Before, m read the buffer after the
// second store: [12, 18, 24, 30].
// MIDDLE: [4, 6, 8, 10] : tensor<4xf32>
// MIDDLE-NEXT: [6, 9, 12, 15] : tensor<4xf32>
//
// RUN: tiny-run %s --entry=in_place -i 1,2,3,4 | FileCheck %s --check-prefix=IN-PLACE
// IN-PLACE: [2, 3, 4, 5] : tensor<4xf32>
// RUN: tiny-opt %s -tiny-simplify -tiny-remove-views -tiny-snapshot-overwritten -tiny-rangeify -tiny-print-schedule -o /dev/null | FileCheck %s --check-prefix=KERNELS
// @old_and_new: the copy of w that `old` reads is taken right before the
// store (a kernel after it reads it), w + 1 is stored in place (it reads w
// only at the element it writes), then the result. An update in place takes
// no snapshot: w + 1 into w, then w copied into the output.
// KERNELS: schedule @old_and_new: 3 kernels
// KERNELS: schedule @in_place: 2 kernels

#cpu = #tiny.device<"CPU">

tiny.function @old_and_new -> tensor<4xf32, #cpu> {
  %w = tiny.param 0 : f32 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %v = tiny.add %w, %one : tensor<4xf32, #cpu>
  %t = tiny.store %w, %v : tensor<4xf32, #cpu>
  %new = tiny.after %w(%t) : tensor<4xf32, #cpu>, !tiny.token
  %two = tiny.const dense<2.0> : tensor<4xf32, #cpu>
  %old = tiny.mul %w, %two : tensor<4xf32, #cpu>
  %r = tiny.add %new, %old : tensor<4xf32, #cpu>
  tiny.return %r : tensor<4xf32, #cpu>
}

tiny.function @assign_order -> tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>> {
  %w = tiny.param 0 : f32 size 4 on "CPU"
  %s = tiny.param 1 : f32 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %v = tiny.add %w, %one : tensor<4xf32, #cpu>
  %tw = tiny.store %w, %v : tensor<4xf32, #cpu>
  %w2 = tiny.after %w(%tw) : tensor<4xf32, #cpu>, !tiny.token
  %two = tiny.const dense<2.0> : tensor<4xf32, #cpu>
  %d = tiny.mul %w, %two : tensor<4xf32, #cpu>
  %ts = tiny.store %s, %d : tensor<4xf32, #cpu>
  %s2 = tiny.after %s(%ts) : tensor<4xf32, #cpu>, !tiny.token
  %r = tiny.tuple %w2, %s2 : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %r : tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>>
}

tiny.function @in_place -> tensor<4xf32, #cpu> {
  %w = tiny.param 0 : f32 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %v = tiny.add %w, %one : tensor<4xf32, #cpu>
  %t = tiny.store %w, %v : tensor<4xf32, #cpu>
  %a = tiny.after %w(%t) : tensor<4xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<4xf32, #cpu>
}

tiny.function @middle_read -> tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>> {
  %w = tiny.param 0 : f32 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %v1 = tiny.add %w, %one : tensor<4xf32, #cpu>
  %t1 = tiny.store %w, %v1 : tensor<4xf32, #cpu>
  %a1 = tiny.after %w(%t1) : tensor<4xf32, #cpu>, !tiny.token
  %three = tiny.const dense<3.0> : tensor<4xf32, #cpu>
  %v2 = tiny.mul %a1, %three : tensor<4xf32, #cpu>
  %t2 = tiny.store %w, %v2 : tensor<4xf32, #cpu>
  %a2 = tiny.after %w(%t2) : tensor<4xf32, #cpu>, !tiny.token
  %two = tiny.const dense<2.0> : tensor<4xf32, #cpu>
  %m = tiny.mul %a1, %two : tensor<4xf32, #cpu>
  %r = tiny.tuple %m, %a2 : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %r : tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>>
}
