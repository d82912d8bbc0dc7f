// Kernels whose code is the same, under different names, are optimized and
// compiled once: the JIT merges identical LLVM functions (LLVM's
// MergeFunctions) before -O3, so the host calls the kept kernel for both
// and the other one's body is a call of it. The results stay each
// kernel's own.
//
// RUN: rm -rf %t
// RUN: tiny-run %s --print-schedule --dump-dir=%t -i 1,2,3,4,5,6 -i 10,20,30,40,50,60 | FileCheck %s --check-prefix=OUT
// OUT: schedule @twice: 2 kernels: E_6 E_6
// OUT: [2, 4, 6, 8, 10, 12] : tensor<6xf32>
// OUT: [20, 40, 60, 80, 100, 120] : tensor<6xf32>
//
// RUN: FileCheck %s --check-prefix=HOST --input-file=%t/twice.ll
// HOST-LABEL: define void @twice(
// HOST-NEXT: call void @E_6(ptr %0, ptr %2)
// HOST-NEXT: call void @E_6(ptr %1, ptr %3)
// HOST-NEXT: ret void
// HOST-LABEL: define void @E_6(
// HOST: fmul
// HOST-LABEL: define void @E_6n1(
// HOST-NEXT: call void @E_6(ptr %0, ptr %1)
// HOST-NEXT: ret void

#cpu = #tiny.device<"CPU">

tiny.function @twice -> tuple<tensor<6xf32, #cpu>, tensor<6xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %y = tiny.param 1 : f32 size 6 on "CPU"
  %two = tiny.const dense<2.0> : tensor<6xf32, #cpu>
  %a = tiny.mul %x, %two : tensor<6xf32, #cpu>
  %b = tiny.mul %y, %two : tensor<6xf32, #cpu>
  %t = tiny.tuple %a, %b : tensor<6xf32, #cpu>, tensor<6xf32, #cpu>
  tiny.return %t : tuple<tensor<6xf32, #cpu>, tensor<6xf32, #cpu>>
}
