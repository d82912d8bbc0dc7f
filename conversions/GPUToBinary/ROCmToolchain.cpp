//===- ROCmToolchain.cpp - where HIP kernels' device libraries and linker are //

#include "conversions/GPUToBinary/ROCmToolchain.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>

using namespace mlir;

/// Debian's multiarch library folder of the architecture tiny is built for,
/// where rocm-device-libs puts amdgcn/bitcode/.
static constexpr const char *kDebianLibraryFolder =
#if defined(__aarch64__)
    "/usr/lib/aarch64-linux-gnu";
#else
    "/usr/lib/x86_64-linux-gnu";
#endif

SmallVector<std::string> tiny::getROCmSearchPaths() {
  SmallVector<std::string> folders;
  for (const char *name : {"ROCM_PATH", "ROCM_ROOT", "ROCM_HOME"})
    if (const char *path = std::getenv(name); path && *path)
      folders.push_back(path);
  folders.push_back("/opt/rocm");
  folders.push_back(kDebianLibraryFolder);
  return folders;
}

bool tiny::hasROCmDeviceLibraries(StringRef folder) {
  for (const char *library : {"ocml.bc", "ockl.bc"}) {
    SmallString<128> path(folder);
    llvm::sys::path::append(path, "amdgcn", "bitcode", library);
    if (!llvm::sys::fs::is_regular_file(path))
      return false;
  }
  return true;
}

std::string tiny::findROCmDeviceLibraries(StringRef given) {
  if (!given.empty())
    return given.str();
  for (const std::string &folder : getROCmSearchPaths())
    if (hasROCmDeviceLibraries(folder))
      return folder;
  return "";
}

SmallVector<std::string> tiny::getLLDCandidates(StringRef rocmPath) {
  SmallVector<std::string> candidates;
  if (!rocmPath.empty()) {
    SmallString<128> path(rocmPath);
    llvm::sys::path::append(path, "llvm", "bin", "ld.lld");
    candidates.push_back(path.str().str());
  }
  std::string version = std::to_string(LLVM_VERSION_MAJOR);
  candidates.push_back("/usr/lib/llvm-" + version + "/bin/ld.lld");
  std::string versioned = "ld.lld-" + version;
  if (llvm::ErrorOr<std::string> onPath = llvm::sys::findProgramByName(versioned))
    candidates.push_back(*onPath);
  else
    candidates.push_back(versioned);
  return candidates;
}

std::string tiny::findLLD(StringRef rocmPath) {
  for (const std::string &candidate : getLLDCandidates(rocmPath))
    if (llvm::sys::fs::can_execute(candidate))
      return candidate;
  return "";
}
