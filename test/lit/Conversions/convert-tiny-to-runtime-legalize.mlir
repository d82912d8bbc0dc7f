// RUN: tiny-opt %s -split-input-file -convert-tiny-to-runtime -verify-diagnostics

// A host function's buffer whose dtype the runtime has no code for: the
// pattern says why it cannot describe the buffer, and the conversion, for
// which tiny.k.custom_function is illegal, names the op it failed on.
func.func @wide(%a: memref<4xi128>, %b: memref<4xi128>) {
  // expected-error @+2 {{'tiny.k.custom_function' op passes a buffer of 'i128', which has no runtime dtype, to a host function}}
  // expected-error @+1 {{failed to legalize operation 'tiny.k.custom_function' that was explicitly marked illegal}}
  tiny.k.custom_function "widen"(%a : memref<4xi128>) to (%b : memref<4xi128>) signature (tensor<4xi128>) -> tensor<4xi128>
  return
}
