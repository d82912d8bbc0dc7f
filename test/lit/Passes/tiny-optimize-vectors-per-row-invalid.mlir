// RUN: tiny-opt %s -split-input-file -verify-diagnostics -tiny-optimize="vector-bits=128 vector-registers=8 vectors-per-row=4" -o /dev/null

// A vectors-per-row whose tiles are wider than the nest's columns is an
// error: 4 vectors of 4 f32 lanes (128 bits) are 16 columns, the kernel of
// tiny-optimize-vectors-per-row.mlir has 15.

func.func @tiles(%a: memref<6xf32>, %b: memref<45xf32>, %out: memref<30xf32>) {
  tiny.k.kernel "r_2_15_1" {
    %c3 = arith.constant 3 : index
    %c15 = arith.constant 15 : index
    // expected-error @below {{vectors-per-row=4: 4 vectors of 4 lanes do not fit the 15 columns of this reduction}}
    tiny.k.range reduce %k < %c3 {
      tiny.k.range loop %j < %c15 {
        %p0 = tiny.k.index %out[%j] : memref<30xf32>
        %acc0 = tiny.k.load %p0 : !tiny.ptr<f32, global>
        %pa0 = tiny.k.index %a[%k] : memref<6xf32>
        %a0 = tiny.k.load %pa0 : !tiny.ptr<f32, global>
        %kb = arith.muli %k, %c15 : index
        %ib = arith.addi %kb, %j : index
        %pb = tiny.k.index %b[%ib] : memref<45xf32>
        %bv = tiny.k.load %pb : !tiny.ptr<f32, global>
        %m0 = arith.mulf %a0, %bv fastmath<contract> : f32
        %s0 = arith.addf %acc0, %m0 fastmath<reassoc,contract> : f32
        tiny.k.store %p0, %s0 : !tiny.ptr<f32, global>
        %io1 = arith.addi %j, %c15 : index
        %p1 = tiny.k.index %out[%io1] : memref<30xf32>
        %acc1 = tiny.k.load %p1 : !tiny.ptr<f32, global>
        %ia1 = arith.addi %k, %c3 : index
        %pa1 = tiny.k.index %a[%ia1] : memref<6xf32>
        %a1 = tiny.k.load %pa1 : !tiny.ptr<f32, global>
        %m1 = arith.mulf %a1, %bv fastmath<contract> : f32
        %s1 = arith.addf %acc1, %m1 fastmath<reassoc,contract> : f32
        tiny.k.store %p1, %s1 : !tiny.ptr<f32, global>
      }
    }
  }
  return
}
