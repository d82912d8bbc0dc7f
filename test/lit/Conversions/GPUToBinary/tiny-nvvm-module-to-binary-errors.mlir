// What -tiny-nvvm-module-to-binary refuses: a format it does not make, and
// a kernel module of another target.

// RUN: not tiny-opt %s -split-input-file -tiny-nvvm-module-to-binary=format=ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not tiny-opt %s -split-input-file -tiny-nvvm-module-to-binary -o /dev/null 2>&1 | FileCheck %s --check-prefix=TARGET

// FORMAT: error: format is isa or bin, not 'ptx'
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target] {
    llvm.func @kernel(%p: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

// TARGET: tiny-nvvm-module-to-binary-errors.mlir:[[# @LINE + 2]]:3: error: kernel module @other has the target #rocdl.target<chip = "gfx942">, which -tiny-nvvm-module-to-binary does not compile
module attributes {gpu.container_module} {
  gpu.module @other [#rocdl.target<chip = "gfx942">] {
    llvm.func @kernel(%p: !llvm.ptr<1>) attributes {gpu.kernel, rocdl.kernel} {
      llvm.return
    }
  }
}
