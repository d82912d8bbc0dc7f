/*===- DialectTest.c - building tiny IR through MLIR's C API ---------------===*\
|*                                                                            *|
|* Plain C, linked with libtiny_c.so alone: builds a tiny program op by op    *|
|* with mlirOperationCreate (no IR text), compiles it with                   *|
|* tinyProgramCompileModule and runs it; checks the dialect's attribute and  *|
|* type helpers and that bad input gives errors, not crashes.                *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "Check.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "tiny-c/Dialect.h"

#include <stdio.h>
#include <string.h>

static MlirStringRef str(const char *s) { return mlirStringRefCreateFromCString(s); }

static MlirNamedAttribute named(MlirContext ctx, const char *name,
                                MlirAttribute value) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, str(name)), value);
}

/* %p = tiny.param SLOT : f32 size 4 on "CPU" */
static MlirValue appendParam(MlirContext ctx, MlirBlock block, int64_t slot,
                             MlirAttribute device, MlirType tensor) {
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirNamedAttribute attrs[] = {
      named(ctx, "addrspace", tinyAddrSpaceAttrGet(ctx, str("global"))),
      named(ctx, "device", device),
      named(ctx, "dtype", mlirTypeAttrGet(mlirF32TypeGet(ctx))),
      named(ctx, "size", mlirIntegerAttrGet(i64, 4)),
      named(ctx, "slot", mlirIntegerAttrGet(i64, slot)),
  };
  MlirOperationState state =
      mlirOperationStateGet(str("tiny.param"), mlirLocationUnknownGet(ctx));
  mlirOperationStateAddAttributes(&state, 5, attrs);
  mlirOperationStateAddResults(&state, 1, &tensor);
  MlirOperation op = mlirOperationCreate(&state);
  mlirBlockAppendOwnedOperation(block, op);
  return mlirOperationGetResult(op, 0);
}

/* tiny.function @f -> tensor<4xf32> { return mul(param 0, param 1) } */
static MlirModule buildProgram(MlirContext ctx, const char *op) {
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirStringRef cpu = str("CPU");
  MlirAttribute device = tinyDeviceAttrGet(ctx, 1, &cpu);
  int64_t shape[] = {4};
  MlirType tensor = tinyTensorTypeGet(1, shape, mlirF32TypeGet(ctx), device);

  MlirModule module = mlirModuleCreateEmpty(loc);
  MlirRegion body = mlirRegionCreate();
  MlirBlock block = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(body, block);
  MlirValue a = appendParam(ctx, block, 0, device, tensor);
  MlirValue b = appendParam(ctx, block, 1, device, tensor);

  MlirOperationState alu = mlirOperationStateGet(str(op), loc);
  MlirValue operands[] = {a, b};
  mlirOperationStateAddOperands(&alu, 2, operands);
  mlirOperationStateAddResults(&alu, 1, &tensor);
  MlirOperation product = mlirOperationCreate(&alu);
  mlirBlockAppendOwnedOperation(block, product);

  MlirOperationState ret = mlirOperationStateGet(str("tiny.return"), loc);
  MlirValue result = mlirOperationGetResult(product, 0);
  mlirOperationStateAddOperands(&ret, 1, &result);
  mlirBlockAppendOwnedOperation(block, mlirOperationCreate(&ret));

  MlirOperationState function =
      mlirOperationStateGet(str("tiny.function"), loc);
  MlirNamedAttribute attrs[] = {
      named(ctx, "result_type", mlirTypeAttrGet(tensor)),
      named(ctx, "sym_name", mlirStringAttrGet(ctx, str("f"))),
  };
  mlirOperationStateAddAttributes(&function, 2, attrs);
  mlirOperationStateAddOwnedRegions(&function, 1, &body);
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(module),
                                mlirOperationCreate(&function));
  return module;
}

static void testBuildsAndRunsAProgram(MlirContext ctx) {
  MlirModule module = buildProgram(ctx, "tiny.mul");
  CHECK(mlirOperationVerify(mlirModuleGetOperation(module)));
  tiny_program_t program = NULL;
  tiny_status_t status =
      tinyProgramCompileModule(module, mlirStringRefCreate(NULL, 0), &program);
  CHECK(status == NULL);
  if (status) {
    fprintf(stderr, "%s\n", tiny_status_message(status));
    tiny_status_free(status);
    mlirModuleDestroy(module);
    return;
  }
  float a[4] = {1.5f, -2, 3, 1e-3f}, b[4] = {2, 4, -0.5f, 1e3f}, y[4];
  void *inputs[] = {a, b}, *outputs[] = {y};
  size_t bytes[] = {16, 16};
  status = tiny_program_run(program, inputs, bytes, 2, outputs, bytes, 1);
  CHECK(status == NULL);
  tiny_status_free(status);
  for (int i = 0; i < 4; ++i)
    CHECK(y[i] == a[i] * b[i]);
  tiny_program_release(program);
  mlirModuleDestroy(module);
}

static void testVerifierErrorIsAStatus(MlirContext ctx) {
  /* tiny.cmplt's result is i1, not f32: the verifier refuses it. */
  MlirModule module = buildProgram(ctx, "tiny.cmplt");
  tiny_program_t program = NULL;
  tiny_status_t status = tinyProgramCompileModule(module, str("f"), &program);
  CHECK(status != NULL && program == NULL);
  CHECK(tiny_status_code(status) == TINY_STATUS_INVALID_ARGUMENT);
  CHECK(strstr(tiny_status_message(status), "error: ") != NULL);
  tiny_status_free(status);
  mlirModuleDestroy(module);
}

static void testAttributesAndTypes(MlirContext ctx) {
  MlirStringRef names[] = {str("CPU:0"), str("CPU:1")};
  MlirAttribute pair = tinyDeviceAttrGet(ctx, 2, names);
  CHECK(tinyAttributeIsADevice(pair));
  CHECK(tinyDeviceAttrGetNumNames(pair) == 2);
  // "CPU:0" is held as its canonical spelling "CPU".
  MlirStringRef first = tinyDeviceAttrGetName(pair, 0);
  CHECK(first.length == 3 && strncmp(first.data, "CPU", 3) == 0);
  MlirStringRef second = tinyDeviceAttrGetName(pair, 1);
  CHECK(second.length == 5 && strncmp(second.data, "CPU:1", 5) == 0);
  MlirStringRef host = str("CPU");
  CHECK(mlirAttributeEqual(tinyDeviceAttrGet(ctx, 1, names),
                           tinyDeviceAttrGet(ctx, 1, &host)));
  MlirStringRef bad = str("cpu!");
  CHECK(mlirAttributeIsNull(tinyDeviceAttrGet(ctx, 1, &bad)));
  // "CPU" and "CPU:0" are one device, which a tuple cannot hold twice.
  MlirStringRef same[] = {str("CPU"), str("CPU:0")};
  CHECK(mlirAttributeIsNull(tinyDeviceAttrGet(ctx, 2, same)));
  CHECK(tinyTypeIsAToken(tinyTokenTypeGet(ctx)));
  CHECK(!tinyTypeIsAToken(mlirF32TypeGet(ctx)));
  CHECK(!mlirAttributeIsNull(tinyReduceKindAttrGet(ctx, str("max"))));
  CHECK(mlirAttributeIsNull(tinyReduceKindAttrGet(ctx, str("min"))));
  CHECK(mlirAttributeIsNull(tinyAddrSpaceAttrGet(ctx, str("shared"))));
  int64_t negative[] = {-3};
  CHECK(mlirTypeIsNull(
      tinyTensorTypeGet(1, negative, mlirF32TypeGet(ctx), pair)));
  CHECK(mlirTypeIsNull(tinyTensorTypeGet(1, negative + 0, mlirF32TypeGet(ctx),
                                         mlirUnitAttrGet(ctx))));
}

static void testPassesAreRegistered(MlirContext ctx) {
  tinyRegisterPasses();
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  MlirLogicalResult parsed = mlirParsePassPipeline(
      opm, str("builtin.module(tiny-simplify,tiny-rangeify)"), NULL, NULL);
  CHECK(mlirLogicalResultIsSuccess(parsed));
  MlirModule module = buildProgram(ctx, "tiny.add");
  MlirLogicalResult ran =
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  CHECK(mlirLogicalResultIsSuccess(ran));
  mlirModuleDestroy(module);
  mlirPassManagerDestroy(pm);
}

/* A program whose custom kernel doubles each element of its input in place
   (a[n] += a[n]): its body holds arith ops. */
static const char *customKernelProgram =
    "#cpu = #tiny.device<\"CPU\">\n"
    "tiny.function @twice -> tensor<4xf32, #cpu> {\n"
    "  %x = tiny.param 0 : f32 size 4 on \"CPU\"\n"
    "  %r = tiny.custom_kernel \"twice\"(%x) : tensor<4xf32, #cpu> {\n"
    "  ^bb0(%a: memref<4xf32>):\n"
    "    %c4 = arith.constant 4 : index\n"
    "    tiny.k.range loop %n < %c4 {\n"
    "      %p = tiny.k.index %a[%n] : memref<4xf32>\n"
    "      %v = tiny.k.load %p : !tiny.ptr<f32, global>\n"
    "      tiny.k.atomic_add %p, %v : !tiny.ptr<f32, global>\n"
    "    }\n"
    "  }\n"
    "  tiny.return %r : tensor<4xf32, #cpu>\n"
    "}\n";

static MlirLogicalResult countDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData);

/* A context with tiny alone cannot parse the custom kernel's arith ops; with
   tinyRegisterProgramDialects it parses it, runs tiny's passes on it and
   compiles it, and has every dialect those passes write. */
static void testProgramDialects(void) {
  MlirContext bare = mlirContextCreate();
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__tiny__(), bare);
  int diagnostics = 0;
  mlirContextAttachDiagnosticHandler(bare, countDiagnostic, &diagnostics, NULL);
  CHECK(
      mlirModuleIsNull(mlirModuleCreateParse(bare, str(customKernelProgram))));
  CHECK(diagnostics > 0);
  mlirContextDestroy(bare);

  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  tinyRegisterProgramDialects(registry);
  MlirContext ctx = mlirContextCreate();
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  const char *dialects[] = {"tiny",   "arith", "func", "scf",
                            "memref", "math",  "llvm"};
  for (size_t i = 0; i < sizeof(dialects) / sizeof(dialects[0]); ++i)
    CHECK(
        !mlirDialectIsNull(mlirContextGetOrLoadDialect(ctx, str(dialects[i]))));

  MlirModule module = mlirModuleCreateParse(ctx, str(customKernelProgram));
  CHECK(!mlirModuleIsNull(module));
  if (mlirModuleIsNull(module)) {
    mlirContextDestroy(ctx);
    return;
  }
  /* x = [1, -2, 0.5, 3] doubled: [2, -4, 1, 6]. */
  tiny_program_t program = NULL;
  tiny_status_t status =
      tinyProgramCompileModule(module, str("twice"), &program);
  CHECK(status == NULL);
  if (status) {
    fprintf(stderr, "%s\n", tiny_status_message(status));
    tiny_status_free(status);
  } else {
    float x[4] = {1, -2, 0.5f, 3}, y[4] = {0, 0, 0, 0};
    void *inputs[] = {x}, *outputs[] = {y};
    size_t bytes[] = {16};
    status = tiny_program_run(program, inputs, bytes, 1, outputs, bytes, 1);
    CHECK(status == NULL);
    tiny_status_free(status);
    CHECK(y[0] == 2 && y[1] == -4 && y[2] == 1 && y[3] == 6);
    tiny_program_release(program);
  }

  /* tiny's passes run on it in this context: the JIT's stage up to kernels. */
  tinyRegisterPasses();
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirLogicalResult parsed =
      mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
                            str("builtin.module(tiny-to-kernels)"), NULL, NULL);
  CHECK(mlirLogicalResultIsSuccess(parsed));
  CHECK(mlirLogicalResultIsSuccess(
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module))));
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
}

static MlirLogicalResult countDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  (void)diagnostic;
  ++*(int *)userData;
  return mlirLogicalResultSuccess();
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__tiny__(), ctx);
  int diagnostics = 0;
  mlirContextAttachDiagnosticHandler(ctx, countDiagnostic, &diagnostics,
                                     NULL);
  testBuildsAndRunsAProgram(ctx);
  testVerifierErrorIsAStatus(ctx);
  testAttributesAndTypes(ctx);
  testPassesAreRegistered(ctx);
  testProgramDialects();
  /* The bad device name and the repeated device reached the context's
     handler; the verifier error went into the status instead. */
  CHECK(diagnostics == 2);
  mlirContextDestroy(ctx);
  return finishChecks();
}
