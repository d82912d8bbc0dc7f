//===- MLIROptions.cpp - MLIR's command-line options in tiny's tools ------===//

#include "tools/common/MLIROptions.h"

#include "conversions/Passes.h"
#include "passes/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::tiny::registerMLIROptions(llvm::cl::OptionCategory &own) {
  registerTinyPasses();
  registerTinyConversionPasses();
  registerTransformsPasses();
  registerConversionPasses();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  registerMLIRContextCLOptions();
  registerAsmPrinterCLOptions();
  // Sorted before LLVM's "Generic Options" (help, version).
  static llvm::cl::OptionCategory mlirCategory(
      "MLIR options (pass manager, IR printing, timing)");
  for (auto &entry : llvm::cl::getRegisteredOptions()) {
    llvm::cl::Option *option = entry.second;
    if (llvm::is_contained(option->Categories, &own) ||
        llvm::any_of(option->Categories, [](llvm::cl::OptionCategory *c) {
          return c->getName() == "Generic Options";
        }))
      continue;
    if (entry.first.starts_with("mlir-")) {
      option->Categories.assign({&mlirCategory});
      continue;
    }
    if (option->getOptionHiddenFlag() == llvm::cl::NotHidden)
      option->setHiddenFlag(llvm::cl::Hidden);
  }
}

bool mlir::tiny::hasMLIROptions() {
  return llvm::any_of(llvm::cl::getRegisteredOptions(), [](const auto &entry) {
    return entry.first.starts_with("mlir-") &&
           entry.second->getNumOccurrences() > 0;
  });
}

LogicalResult mlir::tiny::applyMLIROptions(PassManager &pm) {
  applyDefaultTimingPassManagerCLOptions(pm);
  return applyPassManagerCLOptions(pm);
}
