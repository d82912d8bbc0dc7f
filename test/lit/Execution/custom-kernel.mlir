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

// The accumulator a param, the result stored back into it (as tinygrad's
// custom kernel on a buffer is exported; the kernel updates the param in
// place). acc = [10, 20, 30, 40], idx = [1, 1, 3, 0, 3, 3],
// src = [1, 2, 3, 4, 5, 6]: acc[0] += 4 = 14, acc[1] += 1 + 2 = 23, acc[2]
// stays 30, acc[3] += 3 + 5 + 6 = 54; the param after the store, doubled:
// [28, 46, 60, 108].
// RUN: tiny-run %s --entry=scatter_into_param -i 10,20,30,40 -i 1,1,3,0,3,3 -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=INTO
// INTO: [28, 46, 60, 108] : tensor<4xf32>
// The same, and acc + 1 read after the store still sees the old values:
// [11, 21, 31, 41].
// RUN: tiny-run %s --entry=scatter_into_param_keeps_old -i 10,20,30,40 -i 1,1,3,0,3,3 -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=KEEP
// KEEP: [28, 46, 60, 108] : tensor<4xf32>
// KEEP-NEXT: [11, 21, 31, 41] : tensor<4xf32>
// The kernels: the scatter writes the param itself (no copy in, no copy
// back), then the doubling; with acc + 1, a copy of acc is taken first.
// RUN: tiny-opt %s -tiny-to-kernels | FileCheck %s --check-prefix=KERNELS
// KERNELS-LABEL: func.func @scatter_into_param(
// KERNELS-NEXT: tiny.k.kernel "scatter" {
// KERNELS-NOT: tiny.k.kernel
// KERNELS: tiny.k.kernel "E_4" {
// KERNELS-NOT: tiny.k.kernel
// KERNELS: return
// KERNELS-LABEL: func.func @scatter_into_param_keeps_old(
// KERNELS: tiny.k.kernel "E_4" {
// KERNELS-NOT: tiny.k.kernel
// KERNELS: tiny.k.kernel "scatter" {
// KERNELS-COUNT-2: tiny.k.kernel "E_4" {
// KERNELS-NOT: tiny.k.kernel
// KERNELS: return

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

// Kernels, kernel bodies and stores as tiny's tinygrad frontend exports a
// custom kernel on a realized buffer.
tiny.function @scatter_into_param -> tensor<4xf32, #cpu> {
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
  %stored = tiny.store %acc, %r#0 : tensor<4xf32, #cpu>
  %new = tiny.after %acc(%stored) : tensor<4xf32, #cpu>, !tiny.token
  %two = tiny.const dense<2.0> : tensor<4xf32, #cpu>
  %doubled = tiny.mul %new, %two : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %doubled : tensor<4xf32, #cpu>
}

tiny.function @scatter_into_param_keeps_old
    -> tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>> {
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
  %stored = tiny.store %acc, %r#0 : tensor<4xf32, #cpu>
  %new = tiny.after %acc(%stored) : tensor<4xf32, #cpu>, !tiny.token
  %two = tiny.const dense<2.0> : tensor<4xf32, #cpu>
  %doubled = tiny.mul %new, %two : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %kept = tiny.add %acc, %one : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  %t = tiny.tuple %doubled, %kept : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %t : tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>>
}
