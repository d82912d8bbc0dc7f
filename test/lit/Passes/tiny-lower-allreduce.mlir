// RUN: tiny-opt %s -split-input-file -tiny-lower-allreduce | FileCheck %s --check-prefixes=CHECK,RING
// RUN: tiny-opt %s -split-input-file -tiny-lower-allreduce=algorithm=ring | FileCheck %s --check-prefixes=CHECK,RING
// RUN: tiny-opt %s -split-input-file -tiny-lower-allreduce=algorithm=all2all | FileCheck %s --check-prefixes=CHECK,A2A
// RUN: tiny-opt %s -split-input-file -tiny-lower-allreduce=algorithm=naive | FileCheck %s --check-prefixes=CHECK,NAIVE

// An allreduce becomes mselect / shrink / copy / combine / reassembly /
// mstack. A copy's type is its source's, so each copy line shows which
// device sends how many elements. ring is the default.

#d2 = #tiny.device<"CPU:0", "CPU:1">

// Two devices, 4 elements: chunks [0, 2) and [2, 4).
// CHECK-LABEL: func.func @two
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32
// CHECK: %[[S0:.*]] = tiny.mselect %[[X]][0]
// CHECK-NEXT: %[[S1:.*]] = tiny.mselect %[[X]][1]
// Ring: chunk 0 goes 1 -> 0 and back, chunk 1 goes 0 -> 1 and back.
// RING-NEXT: %[[A1:.*]] = tiny.shrink %[[S1]] [0] to [2] : tensor<4xf32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[A1C:.*]] = tiny.copy %[[A1]] to "CPU" : tensor<2xf32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[A0:.*]] = tiny.shrink %[[S0]] [0] to [2] : tensor<4xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[R0:.*]] = tiny.add %[[A1C]], %[[A0]] : tensor<2xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[R0ON1:.*]] = tiny.copy %[[R0]] to "CPU:1" : tensor<2xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[B0:.*]] = tiny.shrink %[[S0]] [2] to [4] : tensor<4xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[B0C:.*]] = tiny.copy %[[B0]] to "CPU:1" : tensor<2xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[B1:.*]] = tiny.shrink %[[S1]] [2] to [4] : tensor<4xf32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[R1:.*]] = tiny.add %[[B0C]], %[[B1]] : tensor<2xf32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[R1ON0:.*]] = tiny.copy %[[R1]] to "CPU" : tensor<2xf32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[T0:.*]] = tiny.stack %[[R0]], %[[R1ON0]] : tensor<2xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[O0:.*]] = tiny.reshape %[[T0]] to [4] : tensor<2x2xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[T1:.*]] = tiny.stack %[[R0ON1]], %[[R1]] : tensor<2xf32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[O1:.*]] = tiny.reshape %[[T1]] to [4] : tensor<2x2xf32, #tiny.device<"CPU:1">>
// All-to-all: each chunk is combined on its device in device order.
// A2A-NEXT: %[[A0:.*]] = tiny.shrink %[[S0]] [0] to [2] : tensor<4xf32, #tiny.device<"CPU">>
// A2A-NEXT: %[[A1:.*]] = tiny.shrink %[[S1]] [0] to [2] : tensor<4xf32, #tiny.device<"CPU:1">>
// A2A-NEXT: %[[A1C:.*]] = tiny.copy %[[A1]] to "CPU" : tensor<2xf32, #tiny.device<"CPU:1">>
// A2A-NEXT: %[[R0:.*]] = tiny.add %[[A0]], %[[A1C]] : tensor<2xf32, #tiny.device<"CPU">>
// A2A-NEXT: %[[B0:.*]] = tiny.shrink %[[S0]] [2] to [4] : tensor<4xf32, #tiny.device<"CPU">>
// A2A-NEXT: %[[B0C:.*]] = tiny.copy %[[B0]] to "CPU:1" : tensor<2xf32, #tiny.device<"CPU">>
// A2A-NEXT: %[[B1:.*]] = tiny.shrink %[[S1]] [2] to [4] : tensor<4xf32, #tiny.device<"CPU:1">>
// A2A-NEXT: %[[R1:.*]] = tiny.add %[[B0C]], %[[B1]] : tensor<2xf32, #tiny.device<"CPU:1">>
// A2A-NEXT: %[[R0ON1:.*]] = tiny.copy %[[R0]] to "CPU:1" : tensor<2xf32, #tiny.device<"CPU">>
// A2A-NEXT: %[[R1ON0:.*]] = tiny.copy %[[R1]] to "CPU" : tensor<2xf32, #tiny.device<"CPU:1">>
// A2A-NEXT: %[[T0:.*]] = tiny.stack %[[R0]], %[[R1ON0]]
// A2A-NEXT: %[[O0:.*]] = tiny.reshape %[[T0]] to [4]
// A2A-NEXT: %[[T1:.*]] = tiny.stack %[[R0ON1]], %[[R1]]
// A2A-NEXT: %[[O1:.*]] = tiny.reshape %[[T1]] to [4]
// Naive: whole shards, combined in device order on each device.
// NAIVE-NEXT: %[[S1ON0:.*]] = tiny.copy %[[S1]] to "CPU" : tensor<4xf32, #tiny.device<"CPU:1">>
// NAIVE-NEXT: %[[O0:.*]] = tiny.add %[[S0]], %[[S1ON0]] : tensor<4xf32, #tiny.device<"CPU">>
// NAIVE-NEXT: %[[S0ON1:.*]] = tiny.copy %[[S0]] to "CPU:1" : tensor<4xf32, #tiny.device<"CPU">>
// NAIVE-NEXT: %[[O1:.*]] = tiny.add %[[S0ON1]], %[[S1]] : tensor<4xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[M:.*]] = tiny.mstack %[[O0]], %[[O1]] : tensor<4xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: return %[[M]] : tensor<4xf32, #tiny.device<"CPU", "CPU:1">>
func.func @two(%x: tensor<4xf32, #d2>) -> tensor<4xf32, #d2> {
  %r = tiny.allreduce add %x : tensor<4xf32, #d2>
  return %r : tensor<4xf32, #d2>
}

// -----

#d3 = #tiny.device<"CPU:0", "CPU:1", "CPU:2">

// Three devices, 7 elements: chunks [0, 3), [3, 5), [5, 7). Each device
// joins its 3-element chunk with the two 2-element ones by a select.
// CHECK-LABEL: func.func @three_uneven
// CHECK-SAME: (%[[X:.*]]: tensor<7xf32
// CHECK: %[[S0:.*]] = tiny.mselect %[[X]][0]
// CHECK-NEXT: %[[S1:.*]] = tiny.mselect %[[X]][1]
// CHECK-NEXT: %[[S2:.*]] = tiny.mselect %[[X]][2]
// Chunk 0 reduces 1 -> 2 -> 0, then goes on 0 -> 1 -> 2.
// RING-NEXT: %[[A1:.*]] = tiny.shrink %[[S1]] [0] to [3]
// RING-NEXT: %[[A1C:.*]] = tiny.copy %[[A1]] to "CPU:2" : tensor<3xf32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[A2:.*]] = tiny.shrink %[[S2]] [0] to [3]
// RING-NEXT: %[[A12:.*]] = tiny.add %[[A1C]], %[[A2]] : tensor<3xf32, #tiny.device<"CPU:2">>
// RING-NEXT: %[[A12C:.*]] = tiny.copy %[[A12]] to "CPU" : tensor<3xf32, #tiny.device<"CPU:2">>
// RING-NEXT: %[[A0:.*]] = tiny.shrink %[[S0]] [0] to [3]
// RING-NEXT: %[[R0:.*]] = tiny.add %[[A12C]], %[[A0]] : tensor<3xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[R0ON1:.*]] = tiny.copy %[[R0]] to "CPU:1" : tensor<3xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[R0ON2:.*]] = tiny.copy %[[R0ON1]] to "CPU:2" : tensor<3xf32, #tiny.device<"CPU:1">>
// Chunk 1 reduces 2 -> 0 -> 1, then goes on 1 -> 2 -> 0.
// RING-NEXT: %[[B2:.*]] = tiny.shrink %[[S2]] [3] to [5]
// RING-NEXT: %[[B2C:.*]] = tiny.copy %[[B2]] to "CPU" : tensor<2xf32, #tiny.device<"CPU:2">>
// RING-NEXT: %[[B0:.*]] = tiny.shrink %[[S0]] [3] to [5]
// RING-NEXT: %[[B20:.*]] = tiny.add %[[B2C]], %[[B0]] : tensor<2xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[B20C:.*]] = tiny.copy %[[B20]] to "CPU:1" : tensor<2xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[B1:.*]] = tiny.shrink %[[S1]] [3] to [5]
// RING-NEXT: %[[R1:.*]] = tiny.add %[[B20C]], %[[B1]] : tensor<2xf32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[R1ON2:.*]] = tiny.copy %[[R1]] to "CPU:2" : tensor<2xf32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[R1ON0:.*]] = tiny.copy %[[R1ON2]] to "CPU" : tensor<2xf32, #tiny.device<"CPU:2">>
// Chunk 2 reduces 0 -> 1 -> 2, then goes on 2 -> 0 -> 1.
// RING-NEXT: %[[C0:.*]] = tiny.shrink %[[S0]] [5] to [7]
// RING-NEXT: %[[C0C:.*]] = tiny.copy %[[C0]] to "CPU:1" : tensor<2xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[C1:.*]] = tiny.shrink %[[S1]] [5] to [7]
// RING-NEXT: %[[C01:.*]] = tiny.add %[[C0C]], %[[C1]] : tensor<2xf32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[C01C:.*]] = tiny.copy %[[C01]] to "CPU:2" : tensor<2xf32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[C2:.*]] = tiny.shrink %[[S2]] [5] to [7]
// RING-NEXT: %[[R2:.*]] = tiny.add %[[C01C]], %[[C2]] : tensor<2xf32, #tiny.device<"CPU:2">>
// RING-NEXT: %[[R2ON0:.*]] = tiny.copy %[[R2]] to "CPU" : tensor<2xf32, #tiny.device<"CPU:2">>
// RING-NEXT: %[[R2ON1:.*]] = tiny.copy %[[R2ON0]] to "CPU:1" : tensor<2xf32, #tiny.device<"CPU">>
// RING-NOT: tiny.copy
// RING: %[[H0:.*]] = tiny.pad %[[R0]] low [0] high [4] : tensor<3xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[T0:.*]] = tiny.stack %[[R1ON0]], %[[R2ON0]] : tensor<2xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[F0:.*]] = tiny.reshape %[[T0]] to [4]
// RING-NEXT: %[[P0:.*]] = tiny.pad %[[F0]] low [3] high [0] : tensor<4xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[TRUE0:.*]] = tiny.const dense<true> : tensor<3xi1, #tiny.device<"CPU">>
// RING-NEXT: %[[MASK0:.*]] = tiny.pad %[[TRUE0]] low [0] high [4] : tensor<3xi1, #tiny.device<"CPU">>
// RING-NEXT: %[[O0:.*]] = tiny.where %[[MASK0]], %[[H0]], %[[P0]] : tensor<7xi1, #tiny.device<"CPU">>
// RING-NEXT: %[[H1:.*]] = tiny.pad %[[R0ON1]] low [0] high [4]
// RING-NEXT: %[[T1:.*]] = tiny.stack %[[R1]], %[[R2ON1]]
// RING: %[[O1:.*]] = tiny.where %{{.*}}, %[[H1]], %{{.*}} : tensor<7xi1, #tiny.device<"CPU:1">>
// RING-NEXT: %[[H2:.*]] = tiny.pad %[[R0ON2]] low [0] high [4]
// RING-NEXT: %[[T2:.*]] = tiny.stack %[[R1ON2]], %[[R2]]
// RING: %[[O2:.*]] = tiny.where %{{.*}}, %[[H2]], %{{.*}} : tensor<7xi1, #tiny.device<"CPU:2">>
// All-to-all: chunk i gathers on device i, then goes to the other two.
// A2A-NEXT: %[[A0:.*]] = tiny.shrink %[[S0]] [0] to [3]
// A2A-NEXT: %[[A1:.*]] = tiny.shrink %[[S1]] [0] to [3]
// A2A-NEXT: %[[A1C:.*]] = tiny.copy %[[A1]] to "CPU" : tensor<3xf32, #tiny.device<"CPU:1">>
// A2A-NEXT: %[[A01:.*]] = tiny.add %[[A0]], %[[A1C]] : tensor<3xf32, #tiny.device<"CPU">>
// A2A-NEXT: %[[A2:.*]] = tiny.shrink %[[S2]] [0] to [3]
// A2A-NEXT: %[[A2C:.*]] = tiny.copy %[[A2]] to "CPU" : tensor<3xf32, #tiny.device<"CPU:2">>
// A2A-NEXT: %[[R0:.*]] = tiny.add %[[A01]], %[[A2C]] : tensor<3xf32, #tiny.device<"CPU">>
// A2A-NEXT: %[[B0:.*]] = tiny.shrink %[[S0]] [3] to [5]
// A2A-NEXT: %[[B0C:.*]] = tiny.copy %[[B0]] to "CPU:1" : tensor<2xf32, #tiny.device<"CPU">>
// A2A-NEXT: %[[B1:.*]] = tiny.shrink %[[S1]] [3] to [5]
// A2A-NEXT: %[[B01:.*]] = tiny.add %[[B0C]], %[[B1]] : tensor<2xf32, #tiny.device<"CPU:1">>
// A2A-NEXT: %[[B2:.*]] = tiny.shrink %[[S2]] [3] to [5]
// A2A-NEXT: %[[B2C:.*]] = tiny.copy %[[B2]] to "CPU:1" : tensor<2xf32, #tiny.device<"CPU:2">>
// A2A-NEXT: %[[R1:.*]] = tiny.add %[[B01]], %[[B2C]] : tensor<2xf32, #tiny.device<"CPU:1">>
// A2A-NEXT: %[[C0:.*]] = tiny.shrink %[[S0]] [5] to [7]
// A2A-NEXT: %[[C0C:.*]] = tiny.copy %[[C0]] to "CPU:2" : tensor<2xf32, #tiny.device<"CPU">>
// A2A-NEXT: %[[C1:.*]] = tiny.shrink %[[S1]] [5] to [7]
// A2A-NEXT: %[[C1C:.*]] = tiny.copy %[[C1]] to "CPU:2" : tensor<2xf32, #tiny.device<"CPU:1">>
// A2A-NEXT: %[[C01:.*]] = tiny.add %[[C0C]], %[[C1C]] : tensor<2xf32, #tiny.device<"CPU:2">>
// A2A-NEXT: %[[C2:.*]] = tiny.shrink %[[S2]] [5] to [7]
// A2A-NEXT: %[[R2:.*]] = tiny.add %[[C01]], %[[C2]] : tensor<2xf32, #tiny.device<"CPU:2">>
// A2A-NEXT: %[[R0ON1:.*]] = tiny.copy %[[R0]] to "CPU:1" : tensor<3xf32, #tiny.device<"CPU">>
// A2A-NEXT: %[[R0ON2:.*]] = tiny.copy %[[R0]] to "CPU:2" : tensor<3xf32, #tiny.device<"CPU">>
// A2A-NEXT: %[[R1ON0:.*]] = tiny.copy %[[R1]] to "CPU" : tensor<2xf32, #tiny.device<"CPU:1">>
// A2A-NEXT: %[[R1ON2:.*]] = tiny.copy %[[R1]] to "CPU:2" : tensor<2xf32, #tiny.device<"CPU:1">>
// A2A-NEXT: %[[R2ON0:.*]] = tiny.copy %[[R2]] to "CPU" : tensor<2xf32, #tiny.device<"CPU:2">>
// A2A-NEXT: %[[R2ON1:.*]] = tiny.copy %[[R2]] to "CPU:1" : tensor<2xf32, #tiny.device<"CPU:2">>
// A2A-NOT: tiny.copy
// A2A: %[[H0:.*]] = tiny.pad %[[R0]] low [0] high [4]
// A2A-NEXT: tiny.stack %[[R1ON0]], %[[R2ON0]]
// A2A: %[[O0:.*]] = tiny.where %{{.*}}, %[[H0]], %{{.*}} : tensor<7xi1, #tiny.device<"CPU">>
// A2A-NEXT: %[[H1:.*]] = tiny.pad %[[R0ON1]] low [0] high [4]
// A2A-NEXT: tiny.stack %[[R1]], %[[R2ON1]]
// A2A: %[[O1:.*]] = tiny.where %{{.*}}, %[[H1]], %{{.*}} : tensor<7xi1, #tiny.device<"CPU:1">>
// A2A-NEXT: %[[H2:.*]] = tiny.pad %[[R0ON2]] low [0] high [4]
// A2A-NEXT: tiny.stack %[[R1ON2]], %[[R2]]
// A2A: %[[O2:.*]] = tiny.where %{{.*}}, %[[H2]], %{{.*}} : tensor<7xi1, #tiny.device<"CPU:2">>
// Naive: two whole shards to each device; no chunks.
// NAIVE-NEXT: %[[S1ON0:.*]] = tiny.copy %[[S1]] to "CPU" : tensor<7xf32, #tiny.device<"CPU:1">>
// NAIVE-NEXT: %[[P0:.*]] = tiny.add %[[S0]], %[[S1ON0]]
// NAIVE-NEXT: %[[S2ON0:.*]] = tiny.copy %[[S2]] to "CPU" : tensor<7xf32, #tiny.device<"CPU:2">>
// NAIVE-NEXT: %[[O0:.*]] = tiny.add %[[P0]], %[[S2ON0]] : tensor<7xf32, #tiny.device<"CPU">>
// NAIVE-NEXT: %[[S0ON1:.*]] = tiny.copy %[[S0]] to "CPU:1" : tensor<7xf32, #tiny.device<"CPU">>
// NAIVE-NEXT: %[[P1:.*]] = tiny.add %[[S0ON1]], %[[S1]]
// NAIVE-NEXT: %[[S2ON1:.*]] = tiny.copy %[[S2]] to "CPU:1" : tensor<7xf32, #tiny.device<"CPU:2">>
// NAIVE-NEXT: %[[O1:.*]] = tiny.add %[[P1]], %[[S2ON1]] : tensor<7xf32, #tiny.device<"CPU:1">>
// NAIVE-NEXT: %[[S0ON2:.*]] = tiny.copy %[[S0]] to "CPU:2" : tensor<7xf32, #tiny.device<"CPU">>
// NAIVE-NEXT: %[[S1ON2:.*]] = tiny.copy %[[S1]] to "CPU:2" : tensor<7xf32, #tiny.device<"CPU:1">>
// NAIVE-NEXT: %[[P2:.*]] = tiny.add %[[S0ON2]], %[[S1ON2]]
// NAIVE-NEXT: %[[O2:.*]] = tiny.add %[[P2]], %[[S2]] : tensor<7xf32, #tiny.device<"CPU:2">>
// CHECK-NEXT: %[[M:.*]] = tiny.mstack %[[O0]], %[[O1]], %[[O2]] : tensor<7xf32, #tiny.device<"CPU">>, tensor<7xf32, #tiny.device<"CPU:1">>, tensor<7xf32, #tiny.device<"CPU:2">>
// CHECK-NEXT: return %[[M]]
func.func @three_uneven(%x: tensor<7xf32, #d3>) -> tensor<7xf32, #d3> {
  %r = tiny.allreduce add %x : tensor<7xf32, #d3>
  return %r : tensor<7xf32, #d3>
}

// -----

#d3 = #tiny.device<"CPU:0", "CPU:1", "CPU:2">

// Fewer elements than devices: chunks [0, 1), [1, 2) and an empty one that
// is never copied; each shard is viewed flat, and each result in (1, 2).
// CHECK-LABEL: func.func @fewer_elements
// CHECK-SAME: (%[[X:.*]]: tensor<1x2xi32
// CHECK: %[[S0:.*]] = tiny.mselect %[[X]][0]
// CHECK-NEXT: %[[S1:.*]] = tiny.mselect %[[X]][1]
// CHECK-NEXT: %[[S2:.*]] = tiny.mselect %[[X]][2]
// RING-NEXT: %[[F1:.*]] = tiny.reshape %[[S1]] to [2] : tensor<1x2xi32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[A1:.*]] = tiny.shrink %[[F1]] [0] to [1]
// RING-NEXT: %[[A1C:.*]] = tiny.copy %[[A1]] to "CPU:2" : tensor<1xi32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[F2:.*]] = tiny.reshape %[[S2]] to [2]
// RING-NEXT: %[[A2:.*]] = tiny.shrink %[[F2]] [0] to [1]
// RING-NEXT: %[[A12:.*]] = tiny.max %[[A1C]], %[[A2]] : tensor<1xi32, #tiny.device<"CPU:2">>
// RING-NEXT: %[[A12C:.*]] = tiny.copy %[[A12]] to "CPU" : tensor<1xi32, #tiny.device<"CPU:2">>
// RING-NEXT: %[[F0:.*]] = tiny.reshape %[[S0]] to [2]
// RING-NEXT: %[[A0:.*]] = tiny.shrink %[[F0]] [0] to [1]
// RING-NEXT: %[[R0:.*]] = tiny.max %[[A12C]], %[[A0]] : tensor<1xi32, #tiny.device<"CPU">>
// RING-NEXT: %[[R0ON1:.*]] = tiny.copy %[[R0]] to "CPU:1" : tensor<1xi32, #tiny.device<"CPU">>
// RING-NEXT: %[[R0ON2:.*]] = tiny.copy %[[R0ON1]] to "CPU:2" : tensor<1xi32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[B2:.*]] = tiny.shrink %[[F2]] [1] to [2]
// RING-NEXT: %[[B2C:.*]] = tiny.copy %[[B2]] to "CPU" : tensor<1xi32, #tiny.device<"CPU:2">>
// RING-NEXT: %[[B0:.*]] = tiny.shrink %[[F0]] [1] to [2]
// RING-NEXT: %[[B20:.*]] = tiny.max %[[B2C]], %[[B0]] : tensor<1xi32, #tiny.device<"CPU">>
// RING-NEXT: %[[B20C:.*]] = tiny.copy %[[B20]] to "CPU:1" : tensor<1xi32, #tiny.device<"CPU">>
// RING-NEXT: %[[B1:.*]] = tiny.shrink %[[F1]] [1] to [2]
// RING-NEXT: %[[R1:.*]] = tiny.max %[[B20C]], %[[B1]] : tensor<1xi32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[R1ON2:.*]] = tiny.copy %[[R1]] to "CPU:2" : tensor<1xi32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[R1ON0:.*]] = tiny.copy %[[R1ON2]] to "CPU" : tensor<1xi32, #tiny.device<"CPU:2">>
// RING-NEXT: %[[T0:.*]] = tiny.stack %[[R0]], %[[R1ON0]]
// RING-NEXT: %[[O0:.*]] = tiny.reshape %[[T0]] to [1, 2] : tensor<2x1xi32, #tiny.device<"CPU">>
// RING-NEXT: %[[T1:.*]] = tiny.stack %[[R0ON1]], %[[R1]]
// RING-NEXT: %[[O1:.*]] = tiny.reshape %[[T1]] to [1, 2]
// RING-NEXT: %[[T2:.*]] = tiny.stack %[[R0ON2]], %[[R1ON2]]
// RING-NEXT: %[[O2:.*]] = tiny.reshape %[[T2]] to [1, 2]
// A2A-NEXT: %[[F0:.*]] = tiny.reshape %[[S0]] to [2]
// A2A-NEXT: %[[A0:.*]] = tiny.shrink %[[F0]] [0] to [1]
// A2A-NEXT: %[[F1:.*]] = tiny.reshape %[[S1]] to [2]
// A2A-NEXT: %[[A1:.*]] = tiny.shrink %[[F1]] [0] to [1]
// A2A-NEXT: %[[A1C:.*]] = tiny.copy %[[A1]] to "CPU" : tensor<1xi32, #tiny.device<"CPU:1">>
// A2A-NEXT: %[[A01:.*]] = tiny.max %[[A0]], %[[A1C]]
// A2A-NEXT: %[[F2:.*]] = tiny.reshape %[[S2]] to [2]
// A2A-NEXT: %[[A2:.*]] = tiny.shrink %[[F2]] [0] to [1]
// A2A-NEXT: %[[A2C:.*]] = tiny.copy %[[A2]] to "CPU" : tensor<1xi32, #tiny.device<"CPU:2">>
// A2A-NEXT: %[[R0:.*]] = tiny.max %[[A01]], %[[A2C]] : tensor<1xi32, #tiny.device<"CPU">>
// A2A-NEXT: %[[B0:.*]] = tiny.shrink %[[F0]] [1] to [2]
// A2A-NEXT: %[[B0C:.*]] = tiny.copy %[[B0]] to "CPU:1" : tensor<1xi32, #tiny.device<"CPU">>
// A2A-NEXT: %[[B1:.*]] = tiny.shrink %[[F1]] [1] to [2]
// A2A-NEXT: %[[B01:.*]] = tiny.max %[[B0C]], %[[B1]]
// A2A-NEXT: %[[B2:.*]] = tiny.shrink %[[F2]] [1] to [2]
// A2A-NEXT: %[[B2C:.*]] = tiny.copy %[[B2]] to "CPU:1" : tensor<1xi32, #tiny.device<"CPU:2">>
// A2A-NEXT: %[[R1:.*]] = tiny.max %[[B01]], %[[B2C]] : tensor<1xi32, #tiny.device<"CPU:1">>
// A2A-NEXT: %[[R0ON1:.*]] = tiny.copy %[[R0]] to "CPU:1"
// A2A-NEXT: %[[R0ON2:.*]] = tiny.copy %[[R0]] to "CPU:2"
// A2A-NEXT: %[[R1ON0:.*]] = tiny.copy %[[R1]] to "CPU"
// A2A-NEXT: %[[R1ON2:.*]] = tiny.copy %[[R1]] to "CPU:2"
// A2A-NEXT: %[[T0:.*]] = tiny.stack %[[R0]], %[[R1ON0]]
// A2A-NEXT: %[[O0:.*]] = tiny.reshape %[[T0]] to [1, 2]
// A2A-NEXT: %[[T1:.*]] = tiny.stack %[[R0ON1]], %[[R1]]
// A2A-NEXT: %[[O1:.*]] = tiny.reshape %[[T1]] to [1, 2]
// A2A-NEXT: %[[T2:.*]] = tiny.stack %[[R0ON2]], %[[R1ON2]]
// A2A-NEXT: %[[O2:.*]] = tiny.reshape %[[T2]] to [1, 2]
// NAIVE-NEXT: %[[S1ON0:.*]] = tiny.copy %[[S1]] to "CPU" : tensor<1x2xi32, #tiny.device<"CPU:1">>
// NAIVE-NEXT: %[[P0:.*]] = tiny.max %[[S0]], %[[S1ON0]]
// NAIVE-NEXT: %[[S2ON0:.*]] = tiny.copy %[[S2]] to "CPU" : tensor<1x2xi32, #tiny.device<"CPU:2">>
// NAIVE-NEXT: %[[O0:.*]] = tiny.max %[[P0]], %[[S2ON0]]
// NAIVE-NEXT: %[[S0ON1:.*]] = tiny.copy %[[S0]] to "CPU:1"
// NAIVE-NEXT: %[[P1:.*]] = tiny.max %[[S0ON1]], %[[S1]]
// NAIVE-NEXT: %[[S2ON1:.*]] = tiny.copy %[[S2]] to "CPU:1"
// NAIVE-NEXT: %[[O1:.*]] = tiny.max %[[P1]], %[[S2ON1]]
// NAIVE-NEXT: %[[S0ON2:.*]] = tiny.copy %[[S0]] to "CPU:2"
// NAIVE-NEXT: %[[S1ON2:.*]] = tiny.copy %[[S1]] to "CPU:2"
// NAIVE-NEXT: %[[P2:.*]] = tiny.max %[[S0ON2]], %[[S1ON2]]
// NAIVE-NEXT: %[[O2:.*]] = tiny.max %[[P2]], %[[S2]]
// CHECK-NEXT: %[[M:.*]] = tiny.mstack %[[O0]], %[[O1]], %[[O2]] : tensor<1x2xi32, #tiny.device<"CPU">>, tensor<1x2xi32, #tiny.device<"CPU:1">>, tensor<1x2xi32, #tiny.device<"CPU:2">>
// CHECK-NEXT: return %[[M]]
func.func @fewer_elements(%x: tensor<1x2xi32, #d3>) -> tensor<1x2xi32, #d3> {
  %r = tiny.allreduce max %x : tensor<1x2xi32, #d3>
  return %r : tensor<1x2xi32, #d3>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// mul; the two stacked 3-element chunks already have the (2, 3) shape.
// CHECK-LABEL: func.func @mul_2d
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32
// CHECK: %[[S0:.*]] = tiny.mselect %[[X]][0]
// CHECK-NEXT: %[[S1:.*]] = tiny.mselect %[[X]][1]
// RING-NEXT: %[[F1:.*]] = tiny.reshape %[[S1]] to [6] : tensor<2x3xf32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[A1:.*]] = tiny.shrink %[[F1]] [0] to [3]
// RING-NEXT: %[[A1C:.*]] = tiny.copy %[[A1]] to "CPU" : tensor<3xf32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[F0:.*]] = tiny.reshape %[[S0]] to [6]
// RING-NEXT: %[[A0:.*]] = tiny.shrink %[[F0]] [0] to [3]
// RING-NEXT: %[[R0:.*]] = tiny.mul %[[A1C]], %[[A0]] : tensor<3xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[R0ON1:.*]] = tiny.copy %[[R0]] to "CPU:1" : tensor<3xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[B0:.*]] = tiny.shrink %[[F0]] [3] to [6]
// RING-NEXT: %[[B0C:.*]] = tiny.copy %[[B0]] to "CPU:1" : tensor<3xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[B1:.*]] = tiny.shrink %[[F1]] [3] to [6]
// RING-NEXT: %[[R1:.*]] = tiny.mul %[[B0C]], %[[B1]] : tensor<3xf32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[R1ON0:.*]] = tiny.copy %[[R1]] to "CPU" : tensor<3xf32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[O0:.*]] = tiny.stack %[[R0]], %[[R1ON0]] : tensor<3xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[O1:.*]] = tiny.stack %[[R0ON1]], %[[R1]] : tensor<3xf32, #tiny.device<"CPU:1">>
// A2A: %[[R0:.*]] = tiny.mul %{{.*}} : tensor<3xf32, #tiny.device<"CPU">>
// A2A: %[[R1:.*]] = tiny.mul %{{.*}} : tensor<3xf32, #tiny.device<"CPU:1">>
// A2A-NEXT: %[[R0ON1:.*]] = tiny.copy %[[R0]] to "CPU:1"
// A2A-NEXT: %[[R1ON0:.*]] = tiny.copy %[[R1]] to "CPU"
// A2A-NEXT: %[[O0:.*]] = tiny.stack %[[R0]], %[[R1ON0]]
// A2A-NEXT: %[[O1:.*]] = tiny.stack %[[R0ON1]], %[[R1]]
// NAIVE-NEXT: %[[S1ON0:.*]] = tiny.copy %[[S1]] to "CPU" : tensor<2x3xf32, #tiny.device<"CPU:1">>
// NAIVE-NEXT: %[[O0:.*]] = tiny.mul %[[S0]], %[[S1ON0]]
// NAIVE-NEXT: %[[S0ON1:.*]] = tiny.copy %[[S0]] to "CPU:1" : tensor<2x3xf32, #tiny.device<"CPU">>
// NAIVE-NEXT: %[[O1:.*]] = tiny.mul %[[S0ON1]], %[[S1]]
// CHECK-NEXT: %[[M:.*]] = tiny.mstack %[[O0]], %[[O1]] : tensor<2x3xf32, #tiny.device<"CPU">>, tensor<2x3xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: return %[[M]]
func.func @mul_2d(%x: tensor<2x3xf32, #d2>) -> tensor<2x3xf32, #d2> {
  %r = tiny.allreduce mul %x : tensor<2x3xf32, #d2>
  return %r : tensor<2x3xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// A scalar is one chunk of one element, no shrink.
// CHECK-LABEL: func.func @scalar
// CHECK-SAME: (%[[X:.*]]: tensor<f32
// CHECK: %[[S0:.*]] = tiny.mselect %[[X]][0]
// CHECK-NEXT: %[[S1:.*]] = tiny.mselect %[[X]][1]
// RING-NEXT: %[[F1:.*]] = tiny.reshape %[[S1]] to [1] : tensor<f32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[F1C:.*]] = tiny.copy %[[F1]] to "CPU" : tensor<1xf32, #tiny.device<"CPU:1">>
// RING-NEXT: %[[F0:.*]] = tiny.reshape %[[S0]] to [1]
// RING-NEXT: %[[R:.*]] = tiny.max %[[F1C]], %[[F0]] : tensor<1xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[RON1:.*]] = tiny.copy %[[R]] to "CPU:1" : tensor<1xf32, #tiny.device<"CPU">>
// A2A-NEXT: %[[F0:.*]] = tiny.reshape %[[S0]] to [1]
// A2A-NEXT: %[[F1:.*]] = tiny.reshape %[[S1]] to [1]
// A2A-NEXT: %[[F1C:.*]] = tiny.copy %[[F1]] to "CPU" : tensor<1xf32, #tiny.device<"CPU:1">>
// A2A-NEXT: %[[R:.*]] = tiny.max %[[F0]], %[[F1C]] : tensor<1xf32, #tiny.device<"CPU">>
// A2A-NEXT: %[[RON1:.*]] = tiny.copy %[[R]] to "CPU:1" : tensor<1xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[O0:.*]] = tiny.reshape %[[R]] to [] : tensor<1xf32, #tiny.device<"CPU">>
// RING-NEXT: %[[O1:.*]] = tiny.reshape %[[RON1]] to [] : tensor<1xf32, #tiny.device<"CPU:1">>
// A2A-NEXT: %[[O0:.*]] = tiny.reshape %[[R]] to [] : tensor<1xf32, #tiny.device<"CPU">>
// A2A-NEXT: %[[O1:.*]] = tiny.reshape %[[RON1]] to [] : tensor<1xf32, #tiny.device<"CPU:1">>
// NAIVE-NEXT: %[[S1ON0:.*]] = tiny.copy %[[S1]] to "CPU" : tensor<f32, #tiny.device<"CPU:1">>
// NAIVE-NEXT: %[[O0:.*]] = tiny.max %[[S0]], %[[S1ON0]]
// NAIVE-NEXT: %[[S0ON1:.*]] = tiny.copy %[[S0]] to "CPU:1" : tensor<f32, #tiny.device<"CPU">>
// NAIVE-NEXT: %[[O1:.*]] = tiny.max %[[S0ON1]], %[[S1]]
// CHECK-NEXT: %[[M:.*]] = tiny.mstack %[[O0]], %[[O1]] : tensor<f32, #tiny.device<"CPU">>, tensor<f32, #tiny.device<"CPU:1">>
// CHECK-NEXT: return %[[M]]
func.func @scalar(%x: tensor<f32, #d2>) -> tensor<f32, #d2> {
  %r = tiny.allreduce max %x : tensor<f32, #d2>
  return %r : tensor<f32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// No elements: nothing to move, the shards are the result.
// CHECK-LABEL: func.func @no_elements
// CHECK-SAME: (%[[X:.*]]: tensor<0x3xf32
// CHECK-NEXT: return %[[X]]
func.func @no_elements(%x: tensor<0x3xf32, #d2>) -> tensor<0x3xf32, #d2> {
  %r = tiny.allreduce add %x : tensor<0x3xf32, #d2>
  return %r : tensor<0x3xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// No allreduce: multi-device values, their shards and copies stay as they
// are.
// CHECK-LABEL: func.func @no_allreduce
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32
// CHECK-NEXT: %[[A:.*]] = tiny.mselect %[[X]][0]
// CHECK-NEXT: %[[B:.*]] = tiny.mselect %[[X]][1]
// CHECK-NEXT: %[[C:.*]] = tiny.copy %[[A]] to "CPU:1"
// CHECK-NEXT: %[[D:.*]] = tiny.add %[[C]], %[[B]]
// CHECK-NEXT: %[[U:.*]] = tiny.unshard %[[X]] axis 0
// CHECK-NEXT: %[[M:.*]] = tiny.mstack %[[A]], %[[D]]
// CHECK-NEXT: return %[[M]]
func.func @no_allreduce(%x: tensor<4xf32, #d2>) -> tensor<4xf32, #d2> {
  %a = tiny.mselect %x[0] : tensor<4xf32, #d2>
  %b = tiny.mselect %x[1] : tensor<4xf32, #d2>
  %c = tiny.copy %a to "CPU:1" : tensor<4xf32, #tiny.device<"CPU:0">>
  %d = tiny.add %c, %b : tensor<4xf32, #tiny.device<"CPU:1">>
  %u = tiny.unshard %x axis 0 : tensor<4xf32, #d2>
  %m = tiny.mstack %a, %d : tensor<4xf32, #tiny.device<"CPU:0">>, tensor<4xf32, #tiny.device<"CPU:1">>
  return %m : tensor<4xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// Booleans combine as tinygrad's bool ALU does: max of i1 shards is tiny.max
// (which is or on i1), add is tiny.or and mul is tiny.and; never tiny.add or
// tiny.mul, which take no i1.
// CHECK-LABEL: func.func @bool_max
// CHECK: tiny.max {{.*}} : tensor<{{[0-9]+}}xi1, #tiny.device<"CPU">>
// CHECK: tiny.max {{.*}} : tensor<{{[0-9]+}}xi1, #tiny.device<"CPU:1">>
// CHECK: tiny.mstack {{.*}} : tensor<3xi1, #tiny.device<"CPU">>, tensor<3xi1, #tiny.device<"CPU:1">>
func.func @bool_max(%x: tensor<3xi1, #d2>) -> tensor<3xi1, #d2> {
  %r = tiny.allreduce max %x : tensor<3xi1, #d2>
  return %r : tensor<3xi1, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

// CHECK-LABEL: func.func @bool_add
// CHECK-NOT: tiny.add
// CHECK: tiny.or {{.*}} : tensor<{{[0-9]+}}xi1, #tiny.device<"CPU">>
// CHECK-NOT: tiny.add
// CHECK: tiny.or {{.*}} : tensor<{{[0-9]+}}xi1, #tiny.device<"CPU:1">>
// CHECK-NOT: tiny.add
// CHECK: tiny.mstack {{.*}} : tensor<3xi1, #tiny.device<"CPU">>, tensor<3xi1, #tiny.device<"CPU:1">>
func.func @bool_add(%x: tensor<3xi1, #d2>) -> tensor<3xi1, #d2> {
  %r = tiny.allreduce add %x : tensor<3xi1, #d2>
  return %r : tensor<3xi1, #d2>
}

// -----

#d3 = #tiny.device<"CPU:0", "CPU:1", "CPU:2">

// 3 shards combine with 2 ands: ring and all2all so combine each of 3 chunks
// (of 2, 1 and 1 elements: 6 ands), naive the whole shards on each of the 3
// devices (6 ands of 2x2).
// CHECK-LABEL: func.func @bool_mul
// CHECK-NOT: tiny.mul
// RING-COUNT-2: tiny.and {{.*}} : tensor<2xi1,
// RING-COUNT-4: tiny.and {{.*}} : tensor<1xi1,
// RING-NOT: tiny.and
// A2A-COUNT-2: tiny.and {{.*}} : tensor<2xi1,
// A2A-COUNT-4: tiny.and {{.*}} : tensor<1xi1,
// A2A-NOT: tiny.and
// NAIVE-COUNT-6: tiny.and {{.*}} : tensor<2x2xi1,
// NAIVE-NOT: tiny.and
// CHECK-NOT: tiny.mul
// CHECK: tiny.mstack {{.*}} : tensor<2x2xi1, #tiny.device<"CPU">>, tensor<2x2xi1, #tiny.device<"CPU:1">>, tensor<2x2xi1, #tiny.device<"CPU:2">>
func.func @bool_mul(%x: tensor<2x2xi1, #d3>) -> tensor<2x2xi1, #d3> {
  %r = tiny.allreduce mul %x : tensor<2x2xi1, #d3>
  return %r : tensor<2x2xi1, #d3>
}
