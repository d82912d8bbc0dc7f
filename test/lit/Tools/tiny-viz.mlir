// tiny-viz writes one HTML page of a pipeline run: the program's graph,
// one step per pass, the kernels.
//
// RUN: tiny-viz %s -o %t.html
// RUN: FileCheck %s --input-file=%t.html
// CHECK: <h1>{{.*}}tiny-viz.mlir</h1>
// CHECK: pipeline: <code>builtin.module(tiny-to-kernels)</code>; 19 passes, 2 kernels
// CHECK: <figure class="graph" data-function="norm">
// CHECK: <svg
// CHECK: tiny.reduce
// CHECK: </svg>
// CHECK: <div class="step" id="step-0" data-pass="input">
// CHECK: data-pass="tiny-decompose"
// CHECK: data-pass="tiny-rangeify">
// CHECK-NEXT: <h3>16. tiny-rangeify</h3>
// CHECK-NEXT: <p class="changed">+{{[0-9]+}} &minus;{{[0-9]+}} lines</p>
// CHECK: <span class="add">{{ *}}tiny.k.kernel &quot;r_4_1&quot;
// CHECK: data-pass="tiny-simplify-indices"
// CHECK: data-pass="tiny-collapse-reduce"
// CHECK: data-pass="tiny-guard-kernels-by-rank"
// CHECK: <div class="kernel" id="kernel-0" data-kernel="r_4_1">
// CHECK: <div class="kernel" id="kernel-1" data-kernel="E_4_3">
//
// Another pipeline; a pass that fails is a step of its own, and the tool
// exits with an error after writing the page.
// RUN: tiny-viz %s -o %t.cse.html --pass-pipeline='builtin.module(cse)'
// RUN: FileCheck %s --input-file=%t.cse.html --check-prefix=CSE
// CSE: 1 passes, 0 kernels
// CSE: data-pass="cse"
// RUN: not tiny-viz %S/Inputs/kernel-op-in-function.mlir -o %t.failed.html 2>&1 | FileCheck %s --check-prefix=FAILED
// FAILED: error: 'tiny.k.barrier' op is a kernel-level op
// FAILED: tiny-viz: error: the pipeline failed (the page shows where)
// RUN: FileCheck %s --input-file=%t.failed.html --check-prefix=FAILED-PAGE
// FAILED-PAGE: data-pass="tiny-rangeify">
// FAILED-PAGE-NEXT: <h3>16. tiny-rangeify</h3>
// FAILED-PAGE-NEXT: <p class="failed">the pass failed</p>
//
// Bad pipelines are refused with the parser's message, and one anchored on
// another op than the module with a message of its own.
// RUN: not tiny-viz %s -o %t.bad.html --pass-pipeline='builtin.module(no-such-pass)' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: tiny-viz: error: --pass-pipeline: {{.*}}no-such-pass
// RUN: not tiny-viz %s -o %t.bad.html --pass-pipeline='builtin.module(cse' 2>&1 | FileCheck %s --check-prefix=UNCLOSED
// UNCLOSED: tiny-viz: error: --pass-pipeline: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'
// RUN: not tiny-viz %s -o %t.bad.html --pass-pipeline='func.func(cse)' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: tiny-viz: error: --pass-pipeline: the pipeline runs on 'func.func', and the program is a builtin.module

#cpu = #tiny.device<"CPU">

// x / sum(x) over each row of a 4x3 matrix: a reduce kernel, then an
// elementwise one.
tiny.function @norm -> tensor<4x3xf32, #cpu> {
  %p = tiny.param 0 : f32 size 12 on "CPU"
  %x = tiny.reshape %p to [4, 3] : tensor<12xf32, #cpu>
  %s = tiny.reduce add %x axes [1] : tensor<4x3xf32, #cpu>
  %y = tiny.fdiv %x, %s : tensor<4x3xf32, #cpu>, tensor<4x1xf32, #cpu>
  tiny.return %y : tensor<4x3xf32, #cpu>
}
