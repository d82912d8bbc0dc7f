//===- DiskCache.h - compiled programs kept across processes ----*- C++ -*-===//
//
// When $TINY_CACHE_DIR names a folder, the JIT keeps each program it
// compiles there: the object code of its host function and the description
// of its buffer arguments, keyed by the module's content, the entry, the
// compile options, tiny's own binary and the host CPU. A later process that
// compiles the same program loads the object instead of running the
// pipeline and LLVM's code generator. Programs with GPU kernels are not
// kept (their code objects are not serialized yet).
//
//===----------------------------------------------------------------------===//

#ifndef TINY_JIT_DISKCACHE_H
#define TINY_JIT_DISKCACHE_H

#include "jit/HostSchedule.h"

#include "llvm/ExecutionEngine/Orc/LLJIT.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir {
class ExecutionEngine;
namespace tiny {

/// A program loaded from the disk cache.
struct CachedProgram {
  std::unique_ptr<llvm::orc::LLJIT> jit;
  void (*function)(void **) = nullptr;
  SmallVector<BufferArgument> arguments;
  uint64_t temporaryBytes = 0;
};

/// The file name (no folder) a program is kept under: a hash of `key` (the
/// module's text, entry and options) with tiny's binary and the host CPU.
std::string getDiskCacheName(StringRef key);

/// The cache folder, $TINY_CACHE_DIR, or none.
std::optional<std::string> getDiskCacheDir();

/// Loads program `name` from `dir`, looking up the packed wrapper of `entry`
/// and resolving the JIT's libraries (`sharedLibs`) and `hostSymbols`.
/// Returns none when it is not there or cannot be used (then it is
/// compiled as usual).
std::optional<CachedProgram>
loadFromDiskCache(StringRef dir, StringRef name, StringRef entry,
                  ArrayRef<StringRef> sharedLibs,
                  llvm::orc::SymbolMap (*hostSymbols)(
                      llvm::orc::MangleAndInterner));

/// Keeps the object code of `engine` (made with enableObjectDump) and the
/// program's description as `name` in `dir`. Failing to write is not an
/// error: the cache is an optimization.
void storeToDiskCache(StringRef dir, StringRef name, ExecutionEngine &engine,
                      ArrayRef<BufferArgument> arguments,
                      uint64_t temporaryBytes);

} // namespace tiny
} // namespace mlir

#endif // TINY_JIT_DISKCACHE_H
