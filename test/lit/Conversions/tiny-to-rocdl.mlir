// Compile-only: AMDGCN code objects for gfx942 (and gfx90a, gfx1100) from
// tensor-level programs. No ROCm device libraries are needed: the kernels
// call none.
// RUN: tiny-opt %S/Inputs/gpu-programs.mlir -tiny-to-rocdl -tiny-print-gpu-assembly -o /dev/null | FileCheck %s
// RUN: tiny-opt %S/Inputs/gpu-programs.mlir -tiny-to-rocdl=chip=gfx90a -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=GFX90A
// RUN: tiny-opt %S/Inputs/gpu-programs.mlir -tiny-to-rocdl=chip=gfx1100 -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=GFX1100
// RUN: tiny-opt %S/Inputs/gpu-barrier.mlir -tiny-to-rocdl -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=BARRIER

// CHECK-LABEL: // gpu.binary @elementwise_kernel #rocdl.target<chip = "gfx942">
// CHECK: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
// CHECK: elementwise_kernel:
// CHECK: global_load_dword
// CHECK: v_mul_f32
// CHECK: v_add_f32
// CHECK: global_store_dword
// CHECK: s_endpgm
// CHECK-LABEL: // gpu.binary @rowsum_kernel
// CHECK: global_load_dword
// CHECK: s_endpgm
// CHECK-LABEL: // gpu.binary @matmul_kernel
// CHECK: global_load_dword
// CHECK: v_fma
// CHECK: global_store_dword
// CHECK: s_endpgm

// GFX90A: .amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
// GFX90A: s_endpgm
// GFX1100: .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
// GFX1100: s_endpgm

// BARRIER: phases_kernel:
// BARRIER: global_load_dword
// BARRIER: s_barrier
// BARRIER: global_store_dword
