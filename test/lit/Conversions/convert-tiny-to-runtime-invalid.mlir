// RUN: tiny-opt %s -split-input-file -convert-tiny-to-runtime -verify-diagnostics

// The runtime knows a program's buffers by argument position: a buffer the
// function allocates itself cannot be copied by it.
func.func @local_buffer(%a: memref<4xi32>) {
  %b = memref.alloc() : memref<4xi32>
  // expected-error @+1 {{'tiny.k.copy' op destination must be an argument of the enclosing func.func, which the runtime allocates}}
  tiny.k.copy %a[0] to %b[0] count 4 : memref<4xi32>, memref<4xi32>
  return
}
