// Float max on GPUs is IEEE 754-2019 maximum, as on the CPU: what the JIT
// compiles (-tiny-to-nvvm-host / -tiny-to-rocdl-host) keeps arith.maximumf
// for LLVM, which selects an instruction that orders -0 < +0 and returns
// NaN for a NaN operand (sm_80+: max.NaN; AMD: v_max_f32, which orders
// zeros, and a NaN select), in the elementwise kernel and in every step of a
// block's tree reduction. Regression test: -arith-expand ran on the GPU
// kernels before they were outlined and turned each max into a compare and
// select (setp.le + selp) that returns the first of two equal zeros.
// RUN: tiny-opt %s -tiny-to-nvvm-host -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=PTX
// RUN: tiny-opt %s -tiny-to-nvvm-host=chip=sm_70 -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=SM70
// RUN: tiny-opt %s -tiny-to-rocdl-host -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=GCN

#gpu = #tiny.device<"CUDA">

// PTX-LABEL: .visible .entry E_1000(
// PTX: ld.global.b32 [[X:%r[0-9]+]]
// PTX: ld.global.b32 [[Y:%r[0-9]+]]
// PTX-NEXT: max.NaN.f32 [[M:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}};
// PTX-NEXT: st.global.b32 [{{.*}}], [[M]];
// Before sm_80 there is no max.NaN: LLVM's expansion picks NaN and then +0
// over -0 by their bits.
// SM70-LABEL: .visible .entry E_1000(
// SM70: max.f32 [[M:%r[0-9]+]]
// SM70: selp.f32 {{%r[0-9]+}}, 0f7FC00000, [[M]]
// SM70: setp.eq.b32 {{%p[0-9]+}}, {{%r[0-9]+}}, 0;
// SM70: setp.eq.f32 {{%p[0-9]+}}, {{%r[0-9]+}}, 0f00000000;
// GCN-LABEL: E_1000:
// GCN: v_max_f32_e32 [[M:v[0-9]+]], [[A:v[0-9]+]], [[B:v[0-9]+]]
// GCN-NEXT: v_cmp_o_f32_e32 vcc, [[A]], [[B]]
// GCN: v_cndmask_b32_e32 {{v[0-9]+}}, {{.*}}, [[M]], vcc
tiny.function @max -> tensor<1000xf32, #gpu> {
  %x = tiny.param 0 : f32 size 1000 on "CUDA"
  %y = tiny.param 1 : f32 size 1000 on "CUDA"
  %m = tiny.max %x, %y : tensor<1000xf32, #gpu>, tensor<1000xf32, #gpu>
  tiny.return %m : tensor<1000xf32, #gpu>
}

// The rows' maxima, shared by 256 threads: each thread's part, then eight
// halving steps through shared memory, all of them max.NaN.
// PTX-LABEL: .visible .entry r_4_1(
// PTX-NOT: setp.le.f32
// PTX-NOT: selp.f32
// PTX: max.NaN.f32
// PTX: bar.sync 0;
// PTX-COUNT-8: max.NaN.f32
// PTX-NOT: setp.le.f32
// PTX-NOT: selp.f32
// PTX: st.global.b32
tiny.function @rowmax -> tensor<4x1xf32, #gpu> {
  %x = tiny.param 0 : f32 size 16000 on "CUDA"
  %v = tiny.reshape %x to [4, 4000] : tensor<16000xf32, #gpu>
  %m = tiny.reduce max %v axes [1] : tensor<4x4000xf32, #gpu>
  tiny.return %m : tensor<4x1xf32, #gpu>
}
