// Round trip of every kernel-level op: custom form, and generic form re-parsed.
// RUN: tiny-opt %s | tiny-opt | FileCheck %s
// RUN: tiny-opt %s -mlir-print-op-generic | tiny-opt | FileCheck %s

// CHECK-LABEL: func.func @kernel
func.func @kernel(%buf: memref<6xf32>) {
  // CHECK-NEXT: tiny.k.kernel "E_6" {
  // CHECK-NEXT: }
  // CHECK-NEXT: return
  tiny.k.kernel "E_6" {
  }
  return
}

// A kernel of a function that spans devices names its device.
// CHECK-LABEL: func.func @kernel_on_device
func.func @kernel_on_device(%buf: memref<6xf32>) {
  // CHECK-NEXT: tiny.k.kernel "E_6" on "CPU:1" {
  // CHECK-NEXT: }
  tiny.k.kernel "E_6" on "CPU:1" {
  }
  return
}

// A copy between buffers, with element offsets; the element count may be 0.
// CHECK-LABEL: func.func @copy
func.func @copy(%a: memref<4xi32>, %b: memref<2xi32>) {
  // CHECK-NEXT: tiny.k.copy %{{.*}}[1] to %{{.*}}[0] count 2 : memref<4xi32>, memref<2xi32>
  // CHECK-NEXT: tiny.k.copy %{{.*}}[4] to %{{.*}}[2] count 0 : memref<4xi32>, memref<2xi32>
  tiny.k.copy %a[1] to %b[0] count 2 : memref<4xi32>, memref<2xi32>
  tiny.k.copy %a[4] to %b[2] count 0 : memref<4xi32>, memref<2xi32>
  return
}

// A host function on flat buffers: a ui8 scalar is one i8 element; either
// list of buffers may be empty.
// CHECK-LABEL: func.func @custom_function
func.func @custom_function(%a: memref<16xf32>, %b: memref<16xf32>, %c: memref<16xf32>, %s: memref<1xi8>) {
  // CHECK-NEXT: tiny.k.custom_function "sgemm"(%{{.*}}, %{{.*}} : memref<16xf32>, memref<16xf32>) to (%{{.*}} : memref<16xf32>) signature (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  tiny.k.custom_function "sgemm"(%a, %b : memref<16xf32>, memref<16xf32>) to (%c : memref<16xf32>) signature (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  // CHECK-NEXT: tiny.k.custom_function "seed"() to (%{{.*}} : memref<1xi8>) signature () -> tensor<ui8>
  tiny.k.custom_function "seed"() to (%s : memref<1xi8>) signature () -> tensor<ui8>
  // CHECK-NEXT: tiny.k.custom_function "log"(%{{.*}} : memref<16xf32>) to () signature (tensor<16xf32, #tiny.device<"CPU">>) -> ()
  tiny.k.custom_function "log"(%a : memref<16xf32>) to () signature (tensor<16xf32, #tiny.device<"CPU">>) -> ()
  return
}

// The kernel's attribute dictionary follows the `attributes` keyword.
// CHECK-LABEL: func.func @kernel_attrs
func.func @kernel_attrs(%buf: memref<6xf32>) {
  // CHECK-NEXT: tiny.k.kernel "r_4_4" attributes {tag = 1 : i64} {
  // CHECK-NEXT: }
  tiny.k.kernel "r_4_4" attributes {tag = 1} {
  }
  return
}

// Every axis type; a range without iter_args prints no results and no
// tiny.k.end.
// CHECK-LABEL: func.func @axes
// CHECK-SAME: (%[[BUF:[a-z0-9_]+]]: memref<6xf32>)
func.func @axes(%buf: memref<6xf32>) {
  // CHECK-NEXT: %[[N:[a-z0-9_]+]] = arith.constant 6 : index
  %c6 = arith.constant 6 : index
  // CHECK-NEXT: tiny.k.kernel "E_6" {
  tiny.k.kernel "E_6" {
    // CHECK-NEXT: tiny.k.range device %{{[a-z0-9_]+}} < %[[N]] {
    // CHECK-NEXT: }
    tiny.k.range device %i < %c6 {
    }
    // CHECK-NEXT: tiny.k.range global %{{[a-z0-9_]+}} < %[[N]] {
    // CHECK-NEXT: }
    tiny.k.range global %i < %c6 {
    }
    // CHECK-NEXT: tiny.k.range local %{{[a-z0-9_]+}} < %[[N]] {
    // CHECK-NEXT: }
    tiny.k.range local %i < %c6 {
    }
    // CHECK-NEXT: tiny.k.range warp %{{[a-z0-9_]+}} < %[[N]] {
    // CHECK-NEXT: }
    tiny.k.range warp %i < %c6 {
    }
    // CHECK-NEXT: tiny.k.range thread %{{[a-z0-9_]+}} < %[[N]] {
    // CHECK-NEXT: }
    tiny.k.range thread %i < %c6 {
    }
    // CHECK-NEXT: tiny.k.range loop %{{[a-z0-9_]+}} < %[[N]] {
    // CHECK-NEXT: }
    tiny.k.range loop %i < %c6 {
    }
    // CHECK-NEXT: tiny.k.range reduce %{{[a-z0-9_]+}} < %[[N]] {
    // CHECK-NEXT: }
    tiny.k.range reduce %i < %c6 {
    }
    // CHECK-NEXT: tiny.k.range group_reduce %{{[a-z0-9_]+}} < %[[N]] {
    // CHECK-NEXT: }
    tiny.k.range group_reduce %i < %c6 {
    }
    // CHECK-NEXT: tiny.k.range upcast %{{[a-z0-9_]+}} < %[[N]] {
    // CHECK-NEXT: }
    tiny.k.range upcast %i < %c6 {
    }
    // CHECK-NEXT: tiny.k.range unroll %{{[a-z0-9_]+}} < %[[N]] {
    // CHECK-NEXT: }
    // An explicit empty tiny.k.end is the implicit terminator: not printed.
    tiny.k.range unroll %i < %c6 {
      tiny.k.end
    }
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: return
  return
}

// A range with no iter_args whose body uses the induction variable.
// CHECK-LABEL: func.func @range_no_iter_args
// CHECK-SAME: (%[[BUF:[a-z0-9_]+]]: memref<6xf32>)
func.func @range_no_iter_args(%buf: memref<6xf32>) {
  // CHECK-NEXT: %[[N:[a-z0-9_]+]] = arith.constant 6 : index
  %c6 = arith.constant 6 : index
  // CHECK-NEXT: tiny.k.kernel "E_6" {
  tiny.k.kernel "E_6" {
    // CHECK-NEXT: tiny.k.range loop %[[I:[a-z0-9_]+]] < %[[N]] {
    // CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[BUF]][%[[I]]] : memref<6xf32>{{$}}
    // CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]] : !tiny.ptr<f32, global>{{$}}
    // CHECK-NEXT: tiny.k.store %[[P]], %[[V]] : !tiny.ptr<f32, global>{{$}}
    // CHECK-NEXT: }
    tiny.k.range loop %i < %c6 {
      %p = tiny.k.index %buf[%i] : memref<6xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      tiny.k.store %p, %v : !tiny.ptr<f32, global>
    }
  // CHECK-NEXT: }
  }
  return
}

// One iter_arg: the range has one result and its body ends in tiny.k.end.
// CHECK-LABEL: func.func @range_one_iter_arg
// CHECK-SAME: (%[[BUF:[a-z0-9_]+]]: memref<16xf32>, %[[OUT:[a-z0-9_]+]]: memref<1xf32>)
func.func @range_one_iter_arg(%buf: memref<16xf32>, %out: memref<1xf32>) {
  // CHECK-NEXT: %[[N:[a-z0-9_]+]] = arith.constant 16 : index
  // CHECK-NEXT: %[[C0:[a-z0-9_]+]] = arith.constant 0 : index
  // CHECK-NEXT: %[[Z:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
  %c16 = arith.constant 16 : index
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  // CHECK-NEXT: tiny.k.kernel "r_16" {
  tiny.k.kernel "r_16" {
    // CHECK-NEXT: %[[SUM:[a-z0-9_]+]] = tiny.k.range reduce %[[R:[a-z0-9_]+]] < %[[N]] iter_args(%[[ACC:[a-z0-9_]+]] = %[[Z]]) -> (f32) {
    // CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[BUF]][%[[R]]] : memref<16xf32>
    // CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]] : !tiny.ptr<f32, global>
    // CHECK-NEXT: %[[NEXT:[a-z0-9_]+]] = arith.addf %[[ACC]], %[[V]] : f32
    // CHECK-NEXT: tiny.k.end %[[NEXT]] : f32{{$}}
    // CHECK-NEXT: }
    %sum = tiny.k.range reduce %r < %c16 iter_args(%acc = %zero) -> (f32) {
      %p = tiny.k.index %buf[%r] : memref<16xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %next = arith.addf %acc, %v : f32
      tiny.k.end %next : f32
    }
    // CHECK-NEXT: %[[Q:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[C0]]] : memref<1xf32>
    // CHECK-NEXT: tiny.k.store %[[Q]], %[[SUM]] : !tiny.ptr<f32, global>
    %q = tiny.k.index %out[%c0] : memref<1xf32>
    tiny.k.store %q, %sum : !tiny.ptr<f32, global>
  // CHECK-NEXT: }
  }
  return
}

// Two iter_args of different types: two results, used as %res#0 and %res#1.
// CHECK-LABEL: func.func @range_two_iter_args
// CHECK-SAME: (%[[BUF:[a-z0-9_]+]]: memref<16xf32>) -> (f32, i32)
func.func @range_two_iter_args(%buf: memref<16xf32>) -> (f32, i32) {
  // CHECK-NEXT: %[[N:[a-z0-9_]+]] = arith.constant 16 : index
  // CHECK-NEXT: %[[Z:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
  // CHECK-NEXT: %[[ZI:[a-z0-9_]+]] = arith.constant 0 : i32
  // CHECK-NEXT: %[[ONE:[a-z0-9_]+]] = arith.constant 1 : i32
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %izero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  // CHECK-NEXT: %[[RES:[a-z0-9_]+]]:2 = tiny.k.range reduce %[[R:[a-z0-9_]+]] < %[[N]] iter_args(%[[A:[a-z0-9_]+]] = %[[Z]], %[[B:[a-z0-9_]+]] = %[[ZI]]) -> (f32, i32) {
  // CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[BUF]][%[[R]]] : memref<16xf32>
  // CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]] : !tiny.ptr<f32, global>
  // CHECK-NEXT: %[[A2:[a-z0-9_]+]] = arith.maximumf %[[A]], %[[V]] : f32
  // CHECK-NEXT: %[[B2:[a-z0-9_]+]] = arith.addi %[[B]], %[[ONE]] : i32
  // CHECK-NEXT: tiny.k.end %[[A2]], %[[B2]] : f32, i32{{$}}
  // CHECK-NEXT: }
  %res:2 = tiny.k.range reduce %r < %c16 iter_args(%a = %zero, %b = %izero) -> (f32, i32) {
    %p = tiny.k.index %buf[%r] : memref<16xf32>
    %v = tiny.k.load %p : !tiny.ptr<f32, global>
    %a2 = arith.maximumf %a, %v : f32
    %b2 = arith.addi %b, %one : i32
    tiny.k.end %a2, %b2 : f32, i32
  }
  // CHECK-NEXT: return %[[RES]]#0, %[[RES]]#1 : f32, i32
  return %res#0, %res#1 : f32, i32
}

// Nested ranges: the inner range reads both induction variables and the
// outer range carries the inner one's result.
// CHECK-LABEL: func.func @nested_ranges
// CHECK-SAME: (%[[BUF:[a-z0-9_]+]]: memref<4x8xf32>, %[[OUT:[a-z0-9_]+]]: memref<4xf32>)
func.func @nested_ranges(%buf: memref<4x8xf32>, %out: memref<4xf32>) {
  // CHECK-NEXT: %[[C4:[a-z0-9_]+]] = arith.constant 4 : index
  // CHECK-NEXT: %[[C8:[a-z0-9_]+]] = arith.constant 8 : index
  // CHECK-NEXT: %[[Z:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  // CHECK-NEXT: tiny.k.kernel "r_4_8" {
  tiny.k.kernel "r_4_8" {
    // CHECK-NEXT: tiny.k.range global %[[I:[a-z0-9_]+]] < %[[C4]] {
    // CHECK-NEXT: %[[S:[a-z0-9_]+]] = tiny.k.range reduce %[[J:[a-z0-9_]+]] < %[[C8]] iter_args(%[[ACC:[a-z0-9_]+]] = %[[Z]]) -> (f32) {
    // CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[BUF]][%[[I]], %[[J]]] : memref<4x8xf32>
    // CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]] : !tiny.ptr<f32, global>
    // CHECK-NEXT: %[[NEXT:[a-z0-9_]+]] = arith.addf %[[ACC]], %[[V]] : f32
    // CHECK-NEXT: tiny.k.end %[[NEXT]] : f32
    // CHECK-NEXT: }
    // CHECK-NEXT: %[[Q:[a-z0-9_]+]] = tiny.k.index %[[OUT]][%[[I]]] : memref<4xf32>
    // CHECK-NEXT: tiny.k.store %[[Q]], %[[S]] : !tiny.ptr<f32, global>
    // CHECK-NEXT: }
    tiny.k.range global %i < %c4 {
      %s = tiny.k.range reduce %j < %c8 iter_args(%acc = %zero) -> (f32) {
        %p = tiny.k.index %buf[%i, %j] : memref<4x8xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %next = arith.addf %acc, %v : f32
        tiny.k.end %next : f32
      }
      %q = tiny.k.index %out[%i] : memref<4xf32>
      tiny.k.store %q, %s : !tiny.ptr<f32, global>
    }
  // CHECK-NEXT: }
  }
  return
}

// A range's attribute dictionary is printed after its body.
// CHECK-LABEL: func.func @range_attrs
func.func @range_attrs(%buf: memref<6xf32>) {
  // CHECK-NEXT: %[[N:[a-z0-9_]+]] = arith.constant 6 : index
  %c6 = arith.constant 6 : index
  // CHECK-NEXT: tiny.k.range loop %{{[a-z0-9_]+}} < %[[N]] {
  // CHECK-NEXT: } {tag = 2 : i64}
  tiny.k.range loop %i < %c6 {
  } {tag = 2}
  return
}

// tiny.k.index on rank 1 and rank 2: the pointer is global for a memref
// without a memory space.
// CHECK-LABEL: func.func @index
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<6xf32>, %[[B:[a-z0-9_]+]]: memref<2x3xi32>, %[[I:[a-z0-9_]+]]: index, %[[J:[a-z0-9_]+]]: index)
func.func @index(%a: memref<6xf32>, %b: memref<2x3xi32>, %i: index, %j: index) {
  // CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[A]][%[[I]]] : memref<6xf32>{{$}}
  // CHECK-NEXT: tiny.k.load %[[P]] : !tiny.ptr<f32, global>{{$}}
  %p = tiny.k.index %a[%i] : memref<6xf32>
  %v = tiny.k.load %p : !tiny.ptr<f32, global>
  // CHECK-NEXT: %[[Q:[a-z0-9_]+]] = tiny.k.index %[[B]][%[[I]], %[[J]]] : memref<2x3xi32>{{$}}
  // CHECK-NEXT: tiny.k.load %[[Q]] : !tiny.ptr<i32, global>{{$}}
  %q = tiny.k.index %b[%i, %j] : memref<2x3xi32>
  %w = tiny.k.load %q : !tiny.ptr<i32, global>
  return
}

// tiny.k.index on a memref in local memory yields a local pointer.
// (The address space attribute is spelled #tiny<addrspace local>.)
// CHECK-LABEL: func.func @index_local
// CHECK-SAME: (%[[L:[a-z0-9_]+]]: memref<4x4xf32, #tiny<addrspace local>>, %[[I:[a-z0-9_]+]]: index)
func.func @index_local(%l: memref<4x4xf32, #tiny<addrspace local>>, %i: index) {
  // CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[L]][%[[I]], %[[I]]] : memref<4x4xf32, #tiny<addrspace local>>{{$}}
  // CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]] : !tiny.ptr<f32, local>{{$}}
  // CHECK-NEXT: tiny.k.store %[[P]], %[[V]] : !tiny.ptr<f32, local>{{$}}
  %p = tiny.k.index %l[%i, %i] : memref<4x4xf32, #tiny<addrspace local>>
  %v = tiny.k.load %p : !tiny.ptr<f32, local>
  tiny.k.store %p, %v : !tiny.ptr<f32, local>
  return
}

// Plain and gated loads.
// CHECK-LABEL: func.func @load
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<6xf32>, %[[I:[a-z0-9_]+]]: index, %[[G:[a-z0-9_]+]]: i1, %[[ALT:[a-z0-9_]+]]: f32) -> (f32, f32)
func.func @load(%a: memref<6xf32>, %i: index, %g: i1, %alt: f32) -> (f32, f32) {
  // CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[A]][%[[I]]] : memref<6xf32>
  %p = tiny.k.index %a[%i] : memref<6xf32>
  // CHECK-NEXT: %[[V:[a-z0-9_]+]] = tiny.k.load %[[P]] : !tiny.ptr<f32, global>{{$}}
  %v = tiny.k.load %p : !tiny.ptr<f32, global>
  // CHECK-NEXT: %[[W:[a-z0-9_]+]] = tiny.k.load %[[P]] if %[[G]] else %[[ALT]] : !tiny.ptr<f32, global>, f32{{$}}
  %w = tiny.k.load %p if %g else %alt : !tiny.ptr<f32, global>, f32
  // CHECK-NEXT: return %[[V]], %[[W]] : f32, f32
  return %v, %w : f32, f32
}

// Plain and gated stores.
// CHECK-LABEL: func.func @store
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<6xi32>, %[[I:[a-z0-9_]+]]: index, %[[G:[a-z0-9_]+]]: i1, %[[V:[a-z0-9_]+]]: i32)
func.func @store(%a: memref<6xi32>, %i: index, %g: i1, %v: i32) {
  // CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[A]][%[[I]]] : memref<6xi32>
  %p = tiny.k.index %a[%i] : memref<6xi32>
  // CHECK-NEXT: tiny.k.store %[[P]], %[[V]] : !tiny.ptr<i32, global>{{$}}
  tiny.k.store %p, %v : !tiny.ptr<i32, global>
  // CHECK-NEXT: tiny.k.store %[[P]], %[[V]] if %[[G]] : !tiny.ptr<i32, global>{{$}}
  tiny.k.store %p, %v if %g : !tiny.ptr<i32, global>
  // CHECK-NEXT: return
  return
}

// Atomic adds on a float and an integer element.
// CHECK-LABEL: func.func @atomic_add
// CHECK-SAME: (%[[A:[a-z0-9_]+]]: memref<6xf32>, %[[B:[a-z0-9_]+]]: memref<6xi32>, %[[I:[a-z0-9_]+]]: index, %[[X:[a-z0-9_]+]]: f32, %[[Y:[a-z0-9_]+]]: i32)
func.func @atomic_add(%a: memref<6xf32>, %b: memref<6xi32>, %i: index, %x: f32, %y: i32) {
  // CHECK-NEXT: %[[P:[a-z0-9_]+]] = tiny.k.index %[[A]][%[[I]]] : memref<6xf32>
  // CHECK-NEXT: tiny.k.atomic_add %[[P]], %[[X]] : !tiny.ptr<f32, global>{{$}}
  %p = tiny.k.index %a[%i] : memref<6xf32>
  tiny.k.atomic_add %p, %x : !tiny.ptr<f32, global>
  // CHECK-NEXT: %[[Q:[a-z0-9_]+]] = tiny.k.index %[[B]][%[[I]]] : memref<6xi32>
  // CHECK-NEXT: tiny.k.atomic_add %[[Q]], %[[Y]] : !tiny.ptr<i32, global>{{$}}
  %q = tiny.k.index %b[%i] : memref<6xi32>
  tiny.k.atomic_add %q, %y : !tiny.ptr<i32, global>
  // CHECK-NEXT: return
  return
}

// GPU hardware indices: block, thread and global ids.
// CHECK-LABEL: func.func @special
// CHECK-SAME: (%[[BUF:[a-z0-9_]+]]: memref<256xf32>) -> (index, index, index)
func.func @special(%buf: memref<256xf32>) -> (index, index, index) {
  // CHECK-NEXT: %[[N:[a-z0-9_]+]] = arith.constant 256 : index
  %c256 = arith.constant 256 : index
  // CHECK-NEXT: %[[G:[a-z0-9_]+]] = tiny.k.special "gidx0" bound %[[N]]{{$}}
  %g = tiny.k.special "gidx0" bound %c256
  // CHECK-NEXT: %[[L:[a-z0-9_]+]] = tiny.k.special "lidx1" bound %[[N]]{{$}}
  %l = tiny.k.special "lidx1" bound %c256
  // CHECK-NEXT: %[[X:[a-z0-9_]+]] = tiny.k.special "idx2" bound %[[N]]{{$}}
  %x = tiny.k.special "idx2" bound %c256
  // CHECK-NEXT: return %[[G]], %[[L]], %[[X]] : index, index, index
  return %g, %l, %x : index, index, index
}

// CHECK-LABEL: func.func @barrier
func.func @barrier(%buf: memref<4xf32, #tiny<addrspace local>>) {
  // CHECK-NEXT: tiny.k.barrier{{$}}
  // CHECK-NEXT: return
  tiny.k.barrier
  return
}

// A tensor-core multiply-accumulate: the result has c's type.
// CHECK-LABEL: func.func @wmma
// CHECK-SAME: (%[[BUF:[a-z0-9_]+]]: memref<4xf32>, %[[A:[a-z0-9_]+]]: vector<8xf16>, %[[B:[a-z0-9_]+]]: vector<8xf16>, %[[C:[a-z0-9_]+]]: vector<4xf32>) -> vector<4xf32>
func.func @wmma(%buf: memref<4xf32>, %a: vector<8xf16>, %b: vector<8xf16>, %c: vector<4xf32>) -> vector<4xf32> {
  // CHECK-NEXT: %[[D:[a-z0-9_]+]] = tiny.k.wmma %[[A]], %[[B]], %[[C]] dims [16, 8, 16] : vector<8xf16>, vector<8xf16>, vector<4xf32>{{$}}
  %d = tiny.k.wmma %a, %b, %c dims [16, 8, 16] : vector<8xf16>, vector<8xf16>, vector<4xf32>
  // CHECK-NEXT: return %[[D]] : vector<4xf32>
  return %d : vector<4xf32>
}

// Custom code with zero, one and two operands and zero and one results.
// CHECK-LABEL: func.func @custom
// CHECK-SAME: (%[[BUF:[a-z0-9_]+]]: memref<4xi32>, %[[X:[a-z0-9_]+]]: i32, %[[Y:[a-z0-9_]+]]: f32) -> (f32, i32, f32)
func.func @custom(%buf: memref<4xi32>, %x: i32, %y: f32) -> (f32, i32, f32) {
  // CHECK-NEXT: tiny.k.custom "__syncwarp()"() : () -> (){{$}}
  tiny.k.custom "__syncwarp()"() : () -> ()
  // CHECK-NEXT: %[[R0:[a-z0-9_]+]] = tiny.k.custom "rand()"() : () -> f32{{$}}
  %r0 = tiny.k.custom "rand()"() : () -> f32
  // CHECK-NEXT: tiny.k.custom "printf(\22%d\\n\22, {0})"(%[[X]]) : (i32) -> (){{$}}
  tiny.k.custom "printf(\"%d\\n\", {0})"(%x) : (i32) -> ()
  // CHECK-NEXT: %[[R1:[a-z0-9_]+]] = tiny.k.custom "__builtin_popcount({0})"(%[[X]]) : (i32) -> i32{{$}}
  %r1 = tiny.k.custom "__builtin_popcount({0})"(%x) : (i32) -> i32
  // CHECK-NEXT: tiny.k.custom "store({1}, {0})"(%[[X]], %[[Y]]) : (i32, f32) -> (){{$}}
  tiny.k.custom "store({1}, {0})"(%x, %y) : (i32, f32) -> ()
  // A placeholder may repeat.
  // CHECK-NEXT: %[[R2:[a-z0-9_]+]] = tiny.k.custom "({0} * {1} + {0})"(%[[Y]], %[[Y]]) : (f32, f32) -> f32{{$}}
  %r2 = tiny.k.custom "({0} * {1} + {0})"(%y, %y) : (f32, f32) -> f32
  // CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]] : f32, i32, f32
  return %r0, %r1, %r2 : f32, i32, f32
}
