//===- TinyDialect.td - tiny dialect definition ------------*- tablegen -*-===//
//
// The `tiny` dialect: tinygrad's UOp IR as an MLIR dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_DIALECT_TD
#define TINY_DIALECT_TD

include "mlir/IR/OpBase.td"

def Tiny_Dialect : Dialect {
  let name = "tiny";
  let cppNamespace = "::mlir::tiny";
  let summary = "tinygrad's UOp IR: tensor-level and kernel-level ops";
  let description = [{
    One dialect from tensor programs down to kernels, as in tinygrad.
    Tensor-level values are builtin ranked tensors with a static shape whose
    element type is the dtype and whose encoding is a `#tiny.device`
    attribute naming the device (or the tuple of devices of a multi-device
    value). Derived properties (dtype, shape, device) are checked by the op
    verifiers and inferred by `InferTypeOpInterface`.
  }];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  // `tiny.buffer` on a function argument (#tiny.buffer).
  let hasRegionArgAttrVerify = 1;
  let dependentDialects = [];
}

class Tiny_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tiny_Dialect, mnemonic, traits>;

#endif // TINY_DIALECT_TD
