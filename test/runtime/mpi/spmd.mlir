// Programs across MPI ranks (docs/device-names.md), run by spmd.sh with
// `mpirun -np N tiny-run` and, with every "@R" replaced by a local device
// ("CPU@1" -> "CPU:1"), in one process; numpy computes the expected values
// independently (spmd_check.py).

#r0 = #tiny.device<"CPU">
#r1 = #tiny.device<"CPU@1">
#r2 = #tiny.device<"CPU@2">

// x lives on rank 0, x * x + 1 is computed on rank 1 and copied back, and
// rank 0 subtracts x: (x * x + 1) - x.
tiny.function @there_and_back -> tensor<1024xf32, #r0> {
  %x = tiny.param 0 : f32 size 1024 on "CPU"
  %c = tiny.copy %x to "CPU@1" : tensor<1024xf32, #r0>
  %one = tiny.const dense<1.0> : tensor<1024xf32, #r1>
  %m = tiny.mul %c, %c : tensor<1024xf32, #r1>, tensor<1024xf32, #r1>
  %a = tiny.add %m, %one : tensor<1024xf32, #r1>, tensor<1024xf32, #r1>
  %b = tiny.copy %a to "CPU" : tensor<1024xf32, #r1>
  %r = tiny.sub %b, %x : tensor<1024xf32, #r0>, tensor<1024xf32, #r0>
  tiny.return %r : tensor<1024xf32, #r0>
}

// Around three ranks: rank 1 doubles x, rank 2 adds x's copy it got from
// rank 0 directly, rank 0 gets 3 * x back. Rank 1 takes no part in the
// copy from rank 0 to rank 2.
tiny.function @ring3 -> tensor<1024xf32, #r0> {
  %x = tiny.param 0 : f32 size 1024 on "CPU"
  %c1 = tiny.copy %x to "CPU@1" : tensor<1024xf32, #r0>
  %d = tiny.add %c1, %c1 : tensor<1024xf32, #r1>, tensor<1024xf32, #r1>
  %c2 = tiny.copy %d to "CPU@2" : tensor<1024xf32, #r1>
  %x2 = tiny.copy %x to "CPU@2" : tensor<1024xf32, #r0>
  %t = tiny.add %c2, %x2 : tensor<1024xf32, #r2>, tensor<1024xf32, #r2>
  %b = tiny.copy %t to "CPU" : tensor<1024xf32, #r2>
  tiny.return %b : tensor<1024xf32, #r0>
}

// Rank 1 computes exp2(x) and sends it to rank 0, which computes 3 x
// without it (its own kernel: tiny.contiguous keeps it out of the add) and
// then adds what it received: exp2(x) + 3 x. The send does not block rank
// 1, and rank 0's kernel needs no byte from rank 1 (docs/mpi-transport.md,
// "Programs across ranks").
tiny.function @independent -> tensor<1024xf32, #r0> {
  %x = tiny.param 0 : f32 size 1024 on "CPU"
  %c = tiny.copy %x to "CPU@1" : tensor<1024xf32, #r0>
  %e = tiny.exp2 %c : tensor<1024xf32, #r1>
  %b = tiny.copy %e to "CPU" : tensor<1024xf32, #r1>
  %three = tiny.const dense<3.0> : tensor<1024xf32, #r0>
  %t = tiny.mul %x, %three : tensor<1024xf32, #r0>, tensor<1024xf32, #r0>
  %k = tiny.contiguous %t : tensor<1024xf32, #r0>
  %r = tiny.add %b, %k : tensor<1024xf32, #r0>, tensor<1024xf32, #r0>
  tiny.return %r : tensor<1024xf32, #r0>
}

// The result lives on rank 1: rank 1 prints it, rank 0 prints nothing.
// exp2(x) computed on rank 1.
tiny.function @result_on_rank1 -> tensor<1024xf32, #r1> {
  %x = tiny.param 0 : f32 size 1024 on "CPU"
  %c = tiny.copy %x to "CPU@1" : tensor<1024xf32, #r0>
  %e = tiny.exp2 %c : tensor<1024xf32, #r1>
  tiny.return %e : tensor<1024xf32, #r1>
}

// A sharded tensor whose shards live on two ranks: x as 8 rows of 128,
// rows 0-3 on rank 0 and rows 4-7 on rank 1. The sum over the rows is a
// sum of each rank's rows and a tiny.allreduce across the ranks (its
// copies go over MPI); rank 0 gets the 128 sums.
#pair = #tiny.device<"CPU", "CPU@1">
tiny.function @sharded_sum -> tensor<1x128xf32, #r0> {
  %x = tiny.param 0 : f32 size 1024 on "CPU"
  %m = tiny.reshape %x to [8, 128] : tensor<1024xf32, #r0>
  %s = tiny.copy %m to ["CPU", "CPU@1"] shard 0 : tensor<8x128xf32, #r0>
  %r = tiny.reduce add %s axes [0] : tensor<8x128xf32, #pair>
  %g = tiny.copy %r to "CPU" : tensor<1x128xf32, #pair>
  tiny.return %g : tensor<1x128xf32, #r0>
}
