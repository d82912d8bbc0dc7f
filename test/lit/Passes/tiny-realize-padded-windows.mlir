// RUN: tiny-opt %s -split-input-file -tiny-realize-padded-windows | FileCheck %s

// A 5x5 stride-2 convolution on the host (tinygrad's conv2d: pad 2, then
// the windows cut out of the padded input by views): the pad becomes a
// buffer of its own (tiny.contiguous), which the window views read; the
// weights' broadcast is left alone.
// CHECK-LABEL: tiny.function @conv5x5_stride2
// CHECK:         %[[W:.*]] = tiny.param 1
// CHECK-NOT:     tiny.contiguous
// CHECK:         %[[PAD:.*]] = tiny.pad %{{.*}} low [0, 0, 2, 2] high [0, 0, 2, 2]
// CHECK-NEXT:    %[[COPY:.*]] = tiny.contiguous %[[PAD]] : tensor<1x2x13x13xf32, #tiny.device<"CPU">>
// CHECK-NEXT:    tiny.reshape %[[COPY]] to [1, 2, 1, 13, 1, 13]
// CHECK-NOT:     tiny.contiguous
// CHECK:         tiny.reduce add
#dev = #tiny.device<"CPU">
tiny.function @conv5x5_stride2 -> tensor<1x3x5x5xf32, #dev> {
  %v0 = tiny.param 1 : f32 size 150 on "CPU"
  %v1 = tiny.reshape %v0 to [3, 2, 5, 5] : tensor<150xf32, #dev>
  %v2 = tiny.reshape %v1 to [1, 3, 1, 1, 2, 5, 5] : tensor<3x2x5x5xf32, #dev>
  %v3 = tiny.expand %v2 to [1, 3, 5, 5, 2, 5, 5] : tensor<1x3x1x1x2x5x5xf32, #dev>
  %v4 = tiny.param 0 : f32 size 162 on "CPU"
  %v5 = tiny.reshape %v4 to [1, 2, 9, 9] : tensor<162xf32, #dev>
  %v6 = tiny.pad %v5 low [0, 0, 2, 2] high [0, 0, 2, 2] : tensor<1x2x9x9xf32, #dev>
  %v7 = tiny.reshape %v6 to [1, 2, 1, 13, 1, 13] : tensor<1x2x13x13xf32, #dev>
  %v8 = tiny.expand %v7 to [1, 2, 6, 13, 6, 13] : tensor<1x2x1x13x1x13xf32, #dev>
  %v9 = tiny.reshape %v8 to [1, 2, 78, 78] : tensor<1x2x6x13x6x13xf32, #dev>
  %v10 = tiny.shrink %v9 [0, 0, 0, 0] to [1, 2, 70, 70] : tensor<1x2x78x78xf32, #dev>
  %v11 = tiny.reshape %v10 to [1, 2, 5, 14, 5, 14] : tensor<1x2x70x70xf32, #dev>
  %v12 = tiny.shrink %v11 [0, 0, 0, 0, 0, 0] to [1, 2, 5, 10, 5, 10] : tensor<1x2x5x14x5x14xf32, #dev>
  %v13 = tiny.reshape %v12 to [1, 2, 5, 5, 2, 5, 5, 2] : tensor<1x2x5x10x5x10xf32, #dev>
  %v14 = tiny.shrink %v13 [0, 0, 0, 0, 0, 0, 0, 0] to [1, 2, 5, 5, 1, 5, 5, 1] : tensor<1x2x5x5x2x5x5x2xf32, #dev>
  %v15 = tiny.reshape %v14 to [1, 2, 5, 5, 5, 5] : tensor<1x2x5x5x1x5x5x1xf32, #dev>
  %v16 = tiny.permute %v15 [0, 1, 3, 5, 2, 4] : tensor<1x2x5x5x5x5xf32, #dev>
  %v17 = tiny.reshape %v16 to [1, 2, 1, 5, 5, 5, 5] : tensor<1x2x5x5x5x5xf32, #dev>
  %v18 = tiny.expand %v17 to [1, 2, 3, 5, 5, 5, 5] : tensor<1x2x1x5x5x5x5xf32, #dev>
  %v19 = tiny.permute %v18 [0, 2, 3, 4, 1, 5, 6] : tensor<1x2x3x5x5x5x5xf32, #dev>
  %v20 = tiny.mul %v19, %v3 : tensor<1x3x5x5x2x5x5xf32, #dev>
  %v21 = tiny.reduce add %v20 axes [4, 5, 6] : tensor<1x3x5x5x2x5x5xf32, #dev>
  %v22 = tiny.reshape %v21 to [1, 3, 5, 5] : tensor<1x3x5x5x1x1x1xf32, #dev>
  tiny.return %v22 : tensor<1x3x5x5xf32, #dev>
}

// -----

// A one-dimensional window of 5 taps: pad 2 on each side, each output
// reading 5 consecutive padded elements (the expand repeats them).
// CHECK-LABEL: tiny.function @conv1d
// CHECK:         %[[PAD:.*]] = tiny.pad %{{.*}} low [2] high [2]
// CHECK-NEXT:    %[[COPY:.*]] = tiny.contiguous %[[PAD]] : tensor<12xf32, #tiny.device<"CPU">>
// CHECK-NEXT:    tiny.reshape %[[COPY]] to [1, 12]
#dev = #tiny.device<"CPU">
tiny.function @conv1d -> tensor<8xf32, #dev> {
  %x = tiny.param 0 : f32 size 8 on "CPU"
  %w = tiny.param 1 : f32 size 5 on "CPU"
  %p = tiny.pad %x low [2] high [2] : tensor<8xf32, #dev>
  %r = tiny.reshape %p to [1, 12] : tensor<12xf32, #dev>
  %e = tiny.expand %r to [6, 12] : tensor<1x12xf32, #dev>
  %f = tiny.reshape %e to [72] : tensor<6x12xf32, #dev>
  %s = tiny.shrink %f [0] to [65] : tensor<72xf32, #dev>
  %g = tiny.reshape %s to [5, 13] : tensor<65xf32, #dev>
  %t = tiny.shrink %g [0, 0] to [5, 8] : tensor<5x13xf32, #dev>
  %win = tiny.permute %t [1, 0] : tensor<5x8xf32, #dev>
  %w2 = tiny.reshape %w to [1, 5] : tensor<5xf32, #dev>
  %we = tiny.expand %w2 to [8, 5] : tensor<1x5xf32, #dev>
  %m = tiny.mul %win, %we : tensor<8x5xf32, #dev>
  %sum = tiny.reduce add %m axes [1] : tensor<8x5xf32, #dev>
  %out = tiny.reshape %sum to [8] : tensor<8x1xf32, #dev>
  tiny.return %out : tensor<8xf32, #dev>
}

// -----

// Left alone: a 3x3 convolution (padding 1), whose kernel runs as fast
// reading the pad as reading a copy.
// CHECK-LABEL: tiny.function @conv3x3
// CHECK-NOT:     tiny.contiguous
#dev = #tiny.device<"CPU">
tiny.function @conv3x3 -> tensor<1x3x6x6xf32, #dev> {
  %v0 = tiny.param 1 : f32 size 54 on "CPU"
  %v1 = tiny.reshape %v0 to [3, 2, 3, 3] : tensor<54xf32, #dev>
  %v2 = tiny.reshape %v1 to [1, 3, 1, 1, 2, 3, 3] : tensor<3x2x3x3xf32, #dev>
  %v3 = tiny.expand %v2 to [1, 3, 6, 6, 2, 3, 3] : tensor<1x3x1x1x2x3x3xf32, #dev>
  %v4 = tiny.param 0 : f32 size 72 on "CPU"
  %v5 = tiny.reshape %v4 to [1, 2, 6, 6] : tensor<72xf32, #dev>
  %v6 = tiny.pad %v5 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<1x2x6x6xf32, #dev>
  %v7 = tiny.reshape %v6 to [1, 2, 1, 8, 1, 8] : tensor<1x2x8x8xf32, #dev>
  %v8 = tiny.expand %v7 to [1, 2, 4, 8, 4, 8] : tensor<1x2x1x8x1x8xf32, #dev>
  %v9 = tiny.reshape %v8 to [1, 2, 32, 32] : tensor<1x2x4x8x4x8xf32, #dev>
  %v10 = tiny.shrink %v9 [0, 0, 0, 0] to [1, 2, 27, 27] : tensor<1x2x32x32xf32, #dev>
  %v11 = tiny.reshape %v10 to [1, 2, 3, 9, 3, 9] : tensor<1x2x27x27xf32, #dev>
  %v12 = tiny.shrink %v11 [0, 0, 0, 0, 0, 0] to [1, 2, 3, 6, 3, 6] : tensor<1x2x3x9x3x9xf32, #dev>
  %v13 = tiny.reshape %v12 to [1, 2, 3, 6, 1, 3, 6, 1] : tensor<1x2x3x6x3x6xf32, #dev>
  %v14 = tiny.shrink %v13 [0, 0, 0, 0, 0, 0, 0, 0] to [1, 2, 3, 6, 1, 3, 6, 1] : tensor<1x2x3x6x1x3x6x1xf32, #dev>
  %v15 = tiny.reshape %v14 to [1, 2, 3, 6, 3, 6] : tensor<1x2x3x6x1x3x6x1xf32, #dev>
  %v16 = tiny.permute %v15 [0, 1, 3, 5, 2, 4] : tensor<1x2x3x6x3x6xf32, #dev>
  %v17 = tiny.reshape %v16 to [1, 2, 1, 6, 6, 3, 3] : tensor<1x2x6x6x3x3xf32, #dev>
  %v18 = tiny.expand %v17 to [1, 2, 3, 6, 6, 3, 3] : tensor<1x2x1x6x6x3x3xf32, #dev>
  %v19 = tiny.permute %v18 [0, 2, 3, 4, 1, 5, 6] : tensor<1x2x3x6x6x3x3xf32, #dev>
  %v20 = tiny.mul %v19, %v3 : tensor<1x3x6x6x2x3x3xf32, #dev>
  %v21 = tiny.reduce add %v20 axes [4, 5, 6] : tensor<1x3x6x6x2x3x3xf32, #dev>
  %v22 = tiny.reshape %v21 to [1, 3, 6, 6] : tensor<1x3x6x6x1x1x1xf32, #dev>
  tiny.return %v22 : tensor<1x3x6x6xf32, #dev>
}

// -----

// Left alone: a pad read without repeats (each padded element once), a
// pad read by something else too, a maximum over the windows (a max
// pool), and a GPU's tensors.
// CHECK-LABEL: tiny.function @no_window
// CHECK-NOT:     tiny.contiguous
// CHECK-LABEL: tiny.function @pad_read_twice
// CHECK-NOT:     tiny.contiguous
// CHECK-LABEL: tiny.function @max_pool
// CHECK-NOT:     tiny.contiguous
// CHECK-LABEL: tiny.function @gpu
// CHECK-NOT:     tiny.contiguous
#dev = #tiny.device<"CPU">
#gpu = #tiny.device<"CUDA">
tiny.function @no_window -> tensor<1xf32, #dev> {
  %x = tiny.param 0 : f32 size 8 on "CPU"
  %y = tiny.param 1 : f32 size 12 on "CPU"
  %p = tiny.pad %x low [2] high [2] : tensor<8xf32, #dev>
  %m = tiny.mul %p, %y : tensor<12xf32, #dev>
  %s = tiny.reduce add %m axes [0] : tensor<12xf32, #dev>
  tiny.return %s : tensor<1xf32, #dev>
}
tiny.function @pad_read_twice -> tuple<tensor<8xf32, #dev>, tensor<12xf32, #dev>> {
  %x = tiny.param 0 : f32 size 8 on "CPU"
  %w = tiny.param 1 : f32 size 5 on "CPU"
  %p = tiny.pad %x low [2] high [2] : tensor<8xf32, #dev>
  %r = tiny.reshape %p to [1, 12] : tensor<12xf32, #dev>
  %e = tiny.expand %r to [6, 12] : tensor<1x12xf32, #dev>
  %f = tiny.reshape %e to [72] : tensor<6x12xf32, #dev>
  %s = tiny.shrink %f [0] to [65] : tensor<72xf32, #dev>
  %g = tiny.reshape %s to [5, 13] : tensor<65xf32, #dev>
  %t = tiny.shrink %g [0, 0] to [5, 8] : tensor<5x13xf32, #dev>
  %win = tiny.permute %t [1, 0] : tensor<5x8xf32, #dev>
  %w2 = tiny.reshape %w to [1, 5] : tensor<5xf32, #dev>
  %we = tiny.expand %w2 to [8, 5] : tensor<1x5xf32, #dev>
  %m = tiny.mul %win, %we : tensor<8x5xf32, #dev>
  %sum = tiny.reduce add %m axes [1] : tensor<8x5xf32, #dev>
  %out = tiny.reshape %sum to [8] : tensor<8x1xf32, #dev>
  %both = tiny.tuple %out, %p : tensor<8xf32, #dev>, tensor<12xf32, #dev>
  tiny.return %both : tuple<tensor<8xf32, #dev>, tensor<12xf32, #dev>>
}
tiny.function @max_pool -> tensor<8xf32, #dev> {
  %x = tiny.param 0 : f32 size 8 on "CPU"
  %p = tiny.pad %x low [2] high [2] : tensor<8xf32, #dev>
  %r = tiny.reshape %p to [1, 12] : tensor<12xf32, #dev>
  %e = tiny.expand %r to [6, 12] : tensor<1x12xf32, #dev>
  %f = tiny.reshape %e to [72] : tensor<6x12xf32, #dev>
  %s = tiny.shrink %f [0] to [65] : tensor<72xf32, #dev>
  %g = tiny.reshape %s to [5, 13] : tensor<65xf32, #dev>
  %t = tiny.shrink %g [0, 0] to [5, 8] : tensor<5x13xf32, #dev>
  %win = tiny.permute %t [1, 0] : tensor<5x8xf32, #dev>
  %max = tiny.reduce max %win axes [1] : tensor<8x5xf32, #dev>
  %out = tiny.reshape %max to [8] : tensor<8x1xf32, #dev>
  tiny.return %out : tensor<8xf32, #dev>
}
tiny.function @gpu -> tensor<8xf32, #gpu> {
  %x = tiny.param 0 : f32 size 8 on "CUDA"
  %w = tiny.param 1 : f32 size 5 on "CUDA"
  %p = tiny.pad %x low [2] high [2] : tensor<8xf32, #gpu>
  %r = tiny.reshape %p to [1, 12] : tensor<12xf32, #gpu>
  %e = tiny.expand %r to [6, 12] : tensor<1x12xf32, #gpu>
  %f = tiny.reshape %e to [72] : tensor<6x12xf32, #gpu>
  %s = tiny.shrink %f [0] to [65] : tensor<72xf32, #gpu>
  %g = tiny.reshape %s to [5, 13] : tensor<65xf32, #gpu>
  %t = tiny.shrink %g [0, 0] to [5, 8] : tensor<5x13xf32, #gpu>
  %win = tiny.permute %t [1, 0] : tensor<5x8xf32, #gpu>
  %w2 = tiny.reshape %w to [1, 5] : tensor<5xf32, #gpu>
  %we = tiny.expand %w2 to [8, 5] : tensor<1x5xf32, #gpu>
  %m = tiny.mul %win, %we : tensor<8x5xf32, #gpu>
  %sum = tiny.reduce add %m axes [1] : tensor<8x5xf32, #gpu>
  %out = tiny.reshape %sum to [8] : tensor<8x1xf32, #gpu>
  tiny.return %out : tensor<8xf32, #gpu>
}
