//===- PrintGPUAssembly.cpp - print gpu.binary assembly as text ------------===//

#include "conversions/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tiny {
#define GEN_PASS_DEF_TINYPRINTGPUASSEMBLY
#include "conversions/Passes.h.inc"
} // namespace mlir::tiny

using namespace mlir;

namespace {
struct TinyPrintGPUAssemblyPass
    : public tiny::impl::TinyPrintGPUAssemblyBase<TinyPrintGPUAssemblyPass> {
  void runOnOperation() override {
    getOperation().walk([](gpu::BinaryOp binary) {
      for (Attribute attr : binary.getObjects()) {
        auto object = cast<gpu::ObjectAttr>(attr);
        llvm::outs() << "// gpu.binary @" << binary.getSymName() << " "
                     << object.getTarget() << "\n";
        if (object.getFormat() == gpu::CompilationTarget::Assembly)
          llvm::outs() << object.getObject().getValue() << "\n";
        else
          llvm::outs() << "// (" << object.getObject().getValue().size()
                       << " bytes of binary)\n";
      }
    });
    markAllAnalysesPreserved();
  }
};
} // namespace
