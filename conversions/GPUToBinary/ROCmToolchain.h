//===- ROCmToolchain.h - where HIP kernels' device libraries and linker are ===//
//
// Compiling a HIP kernel takes two things LLVM itself does not ship: the
// ROCm device libraries (bitcode defining the __ocml_* math functions that
// exp2, log2 and sin become) and ld.lld, which turns the assembled kernels
// into the code object the HIP driver loads. A ROCm installation has both
// (amdgcn/bitcode/ and llvm/bin/ld.lld); Debian splits them into the
// packages rocm-device-libs (/usr/lib/<multiarch>/amdgcn/bitcode/) and
// lld-22 (/usr/lib/llvm-22/bin/ld.lld), a layout MLIR's ROCDL target does
// not search.
//
//===----------------------------------------------------------------------===//

#ifndef TINY_CONVERSIONS_GPUTOBINARY_ROCMTOOLCHAIN_H
#define TINY_CONVERSIONS_GPUTOBINARY_ROCMTOOLCHAIN_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace mlir::tiny {

/// The folders searched, in order, for the ROCm device libraries when no
/// folder is given: $ROCM_PATH, $ROCM_ROOT and $ROCM_HOME (those set, the
/// variables MLIR reads), /opt/rocm, then Debian's folder of this
/// architecture.
SmallVector<std::string> getROCmSearchPaths();

/// Whether `folder`/amdgcn/bitcode holds the device libraries MLIR links
/// (ocml.bc and ockl.bc).
bool hasROCmDeviceLibraries(StringRef folder);

/// Returns `given` when it is not empty, else the first of
/// getROCmSearchPaths() that holds the device libraries, else "".
std::string findROCmDeviceLibraries(StringRef given);

/// The ld.lld programs that can link kernels compiled by this LLVM, in the
/// order tried: the one of the ROCm installation `rocmPath` (its
/// llvm/bin/ld.lld) when given, then this LLVM's own (lld-22's
/// /usr/lib/llvm-22/bin/ld.lld, ld.lld-22 on the PATH). An ld.lld of an
/// older LLVM (Debian's unversioned `lld` is LLVM 14) may not know the
/// chips and code object versions LLVM 22 writes, so it is not tried.
SmallVector<std::string> getLLDCandidates(StringRef rocmPath);

/// Returns the first of getLLDCandidates(`rocmPath`) that exists, else "".
std::string findLLD(StringRef rocmPath);

} // namespace mlir::tiny

#endif // TINY_CONVERSIONS_GPUTOBINARY_ROCMTOOLCHAIN_H
