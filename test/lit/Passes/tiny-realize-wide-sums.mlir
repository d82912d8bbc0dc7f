// RUN: tiny-opt %s -split-input-file -tiny-realize-wide-sums | FileCheck %s

// tinygrad's f16 matmul on the host: the f16 product widened, summed in
// f32 and cast back to f16. The f32 sum becomes a buffer of its own
// (tiny.contiguous), which the cast reads.
// CHECK-LABEL: tiny.function @f16_matmul
// CHECK:         %[[SUM:.*]] = tiny.reduce add %{{.*}} axes [2] : tensor<32x64x64xf32, #tiny.device<"CPU">>
// CHECK-NEXT:    %[[WIDE:.*]] = tiny.contiguous %[[SUM]] : tensor<32x64x1xf32, #tiny.device<"CPU">>
// CHECK-NEXT:    tiny.cast %[[WIDE]] to f16
#dev = #tiny.device<"CPU">
tiny.function @f16_matmul -> tensor<32x64xf16, #dev> {
  %a = tiny.param 0 : f16 size 2048 on "CPU"
  %b = tiny.param 1 : f16 size 4096 on "CPU"
  %a3 = tiny.reshape %a to [32, 1, 64] : tensor<2048xf16, #dev>
  %ae = tiny.expand %a3 to [32, 64, 64] : tensor<32x1x64xf16, #dev>
  %b2 = tiny.reshape %b to [64, 64] : tensor<4096xf16, #dev>
  %bt = tiny.permute %b2 [1, 0] : tensor<64x64xf16, #dev>
  %b3 = tiny.reshape %bt to [1, 64, 64] : tensor<64x64xf16, #dev>
  %be = tiny.expand %b3 to [32, 64, 64] : tensor<1x64x64xf16, #dev>
  %p = tiny.mul %ae, %be : tensor<32x64x64xf16, #dev>
  %pf = tiny.cast %p to f32 : tensor<32x64x64xf16, #dev>
  %s = tiny.reduce add %pf axes [2] : tensor<32x64x64xf32, #dev>
  %h = tiny.cast %s to f16 : tensor<32x64x1xf32, #dev>
  %c = tiny.reshape %h to [32, 64] : tensor<32x64x1xf16, #dev>
  tiny.return %c : tensor<32x64xf16, #dev>
}

// -----

// An f32 matmul narrowed to bf16 afterwards: the same.
// CHECK-LABEL: tiny.function @f32_matmul_to_bf16
// CHECK:         %[[SUM:.*]] = tiny.reduce add
// CHECK-NEXT:    %[[WIDE:.*]] = tiny.contiguous %[[SUM]]
// CHECK-NEXT:    tiny.cast %[[WIDE]] to bf16
#dev = #tiny.device<"CPU">
tiny.function @f32_matmul_to_bf16 -> tensor<32x64x1xbf16, #dev> {
  %a = tiny.param 0 : f32 size 2048 on "CPU"
  %b = tiny.param 1 : f32 size 4096 on "CPU"
  %a3 = tiny.reshape %a to [32, 1, 64] : tensor<2048xf32, #dev>
  %ae = tiny.expand %a3 to [32, 64, 64] : tensor<32x1x64xf32, #dev>
  %b3 = tiny.reshape %b to [1, 64, 64] : tensor<4096xf32, #dev>
  %be = tiny.expand %b3 to [32, 64, 64] : tensor<1x64x64xf32, #dev>
  %p = tiny.mul %ae, %be : tensor<32x64x64xf32, #dev>
  %s = tiny.reduce add %p axes [2] : tensor<32x64x64xf32, #dev>
  %h = tiny.cast %s to bf16 : tensor<32x64x1xf32, #dev>
  tiny.return %h : tensor<32x64x1xbf16, #dev>
}

// -----

// Left alone: a sum kept in f32 (nothing narrows it), a narrowed sum of
// something other than a product (a row sum), one of fewer than 2^14
// elements, a maximum, and a GPU's tensors.
// CHECK-LABEL: tiny.function @kept_f32
// CHECK-NOT:     tiny.contiguous
// CHECK-LABEL: tiny.function @row_sum
// CHECK-NOT:     tiny.contiguous
// CHECK-LABEL: tiny.function @small
// CHECK-NOT:     tiny.contiguous
// CHECK-LABEL: tiny.function @max_of_products
// CHECK-NOT:     tiny.contiguous
// CHECK-LABEL: tiny.function @gpu
// CHECK-NOT:     tiny.contiguous
#dev = #tiny.device<"CPU">
#gpu = #tiny.device<"CUDA">
tiny.function @kept_f32 -> tensor<32x64x1xf32, #dev> {
  %a = tiny.param 0 : f16 size 131072 on "CPU"
  %b = tiny.param 1 : f16 size 131072 on "CPU"
  %a3 = tiny.reshape %a to [32, 64, 64] : tensor<131072xf16, #dev>
  %b3 = tiny.reshape %b to [32, 64, 64] : tensor<131072xf16, #dev>
  %p = tiny.mul %a3, %b3 : tensor<32x64x64xf16, #dev>
  %pf = tiny.cast %p to f32 : tensor<32x64x64xf16, #dev>
  %s = tiny.reduce add %pf axes [2] : tensor<32x64x64xf32, #dev>
  tiny.return %s : tensor<32x64x1xf32, #dev>
}
tiny.function @row_sum -> tensor<32x64x1xf16, #dev> {
  %a = tiny.param 0 : f16 size 131072 on "CPU"
  %a3 = tiny.reshape %a to [32, 64, 64] : tensor<131072xf16, #dev>
  %af = tiny.cast %a3 to f32 : tensor<32x64x64xf16, #dev>
  %s = tiny.reduce add %af axes [2] : tensor<32x64x64xf32, #dev>
  %h = tiny.cast %s to f16 : tensor<32x64x1xf32, #dev>
  tiny.return %h : tensor<32x64x1xf16, #dev>
}
tiny.function @small -> tensor<8x8x1xf16, #dev> {
  %a = tiny.param 0 : f16 size 512 on "CPU"
  %b = tiny.param 1 : f16 size 512 on "CPU"
  %a3 = tiny.reshape %a to [8, 8, 8] : tensor<512xf16, #dev>
  %b3 = tiny.reshape %b to [8, 8, 8] : tensor<512xf16, #dev>
  %p = tiny.mul %a3, %b3 : tensor<8x8x8xf16, #dev>
  %pf = tiny.cast %p to f32 : tensor<8x8x8xf16, #dev>
  %s = tiny.reduce add %pf axes [2] : tensor<8x8x8xf32, #dev>
  %h = tiny.cast %s to f16 : tensor<8x8x1xf32, #dev>
  tiny.return %h : tensor<8x8x1xf16, #dev>
}
tiny.function @max_of_products -> tensor<32x64x1xf16, #dev> {
  %a = tiny.param 0 : f16 size 131072 on "CPU"
  %b = tiny.param 1 : f16 size 131072 on "CPU"
  %a3 = tiny.reshape %a to [32, 64, 64] : tensor<131072xf16, #dev>
  %b3 = tiny.reshape %b to [32, 64, 64] : tensor<131072xf16, #dev>
  %p = tiny.mul %a3, %b3 : tensor<32x64x64xf16, #dev>
  %pf = tiny.cast %p to f32 : tensor<32x64x64xf16, #dev>
  %s = tiny.reduce max %pf axes [2] : tensor<32x64x64xf32, #dev>
  %h = tiny.cast %s to f16 : tensor<32x64x1xf32, #dev>
  tiny.return %h : tensor<32x64x1xf16, #dev>
}
tiny.function @gpu -> tensor<32x64x1xf16, #gpu> {
  %a = tiny.param 0 : f16 size 131072 on "CUDA"
  %b = tiny.param 1 : f16 size 131072 on "CUDA"
  %a3 = tiny.reshape %a to [32, 64, 64] : tensor<131072xf16, #gpu>
  %b3 = tiny.reshape %b to [32, 64, 64] : tensor<131072xf16, #gpu>
  %p = tiny.mul %a3, %b3 : tensor<32x64x64xf16, #gpu>
  %pf = tiny.cast %p to f32 : tensor<32x64x64xf16, #gpu>
  %s = tiny.reduce add %pf axes [2] : tensor<32x64x64xf32, #gpu>
  %h = tiny.cast %s to f16 : tensor<32x64x1xf32, #gpu>
  tiny.return %h : tensor<32x64x1xf16, #gpu>
}
