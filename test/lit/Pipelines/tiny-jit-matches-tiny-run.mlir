// The JIT's stages are named pipelines: `tiny-opt` with -tiny-jit prints
// the very LLVM-dialect module that tiny-run compiles and runs. Two entries
// of one module: the JIT keeps only the one it compiles (-tiny-select-entry)
// and the function it calls, inlined.
//
// RUN: tiny-run %s --entry=scale_shift --print-lowered > %t.run
// RUN: tiny-opt %s --pass-pipeline='builtin.module(tiny-jit{entry=scale_shift})' > %t.opt
// RUN: diff %t.run %t.opt
// RUN: FileCheck %s --input-file=%t.run
//
// The same with the stages spelled one by one.
// RUN: tiny-opt %s --pass-pipeline='builtin.module(tiny-jit-kernels{entry=scale_shift},tiny-jit-cpu)' > %t.stages
// RUN: diff %t.run %t.stages
//
// And the module is what runs: 2 * x + 1.
// RUN: tiny-run %s --entry=scale_shift -i 1,2,3,4 | FileCheck %s --check-prefix=OUT
// RUN: tiny-run %s --entry=other -i 1,2,3,4 | FileCheck %s --check-prefix=OTHER
//
// CHECK: llvm.func @scale_shift(
// CHECK-NOT: tiny.buffer
// CHECK-NOT: llvm.func @other
// CHECK-NOT: llvm.func @shift
// OUT: [3, 5, 7, 9] : tensor<4xf32>
// OTHER: [-1, -2, -3, -4] : tensor<4xf32>

#cpu = #tiny.device<"CPU">

tiny.function @shift -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %y = tiny.add %x, %one : tensor<4xf32, #cpu>
  tiny.return %y : tensor<4xf32, #cpu>
}

tiny.function @scale_shift -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %two = tiny.const dense<2.0> : tensor<4xf32, #cpu>
  %y = tiny.mul %x, %two : tensor<4xf32, #cpu>
  %z = tiny.call @shift(%y) : (tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu>
  tiny.return %z : tensor<4xf32, #cpu>
}

tiny.function @other -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %y = tiny.neg %x : tensor<4xf32, #cpu>
  tiny.return %y : tensor<4xf32, #cpu>
}
