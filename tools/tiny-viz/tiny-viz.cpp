//===- tiny-viz.cpp - a pipeline run as one HTML page ---------------------===//
//
// Runs a pass pipeline on a tiny program and writes one self-contained
// HTML page of what happened, as tinygrad's VIZ shows a schedule: the
// tensor-level program as a graph (laid out by Graphviz's `dot`), one step
// per pass with the lines it changed, and the kernels with their code.
//
//   tiny-viz prog.mlir -o prog.html
//   tiny-viz prog.mlir -o prog.html --pass-pipeline='builtin.module(tiny-to-llvm)'
//
// The default pipeline is tiny-to-kernels, the JIT's first stage.
//
//===----------------------------------------------------------------------===//

#include "conversions/Passes.h"
#include "dialects/tiny/IR/TinyOps.h"
#include "jit/Executable.h"
#include "passes/Passes.h"
#include "pipelines/Pipelines.h"
#include "tools/tiny-viz/PassSnapshots.h"
#include "tools/tiny-viz/ProgramGraph.h"
#include "tools/tiny-viz/VizPage.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
using namespace mlir::tiny;

static llvm::cl::OptionCategory vizCategory("General tiny-viz options");

static llvm::cl::opt<std::string> inputFile(llvm::cl::Positional,
                                            llvm::cl::desc("<program.mlir>"),
                                            llvm::cl::init("-"),
                                            llvm::cl::cat(vizCategory));
static llvm::cl::opt<std::string>
    outputFile("o", llvm::cl::desc("the HTML page to write"),
               llvm::cl::value_desc("page.html"), llvm::cl::Required,
               llvm::cl::cat(vizCategory));
static llvm::cl::opt<std::string> pipeline(
    "pass-pipeline",
    llvm::cl::desc("the pipeline to show, in MLIR's textual form"),
    llvm::cl::init("builtin.module(tiny-to-kernels)"),
    llvm::cl::cat(vizCategory));

static int fail(const Twine &message) {
  llvm::errs() << "tiny-viz: error: " << message << "\n";
  return 1;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  registerTinyPasses();
  registerTinyConversionPasses();
  registerTinyPipelines();
  registerTransformsPasses();
  registerConversionPasses();
  llvm::cl::HideUnrelatedOptions(vizCategory);
  llvm::cl::ParseCommandLineOptions(
      argc, argv, "tiny-viz: a pass pipeline's run as one HTML page\n");

  DialectRegistry registry;
  registerProgramDialects(registry);
  MLIRContext context(registry);
  // The page shows the module after each pass as it is: one thread.
  context.disableMultithreading();
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

  std::vector<FunctionGraph> graphs;
  for (FunctionOp function : module->getOps<FunctionOp>()) {
    FailureOr<std::string> svg =
        renderGraph(getProgramGraph(function), error);
    if (failed(svg))
      return fail(error);
    graphs.push_back({function.getSymName().str(), std::move(*svg)});
  }

  std::string pipelineErrors;
  llvm::raw_string_ostream pipelineErrorStream(pipelineErrors);
  FailureOr<OpPassManager> parsed =
      parsePassPipeline(pipeline, pipelineErrorStream);
  if (failed(parsed))
    return fail("--pass-pipeline: " + pipelineErrors);
  StringRef anchor = parsed->getOpAnchorName();
  if (anchor != ModuleOp::getOperationName() &&
      anchor != OpPassManager::getAnyOpAnchorName())
    return fail("--pass-pipeline: the pipeline runs on '" + anchor +
                "', and the program is a builtin.module");
  PassManager pm(&context, anchor);
  static_cast<OpPassManager &>(pm) = std::move(*parsed);
  PipelineRecord record;
  auto snapshots = std::make_unique<PassSnapshots>(record);
  snapshots->recordInput(*module);
  pm.addInstrumentation(std::move(snapshots));
  // A failing pass is a step of its own on the page: the page is written
  // either way, and the exit status says it failed.
  bool pipelineFailed = failed(pm.run(*module));

  auto output = openOutputFile(outputFile, &error);
  if (!output)
    return fail(error);
  writeVizPage(output->os(), inputFile, pipeline, graphs, record);
  output->keep();
  if (pipelineFailed)
    return fail("the pipeline failed (the page shows where)");
  return 0;
}
