// RUN: tiny-opt %s -tiny-to-llvm | FileCheck %s

#cpu = #tiny.device<"CPU">

// exp2(x - max(x)), transposed, through the whole CPU pipeline (transposed,
// the kernel's column loop is outside its row loop, so the max is no row
// value of it: it gets a buffer and a kernel of its own, as tested here;
// untransposed it would be one kernel). The function becomes an
// llvm.func over bare pointers that keep their slot / output marks, the
// realized max buffer is malloc'ed and freed, each kernel is an llvm.func
// of its own over bare pointers, named after the kernel, called in launch
// order and marked noinline for LLVM, loops are branches, exp2 is no
// intrinsic call, and nothing of
// tiny, memref, scf, func, arith, math or cf is left.
// CHECK-NOT: {{(= |^ *)(tiny|memref|scf|func|arith|math|cf)\.}}
// CHECK-NOT: memref<
// CHECK-NOT: !tiny.
// CHECK-DAG: llvm.func @free(!llvm.ptr)
// CHECK-DAG: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-LABEL: llvm.func @softmax
// CHECK-SAME: (%{{[a-z0-9_]+}}: !llvm.ptr {tiny.buffer = #tiny.buffer<param 0>}, %{{[a-z0-9_]+}}: !llvm.ptr {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NOT: {{(= |^ *)(tiny|memref|scf|func|arith|math|cf)\.}}
// CHECK-NOT: memref<
// CHECK: %[[BUF:[a-z0-9_]+]] = llvm.call @malloc(%{{[a-z0-9_]+}}) : (i64) -> !llvm.ptr
// CHECK-NOT: {{(= |^ *)(tiny|memref|scf|func|arith|math|cf)\.}}
// CHECK: llvm.call @r_4_1(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) : (!llvm.ptr, !llvm.ptr) -> ()
// CHECK-NOT: {{(= |^ *)(tiny|memref|scf|func|arith|math|cf)\.}}
// CHECK: llvm.call @E_3_4(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
// CHECK-NOT: {{(= |^ *)(tiny|memref|scf|func|arith|math|cf)\.}}
// CHECK: llvm.call @free(%{{[a-z0-9_]+}}) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.return
// CHECK-LABEL: llvm.func @r_4_1
// CHECK-SAME: (%{{[a-z0-9_]+}}: !llvm.ptr, %{{[a-z0-9_]+}}: !llvm.ptr) attributes {passthrough = ["noinline"]
// CHECK-NOT: {{(= |^ *)(tiny|memref|scf|func|arith|math|cf)\.}}
// CHECK: llvm.cond_br
// CHECK-NOT: {{(= |^ *)(tiny|memref|scf|func|arith|math|cf)\.}}
// CHECK: llvm.load %{{[a-z0-9_]+}} : !llvm.ptr -> f32
// CHECK-NOT: {{(= |^ *)(tiny|memref|scf|func|arith|math|cf)\.}}
// CHECK: llvm.store %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : f32, !llvm.ptr
// CHECK-LABEL: llvm.func @E_3_4
// CHECK-SAME: (%{{[a-z0-9_]+}}: !llvm.ptr, %{{[a-z0-9_]+}}: !llvm.ptr, %{{[a-z0-9_]+}}: !llvm.ptr) attributes {passthrough = ["noinline"]
// CHECK-NOT: {{(= |^ *)(tiny|memref|scf|func|arith|math|cf)\.}}
// CHECK: llvm.cond_br
// CHECK-NOT: {{(= |^ *)(tiny|memref|scf|func|arith|math|cf)\.}}
// CHECK: llvm.load %{{[a-z0-9_]+}} : !llvm.ptr -> f32
// CHECK-NOT: {{(= |^ *)(tiny|memref|scf|func|arith|math|cf)\.}}
// exp2 is computed in place (-tiny-inline-exp2), NaN passed through last.
// CHECK-NOT: llvm.intr.exp2
// CHECK: %[[E:[a-z0-9_]+]] = llvm.select %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : i1, f32
// CHECK: llvm.store %[[E]], %{{[a-z0-9_]+}} : f32, !llvm.ptr
// CHECK-NOT: {{(= |^ *)(tiny|memref|scf|func|arith|math|cf)\.}}
// CHECK: llvm.return
// CHECK-NOT: {{(= |^ *)(tiny|memref|scf|func|arith|math|cf)\.}}
// CHECK-NOT: memref<
tiny.function @softmax -> tensor<3x4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 12 on "CPU"
  %v = tiny.reshape %x to [4, 3] : tensor<12xf32, #cpu>
  %r = tiny.reduce max %v axes [1] : tensor<4x3xf32, #cpu>
  %e = tiny.expand %r to [4, 3] : tensor<4x1xf32, #cpu>
  %s = tiny.sub %v, %e : tensor<4x3xf32, #cpu>, tensor<4x3xf32, #cpu>
  %x2 = tiny.exp2 %s : tensor<4x3xf32, #cpu>
  %t = tiny.permute %x2 [1, 0] : tensor<4x3xf32, #cpu>
  tiny.return %t : tensor<3x4xf32, #cpu>
}
