// RUN: tiny-opt %s -split-input-file -tiny-expand-multi -verify-diagnostics

#d2 = #tiny.device<"CPU:0", "CPU:1">
#cpu = #tiny.device<"CPU">

// An entry function's inputs live on one device each.
tiny.function @sharded_param -> tensor<2xf32, #cpu> {
  // expected-error @+1 {{'tiny.param' op of entry function @sharded_param is on device tuple #tiny.device<"CPU", "CPU:1">: an entry's inputs live on one device each; shard it with copies inside the program (or make @sharded_param private if it is only called)}}
  %p = tiny.param 0 : f32 size 2 on ["CPU:0", "CPU:1"]
  %g = tiny.copy %p to "CPU" : tensor<2xf32, #d2>
  tiny.return %g : tensor<2xf32, #cpu>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">

tiny.function @returns_multi -> tensor<2xf32, #d2> {
  %p = tiny.param 0 : f32 size 2 on "CPU"
  %r = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<2xf32, #tiny.device<"CPU">>
  // expected-error @+1 {{'tiny.return' op returns a value on device tuple #tiny.device<"CPU", "CPU:1">: gather it with a copy to one device}}
  tiny.return %r : tensor<2xf32, #d2>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">
#cpu = #tiny.device<"CPU">

// A tuple holding a value on a device tuple is returned on it too.
tiny.function @returns_tuple -> tuple<tensor<2xf32, #cpu>, tensor<2xf32, #d2>> {
  %p = tiny.param 0 : f32 size 2 on "CPU"
  %r = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<2xf32, #cpu>
  %t = tiny.tuple %p, %r : tensor<2xf32, #cpu>, tensor<2xf32, #d2>
  // expected-error @+1 {{'tiny.return' op returns a value on device tuple #tiny.device<"CPU", "CPU:1">: gather it with a copy to one device}}
  tiny.return %t : tuple<tensor<2xf32, #cpu>, tensor<2xf32, #d2>>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">
#cpu = #tiny.device<"CPU">

tiny.function @allreduce -> tensor<2xf32, #cpu> {
  %p = tiny.param 0 : f32 size 2 on "CPU"
  %r = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<2xf32, #cpu>
  // expected-error @+1 {{'tiny.allreduce' op must be lowered before -tiny-expand-multi (run -tiny-lower-allreduce)}}
  %s = tiny.allreduce add %r : tensor<2xf32, #d2>
  %g = tiny.copy %s to "CPU" : tensor<2xf32, #d2>
  tiny.return %g : tensor<2xf32, #cpu>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">
#cpu = #tiny.device<"CPU">

// Sharded on different axes, the add has no per-device form.
tiny.function @unshard_read -> tensor<4x4xf32, #cpu> {
  %p = tiny.param 0 : f32 size 8 on "CPU"
  %a = tiny.reshape %p to [2, 4] : tensor<8xf32, #cpu>
  %b = tiny.reshape %p to [4, 2] : tensor<8xf32, #cpu>
  %ra = tiny.copy %a to ["CPU:0", "CPU:1"] : tensor<2x4xf32, #cpu>
  %rb = tiny.copy %b to ["CPU:0", "CPU:1"] : tensor<4x2xf32, #cpu>
  // expected-note @+1 {{unshard here}}
  %ua = tiny.unshard %ra axis 0 : tensor<2x4xf32, #d2>
  %ub = tiny.unshard %rb axis 1 : tensor<4x2xf32, #d2>
  // expected-error @+1 {{'tiny.add' op reads the logical value of a tiny.unshard, which has no per-device form (-tiny-multi could not run it per shard)}}
  %s = tiny.add %ua, %ub : tensor<4x4xf32, #d2>
  %g = tiny.copy %s to "CPU" : tensor<4x4xf32, #d2>
  tiny.return %g : tensor<4x4xf32, #cpu>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">
#cpu = #tiny.device<"CPU">

// A gather that -tiny-multi has not written out yet.
tiny.function @gather_left -> tensor<4xf32, #cpu> {
  %p = tiny.param 0 : f32 size 2 on "CPU"
  %r = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<2xf32, #cpu>
  // expected-note @+1 {{unshard here}}
  %u = tiny.unshard %r axis 0 : tensor<2xf32, #d2>
  // expected-error @+1 {{'tiny.copy' op gathers the shards of a tiny.unshard; run -tiny-multi first, which writes the gather as per-device copies}}
  %g = tiny.copy %u to "CPU" : tensor<4xf32, #d2>
  tiny.return %g : tensor<4xf32, #cpu>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">
#e2 = #tiny.device<"CPU:2", "CPU:3">
#cpu = #tiny.device<"CPU">

// An op runs per device only on values of one tuple.
tiny.function @two_tuples -> tensor<2xf32, #cpu> {
  %p = tiny.param 0 : f32 size 2 on "CPU"
  %a = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<2xf32, #cpu>
  %b = tiny.copy %p to ["CPU:2", "CPU:3"] : tensor<2xf32, #cpu>
  // expected-error @+1 {{'tiny.custom_function' op mixes values on device tuples #tiny.device<"CPU", "CPU:1"> and #tiny.device<"CPU:2", "CPU:3">: an op runs per device on values of one tuple; copy one onto the other's devices first}}
  %c = tiny.custom_function "f"(%a, %b) : (tensor<2xf32, #d2>, tensor<2xf32, #e2>) -> tensor<2xf32, #d2>
  %g = tiny.copy %c to "CPU" : tensor<2xf32, #d2>
  tiny.return %g : tensor<2xf32, #cpu>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">
#e2 = #tiny.device<"CPU:2", "CPU:3">
#cpu = #tiny.device<"CPU">

// A load reading one tuple onto another is not per device either.
tiny.function @load_to_other_tuple -> tensor<2xf32, #cpu> {
  %p = tiny.param 0 : f32 size 2 on "CPU"
  %a = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<2xf32, #cpu>
  // expected-error @+1 {{'tiny.load' op mixes values on device tuples #tiny.device<"CPU", "CPU:1"> and #tiny.device<"CPU:2", "CPU:3">}}
  %l = tiny.load %a to ["CPU:2", "CPU:3"] : tensor<2xf32, #d2>
  %g = tiny.copy %l to "CPU" : tensor<2xf32, #e2>
  tiny.return %g : tensor<2xf32, #cpu>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">
#cpu = #tiny.device<"CPU">

tiny.function @copy_size_mismatch -> tensor<2xf32, #cpu> {
  %p = tiny.param 0 : f32 size 2 on "CPU"
  %a = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<2xf32, #cpu>
  // expected-error @+1 {{'tiny.copy' op copies a value on 2 devices (#tiny.device<"CPU", "CPU:1">) to 3 devices (#tiny.device<"CPU:2", "CPU:3", "CPU:4">): a copy between device tuples needs one target device per source device}}
  %b = tiny.copy %a to ["CPU:2", "CPU:3", "CPU:4"] : tensor<2xf32, #d2>
  %g = tiny.copy %b to "CPU" : tensor<2xf32, #tiny.device<"CPU:2", "CPU:3", "CPU:4">>
  tiny.return %g : tensor<2xf32, #cpu>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">
#cpu = #tiny.device<"CPU">

// A value on one device computed from values on a tuple.
tiny.function @multi_to_single -> tensor<2xf32, #cpu> {
  %p = tiny.param 0 : f32 size 2 on "CPU"
  %a = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<2xf32, #cpu>
  // expected-error @+1 {{'tiny.custom_function' op result #0 is on #tiny.device<"CPU"> but the op reads values on #tiny.device<"CPU", "CPU:1">, so it has no per-device form}}
  %c = tiny.custom_function "g"(%a) : (tensor<2xf32, #d2>) -> tensor<2xf32, #cpu>
  tiny.return %c : tensor<2xf32, #cpu>
}

// -----

#d2 = #tiny.device<"CPU:0", "CPU:1">
#cpu = #tiny.device<"CPU">

tiny.function @callee -> tensor<2xf32, #d2> attributes {sym_visibility = "private"} {
  %p = tiny.param 0 : f32 size 2 on ["CPU:0", "CPU:1"]
  tiny.return %p : tensor<2xf32, #d2>
}

tiny.function @unresolved_call -> tensor<2xf32, #cpu> {
  %p = tiny.param 0 : f32 size 2 on "CPU"
  %a = tiny.copy %p to ["CPU:0", "CPU:1"] : tensor<2xf32, #cpu>
  // expected-error @+1 {{'tiny.call' op on a device tuple must be resolved before -tiny-expand-multi (run -tiny-resolve-calls)}}
  %c = tiny.call @callee(%a) : (tensor<2xf32, #d2>) -> tensor<2xf32, #d2>
  %g = tiny.copy %c to "CPU" : tensor<2xf32, #d2>
  tiny.return %g : tensor<2xf32, #cpu>
}

// -----

// A sharding copy is written out by -tiny-multi, not here.
tiny.function @sharding_copy_left -> tensor<4xf32, #tiny.device<"CPU:1">> {
  %x = tiny.param 0 : f32 size 4 on "CPU:1"
  // expected-error @+1 {{'tiny.copy' op shards its value; run -tiny-multi first, which writes it as per-device copies of its parts}}
  %s = tiny.copy %x to ["CPU:1", "CPU:2"] shard 0 : tensor<4xf32, #tiny.device<"CPU:1">>
  %g = tiny.copy %s to "CPU:1" : tensor<4xf32, #tiny.device<"CPU:1", "CPU:2">>
  tiny.return %g : tensor<4xf32, #tiny.device<"CPU:1">>
}
