// RUN: tiny-opt %s -split-input-file -convert-gpu-launch-to-runtime | FileCheck %s

// Each launch becomes a call with its id, grid, block and shared memory as
// i64; the module's table holds, by id, the kernel and the argument
// position of each of its operands. The entry point is declared once.
// CHECK-LABEL: module attributes
// CHECK-SAME: tiny.gpu_launches = [{arguments = array<i64: 2, 0>, kernel = @k::@add}, {arguments = array<i64: 1, 2, 1>, kernel = @k::@sum}]
// CHECK-LABEL: func.func @two_launches
// CHECK-SAME: (%{{.*}}: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0 on "CUDA">}, %{{.*}}: memref<1xf32> {tiny.buffer = #tiny.buffer<output 0 on "CUDA">}, %{{.*}}: memref<4xf32> {tiny.buffer = #tiny.buffer<scratch 0 on "CUDA">})
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[ID:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[GX:.*]] = arith.index_cast %[[C4]] : index to i64
// CHECK-NEXT: %[[GY:.*]] = arith.index_cast %[[C1]] : index to i64
// CHECK-NEXT: %[[GZ:.*]] = arith.index_cast %[[C1]] : index to i64
// CHECK-NEXT: %[[BX:.*]] = arith.index_cast %[[C1]] : index to i64
// CHECK-NEXT: %[[BY:.*]] = arith.index_cast %[[C1]] : index to i64
// CHECK-NEXT: %[[BZ:.*]] = arith.index_cast %[[C1]] : index to i64
// CHECK-NEXT: %[[SH:.*]] = arith.constant 0 : i64
// CHECK-NEXT: call @tiny_host_launch(%[[ID]], %[[GX]], %[[GY]], %[[GZ]], %[[BX]], %[[BY]], %[[BZ]], %[[SH]]) : (i64, i64, i64, i64, i64, i64, i64, i64) -> ()
// CHECK: %[[ID:.*]] = arith.constant 1 : i64
// CHECK: %[[BX:.*]] = arith.index_cast %[[C4]] : index to i64
// CHECK: %[[SH:.*]] = arith.extui %{{.*}} : i32 to i64
// CHECK-NEXT: call @tiny_host_launch(%[[ID]], %{{.*}}, %{{.*}}, %{{.*}}, %[[BX]], %{{.*}}, %{{.*}}, %[[SH]])
// CHECK-NOT: gpu.launch_func
// CHECK: func.func private @tiny_host_launch(i64, i64, i64, i64, i64, i64, i64, i64)
// CHECK-NOT: func.func private @tiny_host_launch
module attributes {gpu.container_module} {
  func.func @two_launches(%x: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0 on "CUDA">},
                          %out: memref<1xf32> {tiny.buffer = #tiny.buffer<output 0 on "CUDA">},
                          %s: memref<4xf32> {tiny.buffer = #tiny.buffer<scratch 0 on "CUDA">}) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %shared = arith.constant 64 : i32
    gpu.launch_func @k::@add blocks in (%c4, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%s : memref<4xf32>, %x : memref<4xf32>)
    gpu.launch_func @k::@sum blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
        dynamic_shared_memory_size %shared
        args(%out : memref<1xf32>, %s : memref<4xf32>, %out : memref<1xf32>)
    return
  }
  gpu.module @k {
    gpu.func @add(%a: memref<4xf32>, %b: memref<4xf32>) kernel { gpu.return }
    gpu.func @sum(%a: memref<1xf32>, %b: memref<4xf32>, %c: memref<1xf32>) kernel { gpu.return }
  }
}

// -----

// Copies are -convert-tiny-to-runtime's: they stay, and a module without
// launches gets no table and no declaration.
// CHECK-LABEL: func.func @no_launch
// CHECK-NEXT: tiny.k.copy
// CHECK-NOT: tiny_host_launch
// CHECK-NOT: tiny.gpu_launches
func.func @no_launch(%a: memref<4xi32> {tiny.buffer = #tiny.buffer<param 0 on "CPU">},
                     %b: memref<4xi32> {tiny.buffer = #tiny.buffer<output 0 on "CUDA">}) {
  tiny.k.copy %a[0] to %b[0] count 4 : memref<4xi32>, memref<4xi32>
  return
}

// -----

// A launch of a compiled binary (after -gpu-module-to-binary) names the
// binary's kernel alike.
// CHECK-LABEL: module attributes
// CHECK-SAME: tiny.gpu_launches = [{arguments = array<i64: 0>, kernel = @bin::@k}]
// CHECK: gpu.binary @bin
// CHECK-LABEL: func.func @binary
// CHECK: call @tiny_host_launch
module attributes {gpu.container_module} {
  gpu.binary @bin [#gpu.object<#nvvm.target<chip = "sm_90">, assembly = ".visible .entry k() { ret; }">]
  func.func @binary(%a: memref<4xi32> {tiny.buffer = #tiny.buffer<output 0 on "CUDA:1">}) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @bin::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%a : memref<4xi32>)
    return
  }
}
