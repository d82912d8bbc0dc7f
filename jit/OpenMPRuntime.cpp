//===- OpenMPRuntime.cpp - where the JIT finds OpenMP's runtime -----------===//

#include "jit/OpenMPRuntime.h"

#include <cstdlib>

llvm::StringRef mlir::tiny::getOpenMPRuntimePath() {
  static const char *override = std::getenv("TINY_LIBOMP");
  return override ? llvm::StringRef(override)
                  : "/usr/lib/llvm-22/lib/libomp.so";
}
