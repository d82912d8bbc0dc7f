// Verifier errors of tiny.custom_kernel.
// RUN: tiny-opt %s -split-input-file -verify-diagnostics

// The kernel is named.
func.func @no_name(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tiny.custom_kernel' op needs a kernel name}}
  %r = tiny.custom_kernel ""(%a) : tensor<4xf32> {
  ^bb0(%buf: memref<4xf32>):
  }
  return %r : tensor<4xf32>
}

// -----

// A kernel with no buffer has nothing to write (generic form: the custom
// form has no spelling for it).
func.func @no_buffer() {
  // expected-error @+1 {{'tiny.custom_kernel' op needs at least one buffer for the kernel to write}}
  "tiny.custom_kernel"() ({
  ^bb0:
  }) {name = "empty"} : () -> ()
  return
}

// -----

// One buffer per argument.
func.func @buffer_count(%a: tensor<4xf32>, %b: tensor<2xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tiny.custom_kernel' op has 1 buffers in its body for 2 arguments}}
  %r:2 = tiny.custom_kernel "k"(%a, %b) : tensor<4xf32>, tensor<2xi32> {
  ^bb0(%buf: memref<4xf32>):
  }
  return %r#0 : tensor<4xf32>
}

// -----

// A buffer is the flat form of its argument: one axis of all its elements.
func.func @buffer_shape(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'tiny.custom_kernel' op buffer #0 must be 'memref<6xf32>' (the flat buffer of 'tensor<2x3xf32>'), not 'memref<2x3xf32>'}}
  %r = tiny.custom_kernel "k"(%a) : tensor<2x3xf32> {
  ^bb0(%buf: memref<2x3xf32>):
  }
  return %r : tensor<2x3xf32>
}

// -----

// Integers are stored signless.
func.func @buffer_signedness(%a: tensor<4xui8>) -> tensor<4xui8> {
  // expected-error @+1 {{'tiny.custom_kernel' op buffer #0 must be 'memref<4xi8>' (the flat buffer of 'tensor<4xui8>'), not 'memref<4xui8>'}}
  %r = tiny.custom_kernel "k"(%a) : tensor<4xui8> {
  ^bb0(%buf: memref<4xui8>):
  }
  return %r : tensor<4xui8>
}

// -----

// The body sees only its buffers.
func.func @isolated(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  // expected-note @+1 {{required by region isolation constraints}}
  %r = tiny.custom_kernel "k"(%a) : tensor<4xf32> {
  ^bb0(%buf: memref<4xf32>):
    // expected-error @+1 {{using value defined outside the region}}
    %p = tiny.k.index %buf[%c0] : memref<4xf32>
  }
  return %r : tensor<4xf32>
}
