// Ops that reach a lowering which does not handle them are reported at the
// op, naming it, before any code runs; tiny-run then says it cannot compile
// and exits with status 1.
// RUN: not tiny-run %s --entry=kernel_op -i 1,2,3,4 2>&1 | FileCheck %s --check-prefix=KERNEL
// KERNEL: errors-unsupported.mlir:[[# @LINE + 19]]:3: error: 'tiny.k.barrier' op is a kernel-level op; rangeify lowers the tensor-level ops of a tiny.function
// KERNEL: tiny-run: error: cannot compile @kernel_op
// RUN: not tiny-run %s --entry=stage_ranges -i 1,2,3,4 2>&1 | FileCheck %s --check-prefix=STAGE
// STAGE: errors-unsupported.mlir:[[# @LINE + 25]]:10: error: 'tiny.stage' op closes kernel ranges, which rangeify does not lower (it builds kernels itself): only a stage without ranges runs
// STAGE: tiny-run: error: cannot compile @stage_ranges
// RUN: not tiny-run %s --entry=load_local_gpu -i 1,2,3,4 2>&1 | FileCheck %s --check-prefix=LOCAL
// LOCAL: errors-unsupported.mlir:[[# @LINE + 32]]:8: error: 'tiny.load' op puts a tensor in local memory of CUDA, which lives inside one kernel: a tensor can be there only on the host, whose address spaces are all one memory
// LOCAL: tiny-run: error: cannot compile @load_local_gpu
// RUN: not tiny-run %s --entry=store_into_constant -i 1,2 2>&1 | FileCheck %s --check-prefix=CONST
// CONST: errors-unsupported.mlir:[[# @LINE + 37]]:8: error: 'tiny.store' op stores into a constant
// CONST: tiny-run: error: cannot compile @store_into_constant
// RUN: not tiny-run %s --entry=custom_tuple --host-functions=%host_functions -i 1,2,3,4 2>&1 | FileCheck %s --check-prefix=TUPLE
// TUPLE: errors-unsupported.mlir:[[# @LINE + 41]]:8: error: 'tiny.custom_function' op passes a 'tuple<tensor<4xi32, #tiny.device<"CPU">>>' to or from a host function, which takes flat buffers
// TUPLE: tiny-run: error: cannot compile @custom_tuple

#cpu = #tiny.device<"CPU">

tiny.function @kernel_op -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  tiny.k.barrier
  tiny.return %x : tensor<4xf32, #cpu>
}

// tinygrad's mid-rangeify form: a stage closing the range around it.
tiny.function @stage_ranges -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %c2 = arith.constant 2 : index
  %r = tiny.k.range loop %i < %c2 iter_args(%acc = %x) -> (tensor<4xf32, #cpu>) {
    %s = tiny.stage %x [%i < 2] on "CPU" : tensor<4xf32, #cpu>
    %t = tiny.shrink %s [0, 0] to [1, 4] : tensor<2x4xf32, #cpu>
    %u = tiny.reshape %t to [4] : tensor<1x4xf32, #cpu>
    tiny.k.end %u : tensor<4xf32, #cpu>
  }
  tiny.return %r : tensor<4xf32, #cpu>
}

tiny.function @load_local_gpu -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %l = tiny.load %x to "CUDA" addrspace local : tensor<4xf32, #cpu>
  %c = tiny.copy %l to "CPU" : tensor<4xf32, #tiny.device<"CUDA">>
  tiny.return %c : tensor<4xf32, #cpu>
}

tiny.function @store_into_constant -> tensor<2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 2 on "CPU"
  %c = tiny.const dense<[1.0, 2.0]> : tensor<2xf32, #cpu>
  %t = tiny.store %c, %x : tensor<2xf32, #cpu>
  %a = tiny.after %c(%t) : tensor<2xf32, #cpu>, !tiny.token
  tiny.return %a : tensor<2xf32, #cpu>
}

tiny.function @custom_tuple -> tensor<4xi32, #cpu> {
  %x = tiny.param 0 : i32 size 4 on "CPU"
  %r = tiny.custom_function "cumsum"(%x) : (tensor<4xi32, #cpu>) -> tuple<tensor<4xi32, #cpu>>
  %g = tiny.gettuple %r[0] : tuple<tensor<4xi32, #cpu>>
  tiny.return %g : tensor<4xi32, #cpu>
}
