//===- tiny-opt.cpp - the tiny optimizer driver ----------------------------===//
//
// mlir-opt with the tiny dialect and the upstream dialects and passes that
// tiny lowers through, so every standard mlir-opt flag works on tiny IR.
//
//===----------------------------------------------------------------------===//

#include "conversions/Passes.h"
#include "dialects/tiny/IR/TinyDialect.h"
#include "passes/Passes.h"
#include "pipelines/Pipelines.h"
#include "test/lib/TestPasses.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVM/ROCDL/Target.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::tiny::registerTinyPasses();
  mlir::tiny::registerTinyConversionPasses();
  mlir::tiny::registerTinyPipelines();
  mlir::tiny::registerTinyTestPasses();

  mlir::DialectRegistry registry;
  registry.insert<mlir::tiny::TinyDialect, mlir::arith::ArithDialect,
                  mlir::cf::ControlFlowDialect, mlir::func::FuncDialect,
                  mlir::gpu::GPUDialect, mlir::LLVM::LLVMDialect,
                  mlir::math::MathDialect, mlir::memref::MemRefDialect,
                  mlir::NVVM::NVVMDialect, mlir::ROCDL::ROCDLDialect,
                  mlir::scf::SCFDialect, mlir::tensor::TensorDialect,
                  mlir::vector::VectorDialect>();
  // The GPU pipelines need the ConvertToLLVM interfaces of the dialects in
  // kernel bodies, the NVVM / ROCDL target attributes and their LLVM IR
  // translations.
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  mlir::ROCDL::registerROCDLTargetInterfaceExternalModels(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tiny optimizer driver\n", registry));
}
