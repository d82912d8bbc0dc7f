//===- Program.h - compiled programs behind the C API -----------*- C++ -*-===//
//
// What a `tiny_program_t` is, shared by the C API's files: a compiled
// program, its signature as the C API describes it, and the MLIRContext its
// types live in when the program owns one.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_CAPI_LIB_PROGRAM_H
#define TINY_CAPI_LIB_PROGRAM_H

#include "tiny-c/Compiler.h"

#include "jit/Executable.h"

#include "mlir/IR/MLIRContext.h"

#include <deque>
#include <memory>
#include <string>
#include <vector>

struct tiny_program_s {
  /// The context of the signature's types, when the program parsed its own
  /// module; null when it borrows the caller's.
  std::unique_ptr<mlir::MLIRContext> context;
  std::shared_ptr<mlir::tiny::Executable> executable;
  /// The module's text and the entry, for tiny_program_save_artifact, which
  /// compiles them again keeping the object code (the code compiled first
  /// has its CPU kernels apart, jit/KernelCompiler.h); empty for a program
  /// loaded from an artifact.
  std::string source, entry;
  /// The kernel search's beam width and -tiny-cpu-schedule's options it was
  /// compiled with, which compiling it again keeps.
  unsigned beam = 0;
  std::string cpuSchedule;
  std::vector<tiny_tensor_info_t> inputs, outputs;
  /// The device names the infos point into.
  std::deque<std::string> devices;
};

namespace mlir::tiny::capi {

/// An INVALID_ARGUMENT status with `message`.
tiny_status_t invalid(const std::string &message);

/// Compiles `entry` (empty: the only tiny.function) of `module` into
/// `program` and, on success, hands it to `*out_program`; on failure the
/// caller still owns it (and the context it may hold, which must outlive the
/// module). On failure the status holds
/// `diagnostics`, the text a diagnostic handler of the module's context
/// writes as compiling reports (read after the compile fails). `source`,
/// when not empty, is the text or bytecode `module` was parsed from, kept
/// for tiny_program_save_artifact instead of printing the module again.
/// `options` are the compilation's.
tiny_status_t compileProgram(std::unique_ptr<tiny_program_s> &program,
                             ModuleOp module, StringRef entry,
                             const std::string &diagnostics,
                             tiny_program_t *out_program, StringRef source = {},
                             const CompileOptions &options = {});

/// Describes the signature of `program`, whose executable is set, and on
/// success hands it to `*out_program`.
tiny_status_t describeProgram(std::unique_ptr<tiny_program_s> &program,
                              tiny_program_t *out_program);

} // namespace mlir::tiny::capi

#endif // TINY_CAPI_LIB_PROGRAM_H
