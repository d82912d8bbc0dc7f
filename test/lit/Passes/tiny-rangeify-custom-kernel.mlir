// RUN: tiny-opt %s -split-input-file -tiny-rangeify | FileCheck %s

// A tiny.custom_kernel becomes one tiny.k.kernel of its name, its body
// cloned over buffers of its results; each result is its argument after
// the kernel ran.

#cpu = #tiny.device<"CPU">

// The accumulator (a splat, in no buffer) is computed into the output
// buffer first; the kernel only reads the params' buffers, whose results
// nothing reads, so it reads the params themselves.
// CHECK-LABEL: func.func @scatter_add
// CHECK-SAME: (%[[IDX:[a-z0-9_]+]]: memref<6xi32> {tiny.buffer = #tiny.buffer<param 0>}, %[[SRC:[a-z0-9_]+]]: memref<6xf32> {tiny.buffer = #tiny.buffer<param 1>}, %[[OUT:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[OUT]]
// CHECK: tiny.k.store
// CHECK: tiny.k.kernel "scatter" {
// CHECK-NEXT: %[[C6:[a-z0-9_]+]] = arith.constant 6 : index
// CHECK-NEXT: tiny.k.range loop %[[N:[a-z0-9_]+]] < %[[C6]] {
// CHECK-NEXT: %[[PI:[a-z0-9_]+]] = tiny.k.index %[[IDX]][%[[N]]] : memref<6xi32>
// CHECK-NEXT: %[[T:[a-z0-9_]+]] = tiny.k.load %[[PI]] : !tiny.ptr<i32, global>
// CHECK-NEXT: %[[TI:[a-z0-9_]+]] = arith.index_cast %[[T]] : i32 to index
// CHECK-NEXT: %[[PS:[a-z0-9_]+]] = tiny.k.index %[[SRC]][%[[N]]] : memref<6xf32>
// CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[PS]] : !tiny.ptr<f32, global>
// CHECK-NEXT: %[[PA:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[TI]]] : memref<4xf32>
// CHECK-NEXT: tiny.k.atomic_add %[[PA]], %[[V]] : !tiny.ptr<f32, global>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
tiny.function @scatter_add -> tensor<4xf32, #cpu> {
  %idx = tiny.param 0 : i32 size 6 on "CPU"
  %src = tiny.param 1 : f32 size 6 on "CPU"
  %zero = tiny.const dense<0.0> : tensor<4xf32, #cpu>
  %r:3 = tiny.custom_kernel "scatter"(%zero, %idx, %src)
      : tensor<4xf32, #cpu>, tensor<6xi32, #cpu>, tensor<6xf32, #cpu> {
  ^bb0(%a: memref<4xf32>, %i: memref<6xi32>, %s: memref<6xf32>):
    %c6 = arith.constant 6 : index
    tiny.k.range loop %n < %c6 {
      %pi = tiny.k.index %i[%n] : memref<6xi32>
      %target = tiny.k.load %pi : !tiny.ptr<i32, global>
      %t = arith.index_cast %target : i32 to index
      %ps = tiny.k.index %s[%n] : memref<6xf32>
      %v = tiny.k.load %ps : !tiny.ptr<f32, global>
      %pa = tiny.k.index %a[%t] : memref<4xf32>
      tiny.k.atomic_add %pa, %v : !tiny.ptr<f32, global>
    }
  }
  tiny.return %r#0 : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A param the kernel writes keeps its value: the kernel runs on a copy,
// and the param's later reader reads the param.
// CHECK-LABEL: func.func @writes_param
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT0:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>}, %[[OUT1:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 1>})
// CHECK-NEXT: %[[COPY:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[X]]
// CHECK: tiny.k.index %[[COPY]]
// CHECK: tiny.k.kernel "double" {
// CHECK: tiny.k.index %[[COPY]]
// CHECK: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[COPY]]
// CHECK: tiny.k.index %[[OUT0]]
// CHECK: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[X]]
// CHECK: tiny.k.index %[[OUT1]]
// CHECK: memref.dealloc %[[COPY]]
tiny.function @writes_param -> tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %r = tiny.custom_kernel "double"(%x) : tensor<4xf32, #cpu> {
  ^bb0(%a: memref<4xf32>):
    %c4 = arith.constant 4 : index
    tiny.k.range loop %n < %c4 {
      %p = tiny.k.index %a[%n] : memref<4xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %d = arith.addf %v, %v : f32
      tiny.k.store %p, %d : !tiny.ptr<f32, global>
    }
  }
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %a = tiny.add %r, %one : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  %b = tiny.add %x, %one : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  %t = tiny.tuple %a, %b : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %t : tuple<tensor<4xf32, #cpu>, tensor<4xf32, #cpu>>
}

// -----

#cpu = #tiny.device<"CPU">

// A program's buffer read only by a kernel, and that kernel's result read
// only by the next, are updated in place: no copies.
// CHECK-LABEL: func.func @in_place
// CHECK-NEXT: %[[B:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: tiny.k.kernel "first" {
// CHECK: tiny.k.index %[[B]]
// CHECK: tiny.k.kernel "second" {
// CHECK: tiny.k.index %[[B]]
// CHECK: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[B]]
// CHECK-NOT: tiny.k.kernel
// CHECK: memref.dealloc %[[B]]
tiny.function @in_place -> tensor<4xf32, #cpu> {
  %b = tiny.buffer 0 : f32 size 4 on "CPU"
  %r = tiny.custom_kernel "first"(%b) : tensor<4xf32, #cpu> {
  ^bb0(%a: memref<4xf32>):
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %p = tiny.k.index %a[%c0] : memref<4xf32>
    tiny.k.store %p, %zero : !tiny.ptr<f32, global>
  }
  %s = tiny.custom_kernel "second"(%r) : tensor<4xf32, #cpu> {
  ^bb0(%a: memref<4xf32>):
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    %p = tiny.k.index %a[%c1] : memref<4xf32>
    tiny.k.atomic_add %p, %one : !tiny.ptr<f32, global>
  }
  %two = tiny.const dense<2.0> : tensor<4xf32, #cpu>
  %m = tiny.mul %s, %two : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %m : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A param whose result is only stored back into it (whole, through
// reshapes), as tinygrad's custom kernel on a buffer is exported: the kernel
// writes the param in place, with no copy in and no store kernel; the
// reader of the buffer after the store reads the param.
// CHECK-LABEL: func.func @in_place_param
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "double" {
// CHECK-NEXT: arith.constant 4
// CHECK-NEXT: tiny.k.range loop
// CHECK-NEXT: tiny.k.index %[[X]]
// CHECK: tiny.k.store
// CHECK: tiny.k.kernel "E_2_2" {
// CHECK: tiny.k.index %[[X]]
// CHECK: tiny.k.index %[[OUT]]
// CHECK-NOT: tiny.k.kernel
// CHECK: return
tiny.function @in_place_param -> tensor<2x2xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %v = tiny.reshape %x to [2, 2] : tensor<4xf32, #cpu>
  %r = tiny.custom_kernel "double"(%v) : tensor<2x2xf32, #cpu> {
  ^bb0(%a: memref<4xf32>):
    %c4 = arith.constant 4 : index
    tiny.k.range loop %n < %c4 {
      %p = tiny.k.index %a[%n] : memref<4xf32>
      %e = tiny.k.load %p : !tiny.ptr<f32, global>
      %d = arith.addf %e, %e : f32
      tiny.k.store %p, %d : !tiny.ptr<f32, global>
    }
  }
  %flat = tiny.reshape %r to [4] : tensor<2x2xf32, #cpu>
  %s = tiny.store %x, %flat : tensor<4xf32, #cpu>
  %y = tiny.after %x(%s) : tensor<4xf32, #cpu>, !tiny.token
  %w = tiny.reshape %y to [2, 2] : tensor<4xf32, #cpu>
  %one = tiny.const dense<1.0> : tensor<2x2xf32, #cpu>
  %m = tiny.add %w, %one : tensor<2x2xf32, #cpu>, tensor<2x2xf32, #cpu>
  tiny.return %m : tensor<2x2xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// Two kernels in a row on one param, each result stored back and the next
// kernel reading the param after that store: both update the param in
// place.
// CHECK-LABEL: func.func @in_place_twice
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<1xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "first" {
// CHECK: tiny.k.index %[[X]]
// CHECK: tiny.k.kernel "second" {
// CHECK: tiny.k.index %[[X]]
// CHECK: tiny.k.kernel "E_1" {
// CHECK: tiny.k.index %[[X]]
// CHECK: tiny.k.index %[[OUT]]
// CHECK-NOT: tiny.k.kernel
// CHECK: return
tiny.function @in_place_twice -> tensor<1xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %r = tiny.custom_kernel "first"(%x) : tensor<4xf32, #cpu> {
  ^bb0(%a: memref<4xf32>):
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %p = tiny.k.index %a[%c0] : memref<4xf32>
    tiny.k.store %p, %zero : !tiny.ptr<f32, global>
  }
  %s0 = tiny.store %x, %r : tensor<4xf32, #cpu>
  %y = tiny.after %x(%s0) : tensor<4xf32, #cpu>, !tiny.token
  %q = tiny.custom_kernel "second"(%y) : tensor<4xf32, #cpu> {
  ^bb0(%a: memref<4xf32>):
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    %p = tiny.k.index %a[%c1] : memref<4xf32>
    tiny.k.atomic_add %p, %one : !tiny.ptr<f32, global>
  }
  %s1 = tiny.store %y, %q : tensor<4xf32, #cpu>
  %z = tiny.after %y(%s1) : tensor<4xf32, #cpu>, !tiny.token
  %e = tiny.shrink %z [1] to [2] : tensor<4xf32, #cpu>
  tiny.return %e : tensor<1xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// The param's old value is read after the kernel, before the store (by
// the contiguous, whose kernel runs between them): the kernel runs on a
// copy, and the store copies it back.
// CHECK-LABEL: func.func @old_value_read_between
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: %[[COPY:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[X]]
// CHECK: tiny.k.index %[[COPY]]
// CHECK: tiny.k.kernel "double" {
// CHECK: tiny.k.index %[[COPY]]
// CHECK: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[X]]
// CHECK: tiny.k.index %[[OUT]]
// CHECK: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[COPY]]
// CHECK: tiny.k.index %[[X]]
// CHECK-NOT: tiny.k.kernel
// CHECK: memref.dealloc %[[COPY]]
tiny.function @old_value_read_between -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %r = tiny.custom_kernel "double"(%x) : tensor<4xf32, #cpu> {
  ^bb0(%a: memref<4xf32>):
    %c4 = arith.constant 4 : index
    tiny.k.range loop %n < %c4 {
      %p = tiny.k.index %a[%n] : memref<4xf32>
      %e = tiny.k.load %p : !tiny.ptr<f32, global>
      %d = arith.addf %e, %e : f32
      tiny.k.store %p, %d : !tiny.ptr<f32, global>
    }
  }
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %a = tiny.add %x, %one : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  %kept = tiny.contiguous %a : tensor<4xf32, #cpu>
  %s = tiny.store %x, %r : tensor<4xf32, #cpu>
  tiny.return %kept : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// The param's old value read after the store through the copy
// -tiny-snapshot-overwritten makes of it: the copy is taken before the
// kernel, which then writes the param in place (no copy in, no store
// kernel).
// CHECK-LABEL: func.func @snapshot_taken_before
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: %[[SNAP:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[X]]
// CHECK: tiny.k.index %[[SNAP]]
// CHECK: tiny.k.kernel "double" {
// CHECK-NEXT: arith.constant 4
// CHECK-NEXT: tiny.k.range loop
// CHECK-NEXT: tiny.k.index %[[X]]
// CHECK: tiny.k.kernel "E_4" {
// CHECK-NEXT: arith.constant 4
// CHECK-NEXT: tiny.k.range loop
// CHECK-NEXT: tiny.k.index %[[SNAP]]
// CHECK: tiny.k.index %[[OUT]]
// CHECK-NOT: tiny.k.kernel
// CHECK: memref.dealloc %[[SNAP]]
tiny.function @snapshot_taken_before -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %snap = tiny.contiguous %x : tensor<4xf32, #cpu>
  %r = tiny.custom_kernel "double"(%x) : tensor<4xf32, #cpu> {
  ^bb0(%a: memref<4xf32>):
    %c4 = arith.constant 4 : index
    tiny.k.range loop %n < %c4 {
      %p = tiny.k.index %a[%n] : memref<4xf32>
      %e = tiny.k.load %p : !tiny.ptr<f32, global>
      %d = arith.addf %e, %e : f32
      tiny.k.store %p, %d : !tiny.ptr<f32, global>
    }
  }
  %s = tiny.store %x, %r : tensor<4xf32, #cpu>
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %kept = tiny.add %snap, %one : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %kept : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// The param is two operands of the kernel, which reads the one while it
// writes the other: the written one is a copy, stored back after.
// CHECK-LABEL: func.func @operand_twice
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<4xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: %[[COPY:[a-z0-9_]+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[X]]
// CHECK: tiny.k.index %[[COPY]]
// CHECK: tiny.k.kernel "reverse" {
// CHECK-DAG: tiny.k.index %[[COPY]]
// CHECK-DAG: tiny.k.index %[[X]]
// CHECK: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[COPY]]
// CHECK: tiny.k.index %[[X]]
// CHECK: tiny.k.kernel "E_4" {
// CHECK: tiny.k.index %[[X]]
// CHECK: tiny.k.index %[[OUT]]
tiny.function @operand_twice -> tensor<4xf32, #cpu> {
  %x = tiny.param 0 : f32 size 4 on "CPU"
  %r:2 = tiny.custom_kernel "reverse"(%x, %x)
      : tensor<4xf32, #cpu>, tensor<4xf32, #cpu> {
  ^bb0(%a: memref<4xf32>, %b: memref<4xf32>):
    %c4 = arith.constant 4 : index
    %c3 = arith.constant 3 : index
    tiny.k.range loop %n < %c4 {
      %m = arith.subi %c3, %n : index
      %pa = tiny.k.index %a[%n] : memref<4xf32>
      %pb = tiny.k.index %b[%m] : memref<4xf32>
      %e = tiny.k.load %pb : !tiny.ptr<f32, global>
      tiny.k.store %pa, %e : !tiny.ptr<f32, global>
    }
  }
  %s = tiny.store %x, %r#0 : tensor<4xf32, #cpu>
  %y = tiny.after %x(%s) : tensor<4xf32, #cpu>, !tiny.token
  %one = tiny.const dense<1.0> : tensor<4xf32, #cpu>
  %m = tiny.add %y, %one : tensor<4xf32, #cpu>, tensor<4xf32, #cpu>
  tiny.return %m : tensor<4xf32, #cpu>
}

// -----

#cpu = #tiny.device<"CPU">

// A reshape of a param that the kernel only reads, its result unread: the
// kernel reads the param's buffer, with no copy (the embedding backward's
// token ids).
// CHECK-LABEL: func.func @reads_reshaped_param
// CHECK-SAME: (%[[IDX:[a-z0-9_]+]]: memref<4xi32> {tiny.buffer = #tiny.buffer<param 0>}, %[[OUT:[a-z0-9_]+]]: memref<3xf32> {tiny.buffer = #tiny.buffer<output 0>})
// CHECK-NEXT: tiny.k.kernel "E_3" {
// CHECK: tiny.k.index %[[OUT]]
// CHECK: tiny.k.kernel "count" {
// CHECK-NEXT: arith.constant
// CHECK-NEXT: tiny.k.range loop
// CHECK-NEXT: tiny.k.index %[[IDX]]
// CHECK-NOT: tiny.k.kernel
// CHECK: return
tiny.function @reads_reshaped_param -> tensor<3xf32, #cpu> {
  %p = tiny.param 0 : i32 size 4 on "CPU"
  %idx = tiny.reshape %p to [2, 2] : tensor<4xi32, #cpu>
  %zero = tiny.const dense<0.0> : tensor<3xf32, #cpu>
  %r:2 = tiny.custom_kernel "count"(%zero, %idx)
      : tensor<3xf32, #cpu>, tensor<2x2xi32, #cpu> {
  ^bb0(%a: memref<3xf32>, %i: memref<4xi32>):
    %c4 = arith.constant 4 : index
    tiny.k.range loop %n < %c4 {
      %pi = tiny.k.index %i[%n] : memref<4xi32>
      %target = tiny.k.load %pi : !tiny.ptr<i32, global>
      %t = arith.index_cast %target : i32 to index
      %one = arith.constant 1.0 : f32
      %pa = tiny.k.index %a[%t] : memref<3xf32>
      tiny.k.atomic_add %pa, %one : !tiny.ptr<f32, global>
    }
  }
  tiny.return %r#0 : tensor<3xf32, #cpu>
}
