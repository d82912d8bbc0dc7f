//===- DiskCache.cpp - compiled programs kept across processes ------------===//

#include "jit/DiskCache.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include "llvm/TargetParser/Host.h"

#include <cstdlib>
#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>
#include <unistd.h>

using namespace mlir;
using namespace mlir::tiny;

/// Bumped when what is kept, or how it is read, changes.
static constexpr const char *kFormat = "tiny-disk-cache 1";

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

static std::string getPath(StringRef dir, StringRef name, StringRef suffix) {
  SmallString<256> path(dir);
  llvm::sys::path::append(path, name + suffix);
  return path.str().str();
}

/// Reads a program's description: the format line, the temporaries' bytes,
/// then one line per buffer argument.
static bool readDescription(StringRef text, CachedProgram &program) {
  SmallVector<StringRef> lines;
  text.split(lines, '\n', -1, /*KeepEmpty=*/false);
  if (lines.size() < 2 || lines[0] != kFormat ||
      lines[1].consume_front("temporary ") == false ||
      lines[1].getAsInteger(10, program.temporaryBytes))
    return false;
  for (StringRef line : ArrayRef(lines).drop_front(2)) {
    SmallVector<StringRef> fields;
    line.split(fields, ' ');
    BufferArgument argument;
    unsigned role, dtype;
    std::optional<BufferRole> knownRole;
    if (fields.size() != 5 || fields[0].getAsInteger(10, role) ||
        !(knownRole = symbolizeBufferRole(role)) ||
        fields[1].getAsInteger(10, argument.binding) ||
        fields[2].getAsInteger(10, dtype) ||
        fields[3].getAsInteger(10, argument.numElements))
      return false;
    argument.role = *knownRole;
    argument.dtype = dtype;
    argument.device = fields[4].str();
    program.arguments.push_back(argument);
  }
  return true;
}

std::optional<CachedProgram> mlir::tiny::loadFromDiskCache(
    StringRef dir, StringRef name, StringRef entry,
    ArrayRef<StringRef> sharedLibs,
    llvm::orc::SymbolMap (*hostSymbols)(llvm::orc::MangleAndInterner)) {
  auto description =
      llvm::MemoryBuffer::getFile(getPath(dir, name, ".txt"));
  auto object = llvm::MemoryBuffer::getFile(getPath(dir, name, ".o"));
  CachedProgram program;
  if (!description || !object ||
      !readDescription((*description)->getBuffer(), program))
    return std::nullopt;

  auto jit = llvm::orc::LLJITBuilder().create();
  if (!jit) {
    llvm::consumeError(jit.takeError());
    return std::nullopt;
  }
  llvm::orc::JITDylib &main = (*jit)->getMainJITDylib();
  char prefix = (*jit)->getDataLayout().getGlobalPrefix();
  auto process =
      llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(prefix);
  if (!process) {
    llvm::consumeError(process.takeError());
    return std::nullopt;
  }
  main.addGenerator(std::move(*process));
  for (StringRef lib : sharedLibs) {
    auto generator =
        llvm::orc::DynamicLibrarySearchGenerator::Load(lib.str().c_str(),
                                                       prefix);
    if (!generator) {
      llvm::consumeError(generator.takeError());
      return std::nullopt;
    }
    main.addGenerator(std::move(*generator));
  }
  llvm::orc::MangleAndInterner mangle((*jit)->getExecutionSession(),
                                      (*jit)->getDataLayout());
  if (llvm::Error error =
          main.define(llvm::orc::absoluteSymbols(hostSymbols(mangle)))) {
    llvm::consumeError(std::move(error));
    return std::nullopt;
  }
  if (llvm::Error error = (*jit)->addObjectFile(std::move(*object))) {
    llvm::consumeError(std::move(error));
    return std::nullopt;
  }
  // The packed wrapper ExecutionEngine compiled for the entry.
  auto address = (*jit)->lookup(("_mlir_" + entry).str());
  if (!address) {
    llvm::consumeError(address.takeError());
    return std::nullopt;
  }
  if (llvm::Error error = (*jit)->initialize(main)) {
    llvm::consumeError(std::move(error));
    return std::nullopt;
  }
  program.function = address->toPtr<void (*)(void **)>();
  program.jit = std::move(*jit);
  return program;
}

void mlir::tiny::storeToDiskCache(StringRef dir, StringRef name,
                                  ExecutionEngine &engine,
                                  ArrayRef<BufferArgument> arguments,
                                  uint64_t temporaryBytes) {
  if (llvm::sys::fs::create_directories(dir))
    return;
  // Written under temporary names and renamed, so a concurrent reader sees
  // a whole entry or none.
  std::string object = getPath(dir, name, ".o");
  std::string description = getPath(dir, name, ".txt");
  std::string suffix = ".tmp" + std::to_string(::getpid());
  engine.dumpToObjectFile(object + suffix);
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(description + suffix, ec);
    if (ec)
      return;
    os << kFormat << "\ntemporary " << temporaryBytes << "\n";
    for (const BufferArgument &argument : arguments)
      os << static_cast<unsigned>(argument.role) << " " << argument.binding
         << " " << argument.dtype << " " << argument.numElements << " "
         << argument.device << "\n";
  }
  if (!llvm::sys::fs::rename(object + suffix, object))
    (void)llvm::sys::fs::rename(description + suffix, description);
}
