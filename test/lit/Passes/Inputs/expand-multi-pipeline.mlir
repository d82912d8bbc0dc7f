// Programs for the -tiny-resolve-calls -tiny-multi -tiny-expand-multi run of
// ../tiny-expand-multi.mlir: the single-device-result cases of
// ../tiny-multi.mlir, as entry functions that shard their input with copies.

#cpu = #tiny.device<"CPU">
#cpu0 = #tiny.device<"CPU:0">
#cpu1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:0", "CPU:1">

// (3, 4) sharded on axis 1 over two devices, then gathered.
tiny.function @gather -> tensor<3x4xi32, #cpu> {
  %p = tiny.param 0 : i32 size 12 on "CPU"
  %x = tiny.reshape %p to [3, 4] : tensor<12xi32, #cpu>
  %l = tiny.shrink %x [0, 0] to [3, 2] : tensor<3x4xi32, #cpu>
  %r = tiny.shrink %x [0, 2] to [3, 4] : tensor<3x4xi32, #cpu>
  %l0 = tiny.copy %l to "CPU:0" : tensor<3x2xi32, #cpu>
  %r1 = tiny.copy %r to "CPU:1" : tensor<3x2xi32, #cpu>
  %a = tiny.mstack %l0, %r1 : tensor<3x2xi32, #cpu0>, tensor<3x2xi32, #cpu1>
  %ua = tiny.unshard %a axis 1 : tensor<3x2xi32, #d2>
  %g = tiny.copy %ua to "CPU" : tensor<3x4xi32, #d2>
  tiny.return %g : tensor<3x4xi32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
#cpu0 = #tiny.device<"CPU:0">
#cpu1 = #tiny.device<"CPU:1">
#cpu2 = #tiny.device<"CPU:2">
#d3 = #tiny.device<"CPU:0", "CPU:1", "CPU:2">

// Three shards on axis 0.
tiny.function @gather_axis0 -> tensor<6xf32, #cpu> {
  %p = tiny.param 0 : f32 size 6 on "CPU"
  %s0 = tiny.shrink %p [0] to [2] : tensor<6xf32, #cpu>
  %s1 = tiny.shrink %p [2] to [4] : tensor<6xf32, #cpu>
  %s2 = tiny.shrink %p [4] to [6] : tensor<6xf32, #cpu>
  %c0 = tiny.copy %s0 to "CPU:0" : tensor<2xf32, #cpu>
  %c1 = tiny.copy %s1 to "CPU:1" : tensor<2xf32, #cpu>
  %c2 = tiny.copy %s2 to "CPU:2" : tensor<2xf32, #cpu>
  %a = tiny.mstack %c0, %c1, %c2 : tensor<2xf32, #cpu0>, tensor<2xf32, #cpu1>, tensor<2xf32, #cpu2>
  %ua = tiny.unshard %a axis 0 : tensor<2xf32, #d3>
  %g = tiny.copy %ua to "CPU" : tensor<6xf32, #d3>
  tiny.return %g : tensor<6xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
#cpu0 = #tiny.device<"CPU:0">
#cpu1 = #tiny.device<"CPU:1">
#d2 = #tiny.device<"CPU:0", "CPU:1">

// Elementwise ops on two values sharded on axis 0, with a constant
// broadcast along it, then gathered.
tiny.function @elementwise -> tensor<4x3xf32, #cpu> {
  %p = tiny.param 0 : f32 size 12 on "CPU"
  %x = tiny.reshape %p to [4, 3] : tensor<12xf32, #cpu>
  %top = tiny.shrink %x [0, 0] to [2, 3] : tensor<4x3xf32, #cpu>
  %bot = tiny.shrink %x [2, 0] to [4, 3] : tensor<4x3xf32, #cpu>
  %t0 = tiny.copy %top to "CPU:0" : tensor<2x3xf32, #cpu>
  %b1 = tiny.copy %bot to "CPU:1" : tensor<2x3xf32, #cpu>
  %a = tiny.mstack %t0, %b1 : tensor<2x3xf32, #cpu0>, tensor<2x3xf32, #cpu1>
  %ua = tiny.unshard %a axis 0 : tensor<2x3xf32, #d2>
  %c = tiny.const dense<2.0> : tensor<1x3xf32, #d2>
  %s = tiny.add %ua, %ua : tensor<4x3xf32, #d2>
  %m = tiny.mul %s, %c : tensor<4x3xf32, #d2>, tensor<1x3xf32, #d2>
  %g = tiny.copy %m to "CPU" : tensor<4x3xf32, #d2>
  tiny.return %g : tensor<4x3xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">
#d2 = #tiny.device<"CPU:0", "CPU:1">

// A private callee taking a value on the tuple; -tiny-resolve-calls inlines
// it and leaves it behind.
tiny.function @scale -> tensor<3xf32, #d2> attributes {sym_visibility = "private"} {
  %p = tiny.param 0 : f32 size 3 on ["CPU:0", "CPU:1"]
  %c = tiny.const dense<3.0> : tensor<3xf32, #d2>
  %m = tiny.mul %p, %c : tensor<3xf32, #d2>
  tiny.return %m : tensor<3xf32, #d2>
}

tiny.function @caller -> tensor<3xf32, #cpu> {
  %p = tiny.param 0 : f32 size 3 on "CPU"
  %r = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<3xf32, #cpu>
  %s = tiny.call @scale(%r) : (tensor<3xf32, #d2>) -> tensor<3xf32, #d2>
  %g = tiny.copy %s to "CPU" : tensor<3xf32, #d2>
  tiny.return %g : tensor<3xf32, #cpu>
}
