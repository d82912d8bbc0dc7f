// Execution of tiny.custom_function: host functions from a library that
// tiny-run loads (Inputs/host_functions.c, the C ABI of
// jit/HostFunctionABI.h), called on the buffers of their arguments between
// the program's kernels. Expected values are worked out by hand, next to
// each check.

// A = 2 * [[1, 2, 3], [4, 5, 6]] (a kernel computes it first), B = [[7, 8],
// [9, 10], [11, 12]]; sgemm gives A B = 2 * [[58, 64], [139, 154]], and a
// kernel after it adds 1.
// RUN: tiny-run %s --entry=matmul --host-functions=%host_functions -i 1,2,3,4,5,6 -i 7,8,9,10,11,12 | FileCheck %s --match-full-lines --check-prefix=MATMUL
// MATMUL: {{\[}}[117, 129], [279, 309]] : tensor<2x2xf32>

// The same on the runtime's devices: the inputs copied to CPU:1, whose
// buffers are host memory the function reads.
// RUN: tiny-run %s --entry=matmul_on_device --host-functions=%host_functions -i 1,2,3,4,5,6 -i 7,8,9,10,11,12 | FileCheck %s --match-full-lines --check-prefix=DEVICE
// DEVICE: {{\[}}[58, 64], [139, 154]] : tensor<2x2xf32>

// Prefix sums of a view (the reshape of a param is the param's buffer).
// RUN: tiny-run %s --entry=cumsum --host-functions=%host_functions -i 1,2,3,4,5,6 | FileCheck %s --match-full-lines --check-prefix=CUMSUM
// CUMSUM: [1, 3, 6, 10, 15, 21] : tensor<6xi32>

// Two results, each also read by a kernel (-1.5 + 8 = 6.5).
// RUN: tiny-run %s --entry=minmax --host-functions=%host_functions -i 3,-1.5,8,0 | FileCheck %s --match-full-lines --check-prefix=MINMAX
// MINMAX: -1.5 : tensor<f32>
// MINMAX-NEXT: 8 : tensor<f32>
// MINMAX-NEXT: 6.5 : tensor<f32>

// The function gets each buffer's dtype (tiny/runtime.h: ui8 = 6, bool = 1,
// f16 = 10), rank and shape: ui8 (2, 3), bool (4,), an f16 scalar.
// RUN: tiny-run %s --entry=describe --host-functions=%host_functions -i 1,2,3,4,5,6 -i 1,0,1,0 -i 2 | FileCheck %s --match-full-lines --check-prefix=DESCRIBE
// DESCRIBE: [6, 2, 2, 3, 1, 1, 4, 10, 0, 0, 0, 0] : tensor<12xi64>

// A function that fails makes the run fail with its message, even when no
// result of it is read: a custom_function always runs.
// RUN: not tiny-run %s --entry=failing --host-functions=%host_functions -i 1,2 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL: tiny-run: error: host function 'fail' failed: this function always fails

// A name with no registered function is reported at the op, before any code
// runs: here, without the library.
// RUN: not tiny-run %s --entry=matmul -i 1,2,3,4,5,6 -i 7,8,9,10,11,12 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: custom-function.mlir:[[# @LINE + 22]]:8: error: 'tiny.custom_function' op calls host function 'sgemm', which is not registered: register it with mlir::tiny::registerHostFunction (tiny-run: load a library of host functions with --host-functions=lib.so)
// MISSING: tiny-run: error: cannot compile @matmul

// A library that cannot be loaded.
// RUN: not tiny-run %s --entry=matmul --host-functions=%t.missing.so -i 1 -i 1 2>&1 | FileCheck %s --check-prefix=NOLIB
// NOLIB: tiny-run: error: --host-functions: cannot load '{{.*}}missing.so': {{.*}}

// A host function runs on the host: a value on a GPU is reported.
// RUN: not tiny-run %s --entry=on_gpu --host-functions=%host_functions -i 1,2 2>&1 | FileCheck %s --check-prefix=GPU
// GPU: error: 'tiny.custom_function' op runs host function 'cumsum' on a value on #tiny.device<"CUDA">: a host function reads and writes host memory, one CPU device's
// GPU: tiny-run: error: cannot compile @on_gpu

#cpu = #tiny.device<"CPU">
#cpu1 = #tiny.device<"CPU:1">

tiny.function @matmul -> tensor<2x2xf32, #cpu> {
  %a = tiny.param 0 : f32 size 6 on "CPU"
  %b = tiny.param 1 : f32 size 6 on "CPU"
  %av = tiny.reshape %a to [2, 3] : tensor<6xf32, #cpu>
  %two = tiny.const dense<2.0> : tensor<2x3xf32, #cpu>
  %a2 = tiny.mul %av, %two : tensor<2x3xf32, #cpu>
  %bv = tiny.reshape %b to [3, 2] : tensor<6xf32, #cpu>
  %c = tiny.custom_function "sgemm"(%a2, %bv) : (tensor<2x3xf32, #cpu>, tensor<3x2xf32, #cpu>) -> tensor<2x2xf32, #cpu>
  %one = tiny.const dense<1.0> : tensor<2x2xf32, #cpu>
  %d = tiny.add %c, %one : tensor<2x2xf32, #cpu>
  tiny.return %d : tensor<2x2xf32, #cpu>
}

tiny.function @matmul_on_device -> tensor<2x2xf32, #cpu1> {
  %a = tiny.param 0 : f32 size 6 on "CPU"
  %b = tiny.param 1 : f32 size 6 on "CPU"
  %av = tiny.reshape %a to [2, 3] : tensor<6xf32, #cpu>
  %bv = tiny.reshape %b to [3, 2] : tensor<6xf32, #cpu>
  %a1 = tiny.copy %av to "CPU:1" : tensor<2x3xf32, #cpu>
  %b1 = tiny.copy %bv to "CPU:1" : tensor<3x2xf32, #cpu>
  %c = tiny.custom_function "sgemm"(%a1, %b1) : (tensor<2x3xf32, #cpu1>, tensor<3x2xf32, #cpu1>) -> tensor<2x2xf32, #cpu1>
  tiny.return %c : tensor<2x2xf32, #cpu1>
}

tiny.function @cumsum -> tensor<6xi32, #cpu> {
  %x = tiny.param 0 : i32 size 6 on "CPU"
  %v = tiny.reshape %x to [2, 3] : tensor<6xi32, #cpu>
  %s = tiny.custom_function "cumsum"(%v) : (tensor<2x3xi32, #cpu>) -> tensor<6xi32, #cpu>
  tiny.return %s : tensor<6xi32, #cpu>
}

tiny.function @minmax -> tuple<tensor<f32, #cpu>, tensor<f32, #cpu>, tensor<f32, #cpu>> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %r:2 = tiny.custom_function "minmax"(%x) : (tensor<4xf32, #cpu>) -> (tensor<f32, #cpu>, tensor<f32, #cpu>)
  %s = tiny.add %r#0, %r#1 : tensor<f32, #cpu>
  %t = tiny.tuple %r#0, %r#1, %s : tensor<f32, #cpu>, tensor<f32, #cpu>, tensor<f32, #cpu>
  tiny.return %t : tuple<tensor<f32, #cpu>, tensor<f32, #cpu>, tensor<f32, #cpu>>
}

tiny.function @describe -> tensor<12xi64, #cpu> {
  %a = tiny.param 0 : ui8 size 6 on "CPU"
  %b = tiny.param 1 : i1 size 4 on "CPU"
  %c = tiny.param 2 : f16 on "CPU"
  %av = tiny.reshape %a to [2, 3] : tensor<6xui8, #cpu>
  %d = tiny.custom_function "describe"(%av, %b, %c) : (tensor<2x3xui8, #cpu>, tensor<4xi1, #cpu>, tensor<f16, #cpu>) -> tensor<12xi64, #cpu>
  tiny.return %d : tensor<12xi64, #cpu>
}

tiny.function @failing -> tensor<2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 2 on "CPU"
  %unused = tiny.custom_function "fail"(%x) : (tensor<2xf32, #cpu>) -> tensor<2xf32, #cpu>
  tiny.return %x : tensor<2xf32, #cpu>
}

tiny.function @on_gpu -> tensor<2xi32, #tiny.device<"CUDA">> {
  %x = tiny.param 0 : i32 size 2 on "CUDA"
  %s = tiny.custom_function "cumsum"(%x) : (tensor<2xi32, #tiny.device<"CUDA">>) -> tensor<2xi32, #tiny.device<"CUDA">>
  tiny.return %s : tensor<2xi32, #tiny.device<"CUDA">>
}
