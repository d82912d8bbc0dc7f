// A kernel-level program with a barrier between two phases.
func.func @phases(%a: memref<256xf32>, %o: memref<256xf32>) {
  %c256 = arith.constant 256 : index
  tiny.k.kernel "E_256" {
    tiny.k.range loop %i < %c256 {
      %p = tiny.k.index %a[%i] : memref<256xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      tiny.k.barrier
      %q = tiny.k.index %o[%i] : memref<256xf32>
      tiny.k.store %q, %v : !tiny.ptr<f32, global>
    }
  }
  return
}
