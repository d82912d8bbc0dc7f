// Kernels that call the ROCm device libraries (exp2 and log2 become
// __ocml_exp2_f32 and __ocml_log2_f32) compile with no GPU: to AMDGCN
// assembly with the calls linked in and inlined, and with ld.lld to a HIP
// code object, read back here with llvm-objdump. Reported UNSUPPORTED only
// where the device libraries or LLVM 22's ld.lld are missing
// (scripts/install-deps.sh installs both).

// REQUIRES: rocm-device-libs, lld-22
// RUN: tiny-opt %s -tiny-rocdl-module-to-binary=format=isa -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=ISA
// RUN: rm -rf %t && tiny-opt %s -tiny-rocdl-module-to-binary | %python %S/../Inputs/gpu_binary_objects.py %t | FileCheck %s --check-prefix=FILES
// RUN: llvm-objdump -d %t/exp2_log2.0 | FileCheck %s --check-prefix=BIN
// RUN: llvm-readelf --file-header --dyn-syms %t/exp2_log2.0 | FileCheck %s --check-prefix=ELF
// With dump-dir, the kernel module's LLVM IR after LLVM's optimizer (the
// device libraries linked in: no call left) and its assembly go to files
// named after it.
// RUN: rm -rf %t.dump && tiny-opt %s -tiny-rocdl-module-to-binary=dump-dir=%t.dump -o /dev/null
// RUN: ls %t.dump | FileCheck %s --check-prefix=DUMP-FILES
// RUN: FileCheck %s --check-prefix=DUMP-LL --input-file=%t.dump/exp2_log2.ll
// RUN: FileCheck %s --check-prefix=DUMP-S --input-file=%t.dump/exp2_log2.s
// The same from a tensor-level program, through the pipeline users run.
// RUN: tiny-opt %S/../Inputs/gpu-device-library.mlir -tiny-to-rocdl -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=PIPELINE
// RUN: rm -rf %t.pipeline && tiny-opt %S/../Inputs/gpu-device-library.mlir -tiny-to-rocdl=format=bin | %python %S/../Inputs/gpu_binary_objects.py %t.pipeline | FileCheck %s --check-prefix=PIPELINE-FILES

// ISA: // gpu.binary @exp2_log2 #rocdl.target<chip = "gfx942">
// ISA: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
// ISA: kernel:
// ISA-NOT: {{__ocml|s_swappc}}
// ISA: v_exp_f32
// ISA-NOT: {{__ocml|s_swappc}}
// ISA: v_log_f32
// ISA-NOT: {{__ocml|s_swappc}}
// ISA: s_endpgm

// FILES: exp2_log2.0

// DUMP-FILES:      {{^}}exp2_log2.ll
// DUMP-FILES-NEXT: {{^}}exp2_log2.s
// DUMP-FILES-NOT: {{.}}
// DUMP-LL: target triple = "amdgcn-amd-amdhsa"
// DUMP-LL: define amdgpu_kernel void @kernel(
// DUMP-LL-NOT: call {{.*}}@__ocml
// DUMP-LL: }
// DUMP-S: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
// DUMP-S: {{^}}kernel:
// DUMP-S: v_exp_f32
// DUMP-S: v_log_f32
// DUMP-S: .amdhsa_kernel kernel

// BIN: <kernel>:
// BIN: v_exp_f32
// BIN: v_log_f32
// BIN: s_endpgm

// A shared object for AMDGPU defining the kernel and its descriptor, and
// needing nothing (ld.lld ran with --no-undefined).
// ELF: Type: DYN
// ELF: Machine: EM_AMDGPU
// ELF: Symbol table '.dynsym'
// ELF-NOT: UND {{[_a-zA-Z]}}
// ELF-DAG: GLOBAL {{.*}} kernel{{$}}
// ELF-DAG: GLOBAL {{.*}} kernel.kd{{$}}

// exp2, log2 and sin of f32 and exp2 of f64, all inlined (no call is
// left): the f32 exp2 and log2 become the hardware's instructions, sin and
// the f64 exp2 polynomials.
// PIPELINE-LABEL: // gpu.binary @E_1000
// PIPELINE-NOT: {{__ocml|s_swappc}}
// PIPELINE: v_exp_f32
// PIPELINE-NOT: {{__ocml|s_swappc}}
// PIPELINE: v_log_f32
// PIPELINE-NOT: {{__ocml|s_swappc}}
// PIPELINE: s_endpgm
// PIPELINE-LABEL: // gpu.binary @E_1000_0
// PIPELINE-NOT: {{__ocml|s_swappc}}
// PIPELINE: v_fma_f64
// PIPELINE-NOT: {{__ocml|s_swappc}}
// PIPELINE: v_ldexp_f64
// PIPELINE-NOT: {{__ocml|s_swappc}}
// PIPELINE: s_endpgm

// PIPELINE-FILES: E_1000.0
// PIPELINE-FILES: E_1000_0.0

module attributes {gpu.container_module} {
  gpu.module @exp2_log2 [#rocdl.target<chip = "gfx942">] {
    llvm.func @__ocml_exp2_f32(f32) -> f32
    llvm.func @__ocml_log2_f32(f32) -> f32
    llvm.func @kernel(%p: !llvm.ptr<1>) attributes {gpu.kernel, rocdl.kernel} {
      %x = llvm.load %p : !llvm.ptr<1> -> f32
      %e = llvm.call @__ocml_exp2_f32(%x) : (f32) -> f32
      %l = llvm.call @__ocml_log2_f32(%e) : (f32) -> f32
      llvm.store %l, %p : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}
