//===- Passes.h - tiny conversion passes -------------------------*- C++ -*-===//

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

/// The module attribute -convert-gpu-launch-to-runtime writes: an array of
/// `{kernel = @module::@kernel, arguments = array<i64: ...>}`, one per
/// `tiny_host_launch` id.
constexpr StringLiteral kGpuLaunchesAttrName = "tiny.gpu_launches";

#define GEN_PASS_REGISTRATION
#include "conversions/Passes.h.inc"

} // namespace tiny
} // namespace mlir

#endif // TINY_CONVERSIONS_PASSES_H
