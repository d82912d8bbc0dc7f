//===- NVVMModuleToBinary.cpp - compile NVVM kernel modules to objects ----===//
//
// MLIR's -gpu-module-to-binary compiles all kernel modules with one set of
// target options, and its callbacks (the LLVM IR and assembly the serializer
// makes on the way) say nothing of which module they are called for. This
// pass calls the same NVVM serializer one kernel module at a time, so that
// tiny-run --dump-dir can name each module's files after its kernel.
//
//===----------------------------------------------------------------------===//

#include "conversions/GPUToBinary/GPUKernelDump.h"
#include "conversions/GPUToBinary/GPUModuleToBinary.h"
#include "conversions/Passes.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/SymbolTable.h"

#include <optional>

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYNVVMMODULETOBINARY
#include "conversions/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;

namespace {
struct TinyNVVMModuleToBinaryPass
    : public tiny::impl::TinyNVVMModuleToBinaryBase<
          TinyNVVMModuleToBinaryPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUModuleOp> kernelModules(
        module.getOps<gpu::GPUModuleOp>());
    if (kernelModules.empty())
      return;
    std::optional<gpu::CompilationTarget> compilationTarget =
        format == "isa"   ? gpu::CompilationTarget::Assembly
        : format == "bin" ? gpu::CompilationTarget::Binary
                          : std::optional<gpu::CompilationTarget>();
    if (!compilationTarget) {
      emitError(module.getLoc())
          << "format is isa or bin, not '" << format << "'";
      return signalPassFailure();
    }
    for (gpu::GPUModuleOp kernels : kernelModules)
      if (failed(checkTargets(kernels)))
        return signalPassFailure();

    std::optional<SymbolTable> symbols;
    auto getSymbols = [&]() -> SymbolTable * {
      if (!symbols)
        symbols.emplace(module);
      return &*symbols;
    };
    for (gpu::GPUModuleOp kernels : kernelModules) {
      // With dump-dir, the serializer hands over the LLVM IR it optimized
      // and the PTX it generated.
      tiny::GPUKernelDump dump;
      auto keepLLVMIR = [&](llvm::Module &llvmModule) {
        dump.keepLLVMIR(llvmModule);
      };
      auto keepPTX = [&](StringRef ptx) { dump.assembly = ptx.str(); };
      function_ref<void(llvm::Module &)> optimized;
      function_ref<void(StringRef)> isa;
      if (!dumpDir.empty()) {
        optimized = keepLLVMIR;
        isa = keepPTX;
      }
      gpu::TargetOptions options(toolkit, {}, {}, {}, *compilationTarget,
                                 getSymbols, {}, {}, optimized, isa);
      SmallVector<Attribute> objects;
      for (Attribute target : kernels.getTargetsAttr()) {
        auto serializer = cast<gpu::TargetAttrInterface>(target);
        dump.assembly.clear();
        std::optional<SmallVector<char, 0>> object =
            serializer.serializeToObject(kernels, options);
        if (!object) {
          emitError(kernels.getLoc()) << "cannot compile kernel module @"
                                      << kernels.getName() << " for " << target;
          return signalPassFailure();
        }
        // A PTX object is the assembly itself.
        if (dump.assembly.empty() &&
            *compilationTarget == gpu::CompilationTarget::Assembly)
          dump.assembly.assign(object->begin(), object->end());
        objects.push_back(serializer.createObject(kernels, *object, options));
      }
      // One file per kernel module: of several targets, the last one's.
      if (!dumpDir.empty() &&
          failed(tiny::writeGPUKernelDump(kernels, dumpDir, dump, "ptx")))
        return signalPassFailure();
      tiny::replaceWithBinary(kernels, objects);
    }
  }

  /// Fails unless `kernels` has targets, each a #nvvm.target that can
  /// serialize it.
  LogicalResult checkTargets(gpu::GPUModuleOp kernels) {
    return tiny::checkKernelTargets(
        kernels,
        [](Attribute target) { return isa<NVVM::NVVMTargetAttr>(target); },
        "-tiny-nvvm-module-to-binary", "NVVM");
  }
};
} // namespace
