// What -tiny-rocdl-module-to-binary says when a piece of the ROCm toolchain
// is missing: one error naming it and how to install it, at the op that
// needs it, without the kernel module printed after it (MLIR's
// -gpu-module-to-binary said "lld invocation failed" or "amdgcn/bitcode
// does not exist", then printed the whole module). Needs neither piece.

// RUN: not tiny-opt %s -split-input-file -tiny-rocdl-module-to-binary=rocm-path=%t.none -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIBS --implicit-check-not=error: --implicit-check-not="see current operation"
// RUN: not tiny-opt %s -split-input-file -tiny-rocdl-module-to-binary=lld=%t.missing-ld.lld -o /dev/null 2>&1 | FileCheck %s --check-prefix=LLD --implicit-check-not=error: --implicit-check-not="see current operation"
// RUN: not tiny-opt %s -split-input-file -tiny-rocdl-module-to-binary=format=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORMAT
// The pipeline users run says the same, once, at the tensor op.
// RUN: not tiny-opt %S/../Inputs/gpu-device-library.mlir "-tiny-to-rocdl=toolkit=%t.none" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE --implicit-check-not=error: --implicit-check-not="see current operation" --implicit-check-not=llvm.

// LIBS: tiny-rocdl-module-to-binary-errors.mlir:[[# @LINE + 5]]:5: error: kernel module @exp2 calls __ocml_exp2_f32 of the ROCm device libraries, which are not in {{.*}}.none (amdgcn/bitcode/ocml.bc): install Debian's rocm-device-libs or set ROCM_PATH to a ROCm installation
// LLD: tiny-rocdl-module-to-binary-errors.mlir:[[# @LINE + 2]]:1: error: cannot link HIP kernels: ld.lld '{{.*}}.missing-ld.lld' does not exist
// FORMAT: error: format is isa or bin, not 'ptx'
module attributes {gpu.container_module} {
  gpu.module @exp2 [#rocdl.target<chip = "gfx942">] {
    llvm.func @__ocml_exp2_f32(f32) -> f32
    llvm.func @kernel(%p: !llvm.ptr<1>) attributes {gpu.kernel, rocdl.kernel} {
      %x = llvm.load %p : !llvm.ptr<1> -> f32
      %e = llvm.call @__ocml_exp2_f32(%x) : (f32) -> f32
      llvm.store %e, %p : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}

// -----

// A kernel module of another target is not this pass's to compile, which
// it says before looking for the ROCm pieces.
// LIBS: tiny-rocdl-module-to-binary-errors.mlir:[[# @LINE + 4]]:3: error: kernel module @nvvm has the target #nvvm.target, which -tiny-rocdl-module-to-binary does not compile
// LLD: tiny-rocdl-module-to-binary-errors.mlir:[[# @LINE + 3]]:3: error: kernel module @nvvm has the target #nvvm.target, which -tiny-rocdl-module-to-binary does not compile
// FORMAT: error: format is isa or bin, not 'ptx'
module attributes {gpu.container_module} {
  gpu.module @nvvm [#nvvm.target] {
    llvm.func @kernel() attributes {gpu.kernel} {
      llvm.return
    }
  }
}

// -----

// LIBS: tiny-rocdl-module-to-binary-errors.mlir:[[# @LINE + 4]]:3: error: kernel module @untargeted has no target to compile for
// LLD: tiny-rocdl-module-to-binary-errors.mlir:[[# @LINE + 3]]:3: error: kernel module @untargeted has no target to compile for
// FORMAT: error: format is isa or bin, not 'ptx'
module attributes {gpu.container_module} {
  gpu.module @untargeted {
    llvm.func @kernel() attributes {gpu.kernel} {
      llvm.return
    }
  }
}

// PIPELINE: gpu-device-library.mlir:8:8: error: kernel module @E_1000 calls __ocml_exp2_f32 of the ROCm device libraries, which are not in {{.*}}.none (amdgcn/bitcode/ocml.bc): install Debian's rocm-device-libs or set ROCM_PATH to a ROCm installation
