//===- MLIROptions.h - MLIR's command-line options in tiny's tools -*- C++ -*-===//
//
// tiny-run and tiny-compile take MLIR's own options as mlir-opt has them:
// IR printing around passes (--mlir-print-ir-after-all,
// --mlir-print-ir-tree-dir), --mlir-timing, crash reproducers, threading
// and printer flags; and list their own options first in --help, MLIR's
// next, LLVM's several hundred (code generation, Polly...) under
// --help-hidden only.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_TOOLS_COMMON_MLIROPTIONS_H
#define TINY_TOOLS_COMMON_MLIROPTIONS_H

#include "mlir/Support/LLVM.h"
#include "llvm/Support/CommandLine.h"

namespace mlir {
class PassManager;
namespace tiny {

/// Registers MLIR's options, and the passes --mlir-print-ir-after=NAME and
/// its kin name, before the command line is parsed; then sorts --help: the
/// options of `own` first, MLIR's in a category of their own, LLVM's
/// hidden.
void registerMLIROptions(llvm::cl::OptionCategory &own);

/// True when the command line sets one of MLIR's options (--mlir-*).
bool hasMLIROptions();

/// Applies MLIR's options to `pm` (CompileOptions::configurePassManager).
LogicalResult applyMLIROptions(PassManager &pm);

} // namespace tiny
} // namespace mlir

#endif // TINY_TOOLS_COMMON_MLIROPTIONS_H
