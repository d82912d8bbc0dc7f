// Compile-only: PTX for sm_90 (and another chip) from tensor-level programs.
// RUN: tiny-opt %S/Inputs/gpu-programs.mlir -tiny-to-nvvm -tiny-print-gpu-assembly -o /dev/null | FileCheck %s
// RUN: tiny-opt %S/Inputs/gpu-programs.mlir -tiny-to-nvvm=chip=sm_80 -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=SM80
// RUN: tiny-opt %S/Inputs/gpu-barrier.mlir -tiny-to-nvvm -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=BARRIER
// RUN: tiny-opt %S/Inputs/gpu-programs.mlir -tiny-to-nvvm | FileCheck %s --check-prefix=IR
// RUN: tiny-opt %S/Inputs/gpu-reduce.mlir -tiny-to-nvvm -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=GROUP
// RUN: tiny-opt %S/Inputs/gpu-reduce.mlir -tiny-to-nvvm | FileCheck %s --check-prefix=GROUP-IR
// RUN: tiny-opt %S/Inputs/gpu-local.mlir -tiny-to-nvvm -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=LOCAL
// RUN: tiny-opt %S/Inputs/gpu-upcast.mlir -tiny-to-nvvm -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=UPCAST
// RUN: tiny-opt %S/Inputs/gpu-matmul.mlir -tiny-to-nvvm -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=MATMUL

// Elementwise: 1000 elements in blocks of 256, one per thread, guarded;
// x * y + x stays a multiply and an add (no contraction into an FMA).
// CHECK-LABEL: // gpu.binary @E_1000 #nvvm.target<chip = "sm_90">
// CHECK: .target sm_90
// CHECK: .visible .entry E_1000(
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
// CHECK-LABEL: // gpu.binary @r_64_1
// CHECK: .visible .entry r_64_1(
// CHECK: .maxntid 64, 1, 1
// CHECK: ld.global.b32
// CHECK: bra
// CHECK: st.global.b32

// Matmul: a block per row of C, a thread per column; the sum of products
// contracts into FMAs.
// CHECK-LABEL: // gpu.binary @r_16_16
// CHECK: .visible .entry r_16_16(
// CHECK: .maxntid 16, 1, 1
// CHECK-DAG: %ctaid.x
// CHECK-DAG: %tid.x
// CHECK: ld.global.b32 [[A:%r[0-9]+]]
// CHECK: ld.global.b32 [[B:%r[0-9]+]]
// CHECK: fma.rn.f32 %r{{[0-9]+}}, [[A]], [[B]], 0f00000000
// CHECK: st.global.b32

// trunc is one instruction (math.trunc has no libdevice call in the NVVM
// conversion; it goes through the LLVM intrinsic). Kernels take tinygrad's
// names; this one's equals the first kernel's, so its module is numbered
// while the kernel keeps the name.
// CHECK-LABEL: // gpu.binary @E_1000_0
// CHECK: .visible .entry E_1000(
// CHECK: ld.global.b32 [[X:%r[0-9]+]]
// CHECK: cvt.rzi.f32.f32 [[T:%r[0-9]+]], [[X]]
// CHECK: st.global.b32 [{{.*}}], [[T]]

// SM80: .target sm_80
// SM80-NOT: .target sm_90

// BARRIER: .visible .entry E_256(
// BARRIER: ld.global.b32
// BARRIER: bar.sync 0
// BARRIER: st.global.b32

// The host side launches each outlined kernel; the kernels are gpu.binary
// objects, nothing of tiny is left.
// IR: func.func @elementwise
// IR: gpu.launch_func @E_1000::@E_1000 blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in
// IR: gpu.binary @E_1000 [#gpu.object<#nvvm.target<chip = "sm_90">
// IR-NOT: tiny.k.
// IR-NOT: tiny.function

// A sum of 65536 elements to one: the 256 threads of a block each sum a
// strided part, then combine the parts in shared memory, a tree of eight
// steps with a barrier before each and one before the total is read; only
// the first thread stores it.
// GROUP-LABEL: // gpu.binary @r_1
// GROUP: .visible .entry r_1(
// GROUP: .maxntid 256, 1, 1
// GROUP: .shared .align 4 .b8 __wg_r_1_0[1024];
// GROUP: %tid.x
// GROUP: ld.global.b32 [[X:%r[0-9]+]]
// GROUP: add.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, [[X]]
// GROUP: st.shared.b32
// GROUP-NEXT: bar.sync 0;
// GROUP-COUNT-8: bar.sync 0;
// GROUP-NOT: bar.sync
// GROUP: ld.shared.b32 %r{{[0-9]+}}, [__wg_r_1_0];
// GROUP: st.global.b32
// GROUP-NOT: bar.sync
// Four row maxima: a block per row.
// GROUP-LABEL: // gpu.binary @r_4_1
// GROUP: .maxntid 256, 1, 1
// GROUP: .shared .align 4 .b8 __wg_r_4_1_0[1024];
// GROUP-DAG: %ctaid.x
// GROUP-DAG: %tid.x
// GROUP: ld.global.b32
// GROUP: max.NaN.f32
// GROUP: st.shared.b32
// GROUP: bar.sync 0;
// GROUP: st.global.b32

// GROUP-IR-LABEL: func.func @sum
// GROUP-IR: gpu.launch_func @r_1::@r_1 blocks in (%[[ONE:.*]], %[[ONE]], %[[ONE]]) threads in (%[[N:.*]], %[[ONE]], %[[ONE]])
// GROUP-IR-LABEL: func.func @rowmax
// GROUP-IR: gpu.launch_func @r_4_1::@r_4_1 blocks in (%[[FOUR:.*]], %[[ONE:.*]], %[[ONE]]) threads in (%[[N:.*]], %[[ONE]], %[[ONE]])

// A tiled matmul: 4x4 blocks of 16x16 threads, the tiles of A and B in
// shared memory; each step waits before overwriting them and before
// reading them.
// LOCAL: .visible .entry r_64_64(
// LOCAL: .maxntid 16, 16, 1
// LOCAL: .shared .align 4 .b8 __wg_r_64_64_0[1024];
// LOCAL: .shared .align 4 .b8 __wg_r_64_64_1[1024];
// LOCAL-DAG: %ctaid.x
// LOCAL-DAG: %ctaid.y
// LOCAL-DAG: %tid.x
// LOCAL-DAG: %tid.y
// LOCAL: ld.global.b32 [[A:%r[0-9]+]]
// LOCAL-NEXT: bar.sync 0;
// LOCAL-NEXT: st.shared.b32 [{{.*}}], [[A]];
// LOCAL-NEXT: ld.global.b32 [[B:%r[0-9]+]]
// LOCAL-NEXT: st.shared.b32 [{{.*}}], [[B]];
// LOCAL-NEXT: bar.sync 0;
// LOCAL-NEXT: ld.shared
// LOCAL: fma.rn.f32
// LOCAL-NOT: bar.sync
// LOCAL: st.global.b32

// A GPU kernel's UPCAST range is materialized as a CPU kernel's is
// (-tiny-expand-upcast runs after -tiny-gpu-schedule): the 4 rows of a
// thread are reduced in one loop, which loads a row's element of W for each
// of them and the element of x they share once, and carries 4 sums (not 4
// loops one after the other, each loading x again).
// UPCAST-LABEL: .visible .entry r_256_4_64(
// UPCAST: $L__BB0_1:
// UPCAST-COUNT-5: ld.global.b32
// UPCAST-NOT: ld.global
// UPCAST-COUNT-4: add.rn.f32
// UPCAST: @%p1 bra $L__BB0_1;
// UPCAST-NOT: bra
// UPCAST-COUNT-4: st.global.b32
// UPCAST-NOT: ld.global
// UPCAST: ret;

// A reduction-outside matmul's register tile (-tiny-gpu-schedule UPCASTs
// its rows 4 at a time): each of the 64 threads computes 4 rows of C, 256
// floats (1024 bytes) apart; per reduced index and column it loads the 4
// accumulators, the 4 rows' A[i, k] and B[k, j] once for the 4 FMAs: 9
// loads per 4 FMAs, where a thread per row loads 3 per FMA.
// MATMUL-LABEL: // gpu.binary @r_256_256_1
// MATMUL: .maxntid 64, 1, 1
// MATMUL-COUNT-8: ld.global.b32
// MATMUL-NOT: fma
// MATMUL: ld.global.b32 [[B:%r[0-9]+]]
// MATMUL-NOT: ld.global
// MATMUL: fma.rn.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, [[B]], %r{{[0-9]+}}
// MATMUL-NEXT: fma.rn.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, [[B]], %r{{[0-9]+}}
// MATMUL-NEXT: fma.rn.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, [[B]], %r{{[0-9]+}}
// MATMUL-NEXT: fma.rn.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, [[B]], %r{{[0-9]+}}
// MATMUL-NEXT: st.global.b32
// MATMUL-NEXT: st.global.b32
// MATMUL-NEXT: st.global.b32
// MATMUL-NEXT: st.global.b32
// MATMUL-NOT: ld.global
// MATMUL: bra
// 19 rows: 4 threads take rows 0-15, 4 each; thread 0 then computes rows
// 16-18 (zeroes them, 3 x 256 stores unrolled by 4, and accumulates them)
// as a tile of 3: 7 loads per 3 FMAs.
// MATMUL-LABEL: // gpu.binary @r_19_256_1
// MATMUL: .maxntid 4, 1, 1
// MATMUL-COUNT-8: ld.global.b32
// MATMUL-NOT: fma
// MATMUL: ld.global.b32 [[B:%r[0-9]+]]
// MATMUL-NOT: ld.global
// MATMUL: fma.rn.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, [[B]], %r{{[0-9]+}}
// MATMUL-NEXT: fma.rn.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, [[B]], %r{{[0-9]+}}
// MATMUL-NEXT: fma.rn.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, [[B]], %r{{[0-9]+}}
// MATMUL-NEXT: fma.rn.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, [[B]], %r{{[0-9]+}}
// MATMUL-NEXT: st.global.b32
// MATMUL-NEXT: st.global.b32
// MATMUL-NEXT: st.global.b32
// MATMUL-NEXT: st.global.b32
// MATMUL-NOT: ld.global
// MATMUL: bra
// MATMUL-COUNT-12: st.global.b32 [{{.*}}], 0;
// MATMUL-COUNT-6: ld.global.b32
// MATMUL-NOT: fma
// MATMUL: ld.global.b32 [[B3:%r[0-9]+]]
// MATMUL-NOT: ld.global
// MATMUL: fma.rn.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, [[B3]], %r{{[0-9]+}}
// MATMUL-NEXT: fma.rn.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, [[B3]], %r{{[0-9]+}}
// MATMUL-NEXT: fma.rn.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, [[B3]], %r{{[0-9]+}}
// MATMUL-NEXT: st.global.b32
