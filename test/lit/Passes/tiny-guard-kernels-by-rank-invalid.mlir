// RUN: tiny-opt %s -split-input-file -tiny-guard-kernels-by-rank -verify-diagnostics

// A host function is neither guarded by rank nor given the buffers of the
// rank that owns them: refused in a program across ranks.
func.func @host_function_across_ranks(%a: memref<16xf32> {tiny.buffer = #tiny.buffer<param 0 on "CPU@1">},
                                      %c: memref<16xf32> {tiny.buffer = #tiny.buffer<output 0>}) {
  // expected-error @below {{'tiny.k.custom_function' op calls host function 'sgemm' in a program across MPI ranks, which is not supported yet}}
  tiny.k.custom_function "sgemm"(%a, %a : memref<16xf32>, memref<16xf32>) to (%c : memref<16xf32>) signature (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

// The same call in a program of one process is not this pass's concern.
func.func @host_function_one_process(%a: memref<16xf32> {tiny.buffer = #tiny.buffer<param 0 on "CPU:1">},
                                     %c: memref<16xf32> {tiny.buffer = #tiny.buffer<output 0>}) {
  tiny.k.custom_function "sgemm"(%a, %a : memref<16xf32>, memref<16xf32>) to (%c : memref<16xf32>) signature (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}
