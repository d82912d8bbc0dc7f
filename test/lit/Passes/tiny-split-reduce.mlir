// RUN: tiny-opt %s -split-input-file -tiny-split-reduce | FileCheck %s
// RUN: tiny-opt %s -split-input-file -tiny-split-reduce=host=false | FileCheck %s --check-prefix=NOHOST

#gpu = #tiny.device<"CUDA">

// A sum of 2^20 elements to one: 65536 partials of 16 elements, whose sum
// is long enough to split again, into 4096 partials of 16. Reshapes of
// reshapes fold.
// CHECK-LABEL: tiny.function @sum_to_scalar
// CHECK: %[[X:.*]] = tiny.param 0
// CHECK-NEXT: %[[R:.*]] = tiny.reshape %[[X]] to [16, 65536] : tensor<1048576xf32, #tiny.device<"CUDA">>
// CHECK-NEXT: %[[P:.*]] = tiny.reduce add %[[R]] axes [0] : tensor<16x65536xf32, #tiny.device<"CUDA">>
// CHECK-NEXT: %[[C:.*]] = tiny.contiguous %[[P]] : tensor<1x65536xf32, #tiny.device<"CUDA">>
// CHECK-NEXT: %[[R2:.*]] = tiny.reshape %[[C]] to [1, 16, 4096] : tensor<1x65536xf32, #tiny.device<"CUDA">>
// CHECK-NEXT: %[[P2:.*]] = tiny.reduce add %[[R2]] axes [1] : tensor<1x16x4096xf32, #tiny.device<"CUDA">>
// CHECK-NEXT: %[[C2:.*]] = tiny.contiguous %[[P2]] : tensor<1x1x4096xf32, #tiny.device<"CUDA">>
// CHECK-NEXT: %[[S2:.*]] = tiny.reduce add %[[C2]] axes [2] : tensor<1x1x4096xf32, #tiny.device<"CUDA">>
// CHECK-NEXT: %[[T:.*]] = tiny.reshape %[[S2]] to [1] : tensor<1x1x1xf32, #tiny.device<"CUDA">>
// CHECK-NEXT: tiny.return %[[T]]
tiny.function @sum_to_scalar -> tensor<1xf32, #gpu> {
  %x = tiny.param 0 : f32 size 1048576 on "CUDA"
  %s = tiny.reduce add %x axes [0] : tensor<1048576xf32, #gpu>
  tiny.return %s : tensor<1xf32, #gpu>
}

// -----

#gpu = #tiny.device<"HIP">

// Row maxima of 4 rows of 2^18: 16384 partials per row, 65536 in all; the
// axes around the split one keep their places.
// CHECK-LABEL: tiny.function @row_max
// CHECK: tiny.reshape %{{.*}} to [4, 16, 16384, 1] : tensor<1048576xi32, #tiny.device<"HIP">>
// CHECK-NEXT: tiny.reduce max %{{.*}} axes [1] : tensor<4x16x16384x1xi32, #tiny.device<"HIP">>
// CHECK-NEXT: tiny.contiguous %{{.*}} : tensor<4x1x16384x1xi32, #tiny.device<"HIP">>
// CHECK-NEXT: tiny.reduce max %{{.*}} axes [2] : tensor<4x1x16384x1xi32, #tiny.device<"HIP">>
// CHECK-NEXT: tiny.reshape %{{.*}} to [4, 1, 1] : tensor<4x1x1x1xi32, #tiny.device<"HIP">>
// CHECK-NOT: tiny.contiguous
tiny.function @row_max -> tensor<4x1x1xi32, #gpu> {
  %x = tiny.param 0 : i32 size 1048576 on "HIP"
  %r = tiny.reshape %x to [4, 262144, 1] : tensor<1048576xi32, #gpu>
  %m = tiny.reduce max %r axes [1] : tensor<4x262144x1xi32, #gpu>
  tiny.return %m : tensor<4x1x1xi32, #gpu>
}

// -----

#gpu = #tiny.device<"CUDA">

// Left alone: one of fewer than 2^15 elements per result; a broadcast axis
// (every partial would read the same element); an axis of prime length,
// which no divisor splits.
// CHECK-LABEL: tiny.function @kept
// CHECK-NOT: tiny.contiguous
// CHECK: tiny.return
tiny.function @kept -> tuple<tensor<1xf32, #gpu>, tensor<1xf32, #gpu>, tensor<1xf32, #gpu>> {
  %g = tiny.param 0 : f32 size 32767 on "CUDA"
  %sg = tiny.reduce add %g axes [0] : tensor<32767xf32, #gpu>
  %one = tiny.param 1 : f32 size 1 on "CUDA"
  %b = tiny.expand %one to [1048576] : tensor<1xf32, #gpu>
  %sb = tiny.reduce add %b axes [0] : tensor<1048576xf32, #gpu>
  %p = tiny.param 2 : f32 size 65537 on "CUDA"
  %sp = tiny.reduce add %p axes [0] : tensor<65537xf32, #gpu>
  %t = tiny.tuple %sg, %sb, %sp : tensor<1xf32, #gpu>, tensor<1xf32, #gpu>, tensor<1xf32, #gpu>
  tiny.return %t : tuple<tensor<1xf32, #gpu>, tensor<1xf32, #gpu>, tensor<1xf32, #gpu>>
}

// -----

#cpu = #tiny.device<"CPU">

// On the host, a sum of 2^24 elements to one: 64 partials (the most,
// kHostPartials / 1 result), each over a contiguous block of 2^24 / 64 =
// 262144 elements, the partials' axis outside the reduced one. The first
// reduce has 64 results, enough for the cores: it is not split again.
// CHECK-LABEL: tiny.function @host_sum
// CHECK: %[[X:.*]] = tiny.param 0
// CHECK-NEXT: %[[R:.*]] = tiny.reshape %[[X]] to [64, 262144] : tensor<16777216xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[P:.*]] = tiny.reduce add %[[R]] axes [1] : tensor<64x262144xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[C:.*]] = tiny.contiguous %[[P]] : tensor<64x1xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[S:.*]] = tiny.reduce add %[[C]] axes [0] : tensor<64x1xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[T:.*]] = tiny.reshape %[[S]] to [1] : tensor<1x1xf32, #tiny.device<"CPU">>
// CHECK-NEXT: tiny.return %[[T]]
tiny.function @host_sum -> tensor<1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 16777216 on "CPU"
  %s = tiny.reduce add %x axes [0] : tensor<16777216xf32, #cpu>
  tiny.return %s : tensor<1xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Three reduced axes on the host, to one element: axes 0 and 1 (lengths
// 2 and 4) have no divisor of at least 8; axis 2 splits into 64 partials
// of 512. Axes 0 and 1 keep their places, axis 2's blocks become axis 3;
// the reshape of the reshape folds.
// CHECK-LABEL: tiny.function @host_three_axes
// CHECK: tiny.reshape %{{.*}} to [2, 4, 64, 512] : tensor<262144xf32, #tiny.device<"CPU">>
// CHECK-NEXT: tiny.reduce add %{{.*}} axes [0, 1, 3] : tensor<2x4x64x512xf32, #tiny.device<"CPU">>
// CHECK-NEXT: tiny.contiguous %{{.*}} : tensor<1x1x64x1xf32, #tiny.device<"CPU">>
// CHECK-NEXT: tiny.reduce add %{{.*}} axes [2] : tensor<1x1x64x1xf32, #tiny.device<"CPU">>
// CHECK-NEXT: tiny.reshape %{{.*}} to [1, 1, 1] : tensor<1x1x1x1xf32, #tiny.device<"CPU">>
tiny.function @host_three_axes -> tensor<1x1x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 262144 on "CPU"
  %r = tiny.reshape %x to [2, 4, 32768] : tensor<262144xf32, #cpu>
  %s = tiny.reduce add %r axes [0, 1, 2] : tensor<2x4x32768xf32, #cpu>
  tiny.return %s : tensor<1x1x1xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Left alone on the host: a reduction to two elements, however long (its
// results spread over the cores already).
// CHECK-LABEL: tiny.function @host_kept
// CHECK-NOT: tiny.contiguous
// CHECK: tiny.return
tiny.function @host_kept -> tensor<2x1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 16777216 on "CPU"
  %r = tiny.reshape %x to [2, 8388608] : tensor<16777216xf32, #cpu>
  %s = tiny.reduce add %r axes [1] : tensor<2x8388608xf32, #cpu>
  tiny.return %s : tensor<2x1xf32, #cpu>
}

// -----

// With host=false (the -tiny-to-nvvm and -tiny-to-rocdl pipelines, which
// compile every kernel for a GPU), a long host reduction to one element is
// left alone.
// NOHOST-LABEL: tiny.function @host_sum_no_split
// NOHOST-NEXT: %{{.*}} = tiny.param
// NOHOST-NEXT: %{{.*}} = tiny.reduce add %{{.*}} axes [0] : tensor<1048576xf32, #tiny.device<"CPU">>
// NOHOST-NOT: tiny.contiguous
tiny.function @host_sum_no_split -> tensor<1xf32, #tiny.device<"CPU">> {
  %x = tiny.param 0 : f32 size 1048576 on "CPU"
  %s = tiny.reduce add %x axes [0] : tensor<1048576xf32, #tiny.device<"CPU">>
  tiny.return %s : tensor<1xf32, #tiny.device<"CPU">>
}
