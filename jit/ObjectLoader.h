//===- ObjectLoader.h - compiled host code loaded without compiling -*- C++ -*-===//
//
// Links the object code of a program's host function, as an artifact or
// the disk cache keeps it (jit/Artifact.h), into a JIT of its own and finds
// its entry: what running a compiled program needs, with no MLIR pipeline
// and no LLVM code generation.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_JIT_OBJECTLOADER_H
#define TINY_JIT_OBJECTLOADER_H

#include "mlir/Support/LLVM.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"

#include <memory>
#include <string>

namespace mlir {
namespace tiny {

/// The symbols a JIT resolves for compiled code, as ExecutionEngine's
/// registerSymbols takes them.
using SymbolMapFunction =
    llvm::orc::SymbolMap (*)(llvm::orc::MangleAndInterner);

/// Object code linked and ready to call.
struct LoadedObject {
  std::unique_ptr<llvm::orc::LLJIT> jit;
  /// The packed wrapper MLIR's ExecutionEngine made for the entry: one
  /// pointer per argument.
  void (*function)(void **) = nullptr;
};

/// Links `objectCode` (a relocatable object) into a new JIT that resolves
/// this process's symbols, those of the libraries `sharedLibs` and
/// `symbols`, runs its initializers and looks up the packed wrapper of
/// `entry`. Fails, saying why in `error`.
FailureOr<LoadedObject> loadObjectCode(StringRef objectCode, StringRef entry,
                                       ArrayRef<StringRef> sharedLibs,
                                       ArrayRef<SymbolMapFunction> symbols,
                                       std::string &error);

} // namespace tiny
} // namespace mlir

#endif // TINY_JIT_OBJECTLOADER_H
