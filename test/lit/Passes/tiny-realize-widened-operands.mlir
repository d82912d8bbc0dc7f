// RUN: tiny-opt %s -split-input-file -tiny-realize-widened-operands | FileCheck %s

// C = f32(A) @ f32(B) with A and B in f16 on the host: A, which the product
// broadcasts along the output's last axis (the same element for all 64
// columns), is widened once into a buffer of its own (tiny.contiguous);
// B's cast, read along the columns, stays fused.
// CHECK-LABEL: tiny.function @f16_matmul
// CHECK:         %[[A:.*]] = tiny.param 0
// CHECK:         %[[B:.*]] = tiny.param 1
// CHECK:         %[[AF:.*]] = tiny.cast %[[A]] to f32
// CHECK-NEXT:    %[[AW:.*]] = tiny.contiguous %[[AF]] : tensor<2048xf32, #tiny.device<"CPU">>
// CHECK-NEXT:    %[[BF:.*]] = tiny.cast %[[B]] to f32
// CHECK-NOT:     tiny.contiguous
// CHECK:         tiny.reshape %[[AW]] to [32, 1, 64]
// CHECK:         tiny.reshape %[[BF]] to [64, 64]
#dev = #tiny.device<"CPU">
tiny.function @f16_matmul -> tensor<32x64xf32, #dev> {
  %a = tiny.param 0 : f16 size 2048 on "CPU"
  %b = tiny.param 1 : f16 size 4096 on "CPU"
  %af = tiny.cast %a to f32 : tensor<2048xf16, #dev>
  %bf = tiny.cast %b to f32 : tensor<4096xf16, #dev>
  %a3 = tiny.reshape %af to [32, 1, 64] : tensor<2048xf32, #dev>
  %ae = tiny.expand %a3 to [32, 64, 64] : tensor<32x1x64xf32, #dev>
  %b2 = tiny.reshape %bf to [64, 64] : tensor<4096xf32, #dev>
  %bt = tiny.permute %b2 [1, 0] : tensor<64x64xf32, #dev>
  %b3 = tiny.reshape %bt to [1, 64, 64] : tensor<64x64xf32, #dev>
  %be = tiny.expand %b3 to [32, 64, 64] : tensor<1x64x64xf32, #dev>
  %p = tiny.mul %ae, %be : tensor<32x64x64xf32, #dev>
  %s = tiny.reduce add %p axes [2] : tensor<32x64x64xf32, #dev>
  %c = tiny.reshape %s to [32, 64] : tensor<32x64x1xf32, #dev>
  tiny.return %c : tensor<32x64xf32, #dev>
}

// -----

// Left alone: bf16 (-tiny-x86-dot-bf16 multiplies it unwidened), fewer
// than 16 columns, a cast read elsewhere too, a GPU's tensors.
// CHECK-LABEL: tiny.function @bf16
// CHECK-NOT:     tiny.contiguous
// CHECK-LABEL: tiny.function @few_columns
// CHECK-NOT:     tiny.contiguous
// CHECK-LABEL: tiny.function @cast_read_twice
// CHECK-NOT:     tiny.contiguous
// CHECK-LABEL: tiny.function @gpu
// CHECK-NOT:     tiny.contiguous
#dev = #tiny.device<"CPU">
#gpu = #tiny.device<"CUDA">
tiny.function @bf16 -> tensor<32x64x1xf32, #dev> {
  %a = tiny.param 0 : bf16 size 2048 on "CPU"
  %b = tiny.param 1 : f32 size 4096 on "CPU"
  %af = tiny.cast %a to f32 : tensor<2048xbf16, #dev>
  %a3 = tiny.reshape %af to [32, 1, 64] : tensor<2048xf32, #dev>
  %ae = tiny.expand %a3 to [32, 64, 64] : tensor<32x1x64xf32, #dev>
  %b3 = tiny.reshape %b to [1, 64, 64] : tensor<4096xf32, #dev>
  %be = tiny.expand %b3 to [32, 64, 64] : tensor<1x64x64xf32, #dev>
  %p = tiny.mul %ae, %be : tensor<32x64x64xf32, #dev>
  %s = tiny.reduce add %p axes [2] : tensor<32x64x64xf32, #dev>
  tiny.return %s : tensor<32x64x1xf32, #dev>
}
tiny.function @few_columns -> tensor<32x8x1xf32, #dev> {
  %a = tiny.param 0 : f16 size 2048 on "CPU"
  %b = tiny.param 1 : f32 size 512 on "CPU"
  %af = tiny.cast %a to f32 : tensor<2048xf16, #dev>
  %a3 = tiny.reshape %af to [32, 1, 64] : tensor<2048xf32, #dev>
  %ae = tiny.expand %a3 to [32, 8, 64] : tensor<32x1x64xf32, #dev>
  %b3 = tiny.reshape %b to [1, 8, 64] : tensor<512xf32, #dev>
  %be = tiny.expand %b3 to [32, 8, 64] : tensor<1x8x64xf32, #dev>
  %p = tiny.mul %ae, %be : tensor<32x8x64xf32, #dev>
  %s = tiny.reduce add %p axes [2] : tensor<32x8x64xf32, #dev>
  tiny.return %s : tensor<32x8x1xf32, #dev>
}
tiny.function @cast_read_twice -> tensor<32x64x1xf32, #dev> {
  %a = tiny.param 0 : f16 size 2048 on "CPU"
  %b = tiny.param 1 : f32 size 4096 on "CPU"
  %af = tiny.cast %a to f32 : tensor<2048xf16, #dev>
  %a3 = tiny.reshape %af to [32, 1, 64] : tensor<2048xf32, #dev>
  %ae = tiny.expand %a3 to [32, 64, 64] : tensor<32x1x64xf32, #dev>
  %b3 = tiny.reshape %b to [1, 64, 64] : tensor<4096xf32, #dev>
  %be = tiny.expand %b3 to [32, 64, 64] : tensor<1x64x64xf32, #dev>
  %p = tiny.mul %ae, %be : tensor<32x64x64xf32, #dev>
  %s = tiny.reduce add %p axes [2] : tensor<32x64x64xf32, #dev>
  %twice = tiny.add %af, %af : tensor<2048xf32, #dev>
  %t3 = tiny.reshape %twice to [32, 1, 64] : tensor<2048xf32, #dev>
  %te = tiny.expand %t3 to [32, 64, 64] : tensor<32x1x64xf32, #dev>
  %q = tiny.mul %te, %be : tensor<32x64x64xf32, #dev>
  %r = tiny.reduce add %q axes [2] : tensor<32x64x64xf32, #dev>
  %sum = tiny.add %s, %r : tensor<32x64x1xf32, #dev>
  tiny.return %sum : tensor<32x64x1xf32, #dev>
}
tiny.function @gpu -> tensor<32x64x1xf32, #gpu> {
  %a = tiny.param 0 : f16 size 2048 on "CUDA"
  %b = tiny.param 1 : f32 size 4096 on "CUDA"
  %af = tiny.cast %a to f32 : tensor<2048xf16, #gpu>
  %a3 = tiny.reshape %af to [32, 1, 64] : tensor<2048xf32, #gpu>
  %ae = tiny.expand %a3 to [32, 64, 64] : tensor<32x1x64xf32, #gpu>
  %b3 = tiny.reshape %b to [1, 64, 64] : tensor<4096xf32, #gpu>
  %be = tiny.expand %b3 to [32, 64, 64] : tensor<1x64x64xf32, #gpu>
  %p = tiny.mul %ae, %be : tensor<32x64x64xf32, #gpu>
  %s = tiny.reduce add %p axes [2] : tensor<32x64x64xf32, #gpu>
  tiny.return %s : tensor<32x64x1xf32, #gpu>
}
