// RUN: tiny-opt %s -split-input-file -verify-diagnostics -tiny-expand-upcast

// An UPCAST range's body is copied once per index: a bound known only at
// run time cannot be.
func.func @upcast_dynamic(%o: memref<8xf32>, %n: index) {
  tiny.k.kernel "E_n" {
    %one = arith.constant 1.0 : f32
    // expected-error @below {{'tiny.k.range' op is an upcast range, whose body is copied once per index: its bound must be a constant}}
    tiny.k.range upcast %i < %n {
      %p = tiny.k.index %o[%i] : memref<8xf32>
      tiny.k.store %p, %one : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

func.func @unroll_dynamic(%a: memref<8xf32>, %o: memref<1xf32>, %n: index) {
  tiny.k.kernel "r_n" {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    // expected-error @below {{'tiny.k.range' op is an unroll range, whose body is copied once per index: its bound must be a constant}}
    %s = tiny.k.range unroll %r < %n iter_args(%acc = %zero) -> (f32) {
      %p = tiny.k.index %a[%r] : memref<8xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %n2 = arith.addf %acc, %v : f32
      tiny.k.end %n2 : f32
    }
    %q = tiny.k.index %o[%c0] : memref<1xf32>
    tiny.k.store %q, %s : !tiny.ptr<f32, global>
  }
  return
}
