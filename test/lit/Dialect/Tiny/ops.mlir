// Round trip of every tensor-level op: custom form, and generic form re-parsed.
// RUN: tiny-opt %s --allow-unregistered-dialect \
// RUN:   | tiny-opt --allow-unregistered-dialect | FileCheck %s
// RUN: tiny-opt %s --allow-unregistered-dialect --mlir-print-op-generic \
// RUN:   | tiny-opt --allow-unregistered-dialect | FileCheck %s

#cpu = #tiny.device<"CPU">
#two = #tiny.device<"CPU:0", "CPU:1">

// CHECK-LABEL: func.func @source
func.func @source() {
  // CHECK: tiny.param 0 : f32 size 6 on "CPU"{{$}}
  %0 = tiny.param 0 : f32 size 6 on "CPU"
  // CHECK: tiny.param 1 : i32 on "CPU"{{$}}
  %1 = tiny.param 1 : i32 on "CPU"
  // The default address space (global) is not printed.
  // CHECK: tiny.param 2 : f16 size 24 image [2, 3] on "CUDA:1" volatile
  %2 = tiny.param 2 : f16 size 24 image [2, 3] on "CUDA:1" addrspace global volatile
  // CHECK: tiny.buffer 3 : ui8 size 16 on ["CPU", "CPU:1"] addrspace local{{$}}
  %3 = tiny.buffer 3 : ui8 size 16 on ["CPU:0", "CPU:1"] addrspace local
  // CHECK: tiny.buffer 4 : bf16 size 8 on "CPU" addrspace reg
  %4 = tiny.buffer 4 : bf16 size 8 on "CPU" addrspace reg
  // CHECK: tiny.buffer 5 : f8E4M3FN size 2 on "CPU" addrspace alu
  %5 = tiny.buffer 5 : f8E4M3FN size 2 on "CPU" addrspace alu
  // CHECK: tiny.const dense<1.500000e+00> : tensor<2x3xf32, #tiny.device<"CPU">>
  %6 = tiny.const dense<1.5> : tensor<2x3xf32, #cpu>
  // CHECK: tiny.const dense<true> : tensor<i1, #tiny.device<"CPU">>
  %7 = tiny.const dense<true> : tensor<i1, #cpu>
  // CHECK: tiny.binary dense<[1, 2, 255]> : tensor<3xui8, #tiny.device<"CPU">>
  %8 = tiny.binary dense<[1, 2, 255]> : tensor<3xui8, #cpu>
  // A constant with one value per element.
  // CHECK: tiny.const dense<{{\[}}[0, 1, 4], [9, 16, 25]]> : tensor<2x3xi32, #tiny.device<"CPU">>
  %9 = tiny.const dense<[[0, 1, 4], [9, 16, 25]]> : tensor<2x3xi32, #cpu>
  // CHECK: tiny.const dense_resource<table> : tensor<2xf32, #tiny.device<"CPU">>
  %10 = tiny.const dense_resource<table> : tensor<2xf32, #cpu>
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8) : (tensor<6xf32, #cpu>, tensor<i32, #cpu>, tensor<2x3x4xf16, #tiny.device<"CUDA:1">>, tensor<16xui8, #two>, tensor<8xbf16, #cpu>, tensor<2xf8E4M3FN, #cpu>, tensor<2x3xf32, #cpu>, tensor<i1, #cpu>, tensor<3xui8, #cpu>) -> ()
  return
}

// The four fp8 dtypes of tinygrad: params, constants (bits for values a
// decimal cannot spell) and casts between them.
// CHECK-LABEL: func.func @fp8_dtypes
func.func @fp8_dtypes() {
  // CHECK: tiny.param 0 : f8E4M3FN size 2 on "CPU"{{$}}
  %0 = tiny.param 0 : f8E4M3FN size 2 on "CPU"
  // CHECK: tiny.param 1 : f8E5M2 size 2 on "CPU"{{$}}
  %1 = tiny.param 1 : f8E5M2 size 2 on "CPU"
  // CHECK: tiny.param 2 : f8E4M3FNUZ size 2 on "CPU"{{$}}
  %2 = tiny.param 2 : f8E4M3FNUZ size 2 on "CPU"
  // CHECK: tiny.buffer 3 : f8E5M2FNUZ size 2 on "CPU"{{$}}
  %3 = tiny.buffer 3 : f8E5M2FNUZ size 2 on "CPU"
  // CHECK: tiny.const dense<2.400000e+02> : tensor<2xf8E4M3FNUZ, #tiny.device<"CPU">>
  %4 = tiny.const dense<0x7F> : tensor<2xf8E4M3FNUZ, #cpu>
  // CHECK: tiny.const dense<0x80> : tensor<2xf8E5M2FNUZ, #tiny.device<"CPU">>
  %5 = tiny.const dense<0x80> : tensor<2xf8E5M2FNUZ, #cpu>
  // CHECK: tiny.cast %{{.*}} to f8E5M2FNUZ : tensor<2xf8E4M3FNUZ, #tiny.device<"CPU">>
  %6 = tiny.cast %2 to f8E5M2FNUZ : tensor<2xf8E4M3FNUZ, #cpu>
  // CHECK: tiny.add %{{.*}}, %{{.*}} : tensor<2xf8E4M3FNUZ, #tiny.device<"CPU">>
  %7 = tiny.add %2, %4 : tensor<2xf8E4M3FNUZ, #cpu>
  "test.use"(%0, %1, %3, %5, %6, %7) : (tensor<2xf8E4M3FN, #cpu>, tensor<2xf8E5M2, #cpu>, tensor<2xf8E5M2FNUZ, #cpu>, tensor<2xf8E5M2FNUZ, #cpu>, tensor<2xf8E5M2FNUZ, #cpu>, tensor<2xf8E4M3FNUZ, #cpu>) -> ()
  return
}

// CHECK-LABEL: func.func @movement
// CHECK-SAME: (%[[X:.*]]: tensor<6xf32
func.func @movement(%x: tensor<6xf32, #cpu>, %i: tensor<3xui8, #cpu>,
                    %s: tensor<2x3xf32, #two>) {
  // CHECK: %[[R:.*]] = tiny.reshape %[[X]] to [2, 3] : tensor<6xf32, #tiny.device<"CPU">>
  %r = tiny.reshape %x to [2, 3] : tensor<6xf32, #cpu>
  // CHECK: tiny.permute %[[R]] [1, 0] : tensor<2x3xf32
  %p = tiny.permute %r [1, 0] : tensor<2x3xf32, #cpu>
  // CHECK: %[[U:.*]] = tiny.reshape %[[X]] to [1, 6]
  %u = tiny.reshape %x to [1, 6] : tensor<6xf32, #cpu>
  // CHECK: tiny.expand %[[U]] to [4, 6] : tensor<1x6xf32
  %e = tiny.expand %u to [4, 6] : tensor<1x6xf32, #cpu>
  // CHECK: tiny.pad %[[R]] low [1, 0] high [0, 2] : tensor<2x3xf32
  %pd = tiny.pad %r low [1, 0] high [0, 2] : tensor<2x3xf32, #cpu>
  // CHECK: tiny.shrink %[[R]] [1, 0] to [2, 3] : tensor<2x3xf32
  %sh = tiny.shrink %r [1, 0] to [2, 3] : tensor<2x3xf32, #cpu>
  // CHECK: tiny.flip %[[R]] axes [0, 1] : tensor<2x3xf32
  %f = tiny.flip %r axes [0, 1] : tensor<2x3xf32, #cpu>
  // CHECK: tiny.index %[[X]][%{{.*}}] : tensor<6xf32, #tiny.device<"CPU">>, tensor<3xui8
  %g = tiny.index %x[%i] : tensor<6xf32, #cpu>, tensor<3xui8, #cpu>
  // CHECK: tiny.stack %[[X]], %[[X]] : tensor<6xf32, #tiny.device<"CPU">>, tensor<6xf32
  %st = tiny.stack %x, %x : tensor<6xf32, #cpu>, tensor<6xf32, #cpu>
  // CHECK: tiny.bitcast %[[X]] to ui8 : tensor<6xf32
  %b = tiny.bitcast %x to ui8 : tensor<6xf32, #cpu>
  // CHECK: tiny.unshard %{{.*}} axis 1 : tensor<2x3xf32, #tiny.device<"CPU", "CPU:1">>
  %us = tiny.unshard %s axis 1 : tensor<2x3xf32, #two>
  "test.use"(%p, %e, %pd, %sh, %f, %g, %st, %b, %us) : (tensor<3x2xf32, #cpu>, tensor<4x6xf32, #cpu>, tensor<3x5xf32, #cpu>, tensor<1x3xf32, #cpu>, tensor<2x3xf32, #cpu>, tensor<3xf32, #cpu>, tensor<2x6xf32, #cpu>, tensor<24xui8, #cpu>, tensor<2x6xf32, #two>) -> ()
  return
}

// CHECK-LABEL: func.func @reduce
func.func @reduce(%x: tensor<4x3xf32, #cpu>, %s: tensor<4xi32, #two>) {
  // CHECK: tiny.reduce add %{{.*}} axes [1] : tensor<4x3xf32
  %a = tiny.reduce add %x axes [1] : tensor<4x3xf32, #cpu>
  // CHECK: tiny.reduce max %{{.*}} axes [0, 1] : tensor<4x3xf32
  %m = tiny.reduce max %x axes [0, 1] : tensor<4x3xf32, #cpu>
  // CHECK: tiny.reduce mul %{{.*}} axes [] : tensor<4x3xf32
  %p = tiny.reduce mul %x axes [] : tensor<4x3xf32, #cpu>
  // CHECK: tiny.allreduce add %{{.*}} : tensor<4xi32, #tiny.device<"CPU", "CPU:1">>
  %r = tiny.allreduce add %s : tensor<4xi32, #two>
  "test.use"(%a, %m, %p, %r) : (tensor<4x1xf32, #cpu>, tensor<1x1xf32, #cpu>, tensor<4x3xf32, #cpu>, tensor<4xi32, #two>) -> ()
  return
}

// CHECK-LABEL: func.func @unary
func.func @unary(%f: tensor<4xf32, #cpu>, %i: tensor<4xi32, #cpu>,
                 %c: tensor<4xi1, #cpu>) {
  // CHECK: tiny.exp2 %{{.*}} : tensor<4xf32
  %0 = tiny.exp2 %f : tensor<4xf32, #cpu>
  // CHECK: tiny.log2
  %1 = tiny.log2 %f : tensor<4xf32, #cpu>
  // CHECK: tiny.sin
  %2 = tiny.sin %f : tensor<4xf32, #cpu>
  // CHECK: tiny.sqrt
  %3 = tiny.sqrt %f : tensor<4xf32, #cpu>
  // CHECK: tiny.reciprocal
  %4 = tiny.reciprocal %f : tensor<4xf32, #cpu>
  // CHECK: tiny.trunc
  %5 = tiny.trunc %f : tensor<4xf32, #cpu>
  // CHECK: tiny.neg %{{.*}} : tensor<4xi32
  %6 = tiny.neg %i : tensor<4xi32, #cpu>
  // CHECK: tiny.not %{{.*}} : tensor<4xi1
  %7 = tiny.not %c : tensor<4xi1, #cpu>
  // CHECK: tiny.cast %{{.*}} to f16 : tensor<4xi32
  %8 = tiny.cast %i to f16 : tensor<4xi32, #cpu>
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8) : (tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi1, #cpu>, tensor<4xf16, #cpu>) -> ()
  return
}

// CHECK-LABEL: func.func @binary
func.func @binary(%f: tensor<2x4xf32, #cpu>, %g: tensor<4xf32, #cpu>,
                  %i: tensor<4xi32, #cpu>, %c: tensor<4xi1, #cpu>,
                  %k: tensor<4xui64, #cpu>) {
  // Broadcast: both types are printed when they differ.
  // CHECK: tiny.add %{{.*}}, %{{.*}} : tensor<2x4xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU">>
  %0 = tiny.add %f, %g : tensor<2x4xf32, #cpu>, tensor<4xf32, #cpu>
  // One type when both operands share it.
  // CHECK: tiny.sub %{{.*}}, %{{.*}} : tensor<4xf32, #tiny.device<"CPU">>{{$}}
  %1 = tiny.sub %g, %g : tensor<4xf32, #cpu>
  // CHECK: tiny.mul
  %2 = tiny.mul %g, %g : tensor<4xf32, #cpu>
  // CHECK: tiny.fdiv
  %3 = tiny.fdiv %g, %g : tensor<4xf32, #cpu>
  // CHECK: tiny.max
  %4 = tiny.max %g, %g : tensor<4xf32, #cpu>
  // CHECK: tiny.pow
  %5 = tiny.pow %g, %g : tensor<4xf32, #cpu>
  // CHECK: tiny.cdiv
  %6 = tiny.cdiv %i, %i : tensor<4xi32, #cpu>
  // CHECK: tiny.cmod
  %7 = tiny.cmod %i, %i : tensor<4xi32, #cpu>
  // CHECK: tiny.floordiv
  %8 = tiny.floordiv %i, %i : tensor<4xi32, #cpu>
  // CHECK: tiny.floormod
  %9 = tiny.floormod %i, %i : tensor<4xi32, #cpu>
  // CHECK: tiny.xor
  %10 = tiny.xor %i, %i : tensor<4xi32, #cpu>
  // CHECK: tiny.or
  %11 = tiny.or %c, %c : tensor<4xi1, #cpu>
  // CHECK: tiny.and
  %12 = tiny.and %c, %c : tensor<4xi1, #cpu>
  // CHECK: tiny.shl
  %13 = tiny.shl %i, %i : tensor<4xi32, #cpu>
  // CHECK: tiny.shr
  %14 = tiny.shr %i, %i : tensor<4xi32, #cpu>
  // CHECK: tiny.threefry %{{.*}}, %{{.*}} : tensor<4xui64
  %15 = tiny.threefry %k, %k : tensor<4xui64, #cpu>
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15) : (tensor<2x4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi32, #cpu>, tensor<4xi32, #cpu>, tensor<4xui64, #cpu>) -> ()
  return
}

// CHECK-LABEL: func.func @compare
func.func @compare(%f: tensor<2x4xf32, #cpu>, %g: tensor<4xf32, #cpu>) {
  // CHECK: tiny.cmplt %{{.*}}, %{{.*}} : tensor<2x4xf32, #tiny.device<"CPU">>, tensor<4xf32
  %0 = tiny.cmplt %f, %g : tensor<2x4xf32, #cpu>, tensor<4xf32, #cpu>
  // CHECK: tiny.cmpne
  %1 = tiny.cmpne %g, %g : tensor<4xf32, #cpu>
  // CHECK: tiny.cmpeq
  %2 = tiny.cmpeq %g, %g : tensor<4xf32, #cpu>
  // CHECK: tiny.cmpgt
  %3 = tiny.cmpgt %g, %g : tensor<4xf32, #cpu>
  // CHECK: tiny.cmpge
  %4 = tiny.cmpge %g, %g : tensor<4xf32, #cpu>
  // CHECK: tiny.cmple
  %5 = tiny.cmple %g, %g : tensor<4xf32, #cpu>
  // CHECK: tiny.where %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x4xi1, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU">>, tensor<2x4xf32
  %6 = tiny.where %0, %g, %f : tensor<2x4xi1, #cpu>, tensor<4xf32, #cpu>, tensor<2x4xf32, #cpu>
  // CHECK: tiny.mulacc %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xf32
  %7 = tiny.mulacc %g, %g, %g : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7) : (tensor<2x4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<4xi1, #cpu>, tensor<2x4xf32, #cpu>, tensor<4xf32, #cpu>) -> ()
  return
}

// CHECK-LABEL: func.func @markers
func.func @markers(%x: tensor<4xf32, #cpu>) {
  // CHECK: tiny.contiguous %{{.*}} : tensor<4xf32
  %0 = tiny.contiguous %x : tensor<4xf32, #cpu>
  // CHECK: tiny.contiguous_backward
  %1 = tiny.contiguous_backward %0 : tensor<4xf32, #cpu>
  // CHECK: tiny.detach
  %2 = tiny.detach %1 : tensor<4xf32, #cpu>
  "test.use"(%2) : (tensor<4xf32, #cpu>) -> ()
  return
}

// CHECK-LABEL: tiny.function @scale -> tensor<2x3xf32, #tiny.device<"CPU">> {
tiny.function @scale -> tensor<2x3xf32, #cpu> {
  // CHECK: %[[P:.*]] = tiny.param 0 : f32 size 6 on "CPU"
  %p = tiny.param 0 : f32 size 6 on "CPU"
  // CHECK: %[[V:.*]] = tiny.reshape %[[P]]
  %v = tiny.reshape %p to [2, 3] : tensor<6xf32, #cpu>
  // CHECK: tiny.return %[[V]] : tensor<2x3xf32
  tiny.return %v : tensor<2x3xf32, #cpu>
}

// CHECK-LABEL: tiny.function @pair -> tuple<tensor<4xf32, #tiny.device<"CPU">>, tensor<i32, #tiny.device<"CPU">>>
tiny.function @pair -> tuple<tensor<4xf32, #cpu>, tensor<i32, #cpu>> {
  %a = tiny.param 0 : f32 size 4 on "CPU"
  %b = tiny.param 1 : i32 on "CPU"
  // CHECK: %[[T:.*]] = tiny.tuple %{{.*}}, %{{.*}} : tensor<4xf32, #tiny.device<"CPU">>, tensor<i32
  %t = tiny.tuple %a, %b : tensor<4xf32, #cpu>, tensor<i32, #cpu>
  // CHECK: tiny.return %[[T]]
  tiny.return %t : tuple<tensor<4xf32, #cpu>, tensor<i32, #cpu>>
}

// CHECK-LABEL: func.func @calls
func.func @calls(%x: tensor<2x3xf32, #cpu>, %y: tensor<4xf32, #cpu>,
                 %z: tensor<i32, #cpu>) {
  // CHECK: tiny.call @scale(%{{.*}}) : (tensor<2x3xf32, #tiny.device<"CPU">>) -> tensor<2x3xf32
  %0 = tiny.call @scale(%x) : (tensor<2x3xf32, #cpu>) -> tensor<2x3xf32, #cpu>
  // CHECK: %[[T:.*]] = tiny.call @pair
  %t = tiny.call @pair(%y, %z) : (tensor<4xf32, #cpu>, tensor<i32, #cpu>) -> tuple<tensor<4xf32, #cpu>, tensor<i32, #cpu>>
  // CHECK: tiny.gettuple %[[T]][1] : tuple<tensor<4xf32
  %1 = tiny.gettuple %t[1] : tuple<tensor<4xf32, #cpu>, tensor<i32, #cpu>>
  // CHECK: tiny.custom_function "sgemm"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32, #tiny.device<"CPU">>, tensor<2x3xf32, #tiny.device<"CPU">>) -> tensor<2x3xf32
  %2 = tiny.custom_function "sgemm"(%x, %x) : (tensor<2x3xf32, #cpu>, tensor<2x3xf32, #cpu>) -> tensor<2x3xf32, #cpu>
  "test.use"(%0, %1, %2) : (tensor<2x3xf32, #cpu>, tensor<i32, #cpu>, tensor<2x3xf32, #cpu>) -> ()
  return
}

// CHECK-LABEL: func.func @data_movement
func.func @data_movement(%x: tensor<4xf32, #cpu>, %a: tensor<4xf32, #tiny.device<"CPU:0">>,
                         %b: tensor<4xf32, #tiny.device<"CPU:1">>) {
  // CHECK: tiny.copy %{{.*}} to "CUDA:1" : tensor<4xf32, #tiny.device<"CPU">>
  %0 = tiny.copy %x to "CUDA:1" : tensor<4xf32, #cpu>
  // CHECK: tiny.copy %{{.*}} to ["CPU", "CPU:1"] : tensor<4xf32
  %1 = tiny.copy %x to ["CPU:0", "CPU:1"] : tensor<4xf32, #cpu>
  // CHECK: tiny.copy %{{.*}} to ["CPU", "CPU:1"] shard 0 : tensor<4xf32
  %s = tiny.copy %x to ["CPU:0", "CPU:1"] shard 0 : tensor<4xf32, #cpu>
  // CHECK: %[[M:.*]] = tiny.mstack %{{.*}}, %{{.*}} : tensor<4xf32, #tiny.device<"CPU">>, tensor<4xf32, #tiny.device<"CPU:1">>
  %m = tiny.mstack %a, %b : tensor<4xf32, #tiny.device<"CPU:0">>, tensor<4xf32, #tiny.device<"CPU:1">>
  // CHECK: tiny.mselect %[[M]][1] : tensor<4xf32, #tiny.device<"CPU", "CPU:1">>
  %2 = tiny.mselect %m[1] : tensor<4xf32, #two>
  // CHECK: tiny.load %{{.*}} to "CPU" addrspace local : tensor<4xf32
  %3 = tiny.load %x to "CPU" addrspace local : tensor<4xf32, #cpu>
  // CHECK: tiny.load %{{.*}} to "CPU" : tensor<4xf32
  %4 = tiny.load %x to "CPU" : tensor<4xf32, #cpu>
  // CHECK: %[[TOK:.*]] = tiny.store %{{.*}}, %{{.*}} : tensor<4xf32
  %t = tiny.store %x, %3 : tensor<4xf32, #cpu>
  // CHECK: tiny.after %{{.*}}(%[[TOK]]) : tensor<4xf32, #tiny.device<"CPU">>, !tiny.token
  %5 = tiny.after %x(%t) : tensor<4xf32, #cpu>, !tiny.token
  "test.use"(%0, %1, %2, %4, %5) : (tensor<4xf32, #tiny.device<"CUDA:1">>, tensor<4xf32, #two>, tensor<4xf32, #tiny.device<"CPU:1">>, tensor<4xf32, #cpu>, tensor<4xf32, #cpu>) -> ()
  return
}

// CHECK-LABEL: func.func @stage
func.func @stage(%x: tensor<4xf32, #cpu>, %v: tensor<3xf32, #cpu>) {
  // Without ranges: the source's shape, in a new buffer.
  // CHECK: tiny.stage %{{.*}} [] on "CUDA:1" : tensor<4xf32, #tiny.device<"CPU">>
  %0 = tiny.stage %x [] on "CUDA:1" : tensor<4xf32, #cpu>
  "test.use"(%0) : (tensor<4xf32, #tiny.device<"CUDA:1">>) -> ()
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  // CHECK: tiny.k.range loop %[[I:.*]] < %{{.*}} {
  tiny.k.range loop %i < %c4 {
    // CHECK: tiny.k.range loop %[[J:.*]] < %{{.*}} {
    tiny.k.range loop %j < %c2 {
      // The ranges' extents come first: tensor<4x2x3xf32>.
      // CHECK: tiny.stage %{{.*}} [%[[I]] < 4, %[[J]] < 2] on "CPU" addrspace local : tensor<3xf32
      %1 = tiny.stage %v [%i < 4, %j < 2] on "CPU" addrspace local : tensor<3xf32, #cpu>
      "test.use"(%1) : (tensor<4x2x3xf32, #cpu>) -> ()
    }
  }
  return
}

{-#
  dialect_resources: {
    builtin: {
      table: "0x040000000000803F00000040"
    }
  }
#-}
