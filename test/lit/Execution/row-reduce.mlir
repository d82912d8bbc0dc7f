// Row reductions read back along their rows (softmax, layernorm), computed
// by the kernel that reads them once per row, before the row's loop
// (-tiny-rangeify's row values), and the cases where they get a buffer of
// their own instead, run by tiny-run on a 6x300 f32 matrix. Results are
// checked against numpy in float64 by Inputs/row_reduce.py (within f32
// rounding); the kernel counts by -tiny-print-schedule:
//   - softmax and layernorm: one kernel each;
//   - the softmax returned transposed, or flattened: its loops do not hold
//     the row loop outside the column loop, so the max and the sum get
//     buffers (3 kernels, as before row values);
//   - the softmax assigned into x, its own source: the kernel writing x
//     must not reduce x's rows, so the max and the sum get buffers first
//     (2 kernels), then x is written in place and returned (2 more);
//   - x - max(x) and x * max(x) returned both: two kernels would each
//     compute the max, so it gets a buffer (3 kernels).

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/row_reduce.py gen %t
// RUN: tiny-run %s --entry=softmax -i %t/x.npy -o %t/softmax.npy
// RUN: tiny-run %s --entry=layernorm -i %t/x.npy -o %t/layernorm.npy
// RUN: tiny-run %s --entry=softmax_t -i %t/x.npy -o %t/softmax_t.npy
// RUN: tiny-run %s --entry=softmax_flat -i %t/x.npy -o %t/softmax_flat.npy
// RUN: tiny-run %s --entry=softmax_assign -i %t/x.npy -o %t/softmax_assign.npy
// RUN: tiny-run %s --entry=centered_twice -i %t/x.npy -o %t/centered_twice.0.npy -o %t/centered_twice.1.npy
// RUN: %python %S/Inputs/row_reduce.py check %t | FileCheck %s
// CHECK: softmax: 6x300 close
// CHECK-NEXT: layernorm: 6x300 close
// CHECK-NEXT: softmax_t: 300x6 close
// CHECK-NEXT: softmax_flat: 1800 close
// CHECK-NEXT: softmax_assign: 1800 close
// CHECK-NEXT: centered_twice.0: 6x300 close
// CHECK-NEXT: centered_twice.1: 6x300 close

// RUN: tiny-opt %s -tiny-rangeify -tiny-print-schedule -o /dev/null | FileCheck %s --check-prefix=COUNT
// COUNT: schedule @softmax: 1 kernel: r_6_300
// COUNT: schedule @layernorm: 1 kernel: r_6_300
// COUNT: schedule @softmax_t: 3 kernels: r_6_1 r_6_1 E_300_6
// COUNT: schedule @softmax_flat: 3 kernels: r_6_1 r_6_1 E_1800
// COUNT: schedule @softmax_assign: 4 kernels: r_6_1 r_6_1 E_1800 E_1800
// COUNT: schedule @centered_twice: 3 kernels: r_6_1 E_6_300 E_6_300

#cpu = #tiny.device<"CPU">

tiny.function @softmax -> tensor<6x300xf32, #cpu> {
  %x = tiny.param 0 : f32 size 1800 on "CPU"
  %v = tiny.reshape %x to [6, 300] : tensor<1800xf32, #cpu>
  %m = tiny.reduce max %v axes [1] : tensor<6x300xf32, #cpu>
  %me = tiny.expand %m to [6, 300] : tensor<6x1xf32, #cpu>
  %d = tiny.sub %v, %me : tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>
  %l = tiny.const dense<1.4426950408889634> : tensor<1x1xf32, #cpu>
  %le = tiny.expand %l to [6, 300] : tensor<1x1xf32, #cpu>
  %dl = tiny.mul %d, %le : tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>
  %e = tiny.exp2 %dl : tensor<6x300xf32, #cpu>
  %s = tiny.reduce add %e axes [1] : tensor<6x300xf32, #cpu>
  %se = tiny.expand %s to [6, 300] : tensor<6x1xf32, #cpu>
  %o = tiny.fdiv %e, %se : tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>
  tiny.return %o : tensor<6x300xf32, #cpu>
}

// As tinygrad's layernorm writes it, without the affine: y = x - mean(x),
// y * rsqrt(mean(y * y) + 1e-5).
tiny.function @layernorm -> tensor<6x300xf32, #cpu> {
  %x = tiny.param 0 : f32 size 1800 on "CPU"
  %v = tiny.reshape %x to [6, 300] : tensor<1800xf32, #cpu>
  %inv = tiny.const dense<0.0033333333333333335> : tensor<1x1xf32, #cpu>
  %inve = tiny.expand %inv to [6, 1] : tensor<1x1xf32, #cpu>
  %s = tiny.reduce add %v axes [1] : tensor<6x300xf32, #cpu>
  %mean = tiny.mul %s, %inve : tensor<6x1xf32, #cpu>, tensor<6x1xf32, #cpu>
  %me = tiny.expand %mean to [6, 300] : tensor<6x1xf32, #cpu>
  %y = tiny.sub %v, %me : tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>
  %y2 = tiny.mul %y, %y : tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>
  %s2 = tiny.reduce add %y2 axes [1] : tensor<6x300xf32, #cpu>
  %var = tiny.mul %s2, %inve : tensor<6x1xf32, #cpu>, tensor<6x1xf32, #cpu>
  %eps = tiny.const dense<1.0e-5> : tensor<1x1xf32, #cpu>
  %epse = tiny.expand %eps to [6, 1] : tensor<1x1xf32, #cpu>
  %ve = tiny.add %var, %epse : tensor<6x1xf32, #cpu>, tensor<6x1xf32, #cpu>
  %sd = tiny.sqrt %ve : tensor<6x1xf32, #cpu>
  %r = tiny.reciprocal %sd : tensor<6x1xf32, #cpu>
  %re = tiny.expand %r to [6, 300] : tensor<6x1xf32, #cpu>
  %o = tiny.mul %y, %re : tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>
  tiny.return %o : tensor<6x300xf32, #cpu>
}

tiny.function @softmax_t -> tensor<300x6xf32, #cpu> {
  %x = tiny.param 0 : f32 size 1800 on "CPU"
  %v = tiny.reshape %x to [6, 300] : tensor<1800xf32, #cpu>
  %m = tiny.reduce max %v axes [1] : tensor<6x300xf32, #cpu>
  %me = tiny.expand %m to [6, 300] : tensor<6x1xf32, #cpu>
  %d = tiny.sub %v, %me : tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>
  %l = tiny.const dense<1.4426950408889634> : tensor<1x1xf32, #cpu>
  %le = tiny.expand %l to [6, 300] : tensor<1x1xf32, #cpu>
  %dl = tiny.mul %d, %le : tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>
  %e = tiny.exp2 %dl : tensor<6x300xf32, #cpu>
  %s = tiny.reduce add %e axes [1] : tensor<6x300xf32, #cpu>
  %se = tiny.expand %s to [6, 300] : tensor<6x1xf32, #cpu>
  %o = tiny.fdiv %e, %se : tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>
  %t = tiny.permute %o [1, 0] : tensor<6x300xf32, #cpu>
  tiny.return %t : tensor<300x6xf32, #cpu>
}

tiny.function @softmax_flat -> tensor<1800xf32, #cpu> {
  %x = tiny.param 0 : f32 size 1800 on "CPU"
  %v = tiny.reshape %x to [6, 300] : tensor<1800xf32, #cpu>
  %m = tiny.reduce max %v axes [1] : tensor<6x300xf32, #cpu>
  %me = tiny.expand %m to [6, 300] : tensor<6x1xf32, #cpu>
  %d = tiny.sub %v, %me : tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>
  %l = tiny.const dense<1.4426950408889634> : tensor<1x1xf32, #cpu>
  %le = tiny.expand %l to [6, 300] : tensor<1x1xf32, #cpu>
  %dl = tiny.mul %d, %le : tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>
  %e = tiny.exp2 %dl : tensor<6x300xf32, #cpu>
  %s = tiny.reduce add %e axes [1] : tensor<6x300xf32, #cpu>
  %se = tiny.expand %s to [6, 300] : tensor<6x1xf32, #cpu>
  %o = tiny.fdiv %e, %se : tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>
  %f = tiny.reshape %o to [1800] : tensor<6x300xf32, #cpu>
  tiny.return %f : tensor<1800xf32, #cpu>
}

tiny.function @softmax_assign -> tensor<1800xf32, #cpu> {
  %x = tiny.param 0 : f32 size 1800 on "CPU"
  %v = tiny.reshape %x to [6, 300] : tensor<1800xf32, #cpu>
  %m = tiny.reduce max %v axes [1] : tensor<6x300xf32, #cpu>
  %me = tiny.expand %m to [6, 300] : tensor<6x1xf32, #cpu>
  %d = tiny.sub %v, %me : tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>
  %l = tiny.const dense<1.4426950408889634> : tensor<1x1xf32, #cpu>
  %le = tiny.expand %l to [6, 300] : tensor<1x1xf32, #cpu>
  %dl = tiny.mul %d, %le : tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>
  %e = tiny.exp2 %dl : tensor<6x300xf32, #cpu>
  %s = tiny.reduce add %e axes [1] : tensor<6x300xf32, #cpu>
  %se = tiny.expand %s to [6, 300] : tensor<6x1xf32, #cpu>
  %o = tiny.fdiv %e, %se : tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>
  %f = tiny.reshape %o to [1800] : tensor<6x300xf32, #cpu>
  %t = tiny.store %x, %f : tensor<1800xf32, #cpu>
  %a = tiny.after %x(%t) : tensor<1800xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<1800xf32, #cpu>
}

tiny.function @centered_twice -> tuple<tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 1800 on "CPU"
  %v = tiny.reshape %x to [6, 300] : tensor<1800xf32, #cpu>
  %m = tiny.reduce max %v axes [1] : tensor<6x300xf32, #cpu>
  %me = tiny.expand %m to [6, 300] : tensor<6x1xf32, #cpu>
  %d = tiny.sub %v, %me : tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>
  %p = tiny.mul %v, %me : tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>
  %r = tiny.tuple %d, %p : tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>
  tiny.return %r : tuple<tensor<6x300xf32, #cpu>, tensor<6x300xf32, #cpu>>
}
