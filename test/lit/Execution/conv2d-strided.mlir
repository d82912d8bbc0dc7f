// Strided convolutions as tinygrad builds them, exported by tiny_tinygrad
// from x.conv2d(w, stride=..., padding=...) and run by tiny-run;
// Inputs/conv2d_strided.py computes each result with numpy. The inputs are
// small nonzero integers, so every result is exact in f32 whatever order the
// sums take.
//
//   conv_s2_end   x 1x32x9x31, w 8x32x1x1, stride 2: a tile's last column
//                 reads the input's last element (the load's odd lanes past
//                 it are masked off, never read)
//   conv_s2_stem  x 1x2x37x37, w 8x2x7x7, stride 2, padding 3 (ResNet's stem)
//   conv_s2_pad1  x 2x3x40x40, w 8x3x3x3, stride 2, padding 1
//   conv_s3       x 1x8x20x52, w 4x8x3x3, stride 3, padding 1
//   conv_s4       x 1x8x16x64, w 4x8x4x4, stride 4
//
// -tiny-optimize (in -tiny-to-llvm) register-tiles each with vectors along
// the output row: the input columns a tile reads, every stride-th one, are
// one masked load of stride x lanes elements (masked to the padded read's
// bounds too) and a shuffle of every stride-th lane, not a gather.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/conv2d_strided.py gen %t
// RUN: tiny-run %s --entry=conv_s2_end -i %t/conv_s2_end.x.npy -i %t/conv_s2_end.w.npy -o %t/conv_s2_end.out.npy
// RUN: tiny-run %s --entry=conv_s2_stem -i %t/conv_s2_stem.x.npy -i %t/conv_s2_stem.w.npy -o %t/conv_s2_stem.out.npy
// RUN: tiny-run %s --entry=conv_s2_pad1 -i %t/conv_s2_pad1.x.npy -i %t/conv_s2_pad1.w.npy -o %t/conv_s2_pad1.out.npy
// RUN: tiny-run %s --entry=conv_s3 -i %t/conv_s3.x.npy -i %t/conv_s3.w.npy -o %t/conv_s3.out.npy
// RUN: tiny-run %s --entry=conv_s4 -i %t/conv_s4.x.npy -i %t/conv_s4.w.npy -o %t/conv_s4.out.npy
// RUN: %python %S/Inputs/conv2d_strided.py check %t | FileCheck %s
// RUN: tiny-opt %s -tiny-to-llvm | FileCheck %s --check-prefix=LOWERED

// CHECK:      conv_s2_end: 1x8x5x16 exact
// CHECK-NEXT: conv_s2_stem: 1x8x19x19 exact
// CHECK-NEXT: conv_s2_pad1: 2x8x20x20 exact
// CHECK-NEXT: conv_s3: 1x4x7x18 exact
// CHECK-NEXT: conv_s4: 1x4x4x16 exact

// LOWERED-NOT:     llvm.intr.masked.gather
// LOWERED-LABEL: llvm.func @conv_s2_end
// LOWERED:         %[[V:.*]] = llvm.intr.masked.load
// LOWERED-NEXT:    llvm.shufflevector %[[V]], %[[V]] [0, 2,
// LOWERED-LABEL: llvm.func @conv_s2_stem
// LOWERED:         %[[V:.*]] = llvm.intr.masked.load
// LOWERED-NEXT:    llvm.shufflevector %[[V]], %[[V]] [0, 2,
// LOWERED-LABEL: llvm.func @conv_s2_pad1
// LOWERED:         %[[V:.*]] = llvm.intr.masked.load
// LOWERED-NEXT:    llvm.shufflevector %[[V]], %[[V]] [0, 2,
// LOWERED-LABEL: llvm.func @conv_s3
// LOWERED:         %[[V:.*]] = llvm.intr.masked.load
// LOWERED-NEXT:    llvm.shufflevector %[[V]], %[[V]] [0, 3,
// LOWERED-LABEL: llvm.func @conv_s4
// LOWERED:         %[[V:.*]] = llvm.intr.masked.load
// LOWERED-NEXT:    llvm.shufflevector %[[V]], %[[V]] [0, 4,
// LOWERED-NOT:     llvm.intr.masked.gather

tiny.function @conv_s2_end -> tensor<1x8x5x16xf32, #tiny.device<"CPU">> {
    %0 = tiny.param 0 : f32 size 8928 on "CPU"
    %1 = tiny.reshape %0 to [1, 32, 9, 31] : tensor<8928xf32, #tiny.device<"CPU">>
    %2 = tiny.reshape %1 to [1, 32, 1, 9, 1, 31] : tensor<1x32x9x31xf32, #tiny.device<"CPU">>
    %3 = tiny.reshape %2 to [1, 32, 9, 31] : tensor<1x32x1x9x1x31xf32, #tiny.device<"CPU">>
    %4 = tiny.reshape %3 to [1, 1, 1, 32, 9, 31] : tensor<1x32x9x31xf32, #tiny.device<"CPU">>
    %5 = tiny.expand %4 to [2, 2, 1, 32, 9, 31] : tensor<1x1x1x32x9x31xf32, #tiny.device<"CPU">>
    %6 = tiny.permute %5 [2, 3, 0, 4, 1, 5] : tensor<2x2x1x32x9x31xf32, #tiny.device<"CPU">>
    %7 = tiny.reshape %6 to [1, 32, 18, 62] : tensor<1x32x2x9x2x31xf32, #tiny.device<"CPU">>
    %8 = tiny.shrink %7 [0, 0, 0, 0] to [1, 32, 10, 32] : tensor<1x32x18x62xf32, #tiny.device<"CPU">>
    %9 = tiny.reshape %8 to [1, 32, 1, 10, 1, 32] : tensor<1x32x10x32xf32, #tiny.device<"CPU">>
    %10 = tiny.reshape %9 to [1, 32, 1, 5, 2, 1, 16, 2] : tensor<1x32x1x10x1x32xf32, #tiny.device<"CPU">>
    %11 = tiny.shrink %10 [0, 0, 0, 0, 0, 0, 0, 0] to [1, 32, 1, 5, 1, 1, 16, 1] : tensor<1x32x1x5x2x1x16x2xf32, #tiny.device<"CPU">>
    %12 = tiny.reshape %11 to [1, 32, 1, 5, 1, 16] : tensor<1x32x1x5x1x1x16x1xf32, #tiny.device<"CPU">>
    %13 = tiny.permute %12 [0, 1, 3, 5, 2, 4] : tensor<1x32x1x5x1x16xf32, #tiny.device<"CPU">>
    %14 = tiny.reshape %13 to [1, 1, 32, 1, 5, 16, 1, 1] : tensor<1x32x5x16x1x1xf32, #tiny.device<"CPU">>
    %15 = tiny.reshape %14 to [1, 1, 32, 5, 16, 1, 1] : tensor<1x1x32x1x5x16x1x1xf32, #tiny.device<"CPU">>
    %16 = tiny.reshape %15 to [1, 1, 1, 32, 5, 16, 1, 1] : tensor<1x1x32x5x16x1x1xf32, #tiny.device<"CPU">>
    %17 = tiny.expand %16 to [8, 1, 1, 32, 5, 16, 1, 1] : tensor<1x1x1x32x5x16x1x1xf32, #tiny.device<"CPU">>
    %18 = tiny.permute %17 [1, 2, 3, 0, 4, 5, 6, 7] : tensor<8x1x1x32x5x16x1x1xf32, #tiny.device<"CPU">>
    %19 = tiny.permute %18 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x32x8x5x16x1x1xf32, #tiny.device<"CPU">>
    %20 = tiny.param 1 : f32 size 256 on "CPU"
    %21 = tiny.reshape %20 to [8, 32, 1, 1] : tensor<256xf32, #tiny.device<"CPU">>
    %22 = tiny.reshape %21 to [1, 1, 8, 1, 1, 32, 1, 1] : tensor<8x32x1x1xf32, #tiny.device<"CPU">>
    %23 = tiny.mul %19, %22 : tensor<1x1x8x5x16x32x1x1xf32, #tiny.device<"CPU">>, tensor<1x1x8x1x1x32x1x1xf32, #tiny.device<"CPU">>
    %24 = tiny.permute %23 [5, 0, 1, 2, 3, 4, 6, 7] : tensor<1x1x8x5x16x32x1x1xf32, #tiny.device<"CPU">>
    %25 = tiny.reduce add %24 axes [0] : tensor<32x1x1x8x5x16x1x1xf32, #tiny.device<"CPU">>
    %26 = tiny.reshape %25 to [1, 1, 8, 5, 16, 1, 1] : tensor<1x1x1x8x5x16x1x1xf32, #tiny.device<"CPU">>
    %27 = tiny.reshape %26 to [1, 1, 8, 5, 16] : tensor<1x1x8x5x16x1x1xf32, #tiny.device<"CPU">>
    %28 = tiny.reshape %27 to [1, 1, 8, 5, 16, 1, 1, 1] : tensor<1x1x8x5x16xf32, #tiny.device<"CPU">>
    %29 = tiny.reshape %28 to [1, 8, 5, 16] : tensor<1x1x8x5x16x1x1x1xf32, #tiny.device<"CPU">>
    tiny.return %29 : tensor<1x8x5x16xf32, #tiny.device<"CPU">>
}


tiny.function @conv_s2_stem -> tensor<1x8x19x19xf32, #tiny.device<"CPU">> {
    %0 = tiny.param 0 : f32 size 2738 on "CPU"
    %1 = tiny.reshape %0 to [1, 2, 37, 37] : tensor<2738xf32, #tiny.device<"CPU">>
    %2 = tiny.pad %1 low [0, 0, 3, 3] high [0, 0, 3, 3] : tensor<1x2x37x37xf32, #tiny.device<"CPU">>
    %3 = tiny.reshape %2 to [1, 2, 1, 43, 1, 43] : tensor<1x2x43x43xf32, #tiny.device<"CPU">>
    %4 = tiny.reshape %3 to [1, 2, 43, 43] : tensor<1x2x1x43x1x43xf32, #tiny.device<"CPU">>
    %5 = tiny.reshape %4 to [1, 1, 1, 2, 43, 43] : tensor<1x2x43x43xf32, #tiny.device<"CPU">>
    %6 = tiny.expand %5 to [8, 8, 1, 2, 43, 43] : tensor<1x1x1x2x43x43xf32, #tiny.device<"CPU">>
    %7 = tiny.permute %6 [2, 3, 0, 4, 1, 5] : tensor<8x8x1x2x43x43xf32, #tiny.device<"CPU">>
    %8 = tiny.reshape %7 to [1, 2, 344, 344] : tensor<1x2x8x43x8x43xf32, #tiny.device<"CPU">>
    %9 = tiny.shrink %8 [0, 0, 0, 0] to [1, 2, 308, 308] : tensor<1x2x344x344xf32, #tiny.device<"CPU">>
    %10 = tiny.reshape %9 to [1, 2, 7, 44, 7, 44] : tensor<1x2x308x308xf32, #tiny.device<"CPU">>
    %11 = tiny.shrink %10 [0, 0, 0, 0, 0, 0] to [1, 2, 7, 38, 7, 38] : tensor<1x2x7x44x7x44xf32, #tiny.device<"CPU">>
    %12 = tiny.reshape %11 to [1, 2, 7, 19, 2, 7, 19, 2] : tensor<1x2x7x38x7x38xf32, #tiny.device<"CPU">>
    %13 = tiny.shrink %12 [0, 0, 0, 0, 0, 0, 0, 0] to [1, 2, 7, 19, 1, 7, 19, 1] : tensor<1x2x7x19x2x7x19x2xf32, #tiny.device<"CPU">>
    %14 = tiny.reshape %13 to [1, 2, 7, 19, 7, 19] : tensor<1x2x7x19x1x7x19x1xf32, #tiny.device<"CPU">>
    %15 = tiny.permute %14 [0, 1, 3, 5, 2, 4] : tensor<1x2x7x19x7x19xf32, #tiny.device<"CPU">>
    %16 = tiny.reshape %15 to [1, 1, 2, 1, 19, 19, 7, 7] : tensor<1x2x19x19x7x7xf32, #tiny.device<"CPU">>
    %17 = tiny.reshape %16 to [1, 1, 2, 19, 19, 7, 7] : tensor<1x1x2x1x19x19x7x7xf32, #tiny.device<"CPU">>
    %18 = tiny.reshape %17 to [1, 1, 1, 2, 19, 19, 7, 7] : tensor<1x1x2x19x19x7x7xf32, #tiny.device<"CPU">>
    %19 = tiny.expand %18 to [8, 1, 1, 2, 19, 19, 7, 7] : tensor<1x1x1x2x19x19x7x7xf32, #tiny.device<"CPU">>
    %20 = tiny.permute %19 [1, 2, 3, 0, 4, 5, 6, 7] : tensor<8x1x1x2x19x19x7x7xf32, #tiny.device<"CPU">>
    %21 = tiny.permute %20 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x2x8x19x19x7x7xf32, #tiny.device<"CPU">>
    %22 = tiny.param 1 : f32 size 784 on "CPU"
    %23 = tiny.reshape %22 to [8, 2, 7, 7] : tensor<784xf32, #tiny.device<"CPU">>
    %24 = tiny.reshape %23 to [1, 1, 8, 1, 1, 2, 7, 7] : tensor<8x2x7x7xf32, #tiny.device<"CPU">>
    %25 = tiny.mul %21, %24 : tensor<1x1x8x19x19x2x7x7xf32, #tiny.device<"CPU">>, tensor<1x1x8x1x1x2x7x7xf32, #tiny.device<"CPU">>
    %26 = tiny.permute %25 [5, 6, 7, 0, 1, 2, 3, 4] : tensor<1x1x8x19x19x2x7x7xf32, #tiny.device<"CPU">>
    %27 = tiny.reduce add %26 axes [0, 1, 2] : tensor<2x7x7x1x1x8x19x19xf32, #tiny.device<"CPU">>
    %28 = tiny.reshape %27 to [1, 1, 8, 19, 19] : tensor<1x1x1x1x1x8x19x19xf32, #tiny.device<"CPU">>
    %29 = tiny.reshape %28 to [1, 1, 8, 19, 19, 1, 1, 1] : tensor<1x1x8x19x19xf32, #tiny.device<"CPU">>
    %30 = tiny.reshape %29 to [1, 8, 19, 19] : tensor<1x1x8x19x19x1x1x1xf32, #tiny.device<"CPU">>
    tiny.return %30 : tensor<1x8x19x19xf32, #tiny.device<"CPU">>
}


tiny.function @conv_s2_pad1 -> tensor<2x8x20x20xf32, #tiny.device<"CPU">> {
    %0 = tiny.param 0 : f32 size 9600 on "CPU"
    %1 = tiny.reshape %0 to [2, 3, 40, 40] : tensor<9600xf32, #tiny.device<"CPU">>
    %2 = tiny.pad %1 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<2x3x40x40xf32, #tiny.device<"CPU">>
    %3 = tiny.reshape %2 to [2, 3, 1, 42, 1, 42] : tensor<2x3x42x42xf32, #tiny.device<"CPU">>
    %4 = tiny.reshape %3 to [2, 3, 42, 42] : tensor<2x3x1x42x1x42xf32, #tiny.device<"CPU">>
    %5 = tiny.reshape %4 to [1, 1, 2, 3, 42, 42] : tensor<2x3x42x42xf32, #tiny.device<"CPU">>
    %6 = tiny.expand %5 to [4, 4, 2, 3, 42, 42] : tensor<1x1x2x3x42x42xf32, #tiny.device<"CPU">>
    %7 = tiny.permute %6 [2, 3, 0, 4, 1, 5] : tensor<4x4x2x3x42x42xf32, #tiny.device<"CPU">>
    %8 = tiny.reshape %7 to [2, 3, 168, 168] : tensor<2x3x4x42x4x42xf32, #tiny.device<"CPU">>
    %9 = tiny.shrink %8 [0, 0, 0, 0] to [2, 3, 129, 129] : tensor<2x3x168x168xf32, #tiny.device<"CPU">>
    %10 = tiny.reshape %9 to [2, 3, 3, 43, 3, 43] : tensor<2x3x129x129xf32, #tiny.device<"CPU">>
    %11 = tiny.shrink %10 [0, 0, 0, 0, 0, 0] to [2, 3, 3, 40, 3, 40] : tensor<2x3x3x43x3x43xf32, #tiny.device<"CPU">>
    %12 = tiny.reshape %11 to [2, 3, 3, 20, 2, 3, 20, 2] : tensor<2x3x3x40x3x40xf32, #tiny.device<"CPU">>
    %13 = tiny.shrink %12 [0, 0, 0, 0, 0, 0, 0, 0] to [2, 3, 3, 20, 1, 3, 20, 1] : tensor<2x3x3x20x2x3x20x2xf32, #tiny.device<"CPU">>
    %14 = tiny.reshape %13 to [2, 3, 3, 20, 3, 20] : tensor<2x3x3x20x1x3x20x1xf32, #tiny.device<"CPU">>
    %15 = tiny.permute %14 [0, 1, 3, 5, 2, 4] : tensor<2x3x3x20x3x20xf32, #tiny.device<"CPU">>
    %16 = tiny.reshape %15 to [2, 1, 3, 1, 20, 20, 3, 3] : tensor<2x3x20x20x3x3xf32, #tiny.device<"CPU">>
    %17 = tiny.reshape %16 to [2, 1, 3, 20, 20, 3, 3] : tensor<2x1x3x1x20x20x3x3xf32, #tiny.device<"CPU">>
    %18 = tiny.reshape %17 to [1, 2, 1, 3, 20, 20, 3, 3] : tensor<2x1x3x20x20x3x3xf32, #tiny.device<"CPU">>
    %19 = tiny.expand %18 to [8, 2, 1, 3, 20, 20, 3, 3] : tensor<1x2x1x3x20x20x3x3xf32, #tiny.device<"CPU">>
    %20 = tiny.permute %19 [1, 2, 3, 0, 4, 5, 6, 7] : tensor<8x2x1x3x20x20x3x3xf32, #tiny.device<"CPU">>
    %21 = tiny.permute %20 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<2x1x3x8x20x20x3x3xf32, #tiny.device<"CPU">>
    %22 = tiny.param 1 : f32 size 216 on "CPU"
    %23 = tiny.reshape %22 to [8, 3, 3, 3] : tensor<216xf32, #tiny.device<"CPU">>
    %24 = tiny.reshape %23 to [1, 1, 8, 1, 1, 3, 3, 3] : tensor<8x3x3x3xf32, #tiny.device<"CPU">>
    %25 = tiny.mul %21, %24 : tensor<2x1x8x20x20x3x3x3xf32, #tiny.device<"CPU">>, tensor<1x1x8x1x1x3x3x3xf32, #tiny.device<"CPU">>
    %26 = tiny.permute %25 [5, 6, 7, 0, 1, 2, 3, 4] : tensor<2x1x8x20x20x3x3x3xf32, #tiny.device<"CPU">>
    %27 = tiny.reduce add %26 axes [0, 1, 2] : tensor<3x3x3x2x1x8x20x20xf32, #tiny.device<"CPU">>
    %28 = tiny.reshape %27 to [2, 1, 8, 20, 20] : tensor<1x1x1x2x1x8x20x20xf32, #tiny.device<"CPU">>
    %29 = tiny.reshape %28 to [2, 1, 8, 20, 20, 1, 1, 1] : tensor<2x1x8x20x20xf32, #tiny.device<"CPU">>
    %30 = tiny.reshape %29 to [2, 8, 20, 20] : tensor<2x1x8x20x20x1x1x1xf32, #tiny.device<"CPU">>
    tiny.return %30 : tensor<2x8x20x20xf32, #tiny.device<"CPU">>
}


tiny.function @conv_s3 -> tensor<1x4x7x18xf32, #tiny.device<"CPU">> {
    %0 = tiny.param 0 : f32 size 8320 on "CPU"
    %1 = tiny.reshape %0 to [1, 8, 20, 52] : tensor<8320xf32, #tiny.device<"CPU">>
    %2 = tiny.pad %1 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<1x8x20x52xf32, #tiny.device<"CPU">>
    %3 = tiny.reshape %2 to [1, 8, 1, 22, 1, 54] : tensor<1x8x22x54xf32, #tiny.device<"CPU">>
    %4 = tiny.reshape %3 to [1, 8, 22, 54] : tensor<1x8x1x22x1x54xf32, #tiny.device<"CPU">>
    %5 = tiny.reshape %4 to [1, 1, 1, 8, 22, 54] : tensor<1x8x22x54xf32, #tiny.device<"CPU">>
    %6 = tiny.expand %5 to [4, 4, 1, 8, 22, 54] : tensor<1x1x1x8x22x54xf32, #tiny.device<"CPU">>
    %7 = tiny.permute %6 [2, 3, 0, 4, 1, 5] : tensor<4x4x1x8x22x54xf32, #tiny.device<"CPU">>
    %8 = tiny.reshape %7 to [1, 8, 88, 216] : tensor<1x8x4x22x4x54xf32, #tiny.device<"CPU">>
    %9 = tiny.shrink %8 [0, 0, 0, 0] to [1, 8, 69, 165] : tensor<1x8x88x216xf32, #tiny.device<"CPU">>
    %10 = tiny.reshape %9 to [1, 8, 3, 23, 3, 55] : tensor<1x8x69x165xf32, #tiny.device<"CPU">>
    %11 = tiny.shrink %10 [0, 0, 0, 0, 0, 0] to [1, 8, 3, 21, 3, 54] : tensor<1x8x3x23x3x55xf32, #tiny.device<"CPU">>
    %12 = tiny.reshape %11 to [1, 8, 3, 7, 3, 3, 18, 3] : tensor<1x8x3x21x3x54xf32, #tiny.device<"CPU">>
    %13 = tiny.shrink %12 [0, 0, 0, 0, 0, 0, 0, 0] to [1, 8, 3, 7, 1, 3, 18, 1] : tensor<1x8x3x7x3x3x18x3xf32, #tiny.device<"CPU">>
    %14 = tiny.reshape %13 to [1, 8, 3, 7, 3, 18] : tensor<1x8x3x7x1x3x18x1xf32, #tiny.device<"CPU">>
    %15 = tiny.permute %14 [0, 1, 3, 5, 2, 4] : tensor<1x8x3x7x3x18xf32, #tiny.device<"CPU">>
    %16 = tiny.reshape %15 to [1, 1, 8, 1, 7, 18, 3, 3] : tensor<1x8x7x18x3x3xf32, #tiny.device<"CPU">>
    %17 = tiny.reshape %16 to [1, 1, 8, 7, 18, 3, 3] : tensor<1x1x8x1x7x18x3x3xf32, #tiny.device<"CPU">>
    %18 = tiny.reshape %17 to [1, 1, 1, 8, 7, 18, 3, 3] : tensor<1x1x8x7x18x3x3xf32, #tiny.device<"CPU">>
    %19 = tiny.expand %18 to [4, 1, 1, 8, 7, 18, 3, 3] : tensor<1x1x1x8x7x18x3x3xf32, #tiny.device<"CPU">>
    %20 = tiny.permute %19 [1, 2, 3, 0, 4, 5, 6, 7] : tensor<4x1x1x8x7x18x3x3xf32, #tiny.device<"CPU">>
    %21 = tiny.permute %20 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x8x4x7x18x3x3xf32, #tiny.device<"CPU">>
    %22 = tiny.param 1 : f32 size 288 on "CPU"
    %23 = tiny.reshape %22 to [4, 8, 3, 3] : tensor<288xf32, #tiny.device<"CPU">>
    %24 = tiny.reshape %23 to [1, 1, 4, 1, 1, 8, 3, 3] : tensor<4x8x3x3xf32, #tiny.device<"CPU">>
    %25 = tiny.mul %21, %24 : tensor<1x1x4x7x18x8x3x3xf32, #tiny.device<"CPU">>, tensor<1x1x4x1x1x8x3x3xf32, #tiny.device<"CPU">>
    %26 = tiny.permute %25 [5, 6, 7, 0, 1, 2, 3, 4] : tensor<1x1x4x7x18x8x3x3xf32, #tiny.device<"CPU">>
    %27 = tiny.reduce add %26 axes [0, 1, 2] : tensor<8x3x3x1x1x4x7x18xf32, #tiny.device<"CPU">>
    %28 = tiny.reshape %27 to [1, 1, 4, 7, 18] : tensor<1x1x1x1x1x4x7x18xf32, #tiny.device<"CPU">>
    %29 = tiny.reshape %28 to [1, 1, 4, 7, 18, 1, 1, 1] : tensor<1x1x4x7x18xf32, #tiny.device<"CPU">>
    %30 = tiny.reshape %29 to [1, 4, 7, 18] : tensor<1x1x4x7x18x1x1x1xf32, #tiny.device<"CPU">>
    tiny.return %30 : tensor<1x4x7x18xf32, #tiny.device<"CPU">>
}


tiny.function @conv_s4 -> tensor<1x4x4x16xf32, #tiny.device<"CPU">> {
    %0 = tiny.param 0 : f32 size 8192 on "CPU"
    %1 = tiny.reshape %0 to [1, 8, 16, 64] : tensor<8192xf32, #tiny.device<"CPU">>
    %2 = tiny.reshape %1 to [1, 8, 1, 16, 1, 64] : tensor<1x8x16x64xf32, #tiny.device<"CPU">>
    %3 = tiny.reshape %2 to [1, 8, 16, 64] : tensor<1x8x1x16x1x64xf32, #tiny.device<"CPU">>
    %4 = tiny.reshape %3 to [1, 1, 1, 8, 16, 64] : tensor<1x8x16x64xf32, #tiny.device<"CPU">>
    %5 = tiny.expand %4 to [5, 5, 1, 8, 16, 64] : tensor<1x1x1x8x16x64xf32, #tiny.device<"CPU">>
    %6 = tiny.permute %5 [2, 3, 0, 4, 1, 5] : tensor<5x5x1x8x16x64xf32, #tiny.device<"CPU">>
    %7 = tiny.reshape %6 to [1, 8, 80, 320] : tensor<1x8x5x16x5x64xf32, #tiny.device<"CPU">>
    %8 = tiny.shrink %7 [0, 0, 0, 0] to [1, 8, 68, 260] : tensor<1x8x80x320xf32, #tiny.device<"CPU">>
    %9 = tiny.reshape %8 to [1, 8, 4, 17, 4, 65] : tensor<1x8x68x260xf32, #tiny.device<"CPU">>
    %10 = tiny.shrink %9 [0, 0, 0, 0, 0, 0] to [1, 8, 4, 16, 4, 64] : tensor<1x8x4x17x4x65xf32, #tiny.device<"CPU">>
    %11 = tiny.reshape %10 to [1, 8, 4, 4, 4, 4, 16, 4] : tensor<1x8x4x16x4x64xf32, #tiny.device<"CPU">>
    %12 = tiny.shrink %11 [0, 0, 0, 0, 0, 0, 0, 0] to [1, 8, 4, 4, 1, 4, 16, 1] : tensor<1x8x4x4x4x4x16x4xf32, #tiny.device<"CPU">>
    %13 = tiny.reshape %12 to [1, 8, 4, 4, 4, 16] : tensor<1x8x4x4x1x4x16x1xf32, #tiny.device<"CPU">>
    %14 = tiny.permute %13 [0, 1, 3, 5, 2, 4] : tensor<1x8x4x4x4x16xf32, #tiny.device<"CPU">>
    %15 = tiny.reshape %14 to [1, 1, 8, 1, 4, 16, 4, 4] : tensor<1x8x4x16x4x4xf32, #tiny.device<"CPU">>
    %16 = tiny.reshape %15 to [1, 1, 8, 4, 16, 4, 4] : tensor<1x1x8x1x4x16x4x4xf32, #tiny.device<"CPU">>
    %17 = tiny.reshape %16 to [1, 1, 1, 8, 4, 16, 4, 4] : tensor<1x1x8x4x16x4x4xf32, #tiny.device<"CPU">>
    %18 = tiny.expand %17 to [4, 1, 1, 8, 4, 16, 4, 4] : tensor<1x1x1x8x4x16x4x4xf32, #tiny.device<"CPU">>
    %19 = tiny.permute %18 [1, 2, 3, 0, 4, 5, 6, 7] : tensor<4x1x1x8x4x16x4x4xf32, #tiny.device<"CPU">>
    %20 = tiny.permute %19 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x8x4x4x16x4x4xf32, #tiny.device<"CPU">>
    %21 = tiny.param 1 : f32 size 512 on "CPU"
    %22 = tiny.reshape %21 to [4, 8, 4, 4] : tensor<512xf32, #tiny.device<"CPU">>
    %23 = tiny.reshape %22 to [1, 1, 4, 1, 1, 8, 4, 4] : tensor<4x8x4x4xf32, #tiny.device<"CPU">>
    %24 = tiny.mul %20, %23 : tensor<1x1x4x4x16x8x4x4xf32, #tiny.device<"CPU">>, tensor<1x1x4x1x1x8x4x4xf32, #tiny.device<"CPU">>
    %25 = tiny.permute %24 [5, 6, 7, 0, 1, 2, 3, 4] : tensor<1x1x4x4x16x8x4x4xf32, #tiny.device<"CPU">>
    %26 = tiny.reduce add %25 axes [0, 1, 2] : tensor<8x4x4x1x1x4x4x16xf32, #tiny.device<"CPU">>
    %27 = tiny.reshape %26 to [1, 1, 4, 4, 16] : tensor<1x1x1x1x1x4x4x16xf32, #tiny.device<"CPU">>
    %28 = tiny.reshape %27 to [1, 1, 4, 4, 16, 1, 1, 1] : tensor<1x1x4x4x16xf32, #tiny.device<"CPU">>
    %29 = tiny.reshape %28 to [1, 4, 4, 16] : tensor<1x1x4x4x16x1x1x1xf32, #tiny.device<"CPU">>
    tiny.return %29 : tensor<1x4x4x16xf32, #tiny.device<"CPU">>
}
