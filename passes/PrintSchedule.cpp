//===- PrintSchedule.cpp - print the kernels of each function --------------===//

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "passes/Passes.h"

#include "llvm/Support/raw_ostream.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYPRINTSCHEDULE
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {
struct TinyPrintSchedulePass
    : public tiny::impl::TinyPrintScheduleBase<TinyPrintSchedulePass> {
  using Base::Base;

  void runOnOperation() override {
    llvm::raw_ostream &os = toStderr ? llvm::errs() : llvm::outs();
    getOperation().walk([&](func::FuncOp func) {
      SmallVector<StringRef> names;
      func.walk([&](k::KernelOp kernel) { names.push_back(kernel.getName()); });
      os << "schedule @" << func.getSymName() << ": " << names.size()
         << (names.size() == 1 ? " kernel" : " kernels");
      if (!names.empty())
        os << ": " << llvm::join(names, " ");
      os << "\n";
    });
    markAllAnalysesPreserved();
  }
};
} // namespace
