//===- DiskCache.h - compiled programs kept across processes ----*- C++ -*-===//
//
// When $TINY_CACHE_DIR names a folder, the JIT keeps each program it
// compiles there as an artifact (jit/Artifact.h, the format tiny-compile
// writes), named by a hash of the module's content, the entry, the compile
// options, tiny's own binary and the host CPU. A later process that
// compiles the same program loads the object instead of running the
// pipeline and LLVM's code generator.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_JIT_DISKCACHE_H
#define TINY_JIT_DISKCACHE_H

#include "jit/Artifact.h"

#include <optional>
#include <string>

namespace mlir {
namespace tiny {

/// The file name (no folder) a program is kept under: a hash of `key` (the
/// module's text, entry and options) with tiny's binary and the host CPU.
std::string getDiskCacheName(StringRef key);

/// The cache folder, $TINY_CACHE_DIR, or none.
std::optional<std::string> getDiskCacheDir();

/// Reads program `name` from `dir`. Returns none when it is not there or
/// cannot be used (then it is compiled as usual).
std::optional<ArtifactContents> loadFromDiskCache(StringRef dir,
                                                  StringRef name);

/// Keeps `contents` as program `name` in `dir`. Failing to write is not an
/// error: the cache is an optimization.
void storeToDiskCache(StringRef dir, StringRef name,
                      const ArtifactContents &contents);

} // namespace tiny
} // namespace mlir

#endif // TINY_JIT_DISKCACHE_H
