// Upstream mlir-opt, with tiny loaded as a dialect and pass plugin, parses
// tiny IR and runs tiny's pipelines with the same result as tiny-opt.
// (Passes a plugin registers are reached through --pass-pipeline: mlir-opt
// parses its pass flags before it loads plugins.)

// RUN: mlir-opt --load-dialect-plugin=%tiny_plugin --load-pass-plugin=%tiny_plugin %s --pass-pipeline='builtin.module(tiny-simplify,tiny-rangeify,tiny-print-schedule)' -o /dev/null | FileCheck %s --check-prefix=SCHEDULE
// SCHEDULE: schedule @scale_add: 1 kernel: E_2_3

// RUN: mlir-opt --load-dialect-plugin=%tiny_plugin --load-pass-plugin=%tiny_plugin %s --pass-pipeline='builtin.module(tiny-to-llvm)' -o %t.plugin.mlir
// RUN: tiny-opt %s --tiny-to-llvm -o %t.tiny-opt.mlir
// RUN: diff %t.plugin.mlir %t.tiny-opt.mlir
// RUN: FileCheck %s --check-prefix=LLVM < %t.plugin.mlir
// LLVM: llvm.func @scale_add(
// LLVM: llvm.fmul
// LLVM: llvm.fadd

// The round trip of tiny ops through upstream mlir-opt.
// RUN: mlir-opt --load-dialect-plugin=%tiny_plugin %s | mlir-opt --load-dialect-plugin=%tiny_plugin | FileCheck %s --check-prefix=ROUNDTRIP
// ROUNDTRIP: tiny.function @scale_add
// ROUNDTRIP: tiny.reshape %{{.*}} to [2, 3]

#cpu = #tiny.device<"CPU">

tiny.function @scale_add -> tensor<2x3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  %two = tiny.const dense<2.0> : tensor<1x1xf32, #cpu>
  %one = tiny.const dense<1.0> : tensor<1x1xf32, #cpu>
  %m = tiny.mul %v, %two : tensor<2x3xf32, #cpu>, tensor<1x1xf32, #cpu>
  %y = tiny.add %m, %one : tensor<2x3xf32, #cpu>, tensor<1x1xf32, #cpu>
  tiny.return %y : tensor<2x3xf32, #cpu>
}
