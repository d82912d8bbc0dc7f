// Compile-only: AMDGCN code objects for gfx942 (and gfx90a, gfx1100) from
// tensor-level programs. No ROCm device libraries are needed: the kernels
// call none.
// RUN: tiny-opt %S/Inputs/gpu-programs.mlir -tiny-to-rocdl -tiny-print-gpu-assembly -o /dev/null | FileCheck %s
// RUN: tiny-opt %S/Inputs/gpu-programs.mlir -tiny-to-rocdl=chip=gfx90a -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=GFX90A
// RUN: tiny-opt %S/Inputs/gpu-programs.mlir -tiny-to-rocdl=chip=gfx1100 -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=GFX1100
// RUN: tiny-opt %S/Inputs/gpu-barrier.mlir -tiny-to-rocdl -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=BARRIER
// RUN: tiny-opt %S/Inputs/gpu-reduce.mlir -tiny-to-rocdl -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=GROUP
// RUN: tiny-opt %S/Inputs/gpu-local.mlir -tiny-to-rocdl -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=LOCAL

// CHECK-LABEL: // gpu.binary @E_1000 #rocdl.target<chip = "gfx942">
// CHECK: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
// CHECK: E_1000:
// CHECK: global_load_dword
// CHECK: v_mul_f32
// CHECK: v_add_f32
// CHECK: global_store_dword
// CHECK: s_endpgm
// CHECK-LABEL: // gpu.binary @r_64_1
// CHECK: global_load_dword
// CHECK: s_endpgm
// CHECK-LABEL: // gpu.binary @r_16_16
// CHECK: global_load_dword
// CHECK: v_fma
// CHECK: global_store_dword
// CHECK: s_endpgm

// CHECK-LABEL: // gpu.binary @E_1000_0
// CHECK: global_load_dword [[X:v[0-9]+]]
// CHECK: v_trunc_f32_e32 [[T:v[0-9]+]], [[X]]
// CHECK: global_store_dword v{{[0-9]+}}, [[T]]
// CHECK: s_endpgm

// GFX90A: .amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
// GFX90A: s_endpgm
// GFX1100: .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
// GFX1100: s_endpgm

// BARRIER: E_256:
// BARRIER: global_load_dword
// BARRIER: s_barrier
// BARRIER: global_store_dword

// A sum to a scalar in LDS: parts, then eight tree steps, barriers between.
// GROUP-LABEL: // gpu.binary @r_1
// GROUP: r_1:
// GROUP: global_load_dword
// GROUP: ds_write_b32
// GROUP: s_barrier
// GROUP-COUNT-8: s_barrier
// GROUP-NOT: s_barrier
// GROUP: global_store_dword
// GROUP: s_endpgm
// GROUP: .amdhsa_group_segment_fixed_size 1024
// GROUP-LABEL: // gpu.binary @r_4_1
// GROUP: global_load_dword
// GROUP: v_max_f32
// GROUP: ds_write_b32
// GROUP: s_barrier
// GROUP: global_store_dword
// GROUP: s_endpgm

// LOCAL: r_64_64:
// LOCAL: global_load_dword
// LOCAL: s_barrier
// LOCAL: ds_write
// LOCAL: s_barrier
// LOCAL: ds_read
// LOCAL: v_fma
// LOCAL: global_store_dword
// LOCAL: s_endpgm
// LOCAL: .amdhsa_group_segment_fixed_size 2048
