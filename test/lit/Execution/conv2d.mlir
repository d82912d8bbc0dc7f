// tinygrad's conv2d as tinygrad builds it (pad, then 6 x 6 copies of the
// input expanded, permuted, flattened, shrunk and split again into windows,
// a product with the weights and a reduce), exported by tiny_tinygrad from
// x.conv2d(w, ...) and run by tiny-run; Inputs/conv2d.py computes each
// result with numpy. The inputs are small integers, so every result is
// exact in f32 whatever order the sums take.
//
//   conv_5x5       x 4x32x24x24, w 32x32x5x5 (beautiful_mnist's second conv)
//   conv_pad       x 1x8x18x18, w 16x8x3x3, padding 1
//   conv_stride    x 2x4x11x11, w 8x4x3x3, stride 2, padding 1
//   conv_dilation  x 1x3x12x12, w 4x3x3x3, dilation 2
//   conv_groups    x 2x4x9x9, w 6x2x3x3, 2 groups, padding (1, 2)
//
// The windows' row and column come out of the reshapes as divisions and
// remainders of flat offsets by constants; -tiny-simplify-indices (in
// -tiny-to-llvm) writes them as sums of the loop indices, so the lowered
// convolutions divide nothing (but the group's channel, outside the
// reduction, in conv_groups). conv_5x5, conv_pad and conv_stride are
// register-tiled with vectors by -tiny-optimize (conv_stride's 6 columns
// as one tile, a vector of 6 lanes), conv_pad's padded input read by masked
// vector loads, conv_stride's every other column by masked loads of twice
// the lanes and a shuffle of the even ones (conv2d-strided.mlir has more).

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/conv2d.py gen %t
// RUN: tiny-run %s --entry=conv_5x5 -i %t/conv_5x5.x.npy -i %t/conv_5x5.w.npy -o %t/conv_5x5.out.npy
// RUN: tiny-run %s --entry=conv_pad -i %t/conv_pad.x.npy -i %t/conv_pad.w.npy -o %t/conv_pad.out.npy
// RUN: tiny-run %s --entry=conv_stride -i %t/conv_stride.x.npy -i %t/conv_stride.w.npy -o %t/conv_stride.out.npy
// RUN: tiny-run %s --entry=conv_dilation -i %t/conv_dilation.x.npy -i %t/conv_dilation.w.npy -o %t/conv_dilation.out.npy
// RUN: tiny-run %s --entry=conv_groups -i %t/conv_groups.x.npy -i %t/conv_groups.w.npy -o %t/conv_groups.out.npy
// RUN: %python %S/Inputs/conv2d.py check %t | FileCheck %s
// RUN: tiny-opt %s -tiny-to-llvm | FileCheck %s --check-prefix=LOWERED

// CHECK:      conv_5x5: 4x32x20x20 exact
// CHECK-NEXT: conv_pad: 1x16x18x18 exact
// CHECK-NEXT: conv_stride: 2x8x6x6 exact
// CHECK-NEXT: conv_dilation: 1x4x8x8 exact
// CHECK-NEXT: conv_groups: 2x6x9x11 exact

// LOWERED-LABEL: llvm.func @conv_5x5
// LOWERED-NOT:     llvm.udiv
// LOWERED-NOT:     llvm.urem
// LOWERED:         vector<
// LOWERED-NOT:     llvm.udiv
// LOWERED-NOT:     llvm.urem
// LOWERED-LABEL: llvm.func @conv_pad
// LOWERED-NOT:     llvm.udiv
// LOWERED-NOT:     llvm.urem
// LOWERED:         llvm.intr.masked.load
// LOWERED-NOT:     llvm.udiv
// LOWERED-NOT:     llvm.urem
// LOWERED-LABEL: llvm.func @conv_stride
// LOWERED-NOT:     llvm.udiv
// LOWERED-NOT:     llvm.urem
// LOWERED:         %[[WIDE:.*]] = llvm.intr.masked.load
// LOWERED-NEXT:    llvm.shufflevector %[[WIDE]], %[[WIDE]] [0, 2,
// LOWERED-NOT:     llvm.udiv
// LOWERED-NOT:     llvm.urem
// LOWERED-LABEL: llvm.func @conv_dilation
// LOWERED-NOT:     llvm.udiv
// LOWERED-NOT:     llvm.urem
// LOWERED-LABEL: llvm.func @conv_groups

tiny.function @conv_5x5 -> tensor<4x32x20x20xf32, #tiny.device<"CPU">> {
    %0 = tiny.param 0 : f32 size 73728 on "CPU"
    %1 = tiny.reshape %0 to [4, 32, 24, 24] : tensor<73728xf32, #tiny.device<"CPU">>
    %2 = tiny.reshape %1 to [4, 32, 1, 24, 1, 24] : tensor<4x32x24x24xf32, #tiny.device<"CPU">>
    %3 = tiny.reshape %2 to [4, 32, 24, 24] : tensor<4x32x1x24x1x24xf32, #tiny.device<"CPU">>
    %4 = tiny.reshape %3 to [1, 1, 4, 32, 24, 24] : tensor<4x32x24x24xf32, #tiny.device<"CPU">>
    %5 = tiny.expand %4 to [6, 6, 4, 32, 24, 24] : tensor<1x1x4x32x24x24xf32, #tiny.device<"CPU">>
    %6 = tiny.permute %5 [2, 3, 0, 4, 1, 5] : tensor<6x6x4x32x24x24xf32, #tiny.device<"CPU">>
    %7 = tiny.reshape %6 to [4, 32, 144, 144] : tensor<4x32x6x24x6x24xf32, #tiny.device<"CPU">>
    %8 = tiny.shrink %7 [0, 0, 0, 0] to [4, 32, 125, 125] : tensor<4x32x144x144xf32, #tiny.device<"CPU">>
    %9 = tiny.reshape %8 to [4, 32, 5, 25, 5, 25] : tensor<4x32x125x125xf32, #tiny.device<"CPU">>
    %10 = tiny.shrink %9 [0, 0, 0, 0, 0, 0] to [4, 32, 5, 20, 5, 20] : tensor<4x32x5x25x5x25xf32, #tiny.device<"CPU">>
    %11 = tiny.reshape %10 to [4, 32, 5, 20, 1, 5, 20, 1] : tensor<4x32x5x20x5x20xf32, #tiny.device<"CPU">>
    %12 = tiny.reshape %11 to [4, 32, 5, 20, 5, 20] : tensor<4x32x5x20x1x5x20x1xf32, #tiny.device<"CPU">>
    %13 = tiny.permute %12 [0, 1, 3, 5, 2, 4] : tensor<4x32x5x20x5x20xf32, #tiny.device<"CPU">>
    %14 = tiny.reshape %13 to [4, 1, 32, 1, 20, 20, 5, 5] : tensor<4x32x20x20x5x5xf32, #tiny.device<"CPU">>
    %15 = tiny.reshape %14 to [4, 1, 32, 20, 20, 5, 5] : tensor<4x1x32x1x20x20x5x5xf32, #tiny.device<"CPU">>
    %16 = tiny.reshape %15 to [1, 4, 1, 32, 20, 20, 5, 5] : tensor<4x1x32x20x20x5x5xf32, #tiny.device<"CPU">>
    %17 = tiny.expand %16 to [32, 4, 1, 32, 20, 20, 5, 5] : tensor<1x4x1x32x20x20x5x5xf32, #tiny.device<"CPU">>
    %18 = tiny.permute %17 [1, 2, 3, 0, 4, 5, 6, 7] : tensor<32x4x1x32x20x20x5x5xf32, #tiny.device<"CPU">>
    %19 = tiny.permute %18 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<4x1x32x32x20x20x5x5xf32, #tiny.device<"CPU">>
    %20 = tiny.param 1 : f32 size 25600 on "CPU"
    %21 = tiny.reshape %20 to [32, 32, 5, 5] : tensor<25600xf32, #tiny.device<"CPU">>
    %22 = tiny.reshape %21 to [1, 1, 32, 1, 1, 32, 5, 5] : tensor<32x32x5x5xf32, #tiny.device<"CPU">>
    %23 = tiny.mul %19, %22 : tensor<4x1x32x20x20x32x5x5xf32, #tiny.device<"CPU">>, tensor<1x1x32x1x1x32x5x5xf32, #tiny.device<"CPU">>
    %24 = tiny.permute %23 [5, 6, 7, 0, 1, 2, 3, 4] : tensor<4x1x32x20x20x32x5x5xf32, #tiny.device<"CPU">>
    %25 = tiny.reduce add %24 axes [0, 1, 2] : tensor<32x5x5x4x1x32x20x20xf32, #tiny.device<"CPU">>
    %26 = tiny.reshape %25 to [4, 1, 32, 20, 20] : tensor<1x1x1x4x1x32x20x20xf32, #tiny.device<"CPU">>
    %27 = tiny.reshape %26 to [4, 1, 32, 20, 20, 1, 1, 1] : tensor<4x1x32x20x20xf32, #tiny.device<"CPU">>
    %28 = tiny.reshape %27 to [4, 32, 20, 20] : tensor<4x1x32x20x20x1x1x1xf32, #tiny.device<"CPU">>
    tiny.return %28 : tensor<4x32x20x20xf32, #tiny.device<"CPU">>
}

tiny.function @conv_pad -> tensor<1x16x18x18xf32, #tiny.device<"CPU">> {
    %0 = tiny.param 0 : f32 size 2592 on "CPU"
    %1 = tiny.reshape %0 to [1, 8, 18, 18] : tensor<2592xf32, #tiny.device<"CPU">>
    %2 = tiny.pad %1 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<1x8x18x18xf32, #tiny.device<"CPU">>
    %3 = tiny.reshape %2 to [1, 8, 1, 20, 1, 20] : tensor<1x8x20x20xf32, #tiny.device<"CPU">>
    %4 = tiny.reshape %3 to [1, 8, 20, 20] : tensor<1x8x1x20x1x20xf32, #tiny.device<"CPU">>
    %5 = tiny.reshape %4 to [1, 1, 1, 8, 20, 20] : tensor<1x8x20x20xf32, #tiny.device<"CPU">>
    %6 = tiny.expand %5 to [4, 4, 1, 8, 20, 20] : tensor<1x1x1x8x20x20xf32, #tiny.device<"CPU">>
    %7 = tiny.permute %6 [2, 3, 0, 4, 1, 5] : tensor<4x4x1x8x20x20xf32, #tiny.device<"CPU">>
    %8 = tiny.reshape %7 to [1, 8, 80, 80] : tensor<1x8x4x20x4x20xf32, #tiny.device<"CPU">>
    %9 = tiny.shrink %8 [0, 0, 0, 0] to [1, 8, 63, 63] : tensor<1x8x80x80xf32, #tiny.device<"CPU">>
    %10 = tiny.reshape %9 to [1, 8, 3, 21, 3, 21] : tensor<1x8x63x63xf32, #tiny.device<"CPU">>
    %11 = tiny.shrink %10 [0, 0, 0, 0, 0, 0] to [1, 8, 3, 18, 3, 18] : tensor<1x8x3x21x3x21xf32, #tiny.device<"CPU">>
    %12 = tiny.reshape %11 to [1, 8, 3, 18, 1, 3, 18, 1] : tensor<1x8x3x18x3x18xf32, #tiny.device<"CPU">>
    %13 = tiny.reshape %12 to [1, 8, 3, 18, 3, 18] : tensor<1x8x3x18x1x3x18x1xf32, #tiny.device<"CPU">>
    %14 = tiny.permute %13 [0, 1, 3, 5, 2, 4] : tensor<1x8x3x18x3x18xf32, #tiny.device<"CPU">>
    %15 = tiny.reshape %14 to [1, 1, 8, 1, 18, 18, 3, 3] : tensor<1x8x18x18x3x3xf32, #tiny.device<"CPU">>
    %16 = tiny.reshape %15 to [1, 1, 8, 18, 18, 3, 3] : tensor<1x1x8x1x18x18x3x3xf32, #tiny.device<"CPU">>
    %17 = tiny.reshape %16 to [1, 1, 1, 8, 18, 18, 3, 3] : tensor<1x1x8x18x18x3x3xf32, #tiny.device<"CPU">>
    %18 = tiny.expand %17 to [16, 1, 1, 8, 18, 18, 3, 3] : tensor<1x1x1x8x18x18x3x3xf32, #tiny.device<"CPU">>
    %19 = tiny.permute %18 [1, 2, 3, 0, 4, 5, 6, 7] : tensor<16x1x1x8x18x18x3x3xf32, #tiny.device<"CPU">>
    %20 = tiny.permute %19 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x8x16x18x18x3x3xf32, #tiny.device<"CPU">>
    %21 = tiny.param 1 : f32 size 1152 on "CPU"
    %22 = tiny.reshape %21 to [16, 8, 3, 3] : tensor<1152xf32, #tiny.device<"CPU">>
    %23 = tiny.reshape %22 to [1, 1, 16, 1, 1, 8, 3, 3] : tensor<16x8x3x3xf32, #tiny.device<"CPU">>
    %24 = tiny.mul %20, %23 : tensor<1x1x16x18x18x8x3x3xf32, #tiny.device<"CPU">>, tensor<1x1x16x1x1x8x3x3xf32, #tiny.device<"CPU">>
    %25 = tiny.permute %24 [5, 6, 7, 0, 1, 2, 3, 4] : tensor<1x1x16x18x18x8x3x3xf32, #tiny.device<"CPU">>
    %26 = tiny.reduce add %25 axes [0, 1, 2] : tensor<8x3x3x1x1x16x18x18xf32, #tiny.device<"CPU">>
    %27 = tiny.reshape %26 to [1, 1, 16, 18, 18] : tensor<1x1x1x1x1x16x18x18xf32, #tiny.device<"CPU">>
    %28 = tiny.reshape %27 to [1, 1, 16, 18, 18, 1, 1, 1] : tensor<1x1x16x18x18xf32, #tiny.device<"CPU">>
    %29 = tiny.reshape %28 to [1, 16, 18, 18] : tensor<1x1x16x18x18x1x1x1xf32, #tiny.device<"CPU">>
    tiny.return %29 : tensor<1x16x18x18xf32, #tiny.device<"CPU">>
}

tiny.function @conv_stride -> tensor<2x8x6x6xf32, #tiny.device<"CPU">> {
    %0 = tiny.param 0 : f32 size 968 on "CPU"
    %1 = tiny.reshape %0 to [2, 4, 11, 11] : tensor<968xf32, #tiny.device<"CPU">>
    %2 = tiny.pad %1 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<2x4x11x11xf32, #tiny.device<"CPU">>
    %3 = tiny.reshape %2 to [2, 4, 1, 13, 1, 13] : tensor<2x4x13x13xf32, #tiny.device<"CPU">>
    %4 = tiny.reshape %3 to [2, 4, 13, 13] : tensor<2x4x1x13x1x13xf32, #tiny.device<"CPU">>
    %5 = tiny.reshape %4 to [1, 1, 2, 4, 13, 13] : tensor<2x4x13x13xf32, #tiny.device<"CPU">>
    %6 = tiny.expand %5 to [4, 4, 2, 4, 13, 13] : tensor<1x1x2x4x13x13xf32, #tiny.device<"CPU">>
    %7 = tiny.permute %6 [2, 3, 0, 4, 1, 5] : tensor<4x4x2x4x13x13xf32, #tiny.device<"CPU">>
    %8 = tiny.reshape %7 to [2, 4, 52, 52] : tensor<2x4x4x13x4x13xf32, #tiny.device<"CPU">>
    %9 = tiny.shrink %8 [0, 0, 0, 0] to [2, 4, 42, 42] : tensor<2x4x52x52xf32, #tiny.device<"CPU">>
    %10 = tiny.reshape %9 to [2, 4, 3, 14, 3, 14] : tensor<2x4x42x42xf32, #tiny.device<"CPU">>
    %11 = tiny.shrink %10 [0, 0, 0, 0, 0, 0] to [2, 4, 3, 12, 3, 12] : tensor<2x4x3x14x3x14xf32, #tiny.device<"CPU">>
    %12 = tiny.reshape %11 to [2, 4, 3, 6, 2, 3, 6, 2] : tensor<2x4x3x12x3x12xf32, #tiny.device<"CPU">>
    %13 = tiny.shrink %12 [0, 0, 0, 0, 0, 0, 0, 0] to [2, 4, 3, 6, 1, 3, 6, 1] : tensor<2x4x3x6x2x3x6x2xf32, #tiny.device<"CPU">>
    %14 = tiny.reshape %13 to [2, 4, 3, 6, 3, 6] : tensor<2x4x3x6x1x3x6x1xf32, #tiny.device<"CPU">>
    %15 = tiny.permute %14 [0, 1, 3, 5, 2, 4] : tensor<2x4x3x6x3x6xf32, #tiny.device<"CPU">>
    %16 = tiny.reshape %15 to [2, 1, 4, 1, 6, 6, 3, 3] : tensor<2x4x6x6x3x3xf32, #tiny.device<"CPU">>
    %17 = tiny.reshape %16 to [2, 1, 4, 6, 6, 3, 3] : tensor<2x1x4x1x6x6x3x3xf32, #tiny.device<"CPU">>
    %18 = tiny.reshape %17 to [1, 2, 1, 4, 6, 6, 3, 3] : tensor<2x1x4x6x6x3x3xf32, #tiny.device<"CPU">>
    %19 = tiny.expand %18 to [8, 2, 1, 4, 6, 6, 3, 3] : tensor<1x2x1x4x6x6x3x3xf32, #tiny.device<"CPU">>
    %20 = tiny.permute %19 [1, 2, 3, 0, 4, 5, 6, 7] : tensor<8x2x1x4x6x6x3x3xf32, #tiny.device<"CPU">>
    %21 = tiny.permute %20 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<2x1x4x8x6x6x3x3xf32, #tiny.device<"CPU">>
    %22 = tiny.param 1 : f32 size 288 on "CPU"
    %23 = tiny.reshape %22 to [8, 4, 3, 3] : tensor<288xf32, #tiny.device<"CPU">>
    %24 = tiny.reshape %23 to [1, 1, 8, 1, 1, 4, 3, 3] : tensor<8x4x3x3xf32, #tiny.device<"CPU">>
    %25 = tiny.mul %21, %24 : tensor<2x1x8x6x6x4x3x3xf32, #tiny.device<"CPU">>, tensor<1x1x8x1x1x4x3x3xf32, #tiny.device<"CPU">>
    %26 = tiny.permute %25 [5, 6, 7, 0, 1, 2, 3, 4] : tensor<2x1x8x6x6x4x3x3xf32, #tiny.device<"CPU">>
    %27 = tiny.reduce add %26 axes [0, 1, 2] : tensor<4x3x3x2x1x8x6x6xf32, #tiny.device<"CPU">>
    %28 = tiny.reshape %27 to [2, 1, 8, 6, 6] : tensor<1x1x1x2x1x8x6x6xf32, #tiny.device<"CPU">>
    %29 = tiny.reshape %28 to [2, 1, 8, 6, 6, 1, 1, 1] : tensor<2x1x8x6x6xf32, #tiny.device<"CPU">>
    %30 = tiny.reshape %29 to [2, 8, 6, 6] : tensor<2x1x8x6x6x1x1x1xf32, #tiny.device<"CPU">>
    tiny.return %30 : tensor<2x8x6x6xf32, #tiny.device<"CPU">>
}

tiny.function @conv_dilation -> tensor<1x4x8x8xf32, #tiny.device<"CPU">> {
    %0 = tiny.param 0 : f32 size 432 on "CPU"
    %1 = tiny.reshape %0 to [1, 3, 12, 12] : tensor<432xf32, #tiny.device<"CPU">>
    %2 = tiny.reshape %1 to [1, 3, 1, 12, 1, 12] : tensor<1x3x12x12xf32, #tiny.device<"CPU">>
    %3 = tiny.reshape %2 to [1, 3, 12, 12] : tensor<1x3x1x12x1x12xf32, #tiny.device<"CPU">>
    %4 = tiny.reshape %3 to [1, 1, 1, 3, 12, 12] : tensor<1x3x12x12xf32, #tiny.device<"CPU">>
    %5 = tiny.expand %4 to [4, 4, 1, 3, 12, 12] : tensor<1x1x1x3x12x12xf32, #tiny.device<"CPU">>
    %6 = tiny.permute %5 [2, 3, 0, 4, 1, 5] : tensor<4x4x1x3x12x12xf32, #tiny.device<"CPU">>
    %7 = tiny.reshape %6 to [1, 3, 48, 48] : tensor<1x3x4x12x4x12xf32, #tiny.device<"CPU">>
    %8 = tiny.shrink %7 [0, 0, 0, 0] to [1, 3, 42, 42] : tensor<1x3x48x48xf32, #tiny.device<"CPU">>
    %9 = tiny.reshape %8 to [1, 3, 3, 14, 3, 14] : tensor<1x3x42x42xf32, #tiny.device<"CPU">>
    %10 = tiny.shrink %9 [0, 0, 0, 0, 0, 0] to [1, 3, 3, 8, 3, 8] : tensor<1x3x3x14x3x14xf32, #tiny.device<"CPU">>
    %11 = tiny.reshape %10 to [1, 3, 3, 8, 1, 3, 8, 1] : tensor<1x3x3x8x3x8xf32, #tiny.device<"CPU">>
    %12 = tiny.reshape %11 to [1, 3, 3, 8, 3, 8] : tensor<1x3x3x8x1x3x8x1xf32, #tiny.device<"CPU">>
    %13 = tiny.permute %12 [0, 1, 3, 5, 2, 4] : tensor<1x3x3x8x3x8xf32, #tiny.device<"CPU">>
    %14 = tiny.reshape %13 to [1, 1, 3, 1, 8, 8, 3, 3] : tensor<1x3x8x8x3x3xf32, #tiny.device<"CPU">>
    %15 = tiny.reshape %14 to [1, 1, 3, 8, 8, 3, 3] : tensor<1x1x3x1x8x8x3x3xf32, #tiny.device<"CPU">>
    %16 = tiny.reshape %15 to [1, 1, 1, 3, 8, 8, 3, 3] : tensor<1x1x3x8x8x3x3xf32, #tiny.device<"CPU">>
    %17 = tiny.expand %16 to [4, 1, 1, 3, 8, 8, 3, 3] : tensor<1x1x1x3x8x8x3x3xf32, #tiny.device<"CPU">>
    %18 = tiny.permute %17 [1, 2, 3, 0, 4, 5, 6, 7] : tensor<4x1x1x3x8x8x3x3xf32, #tiny.device<"CPU">>
    %19 = tiny.permute %18 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x3x4x8x8x3x3xf32, #tiny.device<"CPU">>
    %20 = tiny.param 1 : f32 size 108 on "CPU"
    %21 = tiny.reshape %20 to [4, 3, 3, 3] : tensor<108xf32, #tiny.device<"CPU">>
    %22 = tiny.reshape %21 to [1, 1, 4, 1, 1, 3, 3, 3] : tensor<4x3x3x3xf32, #tiny.device<"CPU">>
    %23 = tiny.mul %19, %22 : tensor<1x1x4x8x8x3x3x3xf32, #tiny.device<"CPU">>, tensor<1x1x4x1x1x3x3x3xf32, #tiny.device<"CPU">>
    %24 = tiny.permute %23 [5, 6, 7, 0, 1, 2, 3, 4] : tensor<1x1x4x8x8x3x3x3xf32, #tiny.device<"CPU">>
    %25 = tiny.reduce add %24 axes [0, 1, 2] : tensor<3x3x3x1x1x4x8x8xf32, #tiny.device<"CPU">>
    %26 = tiny.reshape %25 to [1, 1, 4, 8, 8] : tensor<1x1x1x1x1x4x8x8xf32, #tiny.device<"CPU">>
    %27 = tiny.reshape %26 to [1, 1, 4, 8, 8, 1, 1, 1] : tensor<1x1x4x8x8xf32, #tiny.device<"CPU">>
    %28 = tiny.reshape %27 to [1, 4, 8, 8] : tensor<1x1x4x8x8x1x1x1xf32, #tiny.device<"CPU">>
    tiny.return %28 : tensor<1x4x8x8xf32, #tiny.device<"CPU">>
}

tiny.function @conv_groups -> tensor<2x6x9x11xf32, #tiny.device<"CPU">> {
    %0 = tiny.param 0 : f32 size 648 on "CPU"
    %1 = tiny.reshape %0 to [2, 4, 9, 9] : tensor<648xf32, #tiny.device<"CPU">>
    %2 = tiny.pad %1 low [0, 0, 1, 2] high [0, 0, 1, 2] : tensor<2x4x9x9xf32, #tiny.device<"CPU">>
    %3 = tiny.reshape %2 to [2, 4, 1, 11, 1, 13] : tensor<2x4x11x13xf32, #tiny.device<"CPU">>
    %4 = tiny.reshape %3 to [2, 4, 11, 13] : tensor<2x4x1x11x1x13xf32, #tiny.device<"CPU">>
    %5 = tiny.reshape %4 to [1, 1, 2, 4, 11, 13] : tensor<2x4x11x13xf32, #tiny.device<"CPU">>
    %6 = tiny.expand %5 to [4, 4, 2, 4, 11, 13] : tensor<1x1x2x4x11x13xf32, #tiny.device<"CPU">>
    %7 = tiny.permute %6 [2, 3, 0, 4, 1, 5] : tensor<4x4x2x4x11x13xf32, #tiny.device<"CPU">>
    %8 = tiny.reshape %7 to [2, 4, 44, 52] : tensor<2x4x4x11x4x13xf32, #tiny.device<"CPU">>
    %9 = tiny.shrink %8 [0, 0, 0, 0] to [2, 4, 36, 42] : tensor<2x4x44x52xf32, #tiny.device<"CPU">>
    %10 = tiny.reshape %9 to [2, 4, 3, 12, 3, 14] : tensor<2x4x36x42xf32, #tiny.device<"CPU">>
    %11 = tiny.shrink %10 [0, 0, 0, 0, 0, 0] to [2, 4, 3, 9, 3, 11] : tensor<2x4x3x12x3x14xf32, #tiny.device<"CPU">>
    %12 = tiny.reshape %11 to [2, 4, 3, 9, 1, 3, 11, 1] : tensor<2x4x3x9x3x11xf32, #tiny.device<"CPU">>
    %13 = tiny.reshape %12 to [2, 4, 3, 9, 3, 11] : tensor<2x4x3x9x1x3x11x1xf32, #tiny.device<"CPU">>
    %14 = tiny.permute %13 [0, 1, 3, 5, 2, 4] : tensor<2x4x3x9x3x11xf32, #tiny.device<"CPU">>
    %15 = tiny.reshape %14 to [2, 2, 2, 1, 9, 11, 3, 3] : tensor<2x4x9x11x3x3xf32, #tiny.device<"CPU">>
    %16 = tiny.reshape %15 to [2, 2, 2, 9, 11, 3, 3] : tensor<2x2x2x1x9x11x3x3xf32, #tiny.device<"CPU">>
    %17 = tiny.reshape %16 to [1, 2, 2, 2, 9, 11, 3, 3] : tensor<2x2x2x9x11x3x3xf32, #tiny.device<"CPU">>
    %18 = tiny.expand %17 to [3, 2, 2, 2, 9, 11, 3, 3] : tensor<1x2x2x2x9x11x3x3xf32, #tiny.device<"CPU">>
    %19 = tiny.permute %18 [1, 2, 3, 0, 4, 5, 6, 7] : tensor<3x2x2x2x9x11x3x3xf32, #tiny.device<"CPU">>
    %20 = tiny.permute %19 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<2x2x2x3x9x11x3x3xf32, #tiny.device<"CPU">>
    %21 = tiny.param 1 : f32 size 108 on "CPU"
    %22 = tiny.reshape %21 to [6, 2, 3, 3] : tensor<108xf32, #tiny.device<"CPU">>
    %23 = tiny.reshape %22 to [1, 2, 3, 1, 1, 2, 3, 3] : tensor<6x2x3x3xf32, #tiny.device<"CPU">>
    %24 = tiny.mul %20, %23 : tensor<2x2x3x9x11x2x3x3xf32, #tiny.device<"CPU">>, tensor<1x2x3x1x1x2x3x3xf32, #tiny.device<"CPU">>
    %25 = tiny.permute %24 [5, 6, 7, 0, 1, 2, 3, 4] : tensor<2x2x3x9x11x2x3x3xf32, #tiny.device<"CPU">>
    %26 = tiny.reduce add %25 axes [0, 1, 2] : tensor<2x3x3x2x2x3x9x11xf32, #tiny.device<"CPU">>
    %27 = tiny.reshape %26 to [2, 2, 3, 9, 11] : tensor<1x1x1x2x2x3x9x11xf32, #tiny.device<"CPU">>
    %28 = tiny.reshape %27 to [2, 2, 3, 9, 11, 1, 1, 1] : tensor<2x2x3x9x11xf32, #tiny.device<"CPU">>
    %29 = tiny.reshape %28 to [2, 6, 9, 11] : tensor<2x2x3x9x11x1x1x1xf32, #tiny.device<"CPU">>
    tiny.return %29 : tensor<2x6x9x11xf32, #tiny.device<"CPU">>
}
