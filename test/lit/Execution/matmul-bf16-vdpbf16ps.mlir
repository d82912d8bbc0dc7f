// On a host with AVX512_BF16 the CPU pipeline runs -tiny-x86-dot-bf16: the
// kernel of Inputs/matmul_bf16.mlir (whose results matmul-bf16-order.mlir
// checks) adds its bf16 products with vdpbf16ps only, no f32 FMA left, and
// loads each pair of A's elements with one 32-bit broadcast from memory, as
// it lies (no swap of its halves: the reduction may reassociate).
// vdpbf16ps flushes subnormal results to zero, where the f32 FMAs keep
// them: sums of 64 products of 2^-70 by 2^-70, 2^-134 exactly in f32
// arithmetic, come out 0 (-tiny-x86-dot-bf16's description says so).
// REQUIRES: avx512bf16

// RUN: rm -rf %t && mkdir -p %t
// RUN: tiny-run %S/Inputs/matmul_bf16.mlir --dump-dir=%t --print-lowered | FileCheck %s --check-prefix=LOWERED
// RUN: FileCheck %s --check-prefix=ASM < %t/r_40_80_1.s
// RUN: FileCheck %s --check-prefix=NONE < %t/r_40_80_1.s
// RUN: %python %S/Inputs/matmul_bf16_order.py gen-subnormal %t
// RUN: %python %S/Inputs/matmul_bf16_order.py run %t %S/Inputs/matmul_bf16.mlir %t/subnormal.npy
// RUN: %python %S/Inputs/matmul_bf16_order.py check-subnormal %t/subnormal.npy | FileCheck %s --check-prefix=FLUSHED
// FLUSHED: 0 sums 2^-134, 3200 flushed to 0, 0 other
// LOWERED: llvm.call_intrinsic "llvm.x86.avx512bf16.dpbf16ps.512"
// ASM:     vbroadcastss {{-?[0-9]*}}(%{{.*}}), %zmm
// ASM:     vdpbf16ps
// NONE-NOT: vfmadd
// NONE-NOT: vprold
