// Headless Chromium renders tiny-viz's page: every pass and kernel of the
// run is in the DOM it builds (scripts/tiny-viz-screenshot.sh takes a
// picture of it the same way).
// REQUIRES: chromium
// RUN: tiny-viz %s -o %t.html
// RUN: %chromium --headless --no-sandbox --disable-gpu --user-data-dir=%t.profile --dump-dom file://%t.html 2>/dev/null | FileCheck %s --check-prefix=DOM
// DOM-COUNT-1: <figure class="graph" data-function="norm">
// DOM: <svg
// DOM: data-pass="input"
// DOM: data-pass="tiny-resolve-calls"
// DOM: data-pass="tiny-decompose"
// DOM: data-pass="canonicalize"
// DOM: data-pass="tiny-fold-movement"
// DOM: data-pass="tiny-stabilize-ratios"
// DOM: data-pass="tiny-multi"
// DOM: data-pass="tiny-lower-allreduce"
// DOM: data-pass="tiny-expand-multi"
// DOM: data-pass="tiny-remove-views"
// DOM: data-pass="tiny-snapshot-overwritten"
// DOM: data-pass="tiny-split-reduce"
// DOM: data-pass="tiny-rangeify"
// DOM: data-pass="tiny-simplify-indices"
// DOM: data-kernel="r_4_1"
// DOM: data-kernel="E_4_3"
//
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
