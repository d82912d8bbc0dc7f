//===- tiny-compile.cpp - compile a tiny program into an artifact ---------===//
//
// Lowers a tensor-level tiny function as tiny-run does and writes the
// compiled program, its host code's object code, its GPU kernels' code
// objects and its signature, to an artifact (jit/Artifact.h), which
// tiny-run and the C API (tiny_program_load_artifact) run with no
// compilation:
//
//   tiny-compile prog.mlir -o prog.tiny
//   tiny-run prog.tiny -i 1,2,3
//
// MLIR's options (--mlir-print-ir-after-all, --mlir-timing...) act on the
// compilation as in tiny-run. The artifact runs on the CPU it was compiled
// on (and those with its features) with the tiny and LLVM that compiled
// it; others refuse it.
//
//===----------------------------------------------------------------------===//

#include "dialects/tiny/IR/TinyDialect.h"
#include "dialects/tiny/IR/TinyOps.h"
#include "jit/Executable.h"
#include "jit/HostFunctions.h"
#include "tools/common/MLIROptions.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::tiny;

// Sorted before LLVM's "Generic Options" (help, version), so --help starts
// with what tiny-compile itself does.
static llvm::cl::OptionCategory compileCategory("General tiny-compile options");

static llvm::cl::opt<std::string> inputFile(llvm::cl::Positional,
                                            llvm::cl::desc("<program.mlir>"),
                                            llvm::cl::init("-"),
                                            llvm::cl::cat(compileCategory));
static llvm::cl::opt<std::string>
    outputFile("o", llvm::cl::desc("the artifact to write"),
               llvm::cl::value_desc("prog.tiny"), llvm::cl::Required,
               llvm::cl::cat(compileCategory));
static llvm::cl::opt<std::string>
    entryName("entry", llvm::cl::desc("tiny.function to compile (default: the "
                                      "only one in the module)"),
              llvm::cl::cat(compileCategory));
static llvm::cl::opt<std::string> allreduceAlgorithm(
    "allreduce",
    llvm::cl::desc("how an allreduce combines its shards: ring, all2all or "
                   "naive"),
    llvm::cl::init("ring"), llvm::cl::cat(compileCategory));
static llvm::cl::opt<std::string> gpuChip(
    "gpu-chip",
    llvm::cl::desc("the chip kernels on GPU devices are compiled for "
                   "(default: sm_90 for CUDA, gfx942 for HIP)"),
    llvm::cl::cat(compileCategory));
static llvm::cl::list<std::string> hostFunctionLibraries(
    "host-functions",
    llvm::cl::desc("load a shared library of host functions, which exports "
                   "tiny_register_host_functions, to check the program's "
                   "tiny.custom_function calls against (whoever runs the "
                   "artifact loads it too)"),
    llvm::cl::value_desc("lib.so"), llvm::cl::cat(compileCategory));
static llvm::cl::opt<bool>
    printTime("print-compile-time",
              llvm::cl::desc("print the lowering + JIT time to stderr"),
              llvm::cl::cat(compileCategory));

static int fail(const Twine &message) {
  llvm::errs() << "tiny-compile: error: " << message << "\n";
  return 1;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  registerMLIROptions(compileCategory);
  llvm::cl::ParseCommandLineOptions(argc, argv,
                                    "tiny program compiler: writes an "
                                    "artifact tiny-run runs\n");

  DialectRegistry registry;
  registerProgramDialects(registry);
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  std::string error;
  auto file = openInputFile(inputFile, &error);
  if (!file)
    return fail(error);
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;
  FunctionOp entry = findEntryFunction(*module, entryName,
                                       "choose one with --entry", error);
  if (!entry)
    return fail(error);
  for (const std::string &library : hostFunctionLibraries)
    if (failed(loadHostFunctionLibrary(library, error)))
      return fail("--host-functions: " + error);

  CompileOptions options;
  options.allreduce = allreduceAlgorithm;
  options.gpuChip = gpuChip;
  options.keepObjectCode = true;
  // Only when MLIR's options are given: a configured compilation bypasses
  // the caches (TINY_CACHE_DIR), so that its passes run and show.
  if (hasMLIROptions())
    options.configurePassManager = applyMLIROptions;
  FailureOr<std::shared_ptr<Executable>> program =
      Executable::compile(*module, entry.getSymName(), options);
  if (failed(program))
    return fail("cannot compile @" + entry.getSymName());
  if (printTime)
    llvm::errs() << "compile time: " << (*program)->getCompileSeconds()
                 << " s\n";
  if (failed((*program)->writeArtifact(outputFile, error)))
    return fail(error);
  return 0;
}
