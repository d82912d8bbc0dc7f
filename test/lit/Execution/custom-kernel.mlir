// Execution of tiny.custom_kernel: a hand-written scatter-add,
// acc[idx[n]] += src[n] with tiny.k.atomic_add.
// acc = [10, 20, 30, 40], idx = [2, 0, 2, 3, 0, 2], src = [1, 2, 3, 4, 5, 6]:
// acc[0] += 2 + 5 = 17, acc[1] stays 20, acc[2] += 1 + 3 + 6 = 40,
// acc[3] += 4 = 44; then a kernel doubles it. The param acc keeps its value
// (a kernel after the custom kernel reads it: acc + 1).
// RUN: tiny-run %s --entry=scatter_add -i 10,20,30,40 -i 2,0,2,3,0,2 -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines
// CHECK: [34, 40, 80, 88] : tensor<4xf32>
// CHECK-NEXT: [11, 21, 31, 41] : tensor<4xf32>

// Into zeros (a splat computed into the output buffer first), with ui32
// indices: idx = [1, 1, 0, 1], src = [0.5, 1.5, 2, 4] gives [2, 6].
// RUN: tiny-run %s --entry=histogram -i 1,1,0,1 -i 0.5,1.5,2,4 | FileCheck %s --match-full-lines --check-prefix=HIST
// HIST: [2, 6] : tensor<2xf32>

#cpu = #tiny.device<"CPU">

tiny.function @scatter_add -> tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>> {
  %acc = tiny.param 0 : f32 size 4 on "CPU"
  %idx = tiny.param 1 : i32 size 6 on "CPU"
  %src = tiny.param 2 : f32 size 6 on "CPU"
  %r:3 = tiny.custom_kernel "scatter"(%acc, %idx, %src)
      : tensor<4xf32, #cpu>, tensor<6xi32, #cpu>, tensor<6xf32, #cpu> {
  ^bb0(%a: memref<4xf32>, %i: memref<6xi32>, %s: memref<6xf32>):
    %c6 = arith.constant 6 : index
    tiny.k.range loop %n < %c6 {
      %pi = tiny.k.index %i[%n] : memref<6xi32>
      %target = tiny.k.load %pi : !tiny.ptr<i32, global>
      %t = arith.index_cast %target : i32 to index
      %ps = tiny.k.index %s[%n] : memref<6xf32>
      %v = tiny.k.load %ps : !tiny.ptr<f32, global>
      %pa = tiny.k.index %a[%t] : memref<4xf32>
      tiny.k.atomic_add %pa, %v : !tiny.ptr<f32, global>
    }
  }
  %two = tiny.const dense<2.0> : tensor<4xf32, #cpu>
  %doubled = tiny.mul %r#0, %two : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %kept = tiny.add %acc, %one : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  %t = tiny.tuple %doubled, %kept : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %t : tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>>
}

tiny.function @histogram -> tensor<2xf32, #cpu> {
  %idx = tiny.param 0 : ui32 size 4 on "CPU"
  %src = tiny.param 1 : f32 size 4 on "CPU"
  %zero = tiny.const dense<0.0> : tensor<2xf32, #cpu>
  %r:3 = tiny.custom_kernel "histogram"(%zero, %idx, %src)
      : tensor<2xf32, #cpu>, tensor<4xui32, #cpu>, tensor<4xf32, #cpu> {
  ^bb0(%a: memref<2xf32>, %i: memref<4xi32>, %s: memref<4xf32>):
    %c4 = arith.constant 4 : index
    tiny.k.range loop %n < %c4 {
      %pi = tiny.k.index %i[%n] : memref<4xi32>
      %target = tiny.k.load %pi : !tiny.ptr<i32, global>
      %t = arith.index_castui %target : i32 to index
      %ps = tiny.k.index %s[%n] : memref<4xf32>
      %v = tiny.k.load %ps : !tiny.ptr<f32, global>
      %pa = tiny.k.index %a[%t] : memref<2xf32>
      tiny.k.atomic_add %pa, %v : !tiny.ptr<f32, global>
    }
  }
  tiny.return %r#0 : tensor<2xf32, #cpu>
}
