// RUN: tiny-opt %s -split-input-file -tiny-reuse-reduce-values | FileCheck %s

// Softmax's kernel as -tiny-rangeify writes it: the max loop, the sum of
// exp2((x - max) * log2e), and the output loop computing the same exp2
// again. The sum loop stores each exp2 into the output element the output
// loop writes at that index, and the output loop loads it: exp2 once per
// element. The max loop computes no costly value and is left alone.

// CHECK-LABEL: func.func @softmax
// CHECK: tiny.k.range reduce %[[J0:.*]] < %{{.*}} iter_args
// CHECK-NOT: tiny.k.store
// CHECK: arith.maximumf
// CHECK: tiny.k.range reduce %[[J:.*]] < %{{.*}} iter_args
// CHECK: %[[E:.*]] = math.exp2
// CHECK: %[[ROW:.*]] = arith.muli %[[I:.*]], %c16
// CHECK: %[[AT:.*]] = arith.addi %[[J]], %[[ROW]]
// CHECK: %[[P:.*]] = tiny.k.index %[[Y:.*]][%[[AT]]]
// CHECK: tiny.k.store %[[P]], %[[E]]
// CHECK: tiny.k.end
// CHECK: %[[INV:.*]] = arith.divf
// CHECK: tiny.k.range loop %[[K:.*]] < %{{.*}} {
// CHECK-NOT: math.exp2
// CHECK: %[[ROW2:.*]] = arith.muli %[[I]], %c16
// CHECK: %[[AT2:.*]] = arith.addi %[[K]], %[[ROW2]]
// CHECK: %[[Q:.*]] = tiny.k.index %[[Y]][%[[AT2]]]
// CHECK: %[[V:.*]] = tiny.k.load %[[Q]]
// CHECK: %[[OUT:.*]] = arith.mulf %[[V]], %[[INV]]
// CHECK-NOT: math.exp2
// CHECK: tiny.k.store %{{.*}}, %[[OUT]]
func.func @softmax(%x: memref<64xf32>, %y: memref<64xf32>) {
  tiny.k.kernel "r_4_16" {
    %c16 = arith.constant 16 : index
    %c4 = arith.constant 4 : index
    %ninf = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %mone = arith.constant -1.0 : f32
    tiny.k.range thread %i < %c4 {
      %m = tiny.k.range reduce %j < %c16 iter_args(%a = %ninf) -> (f32) {
        %r = arith.muli %i, %c16 : index
        %at = arith.addi %j, %r : index
        %p = tiny.k.index %x[%at] : memref<64xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %n = arith.maximumf %a, %v : f32
        tiny.k.end %n : f32
      }
      %negm = arith.mulf %m, %mone : f32
      %s = tiny.k.range reduce %j < %c16 iter_args(%a = %zero) -> (f32) {
        %r = arith.muli %i, %c16 : index
        %at = arith.addi %j, %r : index
        %p = tiny.k.index %x[%at] : memref<64xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %d = arith.addf %v, %negm : f32
        %log2e = arith.constant 1.44269502 : f32
        %t = arith.mulf %d, %log2e : f32
        %e = math.exp2 %t : f32
        %n = arith.addf %a, %e fastmath<reassoc,contract> : f32
        tiny.k.end %n : f32
      }
      %inv = arith.divf %one, %s : f32
      tiny.k.range loop %j < %c16 {
        %r = arith.muli %i, %c16 : index
        %at = arith.addi %j, %r : index
        %p = tiny.k.index %x[%at] : memref<64xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %d = arith.addf %v, %negm : f32
        %log2e = arith.constant 1.44269502 : f32
        %t = arith.mulf %d, %log2e : f32
        %e = math.exp2 %t : f32
        %o = arith.mulf %e, %inv : f32
        %r2 = arith.muli %i, %c16 : index
        %at2 = arith.addi %j, %r2 : index
        %q = tiny.k.index %y[%at2] : memref<64xf32>
        tiny.k.store %q, %o : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

// The later loop runs over 8 indices, the reduce over 16: not the same
// elements, so nothing is kept.

// CHECK-LABEL: func.func @different_bounds
// CHECK: tiny.k.range reduce
// CHECK-NOT: tiny.k.store
// CHECK: tiny.k.end
// CHECK: tiny.k.range loop
// CHECK: math.exp2
// CHECK: tiny.k.store
func.func @different_bounds(%x: memref<16xf32>, %y: memref<8xf32>) {
  tiny.k.kernel "r_16" {
    %c16 = arith.constant 16 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0.0 : f32
    %s = tiny.k.range reduce %j < %c16 iter_args(%a = %zero) -> (f32) {
      %p = tiny.k.index %x[%j] : memref<16xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %e = math.exp2 %v : f32
      %n = arith.addf %a, %e : f32
      tiny.k.end %n : f32
    }
    tiny.k.range loop %j < %c8 {
      %p = tiny.k.index %x[%j] : memref<16xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %e = math.exp2 %v : f32
      %o = arith.mulf %e, %s : f32
      %q = tiny.k.index %y[%j] : memref<8xf32>
      tiny.k.store %q, %o : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// The value reads x, which a loop between the two writes: the output loop's
// exp2 reads the new x, the reduce's the old one, so it is computed again.

// CHECK-LABEL: func.func @source_written
// CHECK: tiny.k.range reduce
// CHECK-NOT: tiny.k.store
// CHECK: tiny.k.end
// CHECK: tiny.k.range loop
// CHECK: tiny.k.store
// CHECK: tiny.k.range loop
// CHECK: math.exp2
func.func @source_written(%x: memref<16xf32>, %y: memref<16xf32>) {
  tiny.k.kernel "r_16" {
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %s = tiny.k.range reduce %j < %c16 iter_args(%a = %zero) -> (f32) {
      %p = tiny.k.index %x[%j] : memref<16xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %e = math.exp2 %v : f32
      %n = arith.addf %a, %e : f32
      tiny.k.end %n : f32
    }
    tiny.k.range loop %j < %c16 {
      %p = tiny.k.index %x[%j] : memref<16xf32>
      tiny.k.store %p, %s : !tiny.ptr<f32, global>
    }
    tiny.k.range loop %j < %c16 {
      %p = tiny.k.index %x[%j] : memref<16xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %e = math.exp2 %v : f32
      %o = arith.mulf %e, %s : f32
      %q = tiny.k.index %y[%j] : memref<16xf32>
      tiny.k.store %q, %o : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// Layernorm's kernel: the variance loop and the output loop both compute
// x - mean, a load and a subtraction, which cost about what a store and a
// reload would: computed again.

// CHECK-LABEL: func.func @cheap
// CHECK: tiny.k.range reduce
// CHECK-NOT: tiny.k.store
// CHECK: tiny.k.end
// CHECK: tiny.k.range loop
// CHECK: arith.subf
// CHECK: tiny.k.store
func.func @cheap(%x: memref<16xf32>, %y: memref<16xf32>, %mean: f32,
                 %r: f32) {
  tiny.k.kernel "r_16" {
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %s = tiny.k.range reduce %j < %c16 iter_args(%a = %zero) -> (f32) {
      %p = tiny.k.index %x[%j] : memref<16xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %d = arith.subf %v, %mean : f32
      %d2 = arith.mulf %d, %d : f32
      %n = arith.addf %a, %d2 : f32
      tiny.k.end %n : f32
    }
    tiny.k.range loop %j < %c16 {
      %p = tiny.k.index %x[%j] : memref<16xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %d = arith.subf %v, %mean : f32
      %o = arith.mulf %d, %s : f32
      %q = tiny.k.index %y[%j] : memref<16xf32>
      tiny.k.store %q, %o : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// The reduce's exp2 reads its own accumulator, the output loop's the
// reduce's result: different values, computed each where it is.

// CHECK-LABEL: func.func @own_result
// CHECK: tiny.k.range reduce
// CHECK-NOT: tiny.k.store
// CHECK: tiny.k.end
// CHECK: tiny.k.range loop
// CHECK: math.exp2
// CHECK: tiny.k.store
func.func @own_result(%x: memref<16xf32>, %y: memref<16xf32>) {
  tiny.k.kernel "r_16" {
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %s = tiny.k.range reduce %j < %c16 iter_args(%a = %zero) -> (f32) {
      %p = tiny.k.index %x[%j] : memref<16xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %t = arith.mulf %v, %a : f32
      %e = math.exp2 %t : f32
      %n = arith.addf %a, %e : f32
      tiny.k.end %n : f32
    }
    tiny.k.range loop %j < %c16 {
      %p = tiny.k.index %x[%j] : memref<16xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %t = arith.mulf %v, %s : f32
      %e = math.exp2 %t : f32
      %q = tiny.k.index %y[%j] : memref<16xf32>
      tiny.k.store %q, %e : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// The output is also read in the kernel (an in-place update y = f(y, x)):
// storing the exp2 there first would change what the later loop reads.

// CHECK-LABEL: func.func @output_read
// CHECK: tiny.k.range reduce
// CHECK-NOT: tiny.k.store
// CHECK: tiny.k.end
// CHECK: tiny.k.range loop
// CHECK: math.exp2
func.func @output_read(%x: memref<16xf32>, %y: memref<16xf32>) {
  tiny.k.kernel "r_16" {
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %s = tiny.k.range reduce %j < %c16 iter_args(%a = %zero) -> (f32) {
      %p = tiny.k.index %x[%j] : memref<16xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %e = math.exp2 %v : f32
      %n = arith.addf %a, %e : f32
      tiny.k.end %n : f32
    }
    tiny.k.range loop %j < %c16 {
      %p = tiny.k.index %x[%j] : memref<16xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %e = math.exp2 %v : f32
      %q = tiny.k.index %y[%j] : memref<16xf32>
      %w = tiny.k.load %q : !tiny.ptr<f32, global>
      %o = arith.mulf %e, %w : f32
      tiny.k.store %q, %o : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// The output loop writes each element only where a gate holds: the exp2
// stored first would stay in the others.

// CHECK-LABEL: func.func @gated_store
// CHECK: tiny.k.range reduce
// CHECK-NOT: tiny.k.store
// CHECK: tiny.k.end
// CHECK: tiny.k.range loop
// CHECK: math.exp2
func.func @gated_store(%x: memref<16xf32>, %y: memref<16xf32>, %g: i1) {
  tiny.k.kernel "r_16" {
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %s = tiny.k.range reduce %j < %c16 iter_args(%a = %zero) -> (f32) {
      %p = tiny.k.index %x[%j] : memref<16xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %e = math.exp2 %v : f32
      %n = arith.addf %a, %e : f32
      tiny.k.end %n : f32
    }
    tiny.k.range loop %j < %c16 {
      %p = tiny.k.index %x[%j] : memref<16xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %e = math.exp2 %v : f32
      %q = tiny.k.index %y[%j] : memref<16xf32>
      tiny.k.store %q, %e if %g : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// Each index of the output loop writes the same element (the index does not
// depend on it): a later index would overwrite the value an earlier one
// has yet to read.

// CHECK-LABEL: func.func @same_element
// CHECK: tiny.k.range reduce
// CHECK-NOT: tiny.k.store
// CHECK: tiny.k.end
// CHECK: tiny.k.range loop
// CHECK: math.exp2
func.func @same_element(%x: memref<16xf32>, %y: memref<1xf32>) {
  tiny.k.kernel "r_16" {
    %c16 = arith.constant 16 : index
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %s = tiny.k.range reduce %j < %c16 iter_args(%a = %zero) -> (f32) {
      %p = tiny.k.index %x[%j] : memref<16xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %e = math.exp2 %v : f32
      %n = arith.addf %a, %e : f32
      tiny.k.end %n : f32
    }
    tiny.k.range loop %j < %c16 {
      %p = tiny.k.index %x[%j] : memref<16xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %e = math.exp2 %v : f32
      %q = tiny.k.index %y[%c0] : memref<1xf32>
      tiny.k.store %q, %e : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// A division is costly too (layernorm's x / sqrt(var) written per element);
// the kept value is the division, not its operand.

// CHECK-LABEL: func.func @division
// CHECK: tiny.k.range reduce %[[J:.*]] < %{{.*}} iter_args
// CHECK: %[[D:.*]] = arith.divf
// CHECK: tiny.k.store %{{.*}}, %[[D]]
// CHECK: tiny.k.end
// CHECK: tiny.k.range loop
// CHECK-NOT: arith.divf
// CHECK: %[[V:.*]] = tiny.k.load
// CHECK: arith.addf %[[V]]
func.func @division(%x: memref<16xf32>, %y: memref<16xf32>, %c: f32) {
  tiny.k.kernel "r_16" {
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %s = tiny.k.range reduce %j < %c16 iter_args(%a = %zero) -> (f32) {
      %p = tiny.k.index %x[%j] : memref<16xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %d = arith.divf %v, %c : f32
      %n = arith.addf %a, %d : f32
      tiny.k.end %n : f32
    }
    tiny.k.range loop %j < %c16 {
      %p = tiny.k.index %x[%j] : memref<16xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %d = arith.divf %v, %c : f32
      %o = arith.addf %d, %s : f32
      %q = tiny.k.index %y[%j] : memref<16xf32>
      tiny.k.store %q, %o : !tiny.ptr<f32, global>
    }
  }
  return
}
