// RUN: tiny-opt %s -split-input-file -convert-tiny-to-runtime -verify-diagnostics

// Each failure is reported twice: why the pattern cannot lower the op, as the
// op's error, then the conversion's failure, which names the op.

// The runtime knows a program's buffers by argument position: a buffer the
// function allocates itself cannot be copied by it.
func.func @local_buffer(%a: memref<4xi32>) {
  %b = memref.alloc() : memref<4xi32>
  // expected-error @+2 {{'tiny.k.copy' op destination must be an argument of the enclosing func.func, which the runtime allocates}}
  // expected-error @+1 {{failed to legalize operation 'tiny.k.copy' that was explicitly marked illegal}}
  tiny.k.copy %a[0] to %b[0] count 4 : memref<4xi32>, memref<4xi32>
  return
}

// -----

// A host function's buffer whose dtype the runtime has no code for.
func.func @wide(%a: memref<4xi128>, %b: memref<4xi128>) {
  // expected-error @+2 {{'tiny.k.custom_function' op passes a buffer of 'i128', which has no runtime dtype, to a host function}}
  // expected-error @+1 {{failed to legalize operation 'tiny.k.custom_function' that was explicitly marked illegal}}
  tiny.k.custom_function "widen"(%a : memref<4xi128>) to (%b : memref<4xi128>) signature (tensor<4xi128>) -> tensor<4xi128>
  return
}
