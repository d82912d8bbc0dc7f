// RUN: tiny-opt %s -split-input-file -verify-diagnostics -convert-tiny-to-gpu -tiny-gpu-insert-barriers

// A failure of the conversion is reported twice: why the pattern cannot
// lower the op (or, for a kernel, an op in it), as that op's error, then the
// conversion's failure, which names the op it could not legalize.

func.func @carries(%o: memref<4xf32>) {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.0 : f32
    // expected-error @+1 {{carries values, which a GLOBAL or LOCAL range cannot: its iterations run in parallel}}
    %s = tiny.k.range global %i < %c4 iter_args(%acc = %zero) -> (f32) {
      tiny.k.end %acc : f32
    }
  }
  return
}

// -----

func.func @dynamic_bound(%o: memref<4xf32>, %n: index) {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    %zero = arith.constant 0.0 : f32
    // expected-error @+1 {{needs a constant positive bound to become a grid dimension}}
    tiny.k.range local %i < %n {
      %p = tiny.k.index %o[%i] : memref<4xf32>
      tiny.k.store %p, %zero : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

func.func @empty_grid_range(%o: memref<4xf32>) {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    // expected-error @+1 {{needs a constant positive bound to become a grid dimension}}
    tiny.k.range global %i < %c0 {
      %p = tiny.k.index %o[%i] : memref<4xf32>
      tiny.k.store %p, %zero : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

func.func @empty_global_id(%o: memref<4xindex>) {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{needs a constant positive bound to size the launch}}
    %i = tiny.k.special "idx0" bound %c0
    %p = tiny.k.index %o[%i] : memref<4xindex>
    tiny.k.store %p, %i : !tiny.ptr<index, global>
  }
  return
}

// -----

func.func @in_loop(%o: memref<16xf32>) {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range loop %i < %c4 {
      // expected-error @+1 {{must be nested in GLOBAL and LOCAL ranges only to become a grid dimension}}
      tiny.k.range global %j < %c4 {
        %p = tiny.k.index %o[%j] : memref<16xf32>
        tiny.k.store %p, %zero : !tiny.ptr<f32, global>
      }
    }
  }
  return
}

// -----

func.func @four_deep(%o: memref<16xf32>) {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    %c2 = arith.constant 2 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range local %a < %c2 {
      tiny.k.range local %b < %c2 {
        tiny.k.range local %c < %c2 {
          // expected-error @+1 {{is the fourth nested LOCAL range; a grid has three dimensions}}
          tiny.k.range local %d < %c2 {
            %p = tiny.k.index %o[%d] : memref<16xf32>
            tiny.k.store %p, %zero : !tiny.ptr<f32, global>
          }
        }
      }
    }
  }
  return
}

// -----

func.func @special_dynamic(%o: memref<4xindex>, %n: index) {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    // expected-error @+1 {{needs a constant positive bound to size the launch}}
    %g = tiny.k.special "gidx0" bound %n
    %p = tiny.k.index %o[%g] : memref<4xindex>
    tiny.k.store %p, %g : !tiny.ptr<index, global>
  }
  return
}

// -----

func.func @special_shorter(%o: memref<16xindex>) {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    // expected-error @+1 {{has bound 8 but the launch has 16 ids along its dimension (for a longer range or id of the kernel)}}
    %l = tiny.k.special "lidx0" bound %c8
    tiny.k.range local %i < %c16 {
      %p = tiny.k.index %o[%i] : memref<16xindex>
      tiny.k.store %p, %l : !tiny.ptr<index, global>
    }
  }
  return
}

// -----

func.func @global_ids_disagree(%o: memref<16xindex>) {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %a = tiny.k.special "idx0" bound %c8
    // expected-error @+1 {{has bound 16 but another global id along dimension 0 has bound 8}}
    %b = tiny.k.special "idx0" bound %c16
    %p = tiny.k.index %o[%a] : memref<16xindex>
    tiny.k.store %p, %b : !tiny.ptr<index, global>
  }
  return
}

// -----

func.func @global_and_block_id(%o: memref<16xindex>) {
  // expected-error @+2 {{uses a global id along dimension 0, which block or thread ids also use}}
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    %c8 = arith.constant 8 : index
    %a = tiny.k.special "idx0" bound %c8
    %b = tiny.k.special "gidx0" bound %c8
    %s = arith.addi %a, %b : index
    %p = tiny.k.index %o[%a] : memref<16xindex>
    tiny.k.store %p, %s : !tiny.ptr<index, global>
  }
  return
}

// -----

func.func @group_with_threads(%a: memref<64xf32>, %o: memref<4xf32>) {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range local %i < %c4 {
      // expected-error @+1 {{needs the threads of a block, which LOCAL ranges or thread ids of the kernel already use}}
      %s = tiny.k.range group_reduce %r < %c16 iter_args(%acc = %zero) -> (f32) {
        %p = tiny.k.index %a[%r] : memref<64xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %n = arith.addf %acc, %v : f32
        tiny.k.end %n : f32
      }
      %q = tiny.k.index %o[%i] : memref<4xf32>
      tiny.k.store %q, %s : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// A GROUP_REDUCE's bound is the number of threads that share it, the
// steps of the tree that combines their parts halve it.
func.func @group_not_power_of_two(%a: memref<50xf32>, %o: memref<1xf32>) {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    %c0 = arith.constant 0 : index
    %c50 = arith.constant 50 : index
    %zero = arith.constant 0.0 : f32
    // expected-error @+1 {{needs a constant power-of-two bound: the threads that share it}}
    %s = tiny.k.range group_reduce %r < %c50 iter_args(%acc = %zero) -> (f32) {
      %p = tiny.k.index %a[%r] : memref<50xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %n = arith.addf %acc, %v : f32
      tiny.k.end %n : f32
    }
    %q = tiny.k.index %o[%c0] : memref<1xf32>
    tiny.k.store %q, %s : !tiny.ptr<f32, global>
  }
  return
}

// -----

// Two GROUP_REDUCEs of one kernel run on the same threads of the block.
func.func @group_sizes_differ(%a: memref<64xf32>, %o: memref<2xf32>) {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %s = tiny.k.range group_reduce %r < %c64 iter_args(%acc = %zero) -> (f32) {
      %p = tiny.k.index %a[%r] : memref<64xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %n = arith.addf %acc, %v : f32
      tiny.k.end %n : f32
    }
    // expected-error @+1 {{shares 32 threads, but another GROUP_REDUCE of the kernel 64; the block's threads share all alike}}
    %t = tiny.k.range group_reduce %r < %c32 iter_args(%acc = %zero) -> (f32) {
      %p = tiny.k.index %a[%r] : memref<64xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %n = arith.maximumf %acc, %v : f32
      tiny.k.end %n : f32
    }
    %q = tiny.k.index %o[%c0] : memref<2xf32>
    tiny.k.store %q, %s : !tiny.ptr<f32, global>
    %q1 = tiny.k.index %o[%c1] : memref<2xf32>
    tiny.k.store %q1, %t : !tiny.ptr<f32, global>
  }
  return
}

// -----

func.func @no_combiner(%a: memref<64xf32>, %o: memref<1xf32>) {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    // expected-error @+1 {{carried value 0 is not folded by one associative, commutative arith op (add, mul, max, min, and, or, xor), which a GROUP_REDUCE needs to combine the threads' parts}}
    %s = tiny.k.range group_reduce %r < %c64 iter_args(%acc = %zero) -> (f32) {
      %p = tiny.k.index %a[%r] : memref<64xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %n = arith.subf %acc, %v : f32
      tiny.k.end %n : f32
    }
    %q = tiny.k.index %o[%c0] : memref<1xf32>
    tiny.k.store %q, %s : !tiny.ptr<f32, global>
  }
  return
}

// -----

func.func @mixed_combiners(%a: memref<64xf32>, %o: memref<1xf32>) {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    // expected-error @+1 {{carried value 0 is not folded by one associative, commutative arith op}}
    %s = tiny.k.range group_reduce %r < %c64 iter_args(%acc = %zero) -> (f32) {
      %p = tiny.k.index %a[%r] : memref<64xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      %m = arith.addf %acc, %v : f32
      %n = arith.maximumf %m, %v : f32
      tiny.k.end %n : f32
    }
    %q = tiny.k.index %o[%c0] : memref<1xf32>
    tiny.k.store %q, %s : !tiny.ptr<f32, global>
  }
  return
}

// -----

func.func @carries_nothing(%a: memref<64xf32>) {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    %c64 = arith.constant 64 : index
    // expected-error @+1 {{carries nothing to reduce}}
    tiny.k.range group_reduce %r < %c64 {
      %p = tiny.k.index %a[%r] : memref<64xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

func.func @group_stores(%a: memref<64xf32>, %o: memref<1xf32>) {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %s = tiny.k.range group_reduce %r < %c64 iter_args(%acc = %zero) -> (f32) {
      %p = tiny.k.index %a[%r] : memref<64xf32>
      %v = tiny.k.load %p : !tiny.ptr<f32, global>
      // expected-error @+1 {{in a GROUP_REDUCE would run in any order on the block's threads; a GROUP_REDUCE body may only read}}
      tiny.k.store %p, %zero : !tiny.ptr<f32, global>
      %n = arith.addf %acc, %v : f32
      tiny.k.end %n : f32
    }
    %q = tiny.k.index %o[%c0] : memref<1xf32>
    tiny.k.store %q, %s : !tiny.ptr<f32, global>
  }
  return
}

// -----

func.func @nested_groups(%a: memref<64xf32>, %o: memref<1xf32>) {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0.0 : f32
    %s = tiny.k.range group_reduce %r < %c8 iter_args(%acc = %zero) -> (f32) {
      // expected-error @+1 {{is nested in a GROUP_REDUCE}}
      %t = tiny.k.range group_reduce %u < %c8 iter_args(%acc2 = %acc) -> (f32) {
        %b = arith.muli %r, %c8 : index
        %k = arith.addi %b, %u : index
        %p = tiny.k.index %a[%k] : memref<64xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %n = arith.addf %acc2, %v : f32
        tiny.k.end %n : f32
      }
      tiny.k.end %t : f32
    }
    %q = tiny.k.index %o[%c0] : memref<1xf32>
    tiny.k.store %q, %s : !tiny.ptr<f32, global>
  }
  return
}

// -----

func.func @group_under_branch(%a: memref<64xf32>, %o: memref<1xf32>, %c: i1) {
  tiny.k.kernel "k" {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    scf.if %c {
      // expected-error @+1 {{is under a branch or a loop that some threads of the block may skip, and would hang it}}
      %s = tiny.k.range group_reduce %r < %c64 iter_args(%acc = %zero) -> (f32) {
        %p = tiny.k.index %a[%r] : memref<64xf32>
        %v = tiny.k.load %p : !tiny.ptr<f32, global>
        %n = arith.addf %acc, %v : f32
        tiny.k.end %n : f32
      }
      %q = tiny.k.index %o[%c0] : memref<1xf32>
      tiny.k.store %q, %s : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

// The schedule -tiny-gpu-schedule gives 1000 elements: the last block's
// guard skips threads.
func.func @barrier_under_guard(%a: memref<1000xf32>) {
  tiny.k.kernel "k" {
    %c4 = arith.constant 4 : index
    %c256 = arith.constant 256 : index
    %c1000 = arith.constant 1000 : index
    tiny.k.range global %b < %c4 {
      tiny.k.range local %t < %c256 {
        %m = arith.muli %b, %c256 : index
        %i = arith.addi %m, %t : index
        %ok = arith.cmpi ult, %i, %c1000 : index
        scf.if %ok {
          %p = tiny.k.index %a[%i] : memref<1000xf32>
          %v = tiny.k.load %p : !tiny.ptr<f32, global>
          // expected-error @+1 {{is under a branch or a loop that some threads of the block may skip, and would hang it}}
          tiny.k.barrier
          tiny.k.store %p, %v : !tiny.ptr<f32, global>
        }
      }
    }
  }
  return
}

// -----

// expected-error @+1 {{a LOCAL buffer must come from memref.alloc or memref.alloca to become workgroup memory}}
func.func @local_argument(%buf: memref<16xf32, #tiny<addrspace local>>) {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range local %i < %c16 {
      %p = tiny.k.index %buf[%i] : memref<16xf32, #tiny<addrspace local>>
      tiny.k.store %p, %zero : !tiny.ptr<f32, local>
    }
  }
  return
}

// -----

func.func @local_in_two_kernels() {
  %buf = memref.alloc() : memref<16xf32, #tiny<addrspace local>>
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    tiny.k.range local %i < %c16 {
      %p = tiny.k.index %buf[%i] : memref<16xf32, #tiny<addrspace local>>
      tiny.k.store %p, %zero : !tiny.ptr<f32, local>
    }
  }
  tiny.k.kernel "k2" {
    tiny.k.range local %i < %c16 {
      // expected-error @+1 {{uses a LOCAL buffer outside the kernel that addresses it; workgroup memory lives only as long as one kernel}}
      %p = tiny.k.index %buf[%i] : memref<16xf32, #tiny<addrspace local>>
      %v = tiny.k.load %p : !tiny.ptr<f32, local>
    }
  }
  return
}

// -----

func.func @local_memref_access() {
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "k" {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %buf = memref.alloc() : memref<16xf32, #tiny<addrspace local>>
    tiny.k.range global %g < %c1 {
      %p = tiny.k.index %buf[%c0] : memref<16xf32, #tiny<addrspace local>>
      %v = tiny.k.load %p : !tiny.ptr<f32, local>
      // expected-error @+1 {{uses a LOCAL buffer, which only tiny.k.index may address}}
      memref.store %v, %buf[%c0] : memref<16xf32, #tiny<addrspace local>>
    }
  }
  return
}

// -----

func.func @local_pointer_escapes() {
  tiny.k.kernel "k" {
    %c16 = arith.constant 16 : index
    %buf = memref.alloc() : memref<16xf32, #tiny<addrspace local>>
    tiny.k.range local %i < %c16 {
      // expected-error @+2 {{'tiny.k.index' op pointer is used by an op other than a tiny.k.load, tiny.k.store or tiny.k.atomic_add}}
      // expected-error @+1 {{failed to legalize operation 'tiny.k.index' that was explicitly marked illegal}}
      %p = tiny.k.index %buf[%i] : memref<16xf32, #tiny<addrspace local>>
      tiny.k.custom "use({0})"(%p) : (!tiny.ptr<f32, local>) -> ()
    }
  }
  return
}

// -----

func.func @raw_under_guard(%o: memref<16xf32>) {
  tiny.k.kernel "k" {
    %c15 = arith.constant 15 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0.0 : f32
    %buf = memref.alloc() : memref<16xf32, #tiny<addrspace local>>
    tiny.k.range local %i < %c32 {
      %p = tiny.k.index %o[%i] : memref<16xf32>
      tiny.k.store %p, %zero : !tiny.ptr<f32, global>
    }
    tiny.k.range local %i < %c16 {
      %p = tiny.k.index %buf[%i] : memref<16xf32, #tiny<addrspace local>>
      tiny.k.store %p, %zero : !tiny.ptr<f32, local>
      %j = arith.subi %c15, %i : index
      %q = tiny.k.index %buf[%j] : memref<16xf32, #tiny<addrspace local>>
      // expected-error @+1 {{reads workgroup memory other threads may have written, under a branch some threads of the block skip, where no barrier can go}}
      %v = tiny.k.load %q : !tiny.ptr<f32, local>
      %r = tiny.k.index %o[%i] : memref<16xf32>
      tiny.k.store %r, %v : !tiny.ptr<f32, global>
    }
  }
  return
}

// -----

func.func @special_outside_kernel() -> index {
  %c4 = arith.constant 4 : index
  // expected-error @+2 {{'tiny.k.special' op is outside a tiny.k.kernel, so no launch gives it an id}}
  // expected-error @+1 {{failed to legalize operation 'tiny.k.special' that was explicitly marked illegal}}
  %g = tiny.k.special "gidx0" bound %c4
  return %g : index
}

// -----

func.func @barrier_outside_kernel() {
  // expected-error @+2 {{'tiny.k.barrier' op is outside a tiny.k.kernel, so it has no threads to wait for}}
  // expected-error @+1 {{failed to legalize operation 'tiny.k.barrier' that was explicitly marked illegal}}
  tiny.k.barrier
  return
}

// -----

// A kernel whose ranges carry no GPU schedule is refused, not launched on
// one thread: -tiny-gpu-schedule chooses its blocks and threads.
func.func @no_schedule(%o: memref<4xf32>) {
  // expected-error @+2 {{carries no GPU schedule (no GLOBAL, LOCAL or GROUP_REDUCE range, no special id); -tiny-gpu-schedule chooses one}}
  // expected-error @+1 {{failed to legalize operation 'tiny.k.kernel' that was explicitly marked illegal}}
  tiny.k.kernel "E_4" {
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.0 : f32
    tiny.k.range loop %i < %c4 {
      %p = tiny.k.index %o[%i] : memref<4xf32>
      tiny.k.store %p, %zero : !tiny.ptr<f32, global>
    }
  }
  return
}
