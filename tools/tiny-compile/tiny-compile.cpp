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
#include "tools/common/MLIROptions.h"
#include "tools/common/ProgramOptions.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
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
static ProgramOptions programOptions(compileCategory, "compile");

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
  FailureOr<ParsedProgram> parsed =
      programOptions.parse(context, sourceMgr, error);
  if (failed(parsed))
    return error.empty() ? 1 : fail(error);
  if (std::string conflict = programOptions.getConflict(); !conflict.empty())
    return fail(conflict);
  if (failed(programOptions.loadHostFunctions(error)))
    return fail(error);

  CompileOptions options = programOptions.getCompileOptions();
  options.keepObjectCode = true;
  StringRef entry = parsed->entry.getSymName();
  FailureOr<std::shared_ptr<Executable>> program =
      Executable::compile(*parsed->module, entry, options);
  if (failed(program))
    return fail("cannot compile @" + entry);
  if (programOptions.printCompileTime())
    llvm::errs() << "compile time: " << (*program)->getCompileSeconds()
                 << " s\n";
  if (failed((*program)->writeArtifact(outputFile, error)))
    return fail(error);
  return 0;
}
