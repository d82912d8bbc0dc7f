//===- SelectEntry.cpp - keep the entry and its callees (-tiny-select-entry) -===//

#include "dialects/tiny/IR/TinyOps.h"
#include "passes/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYSELECTENTRY
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

struct TinySelectEntry : tiny::impl::TinySelectEntryBase<TinySelectEntry> {
  using TinySelectEntryBase::TinySelectEntryBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto entryFunction = module.lookupSymbol<FunctionOp>(entry);
    if (entry.empty() || !entryFunction) {
      module.emitError("-tiny-select-entry: no tiny.function named '")
          << entry << "'";
      return signalPassFailure();
    }
    llvm::StringSet<> reached;
    reached.insert(entry);
    SmallVector<FunctionOp> worklist{entryFunction};
    while (!worklist.empty()) {
      FunctionOp function = worklist.pop_back_val();
      function.walk([&](CallOp call) {
        if (!reached.insert(call.getCallee()).second)
          return;
        if (auto callee = module.lookupSymbol<FunctionOp>(call.getCallee()))
          worklist.push_back(callee);
      });
    }
    for (FunctionOp function :
         llvm::make_early_inc_range(module.getOps<FunctionOp>())) {
      if (!reached.contains(function.getSymName()))
        function.erase();
      else if (function != entryFunction)
        SymbolTable::setSymbolVisibility(function,
                                         SymbolTable::Visibility::Private);
    }
  }
};

} // namespace
