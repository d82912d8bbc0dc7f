// CPU kernels are compiled apart from the host function, each distinct
// code once: @twice's two kernels differ only in name (E_6 and E_6n1), so
// one is compiled and both names call its code. @three's three kernels are
// of two codes (the f32 one twice, an i32 one). Each program's results are
// its kernels' own.
//
// RUN: tiny-run %s --entry=twice --print-compile-time -i 1,2,3,4,5,6 -i 10,20,30,40,50,60 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: kernels compiled apart: 2, 1 distinct, 1 compiled now
// TWICE: [2, 4, 6, 8, 10, 12] : tensor<6xf32>
// TWICE: [20, 40, 60, 80, 100, 120] : tensor<6xf32>
//
// RUN: tiny-run %s --entry=three --print-compile-time -i 1,2,3,4,5,6 -i 10,20,30,40,50,60 -i 7,8,9 2>&1 | FileCheck %s --check-prefix=THREE
// THREE: kernels compiled apart: 3, 2 distinct, 2 compiled now
// THREE: [2, 4, 6, 8, 10, 12] : tensor<6xf32>
// THREE: [20, 40, 60, 80, 100, 120] : tensor<6xf32>
// THREE: [14, 16, 18] : tensor<3xi32>
//
// With TINY_KERNEL_JIT=0 the whole program is one LLVM module, as before:
// no kernel is compiled apart, and the results are the same.
// RUN: env TINY_KERNEL_JIT=0 tiny-run %s --entry=twice --print-compile-time -i 1,2,3,4,5,6 -i 10,20,30,40,50,60 2>&1 | FileCheck %s --check-prefix=WHOLE
// WHOLE-NOT: kernels compiled apart
// WHOLE: [2, 4, 6, 8, 10, 12] : tensor<6xf32>
// WHOLE: [20, 40, 60, 80, 100, 120] : tensor<6xf32>

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

tiny.function @three -> tuple<tensor<6xf32, #cpu>, tensor<6xf32, #cpu>, tensor<3xi32, #cpu>> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %y = tiny.param 1 : f32 size 6 on "CPU"
  %z = tiny.param 2 : i32 size 3 on "CPU"
  %two = tiny.const dense<2.0> : tensor<6xf32, #cpu>
  %itwo = tiny.const dense<2> : tensor<3xi32, #cpu>
  %a = tiny.mul %x, %two : tensor<6xf32, #cpu>
  %b = tiny.mul %y, %two : tensor<6xf32, #cpu>
  %c = tiny.mul %z, %itwo : tensor<3xi32, #cpu>
  %t = tiny.tuple %a, %b, %c : tensor<6xf32, #cpu>, tensor<6xf32, #cpu>, tensor<3xi32, #cpu>
  tiny.return %t : tuple<tensor<6xf32, #cpu>, tensor<6xf32, #cpu>, tensor<3xi32, #cpu>>
}
