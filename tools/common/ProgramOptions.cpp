//===- ProgramOptions.cpp - options tiny-run and tiny-compile share -------===//

#include "tools/common/ProgramOptions.h"

#include "jit/HostFunctions.h"
#include "tools/common/MLIROptions.h"

#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::tiny;
namespace cl = llvm::cl;

ProgramOptions::ProgramOptions(cl::OptionCategory &category, StringRef verb)
    : entryDescription(("tiny.function to " + verb +
                        " (default: the only one in the module)")
                           .str()),
      timeDescription(verb == "run" ? "print the lowering + JIT time (for an "
                                      "artifact: the time loading it) to "
                                      "stderr"
                                    : "print the lowering + JIT time to "
                                      "stderr"),
      entryName("entry", cl::desc(entryDescription), cl::cat(category)),
      allreduceAlgorithm(
          "allreduce",
          cl::desc("how an allreduce combines its shards: ring, all2all, "
                   "naive, hierarchical or auto"),
          cl::init("ring"), cl::cat(category)),
      gpuChip("gpu-chip",
              cl::desc("the chip kernels on GPU devices are compiled for "
                       "(default: sm_90 for CUDA, gfx942 for HIP)"),
              cl::cat(category)),
      hostFunctionLibraries(
          "host-functions",
          cl::desc("load a shared library of host functions, which exports "
                   "tiny_register_host_functions (jit/HostFunctionABI.h), "
                   "for the program's tiny.custom_function calls (an "
                   "artifact names the functions it calls and is refused "
                   "without them: whoever runs one loads the library too)"),
          cl::value_desc("lib.so"), cl::cat(category)),
      printTime("print-compile-time", cl::desc(timeDescription),
                cl::cat(category)),
      beam("beam",
           cl::desc("search each CPU kernel's schedule with a beam of width "
                    "N: candidates built from -tiny-cpu-schedule's choices "
                    "are compiled and timed on this machine, and the "
                    "fastest is kept when it beats the heuristic's by 5%; "
                    "choices are cached in $TINY_BEAM_CACHE_DIR, else "
                    "$TINY_CACHE_DIR/beam, else ~/.cache/tiny/beam, and "
                    "reused without timing. 0 (the default) keeps the "
                    "heuristic's schedules"),
           cl::value_desc("N"), cl::init(0), cl::cat(category)),
      beamVerbose("beam-verbose",
                  cl::desc("with --beam, print to stderr a line per kernel "
                           "saying which schedule the search chose, the "
                           "times it measured, or that the choice came from "
                           "the cache"),
                  cl::cat(category)),
      cpuSchedule(
          "cpu-schedule",
          cl::desc("options of -tiny-cpu-schedule for the CPU kernels, as "
                   "tiny-opt takes them (\"pack=off hoist-threads=true\"); "
                   "not with --beam, which chooses them"),
          cl::value_desc("options"), cl::cat(category)) {}

LogicalResult ProgramOptions::loadHostFunctions(std::string &error) const {
  for (const std::string &library : hostFunctionLibraries) {
    if (failed(loadHostFunctionLibrary(library, error))) {
      error = "--host-functions: " + error;
      return failure();
    }
  }
  return success();
}

FailureOr<ParsedProgram>
ProgramOptions::parse(MLIRContext &context, llvm::SourceMgr &sourceMgr,
                      std::string &error) const {
  ParsedProgram program;
  program.module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!program.module) {
    error.clear();
    return failure();
  }
  program.entry = findEntryFunction(*program.module, entryName,
                                    "choose one with --entry", error);
  if (!program.entry)
    return failure();
  return program;
}

CompileOptions ProgramOptions::getCompileOptions() const {
  CompileOptions options;
  options.allreduce = allreduceAlgorithm;
  options.gpuChip = gpuChip;
  options.beam = beam;
  options.beamVerbose = beamVerbose;
  options.cpuSchedule = cpuSchedule;
  // Only when MLIR's options are given: a configured compilation bypasses
  // the caches (TINY_CACHE_DIR), so that its passes run and show.
  if (hasMLIROptions())
    options.configurePassManager = [](PassManager &pm) {
      return applyMLIROptions(pm);
    };
  return options;
}

SmallVector<cl::Option *> ProgramOptions::getCompilationOptions() {
  return {&allreduceAlgorithm, &gpuChip, &beam, &beamVerbose, &cpuSchedule};
}
