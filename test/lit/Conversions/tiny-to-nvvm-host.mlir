// RUN: tiny-opt %s -split-input-file -tiny-to-nvvm-host | FileCheck %s
// RUN: tiny-opt %s -split-input-file -tiny-to-nvvm-host -tiny-print-gpu-assembly -o /dev/null | FileCheck %s --check-prefix=PTX
// RUN: tiny-opt %s -split-input-file -tiny-to-rocdl-host | FileCheck %s --check-prefix=ROCDL

// What the JIT makes of a program that sums on CUDA:0 and on the CPU: the
// copy to the GPU is a tiny_host_copy, the GPU sum (shared by a block of
// 256 threads) a gpu.binary launched by tiny_host_launch on arguments 3
// and 2, the CPU sum a loop in place.
// CHECK-LABEL: module attributes
// CHECK-SAME: tiny.gpu_launches = [{arguments = array<i64: 3, 2>, kernel = @[[$BIN:[a-z_0-9]+]]::@{{[a-z_0-9]+}}}]
// CHECK-LABEL: func.func @f
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: call @tiny_host_copy(
// CHECK: %[[ID:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[GX:.*]] = arith.index_cast %[[C1]] : index to i64
// CHECK-NEXT: %[[GY:.*]] = arith.index_cast %[[C1]] : index to i64
// CHECK-NEXT: %[[GZ:.*]] = arith.index_cast %[[C1]] : index to i64
// CHECK-NEXT: %[[BX:.*]] = arith.index_cast %[[C256]] : index to i64
// CHECK: call @tiny_host_launch(%[[ID]], %[[GX]], %[[GY]], %[[GZ]], %[[BX]],
// CHECK-NEXT: scf.for
// CHECK-NOT: tiny.k.
// CHECK-NOT: gpu.launch
// CHECK: return
// CHECK: gpu.binary @[[$BIN]] [#gpu.object<#nvvm.target<chip = "sm_90">
// CHECK-NOT: gpu.module
// CHECK-DAG: func.func private @tiny_host_copy(i64, i64, i64, i64, i64)
// CHECK-DAG: func.func private @tiny_host_launch(i64, i64, i64, i64, i64, i64, i64, i64)

// The runtime passes buffers as bare pointers.
// PTX: .visible .entry [[K:[a-z_0-9]+]](
// PTX-NEXT: .param .u64 .ptr .align 1 [[K]]_param_0,
// PTX-NEXT: .param .u64 .ptr .align 1 [[K]]_param_1
// PTX-NEXT: )

// ROCDL-LABEL: module attributes
// ROCDL-SAME: tiny.gpu_launches = [{arguments = array<i64: 3, 2>
// ROCDL: call @tiny_host_launch
// ROCDL: gpu.binary @{{.*}} [#gpu.object<#rocdl.target<chip = "gfx942"

#cpu = #tiny.device<"CPU">
#gpu = #tiny.device<"CUDA:0">
tiny.function @f -> tuple<tensor<1xf32, #cpu>, tensor<1xf32, #gpu>> {
  %x = tiny.param 0 : f32 size 512 on "CPU"
  %c = tiny.copy %x to "CUDA:0" : tensor<512xf32, #cpu>
  %s = tiny.reduce add %c axes [0] : tensor<512xf32, #gpu>
  %h = tiny.reduce add %x axes [0] : tensor<512xf32, #cpu>
  %t = tiny.tuple %h, %s : tensor<1xf32, #cpu>, tensor<1xf32, #gpu>
  tiny.return %t : tuple<tensor<1xf32, #cpu>, tensor<1xf32, #gpu>>
}

// -----

// Without kernels on a GPU device nothing is launched.
// CHECK-LABEL: module {
// CHECK-NOT: tiny.gpu_launches
// CHECK-LABEL: func.func @cpu_only
// CHECK-NOT: tiny_host_launch
// CHECK: scf.for
// CHECK-NOT: gpu.
tiny.function @cpu_only -> tensor<4xf32, #tiny.device<"CPU">> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %d = tiny.add %x, %x : tensor<4xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU">>
  tiny.return %d : tensor<4xf32, #tiny.device<"CPU">>
}
