// tiny-viz's per-pass diff compares lines with their SSA names normalized
// (%0, %arg0, ^bb1 as the order they first appear in the line): CSE
// removes the second of two equal adds and renumbers every value after it,
// and the step shows the one removed line, not every renumbered line as
// changed (before, this step read +4 -5 lines). The lines around it are
// shown as they are after the pass.
//
// RUN: tiny-viz %S/Inputs/renumbered.mlir -o %t.html --pass-pipeline='builtin.module(cse)'
// RUN: FileCheck %s --input-file=%t.html
// CHECK: data-pass="cse">
// CHECK-NEXT: <h3>1. cse</h3>
// CHECK-NEXT: <p class="changed">+0 &minus;1 lines</p>
// CHECK-NEXT: <pre class="diff"><span class="ctx">module {</span>
// CHECK-NEXT: <span class="ctx">  func.func @f(%arg0: i32) -&gt; i32 {</span>
// CHECK-NEXT: <span class="ctx">    %0 = arith.addi %arg0, %arg0 : i32</span>
// CHECK-NEXT: <span class="del">    %1 = arith.addi %arg0, %arg0 : i32</span><span class="ctx">    %1 = arith.muli %0, %0 : i32</span>
// CHECK-NEXT: <span class="ctx">    %2 = arith.subi %1, %arg0 : i32</span>
// CHECK-NEXT: <span class="ctx">    %3 = arith.xori %2, %0 : i32</span>
// CHECK-NEXT: </pre>
//
// A real change still shows among renumbered lines: canonicalize folds
// x + 0 away, and the line that used it, renumbered too, now uses the
// argument twice instead of two values, a change of its pattern.
// RUN: tiny-viz %s -o %t.fold.html --pass-pipeline='builtin.module(canonicalize)'
// RUN: FileCheck %s --input-file=%t.fold.html --check-prefix=FOLD
// FOLD: data-pass="canonicalize">
// FOLD: <p class="changed">+1 &minus;3 lines</p>
// FOLD: <span class="add">    %0 = arith.muli %arg0, %arg0 : i32</span>
// FOLD-SAME: <span class="del">    %c0_i32 = arith.constant 0 : i32</span>
// FOLD-SAME: <span class="del">    %0 = arith.addi %arg0, %c0_i32 : i32</span>
// FOLD-SAME: <span class="del">    %1 = arith.muli %0, %arg0 : i32</span>
// FOLD-SAME: <span class="ctx">    return %0 : i32</span>
func.func @g(%a: i32) -> i32 {
  %z = arith.constant 0 : i32
  %x = arith.addi %a, %z : i32
  %y = arith.muli %x, %a : i32
  return %y : i32
}
