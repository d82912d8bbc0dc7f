// A bf16 matmul with f32 accumulation sums each output over k one step at a
// time, each rounded once as an FMA rounds it, in one of two orders: on a
// host with AVX512_BF16 the register tiles' pairs of steps run as vdpbf16ps
// (-tiny-x86-dot-bf16; matmul-bf16-vdpbf16ps.mlir checks that they do),
// which adds each pair (k, k + 1) second first (the reduction's adds may
// reassociate, and A's rows hold the pairs that way round); elsewhere the
// f32 FMAs add k = 0, 1, 2, ... in order. %bf16_pair_order (lit.cfg.py)
// names the host's. Inputs/matmul_bf16_order.py computes the sums exactly
// as fractions and checks that its inputs round differently in the two
// orders, so a dot product pairing k the other way fails here. The program
// (Inputs/matmul_bf16.mlir) is 40 x 64 x 80: rows UPCAST by 8, k UNROLLed
// by 4, tiles of 32, 32 and 16 columns.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/matmul_bf16_order.py gen %t
// RUN: %python %S/Inputs/matmul_bf16_order.py run %t %S/Inputs/matmul_bf16.mlir %t/out.npy
// RUN: %python %S/Inputs/matmul_bf16_order.py check %t %t/out.npy %bf16_pair_order | FileCheck %s
// CHECK: 0 of 3200 sums differ from the {{in-order|pairs-swapped}} ones
