//===- Dialect.cpp - The tiny dialect in MLIR's C API ---------------------===//

#include "tiny-c/Dialect.h"

#include "capi/lib/Program.h"
#include "conversions/Passes.h"
#include "dialects/tiny/IR/TinyDialect.h"
#include "jit/Executable.h"
#include "passes/Passes.h"
#include "pipelines/Pipelines.h"
#include "runtime/src/Status.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;
using namespace mlir::tiny;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Tiny, tiny, TinyDialect)

void tinyRegisterProgramDialects(MlirDialectRegistry registry) {
  registerProgramDialects(*unwrap(registry));
}

MlirAttribute tinyDeviceAttrGet(MlirContext context, intptr_t numNames,
                                const MlirStringRef *names) {
  MLIRContext *ctx = unwrap(context);
  SmallVector<StringAttr> attrs;
  for (intptr_t i = 0; i < numNames; ++i)
    attrs.push_back(StringAttr::get(ctx, unwrap(names[i])));
  // A bad name is reported to the context's handlers; "CPU:0" becomes "CPU".
  return wrap(DeviceAttr::getChecked(
      [ctx] { return emitError(UnknownLoc::get(ctx)); }, ctx,
      ArrayRef<StringAttr>(attrs)));
}

bool tinyAttributeIsADevice(MlirAttribute attribute) {
  return isa<DeviceAttr>(unwrap(attribute));
}

intptr_t tinyDeviceAttrGetNumNames(MlirAttribute device) {
  return cast<DeviceAttr>(unwrap(device)).getNames().size();
}

MlirStringRef tinyDeviceAttrGetName(MlirAttribute device, intptr_t index) {
  return wrap(cast<DeviceAttr>(unwrap(device)).getNames()[index].getValue());
}

MlirType tinyTokenTypeGet(MlirContext context) {
  return wrap(TokenType::get(unwrap(context)));
}

bool tinyTypeIsAToken(MlirType type) { return isa<TokenType>(unwrap(type)); }

MlirType tinyTensorTypeGet(intptr_t rank, const int64_t *shape,
                           MlirType elementType, MlirAttribute device) {
  auto deviceAttr = dyn_cast_or_null<DeviceAttr>(unwrap(device));
  ArrayRef<int64_t> dims(shape, rank);
  if (!deviceAttr || llvm::any_of(dims, [](int64_t d) { return d < 0; }))
    return {nullptr};
  return wrap(RankedTensorType::get(dims, unwrap(elementType), deviceAttr));
}

MlirAttribute tinyReduceKindAttrGet(MlirContext context, MlirStringRef kind) {
  std::optional<ReduceKind> value = symbolizeReduceKind(unwrap(kind));
  if (!value)
    return {nullptr};
  return wrap(ReduceKindAttr::get(unwrap(context), *value));
}

MlirAttribute tinyAddrSpaceAttrGet(MlirContext context, MlirStringRef space) {
  std::optional<AddrSpace> value = symbolizeAddrSpace(unwrap(space));
  if (!value)
    return {nullptr};
  return wrap(AddrSpaceAttr::get(unwrap(context), *value));
}

void tinyRegisterPasses(void) {
  registerTinyPasses();
  registerTinyConversionPasses();
  registerTinyPipelines();
}

tiny_status_t tinyProgramCompileModule(MlirModule module, MlirStringRef entry,
                                       tiny_program_t *out_program) {
  return ::tiny::runtime::guard([&]() -> tiny_status_t {
    if (mlirModuleIsNull(module) || !out_program)
      return capi::invalid("tinyProgramCompileModule: a NULL argument");
    ModuleOp op = unwrap(module);
    // Diagnostics go into the status, with their locations.
    std::string diagnostics;
    llvm::raw_string_ostream os(diagnostics);
    ScopedDiagnosticHandler handler(op.getContext(), [&](Diagnostic &diag) {
      os << diag.getLocation() << ": "
         << (diag.getSeverity() == DiagnosticSeverity::Error ? "error: "
                                                              : "note: ")
         << diag << "\n";
      for (Diagnostic &note : diag.getNotes())
        os << note.getLocation() << ": note: " << note << "\n";
      return success();
    });
    if (failed(verify(op)))
      return capi::invalid(diagnostics);
    auto program = std::make_unique<tiny_program_s>();
    return capi::compileProgram(program, op, unwrap(entry), diagnostics,
                                out_program);
  });
}
