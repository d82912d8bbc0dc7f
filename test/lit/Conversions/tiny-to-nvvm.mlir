// Compile-only: PTX for sm_90 (and another chip) from tensor-level programs.
// RUN: tiny-opt %S/Inputs/gpu-programs.mlir -tiny-to-nvvm -tiny-print-gpu-assembly -o /dev/null | FileCheck %s
// RUN: tiny-opt %S/Inputs/gpu-programs.mlir -tiny-to-nvvm=chip=sm_80 -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=SM80
// RUN: tiny-opt %S/Inputs/gpu-barrier.mlir -tiny-to-nvvm -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=BARRIER
// RUN: tiny-opt %S/Inputs/gpu-programs.mlir -tiny-to-nvvm | FileCheck %s --check-prefix=IR

// Elementwise: 1000 elements in blocks of 256, one per thread, guarded;
// x * y + x stays a multiply and an add (no contraction into an FMA).
// CHECK-LABEL: // gpu.binary @elementwise_kernel #nvvm.target<chip = "sm_90">
// CHECK: .target sm_90
// CHECK: .visible .entry elementwise_kernel(
// CHECK: .maxntid 256, 1, 1
// CHECK: %ctaid.x
// CHECK: %tid.x
// CHECK: bra
// CHECK: ld.global.b32 [[X:%r[0-9]+]]
// CHECK: ld.global.b32 [[Y:%r[0-9]+]]
// CHECK: mul.rn.f32 [[M:%r[0-9]+]], [[X]], [[Y]]
// CHECK: add.rn.f32 [[S:%r[0-9]+]], [[X]], [[M]]
// CHECK: st.global.b32 [{{.*}}], [[S]]
// CHECK-NOT: fma

// A row sum: one thread per row, the reduction a loop in the thread.
// CHECK-LABEL: // gpu.binary @rowsum_kernel
// CHECK: .visible .entry rowsum_kernel(
// CHECK: .maxntid 64, 1, 1
// CHECK: ld.global.b32
// CHECK: bra
// CHECK: st.global.b32

// Matmul: the sum of products contracts into FMAs.
// CHECK-LABEL: // gpu.binary @matmul_kernel
// CHECK: .visible .entry matmul_kernel(
// CHECK: ld.global.b32 [[A:%r[0-9]+]]
// CHECK: ld.global.b32 [[B:%r[0-9]+]]
// CHECK: fma.rn.f32 %r{{[0-9]+}}, [[A]], [[B]], 0f00000000
// CHECK: st.global.b32

// SM80: .target sm_80
// SM80-NOT: .target sm_90

// BARRIER: .visible .entry phases_kernel(
// BARRIER: ld.global.b32
// BARRIER: bar.sync 0
// BARRIER: st.global.b32

// The host side launches each outlined kernel; the kernels are gpu.binary
// objects, nothing of tiny is left.
// IR: func.func @elementwise
// IR: gpu.launch_func @elementwise_kernel::@elementwise_kernel blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in
// IR: gpu.binary @elementwise_kernel [#gpu.object<#nvvm.target<chip = "sm_90">
// IR-NOT: tiny.k.
// IR-NOT: tiny.function
