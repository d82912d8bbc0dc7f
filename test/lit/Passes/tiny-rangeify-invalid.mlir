// RUN: tiny-opt %s -split-input-file -tiny-rangeify -verify-diagnostics

#cpu = #tiny.device<"CPU">

tiny.function @callee -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  tiny.return %x : tensor<4xf32, #cpu>
}

// Calls are resolved by -tiny-resolve-calls first.
tiny.function @caller -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  // expected-error @+1 {{'tiny.call' op must be resolved before rangeify (run -tiny-resolve-calls)}}
  %r = tiny.call @callee(%x) : (tensor<4xf32, #cpu>) -> tensor<4xf32, #cpu>
  tiny.return %r : tensor<4xf32, #cpu>
}

// -----

#two = #tiny.device<"CPU:0", "CPU:1">

tiny.function @multi_device -> tensor<4xf32, #two> {
  // expected-error @+1 {{'tiny.param' op produces a multi-device value: give each device its own ops first (run -tiny-expand-multi)}}
  %x = tiny.param 0 : f32 size 4 on ["CPU:0", "CPU:1"]
  tiny.return %x : tensor<4xf32, #two>
}

// -----

#cpu = #tiny.device<"CPU">

// Every op of the function is checked, whether a kernel reads it or not.
tiny.function @foreign_op -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  // expected-error @+1 {{'arith.constant' op is not supported by rangeify}}
  %c = arith.constant 1 : index
  tiny.return %x : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @kernel_op -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  // expected-error @+1 {{'tiny.k.barrier' op is a kernel-level op; rangeify lowers the tensor-level ops of a tiny.function}}
  tiny.k.barrier
  tiny.return %x : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// The stage is reported, not the range it closes.
tiny.function @stage_ranges -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %c2 = arith.constant 2 : index
  tiny.k.range loop %i < %c2 {
    // expected-error @+1 {{'tiny.stage' op closes kernel ranges, which rangeify does not lower (it builds kernels itself): only a stage without ranges runs}}
    %s = tiny.stage %x [%i < 2] on "CPU" : tensor<4xf32, #cpu>
  }
  tiny.return %x : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @load_local_gpu -> tensor<4xf32, #tiny.device<"CUDA">> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  // expected-error @+1 {{'tiny.load' op puts a tensor in local memory of CUDA, which lives inside one kernel: a tensor can be there only on the host, whose address spaces are all one memory}}
  %l = tiny.load %x to "CUDA" addrspace local : tensor<4xf32, #cpu>
  tiny.return %l : tensor<4xf32, #tiny.device<"CUDA">>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @gettuple -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %t = tiny.tuple %x, %x : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  // expected-error @+1 {{'tiny.gettuple' op is not supported by rangeify (a gettuple of a tiny.tuple folds away: run -canonicalize)}}
  %g = tiny.gettuple %t[1] : tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>>
  tiny.return %g : tensor<4xf32, #cpu>
}

// -----

tiny.function @mstack -> tensor<4xf32, #tiny.device<"CPU:0">> {
  %a = tiny.param 0 : f32 size 4 on "CPU:0"
  %b = tiny.param 1 : f32 size 4 on "CPU:1"
  // expected-error @+1 {{'tiny.mstack' op is a multi-device op: give each device its own ops first (run -tiny-lower-allreduce and -tiny-expand-multi)}}
  %m = tiny.mstack %a, %b : tensor<4xf32, #tiny.device<"CPU:0">>, tensor<4xf32, #tiny.device<"CPU:1">>
  tiny.return %a : tensor<4xf32, #tiny.device<"CPU:0">>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @store_into_constant -> tensor<2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 2 on "CPU"
  %c = tiny.const dense<[1.0, 2.0]> : tensor<2xf32, #cpu>
  // expected-error @+1 {{'tiny.store' op stores into a constant}}
  %t = tiny.store %c, %x : tensor<2xf32, #cpu>
  tiny.return %x : tensor<2xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @bitcast_bool -> tensor<4xui8, #cpu> {
  %x = tiny.param 0 : i1 size 4 on "CPU"
  // expected-error @+1 {{'tiny.bitcast' op of a bool (i1) is not supported by rangeify yet}}
  %b = tiny.bitcast %x to ui8 : tensor<4xi1, #cpu>
  tiny.return %b : tensor<4xui8, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// The store target is a reshaped view of the param, not the param itself.
tiny.function @store_view -> tensor<2x2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %v = tiny.reshape %x to [2, 2] : tensor<4xf32, #cpu>
  %e = tiny.exp2 %v : tensor<2x2xf32, #cpu>
  // expected-error @+1 {{'tiny.store' op must store into a param or a buffer directly for rangeify}}
  %t = tiny.store %v, %e : tensor<2x2xf32, #cpu>
  %a = tiny.after %v(%t) : tensor<2x2xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<2x2xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

tiny.function @nested_tuple -> tuple<tuple<tensor<4xf32, #cpu>>, tensor<4xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %t = tiny.tuple %x : tensor<4xf32, #cpu>
  %u = tiny.tuple %t, %x : tuple<tensor<4xf32, #cpu>>, tensor<4xf32, #cpu>
  // expected-error @+1 {{'tiny.return' op returns a nested tuple, which rangeify does not flatten yet}}
  tiny.return %u : tuple<tuple<tensor<4xf32, #cpu>>, tensor<4xf32, #cpu>>
}

// -----

#cpu = #tiny.device<"CPU">

// A host function takes and gives flat buffers, not tuples.
tiny.function @custom_function_tuple -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  // expected-error @+1 {{'tiny.custom_function' op passes a 'tuple<tensor<4xf32, #tiny.device<"CPU">>>' to or from a host function, which takes flat buffers}}
  %r = tiny.custom_function "pack"(%x) : (tensor<4xf32, #cpu>) -> tuple<tensor<4xf32, #cpu>>
  tiny.return %x : tensor<4xf32, #cpu>
}

// -----

// A host function runs on the host.
tiny.function @custom_function_gpu -> tensor<4xf32, #tiny.device<"HIP:1">> {
  %x = tiny.param 0 : f32 size 4 on "HIP:1"
  // expected-error @+1 {{'tiny.custom_function' op runs host function 'log' on a value on #tiny.device<"HIP:1">: a host function reads and writes host memory, one CPU device's}}
  %r = tiny.custom_function "log"(%x) : (tensor<4xf32, #tiny.device<"HIP:1">>) -> tensor<4xf32, #tiny.device<"HIP:1">>
  tiny.return %r : tensor<4xf32, #tiny.device<"HIP:1">>
}
