/*===- Dialect.h - The tiny dialect in MLIR's C API ---------------*- C -*-===*\
|*                                                                            *|
|* What a frontend needs to build tiny IR through MLIR's C API (mlir-c/IR.h) *|
|* without printing text: the dialect handle, the `#tiny.device` attribute,  *|
|* the `!tiny.token` type, the enum attributes, tensor types on a device,     *|
|* the registration of the dialects a program holds and of tiny's passes and  *|
|* pipelines. A module built this way compiles with                           *|
|* `tinyProgramCompileModule` (tiny-c/Compiler.h).                            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TINY_C_DIALECT_H
#define TINY_C_DIALECT_H

#include "mlir-c/IR.h"
#include "tiny-c/Compiler.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Tiny, tiny);

/// Adds to `registry` every dialect a tiny program may hold besides tiny's
/// own (the arith ops of a `tiny.custom_kernel` body) and every dialect the
/// IR of tiny's passes is written in (func, scf, memref, math, llvm): the
/// set of the context tiny_program_compile parses a program into.
/// Append it to a context (mlirContextAppendDialectRegistry) that parses
/// programs or runs tiny's passes; the context loads each dialect when the
/// parser or a pass first needs it.
MLIR_CAPI_EXPORTED void
tinyRegisterProgramDialects(MlirDialectRegistry registry);

/// `#tiny.device<"CPU">`, or for several names a multi-device value's tuple
/// `#tiny.device<"CPU:0", "CPU:1">`, which holds "CPU:0" as its canonical
/// spelling "CPU". Returns a null attribute (check with mlirAttributeIsNull)
/// for a malformed name or a repeated device ("CPU" and "CPU:0" are one).
MLIR_CAPI_EXPORTED MlirAttribute tinyDeviceAttrGet(MlirContext context,
                                                   intptr_t numNames,
                                                   const MlirStringRef *names);
MLIR_CAPI_EXPORTED bool tinyAttributeIsADevice(MlirAttribute attribute);
/// The number of device names of a `#tiny.device`, and name `index`.
MLIR_CAPI_EXPORTED intptr_t tinyDeviceAttrGetNumNames(MlirAttribute device);
MLIR_CAPI_EXPORTED MlirStringRef tinyDeviceAttrGetName(MlirAttribute device,
                                                       intptr_t index);

/// `!tiny.token`, the ordering token of side effects.
MLIR_CAPI_EXPORTED MlirType tinyTokenTypeGet(MlirContext context);
MLIR_CAPI_EXPORTED bool tinyTypeIsAToken(MlirType type);

/// A tensor-level value's type: `tensor<shape x element, #tiny.device<...>>`.
/// Returns a null type for a negative dimension or a `device` that is not a
/// `#tiny.device`.
MLIR_CAPI_EXPORTED MlirType tinyTensorTypeGet(intptr_t rank,
                                              const int64_t *shape,
                                              MlirType elementType,
                                              MlirAttribute device);

/// The enum attributes, by name: `#tiny<reduce_kind add>` for "add", "max",
/// "mul"; `#tiny<addrspace global>` for "global", "local", "reg", "alu".
/// Return a null attribute for an unknown name.
MLIR_CAPI_EXPORTED MlirAttribute tinyReduceKindAttrGet(MlirContext context,
                                                       MlirStringRef kind);
MLIR_CAPI_EXPORTED MlirAttribute tinyAddrSpaceAttrGet(MlirContext context,
                                                      MlirStringRef space);

/// Registers tiny's passes and named pipelines (-tiny-simplify,
/// -tiny-to-llvm, ...) with MLIR's pass registry, for
/// mlirParsePassPipeline.
MLIR_CAPI_EXPORTED void tinyRegisterPasses(void);

/// Compiles `entry` (a null string: the module's only tiny.function) of a
/// module built through the C API. The program refers to the module's
/// context for its signature: keep the context alive while it lives. The
/// module is left unchanged. Errors as for `tiny_program_compile`.
MLIR_CAPI_EXPORTED TINY_MUST_USE_RESULT tiny_status_t
tinyProgramCompileModule(MlirModule module, MlirStringRef entry,
                         tiny_program_t *out_program);

#ifdef __cplusplus
}
#endif

#endif /* TINY_C_DIALECT_H */
