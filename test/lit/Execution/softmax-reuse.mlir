// Softmax of odd sizes and of rows holding -inf and the largest floats, run
// by tiny-run: the kernel computes exp2 once per element, the sum loop
// storing it into the output row and the output loop scaling it there
// (-tiny-reuse-reduce-values, which the CHECK-REUSE lines show fires in each
// program's kernel). Results are checked against numpy in float64 by
// Inputs/softmax_reuse.py (within f32 rounding; NaN where numpy's is: a row
// of -inf only).

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/softmax_reuse.py gen %t
// RUN: tiny-run %s --entry=softmax_3x5 -i %t/softmax_3x5.x.npy -o %t/softmax_3x5.npy
// RUN: tiny-run %s --entry=softmax_7x4097 -i %t/softmax_7x4097.x.npy -o %t/softmax_7x4097.npy
// RUN: tiny-run %s --entry=softmax_special -i %t/softmax_special.x.npy -o %t/softmax_special.npy
// RUN: %python %S/Inputs/softmax_reuse.py check %t | FileCheck %s
// CHECK: softmax_3x5: 3x5 close
// CHECK-NEXT: softmax_7x4097: 7x4097 close
// CHECK-NEXT: softmax_special: 4x5 close

// The kernels as the CPU pipeline schedules them, through the pass: the sum
// loop stores the exp2 it adds, the output loop loads it and computes none.
// RUN: tiny-opt %s --pass-pipeline='builtin.module(tiny-to-kernels,tiny-outline-kernels,tiny-cpu-schedule,tiny-expand-upcast,tiny-optimize,tiny-reuse-reduce-values)' | FileCheck %s --check-prefix=CHECK-REUSE
// CHECK-REUSE-LABEL: func.func private @r_3_5(
// CHECK-REUSE: tiny.k.range reduce
// CHECK-REUSE: tiny.k.range reduce
// CHECK-REUSE: %[[E:.*]] = math.exp2
// CHECK-REUSE: tiny.k.store %{{.*}}, %[[E]]
// CHECK-REUSE: tiny.k.end
// CHECK-REUSE: tiny.k.range loop
// CHECK-REUSE-NOT: math.exp2
// CHECK-REUSE: %[[V:.*]] = tiny.k.load
// CHECK-REUSE-NOT: math.exp2
// CHECK-REUSE: arith.mulf %[[V]]
// CHECK-REUSE-NOT: math.exp2
// CHECK-REUSE: return
// CHECK-REUSE-LABEL: func.func private @r_7_4097(
// CHECK-REUSE: tiny.k.range reduce
// CHECK-REUSE: tiny.k.range reduce
// CHECK-REUSE: %[[E:.*]] = math.exp2
// CHECK-REUSE: tiny.k.store %{{.*}}, %[[E]]
// CHECK-REUSE: tiny.k.end
// CHECK-REUSE: tiny.k.range loop
// CHECK-REUSE-NOT: math.exp2
// CHECK-REUSE: %[[V:.*]] = tiny.k.load
// CHECK-REUSE-NOT: math.exp2
// CHECK-REUSE: arith.mulf %[[V]]
// CHECK-REUSE-NOT: math.exp2
// CHECK-REUSE: return
// CHECK-REUSE-LABEL: func.func private @r_4_5(
// CHECK-REUSE: tiny.k.range reduce
// CHECK-REUSE: tiny.k.range reduce
// CHECK-REUSE: %[[E:.*]] = math.exp2
// CHECK-REUSE: tiny.k.store %{{.*}}, %[[E]]
// CHECK-REUSE: tiny.k.end
// CHECK-REUSE: tiny.k.range loop
// CHECK-REUSE-NOT: math.exp2
// CHECK-REUSE: %[[V:.*]] = tiny.k.load
// CHECK-REUSE-NOT: math.exp2
// CHECK-REUSE: arith.mulf %[[V]]
// CHECK-REUSE-NOT: math.exp2
// CHECK-REUSE: return


#cpu = #tiny.device<"CPU">

tiny.function @softmax_3x5 -> tensor<3x5xf32, #cpu> {
  %x = tiny.param 0 : f32 size 15 on "CPU"
  %v = tiny.reshape %x to [3, 5] : tensor<15xf32, #cpu>
  %m = tiny.reduce max %v axes [1] : tensor<3x5xf32, #cpu>
  %me = tiny.expand %m to [3, 5] : tensor<3x1xf32, #cpu>
  %d = tiny.sub %v, %me : tensor<3x5xf32, #cpu>, tensor<3x5xf32, #cpu>
  %l = tiny.const dense<1.4426950408889634> : tensor<1x1xf32, #cpu>
  %le = tiny.expand %l to [3, 5] : tensor<1x1xf32, #cpu>
  %dl = tiny.mul %d, %le : tensor<3x5xf32, #cpu>, tensor<3x5xf32, #cpu>
  %e = tiny.exp2 %dl : tensor<3x5xf32, #cpu>
  %s = tiny.reduce add %e axes [1] : tensor<3x5xf32, #cpu>
  %se = tiny.expand %s to [3, 5] : tensor<3x1xf32, #cpu>
  %o = tiny.fdiv %e, %se : tensor<3x5xf32, #cpu>, tensor<3x5xf32, #cpu>
  tiny.return %o : tensor<3x5xf32, #cpu>
}

tiny.function @softmax_7x4097 -> tensor<7x4097xf32, #cpu> {
  %x = tiny.param 0 : f32 size 28679 on "CPU"
  %v = tiny.reshape %x to [7, 4097] : tensor<28679xf32, #cpu>
  %m = tiny.reduce max %v axes [1] : tensor<7x4097xf32, #cpu>
  %me = tiny.expand %m to [7, 4097] : tensor<7x1xf32, #cpu>
  %d = tiny.sub %v, %me : tensor<7x4097xf32, #cpu>, tensor<7x4097xf32, #cpu>
  %l = tiny.const dense<1.4426950408889634> : tensor<1x1xf32, #cpu>
  %le = tiny.expand %l to [7, 4097] : tensor<1x1xf32, #cpu>
  %dl = tiny.mul %d, %le : tensor<7x4097xf32, #cpu>, tensor<7x4097xf32, #cpu>
  %e = tiny.exp2 %dl : tensor<7x4097xf32, #cpu>
  %s = tiny.reduce add %e axes [1] : tensor<7x4097xf32, #cpu>
  %se = tiny.expand %s to [7, 4097] : tensor<7x1xf32, #cpu>
  %o = tiny.fdiv %e, %se : tensor<7x4097xf32, #cpu>, tensor<7x4097xf32, #cpu>
  tiny.return %o : tensor<7x4097xf32, #cpu>
}

tiny.function @softmax_special -> tensor<4x5xf32, #cpu> {
  %x = tiny.param 0 : f32 size 20 on "CPU"
  %v = tiny.reshape %x to [4, 5] : tensor<20xf32, #cpu>
  %m = tiny.reduce max %v axes [1] : tensor<4x5xf32, #cpu>
  %me = tiny.expand %m to [4, 5] : tensor<4x1xf32, #cpu>
  %d = tiny.sub %v, %me : tensor<4x5xf32, #cpu>, tensor<4x5xf32, #cpu>
  %l = tiny.const dense<1.4426950408889634> : tensor<1x1xf32, #cpu>
  %le = tiny.expand %l to [4, 5] : tensor<1x1xf32, #cpu>
  %dl = tiny.mul %d, %le : tensor<4x5xf32, #cpu>, tensor<4x5xf32, #cpu>
  %e = tiny.exp2 %dl : tensor<4x5xf32, #cpu>
  %s = tiny.reduce add %e axes [1] : tensor<4x5xf32, #cpu>
  %se = tiny.expand %s to [4, 5] : tensor<4x1xf32, #cpu>
  %o = tiny.fdiv %e, %se : tensor<4x5xf32, #cpu>, tensor<4x5xf32, #cpu>
  tiny.return %o : tensor<4x5xf32, #cpu>
}
