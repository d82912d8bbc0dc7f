// Allreduce across MPI ranks with two devices per rank, run by
// allreduce.sh with `mpirun -np N tiny-run --allreduce=ALGORITHM` and, with
// every device renamed to a device of one process ("CPU:K@R" ->
// "CPU:<2R+K>"), in one process; allreduce_check.py computes the expected
// values with numpy. Input k (130 f32) lives on device k; every device
// returns its copy of the sum, and each rank writes the results of its own
// devices. 130 elements split unevenly into 4, 6 and 3 chunks (33,33,32,32;
// 22,22,22,22,21,21; 44,43,43), so ring and all2all copy chunks of two
// sizes.

#d0 = #tiny.device<"CPU">
#d1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU@1">
#d3 = #tiny.device<"CPU:1@1">
#d4 = #tiny.device<"CPU@2">
#d5 = #tiny.device<"CPU:1@2">
#two = #tiny.device<"CPU", "CPU:1", "CPU@1", "CPU:1@1">
#three = #tiny.device<"CPU", "CPU:1", "CPU@1", "CPU:1@1", "CPU@2", "CPU:1@2">

// Ranks 0 and 1, devices CPU and CPU:1 on each.
tiny.function @two_ranks -> tuple<tensor<130xf32, #d0>, tensor<130xf32, #d1>, tensor<130xf32, #d2>, tensor<130xf32, #d3>> {
  %p0 = tiny.param 0 : f32 size 130 on "CPU"
  %p1 = tiny.param 1 : f32 size 130 on "CPU:1"
  %p2 = tiny.param 2 : f32 size 130 on "CPU@1"
  %p3 = tiny.param 3 : f32 size 130 on "CPU:1@1"
  %m = tiny.mstack %p0, %p1, %p2, %p3
      : tensor<130xf32, #d0>, tensor<130xf32, #d1>, tensor<130xf32, #d2>, tensor<130xf32, #d3>
  %r = tiny.allreduce add %m : tensor<130xf32, #two>
  %s0 = tiny.mselect %r[0] : tensor<130xf32, #two>
  %s1 = tiny.mselect %r[1] : tensor<130xf32, #two>
  %s2 = tiny.mselect %r[2] : tensor<130xf32, #two>
  %s3 = tiny.mselect %r[3] : tensor<130xf32, #two>
  %t = tiny.tuple %s0, %s1, %s2, %s3
      : tensor<130xf32, #d0>, tensor<130xf32, #d1>, tensor<130xf32, #d2>, tensor<130xf32, #d3>
  tiny.return %t : tuple<tensor<130xf32, #d0>, tensor<130xf32, #d1>, tensor<130xf32, #d2>, tensor<130xf32, #d3>>
}

// Ranks 0, 1 and 2, devices CPU and CPU:1 on each.
tiny.function @three_ranks -> tuple<tensor<130xf32, #d0>, tensor<130xf32, #d1>, tensor<130xf32, #d2>, tensor<130xf32, #d3>, tensor<130xf32, #d4>, tensor<130xf32, #d5>> {
  %p0 = tiny.param 0 : f32 size 130 on "CPU"
  %p1 = tiny.param 1 : f32 size 130 on "CPU:1"
  %p2 = tiny.param 2 : f32 size 130 on "CPU@1"
  %p3 = tiny.param 3 : f32 size 130 on "CPU:1@1"
  %p4 = tiny.param 4 : f32 size 130 on "CPU@2"
  %p5 = tiny.param 5 : f32 size 130 on "CPU:1@2"
  %m = tiny.mstack %p0, %p1, %p2, %p3, %p4, %p5
      : tensor<130xf32, #d0>, tensor<130xf32, #d1>, tensor<130xf32, #d2>, tensor<130xf32, #d3>, tensor<130xf32, #d4>, tensor<130xf32, #d5>
  %r = tiny.allreduce add %m : tensor<130xf32, #three>
  %s0 = tiny.mselect %r[0] : tensor<130xf32, #three>
  %s1 = tiny.mselect %r[1] : tensor<130xf32, #three>
  %s2 = tiny.mselect %r[2] : tensor<130xf32, #three>
  %s3 = tiny.mselect %r[3] : tensor<130xf32, #three>
  %s4 = tiny.mselect %r[4] : tensor<130xf32, #three>
  %s5 = tiny.mselect %r[5] : tensor<130xf32, #three>
  %t = tiny.tuple %s0, %s1, %s2, %s3, %s4, %s5
      : tensor<130xf32, #d0>, tensor<130xf32, #d1>, tensor<130xf32, #d2>, tensor<130xf32, #d3>, tensor<130xf32, #d4>, tensor<130xf32, #d5>
  tiny.return %t : tuple<tensor<130xf32, #d0>, tensor<130xf32, #d1>, tensor<130xf32, #d2>, tensor<130xf32, #d3>, tensor<130xf32, #d4>, tensor<130xf32, #d5>>
}
