// Ops on sharded values run on virtual devices CPU:1 .. CPU:3 and checked
// against numpy (Inputs/shard_ops.py, which writes each program, runs it and
// compares): elementwise ops between a sharded value and splat constants,
// values copied or computed whole on every device, allreduced values,
// broadcasts and values sharded along the other axis; reduces over and
// across the sharded axis; permute, reshape, expand, pad, shrink, flip,
// stack, bitcast, cast, gathers and copies to a device tuple; stores into a
// sharded buffer; on 2 and 3 devices, sharded by rows and by columns. A pad
// of the sharded axis is refused with its diagnostic.

// RUN: %python %S/Inputs/shard_ops.py tiny-run | FileCheck %s

// CHECK-NOT: FAIL
// CHECK: ok 2dev_axis0_fdiv_splat
// CHECK: ok 2dev_axis0_copied
// CHECK: ok 2dev_axis0_reciprocal
// CHECK: ok 2dev_axis0_store_resharded
// CHECK: refused 2dev_axis0_pad_sharded_axis
// CHECK: ok 2dev_axis1_fdiv_splat
// CHECK: ok 2dev_axis1_gather_other_axis
// CHECK: ok 3dev_axis0_resharded
// CHECK: ok 3dev_axis0_window
// CHECK: ok 3dev_axis1_flip_sum
// CHECK: ok 3dev_axis1_matmul
// CHECK-NOT: FAIL
// CHECK: 0 failures
