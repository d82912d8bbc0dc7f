//===- TinyPlugin.cpp - tiny as a plugin of upstream mlir-opt -------------===//
//
// One shared library that is both a dialect plugin (the tiny dialect) and a
// pass plugin (tiny's passes and named pipelines) of an mlir-opt linked with
// the same libMLIR.so:
//
//   mlir-opt --load-dialect-plugin=libTinyPlugin.so
//            --load-pass-plugin=libTinyPlugin.so --pass-pipeline=...
//
// (one command line; a backslash ending a // comment would continue it).
//
//===----------------------------------------------------------------------===//

#include "conversions/Passes.h"
#include "dialects/tiny/IR/TinyDialect.h"
#include "passes/Passes.h"
#include "pipelines/Pipelines.h"

#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Tiny", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            registry->insert<mlir::tiny::TinyDialect>();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TinyPasses", LLVM_VERSION_STRING, [] {
            mlir::tiny::registerTinyPasses();
            mlir::tiny::registerTinyConversionPasses();
            mlir::tiny::registerTinyPipelines();
          }};
}
