// RUN: tiny-opt %s -split-input-file -tiny-x86-dot-bf16 | FileCheck %s

// Two steps of an accumulation of bf16 products widened to f32: one
// vdpbf16ps. Each operand's pairs interleave the second step's element (even,
// added last) with the first's (odd, added first), so the lane sums in the
// FMAs' order. The second step's product may be either operand of its add.
// Where both adds may reassociate, the first step's element is the even one
// (@vectors_reassoc).

// CHECK-LABEL: func.func @vectors
// CHECK-SAME:    (%[[ACC:.*]]: vector<16xf32>, %[[A0:.*]]: vector<16xbf16>, %[[B0:.*]]: vector<16xbf16>, %[[A1:.*]]: vector<16xbf16>, %[[B1:.*]]: vector<16xbf16>)
// CHECK-NEXT:    %[[PA:.*]] = vector.shuffle %[[A1]], %[[A0]] [0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31]
// CHECK-NEXT:    %[[PB:.*]] = vector.shuffle %[[B1]], %[[B0]] [0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31]
// CHECK-NEXT:    %[[D:.*]] = x86vector.avx512.dot %[[ACC]], %[[PA]], %[[PB]] : vector<32xbf16> -> vector<16xf32>
// CHECK-NEXT:    return %[[D]]
func.func @vectors(%acc: vector<16xf32>, %a0: vector<16xbf16>, %b0: vector<16xbf16>,
                   %a1: vector<16xbf16>, %b1: vector<16xbf16>) -> vector<16xf32> {
  %wa0 = arith.extf %a0 : vector<16xbf16> to vector<16xf32>
  %wb0 = arith.extf %b0 : vector<16xbf16> to vector<16xf32>
  %m0 = arith.mulf %wa0, %wb0 fastmath<contract> : vector<16xf32>
  %s0 = arith.addf %acc, %m0 fastmath<contract> : vector<16xf32>
  %wa1 = arith.extf %a1 : vector<16xbf16> to vector<16xf32>
  %wb1 = arith.extf %b1 : vector<16xbf16> to vector<16xf32>
  %m1 = arith.mulf %wa1, %wb1 fastmath<contract> : vector<16xf32>
  %s1 = arith.addf %m1, %s0 fastmath<contract> : vector<16xf32>
  return %s1 : vector<16xf32>
}

// CHECK-LABEL: func.func @vectors_reassoc
// CHECK-SAME:    (%[[ACC:.*]]: vector<16xf32>, %[[A0:.*]]: vector<16xbf16>, %[[B0:.*]]: vector<16xbf16>, %[[A1:.*]]: vector<16xbf16>, %[[B1:.*]]: vector<16xbf16>)
// CHECK-NEXT:    %[[PA:.*]] = vector.shuffle %[[A0]], %[[A1]] [0, 16, 1, 17,
// CHECK-NEXT:    %[[PB:.*]] = vector.shuffle %[[B0]], %[[B1]] [0, 16, 1, 17,
// CHECK-NEXT:    %[[D:.*]] = x86vector.avx512.dot %[[ACC]], %[[PA]], %[[PB]] : vector<32xbf16> -> vector<16xf32>
// CHECK-NEXT:    return %[[D]]
func.func @vectors_reassoc(%acc: vector<16xf32>, %a0: vector<16xbf16>, %b0: vector<16xbf16>,
                           %a1: vector<16xbf16>, %b1: vector<16xbf16>) -> vector<16xf32> {
  %wa0 = arith.extf %a0 : vector<16xbf16> to vector<16xf32>
  %wb0 = arith.extf %b0 : vector<16xbf16> to vector<16xf32>
  %m0 = arith.mulf %wa0, %wb0 fastmath<contract> : vector<16xf32>
  %s0 = arith.addf %acc, %m0 fastmath<reassoc,contract> : vector<16xf32>
  %wa1 = arith.extf %a1 : vector<16xbf16> to vector<16xf32>
  %wb1 = arith.extf %b1 : vector<16xbf16> to vector<16xf32>
  %m1 = arith.mulf %wa1, %wb1 fastmath<contract> : vector<16xf32>
  %s1 = arith.addf %m1, %s0 fastmath<reassoc,contract> : vector<16xf32>
  return %s1 : vector<16xf32>
}

// Only one of the adds may reassociate: the order is kept.
// CHECK-LABEL: func.func @one_reassoc
// CHECK-SAME:    (%[[ACC:.*]]: vector<16xf32>, %[[A0:.*]]: vector<16xbf16>, %[[B0:.*]]: vector<16xbf16>, %[[A1:.*]]: vector<16xbf16>, %[[B1:.*]]: vector<16xbf16>)
// CHECK-NEXT:    vector.shuffle %[[A1]], %[[A0]]
func.func @one_reassoc(%acc: vector<16xf32>, %a0: vector<16xbf16>, %b0: vector<16xbf16>,
                       %a1: vector<16xbf16>, %b1: vector<16xbf16>) -> vector<16xf32> {
  %wa0 = arith.extf %a0 : vector<16xbf16> to vector<16xf32>
  %wb0 = arith.extf %b0 : vector<16xbf16> to vector<16xf32>
  %m0 = arith.mulf %wa0, %wb0 : vector<16xf32>
  %s0 = arith.addf %acc, %m0 fastmath<reassoc> : vector<16xf32>
  %wa1 = arith.extf %a1 : vector<16xbf16> to vector<16xf32>
  %wb1 = arith.extf %b1 : vector<16xbf16> to vector<16xf32>
  %m1 = arith.mulf %wa1, %wb1 : vector<16xf32>
  %s1 = arith.addf %m1, %s0 : vector<16xf32>
  return %s1 : vector<16xf32>
}

// -----

// 32 lanes: a dot per 16, each on its lanes of the accumulator and the
// operands. 8 lanes: the 256-bit form.

// CHECK-LABEL: func.func @two_registers
// CHECK-SAME:    (%[[ACC:.*]]: vector<32xf32>, %[[A0:.*]]: vector<32xbf16>, %[[B0:.*]]: vector<32xbf16>, %[[A1:.*]]: vector<32xbf16>, %[[B1:.*]]: vector<32xbf16>)
// CHECK-NEXT:    %[[LO:.*]] = vector.extract_strided_slice %[[ACC]] {offsets = [0], sizes = [16], strides = [1]}
// CHECK-NEXT:    %[[PA0:.*]] = vector.shuffle %[[A1]], %[[A0]] [0, 32, 1, 33, 2, 34, {{.*}}, 15, 47]
// CHECK-NEXT:    %[[PB0:.*]] = vector.shuffle %[[B1]], %[[B0]] [0, 32, 1, 33, 2, 34, {{.*}}, 15, 47]
// CHECK-NEXT:    %[[D0:.*]] = x86vector.avx512.dot %[[LO]], %[[PA0]], %[[PB0]] : vector<32xbf16> -> vector<16xf32>
// CHECK-NEXT:    %[[R0:.*]] = vector.insert_strided_slice %[[D0]], %[[ACC]] {offsets = [0], strides = [1]}
// CHECK-NEXT:    %[[HI:.*]] = vector.extract_strided_slice %[[ACC]] {offsets = [16], sizes = [16], strides = [1]}
// CHECK-NEXT:    %[[PA1:.*]] = vector.shuffle %[[A1]], %[[A0]] [16, 48, 17, 49, {{.*}}, 31, 63]
// CHECK-NEXT:    %[[PB1:.*]] = vector.shuffle %[[B1]], %[[B0]] [16, 48, 17, 49, {{.*}}, 31, 63]
// CHECK-NEXT:    %[[D1:.*]] = x86vector.avx512.dot %[[HI]], %[[PA1]], %[[PB1]] : vector<32xbf16> -> vector<16xf32>
// CHECK-NEXT:    %[[R1:.*]] = vector.insert_strided_slice %[[D1]], %[[R0]] {offsets = [16], strides = [1]}
// CHECK-NEXT:    return %[[R1]]
func.func @two_registers(%acc: vector<32xf32>, %a0: vector<32xbf16>, %b0: vector<32xbf16>,
                         %a1: vector<32xbf16>, %b1: vector<32xbf16>) -> vector<32xf32> {
  %wa0 = arith.extf %a0 : vector<32xbf16> to vector<32xf32>
  %wb0 = arith.extf %b0 : vector<32xbf16> to vector<32xf32>
  %m0 = arith.mulf %wa0, %wb0 : vector<32xf32>
  %s0 = arith.addf %acc, %m0 : vector<32xf32>
  %wa1 = arith.extf %a1 : vector<32xbf16> to vector<32xf32>
  %wb1 = arith.extf %b1 : vector<32xbf16> to vector<32xf32>
  %m1 = arith.mulf %wa1, %wb1 : vector<32xf32>
  %s1 = arith.addf %s0, %m1 : vector<32xf32>
  return %s1 : vector<32xf32>
}

// CHECK-LABEL: func.func @eight_lanes
// CHECK:         x86vector.avx512.dot %{{.*}}, %{{.*}}, %{{.*}} : vector<16xbf16> -> vector<8xf32>
// CHECK-NOT:     arith.mulf
func.func @eight_lanes(%acc: vector<8xf32>, %a0: vector<8xbf16>, %b0: vector<8xbf16>,
                       %a1: vector<8xbf16>, %b1: vector<8xbf16>) -> vector<8xf32> {
  %wa0 = arith.extf %a0 : vector<8xbf16> to vector<8xf32>
  %wb0 = arith.extf %b0 : vector<8xbf16> to vector<8xf32>
  %m0 = arith.mulf %wa0, %wb0 : vector<8xf32>
  %s0 = arith.addf %acc, %m0 : vector<8xf32>
  %wa1 = arith.extf %a1 : vector<8xbf16> to vector<8xf32>
  %wb1 = arith.extf %b1 : vector<8xbf16> to vector<8xf32>
  %m1 = arith.mulf %wa1, %wb1 : vector<8xf32>
  %s1 = arith.addf %s0, %m1 : vector<8xf32>
  return %s1 : vector<8xf32>
}

// -----

// A bf16 the same for every lane, widened as registerTile widens it (its
// bits in both halves of each 32-bit lane, shifted left by 16), pairs with
// the next step's as one 32-bit word, the first step's bits in its upper
// half, broadcast. A widened vector the other operand is.

// CHECK-LABEL: func.func @uniform_scalars
// CHECK-SAME:    (%[[ACC:.*]]: vector<16xf32>, %[[X0:.*]]: bf16, %[[B0:.*]]: vector<16xbf16>, %[[X1:.*]]: bf16, %[[B1:.*]]: vector<16xbf16>)
// CHECK-NEXT:    %[[I0:.*]] = arith.bitcast %[[X0]] : bf16 to i16
// CHECK-NEXT:    %[[I1:.*]] = arith.bitcast %[[X1]] : bf16 to i16
// CHECK-NEXT:    %[[L:.*]] = arith.extui %[[I1]] : i16 to i32
// CHECK-NEXT:    %[[H:.*]] = arith.extui %[[I0]] : i16 to i32
// CHECK-NEXT:    %[[C:.*]] = arith.constant 16 : i32
// CHECK-NEXT:    %[[S:.*]] = arith.shli %[[H]], %[[C]] : i32
// CHECK-NEXT:    %[[W:.*]] = arith.ori %[[S]], %[[L]] : i32
// CHECK-NEXT:    %[[WS:.*]] = vector.broadcast %[[W]] : i32 to vector<16xi32>
// CHECK-NEXT:    %[[PA:.*]] = vector.bitcast %[[WS]] : vector<16xi32> to vector<32xbf16>
// CHECK-NEXT:    %[[PB:.*]] = vector.shuffle %[[B1]], %[[B0]]
// CHECK-NEXT:    %[[D:.*]] = x86vector.avx512.dot %[[ACC]], %[[PA]], %[[PB]]
// CHECK-NOT:     arith.shli %{{.*}} : vector
// CHECK:         return %[[D]]
func.func @uniform_scalars(%acc: vector<16xf32>, %x0: bf16, %b0: vector<16xbf16>,
                           %x1: bf16, %b1: vector<16xbf16>) -> vector<16xf32> {
  %c16 = arith.constant dense<16> : vector<16xi32>
  %i0 = arith.bitcast %x0 : bf16 to i16
  %h0 = vector.broadcast %i0 : i16 to vector<32xi16>
  %v0 = vector.bitcast %h0 : vector<32xi16> to vector<16xi32>
  %t0 = arith.shli %v0, %c16 : vector<16xi32>
  %wa0 = arith.bitcast %t0 : vector<16xi32> to vector<16xf32>
  %wb0 = arith.extf %b0 : vector<16xbf16> to vector<16xf32>
  %m0 = arith.mulf %wa0, %wb0 : vector<16xf32>
  %s0 = arith.addf %acc, %m0 : vector<16xf32>
  %i1 = arith.bitcast %x1 : bf16 to i16
  %h1 = vector.broadcast %i1 : i16 to vector<32xi16>
  %v1 = vector.bitcast %h1 : vector<32xi16> to vector<16xi32>
  %t1 = arith.shli %v1, %c16 : vector<16xi32>
  %wa1 = arith.bitcast %t1 : vector<16xi32> to vector<16xf32>
  %wb1 = arith.extf %b1 : vector<16xbf16> to vector<16xf32>
  %m1 = arith.mulf %wa1, %wb1 : vector<16xf32>
  %s1 = arith.addf %s0, %m1 : vector<16xf32>
  return %s1 : vector<16xf32>
}

// A uniform bf16 in one step and a vector in the other: the scalar is
// broadcast as bf16 and interleaved like a vector.

// CHECK-LABEL: func.func @uniform_and_vector
// CHECK-SAME:    (%[[ACC:.*]]: vector<16xf32>, %[[X0:.*]]: bf16, %[[B0:.*]]: vector<16xbf16>, %[[A1:.*]]: vector<16xbf16>, %[[B1:.*]]: vector<16xbf16>)
// CHECK:         %[[I0:.*]] = arith.bitcast %[[X0]] : bf16 to i16
// CHECK:         %[[F0:.*]] = arith.bitcast %[[I0]] : i16 to bf16
// CHECK-NEXT:    %[[V0:.*]] = vector.broadcast %[[F0]] : bf16 to vector<16xbf16>
// CHECK-NEXT:    %[[PA:.*]] = vector.shuffle %[[A1]], %[[V0]]
// CHECK-NEXT:    %[[PB:.*]] = vector.shuffle %[[B1]], %[[B0]]
// CHECK-NEXT:    x86vector.avx512.dot %[[ACC]], %[[PA]], %[[PB]]
func.func @uniform_and_vector(%acc: vector<16xf32>, %x0: bf16, %b0: vector<16xbf16>,
                              %a1: vector<16xbf16>, %b1: vector<16xbf16>) -> vector<16xf32> {
  %c16 = arith.constant dense<16> : vector<16xi32>
  %i0 = arith.bitcast %x0 : bf16 to i16
  %h0 = vector.broadcast %i0 : i16 to vector<32xi16>
  %v0 = vector.bitcast %h0 : vector<32xi16> to vector<16xi32>
  %t0 = arith.shli %v0, %c16 : vector<16xi32>
  %wa0 = arith.bitcast %t0 : vector<16xi32> to vector<16xf32>
  %wb0 = arith.extf %b0 : vector<16xbf16> to vector<16xf32>
  %m0 = arith.mulf %wa0, %wb0 : vector<16xf32>
  %s0 = arith.addf %acc, %m0 : vector<16xf32>
  %wa1 = arith.extf %a1 : vector<16xbf16> to vector<16xf32>
  %wb1 = arith.extf %b1 : vector<16xbf16> to vector<16xf32>
  %m1 = arith.mulf %wa1, %wb1 : vector<16xf32>
  %s1 = arith.addf %s0, %m1 : vector<16xf32>
  return %s1 : vector<16xf32>
}

// -----

// Uniform elements loaded from consecutive addresses of one buffer (a row
// of A, k and k + 1): one 32-bit load of both, broadcast, its halves
// swapped so that the first step's element is the upper one. The scalar
// loads, read by nothing else, go. With a store between the two loads, the
// pair is built from the loaded scalars.

// CHECK-LABEL: func.func @adjacent_loads
// CHECK-SAME:    (%[[ACC:.*]]: vector<16xf32>, %[[A:.*]]: memref<64xbf16>, %[[B0:.*]]: vector<16xbf16>, %[[B1:.*]]: vector<16xbf16>, %[[K:.*]]: index)
// CHECK-NOT:     tiny.k.load
// CHECK:         %[[E:.*]] = vector.load %[[A]][%[[K]]] : memref<64xbf16>, vector<2xbf16>
// CHECK-NEXT:    %[[EW:.*]] = vector.bitcast %[[E]] : vector<2xbf16> to vector<1xi32>
// CHECK-NEXT:    %[[W:.*]] = vector.extract %[[EW]][0] : i32 from vector<1xi32>
// CHECK-NEXT:    %[[WS:.*]] = vector.broadcast %[[W]] : i32 to vector<16xi32>
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<16> : vector<16xi32>
// CHECK-NEXT:    %[[UP:.*]] = arith.shli %[[WS]], %[[C]] : vector<16xi32>
// CHECK-NEXT:    %[[DOWN:.*]] = arith.shrui %[[WS]], %[[C]] : vector<16xi32>
// CHECK-NEXT:    %[[SW:.*]] = arith.ori %[[UP]], %[[DOWN]] : vector<16xi32>
// CHECK-NEXT:    %[[PA:.*]] = vector.bitcast %[[SW]] : vector<16xi32> to vector<32xbf16>
// CHECK-NEXT:    %[[PB:.*]] = vector.shuffle %[[B1]], %[[B0]]
// CHECK-NEXT:    x86vector.avx512.dot %[[ACC]], %[[PA]], %[[PB]]
func.func @adjacent_loads(%acc: vector<16xf32>, %a: memref<64xbf16>, %b0: vector<16xbf16>,
                          %b1: vector<16xbf16>, %k: index) -> vector<16xf32> {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant dense<16> : vector<16xi32>
  %p0 = tiny.k.index %a[%k] : memref<64xbf16>
  %x0 = tiny.k.load %p0 : !tiny.ptr<bf16, global>
  %k1 = arith.addi %k, %c1 : index
  %p1 = tiny.k.index %a[%k1] : memref<64xbf16>
  %x1 = tiny.k.load %p1 : !tiny.ptr<bf16, global>
  %i0 = arith.bitcast %x0 : bf16 to i16
  %h0 = vector.broadcast %i0 : i16 to vector<32xi16>
  %v0 = vector.bitcast %h0 : vector<32xi16> to vector<16xi32>
  %t0 = arith.shli %v0, %c16 : vector<16xi32>
  %wa0 = arith.bitcast %t0 : vector<16xi32> to vector<16xf32>
  %wb0 = arith.extf %b0 : vector<16xbf16> to vector<16xf32>
  %m0 = arith.mulf %wa0, %wb0 : vector<16xf32>
  %s0 = arith.addf %acc, %m0 : vector<16xf32>
  %i1 = arith.bitcast %x1 : bf16 to i16
  %h1 = vector.broadcast %i1 : i16 to vector<32xi16>
  %v1 = vector.bitcast %h1 : vector<32xi16> to vector<16xi32>
  %t1 = arith.shli %v1, %c16 : vector<16xi32>
  %wa1 = arith.bitcast %t1 : vector<16xi32> to vector<16xf32>
  %wb1 = arith.extf %b1 : vector<16xbf16> to vector<16xf32>
  %m1 = arith.mulf %wa1, %wb1 : vector<16xf32>
  %s1 = arith.addf %s0, %m1 : vector<16xf32>
  return %s1 : vector<16xf32>
}

// Adds that may reassociate put the first step's element in the lower half,
// where it lies in memory: the word is broadcast as loaded.
// CHECK-LABEL: func.func @adjacent_loads_reassoc
// CHECK-SAME:    (%[[ACC:.*]]: vector<16xf32>, %[[A:.*]]: memref<64xbf16>, %[[B0:.*]]: vector<16xbf16>, %[[B1:.*]]: vector<16xbf16>, %[[K:.*]]: index)
// CHECK:         %[[E:.*]] = vector.load %[[A]][%[[K]]] : memref<64xbf16>, vector<2xbf16>
// CHECK-NEXT:    %[[EW:.*]] = vector.bitcast %[[E]] : vector<2xbf16> to vector<1xi32>
// CHECK-NEXT:    %[[W:.*]] = vector.extract %[[EW]][0] : i32 from vector<1xi32>
// CHECK-NEXT:    %[[WS:.*]] = vector.broadcast %[[W]] : i32 to vector<16xi32>
// CHECK-NEXT:    %[[PA:.*]] = vector.bitcast %[[WS]] : vector<16xi32> to vector<32xbf16>
// CHECK-NEXT:    %[[PB:.*]] = vector.shuffle %[[B0]], %[[B1]]
// CHECK-NEXT:    x86vector.avx512.dot %[[ACC]], %[[PA]], %[[PB]]
func.func @adjacent_loads_reassoc(%acc: vector<16xf32>, %a: memref<64xbf16>, %b0: vector<16xbf16>,
                                  %b1: vector<16xbf16>, %k: index) -> vector<16xf32> {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant dense<16> : vector<16xi32>
  %p0 = tiny.k.index %a[%k] : memref<64xbf16>
  %x0 = tiny.k.load %p0 : !tiny.ptr<bf16, global>
  %k1 = arith.addi %k, %c1 : index
  %p1 = tiny.k.index %a[%k1] : memref<64xbf16>
  %x1 = tiny.k.load %p1 : !tiny.ptr<bf16, global>
  %i0 = arith.bitcast %x0 : bf16 to i16
  %h0 = vector.broadcast %i0 : i16 to vector<32xi16>
  %v0 = vector.bitcast %h0 : vector<32xi16> to vector<16xi32>
  %t0 = arith.shli %v0, %c16 : vector<16xi32>
  %wa0 = arith.bitcast %t0 : vector<16xi32> to vector<16xf32>
  %wb0 = arith.extf %b0 : vector<16xbf16> to vector<16xf32>
  %m0 = arith.mulf %wa0, %wb0 : vector<16xf32>
  %s0 = arith.addf %acc, %m0 fastmath<reassoc> : vector<16xf32>
  %i1 = arith.bitcast %x1 : bf16 to i16
  %h1 = vector.broadcast %i1 : i16 to vector<32xi16>
  %v1 = vector.bitcast %h1 : vector<32xi16> to vector<16xi32>
  %t1 = arith.shli %v1, %c16 : vector<16xi32>
  %wa1 = arith.bitcast %t1 : vector<16xi32> to vector<16xf32>
  %wb1 = arith.extf %b1 : vector<16xbf16> to vector<16xf32>
  %m1 = arith.mulf %wa1, %wb1 : vector<16xf32>
  %s1 = arith.addf %s0, %m1 fastmath<reassoc> : vector<16xf32>
  return %s1 : vector<16xf32>
}

// CHECK-LABEL: func.func @store_between_loads
// CHECK-NOT:     vector.load
// CHECK:         arith.extui
// CHECK:         x86vector.avx512.dot
func.func @store_between_loads(%acc: vector<16xf32>, %a: memref<64xbf16>, %b0: vector<16xbf16>,
                               %b1: vector<16xbf16>, %k: index, %y: bf16) -> vector<16xf32> {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant dense<16> : vector<16xi32>
  %p0 = tiny.k.index %a[%k] : memref<64xbf16>
  %x0 = tiny.k.load %p0 : !tiny.ptr<bf16, global>
  %k1 = arith.addi %k, %c1 : index
  %p1 = tiny.k.index %a[%k1] : memref<64xbf16>
  tiny.k.store %p0, %y : !tiny.ptr<bf16, global>
  %x1 = tiny.k.load %p1 : !tiny.ptr<bf16, global>
  %i0 = arith.bitcast %x0 : bf16 to i16
  %h0 = vector.broadcast %i0 : i16 to vector<32xi16>
  %v0 = vector.bitcast %h0 : vector<32xi16> to vector<16xi32>
  %t0 = arith.shli %v0, %c16 : vector<16xi32>
  %wa0 = arith.bitcast %t0 : vector<16xi32> to vector<16xf32>
  %wb0 = arith.extf %b0 : vector<16xbf16> to vector<16xf32>
  %m0 = arith.mulf %wa0, %wb0 : vector<16xf32>
  %s0 = arith.addf %acc, %m0 : vector<16xf32>
  %i1 = arith.bitcast %x1 : bf16 to i16
  %h1 = vector.broadcast %i1 : i16 to vector<32xi16>
  %v1 = vector.bitcast %h1 : vector<32xi16> to vector<16xi32>
  %t1 = arith.shli %v1, %c16 : vector<16xi32>
  %wa1 = arith.bitcast %t1 : vector<16xi32> to vector<16xf32>
  %wb1 = arith.extf %b1 : vector<16xbf16> to vector<16xf32>
  %m1 = arith.mulf %wa1, %wb1 : vector<16xf32>
  %s1 = arith.addf %s0, %m1 : vector<16xf32>
  return %s1 : vector<16xf32>
}

// -----

// A chain of three steps: the first two pair, the third stays.

// CHECK-LABEL: func.func @three_steps
// CHECK:         %[[D:.*]] = x86vector.avx512.dot
// CHECK-NOT:     x86vector.avx512.dot
// CHECK:         %[[M:.*]] = arith.mulf
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[D]], %[[M]]
// CHECK-NEXT:    return %[[S]]
func.func @three_steps(%acc: vector<16xf32>, %a: vector<16xbf16>, %b: vector<16xbf16>) -> vector<16xf32> {
  %wa = arith.extf %a : vector<16xbf16> to vector<16xf32>
  %wb = arith.extf %b : vector<16xbf16> to vector<16xf32>
  %m0 = arith.mulf %wa, %wb : vector<16xf32>
  %s0 = arith.addf %acc, %m0 : vector<16xf32>
  %m1 = arith.mulf %wb, %wa : vector<16xf32>
  %s1 = arith.addf %s0, %m1 : vector<16xf32>
  %m2 = arith.mulf %wa, %wa : vector<16xf32>
  %s2 = arith.addf %s1, %m2 : vector<16xf32>
  return %s2 : vector<16xf32>
}

// -----

// Left as they are: f16 products (no such instruction here), a product of
// bf16 and f32 (not exact in a bf16 pair), a first step whose sum is read
// elsewhere too, and lanes no vdpbf16ps covers.

// CHECK-LABEL: func.func @f16
// CHECK-NOT:     x86vector
func.func @f16(%acc: vector<16xf32>, %a: vector<16xf16>, %b: vector<16xf16>) -> vector<16xf32> {
  %wa = arith.extf %a : vector<16xf16> to vector<16xf32>
  %wb = arith.extf %b : vector<16xf16> to vector<16xf32>
  %m0 = arith.mulf %wa, %wb : vector<16xf32>
  %s0 = arith.addf %acc, %m0 : vector<16xf32>
  %m1 = arith.mulf %wb, %wa : vector<16xf32>
  %s1 = arith.addf %s0, %m1 : vector<16xf32>
  return %s1 : vector<16xf32>
}

// CHECK-LABEL: func.func @bf16_times_f32
// CHECK-NOT:     x86vector
func.func @bf16_times_f32(%acc: vector<16xf32>, %a: vector<16xbf16>, %f: vector<16xf32>) -> vector<16xf32> {
  %wa = arith.extf %a : vector<16xbf16> to vector<16xf32>
  %m0 = arith.mulf %wa, %f : vector<16xf32>
  %s0 = arith.addf %acc, %m0 : vector<16xf32>
  %m1 = arith.mulf %f, %wa : vector<16xf32>
  %s1 = arith.addf %s0, %m1 : vector<16xf32>
  return %s1 : vector<16xf32>
}

// CHECK-LABEL: func.func @partial_sum_read
// CHECK-NOT:     x86vector
func.func @partial_sum_read(%acc: vector<16xf32>, %a: vector<16xbf16>, %b: vector<16xbf16>) -> (vector<16xf32>, vector<16xf32>) {
  %wa = arith.extf %a : vector<16xbf16> to vector<16xf32>
  %wb = arith.extf %b : vector<16xbf16> to vector<16xf32>
  %m0 = arith.mulf %wa, %wb : vector<16xf32>
  %s0 = arith.addf %acc, %m0 : vector<16xf32>
  %m1 = arith.mulf %wb, %wa : vector<16xf32>
  %s1 = arith.addf %s0, %m1 : vector<16xf32>
  return %s0, %s1 : vector<16xf32>, vector<16xf32>
}

// CHECK-LABEL: func.func @six_lanes
// CHECK-NOT:     x86vector
func.func @six_lanes(%acc: vector<6xf32>, %a: vector<6xbf16>, %b: vector<6xbf16>) -> vector<6xf32> {
  %wa = arith.extf %a : vector<6xbf16> to vector<6xf32>
  %wb = arith.extf %b : vector<6xbf16> to vector<6xf32>
  %m0 = arith.mulf %wa, %wb : vector<6xf32>
  %s0 = arith.addf %acc, %m0 : vector<6xf32>
  %m1 = arith.mulf %wb, %wa : vector<6xf32>
  %s1 = arith.addf %s0, %m1 : vector<6xf32>
  return %s1 : vector<6xf32>
}
