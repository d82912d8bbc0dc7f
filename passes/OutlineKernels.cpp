//===- OutlineKernels.cpp - each CPU kernel a function of its own ---------===//
//
// The CPU lowering turns a kernel into loops in place; left in its host
// function, every kernel of a program would be one anonymous stretch of
// that function's code. Outlined, each is a function named after the kernel,
// which profilers, debuggers and the assembly show, and which the profiling
// calls of -tiny-profile-kernels can time one call at a time.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyKernelOps.h"
#include "dialects/tiny/Utils/KernelDevice.h"
#include "dialects/tiny/Utils/KernelWork.h"
#include "passes/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYOUTLINEKERNELS
#include "passes/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;
using namespace mlir::tiny;

namespace {

struct TinyOutlineKernelsPass
    : public tiny::impl::TinyOutlineKernelsBase<TinyOutlineKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<k::KernelOp> kernels;
    module.walk([&](k::KernelOp kernel) {
      auto host = kernel->getParentOfType<func::FuncOp>();
      if (host && !host->hasAttr("tiny.kernel") && !isGpuKernel(kernel))
        kernels.push_back(kernel);
    });
    SymbolTable symbols(module);
    llvm::StringMap<unsigned> uses;
    // Each host function's kernel functions follow it in launch order.
    DenseMap<Operation *, Operation *> lastFunction;
    for (k::KernelOp kernel : kernels) {
      Operation *host = kernel->getParentOfType<func::FuncOp>();
      Operation *&last = lastFunction[host];
      last = outline(kernel, last ? last : host, symbols, uses);
    }
  }

  /// A name for the function of a kernel named `name`: `name` itself the
  /// first time, then `name` + "n1", "n2"... skipping taken symbols.
  static std::string getUniqueName(StringRef name, SymbolTable &symbols,
                                   llvm::StringMap<unsigned> &uses) {
    unsigned &count = uses[name];
    for (;; ++count) {
      std::string candidate =
          count == 0 ? name.str() : (name + "n" + Twine(count)).str();
      if (!symbols.lookup(candidate)) {
        ++count;
        return candidate;
      }
    }
  }

  /// Outlines `kernel` into a function placed after `after`, which it
  /// returns.
  Operation *outline(k::KernelOp kernel, Operation *after, SymbolTable &symbols,
                     llvm::StringMap<unsigned> &uses) {
    Region &body = kernel.getBody();
    // Constants the kernel uses from outside are cloned in; every other
    // value becomes an argument.
    llvm::SetVector<Value> captured;
    getUsedValuesDefinedAbove(body, captured);
    OpBuilder builder(kernel);
    OpBuilder inner = OpBuilder::atBlockBegin(&body.front());
    SmallVector<Value> arguments;
    llvm::SetVector<Operation *> cloned;
    for (Value value : captured) {
      Operation *def = value.getDefiningOp();
      if (def && def->hasTrait<OpTrait::ConstantLike>() &&
          def->getNumOperands() == 0) {
        Value copy = inner.clone(*def)->getResult(
            cast<OpResult>(value).getResultNumber());
        replaceAllUsesInRegionWith(value, copy, body);
        cloned.insert(def);
        continue;
      }
      arguments.push_back(value);
    }
    // A constant only the kernel used is gone from the host function.
    for (Operation *def : cloned)
      if (def->use_empty())
        def->erase();

    auto [flops, bytes] = estimateKernelWork(kernel);
    std::string name = getUniqueName(kernel.getName(), symbols, uses);
    Location loc = kernel.getLoc();
    auto type = builder.getFunctionType(ValueRange(arguments).getTypes(), {});
    OpBuilder moduleBuilder(after);
    moduleBuilder.setInsertionPointAfter(after);
    auto function = func::FuncOp::create(moduleBuilder, loc, name, type);
    function.setPrivate();
    function->setAttr(
        "passthrough",
        builder.getArrayAttr({builder.getStringAttr("noinline")}));
    function->setAttr("tiny.kernel", builder.getUnitAttr());
    function->setAttr("tiny.flops", builder.getI64IntegerAttr(flops));
    function->setAttr("tiny.bytes", builder.getI64IntegerAttr(bytes));
    symbols.insert(function);

    Block *entry = function.addEntryBlock();
    for (auto [value, argument] :
         llvm::zip(arguments, entry->getArguments()))
      replaceAllUsesInRegionWith(value, argument, body);
    func::CallOp::create(builder, loc, function, arguments);
    kernel->moveBefore(entry, entry->end());
    kernel.setName(name);
    OpBuilder end = OpBuilder::atBlockEnd(entry);
    func::ReturnOp::create(end, loc);
    return function;
  }
};
} // namespace
