//===- DiskCache.cpp - compiled programs kept across processes ------------===//

#include "jit/DiskCache.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"
#include "llvm/TargetParser/Host.h"

#include <cstdlib>
#include <dlfcn.h>
#include <sys/stat.h>

using namespace mlir;
using namespace mlir::tiny;

/// Bumped when how entries are named changes (what they hold is the
/// artifact format's, which has its own version).
static constexpr const char *kFormat = "tiny-disk-cache 2";

/// What identifies the compiler: the file holding this code (tiny-run,
/// libtiny_c.so, ...) by path, size and modification time, so a rebuilt
/// tiny never runs code an older one compiled.
static std::string getCompilerIdentity() {
  Dl_info info;
  struct stat status;
  if (!dladdr(reinterpret_cast<void *>(&getCompilerIdentity), &info) ||
      !info.dli_fname || stat(info.dli_fname, &status) != 0)
    return "unknown";
  return std::string(info.dli_fname) + ":" + std::to_string(status.st_size) +
         ":" + std::to_string(status.st_mtime);
}

/// The host CPU and its features: the object code is compiled for them.
static std::string getHostIdentity() {
  std::string text = llvm::sys::getHostCPUName().str();
  for (const auto &feature : llvm::sys::getHostCPUFeatures())
    text += (feature.second ? ",+" : ",-") + feature.first().str();
  return text;
}

std::string mlir::tiny::getDiskCacheName(StringRef key) {
  std::string text = std::string(kFormat) + "\n" + getCompilerIdentity() +
                     "\n" + getHostIdentity() + "\n" + key.str();
  return llvm::utohexstr(llvm::xxh3_64bits(text), /*LowerCase=*/true, 16);
}

std::optional<std::string> mlir::tiny::getDiskCacheDir() {
  const char *dir = std::getenv("TINY_CACHE_DIR");
  if (!dir || !*dir)
    return std::nullopt;
  return std::string(dir);
}

static std::string getPath(StringRef dir, StringRef name) {
  SmallString<256> path(dir);
  llvm::sys::path::append(path, name + ".tiny");
  return path.str().str();
}

std::optional<ArtifactContents>
mlir::tiny::loadFromDiskCache(StringRef dir, StringRef name) {
  std::string path = getPath(dir, name);
  auto file = llvm::MemoryBuffer::getFile(path);
  if (!file)
    return std::nullopt;
  std::string error;
  FailureOr<ArtifactContents> contents =
      readArtifact((*file)->getBuffer(), path, error);
  if (failed(contents))
    return std::nullopt;
  return std::move(*contents);
}

void mlir::tiny::storeToDiskCache(StringRef dir, StringRef name,
                                  const ArtifactContents &contents) {
  if (llvm::sys::fs::create_directories(dir))
    return;
  std::string error;
  (void)writeArtifactFile(getPath(dir, name), contents, error);
}
