// RUN: tiny-opt %s -split-input-file -convert-gpu-launch-to-runtime -verify-diagnostics

// The runtime launches outlined kernels (gpu.launch_func); a gpu.launch that
// -gpu-kernel-outlining did not outline has no kernel to load, and the
// conversion, for which it is illegal, fails naming it.
func.func @not_outlined(%a: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{failed to legalize operation 'gpu.launch' that was explicitly marked illegal}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  }
  return
}
