//===- ProgramOptions.h - options tiny-run and tiny-compile share -*- C++ -*-===//
//
// Both tools read a tiny program, pick its entry, load host-function
// libraries and compile it with the same knobs. Each declares one
// ProgramOptions, as a static before main, in its own option category.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_TOOLS_COMMON_PROGRAMOPTIONS_H
#define TINY_TOOLS_COMMON_PROGRAMOPTIONS_H

#include "dialects/tiny/IR/TinyOps.h"
#include "jit/Executable.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/CommandLine.h"

#include <string>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
namespace tiny {

/// A parsed program and the function it runs.
struct ParsedProgram {
  OwningOpRef<ModuleOp> module;
  FunctionOp entry;
};

/// The command-line options of a tool that compiles a tiny program:
/// --entry, --allreduce, --gpu-chip, --host-functions,
/// --print-compile-time, --beam, --beam-verbose and --cpu-schedule,
/// registered in `category`.
/// `verb` ("run", "compile") completes their descriptions.
class ProgramOptions {
public:
  ProgramOptions(llvm::cl::OptionCategory &category, llvm::StringRef verb);

  /// Loads each --host-functions library, in order.
  LogicalResult loadHostFunctions(std::string &error) const;

  /// Parses the module in `sourceMgr`'s main buffer (diagnostics go to the
  /// context's handler) and finds the entry --entry names, or the only
  /// function. Fails with `error` empty when the parser has reported why.
  FailureOr<ParsedProgram> parse(MLIRContext &context,
                                 llvm::SourceMgr &sourceMgr,
                                 std::string &error) const;

  /// The compilation the options ask for, with MLIR's command-line options
  /// applied to its pass managers when any is given.
  CompileOptions getCompileOptions() const;

  /// The options that act on the compilation only, for a tool to refuse
  /// when it is given a compiled program.
  SmallVector<llvm::cl::Option *> getCompilationOptions();

  /// Why the options do not go together ("" when they do).
  std::string getConflict() const {
    return beam != 0 && !cpuSchedule.empty()
               ? "--cpu-schedule cannot be given with --beam, which chooses "
                 "-tiny-cpu-schedule's options itself"
               : "";
  }

  /// Whether --print-compile-time is given.
  bool printCompileTime() const { return printTime; }
  /// The --entry name; empty means the module's only function.
  StringRef getEntryName() const { return entryName; }

private:
  // Descriptions that name the tool's verb; declared before the options
  // that point into them.
  std::string entryDescription;
  std::string timeDescription;

  llvm::cl::opt<std::string> entryName;
  llvm::cl::opt<std::string> allreduceAlgorithm;
  llvm::cl::opt<std::string> gpuChip;
  llvm::cl::list<std::string> hostFunctionLibraries;
  llvm::cl::opt<bool> printTime;
  llvm::cl::opt<unsigned> beam;
  llvm::cl::opt<bool> beamVerbose;
  llvm::cl::opt<std::string> cpuSchedule;
};

} // namespace tiny
} // namespace mlir

#endif // TINY_TOOLS_COMMON_PROGRAMOPTIONS_H
