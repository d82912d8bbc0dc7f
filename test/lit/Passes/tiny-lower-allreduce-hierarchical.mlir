// RUN: tiny-opt %s -split-input-file -tiny-lower-allreduce=algorithm=hierarchical | FileCheck %s

// hierarchical: devices grouped by the MPI rank that owns them; each group
// reduces on its first device (the leader), the leaders allreduce, and each
// leader copies the result to the rest of its group. A copy's type is its
// source's, so each copy line shows who sends how many elements.

#d4 = #tiny.device<"CPU", "CPU:1", "CPU@1", "CPU:1@1">

// Two ranks with two devices each, 4 elements. 6 copies: CPU:1 -> CPU and
// CPU:1@1 -> CPU@1 inside the ranks; the leaders CPU and CPU@1 swap their
// sums (naive between two: 4 elements each way, the only copies between
// ranks); CPU -> CPU:1 and CPU@1 -> CPU:1@1 back inside the ranks.
// CHECK-LABEL: func.func @two_ranks_two_each
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32
// CHECK: %[[S0:.*]] = tiny.mselect %[[X]][0]
// CHECK-NEXT: %[[S1:.*]] = tiny.mselect %[[X]][1]
// CHECK-NEXT: %[[S2:.*]] = tiny.mselect %[[X]][2]
// CHECK-NEXT: %[[S3:.*]] = tiny.mselect %[[X]][3]
// CHECK-NEXT: %[[C1:.*]] = tiny.copy %[[S1]] to "CPU" : tensor<4xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[L0:.*]] = tiny.add %[[S0]], %[[C1]] : tensor<4xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[C3:.*]] = tiny.copy %[[S3]] to "CPU@1" : tensor<4xf32, #tiny.device<"CPU:1@1">>
// CHECK-NEXT: %[[L1:.*]] = tiny.add %[[S2]], %[[C3]] : tensor<4xf32, #tiny.device<"CPU@1">>
// CHECK-NEXT: %[[L1ON0:.*]] = tiny.copy %[[L1]] to "CPU" : tensor<4xf32, #tiny.device<"CPU@1">>
// CHECK-NEXT: %[[R0:.*]] = tiny.add %[[L0]], %[[L1ON0]] : tensor<4xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[L0ON1:.*]] = tiny.copy %[[L0]] to "CPU@1" : tensor<4xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[R1:.*]] = tiny.add %[[L0ON1]], %[[L1]] : tensor<4xf32, #tiny.device<"CPU@1">>
// CHECK-NEXT: %[[B1:.*]] = tiny.copy %[[R0]] to "CPU:1" : tensor<4xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[B3:.*]] = tiny.copy %[[R1]] to "CPU:1@1" : tensor<4xf32, #tiny.device<"CPU@1">>
// CHECK-NEXT: %[[M:.*]] = tiny.mstack %[[R0]], %[[B1]], %[[R1]], %[[B3]] : tensor<4xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU:1">>, tensor<4xf32, #tiny.device<"CPU@1">>, tensor<4xf32, #tiny.device<"CPU:1@1">>
// CHECK-NEXT: return %[[M]]
func.func @two_ranks_two_each(%x: tensor<4xf32, #d4>) -> tensor<4xf32, #d4> {
  %r = tiny.allreduce add %x : tensor<4xf32, #d4>
  return %r : tensor<4xf32, #d4>
}

// -----

#d5 = #tiny.device<"CPU", "CPU@1", "CPU:1", "CPU@2", "CPU:1@1">

// Three ranks, interleaved in the tuple: rank 0 has devices 0 and 2, rank 1
// devices 1 and 4, rank 2 device 3. The groups come in the order of their
// first device, so the leaders are 0 (CPU), 1 (CPU@1), 3 (CPU@2), and they
// ring the 7 elements in chunks [0, 3), [3, 5), [5, 7) as ring does on
// three devices. 10 copies: 2 into leaders, 6 in the leaders' ring (each
// chunk 2 steps to reduce and 2 to pass on: leader q sends
// 2N - t_q - t_{q+1} = 14 - 5, 14 - 4, 14 - 5 elements), 2 out of leaders.
// CHECK-LABEL: func.func @three_ranks_interleaved
// CHECK-SAME: (%[[X:.*]]: tensor<7xf32
// CHECK: %[[S0:.*]] = tiny.mselect %[[X]][0]
// CHECK-NEXT: %[[S1:.*]] = tiny.mselect %[[X]][1]
// CHECK-NEXT: %[[S2:.*]] = tiny.mselect %[[X]][2]
// CHECK-NEXT: %[[S3:.*]] = tiny.mselect %[[X]][3]
// CHECK-NEXT: %[[S4:.*]] = tiny.mselect %[[X]][4]
// CHECK-NEXT: %[[C2:.*]] = tiny.copy %[[S2]] to "CPU" : tensor<7xf32, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[L0:.*]] = tiny.add %[[S0]], %[[C2]] : tensor<7xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[C4:.*]] = tiny.copy %[[S4]] to "CPU@1" : tensor<7xf32, #tiny.device<"CPU:1@1">>
// CHECK-NEXT: %[[L1:.*]] = tiny.add %[[S1]], %[[C4]] : tensor<7xf32, #tiny.device<"CPU@1">>
// Chunk 0 reduces CPU@1 -> CPU@2 -> CPU, then goes on to CPU@1, CPU@2.
// CHECK-NEXT: %[[A1:.*]] = tiny.shrink %[[L1]] [0] to [3]
// CHECK-NEXT: %[[A1C:.*]] = tiny.copy %[[A1]] to "CPU@2" : tensor<3xf32, #tiny.device<"CPU@1">>
// CHECK-NEXT: %[[A2:.*]] = tiny.shrink %[[S3]] [0] to [3]
// CHECK-NEXT: %[[A12:.*]] = tiny.add %[[A1C]], %[[A2]] : tensor<3xf32, #tiny.device<"CPU@2">>
// CHECK-NEXT: %[[A12C:.*]] = tiny.copy %[[A12]] to "CPU" : tensor<3xf32, #tiny.device<"CPU@2">>
// CHECK-NEXT: %[[A0:.*]] = tiny.shrink %[[L0]] [0] to [3]
// CHECK-NEXT: %[[R0:.*]] = tiny.add %[[A12C]], %[[A0]] : tensor<3xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[R0ON1:.*]] = tiny.copy %[[R0]] to "CPU@1" : tensor<3xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[R0ON2:.*]] = tiny.copy %[[R0ON1]] to "CPU@2" : tensor<3xf32, #tiny.device<"CPU@1">>
// Chunk 1 reduces CPU@2 -> CPU -> CPU@1; chunk 2 CPU -> CPU@1 -> CPU@2.
// CHECK-NEXT: tiny.shrink %[[S3]] [3] to [5]
// CHECK-NEXT: tiny.copy %{{.*}} to "CPU" : tensor<2xf32, #tiny.device<"CPU@2">>
// CHECK-NEXT: tiny.shrink %[[L0]] [3] to [5]
// CHECK-NEXT: tiny.add
// CHECK-NEXT: tiny.copy %{{.*}} to "CPU@1" : tensor<2xf32, #tiny.device<"CPU">>
// CHECK-NEXT: tiny.shrink %[[L1]] [3] to [5]
// CHECK-NEXT: %[[R1:.*]] = tiny.add %{{.*}} : tensor<2xf32, #tiny.device<"CPU@1">>
// CHECK-NEXT: tiny.copy %[[R1]] to "CPU@2" : tensor<2xf32, #tiny.device<"CPU@1">>
// CHECK-NEXT: tiny.copy %{{.*}} to "CPU" : tensor<2xf32, #tiny.device<"CPU@2">>
// CHECK-NEXT: tiny.shrink %[[L0]] [5] to [7]
// CHECK-NEXT: tiny.copy %{{.*}} to "CPU@1" : tensor<2xf32, #tiny.device<"CPU">>
// CHECK-NEXT: tiny.shrink %[[L1]] [5] to [7]
// CHECK-NEXT: tiny.add
// CHECK-NEXT: tiny.copy %{{.*}} to "CPU@2" : tensor<2xf32, #tiny.device<"CPU@1">>
// CHECK-NEXT: tiny.shrink %[[S3]] [5] to [7]
// CHECK-NEXT: %[[R2:.*]] = tiny.add %{{.*}} : tensor<2xf32, #tiny.device<"CPU@2">>
// CHECK-NEXT: tiny.copy %[[R2]] to "CPU" : tensor<2xf32, #tiny.device<"CPU@2">>
// CHECK-NEXT: tiny.copy %{{.*}} to "CPU@1" : tensor<2xf32, #tiny.device<"CPU">>
// Each leader reassembles its 7 elements, then sends them to the rest of
// its group; CPU@2 has none.
// CHECK-NOT: tiny.copy
// CHECK: %[[O0:.*]] = tiny.where %{{.*}} : tensor<7xi1, #tiny.device<"CPU">>
// CHECK-NOT: tiny.copy
// CHECK: %[[O1:.*]] = tiny.where %{{.*}} : tensor<7xi1, #tiny.device<"CPU@1">>
// CHECK-NOT: tiny.copy
// CHECK: %[[O3:.*]] = tiny.where %{{.*}} : tensor<7xi1, #tiny.device<"CPU@2">>
// CHECK-NEXT: %[[B2:.*]] = tiny.copy %[[O0]] to "CPU:1" : tensor<7xf32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[B4:.*]] = tiny.copy %[[O1]] to "CPU:1@1" : tensor<7xf32, #tiny.device<"CPU@1">>
// CHECK-NEXT: %[[M:.*]] = tiny.mstack %[[O0]], %[[O1]], %[[B2]], %[[O3]], %[[B4]]
// CHECK-NEXT: return %[[M]]
func.func @three_ranks_interleaved(%x: tensor<7xf32, #d5>) -> tensor<7xf32, #d5> {
  %r = tiny.allreduce add %x : tensor<7xf32, #d5>
  return %r : tensor<7xf32, #d5>
}

// -----

#d3 = #tiny.device<"CPU:0", "CPU:1", "CPU:2">

// One rank (one process): a reduce to CPU in device order and a broadcast
// from it, 4 copies of the whole 2x3 shard; max on i32.
// CHECK-LABEL: func.func @one_rank
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi32
// CHECK: %[[S0:.*]] = tiny.mselect %[[X]][0]
// CHECK-NEXT: %[[S1:.*]] = tiny.mselect %[[X]][1]
// CHECK-NEXT: %[[S2:.*]] = tiny.mselect %[[X]][2]
// CHECK-NEXT: %[[C1:.*]] = tiny.copy %[[S1]] to "CPU" : tensor<2x3xi32, #tiny.device<"CPU:1">>
// CHECK-NEXT: %[[P:.*]] = tiny.max %[[S0]], %[[C1]] : tensor<2x3xi32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[C2:.*]] = tiny.copy %[[S2]] to "CPU" : tensor<2x3xi32, #tiny.device<"CPU:2">>
// CHECK-NEXT: %[[R:.*]] = tiny.max %[[P]], %[[C2]] : tensor<2x3xi32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[B1:.*]] = tiny.copy %[[R]] to "CPU:1" : tensor<2x3xi32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[B2:.*]] = tiny.copy %[[R]] to "CPU:2" : tensor<2x3xi32, #tiny.device<"CPU">>
// CHECK-NEXT: %[[M:.*]] = tiny.mstack %[[R]], %[[B1]], %[[B2]]
// CHECK-NEXT: return %[[M]]
func.func @one_rank(%x: tensor<2x3xi32, #d3>) -> tensor<2x3xi32, #d3> {
  %r = tiny.allreduce max %x : tensor<2x3xi32, #d3>
  return %r : tensor<2x3xi32, #d3>
}

// -----

#d4 = #tiny.device<"CPU", "CPU:1", "CPU@1", "CPU:1@1">

// Booleans combine as tinygrad's bool ALU does, at both levels: add is or.
// CHECK-LABEL: func.func @bool_add
// CHECK-NOT: tiny.add
// CHECK-COUNT-4: tiny.or
// CHECK-NOT: tiny.add
// CHECK: tiny.mstack
func.func @bool_add(%x: tensor<3xi1, #d4>) -> tensor<3xi1, #d4> {
  %r = tiny.allreduce add %x : tensor<3xi1, #d4>
  return %r : tensor<3xi1, #d4>
}
