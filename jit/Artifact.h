//===- Artifact.h - compiled programs as files ------------------*- C++ -*-===//
//
// The one file format of a compiled program, written by tiny-compile (an
// artifact, `prog.tiny`) and by the JIT's disk cache ($TINY_CACHE_DIR):
// everything needed to run the program with no compilation, that is the
// object code of its host function, the GPU code objects of its kernels
// and its signature. A file begins with a magic number and a format
// version, then names its producer (tiny's ABI, LLVM, target and host
// CPU): object code is only ever loaded by the tiny, LLVM and CPU it was
// made by and for, and a file from another is refused with one line that
// says which differs. Its length and a CRC-32 of its bytes catch a
// truncated or damaged file before any of it is used.
//
//   magic "\x7fTINYART", u32 format version, u64 file length,
//   producer: 5 strings (ABI, LLVM version, triple, CPU, CPU features),
//   program: entry, params (slot, type), result types, buffer arguments,
//            temporary bytes, GPU code objects and launches, host
//            functions (name, library), object code,
//   u32 CRC-32 of all the bytes before it.
//
// Integers are little-endian; a string is its u64 length then its bytes.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_JIT_ARTIFACT_H
#define TINY_JIT_ARTIFACT_H

#include "jit/GpuKernels.h"
#include "jit/HostSchedule.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace mlir {
namespace tiny {

/// A compiled program as an artifact holds it.
struct ArtifactContents {
  /// The tiny.function it was compiled from.
  std::string entry;
  /// A param of the signature: its slot and its type as MLIR prints it.
  struct Param {
    int64_t slot;
    std::string type;
  };
  SmallVector<Param> params;
  /// The returned tensors' types, as MLIR prints them.
  SmallVector<std::string> resultTypes;
  /// The host function's arguments (see BufferArgument).
  SmallVector<BufferArgument> arguments;
  /// The bytes of the temporaries the host function allocates.
  uint64_t temporaryBytes = 0;
  /// The kernels it launches on GPU devices, with their code objects.
  GpuKernels kernels;
  /// A host function (tiny.custom_function) the program calls: its name
  /// and the library that registered it when the program was compiled ("":
  /// one registered otherwise). The program is refused unless each is
  /// registered when it is loaded.
  struct HostFunction {
    std::string name;
    std::string library;
  };
  SmallVector<HostFunction> hostFunctions;
  /// The host function's relocatable object code (ELF on Linux).
  std::string objectCode;
};

/// True when `bytes` begin as an artifact's do: the first byte of the
/// magic number, which neither MLIR's text nor its bytecode begins with.
/// Tools tell an artifact from a program to compile by this.
bool looksLikeArtifact(StringRef bytes);

/// Serializes `contents`, with this process's producer, into an artifact.
std::string writeArtifact(const ArtifactContents &contents);

/// Writes `contents` to the file `path` whole or not at all (a temporary
/// file renamed), saying why it failed in `error`.
LogicalResult writeArtifactFile(StringRef path,
                                const ArtifactContents &contents,
                                std::string &error);

/// Reads the artifact `bytes`, which `name` (a file name) labels in
/// errors. Fails, with one line in `error`, on a file that is not an
/// artifact, is of another format version, is truncated or damaged, or was
/// made by another tiny or LLVM or for another target or CPU
/// ("prog.tiny was built for LLVM 21.1.0, this is LLVM 22.1.0").
FailureOr<ArtifactContents> readArtifact(StringRef bytes, StringRef name,
                                         std::string &error);

} // namespace tiny
} // namespace mlir

#endif // TINY_JIT_ARTIFACT_H
