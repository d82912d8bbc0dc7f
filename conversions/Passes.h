//===- Passes.h - tiny conversion passes and pipelines ----------*- C++ -*-===//

#ifndef TINY_CONVERSIONS_PASSES_H
#define TINY_CONVERSIONS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class OpPassManager;

namespace tiny {

#define GEN_PASS_DECL
#include "conversions/Passes.h.inc"

/// Adds the passes that take tensor-level tiny to the LLVM dialect on the
/// CPU: simplify, rangeify, -convert-tiny-to-scf, then upstream to LLVM.
/// Function arguments become bare pointers to the buffers' elements;
/// THREAD loops become OpenMP parallel loops (the JIT loads libomp).
void buildTinyToLLVMPipeline(OpPassManager &pm);

/// Registers the conversion passes and the -tiny-to-llvm pipeline.
void registerTinyConversionPassesAndPipelines();

#define GEN_PASS_REGISTRATION
#include "conversions/Passes.h.inc"

} // namespace tiny
} // namespace mlir

#endif // TINY_CONVERSIONS_PASSES_H
