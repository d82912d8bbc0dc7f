// RUN: tiny-opt %s -split-input-file -convert-tiny-to-scf -verify-diagnostics

// The conversion marks every kernel-level and host-schedule tiny op illegal;
// one that no pattern of the CPU lowering handles fails it, named. A copy
// between devices' buffers is the runtime's (-convert-tiny-to-runtime).
func.func @copy(%a: memref<4xi32>, %b: memref<4xi32>) {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.copy' that was explicitly marked illegal}}
  tiny.k.copy %a[0] to %b[0] count 4 : memref<4xi32>, memref<4xi32>
  return
}

// -----

// The same inside a kernel, after its range and memory ops: the failure
// names the op, not the kernel around it.
func.func @copy_in_kernel(%a: memref<4xf32>, %b: memref<4xf32>) {
  %c4 = arith.constant 4 : index
  tiny.k.kernel "E_4" {
    tiny.k.range loop %i < %c4 {
      %p = tiny.k.index %a[%i] : memref<4xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %q = tiny.k.index %b[%i] : memref<4xf32>
      tiny.k.store %q, %v : !tiny.ptr<f32, global>
    }
    // expected-error @+1 {{failed to legalize operation 'tiny.k.copy' that was explicitly marked illegal}}
    tiny.k.copy %a[0] to %b[0] count 4 : memref<4xf32>, memref<4xf32>
  }
  return
}
