// The register tiles -tiny-gpu-schedule gives reduction-outside matmuls (4
// rows per thread, and a tail of 3 rows) assemble with NVIDIA's ptxas for
// sm_90, through -tiny-to-nvvm-host (the JIT's GPU path). Without the CUDA
// toolkit this test is reported UNSUPPORTED. No GPU runs them here: their
// results are not checked against a reference.

// REQUIRES: ptxas
// RUN: python3 %S/Inputs/ptxas_check.py --tiny-opt tiny-opt --ptxas %ptxas %S/Inputs/gpu-matmul.mlir | FileCheck %s

// CHECK: gpu-matmul.mlir: 2 kernels, 2 assembled
// CHECK: total: 2 kernels, 2 assembled
