//===- PassSnapshots.cpp - the IR after each pass of a pipeline -----------===//

#include "tools/tiny-viz/PassSnapshots.h"

#include "dialects/tiny/IR/TinyKernelOps.h"

#include "mlir/IR/Operation.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tiny;

namespace {

Operation *getRoot(Operation *op) {
  while (Operation *parent = op->getParentOp())
    op = parent;
  return op;
}

std::string printOp(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  // Large constants would bury the page.
  op->print(os, OpPrintingFlags().elideLargeElementsAttrs(16));
  return text;
}

} // namespace

void PassSnapshots::recordInput(Operation *module) {
  record.steps.push_back({"input", "", printOp(module), false});
}

void PassSnapshots::runAfterPass(Pass *pass, Operation *op) {
  addStep(pass, op, /*failed=*/false);
}

void PassSnapshots::runAfterPassFailed(Pass *pass, Operation *op) {
  addStep(pass, op, /*failed=*/true);
}

void PassSnapshots::addStep(Pass *pass, Operation *op, bool failed) {
  // Pass managers that only nest others show nothing of their own.
  if (pass->getArgument().empty() && pass->getName().contains("Adaptor"))
    return;
  Operation *root = getRoot(op);
  PassSnapshot step;
  step.pass = pass->getArgument().empty() ? pass->getName().str()
                                          : pass->getArgument().str();
  if (op != root) {
    step.anchor = op->getName().getStringRef().str();
    if (auto name = op->getAttrOfType<StringAttr>("sym_name"))
      step.anchor += " @" + name.getValue().str();
  }
  step.ir = printOp(root);
  step.failed = failed;
  record.steps.push_back(std::move(step));

  std::vector<KernelSnapshot> kernels;
  root->walk([&](k::KernelOp kernel) {
    kernels.push_back({kernel.getName().str(),
                       kernel.getDevice() ? kernel.getDevice()->str() : "",
                       printOp(kernel)});
  });
  if (!kernels.empty())
    record.kernels = std::move(kernels);
}
