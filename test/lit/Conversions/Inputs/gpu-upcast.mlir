// A kernel-level matrix-vector product y = W x, W 1024 x 64, each thread
// computing 4 consecutive rows: a GLOBAL range over 256 threads around an
// UPCAST range of 4 rows, each reduced over the 64 columns. The element of
// x a column reads is the same for the 4 rows.
func.func @matvec_upcast(%w: memref<65536xf32>, %x: memref<64xf32>, %y: memref<1024xf32>) {
  tiny.k.kernel "r_256_4_64" {
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range global %i < %c256 {
      tiny.k.range upcast %u < %c4 {
        %b = arith.muli %i, %c4 : index
        %row = arith.addi %b, %u : index
        %s = tiny.k.range reduce %k < %c64 iter_args(%acc = %zero) -> (f32) {
          %r = arith.muli %row, %c64 : index
          %wi = arith.addi %r, %k : index
          %pw = tiny.k.index %w[%wi] : memref<65536xf32>
          %vw = tiny.k.load %pw : !tiny.ptr<f32, global>
          %px = tiny.k.index %x[%k] : memref<64xf32>
          %vx = tiny.k.load %px : !tiny.ptr<f32, global>
          %m = arith.mulf %vw, %vx : f32
          %n = arith.addf %acc, %m : f32
          tiny.k.end %n : f32
        }
        %py = tiny.k.index %y[%row] : memref<1024xf32>
        tiny.k.store %py, %s : !tiny.ptr<f32, global>
      }
    }
  }
  return
}
