// `{{` and `}}` in tiny.k.custom code are literal braces, not placeholders.
// RUN: tiny-opt %s | tiny-opt | FileCheck %s

// CHECK-LABEL: func.func @block
// CHECK: tiny.k.custom "do {{[{][{]}} f({0}); {{[}][}]}} while (0)"(%{{.*}}) : (i32) -> ()
func.func @block(%x: i32) {
  tiny.k.custom "do {{ f({0}); }} while (0)"(%x) : (i32) -> ()
  return
}
