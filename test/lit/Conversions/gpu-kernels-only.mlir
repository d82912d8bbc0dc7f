// RUN: tiny-opt %s -split-input-file -tiny-gpu-schedule=gpu-kernels-only=1 | FileCheck %s --check-prefix=GROUP
// RUN: tiny-opt %s -split-input-file -tiny-gpu-schedule="gpu-kernels-only=1 min-reduce=1024" -convert-tiny-to-gpu=gpu-kernels-only=1 | FileCheck %s --check-prefix=GPU

// A host schedule with the same sum on CUDA:0 and on the CPU: with
// gpu-kernels-only, -tiny-gpu-schedule shares only the GPU kernel's
// reduction (with min-reduce=1024 it leaves it a reduce, run by one
// thread), and -convert-tiny-to-gpu launches only the GPU kernel; the CPU
// kernel and the function's own allocation stay as they are.
// GROUP-LABEL: func.func @mixed
// GROUP:         tiny.k.kernel "r_1" on "CUDA:0"
// GROUP:           tiny.k.range group_reduce
// GROUP:         tiny.k.kernel "r_1" on "CPU"
// GROUP:           tiny.k.range reduce

// GPU-LABEL: func.func @mixed
// GPU:         memref.alloc() : memref<1xf32>
// GPU:         gpu.launch
// GPU:           tiny.k.range reduce
// GPU:           gpu.terminator
// GPU-NOT:     gpu.launch
// GPU:         tiny.k.kernel "r_1" on "CPU"
// GPU:           tiny.k.range loop
// GPU:         memref.dealloc
// GPU-NOT:     gpu.
// GPU:         return
func.func @mixed(%x: memref<512xf32> {tiny.buffer = #tiny.buffer<param 0 on "CPU">},
                 %out: memref<1xf32> {tiny.buffer = #tiny.buffer<output 0 on "CPU">},
                 %gout: memref<1xf32> {tiny.buffer = #tiny.buffer<output 1 on "CUDA:0">},
                 %gx: memref<512xf32> {tiny.buffer = #tiny.buffer<scratch 0 on "CUDA:0">}) {
  %tmp = memref.alloc() : memref<1xf32>
  tiny.k.copy %x[0] to %gx[0] count 512 : memref<512xf32>, memref<512xf32>
  tiny.k.kernel "r_1" on "CUDA:0" {
    %c0 = arith.constant 0 : index
    %c512 = arith.constant 512 : index
    %c1 = arith.constant 1 : index
    tiny.k.range loop %i < %c1 {
      %zero = arith.constant 0.000000e+00 : f32
      %s = tiny.k.range reduce %k < %c512 iter_args(%acc = %zero) -> (f32) {
        %p = tiny.k.index %gx[%k] : memref<512xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %a = arith.addf %acc, %v fastmath<reassoc,contract> : f32
        tiny.k.end %a : f32
      }
      %q = tiny.k.index %gout[%c0] : memref<1xf32>
      tiny.k.store %q, %s : !tiny.ptr<f32, global>
    }
  }
  tiny.k.kernel "r_1" on "CPU" {
    %c0 = arith.constant 0 : index
    %c512 = arith.constant 512 : index
    %c1 = arith.constant 1 : index
    tiny.k.range loop %i < %c1 {
      %zero = arith.constant 0.000000e+00 : f32
      %s = tiny.k.range reduce %k < %c512 iter_args(%acc = %zero) -> (f32) {
        %p = tiny.k.index %x[%k] : memref<512xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %a = arith.addf %acc, %v fastmath<reassoc,contract> : f32
        tiny.k.end %a : f32
      }
      %q = tiny.k.index %out[%c0] : memref<1xf32>
      tiny.k.store %q, %s : !tiny.ptr<f32, global>
    }
  }
  memref.dealloc %tmp : memref<1xf32>
  return
}
