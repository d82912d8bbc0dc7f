// tiny-run takes MLIR's pass-manager options, applied to every pass manager
// of the JIT, and --help lists its own options first and LLVM's only under
// --help-hidden.
//
// RUN: tiny-run %s -i 1,2,3 --mlir-print-ir-after=tiny-rangeify 2>&1 | FileCheck %s --check-prefix=AFTER
// AFTER: IR Dump After TinyRangeify (tiny-rangeify)
// AFTER: tiny.k.kernel
// AFTER: [2, 4, 6] : tensor<3xf32>
//
// RUN: tiny-run %s -i 1,2,3 --mlir-timing 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: Execution time report
// TIMING: TinyRangeify
// TIMING: Execution time report
// TIMING: ConvertFuncToLLVMPass
//
// RUN: tiny-run --help | FileCheck %s --check-prefix=HELP
// HELP: General tiny-run options:
// HELP: --entry
// HELP: --print-full
// HELP: --print-lowered
// HELP: Generic Options:
// HELP: MLIR options
// HELP: --mlir-print-ir-after-all
// HELP-NOT: --print-after-all
//
// RUN: tiny-run --help-hidden | FileCheck %s --check-prefix=HIDDEN
// HIDDEN: --print-after-all

#cpu = #tiny.device<"CPU">

tiny.function @double -> tensor<3xf32, #cpu> {
  %x = tiny.param 0 : f32 size 3 on "CPU"
  %y = tiny.add %x, %x : tensor<3xf32, #cpu>
  tiny.return %y : tensor<3xf32, #cpu>
}
