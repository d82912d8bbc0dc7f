// A kernel-level tiled matmul, 64x64 in 16x16 tiles: GLOBAL ranges over
// the tiles of C, LOCAL ranges over a tile, LOCAL buffers for the tiles of
// A and B that each step loads.
func.func @tiled_matmul(%a: memref<4096xf32>, %b: memref<4096xf32>, %c: memref<4096xf32>) {
  tiny.k.kernel "r_64_64" {
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %as = memref.alloc() : memref<16x16xf32, #tiny<addrspace local>>
    %bs = memref.alloc() : memref<16x16xf32, #tiny<addrspace local>>
    tiny.k.range global %bi < %c4 {
      tiny.k.range global %bj < %c4 {
        tiny.k.range local %ti < %c16 {
          tiny.k.range local %tj < %c16 {
            %r0 = arith.muli %bi, %c16 : index
            %row = arith.addi %r0, %ti : index
            %c0 = arith.muli %bj, %c16 : index
            %col = arith.addi %c0, %tj : index
            %acc = tiny.k.range reduce %t < %c4 iter_args(%s = %zero) -> (f32) {
              %t16 = arith.muli %t, %c16 : index
              %ak = arith.addi %t16, %tj : index
              %ar = arith.muli %row, %c64 : index
              %ai = arith.addi %ar, %ak : index
              %pa = tiny.k.index %a[%ai] : memref<4096xf32>
              %va = tiny.k.load %pa : !tiny.ptr<f32, global>
              %pas = tiny.k.index %as[%ti, %tj] : memref<16x16xf32, #tiny<addrspace local>>
              tiny.k.store %pas, %va : !tiny.ptr<f32, local>
              %bk = arith.addi %t16, %ti : index
              %br = arith.muli %bk, %c64 : index
              %bidx = arith.addi %br, %col : index
              %pb = tiny.k.index %b[%bidx] : memref<4096xf32>
              %vb = tiny.k.load %pb : !tiny.ptr<f32, global>
              %pbs = tiny.k.index %bs[%ti, %tj] : memref<16x16xf32, #tiny<addrspace local>>
              tiny.k.store %pbs, %vb : !tiny.ptr<f32, local>
              %sum = tiny.k.range reduce %k < %c16 iter_args(%s2 = %s) -> (f32) {
                %qa = tiny.k.index %as[%ti, %k] : memref<16x16xf32, #tiny<addrspace local>>
                %x = tiny.k.load %qa : !tiny.ptr<f32, local>
                %qb = tiny.k.index %bs[%k, %tj] : memref<16x16xf32, #tiny<addrspace local>>
                %y = tiny.k.load %qb : !tiny.ptr<f32, local>
                %m = arith.mulf %x, %y fastmath<contract> : f32
                %n = arith.addf %s2, %m fastmath<reassoc,contract> : f32
                tiny.k.end %n : f32
              }
              tiny.k.end %sum : f32
            }
            %cr = arith.muli %row, %c64 : index
            %ci = arith.addi %cr, %col : index
            %pc = tiny.k.index %c[%ci] : memref<4096xf32>
            tiny.k.store %pc, %acc : !tiny.ptr<f32, global>
          }
        }
      }
    }
  }
  return
}
