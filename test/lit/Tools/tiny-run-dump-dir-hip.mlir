// tiny-run --dump-dir=D on a program whose kernel runs on a HIP device
// (as tiny-run-dump-dir-cuda.mlir for CUDA): the kernel's kernel-level IR,
// its LLVM IR (the ROCDL kernel module translated, the ROCm device
// libraries linked in, after LLVM's optimizer) and its AMDGCN assembly,
// named after the kernel, and the host code. The files are written as the
// program compiles, before the run fails for want of the HIP driver.
// Reported UNSUPPORTED only where the device libraries or LLVM 22's ld.lld
// are missing (scripts/install-deps.sh installs both).

// REQUIRES: rocm-device-libs, lld-22
// RUN: rm -rf %t
// RUN: not tiny-run %s --dump-dir=%t -i 1,2,3,4 --gpu-driver=%t.missing-driver.so 2>&1 | FileCheck %s --check-prefix=OUT
// OUT-NOT: cannot compile
// OUT: tiny-run: error: device 'HIP' not available: {{.*}}missing-driver.so: cannot open shared object file
// RUN: ls %t | FileCheck %s --check-prefix=FILES
// FILES:      {{^}}E_4.ll
// FILES-NEXT: {{^}}E_4.s
// FILES-NEXT: {{^}}E_4.tiny.mlir
// FILES-NEXT: {{^}}f.ll
// FILES-NEXT: {{^}}f.s
// FILES-NOT: {{.}}
//
// RUN: FileCheck %s --check-prefix=TINY --input-file=%t/E_4.tiny.mlir
// TINY: tiny.k.kernel "E_4" on "HIP" {
// TINY: math.exp2
// The device library's exp2 is linked in and inlined: no call is left.
// RUN: FileCheck %s --check-prefix=LL --input-file=%t/E_4.ll
// LL: target triple = "amdgcn-amd-amdhsa"
// LL: define amdgpu_kernel void @E_4(
// LL-NOT: call {{.*}}@__ocml_exp2
// LL: }
// RUN: FileCheck %s --check-prefix=ASM --input-file=%t/E_4.s
// ASM: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
// ASM: .globl E_4
// ASM: {{^}}E_4:
// ASM: v_exp_f32
// ASM: s_endpgm
// ASM: .amdhsa_kernel E_4
// ASM: .end_amdhsa_kernel
// RUN: FileCheck %s --check-prefix=HOST --input-file=%t/f.ll
// HOST-LABEL: define void @f(
// HOST: call {{.*}}@tiny_host_launch(

tiny.function @f -> tensor<4xf32, #tiny.device<"HIP:0">> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %c = tiny.copy %x to "HIP:0" : tensor<4xf32, #tiny.device<"CPU">>
  %e = tiny.exp2 %c : tensor<4xf32, #tiny.device<"HIP:0">>
  tiny.return %e : tensor<4xf32, #tiny.device<"HIP:0">>
}
